/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * chart.h - gnuplot charts: the data of a chart as <name>.dat (gnuplot's blocks, one per series,
 * separated by two blank lines) and <name>.csv (one row per point, a header row naming every
 * column), the script <name>.gp drawing <name>.png (pngcairo) and <name>.svg (or the SVG alone:
 * @svg_only), and running gnuplot on it (output/gnuplot_pool.h: sr_gp_draw()). File names in the
 * script are relative to its own directory, so a user can re-plot in place: cd DIR && gnuplot
 * NAME.gp.
 *
 * A chart's data is a frame: a series column (the drive, "drive" in the CSV), an optional text
 * column (a point's label: "4T/4Q", a test's title) and numeric columns. The chart kinds
 * (chart_lines.c, chart_bars.c) draw from it by block (series) and column number.
 *
 * Colours: one fixed palette; a drive keeps the colour of its position in the report's list of
 * drives (published figures included) in every chart: sr_colour().
 */
#ifndef SSDREPORT_CHART_H
#define SSDREPORT_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define SR_CHART_MAXCOLS 32

struct sr_chart {
	char name[160]; /* path of the files without extension, relative to the report */
	char title[256];
	char caption[400]; /* the figure's caption on the page, "" = the title */
	FILE *dat, *csv;
	FILE *gp;     /* body: the plot commands, written between the two terminal setups */
	char *gp_buf; /* @gp's memory (a memory stream: no scratch file per chart) */
	size_t gp_len;
	int width, height; /* pixels */
	int font_pt;	   /* text size; 0: 10 */
	int row_gap_px;	   /* multiplot: space between rows of panels; 0: room for their x labels */
	int col_gap_px;	   /* and between columns; 0: a tenth of the width */
	int right_px;	   /* multiplot: room right of the panels; 0: a twentieth of the width */
	int xtic_angle;	   /* bars: cluster labels turned by this many degrees (sr_chart_bars()) */
	bool svg_only;	   /* draw <name>.svg alone, no PNG (a page of many charts: the PNG's
			    * encoding is most of gnuplot's time); `gnuplot -e 'formats="png svg"'
			    * <name>.gp` draws the PNG too */
	bool shown_col;	   /* the frame ends with a text column "shown": each point's value as
			    * the page's table prints it ("17.5", "1,571"), a bar's label
			    * (sr_chart_point_shown(), sr_chart_hbars()); set before the frame */
	/* the frame being written */
	bool text_col;	    /* the frame has a text column (first in the .dat) */
	size_t ncols;	    /* numeric columns */
	size_t nblocks;	    /* series written so far */
	size_t rows;	    /* rows of the current series */
	size_t text_max;    /* the longest text column value written (bytes) */
	char series[256];   /* the current series' name, for the CSV */
	unsigned char *has; /* has[block * SR_CHART_MAXCOLS + col]: a finite value was written */
	double
	    lo[SR_CHART_MAXCOLS]; /* per column over every series: smallest value > 0 (0: none) */
	double hi[SR_CHART_MAXCOLS]; /* and largest value */
};

/**
 * sr_chart_open() - create <dir>/<name>.dat and .csv and the script body.
 * @c:   the chart (name, title, width, height set by the caller)
 * @dir: report directory
 *
 * Return: 0 or -errno.
 */
int sr_chart_open(struct sr_chart *c, const char *dir);

/**
 * sr_chart_frame() - start the frame: write the CSV header.
 * @c:      the chart
 * @series: the series column's name ("drive")
 * @text:   the text column's name ("tq"), NULL for none
 * @cols:   the numeric columns' names, with their unit ("avg_lat_ms")
 * @ncols:  their number (at most SR_CHART_MAXCOLS)
 */
void sr_chart_frame(struct sr_chart *c, const char *series, const char *text,
		    const char *const *cols, size_t ncols);

/* sr_chart_series() - start the next series (block @c->nblocks), named @label. */
void sr_chart_series(struct sr_chart *c, const char *label);

/* sr_chart_point() - one row of the current series: @text (when the frame has a text column)
 * and @c->ncols numbers (NaN: missing). */
void sr_chart_point(struct sr_chart *c, const char *text, const double *v);

/* sr_chart_point_shown() - sr_chart_point() with @shown, the value as the page prints it, in the
 * frame's last column (@c->shown_col; NULL: ""). */
void sr_chart_point_shown(struct sr_chart *c, const char *text, const double *v, const char *shown);

/* sr_chart_shown() - gnuplot's column number of the shown column (@c->shown_col). */
size_t sr_chart_shown(const struct sr_chart *c);

/* sr_chart_break() - a gap in the current series: its line is not drawn from the point before
 * to the point after (one blank line in the .dat, gnuplot's break; the CSV is unchanged). */
void sr_chart_break(struct sr_chart *c);

/* sr_chart_has() - whether series @block has a finite value in numeric column @col. */
bool sr_chart_has(const struct sr_chart *c, size_t block, size_t col);

/* sr_chart_col() - gnuplot's column number of numeric column @col. */
size_t sr_chart_col(const struct sr_chart *c, size_t col);

/* sr_chart_wide() - whether column @col's positive values span more than @ratio (largest over
 * smallest), so that a linear axis would flatten the small ones to nothing. */
bool sr_chart_wide(const struct sr_chart *c, size_t col, double ratio);

/* sr_chart_file() - the data file's name as the script names it ("x.dat"). */
const char *sr_chart_file(const struct sr_chart *c, char *buf, size_t len);

/**
 * sr_chart_close() - finish <name>.gp, close the files and, when @run, run gnuplot.
 * @c:   the chart
 * @dir: report directory
 * @run: run gnuplot
 * @err: message on failure, with gnuplot's own first lines (its stderr is never ours)
 * @errlen: its size
 *
 * Return: 0; -EIO when gnuplot fails or leaves an empty PNG/SVG (the SVG: @svg_only); -errno.
 */
int sr_chart_close(struct sr_chart *c, const char *dir, int run, char *err, size_t errlen);

/* sr_chart_abort() - close and forget a chart that will not be drawn. */
void sr_chart_abort(struct sr_chart *c);

/* sr_colour() - the palette's colour for drive position @i: "#1f77b4". */
const char *sr_colour(size_t i);

/* sr_gp_str() - write @s as a gnuplot double-quoted string. */
void sr_gp_str(FILE *f, const char *s);

/* sr_dat_num() - write a number to a .dat file, "NaN" (gnuplot: missing) unless finite. */
void sr_dat_num(FILE *f, double v);

#endif
