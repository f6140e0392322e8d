// SPDX-License-Identifier: GPL-2.0-only
/*
 * library_page.c - the results library's page (library_page.h): index.html and report.md, a
 * ranking per headline figure and profile (ranked horizontal bars, then its table), each model's
 * history, the runs not ranked.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/files.h"
#include "output/gnuplot_pool.h"
#include "output/report_dir.h"
#include "render/chart_kinds.h"
#include "render/format.h"
#include "render/html.h"
#include "render/library_page.h"

/* How a unit is shown: its name on the page, the divisor from base units (a figure's text, in a
 * table and at its bar alike: number_text()). */
struct shown {
	char name[16];
	double div;
};

/* How figures of @unit are shown, the latency unit chosen for the @n values @v (base units). */
static struct shown shown_for(const char *unit, const double *v, size_t n)
{
	struct shown s = {"", 1};

	if (!strcmp(unit, "B/s")) {
		snprintf(s.name, sizeof(s.name), "MB/s");
		s.div = 1e6;
	} else if (!strcmp(unit, "ns")) {
		enum sr_lat_unit u = n ? sr_lat_unit_for(v, n) : SR_UNIT_MS;

		snprintf(s.name, sizeof(s.name), "%s", sr_lat_unit_name(u));
		s.div = u == SR_UNIT_US ? 1e3 : u == SR_UNIT_MS ? 1e6 : 1e9;
	} else if (!strcmp(unit, "1/s")) {
		snprintf(s.name, sizeof(s.name), "per s");
	} else {
		snprintf(s.name, sizeof(s.name), "%s", unit);
	}
	return s;
}

static struct shown shown_of(const struct sr_libp_ranking *rk)
{
	double *v = calloc(rk->n + 1, sizeof(*v));
	size_t k = 0;
	struct shown s;

	for (size_t i = 0; v && i < rk->n; i++)
		if (!(rk->e[i].flags & 1)) /* a clamped percentile does not choose */
			v[k++] = rk->e[i].value;
	s = shown_for(rk->unit, v ? v : (double[]){0}, k);
	free(v);
	return s;
}

/* Whether @text names the unit @s shows ("transactions/s" names "per s"). */
static bool names_unit(const char *text, const struct shown *s)
{
	return strstr(text, s->name) || (!strcmp(s->name, "per s") && strstr(text, "/s"));
}

/* A figure of @unit shown as @s says: IOPS and counts as integers, others to 3 figures. */
static void number_text(char *num, const char *unit, const struct shown *s, double v)
{
	if (!strcmp(unit, "IOPS"))
		sr_fmt_int(num, v / s->div);
	else
		sr_fmt_sig(num, v / s->div);
}

static void value_text(char *buf, size_t len, const struct sr_libp_ranking *rk,
		       const struct shown *s, const struct sr_libp_entry *e)
{
	char num[SR_FMT_LEN];

	number_text(num, rk->unit, s, e->value);
	snprintf(buf, len, "%s%s%s", e->flags & 1 ? "\xe2\x89\xa5 " : "", num,
		 e->flags & 2 ? " (max)" : "");
}

/* Bars a ranking's chart draws: the first ones, then only the selected drives below them. */
#define CHART_BARS 50

/* Every chart's script, loaded by charts.gp (the page's charts drawn again with one gnuplot), and
 * the gnuplot processes drawing them while the page is written (a process each would take longer
 * than the rest of the report; one alone, after the page, as long again). */
static FILE *all;
static struct sr_gp_pool *pool;

/* A bar's label: "12. MODEL FIRMWARE" (" *": the run differs), at most LABEL_CHARS characters
 * (the chart's left margin is at most half its width: a longer label would be cut at the
 * edge), a long model shortened in its middle with "..." (the table has it whole). */
#define LABEL_CHARS 60
static void bar_label(char *buf, size_t len, size_t rank, const struct sr_libp_entry *e)
{
	char head[24], tail[80], model[LABEL_CHARS + 1];
	const char *d = e->drive ? e->drive : "?";
	size_t room, dl = strlen(d);

	snprintf(head, sizeof(head), "%zu. ", rank);
	snprintf(tail, sizeof(tail), " %.24s%s", e->firmware ? e->firmware : "",
		 e->differs[0] ? " *" : "");
	room = LABEL_CHARS - strlen(head) - strlen(tail);
	if (dl <= room) {
		snprintf(model, sizeof(model), "%s", d);
	} else { /* bytes of UTF-8 may be cut: gnuplot draws what is left */
		size_t front = (room - 3) / 2, back = room - 3 - front;

		snprintf(model, sizeof(model), "%.*s...%s", (int)front, d, d + dl - back);
	}
	snprintf(buf, len, "%s%s%s", head, model, tail);
}

