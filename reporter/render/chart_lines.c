// SPDX-License-Identifier: GPL-2.0-only
/* chart_lines.c - lines against x, one or more panels, one legend below (see chart_kinds.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/chart_kinds.h"

/* A line's or a key's mark, the same words for both: what the legend shows is what is drawn. */
static const char *mark(bool points, bool only_points)
{
	return only_points ? "points pt 6 ps 1.2"
	       : points	   ? "linespoints pt 7 ps 0.6 lw 2"
			   : "lines lw 2";
}

void sr_chart_keyentries(FILE *gp, const struct sr_key *keys, size_t nkeys, bool bars)
{
	for (size_t i = 0; i < nkeys; i++) {
		fprintf(gp, ", \\\n       keyentry with %s lc rgb \"%s\"",
			bars ? "boxes" : mark(keys[i].points, keys[i].only_points),
			sr_colour(keys[i].colour));
		if (bars)
			fprintf(gp, " fs %s", keys[i].pattern ? "pattern 4 border" : "solid 0.85");
		else if (!keys[i].only_points)
			fprintf(gp, " dt %d", keys[i].dash ? keys[i].dash : 1);
		fputs(" title ", gp);
		sr_gp_str(gp, keys[i].title);
	}
}

/* Rows the legend takes across the chart's width: entries as wide as the longest title. */
static int key_rows(const struct sr_chart *c, const struct sr_key *keys, size_t nkeys)
{
	size_t longest = 0, per_row;

	for (size_t i = 0; i < nkeys; i++)
		if (strlen(keys[i].title) > longest)
			longest = strlen(keys[i].title);
	per_row = (size_t)(c->width - 40) / (7 * longest + 70);
	if (!per_row)
		per_row = 1;
	return (int)((nkeys + per_row - 1) / per_row);
}

/* The legend of a multiplot: a strip of its own under the panels, as wide as the chart. */
static void legend_strip(struct sr_chart *c, const struct sr_key *keys, size_t nkeys, bool bars)
{
	int rows = key_rows(c, keys, nkeys);

	fprintf(c->gp,
		"  reset\n  set origin 0,0\n  set size 1,%.3f\n  unset border\n  unset tics\n"
		"  set lmargin 0\n  set rmargin 0\n  set tmargin 0\n  set bmargin 0\n"
		"  set xrange [0:1]\n  set yrange [0:1]\n"
		"  set key center center horizontal maxrows %d samplen 3\n  plot 2 notitle",
		(8.0 + 18.0 * rows) / c->height, rows);
	sr_chart_keyentries(c->gp, keys, nkeys, bars);
	fputc('\n', c->gp);
}

void sr_chart_layout(struct sr_chart *c, size_t np, int across, const struct sr_key *keys,
		     size_t nkeys, int extra_px)
{
	int rows = (int)((np + (size_t)across - 1) / (size_t)across);
	int keyrows = nkeys ? key_rows(c, keys, nkeys) : 0;
	double bottom = (24.0 + 18.0 * keyrows + extra_px) / c->height, top = 1 - 58.0 / c->height;

	fprintf(c->gp, "  set multiplot layout %d,%d title ", rows, across);
	sr_gp_str(c->gp, c->title);
	/* the left margin holds the tics' labels and the y label: 8 %, at least 66 px */
	fprintf(c->gp, " margins %.3f,%.3f,%.3f,%.3f spacing %.3f,%.3f\n",
		66.0 / c->width > 0.08 ? 66.0 / c->width : 0.08,
		c->right_px ? 1 - (double)c->right_px / c->width : 0.95, bottom, top,
		c->col_gap_px ? (double)c->col_gap_px / c->width : 0.10,
		rows < 2	? 0.0
		: c->row_gap_px ? (double)c->row_gap_px / c->height
				: (60.0 + extra_px) / c->height);
}

