// SPDX-License-Identifier: GPL-2.0-only
/*
 * steady_test.c - the PTS rounds' stop rule (pts/steady.h) on constructed series: steady state
 * reached in round 5, in round 12, and never in 25 rounds; a round without a value.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "assert_near.h"
#include "pts/steady.h"

/* Runs the rule after each round of @y, as the driver does; returns the round it stopped at. */
static size_t stop_round(const double *y, size_t n, enum pts_ss_next *how, struct pts_ss_window *w)
{
	for (size_t k = 1; k <= n; k++) {
		*how = pts_ss_after_round(y, k, PTS_SS_MAX_ROUNDS, w);
		if (*how != PTS_SS_CONTINUE)
			return k;
	}
	return 0;
}

/*
 * 100, 102, 98, 101, 99: mean 100, range 4 %, slope -0.3 per round (Sxy -3 / Sxx 10),
 * excursion 0.3 x 4 / 100 = 1.2 %: steady after round 5, the window rounds 1..5.
 */
static void steady_in_round_5(void **state)
{
	const double y[] = {100, 102, 98, 101, 99, 50, 50};
	struct pts_ss_window w;
	enum pts_ss_next how;

	(void)state;
	assert_int_equal(stop_round(y, 7, &how, &w), 5);
	assert_int_equal(how, PTS_SS_STEADY);
	assert_int_equal(w.first, 0);
	assert_int_equal(w.last, 4);
	assert_near(w.mean, 100, 1e-12);
	assert_near(w.range_pct, 4, 1e-12);
	assert_near(w.excursion_pct, 1.2, 1e-12);
	/* the fitted line through the window: y = 100.9 - 0.3 x (x = round 1..5, mean x 3) */
	assert_near(w.intercept, 100.9, 1e-9);
}

/*
 * A drive settling: 1000, 900, ... 400 then 340, 330, 325, 322, 320. Rounds 7..11 (400, 340,
 * 330, 325, 322: mean 343.4, range 22.7 %) fail; rounds 8..12 (340, 330, 325, 322, 320) have
 * mean 327.4, range 20 / 327.4 = 6.109 %, deviations 12.6, 2.6, -2.4, -5.4, -7.4 give
 * Sxy = -48, slope -4.8 per round, excursion 4.8 x 4 / 327.4 = 5.864 %: steady after round 12.
 */
static void steady_in_round_12(void **state)
{
	const double y[] = {1000, 900, 800, 700, 600, 500, 400, 340, 330, 325, 322, 320, 320};
	struct pts_ss_window w;
	enum pts_ss_next how;

	(void)state;
	assert_int_equal(stop_round(y, 13, &how, &w), 12);
	assert_int_equal(how, PTS_SS_STEADY);
	assert_int_equal(w.first, 7);
	assert_int_equal(w.last, 11);
	assert_near(w.mean, 327.4, 1e-9);
	assert_near(w.range_pct, 2000.0 / 327.4, 1e-9);
	assert_near(w.slope, -4.8, 1e-9);
	assert_near(w.excursion_pct, 1920.0 / 327.4, 1e-9);
	/* round 11's window was not steady: range (400 - 322) / 343.4 */
	assert_int_equal(pts_ss_after_round(y, 11, PTS_SS_MAX_ROUNDS, &w), PTS_SS_CONTINUE);
	assert_near(w.range_pct, 7800.0 / 343.4, 1e-9);
	assert_false(w.range_ok);
}

/* 80, 120, 80, 120, ...: every window's range is 40 / 96 or 40 / 104 of its mean, > 20 %. */
static void never_in_25_rounds(void **state)
{
	double y[30];
	struct pts_ss_window w;
	enum pts_ss_next how;

	(void)state;
	for (size_t i = 0; i < 30; i++)
		y[i] = i % 2 ? 120 : 80;
	assert_int_equal(stop_round(y, 30, &how, &w), 25);
	assert_int_equal(how, PTS_SS_LIMIT);
	/* the last 5 rounds are the reported window: rounds 21..25 = 80, 120, 80, 120, 80 */
	assert_int_equal(w.first, 20);
	assert_int_equal(w.last, 24);
	assert_near(w.mean, 96, 1e-12);
	assert_near(w.range_pct, 40.0 / 96 * 100, 1e-9);
	assert_false(w.attained);
}

/* A round with no value (NaN) keeps every window holding it from being steady. */
static void a_missing_round_is_never_steady(void **state)
{
	const double y[] = {100, 100, NAN, 100, 100, 100, 100, 100};
	struct pts_ss_window w;

	(void)state;
	for (size_t k = 1; k <= 7; k++)
		assert_int_equal(pts_ss_after_round(y, k, PTS_SS_MAX_ROUNDS, &w), PTS_SS_CONTINUE);
	assert_int_equal(pts_ss_after_round(y, 8, PTS_SS_MAX_ROUNDS, &w), PTS_SS_STEADY);
	assert_int_equal(w.first, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(steady_in_round_5),
	    cmocka_unit_test(steady_in_round_12),
	    cmocka_unit_test(never_in_25_rounds),
	    cmocka_unit_test(a_missing_round_is_never_steady),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
