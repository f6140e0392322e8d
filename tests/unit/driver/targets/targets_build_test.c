// SPDX-License-Identifier: GPL-2.0-only
/*
 * targets_build_test.c - driver/targets/targets_build.c: the target list rv_targets_build()
 * grows (targets in order, each zeroed with its label and type, drives per target), a label
 * taken by an earlier target, and a refusal's text in the builder's error buffer.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "targets/targets.h"
#include "targets/targets_build.h"

static void list_grows(void **state)
{
	struct rv_targets ts = {0};
	char err[128] = "";
	struct rv_tbuild b = {.ts = &ts, .err = err, .errlen = sizeof(err)};
	struct rv_target *t;
	struct rv_dev *d;

	(void)state;
	assert_non_null(t = rv_tb_target(&b, "a", RV_T_DRIVE));
	assert_non_null(d = rv_tb_dev(t));
	assert_int_equal(t->ndevs, 1);
	assert_string_equal(d->name, "");
	assert_null(d->path);
	assert_non_null(t = rv_tb_target(&b, "g", RV_T_GROUP));
	assert_non_null(rv_tb_dev(t));
	assert_non_null(rv_tb_dev(t));
	assert_int_equal(ts.n, 2);
	assert_string_equal(ts.t[0].label, "a");
	assert_int_equal(ts.t[0].type, RV_T_DRIVE);
	assert_int_equal(ts.t[0].ndevs, 1);
	assert_string_equal(ts.t[1].label, "g");
	assert_int_equal(ts.t[1].type, RV_T_GROUP);
	assert_int_equal(ts.t[1].ndevs, 2);
	assert_null(ts.t[1].device);
	rv_targets_free(&ts);
}

static void label_taken_before_last(void **state)
{
	struct rv_targets ts = {0};
	struct rv_tbuild b = {.ts = &ts};

	(void)state;
	assert_non_null(rv_tb_target(&b, "a", RV_T_DRIVE));
	assert_false(rv_tb_taken(&b, "a")); /* the last target is the one being checked */
	assert_non_null(rv_tb_target(&b, "a", RV_T_DRIVE));
	assert_true(rv_tb_taken(&b, "a"));
	assert_false(rv_tb_taken(&b, "b"));
	rv_targets_free(&ts);
}

static void refusal_text(void **state)
{
	char err[48];
	struct rv_tbuild b = {.err = err, .errlen = sizeof(err)};

	(void)state;
	assert_int_equal(rv_tb_fail(&b, "--drive %s: %s", "a=/dev/x", "no such device"), -EINVAL);
	assert_string_equal(err, "--drive a=/dev/x: no such device");
	assert_int_equal(
	    rv_tb_fail(&b, "%s %s", "a label far too long for the error buffer given", "here"),
	    -EINVAL);
	assert_int_equal(strlen(err), sizeof(err) - 1); /* cut, terminated */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(list_grows),
	    cmocka_unit_test(label_taken_before_last),
	    cmocka_unit_test(refusal_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
