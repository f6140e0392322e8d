// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_spec.c - spec-sheet verification: the figures a vendor's sheet states (sequential
 * MB/s, random IOPS, latency QoS at QD1: average and percentiles), measured on each drive; with
 * a sheet (--spec) each beside the sheet's value with pass or fail (IOPS and MB/s at least the
 * sheet's, latency at most); without one, the measured figures and a word that no sheet was
 * given. Then the QoS exceedance chart of the QD1 tests: the share of I/Os slower than each
 * latency, every drive, the sheet's percentiles as a line of their own.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

/* A row of the table: one figure of one test. */
struct srow {
	const struct sr_rtest *t; /* NULL: a claim of a test the results do not hold */
	const char *test;	  /* the test id */
	enum sr_which w;
	enum sr_metric m;
	double pct;
	const struct sr_claim *claim; /* the sheet's, or NULL */
};

static bool qd1(const struct sr_rtest *t) { return t->threads == 1 && t->depth == 1; }

static bool sequential(const struct sr_rtest *t)
{
	return t->rw && (!strcmp(t->rw, "read") || !strcmp(t->rw, "write"));
}

/* The figures the review reads from a test (docs/METHODOLOGY.md §4). */
static size_t rows_of(const struct sr_rtest *t, struct srow *out)
{
	static const double pcts[] = {99, 99.9, 99.99, 99.999};
	size_t k = 0;

	if (qd1(t)) {
		out[k++] = (struct srow){t, t->id, SR_W_BOTH, SR_M_LAT_MEAN, 0};
		for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++)
			out[k++] = (struct srow){t, t->id, SR_W_BOTH, SR_M_PCT, pcts[i]};
	} else {
		out[k++] = (struct srow){t, t->id, SR_W_BOTH, sequential(t) ? SR_M_BW : SR_M_IOPS};
	}
	return k;
}

static bool same(const struct srow *a, const struct sr_claim *c)
{
	return !strcmp(a->test, c->test) && a->m == c->m && fabs(a->pct - c->pct) < 1e-6;
}

static const char *what(const struct srow *s, char *buf, size_t len)
{
	static const char *const words[] = {"IOPS", "MB/s", "average latency", "maximum latency",
					    "latency standard deviation"};
	const char *dir = s->w == SR_W_READ ? "read " : s->w == SR_W_WRITE ? "write " : "";

	if (s->m == SR_M_PCT)
		snprintf(buf, len, "%sp%g latency", dir, s->pct);
	else
		snprintf(buf, len, "%s%s", dir, words[s->m]);
	return buf;
}

static void sheet_cell(struct sr_table *t, size_t row, const struct srow *s, enum sr_lat_unit u)
{
	struct sr_fig f = {sr_val(s->claim->sheet), false};

	sr_rep_cell(t, row, 2, f, s->m, u, 0);
	sr_table_mark(t, row, 2, SR_MARK_PUBLISHED);
}

/* The verdict column of a drive: pass, FAIL, job error, or nothing measured. */
static void verdict_cell(struct sr_table *t, size_t row, size_t col, const struct sr_claim *c,
			 const struct sr_result *res)
{
	static const char *const words[] = {SR_NOT_MEASURED, "pass", "FAIL", "job error"};
	static const enum sr_mark marks[] = {SR_MARK_NONE, SR_MARK_PASS, SR_MARK_FAIL,
					     SR_MARK_FAIL};
	struct sr_fig m;
	enum sr_verdict v = sr_claim_judge(c, res, &m);

	sr_table_set(t, row, col, "%s", words[v]);
	sr_table_mark(t, row, col, marks[v]);
}

