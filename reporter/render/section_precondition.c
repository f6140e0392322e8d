// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_precondition.c - preconditioning to steady state: per workload the review's four
 * panels against time (throughput, average latency, maximum latency, latency standard deviation),
 * one line per drive, the SNIA PTS window shaded in the drive's colour, the same time axis on
 * every panel; then one table: each drive's steady-state verdicts (SNIA PTS and fio's own).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/series.h"
#include "render/format.h"
#include "render/sections.h"

static double ms(struct sr_value v) { return sr_ok(v) ? v.v / 1e6 : NAN; }

enum { C_T, C_IOPS, C_MEAN, C_MAX, C_SD, C_MAX_ERR, C_SD_ERR, C_PARTIAL, C_N };

/* The frame: one block per drive of the model (empty where the drive has no such series).
 * A partial interval's figures hold only some jobs: they go to the partial column alone. */
static void series_frame(struct sr_chart *ch, const struct sr_report *r, const struct sr_rtest *t,
			 size_t k, double *tmax, double bound[2])
{
	static const char *const cols[C_N] = {
	    "t_s",	 "throughput_iops", "avg_lat_ms",    "max_lat_ms",
	    "lat_sd_ms", "max_lat_err_ms",  "lat_sd_err_ms", "partial_throughput_iops"};

	sr_chart_frame(ch, "drive", NULL, cols, C_N);
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);

		sr_chart_series(ch, r->m->drives[dv].label);
		for (size_t i = 0; se && i < se->niv; i++) {
			const struct sr_interval *iv = &se->iv[i];
			double v[C_N] = {iv->t_s,
					 sr_ok(iv->iops) ? iv->iops.v : NAN,
					 ms(iv->lat_mean),
					 ms(iv->lat_max),
					 ms(iv->lat_sd),
					 ms(iv->lat_max_err),
					 ms(iv->lat_sd_err),
					 NAN};

			if (sr_interval_partial(iv) && !iv->jobs)
				continue; /* no job ran through it (a last latency row): nothing */
			if (sr_interval_partial(iv)) {
				v[C_PARTIAL] = v[C_IOPS];
				for (int c = C_IOPS; c <= C_SD_ERR; c++)
					v[c] = NAN;
			}
			sr_chart_point(ch, NULL, v);
			if (iv->t_s > *tmax)
				*tmax = iv->t_s;
			if (isfinite(v[C_MAX_ERR]) && v[C_MAX_ERR] > bound[0])
				bound[0] = v[C_MAX_ERR];
			if (isfinite(v[C_SD_ERR]) && v[C_SD_ERR] > bound[1])
				bound[1] = v[C_SD_ERR];
		}
	}
}

