/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * steady_state.h - steady-state verdicts on a series of rounds.
 *
 * SNIA Solid State Storage Performance Test Specification (PTS) Enterprise v1.1:
 * §2.1 defines Steady State as reached when, over a Measurement Window of 5 consecutive
 * rounds of the tracking variable (y), both hold:
 *   - data excursion: max(y) - min(y) within the window <= 20% of the window's average;
 *   - slope excursion: the least-squares linear fit of y over the window varies, from the
 *     first to the last round of the window, by <= 10% of the window's average;
 * §3 (test flow) runs rounds until the criteria hold or 25 rounds have passed, and reports
 * the window. Here the line's excursion is |slope| x (x_last - x_first), so x may be round
 * numbers or times.
 *
 * fio's own check (steadystate.c, `ss=iops|bw[_slope]:L[%]`, `ss_dur`) is also given: over
 * the last ss_dur one-second samples, either the largest |y_i - mean| (deviation) or the
 * least-squares slope per sample (slope) must be strictly below L, as a percentage of the
 * mean when L ends in '%'.
 */
#ifndef SSDREPORT_STEADY_STATE_H
#define SSDREPORT_STEADY_STATE_H

#include <stdbool.h>
#include <stddef.h>

#define SR_SNIA_WINDOW 5       /* rounds in the measurement window */
#define SR_SNIA_RANGE_PCT 20.0 /* max data excursion, % of the window mean */
#define SR_SNIA_SLOPE_PCT 10.0 /* max slope excursion, % of the window mean */

/* The SNIA criteria evaluated on one window [first, last] of a series. */
struct sr_snia_window {
	size_t first, last;   /* indices into the series, inclusive */
	double mean;	      /* average of y over the window */
	double range_pct;     /* (max - min) / mean * 100 */
	double slope;	      /* least-squares slope, y units per x unit */
	double excursion_pct; /* |slope| (x_last - x_first) / mean * 100 */
	bool range_ok;
	bool slope_ok;
	bool attained; /* range_ok && slope_ok */
};

/**
 * sr_snia_window_eval() - evaluate the SNIA criteria on one window.
 * @x: round numbers or times, strictly increasing.
 * @y: tracking variable (IOPS, MB/s, ns).
 * @first: first index of the window.
 * @len: rounds in the window (SR_SNIA_WINDOW for PTS).
 * @out: the figures and verdicts.
 *
 * Return: 0, or -EINVAL for len < 2, a NaN in the window, a window mean <= 0, or x not
 * increasing.
 */
int sr_snia_window_eval(const double *x, const double *y, size_t first, size_t len,
			struct sr_snia_window *out);

/* The SNIA verdict on a whole series. */
struct sr_snia_result {
	bool attained;		    /* in the last window */
	struct sr_snia_window last; /* the last SR_SNIA_WINDOW rounds */
	bool ever_attained;
	struct sr_snia_window first_attained; /* earliest window meeting both criteria */
};

/**
 * sr_snia_steady_state() - SNIA PTS steady state of a series of rounds.
 * @x: round numbers or times, strictly increasing.
 * @y: tracking variable per round.
 * @n: rounds in the series.
 * @out: verdict on the last window, and the first window that met both criteria (to mark on
 *	 a chart).
 *
 * Return: 0, -ENODATA when n < SR_SNIA_WINDOW, -EINVAL as for sr_snia_window_eval() on
 * the last window (earlier windows that cannot be evaluated are skipped).
 */
int sr_snia_steady_state(const double *x, const double *y, size_t n, struct sr_snia_result *out);

enum sr_fio_ss_mode {
	SR_FIO_SS_DEVIATION, /* fio "iops:" / "bw:" */
	SR_FIO_SS_SLOPE,     /* fio "iops_slope:" / "bw_slope:" */
};

/**
 * sr_fio_ss_check() - fio's steady-state criterion on its last ss_dur samples.
 * @y: the samples (fio's steadystate data.iops[] or data.bw[]), oldest first, one per second.
 * @n: number of samples (ss_dur).
 * @mode: deviation or slope.
 * @percent: limit is a percentage of the mean (fio's "L%").
 * @limit: fio's limit L.
 * @criterion: the computed criterion, in the limit's units (fio prints it as "criterion").
 *
 * Deviation: max |y_i - mean| (as a % of mean if @percent). Slope: least-squares slope with
 * x = 0 .. n-1, as a % of mean if @percent.
 *
 * Return: true when |criterion| < limit, as fio decides; false otherwise or for n < 2.
 */
bool sr_fio_ss_check(const double *y, size_t n, enum sr_fio_ss_mode mode, bool percent,
		     double limit, double *criterion);

#endif
