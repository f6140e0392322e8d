// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_helpers.c - what the section writers share (section_helpers.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "model/model.h"
#include "render/section_helpers.h"

const char *sr_rep_anchor(const struct catalogue_family *f, char *buf, size_t len)
{
	snprintf(buf, len, "family-%s", f ? f->id : "other");
	return buf;
}

const char *sr_rep_detail(const struct sr_rtest *t, char *buf, size_t len)
{
	snprintf(buf, len, "tests/%s.html", t->stem);
	return buf;
}

long sr_rep_paired(const struct sr_report *r, size_t dv)
{
	const char *name = r->m->drives[dv].run_label;

	for (size_t i = 0; r->o->compare && name && i < dv; i++)
		if (r->m->drives[i].run_label && !strcmp(r->m->drives[i].run_label, name))
			return (long)i;
	return -1;
}

bool sr_rep_column(const struct sr_report *r, size_t dv, const struct sr_rtest *const *tests,
		   size_t n)
{
	(void)r;
	for (size_t i = 0; i < n; i++)
		if (tests[i]->per_drive[dv])
			return true;
	return false;
}

size_t sr_rep_columns(const struct sr_report *r, const struct sr_rtest *const *tests, size_t n,
		      size_t *dvs)
{
	size_t nd = 0;

	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (sr_rep_column(r, dv, tests, n))
			dvs[nd++] = dv;
	return nd;
}

const char *sr_rep_source_noun(const struct sr_report *r, bool plural)
{
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (r->m->drives[dv].nidentity > 0)
			return plural ? "drives" : "drive";
	return plural ? "sources" : "source";
}

const char *sr_rep_drive(const struct sr_report *r, size_t dv, char *buf, size_t len)
{
	const struct sr_drive *drv = &r->m->drives[dv];

	snprintf(buf, len, "%s%s", drv->label,
		 drv->library  ? " (library)"
		 : drv->source ? " (published)"
			       : "");
	return buf;
}

struct sr_key sr_rep_key(const struct sr_report *r, size_t dv, char *buf, size_t len)
{
	return (struct sr_key){.title = sr_rep_drive(r, dv, buf, len),
			       .colour = dv,
			       .dash = 1,
			       .pattern = r->m->drives[dv].source != NULL};
}

int sr_rep_chart_begin(struct sr_report *r, struct sr_chart *ch, const char *name,
		       const char *title, int w, int h)
{
	int rc;

	memset(ch, 0, sizeof(*ch));
	snprintf(ch->name, sizeof(ch->name), "%s", name);
	snprintf(ch->title, sizeof(ch->title), "%s", title);
	ch->width = w;
	ch->height = h;
	rc = sr_chart_open(ch, r->dir);
	if (rc)
		sr_diag_msg(r->d, "%s/%s.dat: %s", r->dir, name, strerror(-rc));
	return rc;
}

int sr_rep_chart_end(struct sr_report *r, struct sr_chart *ch, struct sr_page *page, int width)
{
	char err[600] = "";
	int rc = sr_chart_close(ch, r->dir, r->o->charts, err, sizeof(err));

	if (rc) {
		sr_diag_msg(r->d, "%s", err[0] ? err : strerror(-rc));
		return rc;
	}
	sr_rep_chart_show(r, page, ch->name, ch->caption[0] ? ch->caption : ch->title, width);
	return 0;
}

void sr_rep_chart_show(struct sr_report *r, struct sr_page *page, const char *name,
		       const char *caption, int width)
{
	if (r->o->charts) {
		sr_page_figure(page, name, caption, width);
	} else {
		char href[300];

		snprintf(href, sizeof(href), "%s%s.csv", page->root, name);
		sr_page_link(page, href, "chart not drawn (--no-charts): its data");
	}
}

struct sr_fig sr_rep_fig(const struct sr_rtest *t, size_t dv, enum sr_which w, enum sr_metric m,
			 double pct)
{
	return sr_fig_of(t->per_drive[dv], w, m, pct);
}

enum sr_lat_unit sr_rep_lat_unit(const struct sr_fig *f, size_t n)
{
	double v[64];
	size_t k = 0;

	for (size_t i = 0; i < n && k < 64; i++)
		if (sr_ok(f[i].v) && !f[i].clamped)
			v[k++] = f[i].v.v;
	return sr_lat_unit_for(v, k);
}

void sr_rep_cell(struct sr_table *t, size_t row, size_t col, struct sr_fig f, enum sr_metric m,
		 enum sr_lat_unit u, int err)
{
	char text[SR_FMT_LEN], csv[SR_FMT_LEN], shown[SR_FMT_LEN + 32];

