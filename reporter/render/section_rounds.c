// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_rounds.c - "Rounds of one job (SNIA PTS steady state)": another tool's rounds of one job,
 * a fio document each (analyse/rounds.h), judged by the SNIA PTS rule (pts/steady.h). Per series
 * a chart of IOPS against round with the measurement window shaded, its mean, 110 % and 90 % of
 * the mean and the least-squares line over it; then the determination table, a row per series
 * (window, mean, data and slope excursion against their limits, the line, the verdict), and the
 * rounds table, a row per round (its file, fio's timestamp, IOPS, MB/s, in the window or not).
 * "Repeats of one job": the other runs of one job (analyse/rounds.h: not named rounds by the tool),
 * a row per run with its IOPS and MB/s and how far its IOPS is from the first run's; no verdict.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/format.h"
#include "render/pts_page.h"
#include "render/sections.h"

static const struct sr_point *round_pt(const struct sr_report *r, const struct sr_round_series *g,
				       size_t k)
{
	return &r->an->st.pts[g->pts[k]];
}

/* A run's first seven cells in the rounds and repeats tables: job, source, run, test (linked),
 * fio's time stamp, IOPS and bandwidth. */
static void run_cells(struct sr_table *t, size_t row, const struct sr_structure *s,
		      const struct sr_point *p, size_t k)
{
	const struct sr_result *res = p->t->per_drive[p->drive];
	char job[200], href[300], when[40] = SR_NOT_MEASURED;

	sr_table_set(t, row, 0, "%s", sr_rep_job_name(&p->p, job, sizeof(job)));
	sr_table_set(t, row, 1, "%s", s->sources[p->source].label);
	sr_table_set(t, row, 2, "%zu", k + 1);
	sr_table_set(t, row, 3, "%s", p->t->title);
	sr_table_link(t, row, 3, sr_rep_detail(p->t, href, sizeof(href)));
	if (res && res->test && res->test->timestamp > 0) {
		time_t ts = (time_t)res->test->timestamp;
		struct tm tm;

		gmtime_r(&ts, &tm);
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
	}
	sr_table_set(t, row, 4, "%s", when);
	sr_rep_cell(t, row, 5, sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_IOPS, 0), SR_M_IOPS,
		    SR_UNIT_MS, res ? res->error : 0);
	sr_rep_cell(t, row, 6, sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_BW, 0), SR_M_BW,
		    SR_UNIT_MS, res ? res->error : 0);
}

static const char *verdict(const struct sr_round_series *g, char *buf, size_t len)
{
	if (!g->has_window)
		snprintf(buf, len, "no window: %zu rounds, the rule needs %d with an IOPS figure",
			 g->n, PTS_SS_WINDOW);
	else if (g->steady)
		snprintf(buf, len, "steady state reached (rounds %zu-%zu)", g->w.first + 1,
			 g->w.last + 1);
	else
		snprintf(buf, len, "steady state not reached in %zu rounds", g->n);
	return buf;
}

static int chart(struct sr_report *r, size_t i)
{
	static const char *const cols[SR_SSW_N] = {
	    "round", "iops", "window_mean", "mean_plus_10pct", "mean_minus_10pct", "fitted_line"};
	const struct sr_round_series *g = &r->an->rounds.g[i];
	const struct sr_point *p0 = round_pt(r, g, 0);
	struct sr_line lines[SR_SSW_LINES];
	struct sr_key keys[SR_SSW_KEYS];
	struct sr_band band = {.x0 = (double)g->w.first + 1, .x1 = (double)g->w.last + 1};
	struct sr_panel pan = {.xlabel = "round",
			       .ylabel = "IOPS",
			       .xcol = SR_SSW_ROUND,
			       .xmin = 0.5,
			       .xmax = (double)g->n + 0.5,
			       .hline = NAN,
			       .zero_y = true,
			       .bands = g->has_window ? &band : NULL,
			       .nbands = g->has_window,
			       .lines = lines,
			       .nlines = sr_ssw_lines(lines, 0)};
	char name[64], title[300], job[200], cap[300], v[120];
	struct sr_chart ch;
	int rc;

	sr_ssw_keys(keys, "IOPS (reads + writes)");
	snprintf(name, sizeof(name), "rounds-%zu", i + 1);
	snprintf(title, sizeof(title), "%s on %s: IOPS per round",
		 sr_rep_job_name(&p0->p, job, sizeof(job)), r->an->st.sources[p0->source].label);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_HALF_W, 400)))
		return rc;
	snprintf(ch.caption, sizeof(ch.caption), "%.150s; %.140s",
		 sr_rep_job_caption(r, p0->t, cap, sizeof(cap)), verdict(g, v, sizeof(v)));
	sr_chart_frame(&ch, "series", NULL, cols, SR_SSW_N);
	sr_chart_series(&ch, title);
	for (size_t k = 0; k < g->n; k++) {
		bool in = g->has_window && k >= g->w.first && k <= g->w.last;
		double x = (double)(k + 1), row[SR_SSW_N];

		sr_ssw_row(row, x, g->iops[k], in ? g->w.mean : NAN,
			   in ? g->w.intercept + g->w.slope * x : NAN);
		sr_chart_point(&ch, NULL, row);
	}
	sr_chart_lines(&ch, &pan, 1, 1, keys, SR_SSW_KEYS);
	return sr_rep_chart_end(r, &ch, &r->page, SR_HALF_W);
}

