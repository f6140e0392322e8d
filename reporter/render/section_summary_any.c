// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_summary_any.c - the summary of results ssd-review did not make (a bench-fio tree, a
 * stonewalled multi-job file, another tool's PTS rounds): none of the catalogue's summary rows
 * applies, so the summary gives the headline figures the results do hold, a row per thing the
 * page shows (analyse/structure.h, analyse/rounds.h), each linking to its section: per sweep and
 * per compared source the highest IOPS and MB/s and the job that reached them; per series of
 * rounds the SNIA steady-state verdict and window mean; the jobs run to fio's steady state and
 * how many fio found steady; the other tests' highest figures. Figures are reads and writes
 * together; a run cut short (analyse/interrupted.h) is not a candidate for "highest".
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

enum { C_WHAT, C_TESTS, C_IOPS, C_IOPS_AT, C_BW, C_BW_AT, C_STEADY, C_N };

/* The highest figure of one metric and the result that reached it. */
struct best {
	struct sr_fig f;
	const struct sr_rtest *t; /* NULL: none yet */
	size_t dv;
	const struct sr_point *p; /* the point, when the result is one of the structure's */
};

/* What a summary row aggregates. */
struct acc {
	size_t n;	  /* results */
	size_t cut;	  /* results of a run cut short, not counted as highest */
	struct best b[2]; /* IOPS, MB/s */
};

static const enum sr_metric acc_metric[2] = {SR_M_IOPS, SR_M_BW};

static void consider(struct acc *a, const struct sr_rtest *t, size_t dv, const struct sr_point *p)
{
	const struct sr_result *res = t->per_drive[dv];

	if (!res)
		return;
	a->n++;
	a->cut += res->interrupted;
	for (int k = 0; k < 2; k++) {
		struct sr_fig f = sr_fig_of(res, SR_W_BOTH, acc_metric[k], 0);

		if (sr_ok(f.v) && !f.interrupted && f.v.v > 0 &&
		    (!a->b[k].t || f.v.v > a->b[k].f.v.v))
			a->b[k] = (struct best){f, t, dv, p};
	}
}

static void consider_pt(struct acc *a, const struct sr_report *r, size_t i)
{
	const struct sr_point *p = &r->an->st.pts[i];

	consider(a, p->t, p->drive, p);
}

/* Where a best figure came from: the job by fio's options and its source, else the test. */
static const char *where(const struct sr_report *r, const struct best *b, char *buf, size_t len)
{
	const struct sr_structure *s = &r->an->st;
	char job[200], drive[300];

	if (b->p)
		snprintf(buf, len, "%s%s%.200s", sr_rep_job_name(&b->p->p, job, sizeof(job)),
			 s->nsources > 1 ? " on " : "",
			 s->nsources > 1 ? s->sources[b->p->source].label : "");
	else
		snprintf(buf, len, "%.200s%s%.200s", b->t->title, r->m->ndrives > 1 ? " on " : "",
			 r->m->ndrives > 1 ? sr_rep_drive(r, b->dv, drive, sizeof(drive)) : "");
	return buf;
}

