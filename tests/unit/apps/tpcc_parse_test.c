// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpcc_parse_test.c - apps/tpcc_parse.c on real outputs of tpcc.lua under sysbench 1.0.20 and
 * PostgreSQL 15 (tests/unit/apps/fixtures/README.md says how each was made): the per-type lines
 * of a run add up to sysbench's own transaction count and ignored errors (a SERIALIZABLE run's
 * retries), their latencies agree with sysbench's; the consistency conditions of a database that
 * holds them pass, those of a deliberately broken one fail with the numbers; bad lines refused.
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

#include <cmocka.h>

#include "slurp.h"

#include "tpcc_parse.h"

#define FIX "tests/unit/apps/fixtures/"

/* @name's sysbench report and tpcc-stats lines */
static void parse_run(const char *name, struct sb_report *r, struct tpcc_instance *t)
{
	char err[256] = "", *text = slurp(name);

	memset(t, 0, sizeof(*t));
	if (sb_parse(text, r, err, sizeof(err)) || tpcc_parse_stats(text, t, err, sizeof(err)))
		fail_msg("%s: %s", name, err);
	free(text);
}

static void test_bucket_layout(void **state)
{
	(void)state;
	/* sysbench's 1024 buckets from 0.001 to 100,000 ms */
	assert_true(fabs(tpcc_bucket_ms(0) - 0.001) < 1e-12);
	assert_true(fabs(tpcc_bucket_ms(1023) - 100000) < 1e-6);
	assert_true(tpcc_bucket_ms(1024) < 0);
	/* a bucket sysbench printed as 81.479 (sysbench_parse_test's fixture) is index 628 */
	assert_true(fabs(tpcc_bucket_ms(628) - 81.479) < 0.0005);
}

static void test_run_adds_up(void **state)
{
	struct sb_report r;
	struct tpcc_instance t;
	uint64_t n = 0, retries = 0, hist = 0;
	double lat = 0;

	(void)state;
	parse_run(FIX "tpcc-pg15-quick-2w-4t-run.txt", &r, &t);
	assert_int_equal(t.stats_lines, 4 * TPCC_NTYPES); /* 4 threads */
	for (size_t k = 0; k < TPCC_NTYPES; k++) {
		n += t.type[k].done + t.type[k].rolled_back;
		retries += t.type[k].retries;
		lat += t.type[k].lat_sum_ms;
		for (size_t b = 0; b < t.type[k].nhist; b++)
			hist += t.type[k].hist[b].count;
		if (k != TPCC_NEW_ORDER)
			assert_int_equal(t.type[k].rolled_back, 0);
	}
	/* every transaction sysbench counted is in a type, once, and in its histogram */
	assert_int_equal(n, r.transactions);
	assert_int_equal(n, 998);
	assert_int_equal(hist, n);
	assert_int_equal(retries, r.errors);
	assert_int_equal(retries, 0);
	/* the types' mean latency is sysbench's (which also counts the script's own overhead) */
	assert_true(lat / (double)n <= r.lat_avg_ms && lat / (double)n > r.lat_avg_ms * 0.95);
	/* the mix: New-Order and Payment about 45 % and 43 % of 998 */
	assert_in_range(t.type[TPCC_NEW_ORDER].done + t.type[TPCC_NEW_ORDER].rolled_back, 400, 500);
	assert_in_range(t.type[TPCC_PAYMENT].done, 380, 480);
	tpcc_types_free(t.type, TPCC_NTYPES);
	sb_report_free(&r);
}

static void test_serializable_retries(void **state)
{
	struct sb_report r;
	struct tpcc_instance t;
	uint64_t retries = 0, ser = 0, dl = 0;

	(void)state;
	parse_run(FIX "tpcc-pg15-serializable-8t-run.txt", &r, &t);
	assert_int_equal(t.stats_lines, 8 * TPCC_NTYPES);
	for (size_t k = 0; k < TPCC_NTYPES; k++) {
		retries += t.type[k].retries;
		ser += t.type[k].serialization;
		dl += t.type[k].deadlocks;
	}
	/* each serialization failure rolled back and ran again, counted by sysbench too */
	assert_int_equal(r.errors, 3702);
	assert_int_equal(retries, r.errors);
	assert_int_equal(ser, retries);
	assert_int_equal(dl, 0);
	/* the read-only transactions run at REPEATABLE READ READ ONLY: never retried */
	assert_int_equal(t.type[TPCC_ORDER_STATUS].retries, 0);
	assert_int_equal(t.type[TPCC_STOCK_LEVEL].retries, 0);
	assert_true(t.type[TPCC_NEW_ORDER].retries > t.type[TPCC_PAYMENT].retries);
	tpcc_types_free(t.type, TPCC_NTYPES);
	sb_report_free(&r);
}

