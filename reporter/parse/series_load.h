/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * series_load.h - the preconditioning time series of a test, one per workload (struct sr_series
 * of 1-s intervals, model.h), filled while the results load: the logs are read here, streamed
 * into windows (log_interval.h, hist_interval.h), so only the windows enter the model.
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
 * Latency percentiles over time: the clat histogram logs also give each group's p50, p99 and
 * p99.9 per window (struct sr_pct_window, parse/hist_pct.h), in windows of the series' length or
 * log_hist_msec, lengthened to keep about 512 per group; none from too few I/Os.
 *
 * Partial intervals: an interval's jobs are the fewest jobs any of its logs (iops or bw,
 * latency, histogram) says ran through it (log_interval.h); jobs_expected is the group's job count
 * from the JSON (or the jobs its logs hold, when more). An interval with fewer jobs is kept,
 * flagged by sr_interval_partial(), and left out of every steady-state computation
 * (analyse/series.h).
 */
#ifndef SSDREPORT_PARSE_SERIES_LOAD_H
#define SSDREPORT_PARSE_SERIES_LOAD_H

#include <stdbool.h>

#include "model/model.h"
#include "util/diag.h"

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

#endif