/* A row: its title linking to @href, the results counted, the two highest figures. */
static size_t put_row(const struct sr_report *r, struct sr_table *t, const char *href,
		      const struct acc *a, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static size_t put_row(const struct sr_report *r, struct sr_table *t, const char *href,
		      const struct acc *a, const char *fmt, ...)
{
	size_t row = sr_table_row(t);
	char title[500], at[500];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(title, sizeof(title), fmt, ap);
	va_end(ap);
	sr_table_set(t, row, C_WHAT, "%s", title);
	sr_table_link(t, row, C_WHAT, href);
	sr_table_set(t, row, C_TESTS, "%zu", a->n);
	for (int k = 0; k < 2; k++) {
		const struct best *b = &a->b[k];

		if (!b->t) {
			sr_table_set(t, row, k ? C_BW : C_IOPS, SR_NOT_MEASURED);
			continue;
		}
		sr_rep_cell(t, row, k ? C_BW : C_IOPS, b->f, acc_metric[k], SR_UNIT_MS, 0);
		sr_table_set(t, row, k ? C_BW_AT : C_IOPS_AT, "%s", where(r, b, at, sizeof(at)));
	}
	return row;
}

static size_t sweep_rows(const struct sr_report *r, struct sr_table *t, size_t *cut)
{
	const struct sr_structure *s = &r->an->st;
	size_t rows = 0, more = 0;
	struct acc rest = {0};

	for (size_t i = 0; i < s->nsweeps; i++) {
		const struct sr_sweep *g = &s->sweeps[i];
		struct acc a = {0};
		char what[400], href[32];

		for (size_t k = 0; k < g->n; k++)
			consider_pt(sr_sweep_shown(s, i) ? &a : &rest, r, g->pts[k]);
		if (!sr_sweep_shown(s, i)) {
			more++;
			continue;
		}
		snprintf(href, sizeof(href), "#sweep-%zu", i);
		put_row(r, t, href, &a, "Sweep: %s", sr_sweep_what(s, g, what, sizeof(what)));
		*cut += a.cut;
		rows++;
	}
	if (more) {
		put_row(r, t, "#sweeps", &rest, "%zu more sweeps", more);
		*cut += rest.cut;
		rows++;
	}
	return rows;
}

/* A row per source of the comparisons, over every job compared on it. */
static size_t comparison_rows(const struct sr_report *r, struct sr_table *t, size_t *cut)
{
	const struct sr_structure *s = &r->an->st;
	size_t rows = 0;

	for (size_t src = 0; s->ncmps && src < s->nsources; src++) {
		struct acc a = {0};

		for (size_t c = 0; c < s->ncmps; c++)
			for (size_t k = 0; k < s->cmps[c].n; k++)
				if (s->pts[s->cmps[c].pts[k]].source == src)
					consider_pt(&a, r, s->cmps[c].pts[k]);
		if (!a.n)
			continue;
		put_row(r, t, "#comparisons", &a, "Comparison: %s (%zu of %zu jobs compared)",
			s->sources[src].label, a.n, s->ncmps);
		*cut += a.cut;
		rows++;
	}
	return rows;
}

static size_t rounds_rows(const struct sr_report *r, struct sr_table *t, size_t *cut)
{
	const struct sr_structure *s = &r->an->st;
	const struct sr_rounds *rs = &r->an->rounds;
	struct acc rest = {0};
	size_t rows = 0;

	for (size_t i = 0; i < rs->n; i++) {
		const struct sr_round_series *g = &rs->g[i];
		const struct sr_point *p0 = &s->pts[g->pts[0]];
		struct acc a = {0};
		char job[200], mean[SR_FMT_LEN];
		size_t row;

		for (size_t k = 0; k < g->n; k++) /* the round named by its file, not its job */
			consider(i < SR_ROUNDS_CHARTS ? &a : &rest, s->pts[g->pts[k]].t,
				 s->pts[g->pts[k]].drive, NULL);
		if (i >= SR_ROUNDS_CHARTS)
			continue;
		if (!g->rounds) { /* a repeat: no verdict */
			row = put_row(r, t, "#repeats", &a, "Repeat: %s on %s, %zu runs",
				      sr_rep_job_name(&p0->p, job, sizeof(job)),
				      s->sources[p0->source].label, g->n);
			if (rs->nrounds || s->nsteady)
				sr_table_set(t, row, C_STEADY, "%s (a repeat, not PTS rounds)",
					     SR_NOT_MEASURED);
			*cut += a.cut;
			rows++;
			continue;
		}
		row = put_row(r, t, "#rounds", &a, "Rounds: %s on %s",
			      sr_rep_job_name(&p0->p, job, sizeof(job)),
			      s->sources[p0->source].label);
		if (!g->has_window)
			sr_table_set(t, row, C_STEADY,
				     "no window: %zu rounds, the SNIA rule needs %d with an IOPS "
				     "figure",
				     g->n, PTS_SS_WINDOW);
		else if (g->steady)
			sr_table_set(t, row, C_STEADY, "reached in rounds %zu-%zu: mean %s IOPS",
				     g->w.first + 1, g->w.last + 1, sr_fmt_int(mean, g->w.mean));
		else
			sr_table_set(
			    t, row, C_STEADY,
			    "not reached in %zu rounds; the last 5 (%zu-%zu): mean %s IOPS", g->n,
			    g->w.first + 1, g->w.last + 1, sr_fmt_int(mean, g->w.mean));
		sr_table_mark(t, row, C_STEADY, g->steady ? SR_MARK_PASS : SR_MARK_FAIL);
		*cut += a.cut;
		rows++;
	}
	if (rs->n > SR_ROUNDS_CHARTS) {
		put_row(r, t, "#rounds", &rest, "%zu more series of rounds or repeats",
			rs->n - SR_ROUNDS_CHARTS);
		*cut += rest.cut;
		rows++;
	}
	return rows;
}

/* The tests run to fio's steady state: one row, how many of their jobs fio found steady. */
static size_t steady_rows(const struct sr_report *r, struct sr_table *t, size_t *cut)
{
	const struct sr_structure *s = &r->an->st;
	size_t jobs = 0, attained = 0, row;
	struct acc a = {0};

	if (!s->nsteady)
		return 0;
	for (size_t i = 0; i < r->rv->ntests; i++) {
		if (!s->steady[i])
			continue;
		for (size_t dv = 0; dv < r->m->ndrives; dv++) {
			const struct sr_result *res = r->rv->tests[i].per_drive[dv];

			consider(&a, &r->rv->tests[i], dv, NULL);
			for (size_t k = 0; res && k < res->test->nruns; k++) {
				const struct sr_run *run = &res->test->runs[k];

				if (run->groupid != res->groupid || !run->fio_ss.present)
					continue;
				jobs++;
				attained += run->fio_ss.attained;
			}
		}
	}
	row = put_row(r, t, "#steady-state", &a, "Jobs run to fio's steady state (ss=)");
	if (jobs)
		sr_table_set(t, row, C_STEADY, "fio: attained by %zu of %zu jobs", attained, jobs);
	else
		sr_table_set(t, row, C_STEADY, "fio printed no verdict");
	sr_table_mark(t, row, C_STEADY, jobs && attained == jobs ? SR_MARK_PASS : SR_MARK_FAIL);
	*cut += a.cut;
	return 1;
}

/* The tests in no section above, whether a catalogue entry describes them or not. */
static size_t other_rows(const struct sr_report *r, struct sr_table *t, size_t *cut)
{
	const struct sr_structure *s = &r->an->st;
	struct acc a = {0};

	for (size_t i = 0; i < r->rv->ntests; i++) {
		const struct sr_rtest *x = &r->rv->tests[i];

		if (x->entry || (s->placed && s->placed[i]))
			continue;
		for (size_t dv = 0; dv < r->m->ndrives; dv++)
			consider(&a, x, dv, NULL);
	}
	if (!a.n)
		return 0;
	put_row(r, t, "#family-other", &a, "Other tests");
	*cut += a.cut;
	return 1;
}

int sr_summary_any(struct sr_report *r)
{
	static const char *const heads[C_N] = {"results (link to their section)",
					       "job results",
					       "highest IOPS",
					       "job or round (highest IOPS)",
					       "highest MB/s",
					       "job or round (highest MB/s)",
					       "steady state"};
	/* the steady-state column only where a row has a verdict (rounds, fio's ss=) */
	const size_t ncols = r->an->st.nsteady || r->an->rounds.nrounds ? C_N : C_STEADY;
	struct sr_table *t =
	    sr_table_new("summary", "The headline figures of these results", ncols);
	size_t rows = 0, cut = 0;
	char cutnote[120];
	int rc = 0;

	if (!t)
		return -ENOMEM;
	sr_table_lead(t, heads, 1);
	for (size_t c = 1; c < ncols; c++)
		sr_table_head(t, c, heads[c]);
	/* the job columns and the verdict are text: left, like the row's title */
	sr_table_text(t, C_IOPS_AT);
	sr_table_text(t, C_BW_AT);
	sr_table_text(t, C_STEADY);
	rows += steady_rows(r, t, &cut);
	rows += rounds_rows(r, t, &cut);
	rows += sweep_rows(r, t, &cut);
	rows += comparison_rows(r, t, &cut);
	rows += other_rows(r, t, &cut);
	/* one note: a second sr_table_note() would replace the first */
	snprintf(cutnote, sizeof(cutnote),
		 " %zu job result%s cut short (interrupted) %s not "
		 "counted as highest.",
		 cut, cut == 1 ? "" : "s", cut == 1 ? "is" : "are");
	sr_table_note(t,
		      "Job results: the fio results a row covers, one per job (the jobs of one "
		      "group with group_reporting) and source; a round's file is one. Figures are "
		      "reads and writes together; the highest over the row's job results.%s",
		      cut ? cutnote : "");
	if (rows)
		rc = sr_page_table(&r->page, t);
	else
		sr_page_text(&r->page, NULL, "These results hold no figure to summarise.");
	sr_table_free(t);
	return rc ? rc : (int)rows;
}
