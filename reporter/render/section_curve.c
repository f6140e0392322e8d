// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_curve.c - latency vs I/O rate: per profile one chart of average latency against the
 * achieved rate (IOPS; MB/s for a sequential profile), every drive, the 1 ms line; then one table,
 * a row per profile: each drive's peak rate with its latency and the highest rate still under
 * 1 ms.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/headline.h"
#include "render/format.h"
#include "render/sections.h"

#define LIMIT_NS SR_CURVE_LIMIT_NS

static bool sequential(const struct sr_rtest *t)
{
	return t->rw && (!strcmp(t->rw, "read") || !strcmp(t->rw, "write"));
}

static const char *profile_title(const struct sr_rtest *t, char *buf, size_t len)
{
	const char *s = t->entry ? t->entry->title : t->title, *cut = strstr(s, ", flat out");

	if (!cut)
		cut = strstr(s, " at {pct}");
	snprintf(buf, len, "%.*s", cut ? (int)(cut - s) : (int)strlen(s), s);
	return buf;
}

enum { C_PCT, C_IOPS, C_MBPS, C_LAT, C_N };

#define CURVE_W 380 /* px, drawn and shown: three to a row of the page */

static int chart(struct sr_report *r, const struct sr_rtest *const *pts, size_t n)
{
	static const char *const cols[C_N] = {"rate_pct", "iops", "mb_s", "avg_lat_ms"};
	size_t nd = r->m->ndrives, nl = 0, nk = 0;
	struct sr_line *lines = calloc(nd + 1, sizeof(*lines));
	struct sr_key *keys = calloc(nd + 1, sizeof(*keys));
	char(*names)[300] = calloc(nd + 1, sizeof(*names)), name[200], title[300], pt[160];
	bool seq = sequential(pts[0]);
	struct sr_chart ch;
	int rc = -ENOMEM;

	if (!lines || !keys || !names)
		goto out;
	snprintf(name, sizeof(name), "curve-%s",
		 pts[0]->entry && pts[0]->entry->workload ? pts[0]->entry->workload : pts[0]->stem);
	snprintf(title, sizeof(title), "%s (%u threads x QD%u)",
		 profile_title(pts[0], pt, sizeof(pt)), pts[0]->threads, pts[0]->depth);
	rc = sr_rep_chart_begin(r, &ch, name, title, CURVE_W, 260);
	if (rc)
		goto out;
	ch.font_pt = 9;
	snprintf(ch.caption, sizeof(ch.caption), "%s", pt);
	sr_chart_frame(&ch, "drive", "point", cols, C_N);
	for (size_t dv = 0; dv < nd; dv++) {
		sr_chart_series(&ch, r->m->drives[dv].label);
		for (size_t i = 0; i < n; i++) {
			const struct sr_result *res = pts[i]->per_drive[dv];
			struct sr_fig io = sr_fig_of(res, SR_W_BOTH, SR_M_IOPS, 0),
				      bw = sr_fig_of(res, SR_W_BOTH, SR_M_BW, 0),
				      lat = sr_fig_of(res, SR_W_BOTH, SR_M_LAT_MEAN, 0);
			double v[C_N] = {
			    pts[i]->pct >= 0 ? pts[i]->pct : NAN, sr_ok(io.v) ? io.v.v : NAN,
			    sr_ok(bw.v) ? bw.v.v / 1e6 : NAN, sr_ok(lat.v) ? lat.v.v / 1e6 : NAN};
			char p[32];

			if (res)
				sr_chart_point(&ch, sr_rtest_point(pts[i], p, sizeof(p)), v);
		}
		if (!sr_chart_has(&ch, dv, C_LAT) || !sr_chart_has(&ch, dv, seq ? C_MBPS : C_IOPS))
			continue;
		keys[nk++] = sr_rep_key(r, dv, names[dv], sizeof(names[dv]));
		lines[nl++] = (struct sr_line){
		    .block = dv, .ycol = C_LAT, .colour = dv, .dash = 1, .points = true};
	}
	{
		struct sr_panel p = {.xlabel = seq ? "MB/s" : "IOPS",
				     .ylabel = "average latency (ms)",
				     .xcol = seq ? C_MBPS : C_IOPS,
				     .xtic_slant = true,
				     .zero_y = true,
				     .xmin = 0,
				     .xmax = NAN,
				     .hline = 1,
				     .hline_label = "1 ms",
				     .lines = lines,
				     .nlines = nl};

		sr_chart_lines(&ch, &p, 1, 1, keys, nk);
	}
	rc = sr_rep_chart_end(r, &ch, &r->page, CURVE_W); /* shown as drawn: 9-pt text at 9 pt */
out:
	free(lines);
	free(keys);
	free(names);
	return rc;
}