static int chart(const struct sr_libp_ranking *rk, const struct shown *s, const char *dir,
		 bool charts, struct sr_page *pg, struct sr_diag *d)
{
	static const char *const cols[2] = {"value", "selected"};
	/* the SVG alone: a page of up to 82 charts of 50 bars, whose PNGs were 9 in 10 of
	 * gnuplot's time (pngcairo's encoding), drawn as sharp by the browser at any zoom */
	struct sr_chart c = {.width = 1000, .height = 400, .svg_only = true, .shown_col = true};
	char xlabel[300], err[600] = "";
	int rc;

	snprintf(c.name, sizeof(c.name), "%.150s-bars", rk->id);
	snprintf(c.title, sizeof(c.title), "%.120s, profile %.40s: %zu drive%s ranked, %s",
		 rk->title, rk->cls, rk->nranked, rk->nranked == 1 ? "" : "s",
		 rk->lower_better ? "lowest first" : "highest first");
	if (rk->nranked > CHART_BARS)
		snprintf(c.caption, sizeof(c.caption),
			 "%s; the first %d drawn, and the selected drives below them", c.title,
			 CHART_BARS);
	if ((rc = sr_chart_open(&c, dir)))
		return rc;
	sr_chart_frame(&c, "ranking", "drive", cols, 2);
	sr_chart_series(&c, rk->cls);
	for (size_t i = 0; i < rk->nranked; i++) {
		char label[200], shown[SR_FMT_LEN + 16];
		double v[2] = {rk->e[i].value, rk->e[i].highlight ? 1 : 0};

		if (i >= CHART_BARS && !rk->e[i].highlight)
			continue; /* past the first ones only the selected drives: the table has all
				   */
		bar_label(label, sizeof(label), i + 1, &rk->e[i]);
		value_text(shown, sizeof(shown), rk, s, &rk->e[i]); /* as the table prints it */
		sr_chart_point_shown(&c, label, v, shown);
	}
	snprintf(xlabel, sizeof(xlabel), "%s%s%s%s%s", rk->title,
		 names_unit(rk->title, s) ? "" : " (", names_unit(rk->title, s) ? "" : s->name,
		 names_unit(rk->title, s) ? "" : ")",
		 rk->lower_better ? ", lower is better" : ", higher is better");
	sr_chart_hbars(&c, xlabel, 0, 1, s->div);
	rc = sr_chart_close(&c, dir, 0, err, sizeof(err)); /* drawn together: draw_all() */
	if (!rc && charts && all) {
		char script[200];

		fprintf(all, "load \"%s.gp\"\n", c.name); /* names: [A-Za-z0-9._-] */
		snprintf(script, sizeof(script), "%s.gp", c.name);
		if (pool && sr_gp_pool_load(pool, script) == -EINVAL)
			rc = -EINVAL; /* a stopped gnuplot: its words at sr_gp_pool_close() */
	}
	if (rc) {
		sr_diag_msg(d, "%s", err[0] ? err : strerror(-rc));
		return rc;
	}
	if (charts) {
		sr_page_figure_svg(pg, c.name, c.caption[0] ? c.caption : c.title, 1000);
	} else {
		char href[300];

		snprintf(href, sizeof(href), "%s.csv", c.name);
		sr_page_link(pg, href, "chart not drawn (--no-charts): its data");
	}
	return 0;
}

/* Whether the page's table shows entry @i: the first CHART_BARS ranked, the selected drives,
 * the first CHART_BARS unranked (every one is in the ranking's CSV). */
static bool on_page(const struct sr_libp_ranking *rk, size_t i)
{
	return rk->e[i].highlight ||
	       (rk->e[i].ranked ? i < CHART_BARS : i < rk->nranked + CHART_BARS);
}

