// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_json_test.c - ssd-apps's apps.json into the model: a done run of two instances (each
 * figure as apps.json holds it), a run that failed at the space check (its step and message, no
 * figure), a file that is no apps.json; and the published MySQL OLTP figures of a reference file.
 * Then tpcc.json (schema ssdeng.apps-tpcc.v1): a done TPC-C-like run of two PostgreSQL instances
 * (each figure as tpcc.json holds it, New-Orders per minute among them, the warehouses and the
 * cardinalities of the workload), a run that failed at the space check, an apps.json refused as
 * another schema; and SQL Server's published figures of a reference file, one with latency only.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analyse/apps.h"
#include "cases.h"
#include "parse/apps_json.h"
#include "parse/reference.h"

#define FIX "tests/unit/reporter/fixtures/apps/results"

static void value(struct sr_value v, double want)
{
	assert_int_equal(v.state, SR_VALID);
	assert_true(v.v == want);
}

static void done_run(void **state)
{
	struct sr_diag d = {0};
	struct sr_apps a = {0};

	(void)state;
	assert_int_equal(sr_apps_json_load(FIX "/lp/apps-oltp/apps.json", "apps-oltp", &a, &d), 0);
	assert_string_equal(a.id, "apps-oltp");
	assert_string_equal(a.status, "done");
	assert_true(sr_apps_done(&a));
	assert_null(a.failed_step);
	assert_string_equal(a.test, "oltp_read_write");
	assert_string_equal(a.profile, "quick");
	assert_string_equal(a.fs_type, "xfs");
	value(a.instances, 2);
	value(a.tables, 4);
	value(a.table_size, 10000);
	value(a.threads, 4);
	value(a.warmup_s, 2);
	value(a.time_s, 5);
	value(a.buffer_pool_bytes, 16777216);
	assert_int_equal(a.ninst, 2);
	value(a.inst[0].tps, 67.62);
	value(a.inst[0].qps, 1352.43);
	value(a.inst[0].lat_avg_ms, 58.88);
	value(a.inst[0].lat_p95_ms, 207.823);
	value(a.inst[0].lat_p99_ms, 427.069);
	value(a.inst[1].tps, 62.13);
	value(a.inst[1].lat_p99_ms, 404.611);
	value(a.inst[1].errors, 0);
	value(a.total.tps, 129.75);
	value(a.total.lat_avg_ms, 61.3199393939394);
	value(a.total.lat_p99_ms, 404.611);
	value(a.total.lat_max_ms, 532.63);
	/* the figures the report shows */
	value(sr_apps_value(&a, -1, SR_A_TPS), 129.75);
	value(sr_apps_value(&a, 1, SR_A_TPS), 62.13);
	value(sr_apps_value(&a, 0, SR_A_LAT_P99), 427.069);
	assert_int_equal(sr_apps_value(&a, 2, SR_A_TPS).state, SR_ABSENT);
	sr_apps_free(&a);
}

static void failed_run(void **state)
{
	struct sr_diag d = {0};
	struct sr_apps a = {0};

	(void)state;
	assert_int_equal(sr_apps_json_load(FIX "/tiny/apps-oltp/apps.json", "apps-oltp", &a, &d),
			 0);
	assert_string_equal(a.status, "failed");
	assert_false(sr_apps_done(&a));
	assert_string_equal(a.failed_step, "space");
	assert_non_null(strstr(a.error, "the drive is too small for the tables: 2 instances × 4 "
					"tables × 10000 rows need about 657.1 MiB"));
	assert_int_equal(a.ninst, 0);
	assert_int_equal(a.total.tps.state, SR_ABSENT);
	assert_int_equal(sr_apps_value(&a, -1, SR_A_TPS).state, SR_ABSENT);
	sr_apps_free(&a);
}

