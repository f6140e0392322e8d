// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_apps.c - application workloads (ssd-apps: MariaDB + sysbench OLTP, PostgreSQL +
 * sysbench's TPC-C-like tpcc.lua, on the drive): per test of the family, one bar chart of
 * transactions per second, average and 99th percentile latency, one cluster per instance and one
 * for the total, the drives' bars side by side with published figures hatched; then one table of
 * the same figures (and New-Orders per minute for the TPC-C-like test) with each drive's
 * workload. A drive whose test did not finish gets a column marked failed with ssd-apps's
 * reason, and no bar.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/apps.h"
#include "render/format.h"
#include "render/sections.h"

/* The figures the section shows, in the chart's panels and the table's row groups; the table's
 * last group only for the TPC-C-like test. */
static const struct {
	enum sr_apps_metric m;
	const char *col; /* the chart's CSV column */
} shown[] = {
    {SR_A_TPS, "tps"},
    {SR_A_LAT_AVG, "lat_avg_ms"},
    {SR_A_LAT_P99, "lat_p99_ms"},
    {SR_A_NOPM, "new_orders_per_min"},
};
#define NCHARTED 3
#define NSHOWN (sizeof(shown) / sizeof(shown[0]))

static bool is_tpcc(const struct catalogue_entry *e)
{
	return e->apps_workload && !strcmp(e->apps_workload, "tpcc");
}

static bool is_apps_entry(const struct catalogue_entry *e, const struct catalogue_family *f)
{
	return e->family == f && e->tool == CATALOGUE_TOOL_SSD_APPS;
}

bool sr_section_apps_has(const struct sr_report *r, const struct catalogue_family *f)
{
	for (size_t i = 0; r->cat && i < r->cat->nentries; i++)
		for (size_t dv = 0; is_apps_entry(&r->cat->entries[i], f) && dv < r->m->ndrives;
		     dv++)
			if (sr_apps_of(&r->m->drives[dv], r->cat->entries[i].id))
				return true;
	return false;
}

/* "instance 1" .. "instance N", "total": row @k of a group of @ninst + 1. */
static const char *instance_name(size_t k, size_t ninst, char *buf, size_t len)
{
	if (k == ninst)
		snprintf(buf, len, "total");
	else
		snprintf(buf, len, "db%zu", k + 1);
	return buf;
}

static struct sr_value value_at(const struct sr_apps *a, size_t k, size_t ninst,
				enum sr_apps_metric m)
{
	return sr_apps_value(a, k == ninst ? -1 : (long)k, m);
}

static int chart(struct sr_report *r, const struct catalogue_entry *e, const size_t *dvs, size_t nd,
		 size_t ninst)
{
	const char *cols[NCHARTED];
	struct sr_bar_panel p[NCHARTED];
	struct sr_key *keys = calloc(nd + 1, sizeof(*keys));
	char(*heads)[300] = calloc(nd + 1, sizeof(*heads)), title[300], label[32];
	struct sr_chart ch;
	size_t nk = 0;
	int rc;

	if (!keys || !heads) {
		free(keys);
		free(heads);
		return -ENOMEM;
	}
	for (size_t s = 0; s < NCHARTED; s++) {
		cols[s] = shown[s].col;
		p[s] = (struct sr_bar_panel){sr_apps_metric_words(shown[s].m),
					     sr_apps_metric_words(shown[s].m), s};
	}
	snprintf(title, sizeof(title), "%s: per instance and total", e->title);
	rc = sr_rep_chart_begin(r, &ch, e->id, title, SR_PAGE_W, 380);
	if (rc)
		goto out;
	snprintf(ch.caption, sizeof(ch.caption), "%s", e->title);
	sr_chart_frame(&ch, "drive", "instance", cols, NCHARTED);
	for (size_t c = 0; c < nd; c++) {
		const struct sr_apps *a = sr_apps_of(&r->m->drives[dvs[c]], e->id);

		if (!sr_apps_done(a)) /* marked in the table, not drawn */
			continue;
		keys[nk++] = sr_rep_key(r, dvs[c], heads[c], sizeof(heads[c]));
		sr_chart_series(&ch, heads[c]);
		for (size_t k = 0; k <= ninst; k++) {
			double v[NCHARTED];

			for (size_t s = 0; s < NCHARTED; s++) {
				struct sr_value x = value_at(a, k, ninst, shown[s].m);

				v[s] = sr_ok(x) ? x.v : NAN;
			}
			sr_chart_point(&ch, instance_name(k, ninst, label, sizeof(label)), v);
		}
	}
	if (!nk) {
		sr_chart_abort(&ch);
		goto out;
	}
	sr_chart_bars(&ch, p, NCHARTED, NCHARTED, keys, nk);
	rc = sr_rep_chart_end(r, &ch, &r->page, SR_PAGE_W);
out:
	free(keys);
	free(heads);
	return rc;
}

