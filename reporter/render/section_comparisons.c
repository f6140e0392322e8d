// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_comparisons.c - "Comparisons" of anyone's fio results (analyse/structure.h): the same
 * job (every parameter fio printed but the device and host) on two or more sources - drives or
 * runs, devices (filename=), hosts. Bars of IOPS and average latency side by side, a cluster per
 * job (the first CMP_CHARTED jobs), and the table: per job each source's IOPS and average latency
 * and its difference in % from the first source.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

#define CMP_CHARTED 16

/* The sources that appear in any comparison, in order; @col[source] their column, or -1. */
static size_t used_sources(const struct sr_structure *s, long *col)
{
	size_t k = 0;

	for (size_t i = 0; i < s->nsources; i++)
		col[i] = -1;
	for (size_t c = 0; c < s->ncmps; c++)
		for (size_t j = 0; j < s->cmps[c].n; j++)
			col[s->pts[s->cmps[c].pts[j]].source] = 0;
	for (size_t i = 0; i < s->nsources; i++)
		if (!col[i])
			col[i] = (long)k++;
	return k;
}

enum { C_IOPS, C_MEAN, C_N };

static int chart(struct sr_report *r, const long *col, size_t nsrc)
{
	static const char *const cols[C_N] = {"iops", "avg_lat_ms"};
	const struct sr_structure *s = &r->an->st;
	size_t njobs = s->ncmps < CMP_CHARTED ? s->ncmps : CMP_CHARTED;
	struct sr_key *keys = calloc(nsrc + 1, sizeof(*keys));
	struct sr_chart ch;
	int rc;

	if (!keys)
		return -ENOMEM;
	rc = sr_rep_chart_begin(r, &ch, "comparison",
				"The same job on each source: IOPS and "
				"average latency",
				SR_PAGE_W, 460);
	if (rc) {
		free(keys);
		return rc;
	}
	snprintf(ch.caption, sizeof(ch.caption), "comparison of %zu sources", nsrc);
	sr_chart_frame(&ch, "source", "job", cols, C_N);
	for (size_t i = 0; i < s->nsources; i++) {
		if (col[i] < 0)
			continue;
		sr_chart_series(&ch, s->sources[i].label);
		keys[col[i]] =
		    (struct sr_key){.title = s->sources[i].label, .colour = (size_t)col[i]};
		for (size_t c = 0; c < njobs; c++) {
			const struct sr_point *p = NULL;
			double v[C_N] = {NAN, NAN};
			char job[200];

			for (size_t j = 0; j < s->cmps[c].n; j++)
				if (s->pts[s->cmps[c].pts[j]].source == i)
					p = &s->pts[s->cmps[c].pts[j]];
			if (p) {
				struct sr_fig f0 =
				    sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_IOPS, 0);
				struct sr_fig f1 =
				    sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_LAT_MEAN, 0);

				v[C_IOPS] = sr_ok(f0.v) ? f0.v.v : NAN;
				v[C_MEAN] = sr_ok(f1.v) ? f1.v.v / 1e6 : NAN;
			}
			sr_chart_point(
			    &ch, sr_rep_job_name(&s->pts[s->cmps[c].pts[0]].p, job, sizeof(job)),
			    v);
		}
	}
	{
		struct sr_bar_panel p[2] = {
		    {"IOPS", "IOPS", C_IOPS},
		    {"average latency (ms)", "average latency (ms)", C_MEAN}};

		sr_chart_bars(&ch, p, 2, 2, keys, nsrc);
	}
	rc = sr_rep_chart_end(r, &ch, &r->page, SR_PAGE_W);
	free(keys);
	return rc;
}

/* Difference of @b from @a in %, into a cell ("+12.3", "–" when either is missing). */
static void diff_cell(struct sr_table *t, size_t row, size_t c, struct sr_fig a, struct sr_fig b)
{
	char text[32], csv[32];

	if (!sr_ok(a.v) || !sr_ok(b.v) || a.v.v == 0) {
		sr_table_set(t, row, c, SR_NOT_MEASURED);
		return;
	}
	snprintf(text, sizeof(text), "%+.1f", 100.0 * (b.v.v - a.v.v) / a.v.v);
	snprintf(csv, sizeof(csv), "%.6g", 100.0 * (b.v.v - a.v.v) / a.v.v);
	sr_table_num(t, row, c, text, csv);
}

