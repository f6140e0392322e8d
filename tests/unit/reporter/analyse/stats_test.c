// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats_test.c - group statistics, percentiles from bins and preconditioning metrics against
 * hand-computed values and one real fio 3.33 json+ output.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "assert_near.h"
#include "analyse/stats.h"

/*
 * A = {1, 2, 3}: n 3, mean 2, S = 1 + 0 + 1 = 2, sd = sqrt(2 / 2) = 1.
 * B = {4, 6}:    n 2, mean 5, S = 1 + 1 = 2,     sd = sqrt(2 / 1) = 1.414213562.
 * A u B = {1, 2, 3, 4, 6}: n 5, mean 16 / 5 = 3.2,
 *   S = 2.2^2 + 1.2^2 + 0.2^2 + 0.8^2 + 2.8^2 = 4.84 + 1.44 + 0.04 + 0.64 + 7.84 = 14.8,
 *   sd = sqrt(14.8 / 4) = sqrt(3.7) = 1.923538406.
 * Chan: S = 2 + 2 + (5 - 2)^2 * 3 * 2 / 5 = 4 + 10.8 = 14.8, the same.
 */
static const struct sr_nms grp_a = {3, 2.0, 1.0};
static const struct sr_nms grp_b = {2, 5.0, 1.414213562373095};

static void test_combine(void **state)
{
	struct sr_nms g[4] = {grp_a, {0, 123.0, 45.0}, grp_b, {0, 0, 0}}, out;

	(void)state;
	assert_int_equal(sr_nms_combine(g, 4, &out), 0);
	assert_int_equal(out.n, 5);
	assert_near(out.mean, 3.2, 1e-12);
	assert_near(out.sd, 1.923538406, 1e-9);

	/* a single sample has sd 0; nothing at all gives n 0 */
	g[0] = (struct sr_nms){1, 7.0, 0.0};
	assert_int_equal(sr_nms_combine(g, 1, &out), 0);
	assert_int_equal(out.n, 1);
	assert_near(out.mean, 7.0, 0);
	assert_near(out.sd, 0.0, 0);
	assert_int_equal(sr_nms_combine(g, 0, &out), 0);
	assert_int_equal(out.n, 0);

	g[0] = (struct sr_nms){2, NAN, 1.0};
	assert_int_equal(sr_nms_combine(g, 1, &out), -EINVAL);
}

/*
 * Four 1-sample groups {1}, {2}, {3}, {6}: n 4, mean 3,
 * S = 4 + 1 + 0 + 9 = 14, sd = sqrt(14 / 3) = 2.160246899.
 */
static void test_combine_singletons(void **state)
{
	const struct sr_nms g[4] = {{1, 1, 0}, {1, 2, 0}, {1, 3, 0}, {1, 6, 0}};
	struct sr_nms out;

	(void)state;
	assert_int_equal(sr_nms_combine(g, 4, &out), 0);
	assert_near(out.mean, 3.0, 1e-12);
	assert_near(out.sd, 2.160246899, 1e-9);
}

/* Snapshots: before = A, after = A u B (figures above) -> between = B. */
static void test_between(void **state)
{
	const struct sr_nms after = {5, 3.2, 1.923538406};
	struct sr_nms out;

	(void)state;
	assert_int_equal(sr_nms_between(&grp_a, &after, &out), 0);
	assert_int_equal(out.n, 2);
	assert_near(out.mean, 5.0, 1e-9);
	assert_near(out.sd, 1.414213562, 1e-8);

	/* nothing happened */
	assert_int_equal(sr_nms_between(&after, &after, &out), 0);
	assert_int_equal(out.n, 0);
	/* first snapshot: everything is new */
	assert_int_equal(sr_nms_between(&(struct sr_nms){0, 0, 0}, &grp_a, &out), 0);
	assert_int_equal(out.n, 3);
	assert_near(out.sd, 1.0, 0);
	/* reversed order */
	assert_int_equal(sr_nms_between(&after, &grp_a, &out), -EINVAL);
}

/* (100 * 3 + 200 * 1) / 4 = 125; zero and NaN weights are skipped. */
static void test_weighted_mean(void **state)
{
	const double v[4] = {100, 200, 1e9, 5};
	const double w[4] = {3, 1, 0, NAN};

	(void)state;
	assert_near(sr_weighted_mean(v, w, 4), 125.0, 1e-12);
	assert_true(isnan(sr_weighted_mean(v, w + 2, 2)));
}

/*
 * 100 samples: 50 at 100 ns, 30 at 200, 15 at 400, 4 at 800, 1 at 1600. Running counts
 * 50, 80, 95, 99, 100. fio takes the first bin whose running count >= pct/100 * N:
 * p1 and p50 -> 100 (50 >= 50), p50.5 -> 200, p80 -> 200, p90 -> 400, p99 -> 800,
 * p99.5 and p100 -> 1600.
 * Exceedance (fraction above each bin): 50/100, 20/100, 5/100, 1/100, 0.
 */
static const struct sr_stats_bin hand_bins[5] = {
    {100, 50}, {200, 30}, {400, 15}, {800, 4}, {1600, 1}};

