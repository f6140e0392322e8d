// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_test.c - record/apps.c and record/tpcc.c: the results ssd-apps wrote
 * (tests/unit/reporter/fixtures/apps: apps.json of a done run with two MariaDB instances and of
 * one failed at the space check; tpcc.json of a done run with two PostgreSQL instances, its
 * transaction types and consistency conditions, and of one failed at the space check) read, and
 * written again identical; another workload's document and another document refused.
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

#define SCRATCH_DOC "result.json"
#include "scratch.h"

#include "record/apps.h"
#include "record/json.h"

#define FIX "tests/unit/reporter/fixtures/apps/results"

/* A member ssd-apps added after @before was written: written back as null (not known) or
 * derived, and so left out of the comparison. */
static void added_later(json_object *before, json_object *after, const char *obj, const char *key)
{
	json_object *b = obj ? rec_json_get(before, obj) : before,
		    *a = obj ? rec_json_get(after, obj) : after;

	if (json_object_object_get_ex(b, key, NULL))
		return;
	assert_true(json_object_object_get_ex(a, key, NULL));
	json_object_object_del(a, key);
}

/* Read @file of workload @w, write it back: the same document. */
static void same_document(const char *file, enum rec_apps_workload w, struct rec_apps *a)
{
	json_object *before, *after, *bi, *ai;
	char err[512];

	assert_int_equal(rec_apps_read(file, w, a, err, sizeof(err)), 0);
	assert_int_equal(a->kind, w);
	assert_int_equal(rec_apps_write(scratch_doc, a), 0);
	before = rec_json_read(file, NULL, err, sizeof(err));
	after = rec_json_read(scratch_doc, NULL, err, sizeof(err));
	/* the oltp files were written before ssd-apps added device.write_cache, memory and the
	 * copy of the first instance; the tpcc ones before its files.copy */
	if (!json_object_object_get_ex(rec_json_get(before, "device"), "write_cache", NULL))
		assert_null(rec_json_get(rec_json_get(after, "device"), "write_cache"));
	added_later(before, after, "device", "write_cache");
	added_later(before, after, NULL, "memory");
	added_later(before, after, "timings_s", "copy");
	bi = rec_json_get(before, "instances");
	ai = rec_json_get(after, "instances");
	for (size_t i = 0; i < json_object_array_length(bi); i++)
		added_later(json_object_array_get_idx(bi, i), json_object_array_get_idx(ai, i),
			    "files", "copy");
	assert_true(json_object_equal(before, after));
	json_object_put(before);
	json_object_put(after);
}

static void done_run(void **state)
{
	struct rec_apps a;

	(void)state;
	same_document(FIX "/lp/apps-oltp/apps.json", REC_APPS_OLTP, &a);
	assert_string_equal(a.status, "done");
	assert_null(a.error);
	assert_int_equal(a.workload.instances, 2);
	assert_int_equal(a.workload.tables, 4);
	assert_int_equal(a.workload.warehouses, -1);
	assert_int_equal(a.ninst, 2);
	assert_true(a.inst[0].have_report);
	assert_true(a.inst[0].f.tps > 0);
	assert_true(a.inst[0].f.nhist > 0);
	assert_int_equal(a.inst[0].port, -1);
	assert_string_equal(a.inst[0].files[REC_APPS_RUN], "db1/run.txt");
	assert_string_equal(a.inst[1].files[REC_APPS_MARIADB_ERR], "db2/mariadbd.err");
	assert_false(a.inst[0].tpcc.have);
	assert_true(a.have_total);
	assert_int_equal(a.total_instances, 2);
	assert_true(a.total.lat_p99_ms > 0);
	assert_string_equal(a.p99_method, "merged-histogram");
	assert_int_equal(a.consistency_holds, -1);
	rec_apps_free(&a);
}

static void refused_run(void **state)
{
	struct rec_apps a;

	(void)state;
	same_document(FIX "/tiny/apps-oltp/apps.json", REC_APPS_OLTP, &a);
	assert_string_equal(a.status, "failed");
	assert_string_equal(a.failed_step, "space");
	assert_non_null(a.error);
	assert_false(a.have_total);
	assert_true(isnan(a.total.tps) || a.total.tps == 0);
	rec_apps_free(&a);
}