static int table(struct sr_report *r, const long *col, size_t nsrc)
{
	const struct sr_structure *s = &r->an->st;
	size_t ncols = 1 + 4 * nsrc - 2, base = 1;
	struct sr_fig *f = calloc(s->ncmps * nsrc + 1, sizeof(*f));
	struct sr_table *t = sr_table_new("comparison",
					  "The same job on each source: IOPS and average latency, "
					  "difference from the first source in %",
					  ncols);
	enum sr_lat_unit u;
	const struct sr_source **src = calloc(nsrc + 1, sizeof(*src));
	char head[400];
	int rc;

	if (!t || !f || !src) {
		sr_table_free(t);
		free(f);
		free(src);
		return -ENOMEM;
	}
	for (size_t i = 0; i < s->nsources; i++)
		if (col[i] >= 0)
			src[col[i]] = &s->sources[i];
	for (size_t c = 0; c < s->ncmps; c++)
		for (size_t j = 0; j < s->cmps[c].n; j++) {
			const struct sr_point *p = &s->pts[s->cmps[c].pts[j]];

			f[c * nsrc + (size_t)col[p->source]] =
			    sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_LAT_MEAN, 0);
		}
	u = sr_rep_lat_unit(f, s->ncmps * nsrc);
	sr_table_lead(t, (const char *const[]){"job"}, 1);
	/* a group per figure over a column per source: the CSV's headers read "<figure> <source>"
	 */
	snprintf(head, sizeof(head), "avg latency (%s)", sr_lat_unit_name(u));
	for (size_t k = 0; k < nsrc; k++) {
		sr_table_head(t, base + k, src[k]->label);
		sr_table_group(t, base + k, "IOPS");
		sr_table_head(t, base + 2 * nsrc - 1 + k, src[k]->label);
		sr_table_group(t, base + 2 * nsrc - 1 + k, head);
		if (!k)
			continue;
		sr_table_head(t, base + nsrc + k - 1, src[k]->label);
		sr_table_group(t, base + nsrc + k - 1, "IOPS difference (%)");
		sr_table_head(t, base + 3 * nsrc - 1 + k - 1, src[k]->label);
		sr_table_group(t, base + 3 * nsrc - 1 + k - 1, "avg latency difference (%)");
	}
	for (size_t c = 0; c < s->ncmps; c++) {
		size_t row = sr_table_row(t);
		struct sr_fig iops[64] = {0}, lat[64] = {0};
		char job[200];

		sr_table_set(t, row, 0, "%s",
			     sr_rep_job_name(&s->pts[s->cmps[c].pts[0]].p, job, sizeof(job)));
		for (size_t k = 0; k < ncols - 1; k++)
			sr_table_set(t, row, 1 + k, SR_NOT_MEASURED);
		for (size_t j = 0; j < s->cmps[c].n; j++) {
			const struct sr_point *p = &s->pts[s->cmps[c].pts[j]];
			const struct sr_result *res = p->t->per_drive[p->drive];
			size_t k = (size_t)col[p->source];

			if (k >= 64)
				continue;
			iops[k] = sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_IOPS, 0);
			lat[k] = f[c * nsrc + k];
			sr_rep_cell(t, row, base + k, iops[k], SR_M_IOPS, u, res ? res->error : 0);
			sr_rep_cell(t, row, base + 2 * nsrc - 1 + k, lat[k], SR_M_LAT_MEAN, u,
				    res ? res->error : 0);
			if (!j) {
				char href[300];

				sr_table_link(t, row, 0, sr_rep_detail(p->t, href, sizeof(href)));
			}
		}
		for (size_t k = 1; k < nsrc && k < 64; k++) {
			diff_cell(t, row, base + nsrc + k - 1, iops[0], iops[k]);
			diff_cell(t, row, base + 3 * nsrc - 1 + k - 1, lat[0], lat[k]);
		}
	}
	sr_rep_table_notes(t);
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(f);
	free(src);
	return rc;
}

int sr_section_comparisons(struct sr_report *r)
{
	const struct sr_structure *s = &r->an->st;
	long *col;
	size_t nsrc;
	int rc;

	if (!s->ncmps)
		return 0;
	if (!(col = calloc(s->nsources + 1, sizeof(*col))))
		return -ENOMEM;
	nsrc = used_sources(s, col);
	sr_page_heading(&r->page, 2, "comparisons", "Comparisons");
	sr_page_text(
	    &r->page, "note",
	    "Method: the same job (every fio option of rw, bs, rwmixread, numjobs, iodepth, "
	    "rate, ioengine alike) on %zu sources: drives or runs, devices (fio's "
	    "filename), hosts. Differences are from %s.",
	    nsrc, s->sources[0].label);
	rc = chart(r, col, nsrc);
	if (!rc)
		rc = table(r, col, nsrc);
	if (!rc && s->ncmps > CMP_CHARTED)
		sr_page_text(&r->page, "note", "The chart shows the first %d of %zu jobs.",
			     CMP_CHARTED, s->ncmps);
	free(col);
	return rc ? rc : r->page.err;
}
