// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_summary.c - the summary: one table, the drives (and published figures) as columns, the
 * rows the catalogue's "summary" names (4K random read and write IOPS, 8K 70/30, latencies, four
 * corners, QoS, spec-sheet verdicts, steady state), each row linking to its section. In
 * `ssdreport compare` a drive's second run gets a difference (%) column against its first.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/apps.h"
#include "render/format.h"
#include "analyse/telemetry.h"
#include "render/sections.h"

static const char *metric_words(enum sr_metric m, double pct, char *buf, size_t len)
{
	static const char *const words[] = {"IOPS", "MB/s", "average latency", "maximum latency",
					    "latency standard deviation"};

	if (m == SR_M_PCT)
		snprintf(buf, len, "p%g latency", pct);
	else
		snprintf(buf, len, "%s", words[m]);
	return buf;
}

/* Columns: drive index, or a difference column (dv = the second run, base = the first), or one
 * drive of a group (dv = the group, member = its index in the group's results; the group's own
 * column is then its total). */
struct col {
	size_t dv;
	long base;	/* -1: a drive's own column */
	long member;	/* -1: not a member's column */
	char name[160]; /* a member's name, from the results */
};

/* The result a column shows of @test: the drive's, or its member's. */
static const struct sr_result *col_result(const struct sr_rtest *test, const struct col *c)
{
	const struct sr_result *res = test->per_drive[c->dv];

	if (!res || c->member < 0)
		return res;
	return (size_t)c->member < res->nmembers ? &res->members[c->member] : NULL;
}

static struct sr_fig col_fig(const struct sr_rtest *test, const struct col *c, enum sr_metric m,
			     double pct)
{
	return sr_fig_of(col_result(test, c), SR_W_BOTH, m, pct);
}

/* The members of drive @dv's group in the summary's tests (the first result that has them). */
static const struct sr_result *group_of(const struct sr_report *r, size_t dv)
{
	for (size_t i = 0; i < r->cat->nsummary; i++) {
		const char *id = r->cat->summary[i].test;
		const struct sr_rtest *t = id ? sr_review_entry(r->rv, id) : NULL;

		if (t && t->per_drive[dv] && t->per_drive[dv]->nmembers)
			return t->per_drive[dv];
	}
	return NULL;
}

/* Whether a drive has a value in any summary row: published figures need one for a column. */
static bool any_value(const struct sr_report *r, size_t dv)
{
	if (r->m->drives[dv].napps)
		return true;
	for (size_t i = 0; i < r->cat->nsummary; i++) {
		const struct catalogue_summary_row *row = &r->cat->summary[i];
		const struct sr_rtest *t = row->test ? sr_review_entry(r->rv, row->test) : NULL;
		enum sr_metric m;
		double pct;

		if (t && !sr_metric_parse(row->metric, &m, &pct) &&
		    sr_ok(sr_rep_fig(t, dv, SR_W_BOTH, m, pct).v))
			return true;
	}
	return false;
}

static size_t columns(const struct sr_report *r, struct col *cols)
{
	size_t n = 0;

	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];
		long base = sr_rep_paired(r, dv);
		const struct sr_result *grp;

		if (drv->source ? !any_value(r, dv) : !drv->ntests && !drv->napps)
			continue;
		grp = group_of(r, dv);
		for (size_t m = 0; grp && m < grp->nmembers; m++) { /* each drive, then the total */
			cols[n] = (struct col){dv, -1, (long)m, ""};
			snprintf(cols[n++].name, sizeof(cols->name), "%s/%s", drv->label,
				 grp->members[m].member);
		}
		cols[n++] = (struct col){dv, -1, -1, ""};
		if (grp)
			snprintf(cols[n - 1].name, sizeof(cols->name), "%s (total)", drv->label);
		if (base >= 0)
			cols[n++] = (struct col){dv, base, -1, ""};
	}
	return n;
}

