/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * chart.h - gnuplot chart files: <name>.dat (data, blocks separated by two blank lines, one
 * per drive where the chart has lines), <name>.gp (script drawing <name>.png with pngcairo and
 * <name>.svg with svg, file names relative to the report directory so a user can re-plot in
 * place), and running gnuplot on it.
 */
#ifndef SSDREPORT_CHART_H
#define SSDREPORT_CHART_H

#include <stdbool.h>
#include <stdio.h>

struct sr_chart {
	char name[128];
	char title[256];
	FILE *dat;
	FILE *gp;	   /* body: the plot commands, written between the two terminal setups */
	int width, height; /* pixels */
	bool quiet; /* gnuplot's stderr kept out of ours; on failure its first lines go to the error
		     */
};

/**
 * sr_chart_open() - create <dir>/<name>.dat and the script body.
 * @c: the chart (name, title, width, height set by the caller)
 * @dir: report directory
 *
 * Return: 0 or -errno.
 */
int sr_chart_open(struct sr_chart *c, const char *dir);

/**
 * sr_chart_close() - finish <name>.gp, close the files and, when @run, run gnuplot in @dir.
 * @c:   the chart
 * @dir: report directory
 * @run: run gnuplot
 * @err: message on failure (with gnuplot's own first lines when @c->quiet)
 * @errlen: its size
 *
 * Return: 0; -EIO when gnuplot fails or leaves an empty PNG/SVG; -errno.
 */
int sr_chart_close(struct sr_chart *c, const char *dir, int run, char *err, size_t errlen);

/* sr_gp_str() - write @s as a gnuplot double-quoted string. */
void sr_gp_str(FILE *f, const char *s);

/* sr_dat_num() - write a number to a .dat file, "NaN" (gnuplot: missing) unless finite. */
void sr_dat_num(FILE *f, double v);

#endif
