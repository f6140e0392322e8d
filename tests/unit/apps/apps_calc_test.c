// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_calc_test.c - apps/apps_calc.c: the space estimates of both workloads and the memory
 * estimate with their refusal messages, the total over instances (sums, the event-weighted
 * average, percentiles from merged histograms or, when an instance has none, the largest
 * instance value marked as such).
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

#include "apps_calc.h"

#define near(a, b) assert_true((a) > (b)-0.0051 && (a) < (b) + 0.0051)

static void test_space_need(void **state)
{
	(void)state;
	/* one instance, one table of one row: (280 + 8 MiB) + 256 MiB, + 10% of it (in 1% steps) */
	uint64_t inst = 280 + (8ULL << 20) + (256ULL << 20);

	assert_int_equal(apps_space_need(1, 1, 1), inst + inst / 100 * 10);
	/* the review's full workload, two instances: about 576 GiB */
	uint64_t full = apps_space_need(2, 100, 10000000);

	assert_true(full > 575ULL << 30 && full < 577ULL << 30);
	/* the quick profile: 2 × 4 × 20000 rows fit in well under 1 GiB */
	assert_true(apps_space_need(2, 4, 20000) < 1ULL << 30);
	assert_int_equal(apps_space_need(16, 100000, 1ULL << 40), UINT64_MAX);
}

static void test_space_check(void **state)
{
	char msg[512];
	uint64_t need = apps_space_need(2, 4, 20000);
	const char *load = "2 instances × 4 tables × 20000 rows", *model = "280 bytes per row";

	(void)state;
	assert_int_equal(
	    apps_space_check(need, need, "x", "the tables", load, model, msg, sizeof(msg)), 0);
	assert_int_equal(apps_space_check(need, 256ULL << 20, "the drive /dev/nvme1n1",
					  "the tables", load, model, msg, sizeof(msg)),
			 -ENOSPC);
	assert_string_equal(msg, "the drive is too small for the tables: 2 instances × 4 tables × "
				 "20000 rows need about 680.6 MiB (280 bytes per row); the drive "
				 "/dev/nvme1n1 has 256.0 MiB available");
}

/* the TPC-C-like database: 125 MB per warehouse of TPC-C's cardinalities (measured), its
 * items once per instance, the cluster, 125 % of max_wal_size, +25 % */
static void test_tpcc_space_need(void **state)
{
	uint64_t wh = 100000 * 440ULL + 10 * 3000 * 2700ULL, items = 100000 * 168ULL;
	uint64_t one = wh + items + (64ULL << 20) + (1ULL << 30) / 100 * 125;

	(void)state;
	assert_int_equal(wh, 125000000);
	assert_int_equal(tpcc_space_need(1, 1, 100000, 3000, 1ULL << 30), one + one / 100 * 25);
	/* the review's: 2 instances × 1500 warehouses with 4 GiB of WAL each, about 450 GiB */
	uint64_t full = tpcc_space_need(2, 1500, 100000, 3000, 4ULL << 30);

	assert_true(full > 445ULL << 30 && full < 452ULL << 30);
	/* quick: a tenth of the items and customers, 128 MiB of WAL: fits a 1 GiB drive */
	assert_true(tpcc_space_need(2, 1, 10000, 300, 128ULL << 20) < 700ULL << 20);
	assert_int_equal(tpcc_space_need(16, 100000, 100000, 3000, UINT64_MAX / 2), UINT64_MAX);
}

static void test_memory(void **state)
{
	char msg[512];
	uint64_t need = apps_memory_need(2, 4ULL << 30, 32);

	(void)state;
	assert_int_equal(need, 2 * ((4ULL << 30) + (128ULL << 20) + 32 * (16ULL << 20)));
	assert_int_equal(apps_memory_check(need, need, "x", 4ULL << 30, 32, msg, sizeof(msg)), 0);
	assert_int_equal(apps_memory_check(need, 0, "x", 4ULL << 30, 32, msg, sizeof(msg)), 0);
	assert_int_equal(apps_memory_check(need, 6ULL << 30, "2 instances × 1500 warehouses",
					   4ULL << 30, 32, msg, sizeof(msg)),
			 -ENOMEM);
	assert_string_equal(msg, "too little memory for 2 instances × 1500 warehouses: the servers "
				 "need about 9.2 GiB (4.0 GiB of buffer, 128 MiB per server, 16 "
				 "MiB per connection × 32 per instance); 6.0 GiB is available");
}