static struct sr_fig fig(double v)
{
	return (struct sr_fig){isfinite(v) ? sr_val(v) : (struct sr_value){0, SR_ABSENT}, false};
}

/*
 * The table: a row per profile and drive, the profile's name on its first row (every row in the
 * CSV): the peak, its MB/s and latency (one unit for the column), and the highest rate under
 * 1 ms.
 */
static int table(struct sr_report *r, const struct catalogue_family *f,
		 const struct sr_rtest *const *tests, size_t n, const size_t *dvs, size_t nd)
{
	static const char *const what[4] = {"peak IOPS", "MB/s at peak", "latency at peak",
					    "best IOPS under 1 ms"};
	struct sr_curve_fig *cf = calloc(n * nd + 1, sizeof(*cf));
	struct sr_fig *lat = calloc(n * nd + 1, sizeof(*lat));
	int *err = calloc(n * nd + 1, sizeof(*err));
	size_t m = 0;
	struct sr_table *t;
	char name[160], head[400], drive[300];
	enum sr_lat_unit u;
	int rc = 0;

	snprintf(name, sizeof(name), "family-%s", f ? f->id : "curve");
	t = sr_table_new(name, "Latency vs I/O rate: peak and highest rate under 1 ms", 2 + 4);
	if (!t || !cf || !lat || !err) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n;) { /* every profile's figures on every drive */
		size_t k = sr_curve_profile_len(tests, n, i);

		for (size_t c = 0; c < nd; c++, m++) {
			err[m] = sr_curve_of(tests + i, k, dvs[c], LIMIT_NS, &cf[m]);
			if (err[m] < 0) {
				rc = err[m];
				goto out;
			}
			lat[m] = fig(cf[m].peak_lat_ns);
		}
		i += k;
	}
	u = sr_rep_lat_unit(lat, m);
	sr_table_lead(t, (const char *const[]){"profile", "drive"}, 2);
	for (int k = 0; k < 4; k++) {
		snprintf(head, sizeof(head), "%s", what[k]);
		if (k == 2)
			snprintf(head + strlen(head), sizeof(head) - strlen(head), " (%s)",
				 sr_lat_unit_name(u));
		sr_table_head(t, 2 + (size_t)k, head);
	}
	m = 0;
	for (size_t i = 0; i < n;) {
		size_t k = sr_curve_profile_len(tests, n, i);
		char pt[160], href[300];

		profile_title(tests[i], pt, sizeof(pt));
		for (size_t c = 0; c < nd; c++, m++) {
			size_t row = sr_table_row(t);

			sr_table_num(t, row, 0, c ? "" : pt, pt);
			if (!c) /* the flat-out run's page */
				sr_table_link(t, row, 0,
					      sr_rep_detail(tests[i + k - 1], href, sizeof(href)));
			sr_table_set(t, row, 1, "%s",
				     sr_rep_drive(r, dvs[c], drive, sizeof(drive)));
			sr_rep_cell(t, row, 2, fig(cf[m].peak_iops), SR_M_IOPS, u, err[m]);
			sr_rep_cell(t, row, 3, fig(cf[m].peak_bw), SR_M_BW, u, err[m]);
			sr_rep_cell(t, row, 4, lat[m], SR_M_LAT_MEAN, u, err[m]);
			sr_rep_cell(t, row, 5, fig(cf[m].under_iops), SR_M_IOPS, u, err[m]);
			if (!isfinite(cf[m].under_iops) && isfinite(cf[m].peak_iops))
				sr_table_num(t, row, 5,
					     cf[m].all_lat ? "none under 1 ms" : SR_UNKNOWN,
					     cf[m].all_lat ? "none" : SR_UNKNOWN);
		}
		i += k;
	}
	sr_rep_table_notes(t);
	if (!t->note)
		sr_table_note(t,
			      "Peak: the highest rate achieved, flat out or at a set rate, with "
			      "its average completion latency. The profile links to the flat-out "
			      "run's page.");
	rc = sr_page_table(&r->page, t);
out:
	sr_table_free(t);
	free(cf);
	free(lat);
	free(err);
	return rc;
}

int sr_section_curve(struct sr_report *r, const struct catalogue_family *f,
		     const struct sr_rtest *const *tests, size_t n)
{
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(size_t)), nd = 0;
	int rc = 0;

	if (!dvs)
		return -ENOMEM;
	nd = sr_rep_columns(r, tests, n, dvs);
	sr_page_grid(&r->page, true);
	for (size_t i = 0; i < n && !rc;) {
		size_t k = sr_curve_profile_len(tests, n, i);

		rc = chart(r, tests + i, k);
		i += k;
	}
	sr_page_grid(&r->page, false);
	if (!rc)
		rc = table(r, f, tests, n, dvs, nd);
	free(dvs);
	return rc ? rc : r->page.err;
}