static int table(struct sr_report *r, const struct catalogue_family *f, struct srow *rows,
		 size_t nrows, const size_t *dvs, size_t nd)
{
	bool sheet = r->m->sheet != NULL;
	size_t per = sheet ? 2 : 1; /* with a sheet: measured and verdict per drive */
	struct sr_fig *fs = calloc(nd + 2, sizeof(*fs));
	char name[160], head[300], buf[160];
	struct sr_table *t;
	int rc;

	snprintf(name, sizeof(name), "family-%s", f ? f->id : "spec");
	t = sr_table_new(name,
			 sheet ? "Measured against the spec sheet" : "Spec-sheet figures, measured",
			 3 + per * nd);
	if (!t || !fs) {
		sr_table_free(t);
		free(fs);
		return -ENOMEM;
	}
	sr_table_lead(t, (const char *const[]){"test", "figure"}, 2);
	sr_table_head(t, 2, sheet ? "sheet" : "sheet (none given)");
	for (size_t c = 0; c < nd; c++) {
		sr_rep_drive(r, dvs[c], head, sizeof(head));
		if (!sheet) {
			sr_table_head(t, 3 + c, head);
			continue;
		}
		sr_table_group(t, 3 + 2 * c, head);
		sr_table_group(t, 4 + 2 * c, head);
		sr_table_head(t, 3 + 2 * c, "measured");
		sr_table_head(t, 4 + 2 * c, "verdict");
	}
	for (size_t i = 0; i < nrows; i++) {
		const struct srow *s = &rows[i];
		size_t row = sr_table_row(t), nf = 0;
		enum sr_lat_unit u;
		char href[300];

		for (size_t c = 0; c < nd; c++)
			fs[nf++] = s->t ? sr_rep_fig(s->t, dvs[c], s->w, s->m, s->pct)
					: (struct sr_fig){{0, SR_ABSENT}, false};
		if (s->claim)
			fs[nf++] = (struct sr_fig){sr_val(s->claim->sheet), false};
		u = sr_rep_lat_unit(fs, nf);
		sr_table_set(t, row, 0, "%s", s->t ? s->t->title : s->test);
		if (s->t)
			sr_table_link(t, row, 0, sr_rep_detail(s->t, href, sizeof(href)));
		if (s->m == SR_M_IOPS || s->m == SR_M_BW)
			sr_table_set(t, row, 1, "%s", what(s, buf, sizeof(buf)));
		else
			sr_table_set(t, row, 1, "%s (%s)", what(s, buf, sizeof(buf)),
				     sr_lat_unit_name(u));
		if (s->claim)
			sheet_cell(t, row, s, u);
		else
			sr_table_set(t, row, 2, SR_NOT_MEASURED);
		for (size_t c = 0; c < nd; c++) {
			const struct sr_result *res = s->t ? s->t->per_drive[dvs[c]] : NULL;

			sr_rep_cell(t, row, 3 + per * c, fs[c], s->m, u, res ? res->error : 0);
			if (sheet && s->claim)
				verdict_cell(t, row, 4 + 2 * c, s->claim, res);
			else if (sheet)
				sr_table_set(t, row, 4 + 2 * c, SR_NOT_MEASURED);
		}
	}
	sr_rep_table_notes(t);
	if (sheet)
		sr_table_note(t,
			      "%s%sSheet: %s (%s). Pass: IOPS and MB/s at least the sheet's, "
			      "latency at most; a job that ended with an error never passes.",
			      t->note ? t->note : "", t->note ? " " : "", r->m->sheet->label,
			      r->m->sheet->nidentity ? r->m->sheet->identity[0].value : "");
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(fs);
	return rc;
}

enum { C_LAT, C_EXC, C_PCT, C_CLAMPED, C_N };

/* One block of the QoS frame: the percentiles of a distribution. */
static void qos_block(struct sr_chart *ch, const struct sr_lat *l, struct sr_value max)
{
	for (size_t i = 0; l && i < l->npct; i++) {
		const struct sr_pct *p = &l->pct[i];
		bool clamped = sr_pct_clamped(sr_val(p->ns), max);
		double v[C_N] = {p->ns / 1e6, 100 - p->pct, p->pct, clamped ? 100 - p->pct : NAN};

		if (p->pct < 100 && p->pct >= 50)
			sr_chart_point(ch, NULL, v);
	}
}