static void test_human(void **state)
{
	char b[32];

	(void)state;
	assert_string_equal(apps_human_bytes(900, b, sizeof(b)), "900 B");
	assert_string_equal(apps_human_bytes(1536, b, sizeof(b)), "1.5 KiB");
	assert_string_equal(apps_human_bytes(3ULL << 40, b, sizeof(b)), "3.0 TiB");
}

static void report(struct sb_report *r, double tps, uint64_t tx, double avg, double max, double p99)
{
	memset(r, 0, sizeof(*r));
	r->tps = tps;
	r->qps = tps * 20;
	r->transactions = tx;
	r->events = tx;
	r->queries = tx * 20;
	r->errors = 1;
	r->reconnects = 2;
	r->lat_avg_ms = avg;
	r->lat_max_ms = max;
	r->has_pct = true;
	r->pct = 99;
	r->lat_pct_ms = p99;
}

static void test_total_without_histograms(void **state)
{
	struct sb_report r[2];
	struct apps_total t;
	int h;

	(void)state;
	report(&r[0], 100, 1000, 10, 50, 30);
	report(&r[1], 300, 3000, 20, 40, 35);
	assert_int_equal(apps_total(r, 2, &t), 0);
	near(t.tps, 400);
	near(t.qps, 8000);
	assert_int_equal(t.transactions, 4000);
	assert_int_equal(t.queries, 80000);
	assert_int_equal(t.errors, 2);
	assert_int_equal(t.reconnects, 4);
	near(t.lat_avg_ms, (10 * 1000 + 20 * 3000) / 4000.0); /* 17.5, not the mean 15 */
	near(t.lat_max_ms, 50);
	near(t.lat_p99_ms, 35);
	assert_int_equal(t.p99_method, APPS_PCT_MAX_OF_INSTANCES);
	assert_string_equal(apps_pct_method_name(t.p99_method), "max-of-instances");
	/* sysbench printed p99 only: p95 is unknown */
	assert_true(t.lat_p95_ms < 0);
	assert_int_equal(t.p95_method, APPS_PCT_NONE);
	assert_null(t.hist);
	near(apps_instance_pct(&r[0], 99, &h), 30);
	assert_int_equal(h, 0);
	apps_total_free(&t);
}

static void test_total_with_histograms(void **state)
{
	struct sb_bucket a[] = {{1.0, 90}, {5.0, 10}};
	struct sb_bucket b[] = {{1.0, 80}, {2.0, 19}, {9.0, 1}};
	struct sb_report r[2];
	struct apps_total t;
	int h;

	(void)state;
	report(&r[0], 10, 100, 1.4, 5, 5);
	report(&r[1], 10, 100, 1.3, 9, 2);
	r[0].hist = a;
	r[0].nhist = 2;
	r[1].hist = b;
	r[1].nhist = 3;
	near(apps_instance_pct(&r[1], 99, &h), 2.0);
	assert_int_equal(h, 1);
	assert_int_equal(apps_total(r, 2, &t), 0);
	assert_int_equal(t.nhist, 4);
	/* 200 events: the 198th is in the 5.0 bucket (170 at 1.0, 189 by 2.0, 199 by 5.0) */
	near(t.lat_p99_ms, 5.0);
	near(t.lat_p95_ms, 5.0);
	assert_int_equal(t.p99_method, APPS_PCT_MERGED_HISTOGRAM);
	assert_string_equal(apps_pct_method_name(t.p95_method), "merged-histogram");
	apps_total_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_space_need),
	    cmocka_unit_test(test_space_check),
	    cmocka_unit_test(test_tpcc_space_need),
	    cmocka_unit_test(test_memory),
	    cmocka_unit_test(test_human),
	    cmocka_unit_test(test_total_without_histograms),
	    cmocka_unit_test(test_total_with_histograms),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
