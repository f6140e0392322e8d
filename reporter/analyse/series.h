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

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_series_attach() - fill @t->series from the logs in @dir, else in @dir/logs.
 * @t:      the test (t->id and t->fio_version select the logs and their unit)
 * @dir:    directory holding the test's JSON (ssd-review puts the logs in its logs/ subdirectory),
 *          NULL for none
 * @single: @t is the only test in @dir, so logs of any name belong to it
 * @d:      diagnostics (a malformed log is warned about and the series left empty)
 *
 * Return: 0 or -ENOMEM.
 */
int sr_series_attach(struct sr_test *t, const char *dir, bool single, struct sr_diag *d);

/*
 * SNIA PTS steady state is judged on rounds (PTS-E 1.1 §2.1, §3: a measurement window of 5
 * rounds). ssd-review preconditions with one time-based fio job (jobfiles/precond-*.fio), so the
 * results hold no rounds of their own; the reporter forms them, in this order:
 *  - SR_SS_RUNS: the test's JSON holds at least 5 stonewalled jobs (distinct groupid) of one
 *    workload (same rw, bs, T, Q): each job is one round, y = its read + write IOPS;
 *  - SR_SS_ROUNDS: the throughput series spans at least 5 rounds of SR_SS_ROUND_S seconds (the
 *    PTS's one-minute round element): y = the mean IOPS of each whole round (a round with fewer
 *    than half its intervals valid is left out);
 *  - SR_SS_INTERVALS: otherwise the 1-s intervals themselves, with a note that the results hold
 *    no rounds (a short run: the window is then 5 s, much shorter than the PTS intends).
 */
#define SR_SS_ROUND_S 60

enum sr_ss_basis {
	SR_SS_NONE = 0,	 /* not evaluated */
	SR_SS_RUNS,	 /* stonewalled jobs as rounds */
	SR_SS_ROUNDS,	 /* SR_SS_ROUND_S-second rounds of the series */
	SR_SS_INTERVALS, /* fallback: the series' intervals */
};

/* SNIA PTS verdict on a test's throughput (steady_state.c). */
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
 * sr_series_snia() - SNIA PTS steady state of @t's throughput, on rounds (see above).
 * @t:   the test
 * @out: verdict (evaluated false when there are fewer than 5 rounds and 5 valid intervals)
 */
void sr_series_snia(const struct sr_test *t, struct sr_snia *out);

/**
 * sr_snia_basis_note() - how the rounds were formed, for tables ("rounds of 60 s", ...).
 * @s: a verdict
 *
 * Return: a static string.
 */
const char *sr_snia_basis_note(const struct sr_snia *s);

#endif
