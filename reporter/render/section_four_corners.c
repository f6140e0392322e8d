// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_four_corners.c - four corners: bars of IOPS for the random tests and of MB/s for the
 * sequential ones, one bar per drive; a drive group (or the hosts of a client/server run) gets a
 * bar per member and one for its total. Then one table of the same figures.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

/* A column: a drive, one member of a drive's group, or a group's total. */
struct fcol {
	size_t dv;
	long member; /* index into the result's members, -1: the drive (or the group's total) */
	bool total;  /* the total of a group */
	size_t colour;
	char head[320];
};

static const struct sr_result *result_of(const struct sr_rtest *t, const struct fcol *c)
{
	const struct sr_result *r = t->per_drive[c->dv];

	if (!r || c->member < 0)
		return r;
	return (size_t)c->member < r->nmembers ? &r->members[c->member] : NULL;
}

static size_t columns(const struct sr_report *r, const struct sr_rtest *const *tests, size_t n,
		      struct fcol *out)
{
	size_t k = 0, extra = r->m->ndrives; /* members take the colours after the drives' */

	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_result *grp = NULL;
		char d[300];

		if (!sr_rep_column(r, dv, tests, n))
			continue;
		for (size_t i = 0; i < n && !grp; i++)
			if (tests[i]->per_drive[dv] && tests[i]->per_drive[dv]->nmembers)
				grp = tests[i]->per_drive[dv];
		sr_rep_drive(r, dv, d, sizeof(d));
		for (size_t m = 0; grp && m < grp->nmembers; m++) {
			out[k] = (struct fcol){dv, (long)m, false, extra++, ""};
			snprintf(out[k++].head, sizeof(out->head), "%s/%s", r->m->drives[dv].label,
				 grp->members[m].member);
		}
		out[k] = (struct fcol){dv, -1, grp != NULL, dv, ""};
		snprintf(out[k++].head, sizeof(out->head), "%.300s%s", d, grp ? " (total)" : "");
	}
	return k;
}

static bool random_io(const struct sr_rtest *t) { return t->rw && !strncmp(t->rw, "rand", 4); }

static int chart(struct sr_report *r, const struct sr_rtest *const *tests, size_t n,
		 const struct fcol *cols, size_t nc, bool rnd)
{
	const char *col = rnd ? "iops" : "mb_s";
	struct sr_bar_panel p = {NULL, rnd ? "IOPS" : "MB/s", 0};
	struct sr_key *keys = calloc(nc + 1, sizeof(*keys));
	char title[300], bs[SR_FMT_LEN] = "", tq[32] = "";
	struct sr_chart ch;
	size_t any = 0;
	int rc;

	if (!keys)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (random_io(tests[i]) == rnd && !any++) {
			sr_fmt_bs(bs, tests[i]->bs);
			sr_rtest_tq(tests[i], tq, sizeof(tq));
		}
	if (!any) {
		free(keys);
		return 0;
	}
	snprintf(title, sizeof(title), "Four corners: %s %s %s at %s", bs,
		 rnd ? "random" : "sequential", rnd ? "IOPS" : "MB/s", tq);
	rc = sr_rep_chart_begin(r, &ch, rnd ? "four-corners-iops" : "four-corners-mbps", title, 440,
				360);
	if (rc) {
		free(keys);
		return rc;
	}
	snprintf(ch.caption, sizeof(ch.caption), "%s %s", rnd ? "Random" : "Sequential",
		 rnd ? "IOPS" : "MB/s");
	sr_chart_frame(&ch, "drive", "test", &col, 1);
	for (size_t c = 0; c < nc; c++) {
		sr_chart_series(&ch, cols[c].head);
		keys[c] = (struct sr_key){.title = cols[c].head,
					  .colour = cols[c].colour,
					  .pattern = r->m->drives[cols[c].dv].source != NULL};
		for (size_t i = 0; i < n; i++) {
			struct sr_fig f;
			double v;

			if (random_io(tests[i]) != rnd)
				continue;
			f = sr_fig_of(result_of(tests[i], &cols[c]), SR_W_BOTH,
				      rnd ? SR_M_IOPS : SR_M_BW, 0);
			v = !sr_ok(f.v) ? NAN : rnd ? f.v.v : f.v.v / 1e6;
			sr_chart_point(&ch, tests[i]->title, &v);
		}
	}
	sr_chart_bars(&ch, &p, 1, 1, keys, nc);
	rc = sr_rep_chart_end(r, &ch, &r->page, 360);
	free(keys);
	return rc;
}

static int table(struct sr_report *r, const struct catalogue_family *f,
		 const struct sr_rtest *const *tests, size_t n, const struct fcol *cols, size_t nc)
{
	struct sr_table *t;
	char name[160];
	int rc;

	snprintf(name, sizeof(name), "family-%s", f ? f->id : "four-corners");
	t = sr_table_new(name, "Four corners: IOPS for random, MB/s for sequential", 2 + nc);
	if (!t)
		return -ENOMEM;
	sr_table_lead(t, (const char *const[]){"test", "unit"}, 2);
	for (size_t c = 0; c < nc; c++)
		sr_table_head(t, 2 + c, cols[c].head);
	for (size_t i = 0; i < n; i++) {
		size_t row = sr_table_row(t);
		bool rnd = random_io(tests[i]);
		char href[300], tq[32];

		sr_table_set(t, row, 0, "%s at %s", tests[i]->title,
			     sr_rtest_tq(tests[i], tq, sizeof(tq)));
		sr_table_link(t, row, 0, sr_rep_detail(tests[i], href, sizeof(href)));
		sr_table_set(t, row, 1, "%s", rnd ? "IOPS" : "MB/s");
		for (size_t c = 0; c < nc; c++) {
			const struct sr_result *res = result_of(tests[i], &cols[c]);

			sr_rep_cell(t, row, 2 + c,
				    sr_fig_of(res, SR_W_BOTH, rnd ? SR_M_IOPS : SR_M_BW, 0),
				    rnd ? SR_M_IOPS : SR_M_BW, SR_UNIT_MS, res ? res->error : 0);
			if (r->m->drives[cols[c].dv].source && res)
				sr_table_mark(t, row, 2 + c, SR_MARK_PUBLISHED);
		}
	}
	sr_rep_table_notes(t);
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc;
}

int sr_section_four_corners(struct sr_report *r, const struct catalogue_family *f,
			    const struct sr_rtest *const *tests, size_t n)
{
	size_t nc = r->m->ndrives + 1;
	struct fcol *cols;
	int rc;

	for (size_t dv = 0; dv < r->m->ndrives; dv++) { /* room for every member of a group */
		size_t most = 0;

		for (size_t i = 0; i < n; i++)
			if (tests[i]->per_drive[dv] && tests[i]->per_drive[dv]->nmembers > most)
				most = tests[i]->per_drive[dv]->nmembers;
		nc += most;
	}
	cols = calloc(nc, sizeof(*cols));
	if (!cols)
		return -ENOMEM;
	nc = columns(r, tests, n, cols);
	sr_page_grid(&r->page, true);
	rc = chart(r, tests, n, cols, nc, true);
	if (!rc)
		rc = chart(r, tests, n, cols, nc, false);
	if (!rc)
		rc = table(r, f, tests, n, cols, nc);
	sr_page_grid(&r->page, false);
	free(cols);
	return rc ? rc : r->page.err;
}
