// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_test.c - driver/state/run.c rv_status_update(): OUT/status.json rewritten from the run's
 * state, its counts (done, failed, kept) and elapsed time taken from the run itself, not from
 * what status.json said before; read back through record/status.h. A status file that cannot
 * be written is said on stderr and leaves the run going.
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

#include "scratch.h"
#include "state/run.h"

static struct rv_run r; /* large: PATH_MAX buffers and the lock table */

static void counts_from_the_run(void **state)
{
	struct rec_status back;
	char err[256];
	time_t now = time(NULL);

	(void)state;
	memset(&r, 0, sizeof(r));
	snprintf(r.status_path, sizeof(r.status_path), "%s/status.json", scratch);
	r.t0 = now - 100;
	r.done = 3;
	r.failed = 1;
	r.kept = 2;
	r.st = (struct rec_status){.state = "running",
				   .pid = 4242,
				   .out = scratch,
				   .started = "2026-01-31T12:00:00Z",
				   .total = 6,
				   .done = 99, /* stale: the run's own counts win */
				   .run_eta_s = -1,
				   .exit_status = -1};
	rv_status_update(&r);
	assert_int_equal(rec_status_read(r.status_path, &back, err, sizeof(err)), 0);
	assert_string_equal(back.state, "running");
	assert_int_equal(back.pid, 4242);
	assert_int_equal(back.total, 6);
	assert_int_equal(back.done, 3);
	assert_int_equal(back.failed, 1);
	assert_int_equal(back.kept, 2);
	assert_true(back.run_elapsed_s >= 100 && back.run_elapsed_s <= 100 + time(NULL) - now);
	assert_int_equal(back.exit_status, -1);
	rec_status_free(&back);
}

static void unwritable_goes_on(void **state)
{
	struct rec_status back;
	char err[256];

	(void)state;
	memset(&r, 0, sizeof(r));
	snprintf(r.status_path, sizeof(r.status_path), "%s/missing/status.json", scratch);
	r.t0 = time(NULL);
	r.st = (struct rec_status){.state = "running", .run_eta_s = -1, .exit_status = -1};
	rv_status_update(&r); /* says so on stderr, returns */
	assert_int_equal(rec_status_read(r.status_path, &back, err, sizeof(err)), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(counts_from_the_run),
	    cmocka_unit_test(unwritable_goes_on),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