static bool drawable(const struct sr_chart *c, const struct sr_panel *p, const struct sr_line *l)
{
	if (l->envelope)
		return sr_chart_has(c, l->block, l->ylo) && sr_chart_has(c, l->block, l->yhi) &&
		       sr_chart_has(c, l->block, p->xcol);
	return sr_chart_has(c, l->block, l->ycol) && sr_chart_has(c, l->block, p->xcol);
}

static double xdiv(const struct sr_panel *p) { return p->xdiv > 0 ? p->xdiv : 1; }

/* The x column as the script reads it: "3", or "(column(3)/3600)" for another unit. */
static const char *xcol(const struct sr_chart *c, const struct sr_panel *p, char *buf, size_t len)
{
	if (xdiv(p) == 1)
		snprintf(buf, len, "%zu", sr_chart_col(c, p->xcol));
	else
		snprintf(buf, len, "(column(%zu)/%.9g)", sr_chart_col(c, p->xcol), xdiv(p));
	return buf;
}

/* A y column as the script reads it: "4", or "(column(4)/1000)" for another unit. */
static const char *ycol(const struct sr_chart *c, const struct sr_panel *p, size_t col, char *buf,
			size_t len)
{
	if (p->ydiv > 0 && p->ydiv != 1)
		snprintf(buf, len, "(column(%zu)/%.9g)", sr_chart_col(c, col), p->ydiv);
	else
		snprintf(buf, len, "%zu", sr_chart_col(c, col));
	return buf;
}

/* A tic step of 1, 2 or 5 × 10^k that cuts [0, @max] into four parts at most: a narrow chart's
 * x tics ("1200 1400 1600") do not run into each other. */
static double tic_step(double max)
{
	double unit = pow(10, floor(log10(max / 4))), step = unit;

	for (int k = 0; max / step > 4 && k < 3; k++)
		step = unit * (k == 0 ? 2 : k == 1 ? 5 : 10);
	return step;
}

