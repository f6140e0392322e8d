// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_detail.c - a page per test, tests/<stem>.html, linked from the family tables: every
 * figure of every drive side by side (each member of a drive group and its total; a difference
 * (%) column between runs in `ssdreport compare`), then (section_detail_runs.c) every run fio
 * reported: per direction its counters and latencies, every percentile it printed, its job
 * options and error, the steady-state verdicts, and the time series as CSV.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/telemetry.h"
#include "analyse/interrupted.h"
#include "render/format.h"
#include "render/sections.h"

static const char *const dir_name[2] = {"read", "write"};

/* A column of the figures table. */
struct dcol {
	const struct sr_result *res;
	const struct sr_result *base; /* a difference column: this minus base, in % */
	char head[320];
};

static size_t columns(const struct sr_report *r, const struct sr_rtest *t, struct dcol *out)
{
	size_t k = 0;

	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_result *res = t->per_drive[dv];
		long base = sr_rep_paired(r, dv);
		char d[300];

		if (!res) /* the lead says which drives lack the test */
			continue;
		for (size_t i = 0; res && i < res->nmembers; i++) {
			out[k].res = &res->members[i];
			snprintf(out[k++].head, sizeof(out->head), "%s/%s", r->m->drives[dv].label,
				 res->members[i].member);
		}
		out[k].res = res;
		snprintf(out[k++].head, sizeof(out->head), "%s%s",
			 sr_rep_drive(r, dv, d, sizeof(d)), res && res->nmembers ? " (total)" : "");
		if (base >= 0) {
			out[k] = (struct dcol){res, t->per_drive[base], ""};
			snprintf(out[k++].head, sizeof(out->head), "difference (%%) vs %s",
				 r->m->drives[base].label);
		}
	}
	return k;
}

struct fig_row {
	const char *what;
	enum sr_metric m;
	double pct;
};

static const struct fig_row fig_rows[] = {
    {"IOPS", SR_M_IOPS, 0},
    {"MB/s", SR_M_BW, 0},
    {"avg latency", SR_M_LAT_MEAN, 0},
    {"max latency", SR_M_LAT_MAX, 0},
    {"latency stddev", SR_M_LAT_SD, 0},
    {"p99", SR_M_PCT, 99},
    {"p99.9", SR_M_PCT, 99.9},
    {"p99.99", SR_M_PCT, 99.99},
    {"p99.999", SR_M_PCT, 99.999},
};

static void diff_cell(struct sr_table *t, size_t row, size_t col, const struct dcol *c, int d,
		      const struct fig_row *fr)
{
	struct sr_fig a = sr_fig_of(c->base, (enum sr_which)d, fr->m, fr->pct),
		      b = sr_fig_of(c->res, (enum sr_which)d, fr->m, fr->pct);
	char text[SR_FMT_LEN], csv[SR_FMT_LEN];

	if (!sr_ok(a.v) || !sr_ok(b.v) || a.v.v == 0) {
		sr_table_set(t, row, col, SR_NOT_MEASURED);
		return;
	}
	snprintf(text, sizeof(text), "%+.1f %%", (b.v.v - a.v.v) / a.v.v * 100);
	snprintf(csv, sizeof(csv), "%.6g", (b.v.v - a.v.v) / a.v.v * 100);
	sr_table_num(t, row, col, text, csv);
}

static int figures(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	struct dcol *cols = calloc(4 * r->m->ndrives + 64, sizeof(*cols));
	struct sr_fig f[256];
	size_t nc = cols ? columns(r, t, cols) : 0;
	char name[300];
	struct sr_table *tab;
	bool any[2] = {false, false};
	char title[80];
	int rc;

	snprintf(name, sizeof(name), "tests/%s", t->stem);
	snprintf(title, sizeof(title), "Every figure, %s side by side",
		 sr_rep_source_noun(r, true));
	tab = cols ? sr_table_new(name, title, nc + 1) : NULL;
	if (!tab) {
		free(cols);
		return -ENOMEM;
	}
	sr_table_head(tab, 0, "metric");
	for (size_t c = 0; c < nc; c++) {
		sr_table_head(tab, c + 1, cols[c].head);
		for (int d = 0; d < 2 && cols[c].res; d++)
			any[d] |= cols[c].res->dir[d].present;
	}
	for (int d = 0; d < 2; d++)
		for (size_t k = 0; any[d] && k < sizeof(fig_rows) / sizeof(fig_rows[0]); k++) {
			const struct fig_row *fr = &fig_rows[k];
			size_t row = sr_table_row(tab), nf = 0;
			enum sr_lat_unit u;

			for (size_t c = 0; c < nc && nf < 256; c++)
				if (!cols[c].base)
					f[nf++] = sr_fig_of(cols[c].res, (enum sr_which)d, fr->m,
							    fr->pct);
			u = sr_rep_lat_unit(f, nf);
			if (fr->m == SR_M_IOPS || fr->m == SR_M_BW)
				sr_table_set(tab, row, 0, "%s %s", dir_name[d], fr->what);
			else
				sr_table_set(tab, row, 0, "%s %s (%s)", dir_name[d], fr->what,
					     sr_lat_unit_name(u));
			for (size_t c = 0; c < nc; c++) {
				if (cols[c].base) {
					diff_cell(tab, row, c + 1, &cols[c], d, fr);
					continue;
				}
				sr_rep_cell(
				    tab, row, c + 1,
				    sr_fig_of(cols[c].res, (enum sr_which)d, fr->m, fr->pct), fr->m,
				    u, cols[c].res ? cols[c].res->error : 0);
			}
		}
	sr_rep_table_notes(tab);
	rc = sr_page_table(p, tab);
	sr_table_free(tab);
	free(cols);
	return rc;
}