int sr_series_chart(struct sr_report *r, const struct sr_rtest *t, size_t k, int width, bool steady)
{
	static const char *const what[4] = {"throughput (read + write IOPS)",
					    "average latency (ms)", "maximum latency (ms)",
					    "latency standard deviation (ms)"};
	size_t nd = r->m->ndrives;
	struct sr_line *lines = calloc(8 * nd + 1, sizeof(*lines)); /* 4 panels x 2 per drive */
	struct sr_band *bands = calloc(nd + 1, sizeof(*bands));
	struct sr_key *keys = calloc(nd + 1, sizeof(*keys));
	char(*names)[300] = calloc(nd + 1, sizeof(*names));
	char title[400], ptitle[4][160], name[200], wl[200] = "";
	struct sr_panel p[4];
	struct sr_chart ch;
	double tmax = 0, bound[2] = {0, 0};
	size_t nb = 0, nk = 0, np = 0;
	int rc = -ENOMEM;

	if (!lines || !bands || !keys || !names)
		goto out;
	for (size_t dv = 0; dv < nd; dv++) {
		const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);
		struct sr_snia s;

		if (!se)
			continue;
		if (sr_rep_nseries(r, t) > 1 && !wl[0])
			snprintf(wl, sizeof(wl), " (workload %zu: %s)", k + 1, se->name);
		keys[nk++] = sr_rep_key(r, dv, names[dv], sizeof(names[dv]));
		sr_series_snia(t->per_drive[dv]->test, se, &s);
		/* the window where the drive reached steady state; none where it did not */
		if (steady && s.attained && isfinite(s.first_s))
			bands[nb++] = (struct sr_band){s.first_s, s.last_s, dv};
	}
	snprintf(title, sizeof(title), "%s%s%s", t->title, wl,
		 !steady ? " over time"
		 : nb	 ? ": one line per drive, steady-state window shaded"
			 : ": one line per drive (no drive reached steady state)");
	if (k)
		snprintf(name, sizeof(name), "series-%s-w%zu", t->stem, k + 1);
	else
		snprintf(name, sizeof(name), "series-%s", t->stem);
	rc = sr_rep_chart_begin(r, &ch, name, title, 760, 500);
	if (rc)
		goto out;
	snprintf(ch.caption, sizeof(ch.caption), "%s", t->title);
	series_frame(&ch, r, t, k, &tmax, bound);
	for (int pk = 0; pk < 4; pk++) {
		struct sr_line *l = &lines[2 * nd * (size_t)pk];
		size_t nl = 0;
		bool data = false;

		for (size_t dv = 0; dv < nd; dv++)
			data |= sr_chart_has(&ch, dv, (size_t)(C_IOPS + pk));
		if (!data && pk) /* a log of this kind was not written: no empty panel */
			continue;
		snprintf(ptitle[np], sizeof(ptitle[np]), "%s", what[pk]);
		if (pk >= 2 &&
		    bound[pk - 2] > 0) /* histogram midpoints: say how far off they can be */
			snprintf(ptitle[np] + strlen(ptitle[np]),
				 sizeof(ptitle[np]) - strlen(ptitle[np]), " (error <= %.3g ms)",
				 bound[pk - 2]);
		for (size_t dv = 0; dv < nd; dv++) /* a short series shows its points too */
			l[nl++] = (struct sr_line){.block = dv,
						   .ycol = (size_t)(C_IOPS + pk),
						   .colour = dv,
						   .dash = 1,
						   .points = tmax <= 30};
		for (size_t dv = 0; dv < nd && pk == 0; dv++) /* partial intervals: marks apart */
			l[nl++] = (struct sr_line){
			    .block = dv, .ycol = C_PARTIAL, .colour = dv, .only_points = true};
		p[np] = (struct sr_panel){.title = ptitle[np],
					  .xlabel = "time (s)",
					  .ylabel = pk ? "ms" : "IOPS",
					  .xcol = C_T,
					  .zero_y = true,
					  .xmin = 0,
					  .xmax = tmax > 0 ? tmax : NAN,
					  .hline = NAN,
					  .bands = bands,
					  .nbands = nb,
					  .lines = l,
					  .nlines = nl};
		np++;
	}
	if (np == 1) { /* throughput alone (a fill's iops/bw logs): one short panel */
		ch.height = 300;
		p[0].title = NULL;
	}
	sr_chart_lines(&ch, p, np, np > 1 ? 2 : 1, keys, nk);
	rc = sr_rep_chart_end(r, &ch, &r->page, width);
out:
	free(lines);
	free(bands);
	free(keys);
	free(names);
	return rc;
}

/* "yes, 120-300 s" or "no: 167 % / 105 %" (range / excursion). */
static void snia_cell(struct sr_table *t, size_t row, size_t col, const struct sr_test *tt,
		      const struct sr_series *se)
{
	struct sr_snia s;

	sr_series_snia(tt, se, &s);
	if (!s.evaluated) {
		sr_table_set(t, row, col, "? (fewer than 5 rounds)");
		return;
	}
	if (s.attained && isfinite(s.first_s))
		sr_table_set(t, row, col, "yes, %g\xe2\x80\x93%g s", s.first_s, s.last_s);
	else if (s.attained)
		sr_table_set(t, row, col, "yes, rounds %g\xe2\x80\x93%g", s.first_round,
			     s.last_round);
	else
		sr_table_set(t, row, col, "no: %.0f %% / %.0f %%", s.range_pct, s.excursion_pct);
	sr_table_mark(t, row, col, s.attained ? SR_MARK_PASS : SR_MARK_NONE);
}

