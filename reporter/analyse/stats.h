/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stats.h - pure statistics for aggregating fio results: combining N/mean/stddev groups,
 * the samples between two cumulative snapshots, percentiles and exceedance from json+ latency
 * bins. The weighted mean and the review's four preconditioning metrics per interval are the
 * model's (model/interval.h: the load stage fills them as it reads a log), included here.
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

#include "model/interval.h"

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

#endif