static void num(struct sr_table *t, size_t row, size_t c, const char *text, double v)
{
	char csv[40];

	snprintf(csv, sizeof(csv), "%.9g", v);
	sr_table_num(t, row, c, text, csv);
}

static int determination(struct sr_report *r)
{
	static const char *const heads[] = {"job",
					    "source",
					    "rounds",
					    "window (rounds)",
					    "window mean (IOPS)",
					    "data excursion, max - min (IOPS)",
					    "data excursion (% of mean, limit 20)",
					    "slope excursion (% of mean, limit 10)",
					    "least-squares line (IOPS)",
					    "SNIA steady state"};
	const struct sr_structure *s = &r->an->st;
	const struct sr_rounds *rs = &r->an->rounds;
	struct sr_table *t = sr_table_new("rounds-steady-state",
					  "SNIA steady-state determination, a row per job's rounds",
					  sizeof(heads) / sizeof(heads[0]));
	int rc;

	if (!t)
		return -ENOMEM;
	sr_table_lead(t, heads, 2);
	for (size_t c = 2; c < sizeof(heads) / sizeof(heads[0]); c++)
		sr_table_head(t, c, heads[c]);
	sr_table_text(t, 9); /* the verdict is text; the line's equation figures (no wrap) */
	for (size_t i = 0; i < rs->n; i++) {
		const struct sr_round_series *g = &rs->g[i];
		const struct sr_point *p0 = round_pt(r, g, 0);
		size_t row;

		if (!g->rounds)
			continue;
		row = sr_table_row(t);
		char buf[SR_FMT_LEN], job[200], v[120];
		double span = g->w.range_pct * g->w.mean / 100.0;

		sr_table_set(t, row, 0, "%s", sr_rep_job_name(&p0->p, job, sizeof(job)));
		sr_table_set(t, row, 1, "%s", s->sources[p0->source].label);
		sr_table_set(t, row, 2, "%zu%s", g->n, g->by_time ? "" : " (by file name)");
		/* the window is its own column: the verdict alone, short enough for 1280 px */
		if (g->steady)
			sr_table_set(t, row, 9, "reached");
		else if (g->has_window)
			sr_table_set(t, row, 9, "not reached in %zu rounds", g->n);
		else
			sr_table_set(t, row, 9, "%s", verdict(g, v, sizeof(v)));
		sr_table_mark(t, row, 9, g->steady ? SR_MARK_PASS : SR_MARK_FAIL);
		if (!g->has_window) {
			for (size_t c = 3; c < 9; c++)
				sr_table_set(t, row, c, SR_NOT_MEASURED);
			continue;
		}
		sr_table_set(t, row, 3, "%zu-%zu", g->w.first + 1, g->w.last + 1);
		num(t, row, 4, sr_fmt_int(buf, g->w.mean), g->w.mean);
		num(t, row, 5, sr_fmt_int(buf, span), span);
		num(t, row, 6, sr_fmt_sig(buf, g->w.range_pct), g->w.range_pct);
		sr_table_mark(t, row, 6, g->w.range_ok ? SR_MARK_PASS : SR_MARK_FAIL);
		num(t, row, 7, sr_fmt_sig(buf, g->w.excursion_pct), g->w.excursion_pct);
		sr_table_mark(t, row, 7, g->w.slope_ok ? SR_MARK_PASS : SR_MARK_FAIL);
		sr_table_set(t, row, 8, "%.6g · round %s %.6g", g->w.slope,
			     g->w.intercept < 0 ? "-" : "+", fabs(g->w.intercept));
	}
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc;
}

static int rounds_table(struct sr_report *r)
{
	static const char *const heads[] = {
	    "job",  "source", "round",	      "file", "fio timestamp (UTC)",
	    "IOPS", "MB/s",   "in the window"};
	const struct sr_structure *s = &r->an->st;
	const struct sr_rounds *rs = &r->an->rounds;
	struct sr_table *t = sr_table_new("rounds", "The rounds, a row per fio document",
					  sizeof(heads) / sizeof(heads[0]));
	int rc;

	if (!t)
		return -ENOMEM;
	sr_table_lead(t, heads, 2);
	for (size_t c = 2; c < sizeof(heads) / sizeof(heads[0]); c++)
		sr_table_head(t, c, heads[c]);
	sr_table_text(t, 3); /* the file, its timestamp and "yes" are text; the round a number */
	sr_table_text(t, 4);
	sr_table_text(t, 7);
	for (size_t i = 0; i < rs->n; i++) {
		const struct sr_round_series *g = &rs->g[i];

		for (size_t k = 0; g->rounds && k < g->n; k++) {
			const struct sr_point *p = round_pt(r, g, k);
			size_t row = sr_table_row(t);
			bool in = g->has_window && k >= g->w.first && k <= g->w.last;

			run_cells(t, row, s, p, k);
			sr_table_set(t, row, 7, "%s", in ? "yes" : "");
		}
	}
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc;
}

