// SPDX-License-Identifier: GPL-2.0-only
/*
 * headline.c - a drive's headline figures (headline.h): the summary's rows and the curves' peaks,
 * each from the one function the page draws it with (sr_fig_of(), sr_apps_value(),
 * sr_curve_figures(), sr_pts_phase_figures()).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/apps.h"
#include "analyse/headline.h"

size_t sr_curve_profile_len(const struct sr_rtest *const *tests, size_t n, size_t from)
{
	const char *w = tests[from]->entry ? tests[from]->entry->workload : NULL;
	size_t k = from + 1;

	while (k < n && w && tests[k]->entry && tests[k]->entry->workload &&
	       !strcmp(tests[k]->entry->workload, w))
		k++;
	return k - from;
}

int sr_curve_of(const struct sr_rtest *const *pts, size_t n, size_t dv, double limit_ns,
		struct sr_curve_fig *cf)
{
	struct sr_curve_pt *p = calloc(n + 1, sizeof(*p));
	int err = 0;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const struct sr_result *res = pts[i]->per_drive[dv];
		struct sr_fig io = sr_fig_of(res, SR_W_BOTH, SR_M_IOPS, 0),
			      bw = sr_fig_of(res, SR_W_BOTH, SR_M_BW, 0),
			      lat = sr_fig_of(res, SR_W_BOTH, SR_M_LAT_MEAN, 0);

		p[i] = (struct sr_curve_pt){sr_ok(io.v) ? io.v.v : NAN, sr_ok(bw.v) ? bw.v.v : NAN,
					    sr_ok(lat.v) ? lat.v.v : NAN};
		if (res && res->error && !err)
			err = res->error;
	}
	sr_curve_figures(p, n, limit_ns, cf);
	free(p);
	return err;
}

struct list {
	struct sr_headline *h;
	size_t n, cap;
};

static struct sr_headline *push(struct list *l)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 32;
		struct sr_headline *h = realloc(l->h, cap * sizeof(*h));

		if (!h)
			return NULL;
		l->h = h;
		l->cap = cap;
	}
	memset(&l->h[l->n], 0, sizeof(*l->h));
	return &l->h[l->n++];
}

static const char *metric_unit(enum sr_metric m)
{
	return m == SR_M_IOPS ? "IOPS" : m == SR_M_BW ? "B/s" : "ns";
}

static void test_params(struct sr_headline *h, const struct sr_rtest *t)
{
	snprintf(h->rw, sizeof(h->rw), "%s", t->rw ? t->rw : "");
	h->bs = t->bs;
}

/* A summary row of a fio test: the figure sr_fig_of() gives the summary's cell. */
static int fio_row(struct list *l, const struct catalogue_summary_row *row,
		   const struct sr_rtest *t, size_t dv)
{
	const struct sr_result *res = t->per_drive[dv];
	struct sr_headline *h;
	struct sr_fig f;
	enum sr_metric m;
	double pct;

	if (!res || sr_metric_parse(row->metric, &m, &pct))
		return 0;
	f = sr_fig_of(res, SR_W_BOTH, m, pct);
	if (!sr_ok(f.v))
		return 0;
	if (!(h = push(l)))
		return -ENOMEM;
	snprintf(h->test, sizeof(h->test), "%s", t->id);
	snprintf(h->entry, sizeof(h->entry), "%s", row->test);
	snprintf(h->metric, sizeof(h->metric), "%s", row->metric);
	snprintf(h->title, sizeof(h->title), "%s", row->title);
	snprintf(h->unit, sizeof(h->unit), "%s", metric_unit(m));
	h->value = f.v.v;
	h->flags = (f.clamped ? SR_HL_CLAMPED : 0) | (f.is_max ? SR_HL_IS_MAX : 0) |
		   (f.interrupted || res->interrupted ? SR_HL_INTERRUPTED : 0) |
		   (res->error ? SR_HL_ERROR : 0);
	test_params(h, t);
	return 0;
}

