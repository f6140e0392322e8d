// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_sweeps.c - "Sweeps" of anyone's fio results (analyse/structure.h): per sweep a chart of
 * IOPS and average latency against the swept parameter (iodepth: a line per numjobs; block size:
 * a line per rw; numjobs; read mix; or a line per value of the parameter sweeps of one line each
 * were merged over, a line per bs against iodepth), a line per source too, and a table with the
 * swept values as columns, the unit in each header. Past SWEEPS_SHOWN sweeps of one parameter the
 * page names how many more there are; their figures are on their tests' pages.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

#define SWEEPS_SHOWN 8
#define MAX_LINES 16

static const char *const axis_title[SR_NAXES] = {
    "Against queue depth (iodepth)", "Against threads (numjobs)", "Against block size (bs)",
    "Against read mix (rwmixread)"};
static const char *const axis_x[SR_NAXES] = {"iodepth (I/Os in flight per job)",
					     "numjobs (threads)", "block size (KiB)",
					     "reads (% of I/Os)"};

/* The column head of a swept value, its unit named: "QD 16", "4 KiB", "8 jobs", "70 % read". */
static const char *x_head(const struct sr_point *p, enum sr_axis a, char *buf, size_t len)
{
	char bs[SR_FMT_LEN];

	switch (a) {
	case SR_AX_IODEPTH:
		snprintf(buf, len, "iodepth %u", p->p.iodepth);
		break;
	case SR_AX_NUMJOBS:
		snprintf(buf, len, "numjobs %u", p->p.numjobs);
		break;
	case SR_AX_BS:
		snprintf(buf, len, "bs %s", sr_fmt_bs(bs, p->p.bs));
		break;
	default:
		snprintf(buf, len, "%s", sr_fmt_mix(bs, p->p.mix));
		break;
	}
	return buf;
}

/* A series' name: its varying parameters and its source ("numjobs 4, nvme0", "bs 4 KiB"). */
static const char *series_name(const struct sr_report *r, const struct sr_point *p,
			       sr_param_mask series, char *buf, size_t len)
{
	const struct sr_structure *s = &r->an->st;
	const char *src = s->nsources > 1 ? s->sources[p->source].label : "";
	const char *sep = *src ? ", " : "";
	char bs[SR_FMT_LEN];

	if (series & SR_P_BIT(SR_P_RW)) {
		if (p->p.mixed)
			snprintf(buf, len, "%.20s %s%s%.100s", p->p.rw, sr_fmt_mix(bs, p->p.mix),
				 sep, src);
		else
			snprintf(buf, len, "%.20s%s%.100s", p->p.rw, sep, src);
	} else if (series & SR_P_BIT(SR_P_BS)) {
		snprintf(buf, len, "bs %s%s%.100s", sr_fmt_bs(bs, p->p.bs), sep, src);
	} else if (series & SR_P_BIT(SR_P_MIX)) {
		snprintf(buf, len, "%s%s%.100s", sr_fmt_mix(bs, p->p.mix), sep, src);
	} else if (series & SR_P_BIT(SR_P_NUMJOBS)) {
		snprintf(buf, len, "numjobs %u%s%.100s", p->p.numjobs, sep, src);
	} else if (series & SR_P_BIT(SR_P_IODEPTH)) {
		snprintf(buf, len, "iodepth %u%s%.100s", p->p.iodepth, sep, src);
	} else if (series & SR_P_BIT(SR_P_RATE)) {
		snprintf(buf, len, "rate %.40s%s%.100s", *p->p.rate ? p->p.rate : "unset", sep,
			 src);
	} else if (series & SR_P_BIT(SR_P_IOENGINE)) {
		snprintf(buf, len, "%.40s%s%.100s", p->p.ioengine, sep, src);
	} else {
		snprintf(buf, len, "%.100s", *src ? src : "all");
	}
	return buf;
}