static void axes(const struct sr_chart *c, FILE *gp, const struct sr_panel *p)
{
	/* small panels: the y grid alone (each grid line is an element of its own in the SVG) */
	fprintf(gp, "  set grid%s\n  set xlabel ", p->few_tics ? " ytics" : "");
	sr_gp_str(gp, p->xlabel ? p->xlabel : "");
	fprintf(gp, "\n  set ylabel ");
	sr_gp_str(gp, p->ylabel ? p->ylabel : "");
	fputc('\n', gp);
	if (p->y2label) {
		fprintf(gp, "  set y2label ");
		sr_gp_str(gp, p->y2label);
		fprintf(gp, "\n  set y2tics\n  set ytics nomirror\n");
	}
	if (p->logx)
		fprintf(gp, "  set logscale x\n");
	if (p->logy)
		fprintf(gp, "  set logscale y\n  set format y \"%%.10g\"\n");
	if (p->ymax > 0)
		fprintf(gp, "  set yrange [%s:%.9g]\n", p->zero_y ? "0" : "*",
			p->ymax / (p->ydiv > 0 ? p->ydiv : 1));
	else if (p->zero_y)
		fprintf(gp, "  set yrange [0:*]\n%s", p->y2label ? "  set y2range [0:*]\n" : "");
	if (isfinite(p->xmin) || isfinite(p->xmax)) {
		fprintf(gp, "  set xrange [");
		if (isfinite(p->xmin))
			fprintf(gp, "%.9g", p->xmin / xdiv(p));
		fputc(':', gp);
		if (isfinite(p->xmax))
			fprintf(gp, "%.9g", p->xmax / xdiv(p));
		fprintf(gp, "]\n");
	}
	if (p->few_tics) /* small panels: two axes, no mirrored tics (each an SVG element) */
		fprintf(gp, "  set border 3\n  set tics nomirror\n");
	if (p->few_tics && isfinite(p->xmax) && p->xmax > 0)
		fprintf(gp, "  set xtics %.9g\n", tic_step(p->xmax / xdiv(p)));
	if (p->few_tics && p->ymax > 0)
		fprintf(gp, "  set ytics %.9g\n", tic_step(p->ymax));
	for (size_t i = 0; i < p->nxtics; i++)
		fprintf(gp, "%s%.9g", i ? ", " : "  set xtics (", p->xtics[i] / xdiv(p));
	if (p->nxtics)
		fprintf(gp, ")\n");
	if (p->no_xtic_labels)
		fprintf(gp, "  set format x \"\"\n");
	/* slanted figures end at their tic (rotated up from its right): the rightmost, the widest
	 * ("15000"), stays inside the canvas */
	if (p->xtic_slant && !p->xtic_text)
		fprintf(gp, "  set xtics rotate by 30 right\n");
	else if (p->xtic_text)
		fprintf(gp, "  set xtics rotate by -30\n");
	if (p->xtic_slant && !p->xtic_text && !p->logx && c->hi[p->xcol] > 0)
		fprintf(gp, "  set xtics %.9g\n  set rmargin 4\n",
			tic_step(c->hi[p->xcol] / xdiv(p)));
	for (size_t i = 0; i < p->nbands; i++) {
		const char *colour = sr_colour(p->bands[i].colour);

		fprintf(gp,
			"  set object %zu rect from %.9g, graph 0 to %.9g, graph 1 behind "
			"fc rgb \"%s\" fs transparent solid 0.15 noborder\n",
			i + 1, p->bands[i].x0 / xdiv(p), p->bands[i].x1 / xdiv(p), colour);
		fprintf(gp,
			"  set arrow %zu from %.9g, graph 0 to %.9g, graph 1 nohead dt 2 lw 1.5 "
			"lc rgb \"%s\" back\n",
			i + 10, p->bands[i].x0 / xdiv(p), p->bands[i].x0 / xdiv(p), colour);
	}
	for (size_t i = 0; i < p->nmarks; i++) {
		const char *colour = sr_colour(p->marks[i].colour);

		fprintf(gp,
			"  set arrow %zu from %.9g, graph 0 to %.9g, graph 1 nohead dt 3 lw 1 "
			"lc rgb \"%s\" back\n",
			1000 + i, p->marks[i].x / xdiv(p), p->marks[i].x / xdiv(p), colour);
		if (p->marks[i].label[0]) {
			fprintf(gp, "  set label %zu ", 1000 + i);
			sr_gp_str(gp, p->marks[i].label);
			fprintf(gp,
				" at %.9g, graph 1 offset 0,0.6 center font \",8\" tc rgb \"%s\"\n",
				p->marks[i].x / xdiv(p), colour);
		}
	}
	if (isfinite(p->hline)) {
		fprintf(gp,
			"  set arrow 1 from graph 0, first %.9g to graph 1, first %.9g nohead dt 2 "
			"lw 1.5 lc rgb \"#c00000\"\n",
			p->hline, p->hline);
		if (p->hline_label) {
			fprintf(gp, "  set label 1 ");
			sr_gp_str(gp, p->hline_label);
			fprintf(gp, " at graph 0.01, first %.9g offset 0,0.6 tc rgb \"#c00000\"\n",
				p->hline);
		}
	}
}

void sr_chart_panel_begin(struct sr_chart *c, const char *title, bool with_keys, bool multi)
{
	fprintf(c->gp, "  reset\n  set datafile missing NaN\n  set title ");
	sr_gp_str(c->gp, title ? title : multi ? "" : c->title);
	fputc('\n', c->gp);
	if (with_keys) /* a lone panel: its legend below it, a line clear of the x label */
		fprintf(c->gp, "  set key outside below center horizontal samplen 3 height 1\n");
	else
		fprintf(c->gp, "  unset key\n");
}