/* A summary row of an ssd-apps test: the total's figure (sr_apps_value()), latencies in ns. */
static int apps_row(struct list *l, const struct catalogue_summary_row *row,
		    const struct sr_drive *drv)
{
	const struct sr_apps *a = sr_apps_of(drv, row->test);
	enum sr_apps_metric m;
	struct sr_headline *h;
	struct sr_value v;
	bool lat;

	if (!a || !sr_apps_done(a) || sr_apps_metric_parse(row->metric, &m))
		return 0;
	v = sr_apps_value(a, -1, m);
	if (!sr_ok(v))
		return 0;
	if (!(h = push(l)))
		return -ENOMEM;
	lat = m == SR_A_LAT_AVG || m == SR_A_LAT_P95 || m == SR_A_LAT_P99;
	snprintf(h->test, sizeof(h->test), "%s", a->id);
	snprintf(h->entry, sizeof(h->entry), "%s", row->test);
	snprintf(h->metric, sizeof(h->metric), "%s", row->metric);
	snprintf(h->title, sizeof(h->title), "%s", row->title);
	snprintf(h->unit, sizeof(h->unit), "%s", lat ? "ns" : m == SR_A_NOPM ? "1/min" : "1/s");
	h->value = lat ? v.v * 1e6 : v.v;
	return 0;
}

static int curve_fig(struct list *l, const struct sr_rtest *flat, const char *entry,
		     const char *title, const char *metric, const char *unit, double v, int err)
{
	struct sr_headline *h;

	if (!isfinite(v))
		return 0;
	if (!(h = push(l)))
		return -ENOMEM;
	snprintf(h->test, sizeof(h->test), "%s", flat->id);
	snprintf(h->entry, sizeof(h->entry), "%s", entry);
	snprintf(h->metric, sizeof(h->metric), "%s", metric);
	snprintf(h->title, sizeof(h->title), "%s", title);
	snprintf(h->unit, sizeof(h->unit), "%s", unit);
	h->value = v;
	h->flags = err ? SR_HL_ERROR : 0;
	test_params(h, flat);
	return 0;
}

/* Each latency-vs-rate profile's peak (IOPS, B/s, latency) and highest IOPS under 1 ms. */
static int curve_rows(struct list *l, const struct sr_analysis *an, const struct catalogue *cat,
		      size_t dv)
{
	for (size_t f = 0; f < cat->nfamilies; f++) {
		const struct sr_rtest **tests = NULL;
		long n;
		int rc = 0;

		if (!catalogue_family_draws(&cat->families[f], "latency-vs-rate"))
			continue;
		n = sr_review_family(&an->rv, cat->families[f].id, &tests);
		if (n < 0)
			return -ENOMEM;
		for (size_t i = 0; i < (size_t)n && !rc;) {
			size_t k = sr_curve_profile_len(tests, (size_t)n, i);
			const struct sr_rtest *flat = tests[i + k - 1];
			const char *wl =
			    flat->entry && flat->entry->workload ? flat->entry->workload : flat->id;
			char entry[160], title[160];
			struct sr_curve_fig cf;
			bool any = false;
			int err;

			for (size_t j = i; j < i + k; j++)
				any |= tests[j]->per_drive[dv] != NULL;
			if (!any) {
				i += k;
				continue;
			}
			err = sr_curve_of(tests + i, k, dv, SR_CURVE_LIMIT_NS, &cf);
			if (err < 0) {
				rc = err;
				break;
			}
			snprintf(entry, sizeof(entry), "curve:%s", wl);
			snprintf(title, sizeof(title), "Latency vs rate: %s", wl);
			rc = curve_fig(l, flat, entry, title, "peak_iops", "IOPS", cf.peak_iops,
				       err);
			if (!rc)
				rc = curve_fig(l, flat, entry, title, "peak_mbps", "B/s",
					       cf.peak_bw, err);
			if (!rc)
				rc = curve_fig(l, flat, entry, title, "peak_lat_mean", "ns",
					       cf.peak_lat_ns, err);
			if (!rc)
				rc = curve_fig(l, flat, entry, title, "under_1ms_iops", "IOPS",
					       cf.under_iops, err);
			i += k;
		}
		free(tests);
		if (rc)
			return rc;
	}
	return 0;
}