static void not_apps_json(void **state)
{
	struct sr_diag d = {0};
	struct sr_apps a = {0};

	(void)state;
	assert_int_equal(sr_apps_json_load(FIX "/lp/run.json", "apps-oltp", &a, &d), -EINVAL);
	assert_non_null(strstr(d.err, "run.json"));
	assert_non_null(strstr(d.err, "expected an ssd-apps result: \"schema\": "
				      "\"ssdeng.apps.v1\""));
	sr_apps_free(&a);
	assert_int_equal(sr_apps_json_load(FIX "/none/apps.json", "apps-oltp", &a, &d), -ENOENT);
	sr_apps_free(&a);
}

static void published_figures(void **state)
{
	struct sr_model m = {0};
	struct sr_diag d = {0};
	const struct sr_apps *a;
	enum sr_apps_metric k;

	(void)state;
	assert_int_equal(sr_reference_load(&m, "reporter/reference/mysql-oltp-nvme-gen3.json", &d),
			 0);
	assert_int_equal(m.ndrives, 1);
	assert_non_null(m.drives[0].source);
	assert_int_equal(m.drives[0].ntests, 0);
	a = sr_apps_of(&m.drives[0], "apps-oltp");
	assert_non_null(a);
	assert_true(sr_apps_done(a));
	value(a->instances, 4);
	value(sr_apps_value(a, -1, SR_A_TPS), 6777.71);
	value(sr_apps_value(a, -1, SR_A_LAT_AVG), 18.89);
	value(sr_apps_value(a, -1, SR_A_LAT_P99), 36.46);
	assert_int_equal(sr_apps_value(a, 0, SR_A_TPS).state, SR_ABSENT);
	assert_int_equal(sr_reference_load(&m, "reporter/reference/mysql-oltp-sata-ri.json", &d),
			 0);
	value(sr_apps_value(&m.drives[1].apps[0], -1, SR_A_TPS), 1092.7);
	value(sr_apps_value(&m.drives[1].apps[0], -1, SR_A_LAT_AVG), 117.1);
	value(sr_apps_value(&m.drives[1].apps[0], -1, SR_A_LAT_P99), 234.7);
	assert_int_equal(m.drives[1].apps[0].instances.state, SR_ABSENT);
	sr_model_free(&m);
	assert_int_equal(sr_apps_metric_parse("p99", &k), 0);
	assert_int_equal(k, SR_A_LAT_P99);
	assert_int_equal(sr_apps_metric_parse("lat_mean", &k), 0);
	assert_int_equal(k, SR_A_LAT_AVG);
	assert_int_equal(sr_apps_metric_parse("iops", &k), -EINVAL);
}

static void bad_published_figures(void **state)
{
	char path[] = "/tmp/apps_ref_test.XXXXXX.json";
	struct sr_model m = {0};
	struct sr_diag d = {0};
	FILE *f;
	int fd = mkstemps(path, 5);

	(void)state;
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("{\"name\": \"x\", \"title\": \"t\", \"kind\": \"review\", \"source\": \"s\", "
	      "\"tests\": [], \"apps\": {\"id\": \"apps-oltp\", \"total\": {\"tpm\": 5}}}",
	      f);
	fclose(f);
	assert_int_equal(sr_reference_load(&m, path, &d), -EINVAL);
	assert_non_null(strstr(d.err, "apps.total: unknown field \"tpm\""));
	sr_model_free(&m);
	unlink(path);
}

/* ---- tpcc.json ---- */

static void tpcc_done_run(void **state)
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

static void tpcc_failed_and_foreign(void **state)
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

static void tpcc_published_sql_server(void **state)
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
	    cmocka_unit_test(failed_run),
	    cmocka_unit_test(not_apps_json),
	    cmocka_unit_test(published_figures),
	    cmocka_unit_test(bad_published_figures),
	    cmocka_unit_test(tpcc_done_run),
	    cmocka_unit_test(tpcc_failed_and_foreign),
	    cmocka_unit_test(tpcc_published_sql_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