/* fio's own verdict of the workload's runs. */
static void fio_ss_cell(struct sr_table *t, size_t row, size_t col, const struct sr_test *tt,
			const struct sr_series *se)
{
	for (size_t i = 0; i < se->nruns; i++) {
		const struct sr_fio_ss *ss = &tt->runs[se->runs[i]].fio_ss;

		if (!ss->present)
			continue;
		sr_table_set(t, row, col, "%s", ss->attained ? "yes" : "no");
		sr_table_mark(t, row, col, ss->attained ? SR_MARK_PASS : SR_MARK_NONE);
		return;
	}
	sr_table_set(t, row, col, SR_NOT_MEASURED);
}

/* fio's criterion as the jobs set it ("iops:10.000000%"), for the note; NULL when none. */
static const char *fio_criterion(const struct sr_rtest *const *tests, size_t n, size_t nd)
{
	for (size_t i = 0; i < n; i++)
		for (size_t dv = 0; dv < nd; dv++)
			for (size_t k = 0;
			     tests[i]->per_drive[dv] && k < tests[i]->per_drive[dv]->test->nruns;
			     k++)
				if (tests[i]->per_drive[dv]->test->runs[k].fio_ss.ss)
					return tests[i]->per_drive[dv]->test->runs[k].fio_ss.ss;
	return NULL;
}

/* fio's steadystate option ("iops:10.000000%", "iops_slope:0.1%", "bw:2%") in words:
 * "IOPS within 10 % of their mean"; anything else as fio wrote it. */
static const char *criterion_words(const char *ss, char *buf, size_t len)
{
	char metric[32];
	double v;
	bool slope;

	if (!ss || sscanf(ss, "%31[^:]:%lf%%", metric, &v) != 2) {
		snprintf(buf, len, "%s", ss ? ss : SR_UNKNOWN);
		return buf;
	}
	slope = strstr(metric, "_slope") != NULL;
	snprintf(buf, len, "%s %s within %g %% of their mean (steadystate=%s)",
		 !strncmp(metric, "bw", 2) ? "bandwidth" : "IOPS", slope ? "slope" : "samples", v,
		 ss);
	return buf;
}

/* The workload a preconditioning test is for, in the catalogue's words. */
static const char *workload_of(const struct sr_rtest *t, char *buf, size_t len)
{
	const char *cut = strstr(t->title, " preconditioning");

	snprintf(buf, len, "%.*s", cut ? (int)(cut - t->title) : (int)strlen(t->title), t->title);
	return buf;
}

/* One row of the verdict table: workload @k of test @tt on each drive of @dvs. */
static void verdict_row(struct sr_table *t, const struct sr_rtest *tt, size_t k, bool several,
			const size_t *dvs, size_t nd, bool *intervals)
{
	size_t row = sr_table_row(t);
	char href[300], wl[200];

	workload_of(tt, wl, sizeof(wl));
	for (size_t c = 0; several && c < nd; c++) {
		const struct sr_series *se = sr_rep_series(tt->per_drive[dvs[c]], k);

		if (se) {
			snprintf(wl + strlen(wl), sizeof(wl) - strlen(wl), " (workload %zu: %s)",
				 k + 1, se->name);
			break;
		}
	}
	sr_table_set(t, row, 0, "%s", wl);
	sr_table_link(t, row, 0, sr_rep_detail(tt, href, sizeof(href)));
	for (size_t c = 0; c < nd; c++) {
		const struct sr_result *res = tt->per_drive[dvs[c]];
		const struct sr_series *se = sr_rep_series(res, k);
		struct sr_snia s;

		if (!res || !se) {
			sr_table_set(t, row, 1 + 2 * c, SR_NOT_MEASURED);
			sr_table_set(t, row, 2 + 2 * c, SR_NOT_MEASURED);
			continue;
		}
		snia_cell(t, row, 1 + 2 * c, res->test, se);
		fio_ss_cell(t, row, 2 + 2 * c, res->test, se);
		if (res->error) {
			sr_table_mark(t, row, 1 + 2 * c, SR_MARK_FAIL);
			t->flags |= SR_NOTE_JOB_ERROR;
		}
		sr_series_snia(res->test, se, &s);
		*intervals |= s.basis == SR_SS_INTERVALS;
	}
}

