/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * log_interval.h - merge the per-job fio logs of one test into fixed time windows and derive
 * the review's four preconditioning metrics per window (METHODOLOGY.md §1.2).
 *
 * fio writes one log per job and kind (name_iops.1.log, name_iops.2.log ...; or one file with
 * every job appended when per_job_logs=0). Files are streamed one after another; memory is
 * one accumulator per window (duration / window), whatever the size of the logs.
 *
 * Windows: fio stamps a windowed row (log_avg_msec > 0, bs column 0) when it writes it, at the
 * end of the period it averages, on the job's own clock (each job's time starts at its own
 * start), a few ms late or up to 2 ms early (fio's LOG_MSEC_SLACK); its periods are the job's
 * [(p - 1) A, p A) for p = 1, 2, ... with A = log_avg_msec. So the row stamped t ends period
 * p = floor((t + 2) / A) and falls in window floor((p - 1) A / window_ms): with A = window_ms =
 * 1000, a job's first row, at 1013 ms, is the first second (window 0), whatever the other jobs'
 * rows say. A row less than three quarters of a period after the job's row before it (same
 * direction) is fio's last row of the job, written at its exit for the period it stopped in
 * (3507 ms after 3003: the fourth second, which the job did not run through: that window is
 * partial). A is sr_log_opts.avg_ms, or window_ms
 * when that is 0. A per-I/O row (bs column not 0, log_avg_msec=0) is stamped when its I/O
 * completed: window floor(t / window_ms).
 *
 * Jobs: each file is one job (fio's per_job_logs=1 names, <name>_iops.N.log); a file written
 * with per_job_logs=0 holds the jobs one after another, and a row stamped a window or more
 * before the one above it starts the next job. A job ran through window k when the last period
 * it logged (its last I/O, for per-I/O rows) ended at or after the end of k: every window before
 * its last row, and the one its last row is in when that row ends the window's last period. A
 * window it ran through but has no row in is one it completed no I/O in (fio writes no row for
 * a period without I/O): its share there is 0. The jobs that ran through each window are
 * counted per kind of log (iops, bw, latency), so a caller can tell a window that every job ran
 * through from one that only some did (usually the last: the jobs stop a few ms apart and log
 * different numbers of rows).
 *
 * What is computed per window and data direction (values scaled to IOPS, bytes/s, ns):
 *   iops / bw: per file, the mean of that file's windowed rows in the window (one job's
 *     rate; several rows when log_avg_msec < window_ms) plus, for per-I/O rows (bs != 0,
 *     log_avg_msec=0), their I/Os (iops log) or bytes (bs column, bw log) divided by the window
 *     length; then summed over files (jobs). bw logs are KiB/s (fio 2.x and 3.x), scaled to
 *     bytes/s.
 *     0 when an iops (bw) log was given but has no row for that direction in the window,
 *     NaN when no iops (bw) log was given at all.
 *   latency (one of lat/clat/slat; clat is the review's latency): every row of every file
 *     in the window is one sample: n = rows, mean = their mean (each job's window mean
 *     weighted equally, an I/O-weighted mean needs per-job IOPS pairing that fio's separate
 *     files do not give reliably), sd = sample stddev (N - 1) of those row values, i.e. the
 *     spread of the per-job window means across jobs and sub-windows, NOT the per-I/O stddev
 *     (fio's windowed logs do not keep it; use status-interval snapshots and
 *     sr_nms_between() for that). With per-I/O rows (log_avg_msec=0) the rows are the I/Os
 *     and mean/sd are the per-I/O figures. max = largest window max when the log has one
 *     (log_window_value=both), else the largest row value; max_exact says which.
 *   precond: sr_precond_metrics() on read and write.
 */
#ifndef SSDREPORT_LOG_INTERVAL_H
#define SSDREPORT_LOG_INTERVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "parse/fio_log.h"
#include "model/interval.h"

struct sr_log_interval {
	uint64_t start_ms; /* window start, ms since the jobs started */
	uint32_t width_ms;
	struct sr_dir_interval dir[SR_DDIR_NR]; /* n = latency rows in the window */
	double bw_bytes[SR_DDIR_NR];		/* bytes/s, NaN without bw logs */
	bool max_exact;				/* every latency row carried a true max */
	struct sr_precond precond;		/* the four metrics from read and write */
	unsigned iops_jobs, bw_jobs, lat_jobs;	/* jobs whose iops / bw / latency log ran
						 * through the window (see Jobs above) */
};

struct sr_log_agg;

/**
 * sr_log_agg_new() - create an empty aggregation.
 * @out: the aggregation.
 * @window_ms: window length in ms (e.g. 1000 for 1 s, or the jobs' log_avg_msec), > 0.
 *
 * Return: 0, -EINVAL for window_ms == 0, -ENOMEM.
 */
int sr_log_agg_new(struct sr_log_agg **out, uint32_t window_ms);

/**
 * sr_log_agg_set_end() - refuse rows stamped after the end of the run.
 * @a:      the aggregation.
 * @end_ms: the latest time a row can have, ms on the jobs' clocks (the run's elapsed time);
 *          0 for no bound but 2^24 windows.
 *
 * Memory is one accumulator per window up to the latest row, so a row stamped far beyond the
 * run (a damaged log) would cost gigabytes; with the bound it is a malformed line instead.
 */
void sr_log_agg_set_end(struct sr_log_agg *a, uint64_t end_ms);

/**
 * sr_log_agg_add_file() - stream one log file into the aggregation.
 * @a: the aggregation.
 * @path: an iops, bw, lat, clat or slat log (kind from the name, sr_log_parse_name()).
 * @opts: layout flags and latency unit for this file, or NULL (ns, auto layout).
 * @err: buffer for a one-line message naming the file and line, or NULL.
 * @errlen: size of @err.
 *
 * On error the rows already read from this file stay in the aggregation; callers treat
 * the whole aggregation as failed.
 *
 * Return: 0; -EINVAL for a malformed line, a name that is no value log, a latency kind other
 * than the first one given, or a time beyond 2^24 windows or after the end set by
 * sr_log_agg_set_end(); -ENOMEM; -errno from the file.
 */
int sr_log_agg_add_file(struct sr_log_agg *a, const char *path, const struct sr_log_opts *opts,
			char *err, size_t errlen);

/**
 * sr_log_agg_count() - number of windows, from window 0 to the last one holding a row.
 * @a: the aggregation.
 *
 * Return: the count (0 when no row was read).
 */
size_t sr_log_agg_count(const struct sr_log_agg *a);

/**
 * sr_log_agg_get() - the figures of one window.
 * @a: the aggregation.
 * @i: window index, < sr_log_agg_count().
 * @out: the window.
 *
 * Return: 0, or -ERANGE for i out of range.
 */
int sr_log_agg_get(const struct sr_log_agg *a, size_t i, struct sr_log_interval *out);

/**
 * sr_log_agg_jobs() - jobs whose logs of one kind were added (files, or the jobs of a
 * per_job_logs=0 file).
 * @a:    the aggregation.
 * @kind: SR_LOG_IOPS, SR_LOG_BW, or a latency kind (lat, clat, slat: the one added).
 *
 * Return: the count; 0 for a kind no file was added of, or SR_LOG_UNKNOWN / SR_LOG_HIST.
 */
unsigned sr_log_agg_jobs(const struct sr_log_agg *a, enum sr_log_kind kind);

/**
 * sr_log_agg_free() - free an aggregation (NULL is a no-op).
 * @a: the aggregation.
 */
void sr_log_agg_free(struct sr_log_agg *a);

#endif
