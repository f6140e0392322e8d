/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * chart_kinds.h - the kinds of chart a report draws, from a chart's frame (chart.h):
 *  - lines (sr_chart_lines): one or more panels of lines against a numeric x or against the
 *    points' labels ("2T/2Q" ...), an optional right axis, envelopes (a shaded band between two
 *    columns: the smallest and largest value a binned point stands for), shaded x ranges (a
 *    steady-state window, its start marked by a line however narrow it is), a horizontal
 *    reference line (1 ms), log axes;
 *  - bars (sr_chart_bars): one or more panels of clustered bars, one cluster per label, one bar
 *    per series.
 * Both put one legend outside the plots (below them) naming each series once in its colour, and
 * give every panel of a chart the same x range.
 */
#ifndef SSDREPORT_CHART_KINDS_H
#define SSDREPORT_CHART_KINDS_H

#include "render/chart.h"

/* A legend entry. */
struct sr_key {
	const char *title;
	size_t colour;	  /* palette index (sr_colour()) */
	int dash;	  /* gnuplot dash type: 1 solid, 2 dashed */
	bool pattern;	  /* bars: hatched (published figures) */
	bool points;	  /* the line with its filled dots, as a sr_line's @points draws it */
	bool only_points; /* hollow circles without a line, as a sr_line's @only_points */
};

/* A line of a panel: column @ycol of series @block; or, with @envelope, the band between
 * columns @ylo and @yhi, shaded in the colour. */
struct sr_line {
	size_t block;
	size_t ycol;
	size_t colour;
	int dash;
	bool y2;	  /* on the right axis */
	bool points;	  /* lines with point marks */
	bool only_points; /* point marks alone (partial intervals) */
	bool envelope;	  /* the band from @ylo to @yhi instead of a line */
	size_t ylo, yhi;
};

/* A shaded x range (a steady-state window) in a series' colour, with a dashed line at its start
 * so that a window a pixel wide still shows. */
struct sr_band {
	double x0, x1;
	size_t colour;
};

/* A mark of a moment on the x axis (a round's end): a dotted vertical line in a series' colour,
 * @label ("" none) small above the plot. */
struct sr_xmark {
	double x;
	size_t colour;
	char label[12];
};

struct sr_panel {
	const char *title, *xlabel, *ylabel, *y2label;
	size_t xcol;	     /* numeric column of x (the point index when @xtic_text) */
	bool xtic_text;	     /* tics labelled by the frame's text column */
	bool xtic_slant;     /* x tic labels slanted (a narrow chart: "1200 1400" would touch) */
	bool logx, logy;     /* log scales */
	bool zero_y;	     /* y axes from 0 */
	double xmin, xmax;   /* NaN: gnuplot's choice */
	double xdiv;	     /* x drawn divided by this (3600: seconds as hours); 0 or 1: as is */
	double ydiv;	     /* y drawn divided by this (1000: µs as ms); 0 or 1: as is */
	double ymax;	     /* top of the y axis when > 0 (panels that share one); 0: gnuplot's */
	bool few_tics;	     /* four steps of 1, 2 or 5 x 10^k on each axis (small panels: xmax and
			      * ymax set) */
	bool no_xtic_labels; /* tics without numbers (a panel above another on the same x axis) */
	const double *xtics; /* tics at these x values only (a sweep's values), NULL: gnuplot's */
	size_t nxtics;
	double hline; /* a dashed horizontal line at this y (NaN: none) */
	const char *hline_label;
	const struct sr_band *bands;
	size_t nbands;
	const struct sr_line *lines;
	size_t nlines;
	const struct sr_xmark *marks; /* NULL: none */
	size_t nmarks;
};

/**
 * sr_chart_lines() - write the script of a lines chart.
 * @c:      the chart, its frame written
 * @p:      panels, drawn left to right, top to bottom
 * @np:     their number
 * @across: panels per row
 * @keys:   the legend
 * @nkeys:  its entries
 *
 * A line whose series has no finite value in its column is left out; a panel left with no line
 * says "no data". Return: 0.
 */
int sr_chart_lines(struct sr_chart *c, const struct sr_panel *p, size_t np, int across,
		   const struct sr_key *keys, size_t nkeys);

/* A panel of bars: column @col of every series. */
struct sr_bar_panel {
	const char *title, *ylabel;
	size_t col;
};

/**
 * sr_chart_bars() - write the script of a bar chart.
 * @c:      the chart, its frame written with a text column (the clusters' labels), every series
 *          holding the same labels in the same order
 * @p:      panels
 * @np:     their number
 * @across: panels per row
 * @keys:   one per series (block), in block order
 * @nkeys:  the number of series
 *
 * Return: 0.
 */
int sr_chart_bars(struct sr_chart *c, const struct sr_bar_panel *p, size_t np, int across,
		  const struct sr_key *keys, size_t nkeys);

/**
 * sr_chart_hbars() - write the script of a ranked horizontal bar chart: one bar per row of the
 * frame's one series, the first on top, labelled on the left by the text column, its value at
 * the bar's end; rows whose column @hl_col is > 0 drawn in the highlight colour.
 * @c:       the chart, its frame written with a text column (the bars' labels) and, with
 *           @c->shown_col, each value as the page's table prints it: the bar's value label
 *           (without it the value divided by @div, to 10 significant digits)
 * @xlabel:  the value axis's label (with its unit); kept whole inside the chart: moved left
 *           under the bars when centred under them it would pass the chart's right edge, broken
 *           in two lines at a ", " when longer than the chart is wide
 * @col:     the numeric column of the values
 * @hl_col:  the numeric column marking highlighted rows (1) or not (0)
 * @div:     values drawn divided by this (1e6: bytes/s as MB/s)
 *
 * The chart's height is set from its rows (20 px a bar), so 50 bars stay readable.
 * Return: 0.
 */
int sr_chart_hbars(struct sr_chart *c, const char *xlabel, size_t col, size_t hl_col, double div);

/* Shared by the kinds: the legend as gnuplot keyentries (after a plot's last element); the
 * multiplot layout leaving room below for the legend (a strip of its own, as wide as the chart)
 * and @extra_px more under each panel's x axis; a panel's start (settings reset, its title - a
 * lone panel's is the chart's -, its legend below it when @with_keys, else none). */
void sr_chart_keyentries(FILE *gp, const struct sr_key *keys, size_t nkeys, bool bars);
void sr_chart_layout(struct sr_chart *c, size_t np, int across, const struct sr_key *keys,
		     size_t nkeys, int extra_px);
void sr_chart_panel_begin(struct sr_chart *c, const char *title, bool with_keys, bool multi);
/* Draws panel @i of @panels (a lone panel also draws the legend, @keys). */
typedef void (*sr_panel_fn)(struct sr_chart *c, const void *panels, size_t i,
			    const struct sr_key *keys, size_t nkeys, bool multi);
/* Draw @np panels with @draw, in a multiplot with the legend under them when more than one;
 * @bars: the legend shows boxes. */
void sr_chart_panels(struct sr_chart *c, const void *panels, size_t np, int across,
		     const struct sr_key *keys, size_t nkeys, int extra_px, bool bars,
		     sr_panel_fn draw);

#endif
