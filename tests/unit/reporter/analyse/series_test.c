// SPDX-License-Identifier: GPL-2.0-only
/*
 * series_test.c - SNIA PTS steady state on rounds (series.h): rounds of 60 s formed from a 1-s
 * throughput series, stonewalled jobs as rounds, and the fallback to intervals. Series are
 * constructed so each criterion's figures can be computed by hand (comments give the sums).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "assert_near.h"
#include "model/model.h"
#include "analyse/series.h"

/* A 1-s series: round r (0-based) of 60 s has per-second values round_val(r, second). */
static void make_series(struct sr_test *t, size_t seconds, const double *round_mean, bool wobble)
{
	t->series = calloc(seconds, sizeof(*t->series));
	assert_non_null(t->series);
	for (size_t i = 0; i < seconds; i++) {
		double v = round_mean[i / 60];

		if (wobble) /* +-5% alternating: the round mean is unchanged (30 up, 30 down) */
			v += (i % 2 ? 0.05 : -0.05) * v;
		t->series[i] = (struct sr_interval){.t_s = (double)(i + 1), .iops = sr_val(v)};
	}
	t->nseries = seconds;
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
	make_series(&t, 600, means, true);
	sr_series_snia(&t, &s);
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
	make_series(&t, 600, means, false);
	sr_series_snia(&t, &s);
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
	make_series(&t, 300, means, false);
	sr_series_snia(&t, &s);
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
	make_series(&t, 100, means, false);
	sr_series_snia(&t, &s);
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
 * Six stonewalled jobs of one workload (groupid 0..5), R+W IOPS 1500, 1000, 1000, 1010, 990, 1000.
 * Last window (rounds 2..6): mean 1000, range 20 / 1000 = 2%, slope: sum (x - 3)(y - 1000) = -10
 * over sum (x - 3)^2 = 10: -1 per round, excursion 4 = 0.4%: attained; rounds 1..5 hold 1500
 * (range 50%), so the first attained window is rounds 2..6.
 */
static void rounds_from_jobs(void **state)
{
	static const double total[6] = {1500, 1000, 1000, 1010, 990, 1000};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	t.runs = calloc(6, sizeof(*t.runs));
	assert_non_null(t.runs);
	t.nruns = 6;
	for (int i = 0; i < 6; i++) {
		struct sr_run *r = &t.runs[i];

		r->rw = strdup("randrw");
		r->bs = 8192;
		r->numjobs = 16;
		r->iodepth = 16;
		r->groupid = i;
		r->dir[SR_READ].iops = sr_val(total[i] * 0.7);
		r->dir[SR_WRITE].iops = sr_val(total[i] * 0.3);
	}
	sr_series_snia(&t, &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_RUNS);
	assert_int_equal(s.nrounds, 6);
	assert_true(s.attained);
	assert_near(s.first_round, 2, 0);
	assert_near(s.last_round, 6, 0);
	assert_true(isnan(s.first_s));
	assert_near(s.range_pct, 2, 1e-9);
	assert_near(s.excursion_pct, 0.4, 1e-9);
	/* a different workload in one job: not rounds, and no series: not evaluated */
	t.runs[3].bs = 4096;
	sr_series_snia(&t, &s);
	assert_false(s.evaluated);
	sr_test_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rounds_pass),	 cmocka_unit_test(rounds_fail_slope),
	    cmocka_unit_test(rounds_fail_range), cmocka_unit_test(fallback_intervals),
	    cmocka_unit_test(rounds_from_jobs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