static void panel(struct sr_chart *c, const struct sr_panel *p, const struct sr_key *keys,
		  size_t nkeys, bool with_keys, bool multi)
{
	char dat[200], x[64], y0[64], y1[64];
	bool first = true;

	sr_chart_file(c, dat, sizeof(dat));
	sr_chart_panel_begin(c, p->title, with_keys, multi);
	axes(c, c->gp, p);
	for (size_t i = 0; i < p->nlines; i++)
		first &= !drawable(c, p, &p->lines[i]);
	if (first) /* nothing to draw: say so instead of an error from gnuplot */
		fprintf(c->gp, "  set label 9 \"no data\" at graph 0.5, graph 0.5 center\n"
			       "  set xrange [0:1]\n  set yrange [0:1]\n  plot 2 notitle");
	else
		fprintf(c->gp, "  plot ");
	for (size_t i = 0, k = 0; i < p->nlines; i++) {
		const struct sr_line *l = &p->lines[i];

		if (!drawable(c, p, l))
			continue;
		if (l->envelope) {
			fprintf(c->gp,
				"%s\"%s\" index %zu using %s:%s:%s%s with filledcurves fc rgb "
				"\"%s\" fs transparent solid 0.25 noborder notitle",
				k++ ? ", \\\n       " : "", dat, l->block, xcol(c, p, x, sizeof(x)),
				ycol(c, p, l->ylo, y0, sizeof(y0)),
				ycol(c, p, l->yhi, y1, sizeof(y1)), l->y2 ? " axes x1y2" : "",
				sr_colour(l->colour));
			continue;
		}
		fprintf(c->gp, "%s\"%s\" index %zu using %s:%s%s%s", k++ ? ", \\\n       " : "",
			dat, l->block, xcol(c, p, x, sizeof(x)),
			ycol(c, p, l->ycol, y0, sizeof(y0)), p->xtic_text ? ":xtic(1)" : "",
			l->y2 ? " axes x1y2" : "");
		fprintf(c->gp, " with %s", mark(l->points, l->only_points));
		if (!l->only_points)
			fprintf(c->gp, " dt %d", l->dash ? l->dash : 1);
		fprintf(c->gp, " lc rgb \"%s\" notitle", sr_colour(l->colour));
	}
	if (with_keys)
		sr_chart_keyentries(c->gp, keys, nkeys, false);
	fputc('\n', c->gp);
}

void sr_chart_panels(struct sr_chart *c, const void *panels, size_t np, int across,
		     const struct sr_key *keys, size_t nkeys, int extra_px, bool bars,
		     sr_panel_fn draw)
{
	if (np > 1)
		sr_chart_layout(c, np, across, keys, nkeys, extra_px);
	for (size_t i = 0; i < np; i++)
		draw(c, panels, i, keys, nkeys, np > 1);
	if (np > 1 && nkeys)
		legend_strip(c, keys, nkeys, bars);
	if (np > 1)
		fprintf(c->gp, "  unset multiplot\n");
}

static void draw_panel(struct sr_chart *c, const void *panels, size_t i, const struct sr_key *keys,
		       size_t nkeys, bool multi)
{
	panel(c, (const struct sr_panel *)panels + i, keys, nkeys, !multi, multi);
}

/* Every line the chart draws carries its dots (bands and bare points are not lines). */
static bool all_dotted(const struct sr_chart *c, const struct sr_panel *p, size_t np)
{
	size_t n = 0;

	for (size_t i = 0; i < np; i++)
		for (size_t k = 0; k < p[i].nlines; k++) {
			const struct sr_line *l = &p[i].lines[k];

			if (!drawable(c, &p[i], l) || l->envelope || l->only_points)
				continue;
			if (!l->points)
				return false;
			n++;
		}
	return n > 0;
}

int sr_chart_lines(struct sr_chart *c, const struct sr_panel *p, size_t np, int across,
		   const struct sr_key *keys, size_t nkeys)
{
	struct sr_key *dotted = NULL;

	/* lines all drawn with their dots: the legend's lines carry them too */
	if (nkeys && all_dotted(c, p, np) && (dotted = calloc(nkeys, sizeof(*dotted)))) {
		for (size_t i = 0; i < nkeys; i++) {
			dotted[i] = keys[i];
			dotted[i].points |= !keys[i].only_points;
		}
		keys = dotted;
	}
	sr_chart_panels(c, p, np, across, keys, nkeys, 30, false, draw_panel);
	free(dotted);
	return 0;
}