static void test_percentile_hand(void **state)
{
	static const struct {
		double pct;
		uint64_t value;
	} want[] = {{1, 100},  {50, 100}, {50.5, 200},	{80, 200},
		    {90, 400}, {99, 800}, {99.5, 1600}, {100, 1600}};
	uint64_t v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(sr_bins_percentile(hand_bins, 5, want[i].pct, &v), 0);
		assert_int_equal(v, want[i].value);
	}
	assert_int_equal(sr_bins_percentile(hand_bins, 5, 0, &v), -EINVAL);
	assert_int_equal(sr_bins_percentile(hand_bins, 5, 100.1, &v), -EINVAL);
	assert_int_equal(sr_bins_percentile(hand_bins, 0, 50, &v), -ENODATA);
}

static void test_exceedance_and_sort(void **state)
{
	struct sr_stats_bin b[5] = {{800, 4}, {100, 50}, {1600, 1}, {400, 15}, {200, 30}};
	const double want[5] = {0.50, 0.20, 0.05, 0.01, 0.0};
	double frac[5];
	uint64_t v;
	int i;

	(void)state;
	assert_int_equal(sr_bins_exceedance(b, 5, frac), -EINVAL); /* unsorted */
	assert_int_equal(sr_bins_percentile(b, 5, 50, &v), -EINVAL);
	sr_bins_sort(b, 5);
	for (i = 0; i < 5; i++)
		assert_int_equal(b[i].value, hand_bins[i].value);
	assert_int_equal(sr_bins_exceedance(b, 5, frac), 0);
	for (i = 0; i < 5; i++)
		assert_near(frac[i], want[i], 1e-15);
}

/*
 * Real data: fio-3.33 --ioengine=null --rw=randread --bs=4k --size=64m
 * --output-format=json+ --percentile_list=50:90:99:99.9:99.99, run on the build host.
 * jobs[0].read.clat_ns: N 16384, bins below, and fio's own percentiles
 * 50 -> 50, 90 -> 60, 99 -> 70, 99.9 -> 322, 99.99 -> 29824 ns. The bins are the
 * oracle's input and the percentiles its output; our function must agree.
 */
static const struct sr_stats_bin fio_bins[] = {
    {30, 1},   {40, 3687}, {41, 296}, {49, 472}, {50, 6832}, {51, 1271}, {60, 3246},
    {61, 392}, {69, 7},	   {70, 106}, {71, 17},	 {80, 11},   {90, 9},	 {91, 4},
    {100, 5},  {101, 2},   {110, 2},  {111, 1},	 {131, 3},   {141, 2},	 {251, 1},
    {322, 1},  {330, 2},   {342, 1},  {362, 3},	 {470, 1},   {482, 1},	 {532, 1},
    {628, 1},  {724, 1},   {1048, 1}, {1976, 1}, {15296, 1}, {29824, 1}, {70144, 1},
};

static void test_percentile_fio_json_plus(void **state)
{
	static const struct {
		double pct;
		uint64_t value;
	} want[] = {{50, 50}, {90, 60}, {99, 70}, {99.9, 322}, {99.99, 29824}};
	const size_t n = sizeof(fio_bins) / sizeof(fio_bins[0]);
	uint64_t v, total = 0;
	size_t i;

	(void)state;
	for (i = 0; i < n; i++)
		total += fio_bins[i].count;
	assert_int_equal(total, 16384);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(sr_bins_percentile(fio_bins, n, want[i].pct, &v), 0);
		assert_int_equal(v, want[i].value);
	}
}

/*
 * Read 1000 IOPS, mean 100, sd 10, max 300; write 3000 IOPS, mean 200, sd 30, max 250:
 * throughput 4000; avg (1000 * 100 + 3000 * 200) / 4000 = 175; max 300; sd (10 + 30) / 2 = 20.
 * Without IOPS, weights are n: read n 1, write n 3 -> the same 175.
 * Write only (read 0 IOPS): sd is the write sd 30, not 15; avg 200.
 */
static void test_precond_metrics(void **state)
{
	struct sr_dir_interval rd = {1000, 4, 100, 10, 300}, wr = {3000, 12, 200, 30, 250};
	struct sr_precond p;

	(void)state;
	sr_precond_metrics(&rd, &wr, &p);
	assert_near(p.throughput_iops, 4000, 0);
	assert_near(p.avg_lat_ns, 175, 1e-12);
	assert_near(p.max_lat_ns, 300, 0);
	assert_near(p.sd_lat_ns, 20, 1e-12);

	rd.iops = wr.iops = NAN;
	rd.n = 1;
	wr.n = 3;
	sr_precond_metrics(&rd, &wr, &p);
	assert_true(isnan(p.throughput_iops));
	assert_near(p.avg_lat_ns, 175, 1e-12);

	rd = (struct sr_dir_interval){0, 0, NAN, NAN, NAN};
	wr.iops = 3000;
	sr_precond_metrics(&rd, &wr, &p);
	assert_near(p.throughput_iops, 3000, 0);
	assert_near(p.avg_lat_ns, 200, 1e-12);
	assert_near(p.sd_lat_ns, 30, 0);
	assert_near(p.max_lat_ns, 250, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_combine),
	    cmocka_unit_test(test_combine_singletons),
	    cmocka_unit_test(test_between),
	    cmocka_unit_test(test_weighted_mean),
	    cmocka_unit_test(test_percentile_hand),
	    cmocka_unit_test(test_exceedance_and_sort),
	    cmocka_unit_test(test_percentile_fio_json_plus),
	    cmocka_unit_test(test_precond_metrics),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