/* The ranking's table: every entry (@page false), or those on_page(). */
static struct sr_table *table_of(const struct sr_libp_ranking *rk, const struct shown *sh,
				 const char *name, const char *caption, bool page)
{
	struct sr_table *t = sr_table_new(name, caption, 9);
	char head[400], text[SR_FMT_LEN + 16], csv[SR_FMT_LEN];
	bool any_diff = false;
	size_t shown = 0;

	if (!t)
		return NULL;
	sr_table_lead(t, (const char *const[]){"rank", "drive", "firmware"}, 3);
	/* the figure's name is the table's caption: the column says what and in which unit */
	if (names_unit(rk->what, sh))
		snprintf(head, sizeof(head), "%s", rk->what);
	else
		snprintf(head, sizeof(head), "%s (%s)", rk->what, sh->name);
	sr_table_head(t, 3, head);
	sr_table_head(t, 4, "date");
	sr_table_head(t, 5, "profile");
	sr_table_head(t, 6, "host");
	sr_table_head(t, 7, "run");
	sr_table_head(t, 8, "status, differences");
	for (size_t c = 5; c < 9; c++) /* a date is kept on one line */
		if (c != 7)
			sr_table_text(t, c);
	for (size_t i = 0; i < rk->n; i++) {
		const struct sr_libp_entry *e = &rk->e[i];
		size_t r;
		char note[300];

		if (page && !on_page(rk, i))
			continue;
		shown++;
		r = sr_table_row(t);
		if (e->ranked)
			sr_table_set(t, r, 0, "%zu", i + 1);
		else
			sr_table_set(t, r, 0, "not ranked");
		sr_table_set(t, r, 1, "%s", e->drive);
		sr_table_set(t, r, 2, "%s", e->firmware ? e->firmware : SR_UNKNOWN);
		value_text(text, sizeof(text), rk, sh, e);
		snprintf(csv, sizeof(csv), "%s%.9g", e->flags & 1 ? ">=" : "", e->value / sh->div);
		sr_table_num(t, r, 3, text, csv);
		if (e->highlight)
			sr_table_mark(t, r, 1, SR_MARK_PASS);
		if (e->flags & 1)
			sr_table_mark(t, r, 3, SR_MARK_WARN);
		if (e->flags & 8)
			sr_table_mark(t, r, 3, SR_MARK_FAIL);
		if (e->flags & 16)
			sr_table_mark(t, r, 3, SR_MARK_WARN);
		sr_table_set(t, r, 4, "%.10s", e->date ? e->date : "?");
		sr_table_set(t, r, 5, "%s", e->profile ? e->profile : SR_UNKNOWN);
		sr_table_set(t, r, 6, "%s", e->host ? e->host : SR_UNKNOWN);
		sr_table_set(t, r, 7, "%lld", e->run);
		snprintf(note, sizeof(note), "%s%s%s%s%s", e->ranked ? "" : e->status,
			 !e->ranked && e->differs[0] ? "; " : "", e->differs,
			 e->flags & 4
			     ? (e->differs[0] || !e->ranked ? "; run cut short" : "run cut short")
			     : "",
			 e->flags & 8 ? "; a job ended with an error" : "");
		if (e->flags & 16) /* analyse/headline.h SR_HL_NOT_STEADY */
			snprintf(note + strlen(note), sizeof(note) - strlen(note), "%s%s",
				 note[0] ? "; " : "", "steady state not reached (its last rounds)");
		sr_table_set(t, r, 8, "%s", note);
		any_diff |= e->differs[0] != '\0';
	}
	sr_table_note(t, "%s%s%s%s", rk->lower_better ? "Lowest first." : "Highest first.",
		      any_diff ? " * and the last column: the run differs from the others of "
				 "this ranking (span, block size or fio version), as ssdreport "
				 "compare marks it: compare with care."
			       : "",
		      rk->n > rk->nranked ? " Runs that did not complete are listed, not ranked."
					  : "",
		      shown < rk->n ? " The first 50 and the selected drives shown: every one is "
				      "in the table's CSV."
				    : "");
	return t;
}

static int ranking(const struct sr_libp_ranking *rk, const char *dir, bool charts,
		   struct sr_page *pg, struct sr_diag *d)
{
	struct shown s = shown_of(rk);
	struct sr_table *t, *all = NULL;
	char head[400], name[240];
	bool cut = false;
	int rc = 0;