/* What sweep @g holds: the parameters that are neither swept nor its series. */
static const char *held(const struct sr_point *p, const struct sr_sweep *g, char *buf, size_t len)
{
	char bs[SR_FMT_LEN];
	size_t k = 0;

	buf[0] = '\0';
	for (int q = 0; q < SR_P_TARGET; q++) {
		if ((enum sr_param)q == sr_axis_param(g->axis) || (g->series & SR_P_BIT(q)))
			continue;
		switch ((enum sr_param)q) {
		case SR_P_RW:
			k += snprintf(buf + k, len - k, "%s", p->p.rw);
			break;
		case SR_P_BS:
			k += snprintf(buf + k, len - k, ", bs %s", sr_fmt_bs(bs, p->p.bs));
			break;
		case SR_P_MIX:
			if (p->p.mixed)
				k += snprintf(buf + k, len - k, ", %s", sr_fmt_mix(bs, p->p.mix));
			break;
		case SR_P_NUMJOBS:
			k += snprintf(buf + k, len - k, ", numjobs %u", p->p.numjobs);
			break;
		case SR_P_IODEPTH:
			k += snprintf(buf + k, len - k, ", iodepth %u", p->p.iodepth);
			break;
		case SR_P_RATE:
			if (*p->p.rate)
				k += snprintf(buf + k, len - k, ", rate %s", p->p.rate);
			break;
		case SR_P_IOENGINE:
			if (*p->p.ioengine)
				k += snprintf(buf + k, len - k, ", %s", p->p.ioengine);
			break;
		default:
			break;
		}
		if (k >= len)
			k = len - 1;
	}
	return buf[0] == ',' ? buf + 2 : buf;
}

/* Does point @j start a new series of sweep @g? */
static bool new_series(const struct sr_structure *s, const struct sr_sweep *g, size_t j)
{
	const struct sr_point *a = &s->pts[g->pts[j - 1]], *b = &s->pts[g->pts[j]];

	return a->source != b->source || sr_params_cmp(&a->p, &b->p, g->series) != 0;
}

enum { C_X, C_IOPS, C_MEAN, C_N };

#define MAX_TICS 12 /* past this many swept values, gnuplot's own tics */

/* @x added to the @n sorted tics at @t (once); past MAX_TICS only counted. Return: the count. */
static size_t add_tic(double *t, size_t n, double x)
{
	size_t at = 0;

	while (at < n && at < MAX_TICS && t[at] < x)
		at++;
	if (n > MAX_TICS || (at < n && t[at] == x))
		return n;
	if (n == MAX_TICS)
		return n + 1;
	memmove(t + at + 1, t + at, (n - at) * sizeof(*t));
	t[at] = x;
	return n + 1;
}

static int chart(struct sr_report *r, const struct sr_sweep *g, size_t no, const char *what)
{
	static const char *const cols[C_N] = {"x", "iops", "avg_lat_ms"};
	const struct sr_structure *s = &r->an->st;
	struct sr_line lines[2][MAX_LINES];
	struct sr_key keys[MAX_LINES];
	char names[MAX_LINES][160], name[64], title[400];
	double tics[MAX_TICS];
	size_t nl = 0, nt = 0;
	double xmin = INFINITY, xmax = 0, ymin[2] = {INFINITY, INFINITY}, ymax[2] = {0, 0};
	struct sr_chart ch;
	int rc;

	snprintf(name, sizeof(name), "sweep-%zu", no);
	snprintf(title, sizeof(title), "%.300s: IOPS and average latency", what);
	rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 400);
	if (rc)
		return rc;
	snprintf(ch.caption, sizeof(ch.caption), "%.150s", what);
	sr_chart_frame(&ch, "series", "x_label", cols, C_N);
	for (size_t j = 0; j < g->n; j++) {
		const struct sr_point *p = &s->pts[g->pts[j]];
		struct sr_fig f[2] = {sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_IOPS, 0),
				      sr_rep_fig(p->t, p->drive, SR_W_BOTH, SR_M_LAT_MEAN, 0)};
		double x = sr_point_x(p, g->axis) / (g->axis == SR_AX_BS ? 1024.0 : 1.0);
		double v[C_N] = {x, sr_ok(f[0].v) ? f[0].v.v : NAN,
				 sr_ok(f[1].v) ? f[1].v.v / 1e6 : NAN};
		char xt[64];

		if (j == 0 || new_series(s, g, j)) {
			if (nl == MAX_LINES)
				break;
			series_name(r, p, g->series, names[nl], sizeof(names[nl]));
			sr_chart_series(&ch, names[nl]);
			keys[nl] = (struct sr_key){.title = names[nl], .colour = nl, .dash = 1};
			for (int k = 0; k < 2; k++)
				lines[k][nl] = (struct sr_line){.block = nl,
								.ycol = k ? C_MEAN : C_IOPS,
								.colour = nl,
								.dash = 1,
								.points = true};
			nl++;
		}
		xmin = fmin(xmin, x);
		xmax = fmax(xmax, x);
		for (int k = 0; k < 2; k++)
			if (v[C_IOPS + k] > 0) {
				ymin[k] = fmin(ymin[k], v[C_IOPS + k]);
				ymax[k] = fmax(ymax[k], v[C_IOPS + k]);
			}
		nt = add_tic(tics, nt, x);
		sr_chart_point(&ch, x_head(p, g->axis, xt, sizeof(xt)), v);
	}
	{
		bool logx = xmin > 0 && xmax / xmin >= 8;
		/* lines two decades apart (IOPS of 4 KiB and of 8 MiB blocks): a log axis, so
		 * the lowest is not drawn flat on zero */
		bool logy[2] = {ymax[0] / ymin[0] >= 100, ymax[1] / ymin[1] >= 100};
		/* the points clear of the frame: a fifth of a step beyond the ends */
		double lo = logx ? xmin / 1.4 : xmin - (xmax - xmin) / 20,
		       hi = logx ? xmax * 1.4 : xmax + (xmax - xmin) / 20;
		struct sr_panel p[2] = {{.title = "IOPS",
					 .xlabel = axis_x[g->axis],
					 .ylabel = "IOPS",
					 .xcol = C_X,
					 .logx = logx,
					 .logy = logy[0],
					 .zero_y = !logy[0],
					 .xmin = xmax > xmin ? lo : NAN,
					 .xmax = xmax > xmin ? hi : NAN,
					 .xtics = tics,
					 .nxtics = nt <= MAX_TICS ? nt : 0,
					 .hline = NAN,
					 .lines = lines[0],
					 .nlines = nl},
					{.title = "average latency (ms)",
					 .xlabel = axis_x[g->axis],
					 .ylabel = "average latency (ms)",
					 .xcol = C_X,
					 .logx = logx,
					 .logy = logy[1],
					 .zero_y = !logy[1],
					 .xmin = xmax > xmin ? lo : NAN,
					 .xmax = xmax > xmin ? hi : NAN,
					 .xtics = tics,
					 .nxtics = nt <= MAX_TICS ? nt : 0,
					 .hline = NAN,
					 .lines = lines[1],
					 .nlines = nl}};

		sr_chart_lines(&ch, p, 2, 2, keys, nl);
	}
	return sr_rep_chart_end(r, &ch, &r->page, SR_PAGE_W);
}