static int qos_chart(struct sr_report *r, const struct sr_rtest *t)
{
	static const char *const cols[C_N] = {"clat_ms", "exceedance_pct", "percentile",
					      "clamped_exceedance_pct"};
	size_t nd = r->m->ndrives, nl = 0, nk = 0, nb = 0;
	struct sr_line *lines = calloc(6 * nd + 4, sizeof(*lines));
	struct sr_key *keys = calloc(2 * nd + 4, sizeof(*keys));
	char(*names)[320] = calloc(2 * nd + 2, sizeof(*names)), name[200], title[300], tq[32];
	bool clamped = false;
	struct sr_chart ch;
	int rc = -ENOMEM;

	if (!lines || !keys || !names)
		goto out;
	snprintf(name, sizeof(name), "qos-%s", t->stem);
	snprintf(title, sizeof(title), "QoS: %s, %s", t->title, sr_rtest_tq(t, tq, sizeof(tq)));
	rc = sr_rep_chart_begin(r, &ch, name, title, 560, 400);
	if (rc)
		goto out;
	snprintf(ch.caption, sizeof(ch.caption), "QoS exceedance: %s", t->title);
	sr_chart_frame(&ch, "series", NULL, cols, C_N);
	for (size_t dv = 0; dv < nd; dv++)
		for (int d = 0; d < 2; d++) {
			const struct sr_result *res = t->per_drive[dv];
			const struct sr_dir_fig *f =
			    res && res->dir[d].present ? &res->dir[d] : NULL;
			char drive[300];

			snprintf(names[nb], sizeof(names[nb]), "%s %s",
				 sr_rep_drive(r, dv, drive, sizeof(drive)), d ? "writes" : "reads");
			sr_chart_series(&ch, names[nb]);
			qos_block(&ch, f ? f->dist : NULL, f ? f->max : (struct sr_value){0});
			if (sr_chart_has(&ch, nb, C_LAT)) {
				lines[nl++] = (struct sr_line){.block = nb,
							       .ycol = C_EXC,
							       .colour = dv,
							       .dash = d ? 2 : 1,
							       .points = true};
				lines[nl++] = (struct sr_line){.block = nb,
							       .ycol = C_CLAMPED,
							       .colour = dv,
							       .only_points = true};
				keys[nk++] = (struct sr_key){names[nb], dv, d ? 2 : 1};
				clamped |= sr_chart_has(&ch, nb, C_CLAMPED);
			}
			nb++;
		}
	for (size_t i = 0; r->m->sheet && i < r->m->sheet->ntests; i++) {
		const struct sr_run *run = &r->m->sheet->tests[i].runs[0];

		if (strcmp(r->m->sheet->tests[i].id, t->id) || !run->dir[0].clat.npct)
			continue;
		snprintf(names[nb], sizeof(names[nb]), "spec sheet %s", r->m->sheet->label);
		sr_chart_series(&ch, names[nb]);
		qos_block(&ch, &run->dir[0].clat, (struct sr_value){0});
		lines[nl++] = (struct sr_line){
		    .block = nb, .ycol = C_EXC, .colour = 9, .dash = 3, .points = true};
		keys[nk++] = (struct sr_key){names[nb], 9, 3};
		nb++;
		break;
	}
	if (clamped)
		keys[nk++] = (struct sr_key){"at fio's histogram ceiling (true latency larger)", 9,
					     1, false, true};
	{
		struct sr_panel p = {.xlabel = "completion latency (ms)",
				     .ylabel = "I/Os slower (%)",
				     .xcol = C_LAT,
				     .logx = true,
				     .logy = true,
				     .xmin = NAN,
				     .xmax = NAN,
				     .hline = NAN,
				     .lines = lines,
				     .nlines = nl};

		sr_chart_lines(&ch, &p, 1, 1, keys, nk);
	}
	rc = sr_rep_chart_end(r, &ch, &r->page, 420);
out:
	free(lines);
	free(keys);
	free(names);
	return rc;
}

/* Rows: the tests' own figures, each with the sheet's claim on it, then claims on figures the
 * tests do not show by default (a tested test's other metric, or a test not in the results). */
static size_t all_rows(struct sr_report *r, const struct sr_rtest *const *tests, size_t n,
		       const struct sr_claim *claims, size_t nclaims, struct srow *rows)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += rows_of(tests[i], rows + k);
	for (size_t c = 0; c < nclaims; c++) {
		bool placed = false;

		for (size_t i = 0; i < k; i++)
			if (!rows[i].claim && same(&rows[i], &claims[c])) {
				rows[i].claim = &claims[c];
				rows[i].w = rows[i].w == SR_W_BOTH ? claims[c].w : rows[i].w;
				placed = true;
				break;
			}
		if (placed)
			continue;
		rows[k] = (struct srow){NULL,	     claims[c].test, claims[c].w,
					claims[c].m, claims[c].pct,  &claims[c]};
		for (size_t i = 0; i < r->rv->ntests; i++)
			if (!strcmp(r->rv->tests[i].id, claims[c].test))
				rows[k].t = &r->rv->tests[i];
		k++;
	}
	return k;
}

int sr_section_spec(struct sr_report *r, const struct catalogue_family *f,
		    const struct sr_rtest *const *tests, size_t n)
{
	struct sr_claim *claims = NULL;
	long nclaims = r->m->sheet ? sr_sheet_claims(r->m->sheet, &claims) : 0;
	struct srow *rows = calloc(6 * n + (size_t)(nclaims > 0 ? nclaims : 0) + 1, sizeof(*rows));
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(size_t)), nd = 0, nrows;
	bool qos = false;
	int rc = 0;

	if (nclaims < 0 || !rows || !dvs) {
		rc = -ENOMEM;
		goto out;
	}
	qos = catalogue_family_draws(f, "qos");
	nd = sr_rep_columns(r, tests, n, dvs);
	if (!r->m->sheet)
		sr_page_text(&r->page, NULL,
			     "No spec sheet was given (ssdreport --spec NAME): the "
			     "figures a sheet states are shown as measured, without "
			     "verdicts.");
	nrows = all_rows(r, tests, n, claims, (size_t)nclaims, rows);
	sr_page_grid(&r->page, true);
	for (size_t i = 0; i < n && qos && !rc; i++)
		if (qd1(tests[i]))
			rc = qos_chart(r, tests[i]);
	if (nrows && !rc)
		rc = table(r, f, rows, nrows, dvs, nd);
	sr_page_grid(&r->page, false);
out:
	free(claims);
	free(rows);
	free(dvs);
	return rc ? rc : r->page.err;
}
