// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_other.c - a family this renderer draws no chart of its own for (the workload-independent
 * fill, application workloads), and "Other tests": the results no catalogue entry describes (an
 * older run, another tool's output), sorted by rw, bs, T, Q. One table (the parameters from fio's
 * job options, then per drive IOPS, MB/s, average and maximum latency), and the time series of
 * the first tests that have one.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

#define MAX_SERIES_CHARTS 12 /* more go unchartered on the index: their data is on their page */

static const enum sr_metric metrics[4] = {SR_M_IOPS, SR_M_BW, SR_M_LAT_MEAN, SR_M_LAT_MAX};

/* The test's parameters: shown on its first row (@shown), in the CSV on every row. */
static void params(struct sr_table *t, size_t row, const struct sr_rtest *x, bool shown)
{
	char bs[SR_FMT_LEN], mix[SR_FMT_LEN + 8], tq[32];
	const char *v[3] = {x->rw ? x->rw : SR_UNKNOWN, sr_fmt_bs(bs, x->bs),
			    sr_rtest_tq(x, tq, sizeof(tq))};

	if (x->bssplit) {
		snprintf(mix, sizeof(mix), "%s mix", bs);
		v[1] = mix;
	}
	for (size_t k = 0; k < 3; k++)
		sr_table_num(t, row, 1 + k, shown ? v[k] : "", v[k]);
}

/* The table: a row per test and drive, the test's title on its first row (every row in the
 * CSV); a latency unit per column. */
static int table(struct sr_report *r, const struct catalogue_family *f,
		 const struct sr_rtest *const *tests, size_t n, const size_t *dvs, size_t nd)
{
	static const char *const what[4] = {"IOPS", "MB/s", "avg latency", "max latency"};
	struct sr_fig *col = calloc(n * nd + 1, sizeof(*col));
	enum sr_lat_unit u[4];
	struct sr_table *t;
	char name[160], head[400], drive[300];
	int rc;

	snprintf(name, sizeof(name), "family-%s", f ? f->id : "other");
	t = sr_table_new(name, f ? f->title : "Other tests, by rw, block size, T and Q", 5 + 4);
	if (!t || !col) {
		sr_table_free(t);
		free(col);
		return -ENOMEM;
	}
	sr_table_lead(t, (const char *const[]){"test", "rw", "block size", "T/Q", "drive"}, 5);
	for (int k = 0; k < 4; k++) {
		for (size_t i = 0; i < n; i++)
			for (size_t c = 0; c < nd; c++)
				col[i * nd + c] =
				    sr_rep_fig(tests[i], dvs[c], SR_W_BOTH, metrics[k], 0);
		u[k] = sr_rep_lat_unit(col, n * nd);
		if (k >= 2)
			snprintf(head, sizeof(head), "%s (%s)", what[k], sr_lat_unit_name(u[k]));
		else
			snprintf(head, sizeof(head), "%s", what[k]);
		sr_table_head(t, 5 + (size_t)k, head);
	}
	for (size_t i = 0; i < n; i++)
		for (size_t c = 0; c < nd; c++) {
			const struct sr_result *res = tests[i]->per_drive[dvs[c]];
			size_t row = sr_table_row(t);
			char href[300];

			sr_table_num(t, row, 0, c ? "" : tests[i]->title, tests[i]->title);
			if (!c)
				sr_table_link(t, row, 0,
					      sr_rep_detail(tests[i], href, sizeof(href)));
			params(t, row, tests[i], !c);
			sr_table_set(t, row, 4, "%s",
				     sr_rep_drive(r, dvs[c], drive, sizeof(drive)));
			for (int k = 0; k < 4; k++)
				sr_rep_cell(t, row, 5 + (size_t)k,
					    sr_rep_fig(tests[i], dvs[c], SR_W_BOTH, metrics[k], 0),
					    metrics[k], u[k], res ? res->error : 0);
		}
	sr_rep_table_notes(t);
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(col);
	return rc;
}

int sr_section_other(struct sr_report *r, const struct catalogue_family *f,
		     const struct sr_rtest *const *tests, size_t n)
{
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(size_t)), nd = 0, charts = 0, more = 0;
	int rc = 0;

	if (!dvs)
		return -ENOMEM;
	nd = sr_rep_columns(r, tests, n, dvs);
	for (size_t i = 0; i < n; i++)
		charts += sr_rep_has_series(r, tests[i]);
	if (charts) {
		sr_page_grid(&r->page, true);
		for (size_t i = 0, k = 0; i < n && !rc; i++) {
			if (!sr_rep_has_series(r, tests[i]))
				continue;
			if (k++ < MAX_SERIES_CHARTS)
				for (size_t w = 0; w < sr_rep_nseries(r, tests[i]) && !rc; w++)
					rc = sr_series_chart(r, tests[i], w, SR_HALF_W, false);
			else
				more++;
		}
		sr_page_grid(&r->page, false);
		if (more)
			sr_page_text(&r->page, "note",
				     "%zu more tests have a time series; it is on their pages.",
				     more);
	}
	if (!rc)
		rc = table(r, f, tests, n, dvs, nd);
	free(dvs);
	return rc ? rc : r->page.err;
}