/* A metric row: the figure of each drive in the row's unit. */
static void metric_row(const struct sr_report *r, struct sr_table *t, size_t row,
		       const struct sr_rtest *test, enum sr_metric m, double pct,
		       const struct col *cols, size_t ncols)
{
	struct sr_fig f[64];
	enum sr_lat_unit u;
	size_t nf = 0;
	char label[256], words[64];

	for (size_t c = 0; c < ncols && nf < 64; c++)
		if (cols[c].base < 0)
			f[nf++] = col_fig(test, &cols[c], m, pct);
	u = sr_rep_lat_unit(f, nf);
	metric_words(m, pct, words, sizeof(words));
	if (m == SR_M_IOPS || m == SR_M_BW)
		snprintf(label, sizeof(label), "%s %s", t->cells[row * t->ncols].text, words);
	else
		snprintf(label, sizeof(label), "%s %s (%s)", t->cells[row * t->ncols].text, words,
			 sr_lat_unit_name(u));
	sr_table_set(t, row, 0, "%s", label);
	for (size_t c = 0; c < ncols; c++) {
		const struct sr_result *res = col_result(test, &cols[c]);
		const struct sr_run_test *nd = test->per_drive[cols[c].dv]
						   ? NULL
						   : sr_rep_not_done(r, cols[c].dv, test->id, NULL);
		struct sr_fig a, b;

		if (nd && cols[c].base < 0) {
			sr_rep_not_done_cell(t, row, c + 1, nd);
			continue;
		}
		if (cols[c].base < 0) {
			sr_rep_cell(t, row, c + 1, col_fig(test, &cols[c], m, pct), m, u,
				    res ? res->error : 0);
			continue;
		}
		a = sr_rep_fig(test, (size_t)cols[c].base, SR_W_BOTH, m, pct);
		b = sr_rep_fig(test, cols[c].dv, SR_W_BOTH, m, pct);
		if (sr_ok(a.v) && sr_ok(b.v) && a.v.v != 0) {
			char text[SR_FMT_LEN], csv[SR_FMT_LEN];
			double d = (b.v.v - a.v.v) / a.v.v * 100;

			snprintf(text, sizeof(text), "%+.1f %%", d);
			snprintf(csv, sizeof(csv), "%.6g", d);
			sr_table_num(t, row, c + 1, text, csv);
		} else {
			sr_table_set(t, row, c + 1, SR_NOT_MEASURED);
		}
	}
}

/* Whether a drive's run planned the entry @entry and it did not complete. */
static bool any_not_done(const struct sr_report *r, const char *entry, const struct col *cols,
			 size_t ncols)
{
	for (size_t c = 0; c < ncols; c++)
		if (cols[c].base < 0 && sr_rep_not_done(r, cols[c].dv, NULL, entry))
			return true;
	return false;
}

/* A metric row of a test no drive has a result for: the status of the drives whose run planned
 * it ("failed"), a dash for the others. */
static void not_done_row(const struct sr_report *r, struct sr_table *t, size_t row,
			 const char *entry, enum sr_metric m, double pct, const struct col *cols,
			 size_t ncols)
{
	char label[256], words[64];

	metric_words(m, pct, words, sizeof(words));
	snprintf(label, sizeof(label), "%s %s", t->cells[row * t->ncols].text, words);
	sr_table_set(t, row, 0, "%s", label);
	for (size_t c = 0; c < ncols; c++) { /* a group's test: its drives did not either */
		const struct sr_run_test *nd =
		    cols[c].base < 0 ? sr_rep_not_done(r, cols[c].dv, NULL, entry) : NULL;

		if (nd)
			sr_rep_not_done_cell(t, row, c + 1, nd);
		else
			sr_table_set(t, row, c + 1, SR_NOT_MEASURED);
	}
}

/* A row of an application workload test (ssd-apps): the total's figure per drive, a drive
 * whose test did not finish marked. Return: false (no row) when no drive ran the test. */
static bool apps_row(struct sr_report *r, struct sr_table *t,
		     const struct catalogue_summary_row *sr, const struct catalogue_entry *e,
		     const struct col *cols, size_t ncols)
{
	enum sr_apps_metric m;
	char anchor[128], href[140];
	bool any = false;
	size_t row;

	if (sr_apps_metric_parse(sr->metric, &m))
		return false;
	for (size_t c = 0; c < ncols; c++)
		any |= sr_apps_of(&r->m->drives[cols[c].dv], e->id) != NULL;
	if (!any)
		return false;
	row = sr_table_row(t);
	sr_table_set(t, row, 0, "%s %s", sr->title, sr_apps_metric_words(m));
	snprintf(href, sizeof(href), "#%s", sr_rep_anchor(e->family, anchor, sizeof(anchor)));
	sr_table_link(t, row, 0, href);
	for (size_t c = 0; c < ncols; c++) {
		const struct sr_drive *drv = &r->m->drives[cols[c].dv];
		const struct sr_apps *a = sr_apps_of(drv, e->id);
		struct sr_value v = sr_apps_value(a, -1, m);

		if (cols[c].base >= 0 || cols[c].member >= 0 || !a) {
			sr_table_set(t, row, c + 1, SR_NOT_MEASURED);
			continue;
		}
		if (!sr_apps_done(a)) {
			sr_table_set(t, row, c + 1, "%s", a->status);
			sr_table_mark(t, row, c + 1, SR_MARK_FAIL);
			continue;
		}
		sr_apps_cell(t, row, c + 1, v, m);
		if (drv->source && sr_ok(v))
			sr_table_mark(t, row, c + 1, SR_MARK_PUBLISHED);
	}
	return true;
}