void sr_apps_cell(struct sr_table *t, size_t row, size_t col, struct sr_value v,
		  enum sr_apps_metric m)
{
	char text[SR_FMT_LEN], csv[SR_FMT_LEN];

	if (!sr_ok(v)) {
		sr_table_set(t, row, col, "%s",
			     v.state == SR_INVALID ? SR_UNKNOWN : SR_NOT_MEASURED);
		return;
	}
	if ((m == SR_A_TPS || m == SR_A_QPS || m == SR_A_NOPM) && v.v >= 100)
		sr_fmt_int(text, v.v);
	else
		sr_fmt_sig(text, v.v);
	snprintf(csv, sizeof(csv), "%.9g", v.v);
	sr_table_num(t, row, col, text, csv);
}

/* "2 instances × 4 tables × 10,000 rows, 4 threads each, 30 s measured after 10 s, xfs, drive
 * cache write back (kernel)"; the TPC-C-like test's "2 instances × 1 warehouse (10,000 items,
 * 300 customers per district: TPC-C has 100,000 and 3,000), 4 connections each, …, PostgreSQL
 * 15.18" */
static void workload(const struct sr_apps *a, char *buf, size_t len)
{
	char rows[SR_FMT_LEN], items[SR_FMT_LEN], cust[SR_FMT_LEN];

	buf[0] = '\0';
	if (sr_ok(a->instances))
		snprintf(buf, len, "%.0f instances × ", a->instances.v);
	if (sr_ok(a->warehouses)) {
		snprintf(buf + strlen(buf), len - strlen(buf), "%.0f warehouse%s", a->warehouses.v,
			 a->warehouses.v == 1 ? "" : "s");
		if (sr_ok(a->items) && sr_ok(a->customers) &&
		    (a->items.v != 100000 || a->customers.v != 3000)) {
			sr_fmt_int(items, a->items.v);
			sr_fmt_int(cust, a->customers.v);
			snprintf(buf + strlen(buf), len - strlen(buf),
				 " (%s items, %s customers per district: TPC-C has 100,000 and "
				 "3,000)",
				 items, cust);
		}
		snprintf(buf + strlen(buf), len - strlen(buf), ", %.0f connections each",
			 a->threads.v);
	} else {
		sr_fmt_int(rows, a->table_size.v);
		snprintf(buf + strlen(buf), len - strlen(buf),
			 "%.0f tables × %s rows, %.0f threads each", a->tables.v, rows,
			 a->threads.v);
	}
	if (sr_ok(a->time_s))
		snprintf(buf + strlen(buf), len - strlen(buf), ", %.0f s measured after %.0f s",
			 a->time_s.v, sr_ok(a->warmup_s) ? a->warmup_s.v : 0);
	if (a->server && !strncmp(a->server, "PostgreSQL", 10)) /* "PostgreSQL 15.18 (Debian…)" */
		snprintf(buf + strlen(buf), len - strlen(buf), ", %.*s",
			 (int)strcspn(a->server + 11, " (") + 11, a->server);
	if (a->fs_type)
		snprintf(buf + strlen(buf), len - strlen(buf), ", %s", a->fs_type);
	if (a->write_cache)
		snprintf(buf + strlen(buf), len - strlen(buf), ", drive cache %s (kernel)",
			 a->write_cache);
}