	snprintf(head, sizeof(head), "%s, profile %s", rk->title, rk->cls);
	sr_page_heading(pg, 3, rk->id, head);
	if (rk->nranked && (rc = chart(rk, &s, dir, charts, pg, d)))
		return rc;
	for (size_t i = 0; i < rk->n; i++)
		cut |= !on_page(rk, i);
	if (cut) { /* every entry in <id>.csv, the page's rows in <id>-page.csv */
		FILE *f;

		all = table_of(rk, &s, rk->id, head, false);
		snprintf(name, sizeof(name), "%s.csv", rk->id);
		f = all ? sr_out_open(dir, name, "w") : NULL;
		if (!f) {
			sr_table_free(all);
			return all ? -errno : -ENOMEM;
		}
		sr_table_csv(f, all);
		rc = fclose(f) ? -EIO : 0;
		sr_table_free(all);
		if (rc)
			return rc;
		snprintf(name, sizeof(name), "%s-page", rk->id);
	} else {
		snprintf(name, sizeof(name), "%s", rk->id);
	}
	t = table_of(rk, &s, name, head, true);
	if (!t)
		return -ENOMEM;
	rc = sr_page_table(pg, t);
	sr_table_free(t);
	return rc;
}

/* One model's history table: its runs, oldest first, and the figures hi->col_* name. */
static int history_table(const struct sr_libp_history *hi, size_t h, struct sr_page *pg)
{
	struct sr_table *t;
	struct shown sh[SR_LIBP_HIST_COLS];
	char name[200], head[300];
	double *v = calloc(hi->n + 1, sizeof(*v));
	int rc;

	snprintf(name, sizeof(name), "history-%zu", h + 1);
	t = v ? sr_table_new(name, hi->drive, 6 + hi->ncols) : NULL;
	if (!t) {
		free(v);
		return -ENOMEM;
	}
	sr_table_lead(t, (const char *const[]){"date", "firmware", "profile"}, 3);
	sr_table_head(t, 3, "status");
	sr_table_head(t, 4, "host");
	sr_table_head(t, 5, "run");
	for (size_t k = 0; k < hi->ncols; k++) {
		size_t n = 0;

		for (size_t i = 0; i < hi->n; i++)
			if (isfinite(hi->rows[i].v[k]))
				v[n++] = hi->rows[i].v[k];
		sh[k] = shown_for(hi->col_unit[k], v, n);
		if (names_unit(hi->col_title[k], &sh[k]))
			snprintf(head, sizeof(head), "%s", hi->col_title[k]);
		else
			snprintf(head, sizeof(head), "%s (%s)", hi->col_title[k], sh[k].name);
		sr_table_head(t, 6 + k, head);
	}
	free(v);
	sr_table_text(t, 3);
	sr_table_text(t, 4);
	for (size_t i = 0; i < hi->n; i++) {
		const struct sr_libp_hist_row *row = &hi->rows[i];
		size_t r = sr_table_row(t);
		char num[SR_FMT_LEN], csv[SR_FMT_LEN];

		sr_table_set(t, r, 0, "%.10s", row->date ? row->date : "?");
		sr_table_set(t, r, 1, "%s", row->firmware ? row->firmware : SR_UNKNOWN);
		sr_table_set(t, r, 2, "%s", row->profile ? row->profile : SR_UNKNOWN);
		sr_table_set(t, r, 3, "%s", row->done[0] ? row->done : row->status);
		if (row->done[0])
			sr_table_mark(t, r, 3, SR_MARK_WARN);
		sr_table_set(t, r, 4, "%s", row->host ? row->host : SR_UNKNOWN);
		sr_table_set(t, r, 5, "%lld", row->run);
		for (size_t k = 0; k < hi->ncols; k++) {
			if (!isfinite(row->v[k])) {
				sr_table_set(t, r, 6 + k, SR_NOT_MEASURED);
				continue;
			}
			number_text(num, hi->col_unit[k], &sh[k], row->v[k]);
			snprintf(csv, sizeof(csv), "%.9g", row->v[k] / sh[k].div);
			sr_table_num(t, r, 6 + k, num, csv);
		}
	}
	if (!hi->ncols)
		sr_table_note(t, "Its runs have no headline figure.");
	rc = sr_page_table(pg, t);
	sr_table_free(t);
	return rc;
}

