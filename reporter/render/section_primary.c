// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_primary.c - the primary results at steady state: bar charts of IOPS, average latency,
 * maximum latency and latency standard deviation, reads and writes apart, drives side by side
 * (published figures hatched), then one table of the same figures (a library drive's mixed
 * test, whose total only the library keeps, has no rows of its reads and writes).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

/* One cluster of bars / one row of the table: a test's reads or writes. */
struct bar {
	const struct sr_rtest *t;
	enum sr_which w;
	char label[300];
};

static const enum sr_metric metrics[4] = {SR_M_IOPS, SR_M_LAT_MEAN, SR_M_LAT_MAX, SR_M_LAT_SD};

static size_t bars_of(const struct sr_report *r, const struct sr_rtest *const *tests, size_t n,
		      struct bar *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		bool dir[2] = {false, false};

		for (size_t dv = 0; dv < r->m->ndrives; dv++)
			for (int d = 0; d < 2; d++)
				dir[d] |= tests[i]->per_drive[dv] &&
					  tests[i]->per_drive[dv]->dir[d].present;
		for (int d = 0; d < 2; d++) {
			if (!dir[d])
				continue;
			out[k] = (struct bar){tests[i], (enum sr_which)d, ""};
			snprintf(out[k].label, sizeof(out[k].label), "%s%s", tests[i]->title,
				 dir[0] && dir[1] ? (d ? " (writes)" : " (reads)") : "");
			k++;
		}
	}
	return k;
}

static int chart(struct sr_report *r, const struct bar *b, size_t nb, const size_t *dvs, size_t nd)
{
	static const char *const cols[4] = {"iops", "avg_lat_ms", "max_lat_ms", "lat_sd_ms"};
	static const struct sr_bar_panel p[4] = {{"IOPS", "IOPS", 0},
						 {"average latency", "ms", 1},
						 {"maximum latency", "ms", 2},
						 {"latency standard deviation", "ms", 3}};
	struct sr_key *keys = calloc(nd + 1, sizeof(*keys));
	char(*names)[300] = calloc(nd + 1, sizeof(*names)), title[300], tq[32];
	struct sr_chart ch;
	int rc = -ENOMEM;

	if (!keys || !names)
		goto out;
	snprintf(title, sizeof(title), "Primary results at %s: reads and writes apart",
		 sr_rtest_tq(b[0].t, tq, sizeof(tq)));
	rc = sr_rep_chart_begin(r, &ch, "primary", title, 1100, 520);
	if (rc)
		goto out;
	snprintf(ch.caption, sizeof(ch.caption), "Primary results, drives side by side");
	sr_chart_frame(&ch, "drive", "workload", cols, 4);
	for (size_t c = 0; c < nd; c++) {
		keys[c] = sr_rep_key(r, dvs[c], names[c], sizeof(names[c]));
		sr_chart_series(&ch, r->m->drives[dvs[c]].label);
		for (size_t i = 0; i < nb; i++) {
			double v[4];

			for (int k = 0; k < 4; k++) {
				struct sr_fig f = sr_rep_fig(b[i].t, dvs[c], b[i].w, metrics[k], 0);

				v[k] = !sr_ok(f.v) ? NAN : k ? f.v.v / 1e6 : f.v.v;
			}
			sr_chart_point(&ch, b[i].label, v);
		}
	}
	sr_chart_bars(&ch, p, 4, 2, keys, nd);
	rc = sr_rep_chart_end(r, &ch, &r->page, 1100);
out:
	free(keys);
	free(names);
	return rc;
}

/* The table: a row per workload and drive (a drive per row reads at any number of drives), a
 * workload's name on its first row (every row in the CSV); a latency unit per column. */
static int table(struct sr_report *r, const struct catalogue_family *f, const struct bar *b,
		 size_t nb, const size_t *dvs, size_t nd)
{
	static const char *const what[4] = {"IOPS", "average", "maximum", "std dev"};
	struct sr_fig *col = calloc(nb * nd + 1, sizeof(*col));
	enum sr_lat_unit u[4];
	struct sr_table *t;
	char name[160], head[400], drive[300];
	bool totals_only = false;
	int rc;

	snprintf(name, sizeof(name), "family-%s", f ? f->id : "primary");
	t = sr_table_new(name, "Primary results: reads and writes apart", 2 + 4);
	if (!t || !col) {
		sr_table_free(t);
		free(col);
		return -ENOMEM;
	}
	sr_table_lead(t, (const char *const[]){"workload", "drive"}, 2);
	for (int k = 0; k < 4; k++) {
		for (size_t i = 0; i < nb; i++)
			for (size_t c = 0; c < nd; c++)
				col[i * nd + c] = sr_rep_fig(b[i].t, dvs[c], b[i].w, metrics[k], 0);
		u[k] = sr_rep_lat_unit(col, nb * nd);
		if (k)
			snprintf(head, sizeof(head), "%s (%s)", what[k], sr_lat_unit_name(u[k]));
		else
			snprintf(head, sizeof(head), "%s", what[k]);
		sr_table_head(t, 2 + (size_t)k, head);
	}
	for (size_t i = 0; i < nb; i++)
		for (size_t c = 0, shown = 0; c < nd; c++) {
			const struct sr_result *res = b[i].t->per_drive[dvs[c]];
			size_t row;
			char href[300];

			if (res && res->test && res->test->totals_only && b[i].w != SR_W_BOTH) {
				totals_only = true; /* no side's figure: said once, below */
				continue;
			}
			row = sr_table_row(t);
			sr_table_num(t, row, 0, shown ? "" : b[i].label, b[i].label);
			if (!shown++)
				sr_table_link(t, row, 0, sr_rep_detail(b[i].t, href, sizeof(href)));
			sr_table_set(t, row, 1, "%s",
				     sr_rep_drive(r, dvs[c], drive, sizeof(drive)));
			for (int k = 0; k < 4; k++) {
				struct sr_fig fg =
				    sr_rep_fig(b[i].t, dvs[c], b[i].w, metrics[k], 0);

				sr_rep_cell(t, row, 2 + (size_t)k, fg, metrics[k], u[k],
					    res ? res->error : 0);
				if (r->m->drives[dvs[c]].source && sr_ok(fg.v))
					sr_table_mark(t, row, 2 + (size_t)k, SR_MARK_PUBLISHED);
			}
		}
	sr_rep_table_notes(t);
	if (totals_only)
		sr_table_note(t,
			      "%s%sThe results library keeps a mixed test's total only: its reads "
			      "and writes are no rows of a library drive (its total is in the "
			      "summary).",
			      t->note ? t->note : "", t->note ? " " : "");
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(col);
	return rc;
}

int sr_section_primary(struct sr_report *r, const struct catalogue_family *f,
		       const struct sr_rtest *const *tests, size_t n)
{
	struct bar *b = calloc(2 * n + 1, sizeof(*b));
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(size_t)), nb, nd = 0;
	int rc = -ENOMEM;

	if (!b || !dvs)
		goto out;
	nb = bars_of(r, tests, n, b);
	nd = sr_rep_columns(r, tests, n, dvs);
	rc = nb && nd ? chart(r, b, nb, dvs, nd) : 0;
	if (!rc && nb)
		rc = table(r, f, b, nb, dvs, nd);
out:
	free(b);
	free(dvs);
	return rc ? rc : r->page.err;
}