static int table(struct sr_report *r, const struct catalogue_entry *e, const size_t *dvs, size_t nd,
		 size_t ninst)
{
	struct sr_table *t;
	char name[160], head[300], label[32], text[600], title[300];
	size_t row;
	int rc;

	snprintf(name, sizeof(name), "%s-figures", e->id);
	/* the section's heading is the test's title already */
	snprintf(title, sizeof(title), "%s: figures per instance and in total", e->title);
	t = sr_table_new(name, title, 2 + nd);
	if (!t)
		return -ENOMEM;
	sr_table_lead(t, (const char *const[]){"figure", "instance"}, 2);
	for (size_t c = 0; c < nd; c++)
		sr_table_head(t, 2 + c, sr_rep_drive(r, dvs[c], head, sizeof(head)));
	for (size_t s = 0; s < (is_tpcc(e) ? NSHOWN : NCHARTED); s++)
		for (size_t k = 0; k <= ninst; k++) {
			row = sr_table_row(t);
			sr_table_set(t, row, 0, "%s", sr_apps_metric_words(shown[s].m));
			sr_table_set(t, row, 1, "%s",
				     instance_name(k, ninst, label, sizeof(label)));
			for (size_t c = 0; c < nd; c++) {
				const struct sr_drive *drv = &r->m->drives[dvs[c]];
				const struct sr_apps *a = sr_apps_of(drv, e->id);

				if (!sr_apps_done(a)) {
					sr_table_set(t, row, 2 + c, "%s", a->status);
					sr_table_mark(t, row, 2 + c, SR_MARK_FAIL);
					continue;
				}
				sr_apps_cell(t, row, 2 + c, value_at(a, k, ninst, shown[s].m),
					     shown[s].m);
				if (drv->source && sr_ok(value_at(a, k, ninst, shown[s].m)))
					sr_table_mark(t, row, 2 + c, SR_MARK_PUBLISHED);
			}
		}
	row = sr_table_row(t);
	sr_table_prose(t, row); /* words under the drives' figures, set apart from them */
	sr_table_set(t, row, 0, "workload");
	sr_table_set(t, row, 1, "each");
	for (size_t c = 0; c < nd; c++) {
		const struct sr_apps *a = sr_apps_of(&r->m->drives[dvs[c]], e->id);

		if (a->note)
			snprintf(text, sizeof(text), "%s", a->note);
		else
			workload(a, text, sizeof(text));
		/* the first drive's words, and "same" for each drive that ran it alike (the CSV
		 * holds every drive's): eight copies of a sentence widen the table past the page */
		if (c && t->cells[row * t->ncols + 2].text &&
		    !strcmp(t->cells[row * t->ncols + 2].text, text))
			sr_table_num(t, row, 2 + c, "same", text);
		else
			sr_table_set(t, row, 2 + c, "%s", text);
	}
	for (size_t c = 0; c < nd; c++) {
		const struct sr_apps *a = sr_apps_of(&r->m->drives[dvs[c]], e->id);

		if (!sr_apps_done(a))
			sr_table_note(t, "%s: %s%s%s: %.*s", r->m->drives[dvs[c]].label, a->status,
				      a->failed_step ? " at " : "",
				      a->failed_step ? a->failed_step : "",
				      a->error ? (int)strcspn(a->error, "\n") : 9,
				      a->error ? a->error : "no reason");
	}
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc;
}

static int one_test(struct sr_report *r, const struct catalogue_entry *e)
{
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(*dvs)), nd = 0, ninst = 0;
	bool published = false;
	int rc;

	if (!dvs)
		return -ENOMEM;
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_apps *a = sr_apps_of(&r->m->drives[dv], e->id);

		if (!a)
			continue;
		dvs[nd++] = dv;
		published |= r->m->drives[dv].source != NULL;
		if (sr_apps_done(a) && a->ninst > ninst)
			ninst = a->ninst;
	}
	if (!nd) {
		free(dvs);
		return 0;
	}
	sr_page_heading(&r->page, 3, e->id, e->title);
	if (is_tpcc(e))
		sr_page_text(
		    &r->page, "note",
		    "A throughput test on TPC-C's schema and transaction mix (New-Order 45 "
		    "%%, Payment 43 %%, Order-Status, Delivery and Stock-Level 4 %% each, 1 %% "
		    "of New-Orders rolled back), with no keying or think times: not a TPC-C "
		    "result. TPC-C's consistency conditions 1-4 held on every instance "
		    "shown; a run where one failed is marked failed.");
	if (published)
		sr_page_text(
		    &r->page, "note",
		    is_tpcc(e)
			? "Published figures (hatched, \"(published)\") are the reviews' "
			  "totals as quoted in their sources, from another engine under "
			  "another load: Microsoft SQL Server driven by Quest Benchmark "
			  "Factory's TPC-C-like workload (1,500 warehouses and 15,000 virtual "
			  "users per VM, with think times). They show the scale a review "
			  "reports, not a figure to compare one to one; they are not "
			  "measured here."
			: "Published figures (hatched, \"(published)\") are the review's totals "
			  "as quoted in its source; they are not measured here.");
	rc = chart(r, e, dvs, nd, ninst);
	if (!rc)
		rc = table(r, e, dvs, nd, ninst);
	free(dvs);
	return rc;
}

int sr_section_apps(struct sr_report *r, const struct catalogue_family *f,
		    const struct sr_rtest *const *tests, size_t n)
{
	int rc = 0;

	(void)tests;
	(void)n;
	for (size_t i = 0; r->cat && i < r->cat->nentries && !rc; i++)
		if (is_apps_entry(&r->cat->entries[i], f))
			rc = one_test(r, &r->cat->entries[i]);
	return rc ? rc : r->page.err;
}
