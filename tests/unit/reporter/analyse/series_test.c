// SPDX-License-Identifier: GPL-2.0-only
/*
 * series_test.c - a preconditioning series' SNIA PTS steady state on rounds (series.h): rounds
 * that pass, fail on slope or on range, fall back to intervals, skip partial intervals, come from
 * stonewalled groups or per workload; the steady-state spans; a series of hours in chart bins.
 * The series read from real fio logs are tests/unit/reporter/parse/series_load_test.c's.
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

#include "assert_near.h"
#include "cases.h"
#include "fake_tree.h"
#include "model/model.h"
#include "parse/fio_json.h"
#include "parse/read_file.h"
#include "analyse/series.h"
#include "parse/series_load.h"

#define FIX "tests/unit/reporter/fixtures/series/"

/* A workload series of 1-s complete intervals: round r of 60 s has values round_mean[r]. */
static struct sr_series *make_series(struct sr_test *t, size_t seconds, const double *round_mean,
				     bool wobble)
{
	struct sr_series *s;

	t->series = calloc(1, sizeof(*t->series));
	assert_non_null(t->series);
	t->nseries = 1;
	s = &t->series[0];
	s->tput = SR_TPUT_IOPS_LOG;
	s->ngroups = 1;
	s->iv = calloc(seconds, sizeof(*s->iv));
	assert_non_null(s->iv);
	for (size_t i = 0; i < seconds; i++) {
		double v = round_mean[i / 60];

		if (wobble) /* +-5% alternating: the round mean is unchanged (30 up, 30 down) */
			v += (i % 2 ? 0.05 : -0.05) * v;
		s->iv[i] = (struct sr_interval){
		    .t_s = (double)(i + 1), .jobs = 1, .jobs_expected = 1, .iops = sr_val(v)};
	}
	s->niv = seconds;
	return s;
}

/*
 * A burst falling 3000, 2600, 2200, 1800, 1400, then 1000 for 5 rounds (per-second 950/1050).
 * Last window, rounds 6..10: mean 1000, range 0, slope 0: attained. Earlier windows fail on range:
 * rounds 5..9 (1400, 1000 x 4): 400 / 1080 = 37%; 4..8: 800 / 1240 = 65%; more before. So the
 * first attained window is rounds 6..10 = seconds 300..600.
 */
static void rounds_pass(void **state)
{
	static const double means[10] = {3000, 2600, 2200, 1800, 1400,
					 1000, 1000, 1000, 1000, 1000};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 600, means, true), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_ROUNDS);
	assert_int_equal(s.nrounds, 10);
	assert_true(s.attained);
	assert_near(s.first_round, 6, 0);
	assert_near(s.last_round, 10, 0);
	assert_near(s.first_s, 300, 1e-9);
	assert_near(s.last_s, 600, 1e-9);
	assert_near(s.range_pct, 0, 1e-9);
	assert_near(s.excursion_pct, 0, 1e-9);
	sr_test_free(&t);
}

/*
 * The same burst, then rounds 6..10 at 1000, 970, 940, 910, 880: mean 940, range 120 / 940 =
 * 12.766% (passes), line slope -30 per round (exact, the data are a line), excursion 30 x 4 = 120
 * = 12.766% > 10%: fails. Rounds 5..9 (1400, 1000, 970, 940, 910): range 490 / 1044 = 47%.
 */
static void rounds_fail_slope(void **state)
{
	static const double means[10] = {3000, 2600, 2200, 1800, 1400, 1000, 970, 940, 910, 880};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 600, means, false), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_ROUNDS);
	assert_false(s.attained);
	assert_near(s.range_pct, 12000.0 / 940, 1e-9);
	assert_near(s.excursion_pct, 12000.0 / 940, 1e-9);
	assert_near(s.first_round, 6, 0); /* no window attained: the last one is marked */
	assert_near(s.last_round, 10, 0);
	sr_test_free(&t);
}

/*
 * Rounds 1..5 at 1000, 1250, 1000, 1250, 1000: mean 1100, slope sum (x - 3)(y - 1100) =
 * 200 - 150 + 0 + 150 - 200 = 0, excursion 0 (passes), range 250 / 1100 = 22.727% > 20%: fails.
 */
