// SPDX-License-Identifier: GPL-2.0-only
/*
 * child_test.c - driver/run/child.c rv_child_run(): a child's exit code comes back as it is; a
 * child still running at the timeout is stopped (its process group gets SIGTERM) and the call
 * says so (-ETIMEDOUT, "<program> did not finish within N s and was stopped"), never as a
 * death by a signal the driver sent itself.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "run/child.h"

static void exit_code_returned(void **state)
{
	char *const argv[] = {"sh", "-c", "exit 3", NULL};
	struct rv_spawn s = {.argv = argv};
	char err[256] = "";

	(void)state;
	assert_int_equal(rv_child_run(&s, 10, err, sizeof(err)), 3);
	assert_string_equal(err, "");
}

static void timeout_said(void **state)
{
	char *const argv[] = {"sleep", "30", NULL};
	struct rv_spawn s = {.argv = argv};
	char err[256] = "";
	time_t t0 = time(NULL);

	(void)state;
	assert_int_equal(rv_child_run(&s, 1, err, sizeof(err)), -ETIMEDOUT);
	assert_string_equal(err, "sleep did not finish within 1 s and was stopped");
	assert_true(time(NULL) - t0 < 10); /* SIGTERM ended it; no wait for SIGKILL */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(exit_code_returned),
	    cmocka_unit_test(timeout_said),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
