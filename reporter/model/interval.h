/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * interval.h - one window of a log in base units: each data direction's figures, and the
 * review's four preconditioning metrics (METHODOLOGY.md §1.2) derived from them with a weighted
 * mean. Pure arithmetic on the model's data: the load stage (parse/log_interval.c,
 * series_load.c) fills a window as it streams a log, the analysis (analyse/) reads it.
 */
#ifndef SSDREPORT_MODEL_INTERVAL_H
#define SSDREPORT_MODEL_INTERVAL_H

#include <stddef.h>

/**
 * sr_weighted_mean() - sum(v_i w_i) / sum(w_i), skipping pairs with w_i <= 0 or NaN.
 * @v: values.
 * @w: weights (I/O counts, IOPS).
 * @n: number of pairs.
 *
 * Return: the mean, or NaN when no weight is positive.
 */
double sr_weighted_mean(const double *v, const double *w, size_t n);

/*
 * One data direction over one interval, in base units. Any field may be NaN when the source
 * lacks it (a log without a max column, no iops log).
 */
struct sr_dir_interval {
	double iops;	/* I/Os per second in the interval */
	double n;	/* samples behind mean/sd (I/Os, or log rows) */
	double mean_ns; /* average latency */
	double sd_ns;	/* latency standard deviation */
	double max_ns;	/* maximum latency */
};

/* The review's four preconditioning metrics (METHODOLOGY.md §1.2) for one interval. */
struct sr_precond {
	double throughput_iops; /* read + write IOPS */
	double avg_lat_ns;	/* read and write mean, weighted by IOPS, else by n */
	double max_lat_ns;	/* max of read max and write max */
	double sd_lat_ns;	/* mean of the read and write standard deviations */
};

/**
 * sr_precond_metrics() - the four preconditioning metrics from read and write figures.
 * @rd: read direction for the interval.
 * @wr: write direction for the interval.
 * @out: the metrics; a metric is NaN when neither direction provides it.
 *
 * A direction takes part only if it had I/O (iops > 0, or n > 0 when iops is NaN), so a
 * 100% write run's standard deviation is the write one, not half of it. The average weighs
 * the direction means by IOPS when both IOPS are known, otherwise by n. The stddev is the
 * plain mean of the directions' stddevs, the review's definition ("read and write standard
 * deviations averaged together"), not a pooled stddev.
 */
void sr_precond_metrics(const struct sr_dir_interval *rd, const struct sr_dir_interval *wr,
			struct sr_precond *out);

#endif