/* "2 of 3" for a family-wide row: spec-sheet claims met, or workloads at steady state. */
static void family_row(struct sr_report *r, struct sr_table *t, size_t row, const char *family,
		       const char *metric, const struct col *cols, size_t ncols)
{
	const struct sr_rtest **tests;
	long n = sr_review_family(r->rv, family, &tests);
	struct sr_claim *claims = NULL;
	long nclaims = 0;

	if (!strcmp(metric, "verdict") && r->m->sheet)
		nclaims = sr_sheet_claims(r->m->sheet, &claims);
	for (size_t c = 0; c < ncols && n > 0; c++) {
		size_t dv = cols[c].dv, good = 0, judged = 0;
		bool error = false;

		if (cols[c].base >= 0 || r->m->drives[dv].source)
			continue;
		if (cols[c].member >= 0) { /* verdicts are the group's */
			sr_table_set(t, row, c + 1, SR_NOT_MEASURED);
			continue;
		}
		for (long i = 0; i < n; i++) {
			const struct sr_result *res = tests[i]->per_drive[dv];

			if (!res)
				continue;
			error |= res->error != 0;
			if (!strcmp(metric, "steady_state")) {
				struct sr_steady s;

				sr_steady_of(res->test, &s);
				judged += s.judged;
				good += s.attained;
			}
			for (long k = 0; k < nclaims; k++) {
				struct sr_fig f;
				enum sr_verdict v;

				if (strcmp(claims[k].test, tests[i]->id))
					continue;
				v = sr_claim_judge(&claims[k], res, &f);
				judged += v != SR_V_NONE;
				good += v == SR_V_PASS;
			}
		}
		if (judged)
			sr_table_set(t, row, c + 1, "%zu of %zu", good, judged);
		else
			sr_table_set(t, row, c + 1, SR_NOT_MEASURED);
		if (error) { /* a failed job never passes as a clean run */
			sr_table_mark(t, row, c + 1, SR_MARK_FAIL);
			t->flags |= SR_NOTE_JOB_ERROR;
		} else if (judged && good == judged) {
			sr_table_mark(t, row, c + 1, SR_MARK_PASS);
		}
	}
	/* no sheet: said once, on the row, not in every drive's cell */
	if (!strcmp(metric, "verdict") && !r->m->sheet)
		sr_table_set(t, row, 0, "%s (no sheet given: --spec)",
			     t->cells[row * t->ncols].text);
	free(tests);
	free(claims);
}

/* The drive's own account over its tests: write amplification and the hottest temperature. */
static size_t telemetry_rows(struct sr_report *r, struct sr_table *t, const struct col *cols,
			     size_t ncols)
{
	size_t waf_row, temp_row;
	bool any = false;

	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		any |= r->m->drives[dv].ntel > 0;
	if (!any)
		return 0;
	waf_row = sr_table_row(t);
	sr_table_set(t, waf_row, 0, "Write amplification (media / host writes, all tests)");
	sr_table_link(t, waf_row, 0, "#telemetry");
	temp_row = sr_table_row(t);
	sr_table_set(t, temp_row, 0, "Hottest temperature during a test (°C)");
	sr_table_link(t, temp_row, 0, "#telemetry");
	for (size_t c = 0; c < ncols; c++) {
		const struct sr_drive *drv = &r->m->drives[cols[c].dv];
		double host = 0, media = 0, hot = 0, host_pages = 0, media_pages = 0;
		bool has_media = false, has_pages = false, has_temp = false;

		if (cols[c].base >= 0 || cols[c].member >= 0 || !drv->ntel) {
			sr_table_set(t, waf_row, c + 1, "%s", drv->ntel ? "" : "no telemetry");
			continue;
		}
		for (size_t i = 0; i < drv->ntel; i++) {
			struct sr_tel_figures f;

			sr_tel_figures(&drv->tel[i], sr_tel_fio_written(drv, drv->tel[i].id), &f);
			if (f.pages && sr_ok(f.waf)) {
				/* NAND pages: summed apart, never mixed with bytes */
				host_pages += f.host_pages.v;
				media_pages += f.media_pages.v;
				has_pages = true;
			} else if (f.media_source && !f.pages && sr_ok(f.host_bytes)) {
				host += f.host_bytes.v;
				media += f.media_bytes.v;
				has_media = true;
			}
			if (sr_ok(f.temp_max_c) && (!has_temp || f.temp_max_c.v > hot)) {
				hot = f.temp_max_c.v;
				has_temp = true;
			}
		}
		if (has_media && host > 0)
			sr_table_set(t, waf_row, c + 1, "%.2f", media / host);
		else if (has_pages && host_pages > 0)
			sr_table_set(t, waf_row, c + 1, "%.2f", media_pages / host_pages);
		else
			sr_table_set(t, waf_row, c + 1, "media writes: not reported by this drive");
		if (has_temp)
			sr_table_set(t, temp_row, c + 1, "%.0f", hot);
		else
			sr_table_set(t, temp_row, c + 1, "not reported");
	}
	return 2;
}

