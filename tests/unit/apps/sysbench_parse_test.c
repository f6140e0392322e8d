// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysbench_parse_test.c - apps/sysbench_parse.c on real sysbench outputs of three generations
 * (tests/unit/apps/fixtures/README.md names their sources): 0.4.12 and 0.5 "OLTP test
 * statistics:", 1.0.20 "SQL statistics:" with its latency histogram; sysbench's percentile rule
 * applied to the printed histogram gives the percentile sysbench printed; two instances'
 * histograms merged; a failed run has no report and its FATAL lines are found.
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

#include "slurp.h"

#include "sysbench_parse.h"

#define FIX "tests/unit/apps/fixtures/"

static void parse_file(const char *name, struct sb_report *r)
{
	char err[256] = "", *text = slurp(name);
	int rc = sb_parse(text, r, err, sizeof(err));

	if (rc)
		fail_msg("%s: %s", name, err);
	free(text);
}

#define near(a, b) assert_true((a) > (b)-0.0051 && (a) < (b) + 0.0051)

static void test_1_0_20_with_histogram(void **state)
{
	struct sb_report r;
	uint64_t sum = 0;
	size_t i;

	(void)state;
	parse_file(FIX "sysbench-1.0.20-debian12-rw-4t-hist.txt", &r);
	assert_int_equal(r.format, SB_FORMAT_SQL_1X);
	assert_string_equal(r.version, "1.0.20");
	assert_int_equal(r.threads, 4);
	assert_int_equal(r.reads, 44030);
	assert_int_equal(r.writes, 12580);
	assert_int_equal(r.others, 6290);
	assert_int_equal(r.queries, 62900);
	assert_int_equal(r.transactions, 3145);
	near(r.tps, 306.56);
	near(r.qps, 6131.28);
	assert_true(r.has_errors && r.errors == 0);
	assert_true(r.has_reconnects && r.reconnects == 0);
	near(r.total_time_s, 10.2560);
	assert_int_equal(r.events, 3145);
	assert_true(r.has_latency);
	near(r.lat_min_ms, 1.41);
	near(r.lat_avg_ms, 12.96);
	near(r.lat_max_ms, 284.20);
	assert_true(r.has_pct);
	near(r.pct, 99);
	near(r.lat_pct_ms, 81.48);
	/* the histogram holds every event, ascending */
	assert_true(r.nhist > 10);
	for (i = 0; i < r.nhist; i++) {
		sum += r.hist[i].count;
		if (i)
			assert_true(r.hist[i].value_ms > r.hist[i - 1].value_ms);
	}
	assert_int_equal(sum, 3145);
	assert_int_equal(r.hist_events, 3145);
	near(r.hist[0].value_ms, 1.417);
	assert_int_equal(r.hist[0].count, 2);
	near(r.hist[r.nhist - 1].value_ms, 282.251);
	assert_int_equal(r.hist[r.nhist - 1].count, 3);
	/* sysbench's rule on its printed histogram gives the p99 it printed (81.48) */
	near(sb_hist_percentile(r.hist, r.nhist, 99), 81.479);
	sb_report_free(&r);
	assert_null(r.hist);
}

static void test_0_4_12(void **state)
{
	struct sb_report r;

	(void)state;
	parse_file(FIX "sysbench-0.4.12-oltp-ro-1t.txt", &r);
	assert_int_equal(r.format, SB_FORMAT_OLTP_0X);
	assert_string_equal(r.version, "0.4.12");
	assert_int_equal(r.threads, 1);
	assert_int_equal(r.reads, 211847);
	assert_int_equal(r.queries, 423694);
	assert_int_equal(r.transactions, 211847);
	near(r.tps, 3530.76);
	near(r.qps, 3530.76 + 3530.76); /* read/write requests + other operations per second */
	assert_true(r.has_errors && r.errors == 0); /* deadlocks */
	assert_false(r.has_reconnects);
	near(r.total_time_s, 60.0004);
	assert_int_equal(r.events, 211847);
	near(r.lat_min_ms, 0.16);
	near(r.lat_avg_ms, 0.28);
	near(r.lat_max_ms, 0.99);
	near(r.pct, 95);
	near(r.lat_pct_ms, 0.35);
	assert_int_equal(r.nhist, 0);
	assert_true(sb_hist_percentile(r.hist, r.nhist, 99) < 0);
	sb_report_free(&r);
}

static void test_0_5(void **state)
{
	struct sb_report r;

	(void)state;
	parse_file(FIX "sysbench-0.5-oltp-rw-8t.txt", &r);
	assert_int_equal(r.format, SB_FORMAT_OLTP_0X);
	assert_string_equal(r.version, "0.5");
	assert_int_equal(r.threads, 8);
	assert_int_equal(r.writes, 3903336);
	assert_int_equal(r.queries, 19516680);
	assert_int_equal(r.transactions, 975834);
	near(r.tps, 1620.98);
	near(r.qps, 29177.57 + 3241.95);
	assert_true(r.has_errors && r.errors == 0);
	near(r.total_time_s, 602.0039);
	near(r.lat_min_ms, 2.33);
	near(r.lat_avg_ms, 4.93);
	near(r.lat_max_ms, 35.14);
	near(r.pct, 99);
	near(r.lat_pct_ms, 11.75);
	sb_report_free(&r);
}

