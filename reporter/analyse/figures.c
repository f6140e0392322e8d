// SPDX-License-Identifier: GPL-2.0-only
/* figures.c - the figures a review prints (see figures.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/figures.h"
#include "analyse/series.h"
#include "analyse/stats.h"

static const struct sr_value absent = {0, SR_ABSENT};

int sr_metric_parse(const char *name, enum sr_metric *m, double *pct)
{
	static const struct {
		const char *name;
		enum sr_metric m;
	} names[] = {{"iops", SR_M_IOPS},
		     {"mbps", SR_M_BW},
		     {"lat_mean", SR_M_LAT_MEAN},
		     {"lat_max", SR_M_LAT_MAX},
		     {"lat_sd", SR_M_LAT_SD}};
	char *end;

	*pct = 0;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i].name)) {
			*m = names[i].m;
			return 0;
		}
	if (name[0] != 'p')
		return -EINVAL;
	*pct = strtod(name + 1, &end);
	if (end == name + 1 || *end || *pct <= 0 || *pct >= 100)
		return -EINVAL;
	*m = SR_M_PCT;
	return 0;
}

bool sr_pct_clamped(struct sr_value pct_ns, struct sr_value max_ns)
{
	if (!sr_ok(pct_ns) || !sr_ok(max_ns) || max_ns.v <= pct_ns.v)
		return false;
	return fabs(pct_ns.v - SR_FIO_HIST_CEILING_NS) < 1 ||
	       fabs(pct_ns.v - SR_FIO2_HIST_CEILING_NS) < 1;
}

double sr_pct_min_ios(double pct) { return pct < 100 ? 100 / (100 - pct) : INFINITY; }

struct sr_fig sr_pct_fig(struct sr_value v, double pct, struct sr_value max, struct sr_value ios)
{
	struct sr_fig f = {v, sr_pct_clamped(v, max)};

	/* 1e-6 I/O: 100 / (100 - 99.99) is 9999.99999... in binary */
	if (sr_ok(v) && sr_ok(max) && sr_ok(ios) && ios.v > 0 &&
	    ios.v < sr_pct_min_ios(pct) - 1e-6) {
		f.v = max;
		f.is_max = true;
		f.clamped = false;
	}
	return f;
}

/* A percentile of one direction: fio's own when it printed it (one run), else the merged one. */
static struct sr_value pct_of(const struct sr_dir_fig *f, double pct)
{
	struct sr_value v = absent;

	for (int q = 0; q < SR_NQOS; q++)
		if (fabs(sr_qos_pcts[q] - pct) < 1e-6)
			v = f->qos[q];
	if (!sr_ok(v) && f->dist)
		v = sr_lat_pct(f->dist, pct);
	return v;
}

static struct sr_fig one(const struct sr_dir_fig *f, enum sr_metric m, double pct)
{
	struct sr_fig out = {absent, false};

	if (!f->present)
		return out;
	switch (m) {
	case SR_M_IOPS:
		out.v = f->iops;
		break;
	case SR_M_BW:
		out.v = f->bw;
		break;
	case SR_M_LAT_MEAN:
		out.v = f->mean;
		break;
	case SR_M_LAT_MAX:
		out.v = f->max;
		break;
	case SR_M_LAT_SD:
		out.v = f->sd;
		break;
	case SR_M_PCT:
		out = sr_pct_fig(pct_of(f, pct), pct, f->max, f->ios);
		break;
	}
	return out;
}

/* I/Os of a direction, as the weight of its latency figures. */
static double weight(const struct sr_dir_fig *f)
{
	return f->present && sr_ok(f->iops) ? f->iops.v : 0;
}

static struct sr_fig both(const struct sr_result *r, enum sr_metric m, double pct)
{
	struct sr_fig f[2] = {one(&r->dir[0], m, pct), one(&r->dir[1], m, pct)}, out = {absent};
	bool ok[2] = {sr_ok(f[0].v), sr_ok(f[1].v)};

	if (!ok[0] || !ok[1]) /* one side only: it is the figure */
		return ok[0] ? f[0] : f[1];
	switch (m) {
	case SR_M_IOPS:
	case SR_M_BW:
		out.v = sr_val(f[0].v.v + f[1].v.v);
		break;
	case SR_M_LAT_MEAN: {
		double v[2] = {f[0].v.v, f[1].v.v}, w[2] = {weight(&r->dir[0]), weight(&r->dir[1])};
		double mean = sr_weighted_mean(v, w, 2);

		out.v = isfinite(mean) ? sr_val(mean) : absent;
		break;
	}
	case SR_M_LAT_SD: {
		struct sr_nms g[2], all;

		for (int d = 0; d < 2; d++)
			g[d] = (struct sr_nms){(uint64_t)weight(&r->dir[d]), r->dir[d].mean.v,
					       f[d].v.v};
		if (sr_ok(r->dir[0].mean) && sr_ok(r->dir[1].mean) && !sr_nms_combine(g, 2, &all) &&
		    all.n)
			out.v = sr_val(all.sd);
		break;
	}
	case SR_M_LAT_MAX:
	case SR_M_PCT:
		out = f[f[1].v.v > f[0].v.v];
		out.clamped = f[0].clamped || f[1].clamped;
		out.is_max = f[0].is_max || f[1].is_max;
		break;
	}
	return out;
}