/* The distinct swept values of @g in ascending order: one point of each, into @xs. */
static size_t columns(const struct sr_structure *s, const struct sr_sweep *g, size_t *xs)
{
	size_t k = 0;

	for (size_t j = 0; j < g->n; j++) {
		double x = sr_point_x(&s->pts[g->pts[j]], g->axis);
		size_t at = 0;

		while (at < k && sr_point_x(&s->pts[xs[at]], g->axis) < x)
			at++;
		if (at < k && sr_point_x(&s->pts[xs[at]], g->axis) == x)
			continue;
		memmove(xs + at + 1, xs + at, (k - at) * sizeof(*xs));
		xs[at] = g->pts[j];
		k++;
	}
	return k;
}

struct row_kind {
	const char *what;
	enum sr_metric m;
};

#define NKINDS 4 /* the rows of a series in a sweep's table */

static int table(struct sr_report *r, const struct sr_sweep *g, size_t no, const char *what)
{
	static const struct row_kind kinds[NKINDS] = {{"IOPS", SR_M_IOPS},
						      {"MB/s", SR_M_BW},
						      {"avg latency", SR_M_LAT_MEAN},
						      {"p99 latency", SR_M_PCT}};
	const struct sr_structure *s = &r->an->st;
	size_t *xs = calloc(g->n + 1, sizeof(*xs)), nx = xs ? columns(s, g, xs) : 0;
	struct sr_fig *f = calloc(g->n + 1, sizeof(*f));
	char name[64], title[400], head[64], sname[160];
	enum sr_lat_unit units[NKINDS];
	struct sr_table *t;
	int rc;

	snprintf(name, sizeof(name), "sweep-%zu", no);
	snprintf(title, sizeof(title), "%.300s: swept values as columns", what);
	t = sr_table_new(name, title, 2 + nx);
	if (!t || !xs || !f) {
		sr_table_free(t);
		free(xs);
		free(f);
		return -ENOMEM;
	}
	sr_table_lead(t, (const char *const[]){"series", "figure"}, 2);
	for (size_t c = 0; c < nx; c++)
		sr_table_head(t, 2 + c, x_head(&s->pts[xs[c]], g->axis, head, sizeof(head)));
	/* one latency unit per figure over every series, so the series compare at a glance */
	for (size_t k = 0; k < NKINDS; k++) {
		for (size_t q = 0; q < g->n; q++) {
			const struct sr_point *p = &s->pts[g->pts[q]];

			f[q] = sr_rep_fig(p->t, p->drive, SR_W_BOTH, kinds[k].m, 99);
		}
		units[k] = sr_rep_lat_unit(f, g->n);
	}
	for (size_t i = 0, j; i < g->n; i = j) {
		for (j = i + 1; j < g->n && !new_series(s, g, j); j++)
			;
		series_name(r, &s->pts[g->pts[i]], g->series, sname, sizeof(sname));
		for (size_t k = 0; k < NKINDS; k++) {
			size_t row = sr_table_row(t);
			enum sr_lat_unit u = units[k];

			for (size_t q = i; q < j; q++) {
				const struct sr_point *p = &s->pts[g->pts[q]];

				f[q - i] = sr_rep_fig(p->t, p->drive, SR_W_BOTH, kinds[k].m, 99);
			}
			sr_table_set(t, row, 0, "%s", k ? "" : sname);
			if (kinds[k].m == SR_M_IOPS || kinds[k].m == SR_M_BW)
				sr_table_set(t, row, 1, "%s", kinds[k].what);
			else
				sr_table_set(t, row, 1, "%s (%s)", kinds[k].what,
					     sr_lat_unit_name(u));
			for (size_t c = 0; c < nx; c++)
				sr_table_set(t, row, 2 + c, SR_NOT_MEASURED);
			for (size_t q = i; q < j; q++) {
				const struct sr_point *p = &s->pts[g->pts[q]];
				const struct sr_result *res = p->t->per_drive[p->drive];
				double x = sr_point_x(p, g->axis);

				for (size_t c = 0; c < nx; c++)
					if (sr_point_x(&s->pts[xs[c]], g->axis) == x) {
						sr_rep_cell(t, row, 2 + c, f[q - i], kinds[k].m, u,
							    res ? res->error : 0);
						if (kinds[k].m == SR_M_PCT && !sr_ok(f[q - i].v) &&
						    sr_rep_pct_unmerged(res))
							t->flags |= SR_NOTE_PCT_JOBS;
						if (k == 0) {
							char href[300];

							sr_table_link(t, row, 2 + c,
								      sr_rep_detail(p->t, href,
										    sizeof(href)));
						}
					}
			}
		}
	}
	sr_rep_table_notes(t);
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(xs);
	free(f);
	return rc;
}

