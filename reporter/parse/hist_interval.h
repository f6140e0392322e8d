/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hist_interval.h - merge the per-job clat histogram logs of one test (fio_hist_log.h) into fixed
 * time windows: per window and data direction the I/O count, mean, standard deviation and maximum
 * completion latency, each with its error bound from the histogram's bucket widths.
 *
 * Windows: fio writes a histogram row at the first completion after a period of log_hist_msec
 * (A) has passed since the previous row, on the job's own clock, so the row stamped t ends the
 * job's period p = floor((t + 2) / A) and falls in window floor((p - 1) A / window_ms), as in
 * log_interval.h: with A = window_ms = 1000 a job's first row, at 1346 ms, is its first second.
 * Jobs (files, or the jobs of a per_job_logs=0 file) are counted per window as in
 * log_interval.h: a job ran through a window when the last period it logged ended at or after
 * the window's end. Rows of every
 * file (job) in a window are
 * merged exactly: count, sum and sum of squared deviations combine across rows (Chan et al.'s
 * pairwise update), so the result equals the figures of the merged histogram. Memory is one
 * accumulator per window, whatever the size of the logs.
 *
 * Values are bucket midpoints (fio_hist_log.h); with delta_i the half-span of the bucket of
 * sample i, the figures are off from those of the true latencies by at most:
 *   max:  the delta of the highest non-empty bucket;
 *   mean: sum(delta_i) / n;
 *   sd:   sqrt(sum(delta_i^2) / (n - 1)) (centering is a projection, so the stddev moves no more
 *         than the samples do, in the Euclidean norm).
 * The standard deviation is the sample one (n - 1), as fio prints.
 */
#ifndef SSDREPORT_HIST_INTERVAL_H
#define SSDREPORT_HIST_INTERVAL_H

#include <stddef.h>
#include <stdint.h>

#include "parse/fio_log.h"

/* One direction in one window; latencies in ns, NaN where n is too small (mean, max: n 0; sd: n <
 * 2). */
struct sr_hist_dir {
	uint64_t n; /* I/Os that completed in the window, all jobs */
	double mean_ns, sd_ns, max_ns;
	double mean_err_ns, sd_err_ns, max_err_ns; /* bounds, see the file comment */
};

struct sr_hist_interval {
	uint64_t start_ms;
	uint32_t width_ms;
	struct sr_hist_dir dir[SR_DDIR_NR];
	unsigned jobs; /* jobs whose histogram log ran through the window */
};

struct sr_hist_agg;
struct sr_hist_pct;

/**
 * sr_hist_agg_new() - an empty aggregation.
 * @out:       the aggregation
 * @window_ms: window length, ms, > 0
 *
 * Return: 0, -EINVAL for window_ms 0, -ENOMEM.
 */
int sr_hist_agg_new(struct sr_hist_agg **out, uint32_t window_ms);

/**
 * sr_hist_agg_set_end() - refuse rows stamped after the end of the run (as sr_log_agg_set_end()).
 * @a:      the aggregation
 * @end_ms: the latest time a row can have, ms; 0 for no bound but 2^24 windows
 */
void sr_hist_agg_set_end(struct sr_hist_agg *a, uint64_t end_ms);

/**
 * sr_hist_agg_want_pct() - also keep completion-latency percentiles per window of @window_ms
 * (hist_pct.h), from the rows added after this call. A row that cannot be placed (a window past
 * SR_HIST_PCT_MAX_WINDOWS, another bucket layout) drops them: sr_hist_agg_pct() is then NULL.
 * Return: 0, -EINVAL for 0 ms, -ENOMEM.
 */
int sr_hist_agg_want_pct(struct sr_hist_agg *a, uint32_t window_ms);

/* sr_hist_agg_pct() - the percentiles' windows, NULL when not wanted or dropped. */
const struct sr_hist_pct *sr_hist_agg_pct(const struct sr_hist_agg *a);

/**
 * sr_hist_agg_add_file() - stream one histogram log (one job) into the aggregation.
 * @a:      the aggregation
 * @path:   a *_clat_hist[.N].log file
 * @ns_per: ns per unit of the log's buckets: 1 (fio 3.x) or 1000 (fio 2.x, usec)
 * @avg_ms: the job's log_hist_msec, ms; 0 when not known (then taken as the window length)
 * @err:    buffer for a one-line message naming the file and line, or NULL
 * @errlen: size of @err
 *
 * Return: 0; -EINVAL for a malformed line, a time beyond 2^24 windows or after the end set by
 * sr_hist_agg_set_end(); -ENOMEM; -errno.
 */
int sr_hist_agg_add_file(struct sr_hist_agg *a, const char *path, double ns_per, uint32_t avg_ms,
			 char *err, size_t errlen);

/* sr_hist_agg_count() - windows from 0 to the last one holding a row (0 when none). */
size_t sr_hist_agg_count(const struct sr_hist_agg *a);

/* sr_hist_agg_jobs() - jobs whose histogram logs were added (0 when none). */
unsigned sr_hist_agg_jobs(const struct sr_hist_agg *a);

/**
 * sr_hist_agg_get() - the figures of window @i.
 * @a:   the aggregation
 * @i:   window index, < sr_hist_agg_count()
 * @out: the window
 *
 * Return: 0, or -ERANGE for @i out of range.
 */
int sr_hist_agg_get(const struct sr_hist_agg *a, size_t i, struct sr_hist_interval *out);

/* sr_hist_agg_free() - free an aggregation (NULL is a no-op). */
void sr_hist_agg_free(struct sr_hist_agg *a);

#endif
