// SPDX-License-Identifier: GPL-2.0-only
/*
 * interval.c - a window's weighted mean and preconditioning metrics (see interval.h).
 */
#include "model/interval.h"

#include <math.h>
#include <stdbool.h>

double sr_weighted_mean(const double *v, const double *w, size_t n)
{
	double sw = 0.0, swv = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(w[i] > 0.0) || isnan(v[i]))
			continue;
		sw += w[i];
		swv += w[i] * v[i];
	}
	return sw > 0.0 ? swv / sw : NAN;
}

static bool dir_active(const struct sr_dir_interval *d)
{
	if (!isnan(d->iops))
		return d->iops > 0.0;
	return d->n > 0.0;
}

void sr_precond_metrics(const struct sr_dir_interval *rd, const struct sr_dir_interval *wr,
			struct sr_precond *out)
{
	const struct sr_dir_interval *d[2] = {rd, wr};
	double means[2], weights[2], sd_sum = 0.0, max = NAN, tput = NAN;
	bool by_iops = !isnan(rd->iops) && !isnan(wr->iops);
	int i, nsd = 0, nmean = 0;

	for (i = 0; i < 2; i++) {
		bool active = dir_active(d[i]);

		if (!isnan(d[i]->iops))
			tput = (isnan(tput) ? 0.0 : tput) + d[i]->iops;
		means[i] = active ? d[i]->mean_ns : NAN;
		weights[i] = active ? (by_iops ? d[i]->iops : d[i]->n) : 0.0;
		if (!active)
			continue;
		if (!isnan(d[i]->mean_ns))
			nmean++;
		if (!isnan(d[i]->sd_ns)) {
			sd_sum += d[i]->sd_ns;
			nsd++;
		}
		if (!isnan(d[i]->max_ns))
			max = isnan(max) ? d[i]->max_ns : fmax(max, d[i]->max_ns);
	}
	out->throughput_iops = tput;
	out->avg_lat_ns = nmean ? sr_weighted_mean(means, weights, 2) : NAN;
	out->max_lat_ns = max;
	out->sd_lat_ns = nsd ? sd_sum / nsd : NAN;
}