static void rounds_fail_range(void **state)
{
	static const double means[5] = {1000, 1250, 1000, 1250, 1000};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 300, means, false), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_ROUNDS);
	assert_int_equal(s.nrounds, 5);
	assert_false(s.attained);
	assert_near(s.range_pct, 25000.0 / 1100, 1e-9);
	assert_near(s.excursion_pct, 0, 1e-9);
	sr_test_free(&t);
}

/* 100 s: one whole round only, so the 1-s intervals are judged (and the note says so). */
static void fallback_intervals(void **state)
{
	static const double means[2] = {1000, 1000};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 100, means, false), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_INTERVALS);
	assert_int_equal(s.nrounds, 100);
	assert_true(s.attained);
	assert_near(s.first_s, 0, 1e-9); /* intervals 1..5: seconds 0..5 */
	assert_near(s.last_s, 5, 1e-9);
	assert_non_null(strstr(sr_snia_basis_note(&s), "no rounds"));
	sr_test_free(&t);
}

/*
 * Partial intervals never enter a verdict. Five seconds at 1000 IOPS, then a sixth that only 2 of
 * 16 jobs reached, at 125 (their share): judged on the five complete seconds, range 0, attained
 * (with the partial one counted the window 2..6 would hold 125 and fail: range 875 / 825 = 106%).
 * Every second partial: nothing to judge.
 */
static void snia_skips_partial(void **state)
{
	static const double means[1] = {1000};
	struct sr_test t = {0};
	struct sr_series *se;
	struct sr_snia s;

	(void)state;
	se = make_series(&t, 6, means, false);
	for (size_t i = 0; i < 6; i++)
		se->iv[i].jobs = se->iv[i].jobs_expected = 16;
	se->iv[5].jobs = 2;
	se->iv[5].iops = sr_val(125);
	assert_true(sr_interval_partial(&se->iv[5]));
	assert_false(sr_interval_partial(&se->iv[4]));
	sr_series_snia(&t, se, &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_INTERVALS);
	assert_int_equal(s.nrounds, 5);
	assert_true(s.attained);
	assert_near(s.range_pct, 0, 1e-9);
	assert_near(s.last_s, 5, 1e-9);
	for (size_t i = 0; i < 6; i++)
		se->iv[i].jobs = 15;
	sr_series_snia(&t, se, &s);
	assert_false(s.evaluated);
	sr_test_free(&t);
}

/*
 * Runs of stonewalled groups (one entry each) with R+W IOPS @total and block sizes @bs, and the
 * test's series from them (no logs).
 */
static void make_rounds(struct sr_test *t, size_t n, const double *total, const uint64_t *bs)
{
	struct sr_diag d = {0};

	t->runs = calloc(n, sizeof(*t->runs));
	assert_non_null(t->runs);
	t->nruns = n;
	for (size_t i = 0; i < n; i++) {
		struct sr_run *r = &t->runs[i];

		r->name = strdup(bs[i] == 8192 ? "pts-8k" : "pts-4k");
		r->rw = strdup("randrw");
		r->bs = bs[i];
		r->numjobs = 16;
		r->iodepth = 16;
		r->rwmixread = 70;
		r->groupid = (int)i;
		r->stonewall = i > 0;
		r->dir[SR_READ].iops = sr_val(total[i] * 0.7);
		r->dir[SR_WRITE].iops = sr_val(total[i] * 0.3);
	}
	assert_int_equal(sr_series_attach(t, NULL, false, &d), 0);
}

/*
 * Six stonewalled groups of one workload (groupid 0..5), R+W IOPS 1500, 1000, 1000, 1010, 990,
 * 1000: one series of 6 rounds. Last window (rounds 2..6): mean 1000, range 20 / 1000 = 2%, slope:
 * sum (x - 3)(y - 1000) = -10 over sum (x - 3)^2 = 10: -1 per round, excursion 4 = 0.4%:
 * attained; rounds 1..5 hold 1500 (range 50%), so the first attained window is rounds 2..6.
 */