int sr_section_rounds(struct sr_report *r)
{
	const struct sr_rounds *rs = &r->an->rounds;
	int rc = 0;

	size_t drawn = 0;

	if (!rs->nrounds)
		return 0;
	sr_page_heading(&r->page, 2, "rounds", "Rounds of one job (SNIA PTS steady state)");
	sr_page_text(&r->page, "note",
		     "Method: the same job (fio's rw, bs, rwmixread, numjobs, iodepth, rate, "
		     "ioengine, filename and host all equal, run the same way) in several fio "
		     "outputs, each file named as a round (\"..._round3.json\"), is a series of "
		     "rounds, as PTS scripts write one output per round; the rounds are ordered by "
		     "fio's timestamp. Other runs of one job are repeats, in their own section. "
		     "Each series is judged by the SNIA PTS Enterprise v2.0.2 "
		     "steady-state rule (§2.1) on its IOPS (reads and writes): the measurement "
		     "window is the first %d rounds whose data excursion (max - min) is within "
		     "%.0f %% of their mean and whose least-squares line changes by at most "
		     "%.0f %% of it across the window, else the last %d.",
		     PTS_SS_WINDOW, PTS_SS_RANGE_PCT, PTS_SS_SLOPE_PCT, PTS_SS_WINDOW);
	sr_page_grid(&r->page, true);
	for (size_t i = 0; i < rs->n && drawn < SR_ROUNDS_CHARTS && !rc; i++)
		if (rs->g[i].rounds) {
			rc = chart(r, i);
			drawn++;
		}
	sr_page_grid(&r->page, false);
	if (!rc && rs->nrounds > SR_ROUNDS_CHARTS)
		sr_page_text(
		    &r->page, "note",
		    "%zu more series are not charted: their rounds are in the tables below.",
		    rs->nrounds - SR_ROUNDS_CHARTS);
	if (!rc)
		rc = determination(r);
	if (!rc)
		rc = rounds_table(r);
	return rc ? rc : r->page.err;
}

int sr_section_repeats(struct sr_report *r)
{
	static const char *const heads[] = {"job",
					    "source",
					    "run",
					    "fio output (group)",
					    "fio timestamp (UTC)",
					    "IOPS",
					    "MB/s",
					    "IOPS, difference from run 1 (%)"};
	const struct sr_structure *s = &r->an->st;
	const struct sr_rounds *rs = &r->an->rounds;
	struct sr_table *t;
	int rc;

	if (rs->n == rs->nrounds)
		return 0;
	sr_page_heading(&r->page, 2, "repeats", "Repeats of one job");
	sr_page_text(&r->page, "note",
		     "Method: the same job (fio's rw, bs, rwmixread, numjobs, iodepth, rate, "
		     "ioengine, filename and host all equal, run the same way) run more than once "
		     "on one source: two groups of one file (another startdelay or job name), or "
		     "fio outputs not named as rounds. A repeat shows how far one run is from "
		     "another; it is no series of PTS rounds and gets no SNIA steady-state verdict "
		     "(that rule needs rounds a PTS script ran as such, %d at least).",
		     PTS_SS_WINDOW);
	t = sr_table_new("repeats", "The repeats, a row per run", sizeof(heads) / sizeof(heads[0]));
	if (!t)
		return -ENOMEM;
	sr_table_lead(t, heads, 2);
	for (size_t c = 2; c < sizeof(heads) / sizeof(heads[0]); c++)
		sr_table_head(t, c, heads[c]);
	sr_table_text(t, 3);
	sr_table_text(t, 4);
	for (size_t i = 0; i < rs->n; i++) {
		const struct sr_round_series *g = &rs->g[i];

		for (size_t k = 0; !g->rounds && k < g->n; k++) {
			const struct sr_point *p = round_pt(r, g, k);
			size_t row = sr_table_row(t);
			char buf[SR_FMT_LEN];

			run_cells(t, row, s, p, k);
			if (k && !isnan(g->iops[0]) && !isnan(g->iops[k])) {
				double d = 100.0 * (g->iops[k] - g->iops[0]) / g->iops[0];

				snprintf(buf, sizeof(buf), "%+.1f", d);
				num(t, row, 7, buf, d);
			} else {
				sr_table_set(t, row, 7, SR_NOT_MEASURED);
			}
		}
	}
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc ? rc : r->page.err;
}
