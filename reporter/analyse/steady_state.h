/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * steady_state.h - steady-state verdicts on a series of rounds.
 *
 * The SNIA PTS window (5 rounds, range <= 20 %, slope excursion <= 10 % of the mean) is
 * pts/steady.h, shared with ssd-review; included here for the reporter's users.
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

#include "pts/steady.h"

/* The SNIA PTS criterion itself (window, verdict on a series, the rounds' stop rule) is
 * pts/steady.h, shared with ssd-review. */

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