static void rounds_from_groups(void **state)
{
	static const double total[6] = {1500, 1000, 1000, 1010, 990, 1000};
	static const uint64_t bs[6] = {8192, 8192, 8192, 8192, 8192, 8192};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	make_rounds(&t, 6, total, bs);
	assert_int_equal(t.nseries, 1);
	assert_int_equal(t.series[0].ngroups, 6);
	assert_int_equal(t.series[0].niv, 0); /* no logs, no fio steadystate data */
	sr_series_snia(&t, &t.series[0], &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_RUNS);
	assert_int_equal(s.nrounds, 6);
	assert_true(s.attained);
	assert_near(s.first_round, 2, 0);
	assert_near(s.last_round, 6, 0);
	assert_true(isnan(s.first_s));
	assert_near(s.range_pct, 2, 1e-9);
	assert_near(s.excursion_pct, 0.4, 1e-9);
	sr_test_free(&t);
}

/*
 * PTS style with two workloads interleaved, 8K, 4K, 8K, 4K, ... (10 stonewalled groups): two
 * series of 5 rounds each, never one of 10. 8K rounds 1000, 1000, 1010, 990, 1000: mean 1000,
 * range 20 / 1000 = 2%, slope sum (x - 3)(y - 1000) = (-2)0 + (-1)0 + 0(10) + 1(-10) + 2(0) = -10
 * over 10: -1 per round, excursion 4 = 0.4%: attained. 4K rounds 3000, 2000, 1000, 500, 250:
 * mean 1350, range 2750 / 1350 = 203.7%: not attained.
 */
static void rounds_per_workload(void **state)
{
	static const double total[10] = {1000, 3000, 1000, 2000, 1010, 1000, 990, 500, 1000, 250};
	static const uint64_t bs[10] = {8192, 4096, 8192, 4096, 8192, 4096, 8192, 4096, 8192, 4096};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	make_rounds(&t, 10, total, bs);
	assert_int_equal(t.nseries, 2);
	assert_string_equal(t.series[0].name, "pts-8k");
	assert_string_equal(t.series[1].name, "pts-4k");
	assert_int_equal(t.series[0].ngroups, 5);
	assert_int_equal(t.series[1].ngroups, 5);
	assert_int_equal(t.series[1].runs[0], 1);
	assert_int_equal(t.series[1].runs[4], 9);
	sr_series_snia(&t, &t.series[0], &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_RUNS);
	assert_int_equal(s.nrounds, 5);
	assert_true(s.attained);
	assert_near(s.range_pct, 2, 1e-9);
	assert_near(s.excursion_pct, 0.4, 1e-9);
	sr_series_snia(&t, &t.series[1], &s);
	assert_true(s.evaluated);
	assert_false(s.attained);
	assert_near(s.range_pct, 275000.0 / 1350, 1e-9);
	/* the same groups run at once (new_group, no stonewall: one drive each): never rounds */
	for (size_t i = 1; i < t.nruns; i++) {
		t.runs[i].stonewall = false;
		t.runs[i].new_group = true;
	}
	for (size_t i = 0; i < t.nseries; i++)
		sr_series_free(&t.series[i]);
	free(t.series);
	t.series = NULL;
	t.nseries = 0;
	assert_int_equal(sr_series_attach(&t, NULL, false, &(struct sr_diag){0}), 0);
	assert_int_equal(t.nseries, 10);
	sr_test_free(&t);
}

/*
 * Where a series was at steady state: every window of 5 rounds (60 s each) in range, windows that
 * overlap joined. The burst of rounds_pass: only rounds 6..10 (300..600 s). Steady 5 rounds, a
 * round 3 times higher, steady 5 more: rounds 1..5 (0..300 s) and 7..11 (360..660 s); every window
 * holding round 6 has a range of (3000 - 1000) / 1400 or more.
 */
