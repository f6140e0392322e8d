// SPDX-License-Identifier: GPL-2.0-only
/* snapshots.c - preconditioning metrics from --status-interval snapshots (see snapshots.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "analyse/snapshots.h"
#include "analyse/stats.h"

/* One direction of one snapshot, every job together. */
struct cum {
	double ios;	    /* total_ios */
	struct sr_nms clat; /* combined clat N/mean/stddev */
	double max;	    /* running clat max, NaN when no job gives one */
};

static struct sr_value v_of(double x)
{
	return isfinite(x) ? sr_val(x) : (struct sr_value){x, SR_INVALID};
}

static int cumulate(const struct sr_test *t, int dir, struct cum *c, double *runtime_ms)
{
	struct sr_nms *g = calloc(t->nruns + 1, sizeof(*g));
	size_t ng = 0;
	int rc;

	if (!g)
		return -ENOMEM;
	*c = (struct cum){.max = NAN};
	for (size_t i = 0; i < t->nruns; i++) {
		const struct sr_dir *s = &t->runs[i].dir[dir];

		if (t->runs[i].all_clients || !s->present)
			continue;
		if (sr_ok(s->total_ios))
			c->ios += s->total_ios.v;
		if (sr_ok(s->runtime_ms) && s->runtime_ms.v > *runtime_ms)
			*runtime_ms = s->runtime_ms.v;
		if (sr_ok(s->clat.n) && s->clat.n.v > 0 && sr_ok(s->clat.mean) &&
		    sr_ok(s->clat.stddev))
			g[ng++] = (struct sr_nms){(uint64_t)s->clat.n.v, s->clat.mean.v,
						  s->clat.stddev.v};
		if (sr_ok(s->clat.max) && !(s->clat.max.v <= c->max))
			c->max = s->clat.max.v;
	}
	rc = sr_nms_combine(g, ng, &c->clat);
	free(g);
	return rc;
}

/* Read+write max of the interval: see snapshots.h. */
static double interval_max(const double known[2], const double bound[2], const bool active[2])
{
	double best = NAN;

	for (int i = 0; i < 2; i++)
		if (active[i] && !isnan(known[i]) && !(known[i] <= best))
			best = known[i];
	for (int i = 0; i < 2; i++)
		if (active[i] && isnan(known[i]) && !(bound[i] <= best))
			return NAN;
	return best;
}

static int one_interval(const struct cum b[2], const struct cum a[2], double t0_ms, double t1_ms,
			struct sr_interval *out, struct sr_diag *d, size_t k)
{
	struct sr_dir_interval di[2];
	double known[2], bound[2], dt = (t1_ms - t0_ms) / 1000.0;
	bool active[2];
	struct sr_precond pc;

	if (!(dt > 0))
		return sr_error(d, NULL, (size_t)-1,
				"document %zu: runtime %g ms does not grow (expected "
				"--status-interval snapshots of one run)",
				k + 1, t1_ms);
	for (int i = 0; i < 2; i++) {
		struct sr_nms between;

		if (a[i].ios < b[i].ios || sr_nms_between(&b[i].clat, &a[i].clat, &between))
			return sr_error(d, NULL, (size_t)-1,
					"document %zu: %s I/O count goes backwards (expected "
					"snapshots of one run)",
					k + 1, i ? "write" : "read");
		di[i] = (struct sr_dir_interval){
		    .iops = (a[i].ios - b[i].ios) / dt,
		    .n = (double)between.n,
		    .mean_ns = between.n ? between.mean : NAN,
		    .sd_ns = between.n > 1 ? between.sd : NAN,
		    .max_ns = NAN,
		};
		active[i] = di[i].iops > 0;
		bound[i] = a[i].max;
		known[i] =
		    !isnan(a[i].max) && (isnan(b[i].max) || a[i].max > b[i].max) ? a[i].max : NAN;
	}
	sr_precond_metrics(&di[0], &di[1], &pc);
	*out = (struct sr_interval){
	    .t_s = t1_ms / 1000.0,
	    .iops = v_of(pc.throughput_iops),
	    .lat_mean = v_of(pc.avg_lat_ns),
	    .lat_max = v_of(interval_max(known, bound, active)),
	    .lat_sd = v_of(pc.sd_lat_ns),
	};
	return 0;
}

int sr_snapshot_intervals(const struct sr_test *docs, size_t n, struct sr_interval **out,
			  struct sr_diag *d)
{
	struct cum before[2] = {{.max = NAN}, {.max = NAN}}, after[2];
	struct sr_interval *iv = calloc(n + 1, sizeof(*iv));
	double t0 = 0;
	int rc = 0;

	if (!iv)
		return -ENOMEM;
	for (size_t k = 0; k < n && !rc; k++) {
		double t1 = 0;

		if (docs[k].nruns != docs[0].nruns) {
			rc = sr_error(d, NULL, (size_t)-1,
				      "document %zu has %zu jobs, document 1 has %zu (expected "
				      "snapshots of one run)",
				      k + 1, docs[k].nruns, docs[0].nruns);
			break;
		}
		for (int i = 0; i < 2 && !rc; i++)
			rc = cumulate(&docs[k], i, &after[i], &t1);
		if (rc == -EINVAL)
			rc = sr_error(d, NULL, (size_t)-1,
				      "document %zu: clat N/mean/stddev unusable", k + 1);
		if (!rc)
			rc = one_interval(before, after, t0, t1, &iv[k], d, k);
		before[0] = after[0];
		before[1] = after[1];
		t0 = t1;
	}
	if (rc) {
		free(iv);
		return rc;
	}
	*out = iv;
	return 0;
}
