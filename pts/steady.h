/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * steady.h - the SNIA PTS steady-state criterion, shared by ssd-review (to stop a PTS test's
 * rounds) and ssdreport (to judge and draw a series of rounds). Pure arithmetic, no I/O.
 *
 * SNIA Solid State Storage Performance Test Specification (PTS) Enterprise v2.0.2, §2.1
 * (v1.1 §2.1 alike): Steady State is reached when, over a Measurement Window of 5 consecutive
 * rounds of the tracking variable (y), both hold:
 *   - data excursion: max(y) - min(y) within the window <= 20% of the window's average;
 *   - slope excursion: the least-squares linear fit of y over the window varies, from the
 *     first to the last round of the window, by <= 10% of the window's average.
 * The test flow (§3, and each test's "Test Flow") runs rounds until the criteria hold or
 * 25 rounds have passed, and reports the window (the last 5 rounds when never reached).
 * Here the line's excursion is |slope| x (x_last - x_first), so x may be round numbers or times.
 */
#ifndef SSDENG_PTS_STEADY_H
#define SSDENG_PTS_STEADY_H

#include <stdbool.h>
#include <stddef.h>

#define PTS_SS_WINDOW 5	      /* rounds in the measurement window */
#define PTS_SS_RANGE_PCT 20.0 /* max data excursion, % of the window mean */
#define PTS_SS_SLOPE_PCT 10.0 /* max slope excursion, % of the window mean */
#define PTS_SS_MAX_ROUNDS 25  /* rounds a test runs at most */

/* The SNIA criteria evaluated on one window [first, last] of a series. */
struct pts_ss_window {
	size_t first, last;   /* indices into the series, inclusive */
	double mean;	      /* average of y over the window */
	double range_pct;     /* (max - min) / mean * 100 */
	double slope;	      /* least-squares slope, y units per x unit */
	double intercept;     /* the fitted line: y = intercept + slope * x */
	double excursion_pct; /* |slope| (x_last - x_first) / mean * 100 */
	bool range_ok;
	bool slope_ok;
	bool attained; /* range_ok && slope_ok */
};

/**
 * pts_ss_window_eval() - evaluate the SNIA criteria on one window.
 * @x: round numbers or times, strictly increasing.
 * @y: tracking variable (IOPS, MB/s, ns).
 * @first: first index of the window.
 * @len: rounds in the window (PTS_SS_WINDOW for PTS).
 * @out: the figures and verdicts.
 *
 * Return: 0, or -EINVAL for len < 2, a NaN in the window, a window mean <= 0, or x not
 * increasing.
 */
int pts_ss_window_eval(const double *x, const double *y, size_t first, size_t len,
		       struct pts_ss_window *out);

/* The SNIA verdict on a whole series. */
struct pts_ss_result {
	bool attained;		   /* in the last window */
	struct pts_ss_window last; /* the last PTS_SS_WINDOW rounds */
	bool ever_attained;
	struct pts_ss_window first_attained; /* earliest window meeting both criteria */
};

/**
 * pts_ss_series() - SNIA PTS steady state of a series of rounds.
 * @x: round numbers or times, strictly increasing.
 * @y: tracking variable per round.
 * @n: rounds in the series.
 * @out: verdict on the last window, and the first window that met both criteria (to mark on
 *	 a chart).
 *
 * Return: 0, -ENODATA when n < PTS_SS_WINDOW, -EINVAL as for pts_ss_window_eval() on
 * the last window (earlier windows that cannot be evaluated are skipped).
 */
int pts_ss_series(const double *x, const double *y, size_t n, struct pts_ss_result *out);

/* What a PTS test does after a round. */
enum pts_ss_next {
	PTS_SS_CONTINUE = 0, /* run another round */
	PTS_SS_STEADY,	     /* the last 5 rounds are the measurement window */
	PTS_SS_LIMIT,	     /* @max_rounds ran without steady state: the last 5 are reported */
};

/**
 * pts_ss_after_round() - the test flow's decision after round @n (rounds numbered 1..n).
 * @y: the tracking variable of rounds 1..@n
 * @n: rounds run so far
 * @max_rounds: the most rounds the test runs (PTS_SS_MAX_ROUNDS; fewer only for tests)
 * @w: when not NULL and @n >= PTS_SS_WINDOW, the window of the last 5 rounds
 *
 * Return: PTS_SS_STEADY when the last 5 rounds meet both criteria, PTS_SS_LIMIT when @n
 * reached @max_rounds without, else PTS_SS_CONTINUE (also for a round with no value, NaN:
 * such a window is never steady).
 */
enum pts_ss_next pts_ss_after_round(const double *y, size_t n, size_t max_rounds,
				    struct pts_ss_window *w);

#endif