static int history(const struct sr_libp *p, struct sr_page *pg)
{
	int rc = 0;

	sr_page_heading(pg, 2, "history", "History of each drive");
	if (!p->nhist) {
		sr_page_text(pg, NULL, "No drive has more than one run in the library.");
		return 0;
	}
	sr_page_text(pg, NULL,
		     "A drive with several runs (firmware, hosts, profiles; two drives of one "
		     "model, by serial, apart), oldest first, with "
		     "up to %d of the headline figures its runs have (those most of them have, "
		     "rates before latencies, in the rankings' order); \u2013: the run has no such "
		     "figure.",
		     SR_LIBP_HIST_COLS);
	for (size_t h = 0; h < p->nhist && !rc; h++)
		rc = history_table(&p->hist[h], h, pg);
	return rc;
}

/* Wait for the gnuplot processes drawing the charts, after the page's error @rc if any;
 * Return: @rc, else 0 or -EIO (named in @d). */
static int draw_all(int rc, const char *dir, struct sr_diag *d)
{
	char buf[401];
	int drc = sr_gp_pool_close(pool, buf, sizeof(buf));

	pool = NULL;
	if (rc)
		return rc;
	if (drc)
		sr_diag_msg(d, "gnuplot failed on %s/charts.gp: %s", dir, buf);
	return drc ? -EIO : 0;
}

static int build(const struct sr_libp *p, const char *dir, bool charts, struct sr_diag *d)
{
	struct sr_page pg = {0};
	char runs[64], models[64], sel[600] = "";
	int rc = sr_page_open(&pg, dir, "index.html", true, p->title);

	if (rc) {
		sr_diag_msg(d, "%s/index.html: %s", dir, strerror(-rc));
		return rc;
	}
	sr_page_heading(&pg, 1, NULL, p->title);
	snprintf(runs, sizeof(runs), "%zu", p->nruns);
	if (p->ndrives > p->nmodels) /* two drives of one model are told apart */
		snprintf(models, sizeof(models), "%zu (%zu drives)", p->nmodels, p->ndrives);
	else
		snprintf(models, sizeof(models), "%zu", p->nmodels);
	for (size_t i = 0; i < p->nselected; i++)
		snprintf(sel + strlen(sel), sizeof(sel) - strlen(sel), "%s%s", i ? ", " : "",
			 p->selected[i]);
	{
		const char *const facts[][2] = {
		    {"library", p->library},
		    {"runs", runs},
		    {"drive models", models},
		    {"highlighted", p->nselected ? sel : "none (--drive MODEL)"}};

		sr_page_facts(&pg, facts, 4);
	}
	sr_page_text(&pg, "lead",
		     "Every drive of the library ranked per headline figure, the figures each "
		     "drive's own report prints. Only like is compared with like: a ranking holds "
		     "the runs of one profile; a run of another span, block size or fio version is "
		     "marked; a run that did not complete is listed below the ranked ones, never "
		     "ranked.");
	sr_page_heading(&pg, 2, "rankings", "Rankings");
	all = charts ? sr_out_open(dir, "charts.gp", "w") : NULL;
	if (charts && !all)
		rc = -errno;
	if (all)
		fprintf(all, "# every chart of the page: gnuplot charts.gp\n");
	if (all && (rc = sr_gp_pool_open(&pool, dir, sr_gp_pool_width())))
		sr_diag_msg(d, "cannot start gnuplot: %s", strerror(-rc));
	for (size_t i = 0; i < p->nrankings && !rc; i++)
		rc = ranking(&p->rankings[i], dir, charts, &pg, d);
	if (all && fclose(all) && !rc)
		rc = -EIO;
	all = NULL;
	if (pool)
		rc = draw_all(rc, dir, d);
	if (!p->nrankings)
		sr_page_text(&pg, NULL, "The library holds no figures to rank.");
	if (!rc)
		rc = history(p, &pg);
	{
		int crc = sr_page_close(&pg);

		if (!rc && crc) {
			sr_diag_msg(d, "%s/index.html: %s", dir, strerror(-crc));
			rc = crc;
		}
	}
	return rc;
}

int sr_library_page_write(const struct sr_libp *p, const char *outdir, bool charts,
			  struct sr_diag *d)
{
	char dir[4096];
	int rc = sr_report_dir_begin(outdir, dir, sizeof(dir), d);

	if (rc)
		return rc;
	rc = build(p, dir, charts, d);
	if (!rc)
		rc = sr_report_dir_commit(dir, outdir, d);
	if (rc)
		sr_report_dir_remove(dir);
	return rc;
}
