/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * series.h - a test's preconditioning time series (one per workload, struct sr_series of 1-s
 * intervals, model.h; filled while the results load, parse/series_load.h, which says where each
 * interval comes from) at a chart's resolution, and the SNIA PTS steady-state verdict of each.
 * Partial intervals (sr_interval_partial()) are left out of every steady-state computation here.
 */
#ifndef SSDREPORT_SERIES_H
#define SSDREPORT_SERIES_H

#include <stdbool.h>

#include "model/model.h"

/*
 * A series at a chart's resolution. Hours of 1-s intervals are more points than a chart has pixels,
 * so a chart draws bins: equal spans of time from 0, each holding the complete intervals whose
 * middle falls in it, and per figure their mean and the smallest and largest interval value
 * (the envelope). Partial intervals (sr_interval_partial()) enter no bin. A bin spans at least
 * 1 s, so a series shorter than the bin count keeps one interval per bin (mean = min = max).
 */
struct sr_bin_stat {
	double mean, min, max; /* NaN when no interval of the bin has the figure */
};

struct sr_series_bin {
	double t_s;		 /* mean end time of the bin's intervals, s (where it is drawn) */
	size_t n;		 /* complete intervals in the bin; 0: an empty bin */
	struct sr_bin_stat iops; /* read + write IOPS */
	struct sr_bin_stat lat_mean, lat_max, lat_sd; /* ns */
	double lat_max_err, lat_sd_err; /* ns: the largest error bound in the bin, NaN for none */
};

/**
 * sr_series_bins() - @s in @nbins bins of equal span over [0, @t_end) seconds.
 * @s:     the series
 * @t_end: the span binned, seconds (the chart's x range: the same for every drive of a chart, so
 *         their bins line up); intervals ending after it go to the last bin
 * @nbins: bins wanted (> 0); fewer when @t_end / @nbins would be under 1 s
 * @out:   room for @nbins bins
 *
 * Return: the number of bins written (empty ones included, n = 0).
 */
size_t sr_series_bins(const struct sr_series *s, double t_end, size_t nbins,
		      struct sr_series_bin *out);

/*
 * SNIA PTS steady state is judged on rounds (PTS-E 1.1 §2.1, §3: a measurement window of 5
 * rounds). ssd-review preconditions with one time-based fio job (jobfiles/precond-*.fio), so the
 * results hold no rounds of their own; the reporter forms them, in this order:
 *  - SR_SS_RUNS: the workload has at least 5 groups (stonewalled rounds): each group is one
 *    round, y = the read + write IOPS of its entries;
 *  - SR_SS_ROUNDS: the throughput series spans at least 5 rounds of SR_SS_ROUND_S seconds (the
 *    PTS's one-minute round element): y = the mean IOPS of each whole round (a round with fewer
 *    than half its intervals complete and valid is left out);
 *  - SR_SS_INTERVALS: otherwise the complete 1-s intervals themselves, with a note that the
 *    results hold no rounds (a short run: the window is then 5 s, much shorter than the PTS
 *    intends).
 * Partial intervals (sr_interval_partial()) never enter a round or the fallback. A series of
 * bytes/s only (SR_TPUT_BW_ONLY) is judged on bytes/s.
 */
#define SR_SS_ROUND_S 60

enum sr_ss_basis {
	SR_SS_NONE = 0,	 /* not evaluated */
	SR_SS_RUNS,	 /* stonewalled groups as rounds */
	SR_SS_ROUNDS,	 /* SR_SS_ROUND_S-second rounds of the series */
	SR_SS_INTERVALS, /* fallback: the series' intervals */
};

/* SNIA PTS verdict on a workload's throughput (steady_state.c). */
struct sr_snia {
	bool evaluated; /* enough rounds (>= 5) to judge */
	bool attained;	/* the last window meets range and slope limits */
	enum sr_ss_basis basis;
	size_t nrounds;		/* rounds (or intervals) judged */
	double first_s, last_s; /* the window in seconds of the series (start of its first round
				 * to end of its last): first attained, else last; NaN for
				 * SR_SS_RUNS (no time axis) */
	double first_round, last_round; /* the same window as round numbers (1-based) */
	double range_pct, excursion_pct;
};

/**
 * sr_series_snia() - SNIA PTS steady state of one workload's throughput, on rounds (see above).
 * @t:   the test holding @s
 * @s:   the workload's series (one of @t->series)
 * @out: verdict (evaluated false when there are fewer than 5 rounds and 5 complete intervals)
 */
void sr_series_snia(const struct sr_test *t, const struct sr_series *s, struct sr_snia *out);

/**
 * sr_series_steady_spans() - where a workload's throughput was at SNIA PTS steady state: every
 * window of 5 rounds (formed as sr_series_snia() forms them) that meets both criteria, windows
 * that overlap or touch joined into one span.
 * @t:     the test holding @s
 * @s:     the workload's series
 * @spans: out: [start, end] of each span, seconds of the series, in order
 * @max:   room in @spans (> 0); past it the last place holds the latest span
 *
 * Return: the spans written; 0 when no window met the criteria, or the rounds have no time
 * axis (SR_SS_RUNS).
 */
size_t sr_series_steady_spans(const struct sr_test *t, const struct sr_series *s,
			      double (*spans)[2], size_t max);

/**
 * sr_snia_basis_note() - how the rounds were formed, for tables ("rounds of 60 s", ...).
 * @s: a verdict
 *
 * Return: a static string.
 */
const char *sr_snia_basis_note(const struct sr_snia *s);

#endif