int sr_section_summary(struct sr_report *r)
{
	struct col *cols = NULL;
	size_t cap = 2 * r->m->ndrives + 1;
	size_t ncols, rows = 0;
	struct sr_table *t;
	char head[300], anchor[128];
	int rc = 0;

	sr_page_heading(&r->page, 2, "summary", "Summary");
	for (size_t dv = 0; r->cat && dv < r->m->ndrives; dv++) { /* room for groups' members */
		const struct sr_result *grp = group_of(r, dv);

		cap += grp ? grp->nmembers : 0;
	}
	cols = calloc(cap, sizeof(*cols));
	if (!cols)
		return -ENOMEM;
	if (!r->cat) {
		sr_page_text(&r->page, NULL,
			     "No summary: it lists the catalogue's headline tests.");
		free(cols);
		return r->page.err;
	}
	ncols = columns(r, cols);
	t = sr_table_new("summary", "Headline figures (each row links to its section)", ncols + 1);
	if (!t) {
		free(cols);
		return -ENOMEM;
	}
	sr_table_head(t, 0, "figure");
	for (size_t c = 0; c < ncols; c++) {
		if (cols[c].name[0])
			snprintf(head, sizeof(head), "%s", cols[c].name);
		else if (cols[c].base < 0)
			sr_rep_drive(r, cols[c].dv, head, sizeof(head));
		else
			snprintf(head, sizeof(head), "difference (%%) %s vs %s",
				 r->m->drives[cols[c].dv].label, r->m->drives[cols[c].base].label);
		sr_table_head(t, c + 1, head);
	}
	for (size_t i = 0; i < r->cat->nsummary; i++) {
		const struct catalogue_summary_row *sr = &r->cat->summary[i];
		const struct sr_rtest *test = sr->test ? sr_review_entry(r->rv, sr->test) : NULL;
		const struct catalogue_entry *e =
		    sr->test ? catalogue_entry(r->cat, sr->test) : NULL;
		const struct catalogue_family *fam =
		    test ? test->family
		    : e	 ? e->family
			 : catalogue_family(r->cat, sr->family ? sr->family : "");
		const struct sr_rtest **ft;
		enum sr_metric m;
		double pct;
		size_t row;

		if (e && e->tool == CATALOGUE_TOOL_SSD_APPS) {
			rows += apps_row(r, t, sr, e, cols, ncols);
			continue;
		}
		if (!fam || (sr->test && !test && !any_not_done(r, sr->test, cols, ncols)))
			continue; /* the run did not include it */
		if (!sr->test) {
			long nf = sr_review_family(r->rv, fam->id, &ft);

			free(ft);
			if (nf <= 0)
				continue;
		} else if (sr_metric_parse(sr->metric, &m, &pct)) {
			continue; /* a metric this renderer does not know */
		}
		row = sr_table_row(t);
		sr_table_set(t, row, 0, "%s", sr->title);
		snprintf(head, sizeof(head), "#%s", sr_rep_anchor(fam, anchor, sizeof(anchor)));
		sr_table_link(t, row, 0, head);
		if (test)
			metric_row(r, t, row, test, m, pct, cols, ncols);
		else if (sr->test)
			not_done_row(r, t, row, sr->test, m, pct, cols, ncols);
		else
			family_row(r, t, row, fam->id, sr->metric, cols, ncols);
		rows++;
	}
	if (rows)
		rows += telemetry_rows(r, t, cols, ncols);
	sr_rep_table_notes(t);
	if (rows)
		rc = sr_page_table(&r->page, t);
	else if (r->an->npts_tests) /* a SNIA PTS run: its headline figures */
		rc = sr_pts_summary(r);
	else if ((rc = sr_summary_any(r)) > 0) /* anyone's fio results: what they hold */
		rc = 0;
	sr_table_free(t);
	free(cols);
	return rc ? rc : r->page.err;
}
