/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stats.h - pure statistics for aggregating fio results: combining N/mean/stddev groups,
 * the samples between two cumulative snapshots, weighted means, percentiles and exceedance
 * from json+ latency bins, and the review's four preconditioning metrics per interval.
 *
 * Standard deviation convention: fio reports the sample standard deviation,
 * sqrt(S / (N - 1)) with S the sum of squared deviations (stat.c calc_lat(); 0 when N <= 1),
 * and merges groups with the parallel algorithm of Chan et al. (stat.c sum_stat()). Every
 * function here takes and returns that same convention, so fio's figures go in and out
 * unchanged.
 */
#ifndef SSDREPORT_STATS_H
#define SSDREPORT_STATS_H

#include <stddef.h>
#include <stdint.h>

/* A group of samples: count, mean, sample standard deviation (N - 1), in any one unit. */
struct sr_nms {
	uint64_t n;
	double mean;
	double sd;
};

/**
 * sr_nms_combine() - N/mean/stddev of the union of several groups.
 * @groups: the groups (a group with n == 0 is ignored).
 * @count: number of groups.
 * @out: the union; n = 0, mean = sd = 0 when every group is empty.
 *
 * S_i = sd_i^2 (n_i - 1); merging A and B: n = nA + nB, mean = (nA mA + nB mB) / n,
 * S = SA + SB + (mB - mA)^2 nA nB / n (Chan, Golub, LeVeque 1979; fio stat.c sum_stat()).
 *
 * Return: 0, or -EINVAL for a negative or non-finite sd or mean.
 */
int sr_nms_combine(const struct sr_nms *groups, size_t count, struct sr_nms *out);

/**
 * sr_nms_between() - stats of the samples added between two cumulative snapshots.
 * @before: snapshot at the start of the interval (e.g. one --status-interval JSON).
 * @after: later snapshot of the same counter.
 * @between: the samples in (before, after]; n = 0 when nothing happened.
 *
 * The inverse of sr_nms_combine() for two groups: nB = n2 - n1,
 * mB = (n2 m2 - n1 m1) / nB, SB = S2 - S1 - (mB - m1)^2 n1 nB / n2. A slightly negative SB
 * from fio's 6-decimal rounding is clamped to 0.
 *
 * Return: 0, or -EINVAL when after.n < before.n (the snapshots are not of one run, or in
 * the wrong order).
 */
int sr_nms_between(const struct sr_nms *before, const struct sr_nms *after, struct sr_nms *between);

/**
 * sr_weighted_mean() - sum(v_i w_i) / sum(w_i), skipping pairs with w_i <= 0 or NaN.
 * @v: values.
 * @w: weights (I/O counts, IOPS).
 * @n: number of pairs.
 *
 * Return: the mean, or NaN when no weight is positive.
 */
double sr_weighted_mean(const double *v, const double *w, size_t n);

/* One json+ latency bin: fio's key is the bucket's representative value (ns in fio 3.x). */
struct sr_stats_bin {
	uint64_t value;
	uint64_t count;
};

/**
 * sr_bins_sort() - sort bins by value, ascending (json key order is not guaranteed).
 * @bins: the bins.
 * @n: number of bins.
 */
void sr_bins_sort(struct sr_stats_bin *bins, size_t n);

/**
 * sr_bins_percentile() - a completion-latency percentile from json+ bins, as fio computes it.
 * @bins: bins sorted by value.
 * @n: number of bins.
 * @pct: percentile in (0, 100].
 * @out: the value of the first bin at which the running count reaches pct/100 of the total
 *	 (fio stat.c calc_clat_percentiles(): the bucket's representative value).
 *
 * Return: 0, -ENODATA when the bins hold no sample, -EINVAL for pct outside (0, 100] or
 * unsorted bins.
 */
int sr_bins_percentile(const struct sr_stats_bin *bins, size_t n, double pct, uint64_t *out);

/**
 * sr_bins_exceedance() - fraction of I/Os slower than each bin value.
 * @bins: bins sorted by value.
 * @n: number of bins.
 * @frac: output, n entries: frac[i] = (count of samples in bins after i) / total, i.e. the
 *	  fraction of I/Os with latency above bins[i].value; frac[n-1] is 0.
 *
 * Return: 0, -ENODATA when the bins hold no sample, -EINVAL for unsorted bins.
 */
int sr_bins_exceedance(const struct sr_stats_bin *bins, size_t n, double *frac);

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