bool sr_sweep_shown(const struct sr_structure *s, size_t i)
{
	size_t before = 0;

	for (size_t j = 0; j < i; j++)
		before += s->sweeps[j].axis == s->sweeps[i].axis;
	return before < SWEEPS_SHOWN;
}

const char *sr_sweep_what(const struct sr_structure *s, const struct sr_sweep *g, char *buf,
			  size_t len)
{
	char held_buf[300];

	snprintf(buf, len, "%s, against %s",
		 held(&s->pts[g->pts[0]], g, held_buf, sizeof(held_buf)),
		 sr_param_name(sr_axis_param(g->axis)));
	return buf;
}

int sr_section_sweeps(struct sr_report *r)
{
	const struct sr_structure *s = &r->an->st;
	int rc = 0;

	if (!s->nsweeps)
		return 0;
	sr_page_heading(&r->page, 2, "sweeps", "Sweeps");
	sr_page_text(
	    &r->page, "note",
	    "Method: results grouped by fio's own job options (rw, bs, rwmixread, numjobs, "
	    "iodepth, rate, ioengine, filename), not by file names; a sweep is a parameter "
	    "that varies while the others hold. Figures are reads and writes together; "
	    "latency is completion latency (clat).");
	for (int a = 0; a < SR_NAXES && !rc; a++) {
		size_t shown = 0, more = 0;

		for (size_t i = 0; i < s->nsweeps && !rc; i++) {
			const struct sr_sweep *g = &s->sweeps[i];
			char what[400], anchor[32];

			if (g->axis != (enum sr_axis)a)
				continue;
			if (!sr_sweep_shown(s, i)) {
				more++;
				continue;
			}
			if (!shown++)
				sr_page_heading(&r->page, 3, NULL, axis_title[a]);
			sr_sweep_what(s, g, what, sizeof(what));
			snprintf(anchor, sizeof(anchor), "sweep-%zu", i);
			sr_page_anchor(&r->page, anchor);
			sr_page_grid(&r->page, true);
			rc = chart(r, g, i, what);
			if (!rc)
				rc = table(r, g, i, what);
			sr_page_grid(&r->page, false);
		}
		if (more)
			sr_page_text(
			    &r->page, "note",
			    "%zu more sweeps against %s; their figures are on their tests' "
			    "pages and in the table of every test below.",
			    more, sr_param_name(sr_axis_param((enum sr_axis)a)));
	}
	return rc ? rc : r->page.err;
}