/* "512 B", "4 KiB", "1 MiB": a PTS cell's block size as the page's tables name it. */
static void bs_words(unsigned long long b, char *out, size_t len)
{
	if (b >= 1048576 && b % 1048576 == 0)
		snprintf(out, len, "%llu MiB", b / 1048576);
	else if (b >= 1024 && b % 1024 == 0)
		snprintf(out, len, "%llu KiB", b / 1024);
	else
		snprintf(out, len, "%llu B", b);
}

/* The SNIA PTS summary's figures of every phase of every PTS test of drive @dv. */
static int pts_rows(struct list *l, const struct sr_analysis *an, size_t dv)
{
	const struct sr_pts_drive *pd = an->pts ? &an->pts[dv] : NULL;

	for (size_t i = 0; pd && i < pd->n; i++) {
		const struct sr_pts_test *t = &pd->tests[i];
		const char *spec = t->spec		       ? t->spec
				   : t->entry && t->entry->pts ? t->entry->pts->spec
							       : t->id;

		for (size_t q = 0; q < t->nphases; q++) {
			const struct sr_pts_phase *ph = &t->phases[q];
			struct sr_pts_fig f[SR_PTS_PHASE_FIGS];
			size_t n = sr_pts_phase_figures(t, ph, f);
			bool steady = ph->verdict == SR_PTS_STEADY || ph->verdict == SR_PTS_WRITTEN;

			for (size_t k = 0; k < n; k++) {
				struct sr_headline *h = push(l);
				unsigned long long b = pts_block_bytes(f[k].bs);
				bool lat = !strcmp(f[k].metric, "lat_mean"),
				     mb = !strcmp(f[k].metric, "mbps");
				char bs[32];

				if (!h)
					return -ENOMEM;
				bs_words(b, bs, sizeof(bs));
				snprintf(h->test, sizeof(h->test), "%s", t->id);
				snprintf(h->entry, sizeof(h->entry), "pts:%s:%s:%s:%s:%d",
					 t->variant ? t->variant : "unknown", t->id, ph->def->id,
					 f[k].bs, f[k].mix);
				snprintf(h->metric, sizeof(h->metric), "pts_%s%s",
					 f[k].last ? "last_" : "", f[k].metric);
				snprintf(h->title, sizeof(h->title), "%s%s%s: %s %d/%d", spec,
					 t->nphases > 1 ? ", " : "",
					 t->nphases > 1 ? ph->def->id : "", bs, f[k].mix,
					 100 - f[k].mix);
				snprintf(h->unit, sizeof(h->unit), "%s",
					 lat  ? "ns"
					 : mb ? "B/s"
					      : "IOPS");
				h->value = mb ? f[k].value * 1e6 : f[k].value;
				h->flags = steady ? 0 : SR_HL_NOT_STEADY;
				h->bs = b;
			}
		}
	}
	return 0;
}

long sr_headline_figures(const struct sr_analysis *an, const struct catalogue *cat, size_t dv,
			 struct sr_headline **out)
{
	const struct sr_drive *drv = &an->rv.m->drives[dv];
	struct list l = {0};
	int rc = 0;

	*out = NULL;
	if (!cat || drv->source)
		return 0;
	for (size_t i = 0; i < cat->nsummary && !rc; i++) {
		const struct catalogue_summary_row *row = &cat->summary[i];
		const struct catalogue_entry *e =
		    row->test ? catalogue_entry(cat, row->test) : NULL;
		const struct sr_rtest *t;

		if (!row->test)
			continue; /* a family's count of verdicts: no figure */
		if (e && e->tool == CATALOGUE_TOOL_SSD_APPS) {
			rc = apps_row(&l, row, drv);
			continue;
		}
		t = sr_review_entry(&an->rv, row->test);
		if (t)
			rc = fio_row(&l, row, t, dv);
	}
	if (!rc)
		rc = curve_rows(&l, an, cat, dv);
	if (!rc)
		rc = pts_rows(&l, an, dv);
	if (rc) {
		free(l.h);
		return rc;
	}
	*out = l.h;
	return (long)l.n;
}