static void tpcc_done_run(void **state)
{
	struct rec_apps a;

	(void)state;
	same_document(FIX "/lp/apps-tpcc/tpcc.json", REC_APPS_TPCC, &a);
	assert_string_equal(a.status, "done");
	assert_string_equal(a.workload.test, "tpcc.lua");
	assert_int_equal(a.workload.warehouses, 1);
	assert_int_equal(a.workload.items, 10000);
	assert_int_equal(a.workload.customers_per_district, 300);
	assert_int_equal(a.workload.tables, -1);
	assert_int_equal(a.workload.nmix, 5);
	assert_string_equal(a.workload.mix[1].name, "payment");
	assert_int_equal(a.workload.mix[1].pct, 43);
	assert_int_equal(a.space.stock_row_bytes, 440);
	assert_int_equal(a.memory.connection_bytes, 16777216);
	assert_string_equal(a.server_version, "PostgreSQL 15.18 (Debian 15.18-0+deb12u1)");
	assert_true(a.timings_s.check > 0);
	assert_int_equal(a.ninst, 2);
	assert_int_equal(a.inst[1].port, 55433);
	assert_string_equal(a.inst[0].files[REC_APPS_POSTGRES_LOG], "db1/postgres.log");
	assert_string_equal(a.inst[0].files[REC_APPS_CHECK], "db1/check.txt");
	assert_null(a.inst[1].files[REC_APPS_INITDB_LOG]);
	assert_true(a.inst[0].tpcc.have);
	assert_true(a.inst[0].tpcc.new_orders_per_min == 3082.4316961158247);
	assert_int_equal(a.inst[0].tpcc.ntypes, 5);
	assert_string_equal(a.inst[0].tpcc.types[0].name, "new_order");
	assert_int_equal(a.inst[0].tpcc.types[0].done, 263);
	assert_int_equal(a.inst[0].tpcc.types[0].rolled_back, 1);
	assert_true(a.inst[0].checked);
	assert_int_equal(a.inst[0].nconsistency, 4);
	assert_int_equal(a.inst[0].consistency[1].condition, 2);
	assert_int_equal(a.inst[0].consistency[1].checked, 10);
	assert_true(a.inst[0].consistency[1].holds);
	assert_int_equal(a.consistency_holds, 1);
	assert_true(a.total_tpcc.have);
	assert_true(a.total_tpcc.new_orders_per_min == 5918.731266836135);
	assert_int_equal(a.total_tpcc.types[0].done, 518);
	rec_apps_free(&a);
}

static void tpcc_refused_run(void **state)
{
	struct rec_apps a;

	(void)state;
	same_document(FIX "/tiny/apps-tpcc/tpcc.json", REC_APPS_TPCC, &a);
	assert_string_equal(a.failed_step, "space");
	assert_int_equal(a.ninst, 0);
	assert_int_equal(a.consistency_holds, -1);
	assert_false(a.have_total);
	assert_false(a.total_tpcc.have);
	assert_int_equal(a.memory.available_bytes, -1);
	rec_apps_free(&a);
}

static void not_apps(void **state)
{
	struct rec_apps a;
	char err[512];

	(void)state;
	assert_int_equal(rec_apps_read(FIX "/lp/run.json", REC_APPS_OLTP, &a, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "expected an ssd-apps result: \"schema\": \"ssdeng.apps.v1\""));
	assert_int_equal(rec_apps_read(FIX "/none/apps.json", REC_APPS_OLTP, &a, err, sizeof(err)),
			 -ENOENT);
	/* one workload's result is not the other's */
	assert_int_equal(
	    rec_apps_read(FIX "/lp/apps-oltp/apps.json", REC_APPS_TPCC, &a, err, sizeof(err)),
	    -EINVAL);
	assert_non_null(strstr(err, "lp/apps-oltp/apps.json: expected an ssd-apps result: "
				    "\"schema\": \"ssdeng.apps-tpcc.v1\""));
	assert_int_equal(
	    rec_apps_read(FIX "/lp/apps-tpcc/tpcc.json", REC_APPS_OLTP, &a, err, sizeof(err)),
	    -EINVAL);
	assert_string_equal(rec_apps_schema(REC_APPS_TPCC), "ssdeng.apps-tpcc.v1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(done_run),	     cmocka_unit_test(refused_run),
	    cmocka_unit_test(tpcc_done_run), cmocka_unit_test(tpcc_refused_run),
	    cmocka_unit_test(not_apps),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
