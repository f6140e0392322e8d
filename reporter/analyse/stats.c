// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats.c - group statistics, percentiles from bins (see stats.h).
 */
#include "analyse/stats.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

/* Sum of squared deviations from a sample stddev (fio's S). */
static double nms_s(const struct sr_nms *g)
{
	return g->n > 1 ? g->sd * g->sd * (double)(g->n - 1) : 0.0;
}

static double sd_from_s(double s, uint64_t n)
{
	if (n <= 1 || s <= 0.0)
		return 0.0;
	return sqrt(s / (double)(n - 1));
}

int sr_nms_combine(const struct sr_nms *groups, size_t count, struct sr_nms *out)
{
	uint64_t n = 0;
	double mean = 0.0, s = 0.0;
	size_t i;

	for (i = 0; i < count; i++) {
		const struct sr_nms *g = &groups[i];
		double delta, total;

		if (g->n == 0)
			continue;
		if (!isfinite(g->mean) || !isfinite(g->sd) || g->sd < 0.0)
			return -EINVAL;
		if (n == 0) {
			n = g->n;
			mean = g->mean;
			s = nms_s(g);
			continue;
		}
		total = (double)n + (double)g->n;
		delta = g->mean - mean;
		s += nms_s(g) + delta * delta * (double)n * (double)g->n / total;
		mean = (mean * (double)n + g->mean * (double)g->n) / total;
		n += g->n;
	}
	out->n = n;
	out->mean = n ? mean : 0.0;
	out->sd = sd_from_s(s, n);
	return 0;
}

int sr_nms_between(const struct sr_nms *before, const struct sr_nms *after, struct sr_nms *between)
{
	double nb, mb, delta, sb;

	if (after->n < before->n)
		return -EINVAL;
	if (after->n == before->n) {
		between->n = 0;
		between->mean = between->sd = 0.0;
		return 0;
	}
	if (before->n == 0) {
		*between = *after;
		return 0;
	}
	nb = (double)(after->n - before->n);
	mb = ((double)after->n * after->mean - (double)before->n * before->mean) / nb;
	delta = mb - before->mean;
	sb = nms_s(after) - nms_s(before) -
	     delta * delta * (double)before->n * nb / (double)after->n;
	between->n = after->n - before->n;
	between->mean = mb;
	between->sd = sd_from_s(sb < 0.0 ? 0.0 : sb, between->n);
	return 0;
}

static int bin_cmp(const void *a, const void *b)
{
	const struct sr_stats_bin *x = a, *y = b;

	return (x->value > y->value) - (x->value < y->value);
}

void sr_bins_sort(struct sr_stats_bin *bins, size_t n) { qsort(bins, n, sizeof(*bins), bin_cmp); }

/* Total count of sorted bins. Return: 0, -EINVAL if unsorted, -ENODATA if empty. */
static int bins_total(const struct sr_stats_bin *bins, size_t n, uint64_t *total)
{
	size_t i;

	*total = 0;
	for (i = 0; i < n; i++) {
		if (i > 0 && bins[i].value <= bins[i - 1].value)
			return -EINVAL;
		*total += bins[i].count;
	}
	return *total ? 0 : -ENODATA;
}

int sr_bins_percentile(const struct sr_stats_bin *bins, size_t n, double pct, uint64_t *out)
{
	uint64_t total, sum = 0;
	long double target;
	size_t i;
	int ret;

	if (!(pct > 0.0 && pct <= 100.0))
		return -EINVAL;
	ret = bins_total(bins, n, &total);
	if (ret)
		return ret;
	/* fio compares the running sum with pct / 100 * N in long double: same here */
	target = (long double)pct / 100.0L * (long double)total;
	for (i = 0; i < n; i++) {
		sum += bins[i].count;
		if ((long double)sum >= target) {
			*out = bins[i].value;
			return 0;
		}
	}
	*out = bins[n - 1].value; /* rounding of target above total: the last bin */
	return 0;
}

int sr_bins_exceedance(const struct sr_stats_bin *bins, size_t n, double *frac)
{
	uint64_t total, above;
	size_t i;
	int ret;

	ret = bins_total(bins, n, &total);
	if (ret)
		return ret;
	above = total;
	for (i = 0; i < n; i++) {
		above -= bins[i].count;
		frac[i] = (double)above / (double)total;
	}
	return 0;
}