/* The tested drives that did not run this test, in one line. */
static void missing_drives(const struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	char list[512] = "";
	size_t len = 0;

	for (size_t dv = 0; dv < r->m->ndrives && len < sizeof(list); dv++)
		if (!t->per_drive[dv] && !r->m->drives[dv].source && r->m->drives[dv].ntests)
			len += snprintf(list + len, sizeof(list) - len, "%s%s", len ? ", " : "",
					r->m->drives[dv].label);
	if (len)
		sr_page_text(p, "note", "Not in the results of: %s.", list);
}

/* A banner per job of the page's group that was cut short, on each drive. */
static void interrupted(const struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_result *res = t->per_drive[dv];

		for (size_t k = 0; res && res->interrupted && k < res->test->nruns; k++) {
			const struct sr_run *run = &res->test->runs[k];
			char why[160];

			if (run->groupid == res->groupid && !run->all_clients &&
			    sr_run_interrupted(res->test, run, why, sizeof(why)))
				sr_page_text(
				    p, "warn",
				    "Interrupted: job %s on %s was cut short (%s). Every "
				    "figure and chart of it on this page is of the time it "
				    "ran, not of a full run.",
				    run->name ? run->name : SR_UNKNOWN, r->m->drives[dv].label,
				    why);
		}
	}
}

/* The fio job files beside this test's results that describe them (parse/inputs.c), quietly:
 * a drive's each, once. */
static void job_files(const struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_result *res = t->per_drive[dv];

		if (res && res->test && res->test->jobfile)
			sr_page_text(
			    p, "note", "Job file%s%s: %s (fio's input, beside its output).",
			    r->m->ndrives > 1 ? " on " : "",
			    r->m->ndrives > 1 ? r->m->drives[dv].label : "", res->test->jobfile);
	}
}

/* A critical warning or thermal throttling during this test, per drive, above its figures. */
static void telemetry_flags(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];
		char name[300];

		/* each drive of a group for itself */
		for (const struct sr_tel_test *x = sr_tel_of(drv, t->id); x;
		     x = sr_tel_next(drv, t->id, x)) {
			struct sr_tel_figures f;
			char flag[400];

			sr_tel_figures(x, sr_tel_fio_written(drv, t->id), &f);
			if (!sr_tel_flag(&f, flag, sizeof(flag))[0])
				continue;
			sr_page_text(
			    p, "warn",
			    "%s%s%s reported %s during this test: read its figures with "
			    "that in mind (the drive's own account: ../index.html#telemetry).",
			    sr_rep_drive(r, dv, name, sizeof(name)), x->member ? "'s drive " : "",
			    x->member ? x->member : "", flag);
		}
	}
}

static int page(struct sr_report *r, const struct sr_rtest *t)
{
	struct sr_page p;
	char name[300], back[200], anchor[128], bs[SR_FMT_LEN], tq[32], mix[32] = "";
	int rc;

	snprintf(name, sizeof(name), "tests/%s.html", t->stem);
	rc = sr_page_open(&p, r->dir, name, false, t->title);
	if (rc)
		return rc;
	snprintf(back, sizeof(back), "../index.html#%s",
		 sr_rep_anchor(t->family, anchor, sizeof(anchor)));
	sr_page_link(&p, back, "\xe2\x86\x90 back to the report");
	sr_page_heading(&p, 1, NULL, t->title);
	if (t->rwmix_read >= 0)
		snprintf(mix, sizeof(mix), ", %s", sr_fmt_mix(bs, (unsigned)t->rwmix_read));
	sr_page_text(&p, "lead", "Test %s%s%s: %s %s%s%s, %s%s%s.", t->id, t->family ? " in " : "",
		     t->family ? t->family->title : " (no catalogue entry)",
		     t->rw ? t->rw : SR_UNKNOWN, sr_fmt_bs(bs, t->bs), t->bssplit ? " mix" : "",
		     mix, sr_rtest_tq(t, tq, sizeof(tq)), t->pct >= 0 ? ", rate " : "",
		     t->pct >= 0 ? (sr_rtest_point(t, tq, sizeof(tq))) : "");
	if (t->error)
		sr_page_text(&p, "warn",
			     "A job of this test ended with error %d (%s): its figures "
			     "are not a clean run.",
			     t->error, strerror(t->error));
	interrupted(r, &p, t);
	missing_drives(r, &p, t);
	job_files(r, &p, t);
	telemetry_flags(r, &p, t);
	rc = figures(r, &p, t);
	if (!rc)
		rc = sr_detail_charts(r, &p, t);
	if (!rc)
		rc = sr_detail_runs(r, &p, t);
	if (!rc)
		rc = sr_detail_percentiles(r, &p, t);
	if (!rc)
		rc = sr_detail_steady(r, &p, t);
	if (!rc)
		rc = sr_detail_options(r, &p, t);
	if (!rc)
		rc = sr_detail_series_csv(r, &p, t);
	return sr_page_close(&p) ?: rc;
}

int sr_section_details(struct sr_report *r)
{
	int rc = 0;

	for (size_t i = 0; i < r->rv->ntests && !rc; i++)
		rc = page(r, &r->rv->tests[i]);
	if (rc)
		sr_diag_msg(r->d, "%s/tests: %s", r->dir, strerror(-rc));
	return rc;
}