static void test_conditions_hold(void **state)
{
	struct tpcc_instance t = {0};
	char err[256], msg[2048], *text = slurp(FIX "tpcc-pg15-check-holds.txt");

	(void)state;
	assert_int_equal(tpcc_parse_check(text, &t, err, sizeof(err)), 0);
	assert_true(t.checked);
	assert_int_equal(t.cond[0].checked, 2);	 /* warehouses */
	assert_int_equal(t.cond[1].checked, 20); /* districts */
	for (size_t k = 0; k < TPCC_NCONDITIONS; k++)
		assert_int_equal(t.cond[k].violations, 0);
	assert_string_equal(t.cond[0].what, "W_YTD = sum(D_YTD)");
	assert_int_equal(tpcc_check_verdict(&t, 1, msg, sizeof(msg)), 0);
	assert_string_equal(msg, "");
	free(text);
}

/* the database of the fixture above, broken one row per condition (README.md) */
static void test_conditions_broken(void **state)
{
	struct tpcc_instance t = {0};
	char err[256], msg[2048], *text = slurp(FIX "tpcc-pg15-check-broken.txt");

	(void)state;
	assert_int_equal(tpcc_parse_check(text, &t, err, sizeof(err)), 0);
	for (size_t k = 0; k < TPCC_NCONDITIONS; k++)
		assert_int_equal(t.cond[k].violations, 1);
	assert_int_equal(tpcc_check_verdict(&t, 2, msg, sizeof(msg)), -EPROTO);
	assert_non_null(strstr(msg,
			       "db2: TPC-C consistency condition 1 (W_YTD = sum(D_YTD)) fails "
			       "on 1 of 2 rows: w_id=1 w_ytd=3703398.66 sum_d_ytd=3703388.66"));
	assert_non_null(strstr(msg,
			       "condition 2 (D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)) fails "
			       "on 1 of 20 rows: w_id=2 d_id=3 d_next_o_id_minus_1=392 "
			       "max_o_id=391 max_no_o_id=391"));
	assert_non_null(strstr(msg,
			       "condition 3 (max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER "
			       "rows)) fails on 1 of 20 rows: w_id=1 d_id=4 "
			       "max_minus_min_plus_1=112 rows=111"));
	assert_non_null(strstr(msg,
			       "condition 4 (sum(O_OL_CNT) = count(ORDER-LINE rows)) fails on "
			       "1 of 20 rows: w_id=2 d_id=7 sum_o_ol_cnt=3948 order_lines=3947"));
	free(text);
}

static void test_bad_input(void **state)
{
	struct tpcc_instance t = {0};
	char err[256], msg[256], *text = slurp(FIX "tpcc-pg15-check-holds.txt");

	(void)state;
	/* a check cut short: condition 4's line missing */
	*strstr(text, "tpcc-check condition=4") = '\0';
	assert_int_equal(tpcc_parse_check(text, &t, err, sizeof(err)), -ENODATA);
	assert_string_equal(err, "consistency condition 4 was not reported (the check did not "
				 "finish)");
	assert_false(t.checked);
	assert_int_equal(tpcc_check_verdict(&t, 1, msg, sizeof(msg)), -ENODATA);
	free(text);
	memset(&t, 0, sizeof(t));
	assert_int_equal(tpcc_parse_check("tpcc-check condition=5 checked=1 violations=0 what=x\n",
					  &t, err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "tpcc-check line 1: condition= is not 1 to 4");
	/* a run without tpcc.lua's lines (another script), and a line not understood */
	assert_int_equal(tpcc_parse_stats("SQL statistics:\n", &t, err, sizeof(err)), -ENODATA);
	assert_non_null(strstr(err, "no tpcc-stats lines"));
	assert_int_equal(
	    tpcc_parse_stats("tpcc-stats type=refund thread=0 done=1\n", &t, err, sizeof(err)),
	    -EINVAL);
	assert_string_equal(err, "tpcc-stats line 1: unknown type 'refund'");
	assert_int_equal(tpcc_parse_stats("tpcc-stats type=payment thread=0 done=1 rolled_back=0 "
					  "retries=0 deadlocks=0 serialization=0 lat_sum_ms=1.5 "
					  "hist=400:1,300:2\n",
					  &t, err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "tpcc-stats line 1: hist= is not bucket:count pairs");
	tpcc_types_free(t.type, TPCC_NTYPES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bucket_layout),	 cmocka_unit_test(test_run_adds_up),
	    cmocka_unit_test(test_serializable_retries), cmocka_unit_test(test_conditions_hold),
	    cmocka_unit_test(test_conditions_broken),	 cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