	csv[0] = '\0';
	switch (m) {
	case SR_M_IOPS:
		sr_fmt_iops(text, f.v);
		if (sr_ok(f.v))
			snprintf(csv, sizeof(csv), "%.9g", f.v.v);
		break;
	case SR_M_BW:
		sr_fmt_mbps(text, f.v);
		if (sr_ok(f.v))
			snprintf(csv, sizeof(csv), "%.9g", f.v.v / 1e6);
		break;
	default:
		sr_fmt_lat(text, f, u);
		sr_csv_lat(csv, f, u);
		break;
	}
	if (!sr_ok(f.v) && f.v.state == SR_INVALID)
		snprintf(csv, sizeof(csv), "%s", SR_UNKNOWN);
	if (err && !sr_ok(f.v)) /* nothing measured: the reason, not a bare dash */
		snprintf(shown, sizeof(shown), "job error %d", err);
	else
		snprintf(shown, sizeof(shown), "%s%s%s", text, err ? " (job error)" : "",
			 f.interrupted && sr_ok(f.v) ? " (interrupted)" : "");
	sr_table_num(t, row, col, shown, csv);
	if (err) {
		sr_table_mark(t, row, col, SR_MARK_FAIL);
		t->flags |= SR_NOTE_JOB_ERROR;
	} else if (f.interrupted && sr_ok(f.v)) {
		sr_table_mark(t, row, col, SR_MARK_WARN);
		t->flags |= SR_NOTE_INTERRUPTED;
	} else if (f.clamped || f.is_max) {
		sr_table_mark(t, row, col, SR_MARK_WARN);
	}
	if (f.clamped && !err)
		t->flags |= SR_NOTE_CLAMPED;
	if (f.is_max && !err)
		t->flags |= SR_NOTE_PCT_MAX;
}

bool sr_rep_pct_unmerged(const struct sr_result *res)
{
	size_t jobs = 0;
	bool nobins = false, io = false;

	for (size_t k = 0; res && res->test && k < res->test->nruns; k++) {
		const struct sr_run *run = &res->test->runs[k];

		if (run->groupid != res->groupid)
			continue;
		jobs++;
		for (int d = SR_READ; d <= SR_WRITE; d++) {
			const struct sr_dir *st = &run->dir[d];
			bool did = st->present && sr_ok(st->iops) && st->iops.v > 0;

			io |= did;
			nobins |= did && !st->clat.nbins;
		}
	}
	return io && nobins && jobs > 1;
}

/* The catalogue entry (id template) a test run.json records was planned from: its "entry", else
 * the entry its id matches (an older driver's run.json). */
static const char *entry_of(const struct sr_report *r, const struct sr_run_test *t)
{
	const struct catalogue_entry *e;

	if (t->entry)
		return t->entry;
	e = r->cat ? catalogue_match(r->cat, t->id, NULL) : NULL;
	return e ? e->id : NULL;
}

const struct sr_run_test *sr_rep_not_done(const struct sr_report *r, size_t dv, const char *id,
					  const char *entry)
{
	const struct sr_run_info *ri = &r->m->drives[dv].run;

	for (size_t i = 0; i < ri->ntests; i++) {
		const struct sr_run_test *t = &ri->tests[i];

		if (!sr_run_test_not_done(t))
			continue;
		if (id ? !strcmp(t->id, id)
		       : entry && entry_of(r, t) && !strcmp(entry_of(r, t), entry))
			return t;
	}
	return NULL;
}

void sr_rep_not_done_cell(struct sr_table *t, size_t row, size_t col, const struct sr_run_test *rt)
{
	sr_table_set(t, row, col, "%s", rt->status);
	sr_table_mark(t, row, col, SR_MARK_FAIL);
	t->flags |= SR_NOTE_NOT_DONE;
}