static void test_0_5_ignored_errors(void **state)
{
	struct sb_report r;

	(void)state;
	parse_file(FIX "sysbench-0.5-oltp-rw-64t-errors.txt", &r);
	assert_int_equal(r.format, SB_FORMAT_OLTP_0X);
	assert_int_equal(r.threads, 64);
	assert_int_equal(r.transactions, 135083);
	near(r.tps, 1484.16);
	near(r.qps, 103892.97 + 2968.37);
	assert_true(r.has_errors);
	assert_int_equal(r.errors, 5);
	assert_true(r.has_reconnects && r.reconnects == 0);
	near(r.total_time_s, 91.0166);
	near(r.lat_max_ms, 1203.14);
	near(r.pct, 95);
	near(r.lat_pct_ms, 98.87);
	sb_report_free(&r);
}

/* two instances of one quick run: the merged histogram's percentiles (checked by hand) */
static void test_merge_two_instances(void **state)
{
	struct sb_report a, b;
	struct sb_bucket *m = NULL;
	size_t n = 0, i;
	uint64_t sum = 0;

	(void)state;
	parse_file(FIX "sysbench-1.0.20-debian12-quick-db1.txt", &a);
	parse_file(FIX "sysbench-1.0.20-debian12-quick-db2.txt", &b);
	assert_int_equal(a.nhist, 178);
	assert_int_equal(b.nhist, 170);
	near(sb_hist_percentile(a.hist, a.nhist, 99), a.lat_pct_ms);
	near(sb_hist_percentile(b.hist, b.nhist, 99), b.lat_pct_ms);
	assert_int_equal(sb_hist_merge(&m, &n, a.hist, a.nhist), 0);
	assert_int_equal(sb_hist_merge(&m, &n, b.hist, b.nhist), 0);
	assert_int_equal(n, 202); /* 146 buckets in both */
	for (i = 0; i < n; i++) {
		sum += m[i].count;
		if (i)
			assert_true(m[i].value_ms > m[i - 1].value_ms);
	}
	assert_int_equal(sum, a.transactions + b.transactions);
	near(sb_hist_percentile(m, n, 99), 244.385);
	near(sb_hist_percentile(m, n, 95), 173.577);
	near(sb_hist_percentile(a.hist, a.nhist, 95), 164.449);
	free(m);
	sb_report_free(&a);
	sb_report_free(&b);
}

static void test_percentile_rule(void **state)
{
	/* 100 events: p99 wants the 99th (floor(99 + 0.5)), p95 the 95th, p50 the 50th */
	struct sb_bucket b[] = {{1.0, 50}, {2.0, 45}, {3.0, 4}, {4.0, 1}};

	(void)state;
	near(sb_hist_percentile(b, 4, 50), 1.0);
	near(sb_hist_percentile(b, 4, 95), 2.0);
	near(sb_hist_percentile(b, 4, 99), 3.0);
	near(sb_hist_percentile(b, 4, 100), 4.0);
	assert_true(sb_hist_percentile(b, 4, 0) < 0);
	assert_true(sb_hist_percentile(b, 0, 99) < 0);
}

static void test_failed_run(void **state)
{
	char err[256], lines[512], *text = slurp(FIX "sysbench-1.0.20-debian12-no-server.txt");
	struct sb_report r;

	(void)state;
	assert_int_equal(sb_parse(text, &r, err, sizeof(err)), -ENODATA);
	assert_non_null(strstr(err, "no 'SQL statistics:'"));
	sb_report_free(&r);
	assert_int_equal(sb_fatal_lines(text, lines, sizeof(lines)), 4);
	assert_non_null(strstr(lines, "FATAL: error 2002: Can't connect to local server"));
	assert_int_equal(sb_fatal_lines("all fine\n", lines, sizeof(lines)), 0);
	assert_string_equal(lines, "");
	free(text);
}

/* a prepare whose workers all failed (the table is full) and that still exited with status 0 */
static void test_failed_prepare_exit_0(void **state)
{
	char lines[2048], *text = slurp(FIX "sysbench-1.0.20-debian12-prepare-full.txt");
	char *ok = slurp(FIX "sysbench-1.0.20-debian12-quick-db1.txt");
	char *none = slurp(FIX "sysbench-1.0.20-debian12-no-server.txt");

	(void)state;
	assert_true(sb_reported_fatal(text));
	assert_true(sb_reported_fatal(none));
	assert_false(sb_reported_fatal(ok));
	assert_false(sb_reported_fatal("a line naming FATAL: but not beginning with it\n"));
	assert_true(sb_reported_fatal("first\nFATAL: at a line's start"));
	assert_false(sb_reported_fatal(""));
	/* a line per worker: its error (1114, or 2013 once the server went down), then after the
	 * refused query's text, on the same line, call_command's own FATAL */
	assert_int_equal(sb_fatal_lines(text, lines, sizeof(lines)), 4);
	assert_non_null(strstr(lines, "error 1114 (The table 'sbtest3' is full)"));
	free(text);
	free(ok);
	free(none);
}

static void test_truncated_report(void **state)
{
	const char *t = "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nSQL statistics:\n"
			"    queries performed:\n        read:                            44030\n";
	char err[256];
	struct sb_report r;

	(void)state;
	assert_int_equal(sb_parse(t, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "no total time"));
	sb_report_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_1_0_20_with_histogram),
	    cmocka_unit_test(test_0_4_12),
	    cmocka_unit_test(test_0_5),
	    cmocka_unit_test(test_0_5_ignored_errors),
	    cmocka_unit_test(test_merge_two_instances),
	    cmocka_unit_test(test_percentile_rule),
	    cmocka_unit_test(test_failed_run),
	    cmocka_unit_test(test_failed_prepare_exit_0),
	    cmocka_unit_test(test_truncated_report),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