struct sr_fig sr_fig_of(const struct sr_result *r, enum sr_which w, enum sr_metric m, double pct)
{
	struct sr_fig f;

	if (!r)
		return (struct sr_fig){absent, false};
	if (w != SR_W_BOTH && r->test && r->test->totals_only)
		return (struct sr_fig){absent, false, .interrupted = r->interrupted};
	f = w == SR_W_BOTH ? both(r, m, pct) : one(&r->dir[w], m, pct);
	f.interrupted = r->interrupted;
	return f;
}

void sr_curve_figures(const struct sr_curve_pt *p, size_t n, double limit_ns,
		      struct sr_curve_fig *out)
{
	*out = (struct sr_curve_fig){NAN, NAN, NAN, NAN, NAN, true};
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(p[i].iops))
			continue;
		if (!(p[i].iops <= out->peak_iops)) {
			out->peak_iops = p[i].iops;
			out->peak_bw = p[i].bw;
			out->peak_lat_ns = p[i].lat_ns;
		}
		out->all_lat &= isfinite(p[i].lat_ns);
		if (p[i].lat_ns < limit_ns && !(p[i].iops <= out->under_iops)) {
			out->under_iops = p[i].iops;
			out->under_lat_ns = p[i].lat_ns;
		}
	}
}

/* The claims of one direction of a sheet's test. */
static size_t dir_claims(const char *test, enum sr_which w, const struct sr_dir *s,
			 struct sr_claim *out)
{
	const struct {
		struct sr_value v;
		enum sr_metric m;
		bool at_least;
	} fig[] = {{s->iops, SR_M_IOPS, true},
		   {s->bw, SR_M_BW, true},
		   {s->clat.mean, SR_M_LAT_MEAN, false},
		   {s->clat.max, SR_M_LAT_MAX, false},
		   {s->clat.stddev, SR_M_LAT_SD, false}};
	size_t n = 0;

	for (size_t i = 0; i < sizeof(fig) / sizeof(fig[0]); i++)
		if (sr_ok(fig[i].v))
			out[n++] =
			    (struct sr_claim){test, w, fig[i].m, 0, fig[i].v.v, fig[i].at_least};
	for (size_t i = 0; i < s->clat.npct; i++)
		out[n++] = (struct sr_claim){
		    test, w, SR_M_PCT, s->clat.pct[i].pct, s->clat.pct[i].ns, false};
	return n;
}

long sr_sheet_claims(const struct sr_drive *sheet, struct sr_claim **out)
{
	size_t cap = 0, n = 0;

	for (size_t t = 0; t < sheet->ntests; t++)
		for (size_t i = 0; i < sheet->tests[t].nruns; i++)
			for (int d = 0; d < 2; d++)
				cap += 5 + sheet->tests[t].runs[i].dir[d].clat.npct;
	*out = calloc(cap + 1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (size_t t = 0; t < sheet->ntests; t++)
		for (size_t i = 0; i < sheet->tests[t].nruns; i++)
			for (int d = 0; d < 2; d++)
				if (sheet->tests[t].runs[i].dir[d].present)
					n += dir_claims(sheet->tests[t].id, (enum sr_which)d,
							&sheet->tests[t].runs[i].dir[d], *out + n);
	return (long)n;
}

enum sr_verdict sr_claim_judge(const struct sr_claim *c, const struct sr_result *r,
			       struct sr_fig *measured)
{
	*measured = sr_fig_of(r, c->w, c->m, c->pct);
	if (r && r->error)
		return SR_V_ERROR;
	if (!sr_ok(measured->v))
		return SR_V_NONE;
	if (c->at_least)
		return measured->v.v >= c->sheet ? SR_V_PASS : SR_V_FAIL;
	/* a clamped percentile is at least its value: it passes only when that already does */
	return measured->v.v <= c->sheet && !measured->clamped ? SR_V_PASS : SR_V_FAIL;
}

void sr_steady_of(const struct sr_test *t, struct sr_steady *out)
{
	bool all = true;

	*out = (struct sr_steady){0};
	/* each workload (series) has its own verdict: SNIA PTS on its rounds, or fio's own ss of
	 * one of its runs; the test reached steady state when every judged workload did */
	for (size_t k = 0; k < t->nseries; k++) {
		const struct sr_series *se = &t->series[k];
		struct sr_snia s;
		bool judged, attained;

		sr_series_snia(t, se, &s);
		judged = s.evaluated;
		attained = s.evaluated && s.attained;
		for (size_t i = 0; i < se->nruns; i++) {
			const struct sr_run *r = &t->runs[se->runs[i]];

			if (r->fio_ss.present) {
				judged = true;
				attained |= r->fio_ss.attained && !r->error;
			}
		}
		if (judged) {
			out->judged = true;
			all &= attained;
		}
	}
	for (size_t i = 0; i < t->nruns && !t->nseries; i++) /* no series: fio's verdict alone */
		if (t->runs[i].fio_ss.present) {
			out->judged = true;
			all &= t->runs[i].fio_ss.attained && !t->runs[i].error;
		}
	out->attained = out->judged && all;
	for (size_t i = 0; i < t->nruns; i++) /* a failed job reached nothing */
		if (t->runs[i].error)
			out->attained = false;
}
