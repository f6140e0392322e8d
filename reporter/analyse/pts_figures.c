// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_figures.c - the figures a PTS phase's summary row names (pts.h): the tracking cell's mean
 * over the measurement window, and the 4 KiB random reads beside the IOPS and latency tests'
 * tracked writes; WSAT's fresh-out-of-box and steady levels.
 */
#include <math.h>
#include <string.h>

#include "analyse/pts.h"

/* The cell beside a phase's tracking cell the summary names too: 4 KiB random reads beside the
 * writes the IOPS and latency tests track. */
static const struct {
	const char *test;
	int mix;
	const char *bs;
} beside[] = {{"iops", 100, "4k"}, {"latency", 100, "4k"}};

static double cell_value(const struct sr_pts_cell *c, const char *metric)
{
	return !strcmp(metric, "lat_mean") ? c->lat_mean_ns
	       : !strcmp(metric, "mbps")   ? c->mbps
					   : c->iops;
}

bool sr_pts_wsat_levels(const struct sr_pts_phase *ph, double *fob, double *steady, size_t *last)
{
	size_t k =
	    ph->nrounds < SR_PTS_WSAT_STEADY_ROUNDS ? ph->nrounds : SR_PTS_WSAT_STEADY_ROUNDS;
	double s = 0.0;

	if (!ph->def->stop_written || !k)
		return false;
	for (size_t i = ph->nrounds - k; i < ph->nrounds; i++)
		s += ph->rounds[i].tracking;
	if (isnan(s) || isnan(ph->rounds[0].tracking))
		return false;
	*fob = ph->rounds[0].tracking;
	*steady = s / (double)k;
	*last = k;
	return true;
}

size_t sr_pts_phase_figures(const struct sr_pts_test *t, const struct sr_pts_phase *ph,
			    struct sr_pts_fig *out)
{
	const struct catalogue_pts_phase *def = ph->def;
	size_t n = 0;

	if (def->stop_written) {
		/* WSAT: no window; the mean of its last 5 rounds */
		double fob, steady;
		size_t last;

		if (sr_pts_wsat_levels(ph, &fob, &steady, &last))
			out[n++] = (struct sr_pts_fig){def->track_metric, def->track_bs,
						       def->track_mix, steady, last};
		return n;
	}
	if (!ph->has_window)
		return 0;
	out[n++] =
	    (struct sr_pts_fig){def->track_metric, def->track_bs, def->track_mix, ph->w.mean, 0};
	for (size_t e = 0; e < sizeof(beside) / sizeof(beside[0]) && n < SR_PTS_PHASE_FIGS; e++) {
		long c = t->entry && t->entry->pts && !strcmp(t->entry->pts->test, beside[e].test)
			     ? sr_pts_cell_index(def, beside[e].mix, beside[e].bs)
			     : -1;
		double v;

		if (c < 0 || !ph->cells)
			continue;
		v = cell_value(&ph->cells[c], def->track_metric);
		if (!isnan(v))
			out[n++] = (struct sr_pts_fig){def->track_metric, beside[e].bs,
						       beside[e].mix, v, 0};
	}
	return n;
}