static void steady_spans(void **state)
{
	static const double burst[10] = {3000, 2600, 2200, 1800, 1400,
					 1000, 1000, 1000, 1000, 1000};
	static const double bump[11] = {1000, 1000, 1000, 1000, 1000, 3000,
					1000, 1000, 1000, 1000, 1000};
	struct sr_test t = {0};
	double sp[4][2];

	(void)state;
	assert_int_equal(sr_series_steady_spans(&t, make_series(&t, 600, burst, true), sp, 4), 1);
	assert_near(sp[0][0], 300, 1e-9);
	assert_near(sp[0][1], 600, 1e-9);
	sr_test_free(&t);
	t = (struct sr_test){0};
	assert_int_equal(sr_series_steady_spans(&t, make_series(&t, 660, bump, true), sp, 4), 2);
	assert_near(sp[0][0], 0, 1e-9);
	assert_near(sp[0][1], 300, 1e-9);
	assert_near(sp[1][0], 360, 1e-9);
	assert_near(sp[1][1], 660, 1e-9);
	sr_test_free(&t);
}

/*
 * Two hours of 1-s intervals, iops = i at t = i + 1 s, and a partial interval after them: in 240
 * bins of 30 s, bin k holds the intervals whose middle falls in [30 k, 30 k + 30), t = 30 k + 1 ..
 * 30 k + 30, so iops 30 k .. 30 k + 29: mean 30 k + 14.5, min 30 k, max 30 k + 29; drawn at the
 * mean of their ends, 30 k + 15.5. The partial interval enters no bin. A 100-s series in 240 bins
 * keeps one interval per bin (bins are never under 1 s): 100 bins.
 */
static void bins_of_hours(void **state)
{
	static const double one_round[1] = {1};
	struct sr_series_bin bins[240];
	struct sr_test t = {0};
	struct sr_series *s;

	(void)state;
	s = make_series(&t, 60, one_round, false);
	free(s->iv);
	s->iv = calloc(7201, sizeof(*s->iv));
	assert_non_null(s->iv);
	for (size_t i = 0; i < 7200; i++)
		s->iv[i] = (struct sr_interval){.t_s = (double)(i + 1),
						.jobs = 16,
						.jobs_expected = 16,
						.iops = sr_val((double)i),
						.lat_mean = sr_val(1e6 + (double)i),
						.lat_max = {NAN, SR_ABSENT},
						.lat_sd = {NAN, SR_ABSENT},
						.lat_max_err = sr_val(i == 100 ? 5e5 : 1e5),
						.lat_sd_err = {NAN, SR_ABSENT}};
	s->iv[7200] =
	    (struct sr_interval){.t_s = 7201, .jobs = 3, .jobs_expected = 16, .iops = sr_val(1e9)};
	s->niv = 7201;
	assert_int_equal(sr_series_bins(s, 7200, 240, bins), 240);
	for (size_t k = 0; k < 240; k++) {
		assert_int_equal(bins[k].n, 30);
		assert_near(bins[k].t_s, 30.0 * (double)k + 15.5, 1e-9);
		assert_near(bins[k].iops.mean, 30.0 * (double)k + 14.5, 1e-9);
		assert_near(bins[k].iops.min, 30.0 * (double)k, 0);
		assert_near(bins[k].iops.max, 30.0 * (double)k + 29, 0);
		assert_near(bins[k].lat_mean.mean, 1e6 + 30.0 * (double)k + 14.5, 1e-6);
		assert_true(isnan(bins[k].lat_max.mean) && isnan(bins[k].lat_sd.max));
		assert_near(bins[k].lat_max_err, k == 3 ? 5e5 : 1e5, 0); /* interval 100: bin 3 */
		assert_true(isnan(bins[k].lat_sd_err));
	}
	s->niv = 100;
	assert_int_equal(sr_series_bins(s, 100, 240, bins), 100);
	for (size_t k = 0; k < 100; k++) {
		assert_int_equal(bins[k].n, 1);
		assert_near(bins[k].t_s, (double)(k + 1), 0);
		assert_near(bins[k].iops.min, (double)k, 0);
		assert_near(bins[k].iops.max, (double)k, 0);
	}
	sr_test_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rounds_pass),	   cmocka_unit_test(rounds_fail_slope),
	    cmocka_unit_test(rounds_fail_range),   cmocka_unit_test(fallback_intervals),
	    cmocka_unit_test(snia_skips_partial),  cmocka_unit_test(rounds_from_groups),
	    cmocka_unit_test(rounds_per_workload), cmocka_unit_test(bins_of_hours),
	    cmocka_unit_test(steady_spans),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
