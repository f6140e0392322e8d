// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_test.c - record/apps.c: apps.json files ssd-apps wrote (a done run with two MariaDB
 * instances, one failed at the space check; tests/unit/reporter/fixtures/apps) read, and
 * written again identical; another document refused.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_DOC "apps.json"
#include "scratch.h"

#include "record/apps.h"
#include "record/json.h"

#define FIX "tests/unit/reporter/fixtures/apps/results"

/* Read @file, write it back: the same document. */
static void same_document(const char *file, struct rec_apps *a)
{
	json_object *before, *after;
	char err[512];

	assert_int_equal(rec_apps_read(file, a, err, sizeof(err)), 0);
	assert_int_equal(rec_apps_write(scratch_doc, a), 0);
	before = rec_json_read(file, NULL, err, sizeof(err));
	after = rec_json_read(scratch_doc, NULL, err, sizeof(err));
	/* these files were written before ssd-apps added device.write_cache (null: not known) */
	assert_true(json_object_object_get_ex(rec_json_get(after, "device"), "write_cache", NULL));
	assert_null(rec_json_get(rec_json_get(after, "device"), "write_cache"));
	json_object_object_del(rec_json_get(after, "device"), "write_cache");
	assert_true(json_object_equal(before, after));
	json_object_put(before);
	json_object_put(after);
}

static void done_run(void **state)
{
	struct rec_apps a;

	(void)state;
	same_document(FIX "/lp/apps-oltp/apps.json", &a);
	assert_string_equal(a.status, "done");
	assert_null(a.error);
	assert_int_equal(a.workload.instances, 2);
	assert_int_equal(a.ninst, 2);
	assert_true(a.inst[0].have_report);
	assert_true(a.inst[0].f.tps > 0);
	assert_true(a.inst[0].f.nhist > 0);
	assert_int_equal(a.inst[0].port, -1);
	assert_true(a.have_total);
	assert_int_equal(a.total_instances, 2);
	assert_true(a.total.lat_p99_ms > 0);
	assert_string_equal(a.p99_method, "merged-histogram");
	rec_apps_free(&a);
}

static void refused_run(void **state)
{
	struct rec_apps a;

	(void)state;
	same_document(FIX "/tiny/apps-oltp/apps.json", &a);
	assert_string_equal(a.status, "failed");
	assert_string_equal(a.failed_step, "space");
	assert_non_null(a.error);
	assert_false(a.have_total);
	assert_true(isnan(a.total.tps) || a.total.tps == 0);
	rec_apps_free(&a);
}

static void not_apps(void **state)
{
	struct rec_apps a;
	char err[512];

	(void)state;
	assert_int_equal(rec_apps_read(FIX "/lp/run.json", &a, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "expected an ssd-apps result: \"schema\": \"ssdeng.apps.v1\""));
	assert_int_equal(rec_apps_read(FIX "/none/apps.json", &a, err, sizeof(err)), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(done_run),
	    cmocka_unit_test(refused_run),
	    cmocka_unit_test(not_apps),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
