// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_fields_test.c - apps.json and tpcc.json written and read from their table of fields
 * (record/apps.c on record/doc_fields.c): the structs of apps_sample.h written byte for byte as
 * main 94a971b's member-by-member code wrote them (tests/unit/record/fixtures/apps), read back
 * and written again byte for byte; a member of the wrong JSON type, a member missing and an
 * array element that is no object refused naming the file, the member's path and what was
 * expected, nothing read left behind; the schema made from the table names each member.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_DOC "result.json"
#include "scratch.h"
#include "slurp.h"
#include "same_bytes.h"

#include "apps_sample.h"
#include "record/apps.h"
#include "record/json.h"

#define FIX "tests/unit/record/fixtures/apps"

/* scratch_doc's bytes are @fixture's */
static const char *const name[] = {[REC_APPS_OLTP] = "apps", [REC_APPS_TPCC] = "tpcc"};

static void written_as_before(void **state)
{
	void (*fill[])(struct rec_apps *, enum rec_apps_workload) = {apps_full, apps_sparse};
	const char *kind[] = {"full", "sparse"};
	struct rec_apps a;
	char fix[256];

	(void)state;
	for (int k = 0; k < 2; k++)
		for (int w = 0; w < REC_APPS_NWORKLOADS; w++) {
			fill[k](&a, w);
			snprintf(fix, sizeof(fix), FIX "/%s.%s.json", kind[k], name[w]);
			assert_int_equal(rec_apps_write(scratch_doc, &a), 0);
			same_bytes(fix);
		}
}

static void read_back(void **state)
{
	const char *kind[] = {"full", "sparse"};
	struct rec_apps a;
	char fix[256], err[512];

	(void)state;
	for (int k = 0; k < 2; k++)
		for (int w = 0; w < REC_APPS_NWORKLOADS; w++) {
			snprintf(fix, sizeof(fix), FIX "/%s.%s.json", kind[k], name[w]);
			assert_int_equal(rec_apps_read(fix, w, &a, err, sizeof(err)), 0);
			assert_int_equal(rec_apps_write(scratch_doc, &a), 0);
			same_bytes(fix);
			rec_apps_free(&a);
		}
	/* what was read, member by member, from the values apps_full() set */
	assert_int_equal(rec_apps_read(FIX "/full.tpcc.json", REC_APPS_TPCC, &a, err, sizeof(err)),
			 0);
	assert_string_equal(a.device.write_cache, "write back");
	assert_null(a.failed_step); /* "" is written null */
	assert_int_equal(a.workload.port_base, -1);
	assert_int_equal(a.memory.available_bytes, -1);
	assert_true(isnan(a.timings_s.copy));
	assert_true(a.timings_s.total == 733.0000001);
	assert_int_equal(a.ninst, 2);
	assert_true(a.inst[0].have_report);
	assert_false(a.inst[1].have_report);
	assert_int_equal(a.inst[0].port, -1);
	assert_int_equal(a.inst[0].port_asked, -1);
	assert_int_equal(a.inst[1].port, 55433);
	assert_int_equal(a.inst[1].port_asked, 55432);
	assert_int_equal(a.inst[0].nsettings, 3);
	assert_string_equal(a.inst[0].settings[0].value, "134217728");
	assert_null(a.inst[1].settings);
	assert_int_equal(a.inst[0].f.nhist, 3);
	assert_true(a.inst[0].f.hist[1].value_ms == 1.25);
	assert_int_equal(a.inst[0].f.hist[1].count, 40);
	assert_true(isnan(a.inst[0].f.lat_max_ms));
	assert_int_equal(a.inst[0].f.reconnects, -1);
	assert_string_equal(a.inst[1].files[REC_APPS_COPY_LOG], "db2/copy.log");
	assert_null(a.inst[0].files[REC_APPS_WARMUP]);
	assert_null(a.inst[0].files[REC_APPS_MARIADB_ERR]); /* apps.json's key */
	assert_true(a.inst[0].tpcc.have);
	assert_false(a.inst[1].tpcc.have);
	assert_true(a.inst[0].checked);
	assert_int_equal(a.inst[0].consistency[1].violations, 2);
	assert_int_equal(a.workload.mix[4].pct, -1);
	assert_int_equal(a.consistency_holds, 0);
	assert_true(a.have_total);
	assert_int_equal(a.total.nhist, 2);
	assert_string_equal(a.p99_method, "max-of-instances");
	rec_apps_free(&a);
	assert_int_equal(
	    rec_apps_read(FIX "/sparse.apps.json", REC_APPS_OLTP, &a, err, sizeof(err)), 0);
	assert_int_equal(a.ninst, 0);
	assert_false(a.have_total);
	assert_int_equal(a.workload.tables, -1);
	assert_true(isnan(a.timings_s.run));
	assert_int_equal(a.consistency_holds, -1);
	rec_apps_free(&a);
}

