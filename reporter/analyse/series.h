/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * series.h - the preconditioning time series of a test, one per workload (struct sr_series of
 * 1-s intervals, model.h), and the SNIA PTS steady-state verdict of each.
 *
 * Workloads. The test's JSON entries are taken group by group (fio's groupid). A group that
 * waited for the ones before it (stonewall) and whose first entry has the job options of an
 * earlier such group (rw, bs, numjobs, iodepth, and rwmixread for a mixed rw) is another round
 * of that workload: SNIA PTS runs each round as one stonewalled job of the same workload. Any
 * other group is a workload of its own, and so is each group of a set that ran at once (new_group
 * without stonewall: ssd-review's drive groups, one group per drive). Entries of one group ran
 * together and are summed; workloads are never added to one another. The rounds of a workload
 * follow each other on its time axis: round r starts where round r - 1 ended (its fio runtime).
 *
 * Logs. fio numbers its jobs 1, 2, ... in job-file order (a section's numjobs clones right after
 * it) and names each job's logs <name>_iops.<N>.log; the JSON holds one entry per job, or one
 * per group with group_reporting (numjobs jobs), so log N belongs to the group whose jobs span
 * N. When the logs cannot be placed so (per_job_logs=0 names, client/server output, more logs
 * than the JSON has jobs) and the test has more than one group, the logs are not used (warned).
 *
 * Source of a group's intervals, in order: its fio logs beside the JSON (<test-id>_{iops,bw,
 * clat|lat}.N.log, merged by log_interval.c), with maximum latency and latency stddev taken from
 * the clat histogram logs (<test-id>_clat_hist.N.log, hist_interval.c) when there are some
 * (bucket midpoints; the error bounds are in hist_interval.h); the histogram logs alone when
 * there are no value logs; else fio's steadystate data.iops[] (throughput only, the last ss_dur
 * seconds). Windows are 1 s (log_avg_msec when that is longer); window k of a group holds every
 * job's own k-th second (fio stamps a row at the end of the period it averages, on the job's
 * clock: log_interval.h).
 *
 * Throughput: the iops logs; else the bw logs (KiB/s in fio 2.x and 3.x, kept in bytes/s in
 * .bw) divided by bs from the job options when every I/O has that one size; with bssplit,
 * bsrange or different sizes per direction no I/O rate follows from bytes/s, so the series has
 * bytes/s only (SR_TPUT_BW_ONLY, .iops absent); else the histogram logs' I/O counts.
 *
 * Partial intervals: an interval's jobs are the fewest jobs any of its logs (iops or bw,
 * latency, histogram) says ran through it (log_interval.h); jobs_expected is the group's job count
 * from the JSON (or the jobs its logs hold, when more). An interval with fewer jobs is kept,
 * flagged by sr_interval_partial(), and left out of every steady-state computation here.
 */
#ifndef SSDREPORT_SERIES_H
#define SSDREPORT_SERIES_H

#include <stdbool.h>

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_series_attach() - fill @t->series, one per workload, from the logs in @dir, else in
 * @dir/logs, else from fio's steadystate data.
 * @t:      the test (t->id and t->fio_version select the logs and their unit; t->runs the
 *          workloads, job numbers, bs and log_avg_msec)
 * @dir:    directory holding the test's JSON (ssd-review puts the logs in its logs/ subdirectory),
 *          NULL for none
 * @single: @t is the only test in @dir, so logs of any name belong to it
 * @d:      diagnostics (a malformed log, or logs that cannot be placed in a group, are warned
 *          about and not used)
 *
 * A workload without logs or steadystate data gets a series with no intervals (its rounds can
 * still be judged, sr_series_snia()).
 *
 * Return: 0 or -ENOMEM.
 */
int sr_series_attach(struct sr_test *t, const char *dir, bool single, struct sr_diag *d);

/* One test whose series sr_series_attach_all() fills (the arguments of sr_series_attach()). */
struct sr_series_job {
	struct sr_test *t;
	const char *dir;
	bool single;
	/* the diagnostics' state when the test's JSON was read (sr_diag: file, warned), so that
	 * its warnings read and are told once as they would be right after it */
	const char *file;
	unsigned warned;
};

/**
 * sr_series_attach_all() - sr_series_attach() on each of @jobs, on up to @threads threads.
 * @jobs:    the tests, independent of each other
 * @n:       their number
 * @threads: threads to use (1: in the calling thread, in order)
 * @d:       diagnostics: each job's warnings are written in the order of @jobs, as one thread
 *           would write them, so the output does not depend on @threads
 *
 * The tests' logs are the largest part of a review's input (hours of per-second histograms per
 * preconditioning); the tests share nothing, so each thread takes the next job in turn.
 *
 * Return: 0 or -ENOMEM (the first failing job's; the others still run).
 */
int sr_series_attach_all(struct sr_series_job *jobs, size_t n, unsigned threads, struct sr_diag *d);

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
