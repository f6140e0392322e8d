/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * series.h - the preconditioning time series of a test (struct sr_interval, 1 s windows) and its
 * SNIA PTS steady-state verdict.
 *
 * Source, in order: the test's fio logs beside the JSON (<test-id>_{iops,clat|lat,bw}.N.log,
 * merged by log_interval.c), with maximum latency and latency stddev taken from the clat
 * histogram logs (<test-id>_clat_hist.N.log, hist_interval.c) when there are some (bucket
 * midpoints; the error bounds are in hist_interval.h); the histogram logs alone when there are no
 * value logs; else fio's steadystate data.iops[] (throughput only, the last ss_dur seconds).
 */
#ifndef SSDREPORT_SERIES_H
#define SSDREPORT_SERIES_H

#include <stdbool.h>

#include "diag.h"
#include "model.h"

/**
 * sr_series_attach() - fill @t->series from the logs in @dir.
 * @t:      the test (t->id and t->fio_version select the logs and their unit)
 * @dir:    directory holding the logs, NULL for none
 * @single: @t is the only test in @dir, so logs of any name belong to it
 * @d:      diagnostics (a malformed log is warned about and the series left empty)
 *
 * Return: 0 or -ENOMEM.
 */
int sr_series_attach(struct sr_test *t, const char *dir, bool single, struct sr_diag *d);

/* SNIA PTS verdict on a series' throughput (steady_state.c). */
struct sr_snia {
	bool evaluated;		/* enough rounds (>= 5) to judge */
	bool attained;		/* the last window meets range and slope limits */
	double first_s, last_s; /* the window marked on the chart: first attained, else last */
	double range_pct, excursion_pct;
};

/**
 * sr_series_snia() - SNIA PTS steady state of @t's throughput series.
 * @t:   the test
 * @out: verdict (evaluated false when there are fewer than 5 valid points)
 */
void sr_series_snia(const struct sr_test *t, struct sr_snia *out);

#endif
