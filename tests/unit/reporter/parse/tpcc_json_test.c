// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpcc_json_test.c - ssd-apps's tpcc.json into the model: a done TPC-C-like run of two
 * PostgreSQL instances (each figure as tpcc.json holds it, New-Orders per minute among them, the
 * warehouses and the cardinalities of the workload), a run that failed at the space check, an
 * apps.json refused as another schema; and SQL Server's published figures of a reference file,
 * one with latency only.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyse/apps.h"
#include "cases.h"
#include "parse/reference.h"
#include "parse/apps_json.h"

#define FIX "tests/unit/reporter/fixtures/apps/results"

static void done_run(void **state)
{
	struct sr_diag d = {0};
	struct sr_apps a = {0};

	(void)state;
	assert_int_equal(sr_tpcc_json_load(FIX "/lp/apps-tpcc/tpcc.json", "apps-tpcc", &a, &d), 0);
	assert_string_equal(a.id, "apps-tpcc");
	assert_true(sr_apps_done(&a));
	assert_string_equal(a.test, "tpcc.lua");
	assert_string_equal(a.profile, "quick");
	assert_string_equal(a.server, "PostgreSQL 15.18 (Debian 15.18-0+deb12u1)");
	assert_num(a.instances, 2);
	assert_num(a.warehouses, 1);
	assert_num(a.items, 10000);
	assert_num(a.customers, 300);
	assert_num(a.threads, 4);
	assert_num(a.warmup_s, 2);
	assert_num(a.time_s, 5);
	assert_num(a.buffer_pool_bytes, 16777216);
	assert_absent(a.tables);
	assert_int_equal(a.ninst, 2);
	assert_num(a.inst[0].tps, 116.15);
	assert_num(a.inst[0].qps, 2482.2);
	assert_num(a.inst[0].lat_avg_ms, 34.17);
	assert_num(a.inst[0].lat_p99_ms, 223.344);
	assert_num(a.inst[0].errors, 0);
	assert_num(a.inst[0].new_orders_per_min, 3082.4316961158247);
	assert_num(a.inst[1].tps, 108.87);
	assert_num(a.total.tps, 225.02);
	assert_num(a.total.lat_avg_ms, 34.93467976088812);
	assert_num(a.total.lat_p99_ms, 227.402);
	/* the figures the report shows */
	assert_num(sr_apps_value(&a, -1, SR_A_NOPM), 5918.731266836135);
	assert_num(sr_apps_value(&a, 1, SR_A_NOPM), 2913.8369313654816);
	assert_num(sr_apps_value(&a, -1, SR_A_LAT_AVG), 34.93467976088812);
	sr_apps_free(&a);
}

static void failed_and_foreign(void **state)
{
	struct sr_diag d = {0};
	struct sr_apps a = {0};

	(void)state;
	assert_int_equal(sr_tpcc_json_load(FIX "/tiny/apps-tpcc/tpcc.json", "apps-tpcc", &a, &d),
			 0);
	assert_string_equal(a.status, "failed");
	assert_string_equal(a.failed_step, "space");
	assert_non_null(strstr(a.error, "the drive is too small for the database: 2 instances × 1 "
					"warehouse (10000 items, 300 customers per district) need "
					"about 593.8 MiB"));
	assert_int_equal(sr_apps_value(&a, -1, SR_A_TPS).state, SR_ABSENT);
	sr_apps_free(&a);
	/* an apps.json is another document */
	assert_int_equal(sr_tpcc_json_load(FIX "/lp/apps-oltp/apps.json", "apps-tpcc", &a, &d),
			 -EINVAL);
	assert_non_null(strstr(d.err, "expected an ssd-apps result: \"schema\": "
				      "\"ssdeng.apps-tpcc.v1\""));
	sr_apps_free(&a);
}

static void published_sql_server(void **state)
{
	struct sr_model m = {0};
	struct sr_diag d = {0};
	const struct sr_apps *a;

	(void)state;
	assert_int_equal(
	    sr_reference_load(&m, "reporter/reference/sqlserver-tpcc-sata-nas.json", &d), 0);
	assert_int_equal(
	    sr_reference_load(&m, "reporter/reference/sqlserver-tpcc-e1s-gen4.json", &d), 0);
	a = sr_apps_of(&m.drives[0], "apps-tpcc");
	assert_non_null(a);
	assert_num(a->total.tps, 6149.9);
	assert_num(a->total.lat_avg_ms, 136.0);
	assert_num(a->warehouses, 1500);
	assert_non_null(strstr(a->note, "SQL Server, not PostgreSQL"));
	assert_null(sr_apps_of(&m.drives[0], "apps-oltp"));
	/* latency only: no TPS invented */
	a = sr_apps_of(&m.drives[1], "apps-tpcc");
	assert_int_equal(sr_apps_value(a, -1, SR_A_TPS).state, SR_ABSENT);
	assert_num(sr_apps_value(a, -1, SR_A_LAT_AVG), 14);
	sr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(done_run),
	    cmocka_unit_test(failed_and_foreign),
	    cmocka_unit_test(published_sql_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