/* @fixture with @edit applied, read as workload @w: refused with "<scratch_doc>: @what" */
static void refused(const char *fixture, enum rec_apps_workload w, void (*edit)(json_object *doc),
		    const char *what)
{
	json_object *o;
	struct rec_apps a;
	char err[512], want[768];

	o = rec_json_read(fixture, NULL, err, sizeof(err));
	assert_non_null(o);
	edit(o);
	assert_int_equal(rec_json_write(scratch_doc, o), 0);
	json_object_put(o);
	memset(&a, 0xa5, sizeof(a));
	assert_int_equal(rec_apps_read(scratch_doc, w, &a, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s: %s", scratch_doc, what);
	assert_string_equal(err, want);
	/* nothing read is left behind */
	assert_null(a.doc);
	assert_null(a.inst);
	assert_int_equal(a.ninst, 0);
}

static json_object *inst(json_object *o, size_t i)
{
	return json_object_array_get_idx(rec_json_get(o, "instances"), i);
}

static void tps_text(json_object *o)
{
	json_object_object_add(inst(o, 0), "tps", json_object_new_string("fast"));
}

static void threads_fraction(json_object *o)
{
	json_object_object_add(rec_json_get(o, "workload"), "threads", json_object_new_double(1.5));
}

static void workload_array(json_object *o)
{
	json_object_object_add(o, "workload", json_object_new_array());
}

static void no_threads(json_object *o)
{
	json_object_object_del(rec_json_get(o, "workload"), "threads");
}

static void error_number(json_object *o)
{
	json_object_object_add(o, "error", json_object_new_int(3));
}

static void instance_text(json_object *o)
{
	json_object_array_put_idx(rec_json_get(o, "instances"), 1, json_object_new_string("db2"));
}

static void holds_text(json_object *o)
{
	json_object_object_add(o, "consistency_holds", json_object_new_string("yes"));
}

static void lat_text(json_object *o)
{
	json_object_object_add(rec_json_get(rec_json_get(o, "total"), "latency_ms"), "p99",
			       json_object_new_string("1 ms"));
}

static void wrong_types(void **state)
{
	(void)state;
	refused(FIX "/full.apps.json", REC_APPS_OLTP, tps_text,
		"instances[0].tps: expected a number, found a string");
	refused(FIX "/full.tpcc.json", REC_APPS_TPCC, threads_fraction,
		"workload.threads: expected an integer, found a fraction");
	refused(FIX "/full.apps.json", REC_APPS_OLTP, workload_array,
		"workload: expected an object, found an array");
	refused(FIX "/sparse.apps.json", REC_APPS_OLTP, error_number,
		"error: expected a string, found an integer");
	refused(FIX "/full.tpcc.json", REC_APPS_TPCC, instance_text,
		"instances[1]: expected an object, found a string");
	refused(FIX "/full.tpcc.json", REC_APPS_TPCC, holds_text,
		"consistency_holds: expected true or false, found a string");
	refused(FIX "/full.apps.json", REC_APPS_OLTP, lat_text,
		"total.latency_ms.p99: expected a number, found a string");
	refused(FIX "/full.apps.json", REC_APPS_OLTP, no_threads, "workload.threads: missing");
}

/* the schema made from the table: each workload's own members, units as descriptions */
static void schema(void **state)
{
	json_object *s = rec_apps_schema_json(REC_APPS_TPCC), *p, *w;

	(void)state;
	assert_non_null(s);
	p = rec_json_get(s, "properties");
	assert_string_equal(rec_json_str(rec_json_get(p, "schema"), "const"), REC_TPCC_SCHEMA);
	w = rec_json_get(rec_json_get(p, "workload"), "properties");
	assert_non_null(rec_json_get(w, "warehouses"));
	assert_null(rec_json_get(w, "tables"));
	assert_string_equal(rec_json_str(rec_json_get(w, "time_s"), "description"), "s");
	assert_non_null(rec_json_get(rec_json_get(p, "versions"), "properties"));
	assert_non_null(
	    rec_json_get(rec_json_get(rec_json_get(p, "versions"), "properties"), "postgresql"));
	json_object_put(s);
	s = rec_apps_schema_json(REC_APPS_OLTP);
	w = rec_json_get(rec_json_get(rec_json_get(s, "properties"), "workload"), "properties");
	assert_non_null(rec_json_get(w, "tables"));
	assert_null(rec_json_get(w, "warehouses"));
	assert_null(rec_json_get(rec_json_get(s, "properties"), "consistency_holds"));
	json_object_put(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(written_as_before),
	    cmocka_unit_test(read_back),
	    cmocka_unit_test(wrong_types),
	    cmocka_unit_test(schema),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