void sr_rep_table_notes(struct sr_table *t)
{
	static const struct {
		unsigned flag;
		const char *text;
	} notes[] = {
	    {SR_NOTE_NOT_DONE, "failed, interrupted, skipped: the run planned the test and it did "
			       "not complete; the header says why."},
	    {SR_NOTE_CLAMPED,
	     "\xe2\x89\xa5: the percentile is fio's histogram ceiling (17.1 s) and "
	     "the maximum is larger, so the true value is at least that."},
	    {SR_NOTE_JOB_ERROR, "Red: a job of the test ended with an error; its figures are not a "
				"clean run."},
	    {SR_NOTE_PCT_MAX,
	     "max: the job completed fewer I/Os than the percentile needs (p99.99: "
	     "10,000, p99.999: 100,000), so fio's value is its slowest I/O; the "
	     "maximum is shown, not a percentile."},
	    {SR_NOTE_INTERRUPTED, "interrupted: the run was cut short (fio stopped by a signal, or "
				  "it ran far less than its runtime); its figures are of the time "
				  "it ran."},
	    {SR_NOTE_PCT_JOBS,
	     "Percentile \xe2\x80\x93 of several jobs: fio ran them without group_reporting and "
	     "printed each job's own percentiles and no histogram; percentiles of several jobs "
	     "cannot be merged from their percentiles, only from fio's json+ bins "
	     "(--output-format=json+, merged here where present) or with group_reporting."},
	};
	char text[1024];
	size_t len = 0;

	text[0] = '\0';
	for (size_t i = 0; i < sizeof(notes) / sizeof(notes[0]); i++)
		if ((t->flags & notes[i].flag) && len < sizeof(text))
			len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s",
						len ? " " : "", notes[i].text);
	if (len)
		sr_table_note(t, "%s", text);
}

/* The value of fio option @key of @run as fio printed it, NULL when absent. */
static const char *option(const struct sr_run *run, const char *key)
{
	for (size_t i = run ? run->noptions : 0; i-- > 0;) /* the job's own value wins */
		if (!strcmp(run->options[i].key, key))
			return run->options[i].value;
	return NULL;
}

const char *sr_rep_job_name(const struct sr_params *p, char *buf, size_t len)
{
	char bs[SR_FMT_LEN], mix[SR_FMT_LEN + 1] = "", m[SR_FMT_LEN];

	if (p->mixed)
		snprintf(mix, sizeof(mix), " %s", sr_fmt_mix(m, p->mix));
	snprintf(buf, len, "%s%s %s %uT/%uQ%s%s%s%s", p->rw, mix, sr_fmt_bs(bs, p->bs), p->numjobs,
		 p->iodepth, *p->rate ? " rate " : "", p->rate, *p->ioengine ? " " : "",
		 p->ioengine);
	return buf;
}

char *sr_rep_job_caption(const struct sr_report *r, const struct sr_rtest *t, char *buf, size_t len)
{
	static const char *const keys[] = {"rw", "bs", "iodepth", "numjobs", "ioengine"};
	const struct sr_result *res = NULL;
	size_t n;

	for (size_t dv = 0; dv < r->m->ndrives && !res; dv++)
		res = t->per_drive[dv];
	n = (size_t)snprintf(buf, len, "%s;",
			     res && res->test->fio_version ? res->test->fio_version
							   : "fio " SR_UNKNOWN);
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]) && n < len; k++) {
		const char *v = option(res ? res->first : NULL, keys[k]);

		n += (size_t)snprintf(buf + n, len - n, "%s %s=%s", k ? "," : "", keys[k],
				      v ? v : SR_UNKNOWN);
	}
	return buf;
}

bool sr_rep_run_in(const struct sr_result *res, const struct sr_run *run)
{
	return !res->several_groups || run->groupid == res->groupid;
}

/* Whether workload @se of @res's test ran in @res's group. */
static bool series_in(const struct sr_result *res, const struct sr_series *se)
{
	for (size_t i = 0; i < se->nruns; i++)
		if (se->runs[i] < res->test->nruns &&
		    sr_rep_run_in(res, &res->test->runs[se->runs[i]]))
			return true;
	return false;
}

const struct sr_series *sr_rep_series_any(const struct sr_result *res, size_t k)
{
	const struct sr_test *tt = res ? res->test : NULL;

	for (size_t i = 0; tt && i < tt->nseries; i++)
		if (series_in(res, &tt->series[i]) && !k--)
			return &tt->series[i];
	return NULL;
}

const struct sr_series *sr_rep_series(const struct sr_result *res, size_t k)
{
	const struct sr_series *se = sr_rep_series_any(res, k);

	return se && se->niv >= 1 ? se : NULL;
}

size_t sr_rep_nseries(const struct sr_report *r, const struct sr_rtest *t)
{
	size_t most = 0;

	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		for (size_t k = 0; t->per_drive[dv] && k < t->per_drive[dv]->test->nseries; k++)
			if (sr_rep_series(t->per_drive[dv], k) && k + 1 > most)
				most = k + 1;
	return most;
}