static int verdicts(struct sr_report *r, const struct catalogue_family *f,
		    const struct sr_rtest *const *tests, size_t n)
{
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(size_t)), nd = 0;
	char name[160], head[300], tq[32];
	struct sr_table *t;
	bool intervals = false;
	char crit[160];
	int rc;

	if (!dvs)
		return -ENOMEM;
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (sr_rep_column(r, dv, tests, n) && !r->m->drives[dv].source)
			dvs[nd++] = dv;
	snprintf(name, sizeof(name), "family-%s", f ? f->id : "precondition");
	snprintf(head, sizeof(head), "Steady state reached, at %s",
		 sr_rtest_tq(tests[0], tq, sizeof(tq)));
	t = sr_table_new(name, head, 1 + 2 * nd);
	if (!t) {
		free(dvs);
		return -ENOMEM;
	}
	sr_table_head(t, 0, "workload");
	for (size_t c = 0; c < nd; c++) {
		sr_rep_drive(r, dvs[c], head, sizeof(head));
		sr_table_group(t, 1 + 2 * c, head);
		sr_table_group(t, 2 + 2 * c, head);
		sr_table_head(t, 1 + 2 * c, "SNIA PTS");
		sr_table_head(t, 2 + 2 * c, "fio ss");
	}
	for (size_t i = 0; i < n; i++) {
		size_t nk = sr_rep_nseries(r, tests[i]);

		for (size_t k = 0; k < (nk ? nk : 1); k++)
			verdict_row(t, tests[i], k, nk > 1, dvs, nd, &intervals);
	}
	sr_rep_table_notes(t);
	sr_table_note(t,
		      "%s%sSNIA PTS: steady when 5 rounds stay within 20 %% of their mean "
		      "(range) and their slope within 10 %% (excursion); \"no: range / "
		      "excursion\"%s. fio ss: fio's own criterion (%s).",
		      t->note ? t->note : "", t->note ? " " : "",
		      intervals ? "; these results hold no rounds, so 1-s intervals stand in (a "
				  "far shorter window than the PTS intends)"
				: "",
		      criterion_words(fio_criterion(tests, n, r->m->ndrives), crit, sizeof(crit)));
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(dvs);
	return rc;
}

const struct sr_series *sr_rep_series(const struct sr_result *res, size_t k)
{
	const struct sr_test *tt = res ? res->test : NULL;

	return tt && k < tt->nseries && tt->series[k].niv >= 1 ? &tt->series[k] : NULL;
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

int sr_section_precondition(struct sr_report *r, const struct catalogue_family *f,
			    const struct sr_rtest *const *tests, size_t n)
{
	bool any = false;
	int rc = 0;

	for (size_t i = 0; i < n && !any; i++)
		any = sr_rep_has_series(r, tests[i]);
	sr_page_grid(&r->page, true);
	for (size_t i = 0; i < n && !rc && any; i++)
		for (size_t k = 0; k < sr_rep_nseries(r, tests[i]) && !rc; k++)
			rc = sr_series_chart(r, tests[i], k, SR_HALF_W, true);
	if (!rc) /* beside the last chart when that one is alone on its row */
		rc = verdicts(r, f, tests, n);
	sr_page_grid(&r->page, false);
	return rc ? rc : r->page.err;
}
