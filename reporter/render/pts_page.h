/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_page.h - the SNIA PTS pages (pts.html beside index.html, section_pts.c) and their charts
 * (pts_charts.c), laid out as the standard's report pages: per test a header block, then per
 * phase the steady-state convergence plot, the measurement-window plot with its figures, the
 * measurement table (also CSV) and the test's own plots.
 */
#ifndef SSDREPORT_PTS_PAGE_H
#define SSDREPORT_PTS_PAGE_H

#include "analyse/pts.h"
#include "render/sections.h"

/* The stem of a PTS chart or table of @t's phase @ph on drive @label: "pts-<label>-<id>-<phase>-
 * <what>", '/' in a label made '_'. */
void sr_pts_stem(const char *label, const struct sr_pts_test *t, const struct sr_pts_phase *ph,
		 const char *what, char *out, size_t len);

/* A cell's label as the standard writes it: "4KiB 65/35" style, "4 KiB" + "65/35". */
void sr_pts_mix_label(int mix, char *out, size_t len);

/* The tracking variable's name and unit ("IOPS", "MB/s", "average latency (µs)"), and its value
 * in that unit. */
const char *sr_pts_metric_name(const char *metric);
double sr_pts_metric_value(const char *metric, double v);

/* Steady-state convergence: the tracking mix's value of every block size against round. */
int sr_pts_chart_convergence(struct sr_report *r, struct sr_page *p, const char *label,
			     const struct sr_pts_test *t, const struct sr_pts_phase *ph);

/* The measurement window: the tracking variable of its rounds, the mean, ±10 % and ±20 % of
 * it, and the least-squares line. */
int sr_pts_chart_window(struct sr_report *r, struct sr_page *p, const char *label,
			const struct sr_pts_test *t, const struct sr_pts_phase *ph);

/* IOPS against block size, one line per mix (the IOPS test's plot). */
int sr_pts_chart_iops_bs(struct sr_report *r, struct sr_page *p, const char *label,
			 const struct sr_pts_test *t, const struct sr_pts_phase *ph);

/* Latency cells as bars: average, maximum and 99.999 % (the latency test's plots). */
int sr_pts_chart_latency(struct sr_report *r, struct sr_page *p, const char *label,
			 const struct sr_pts_test *t, const struct sr_pts_phase *ph);

/* Write saturation: IOPS against time and against the data written, one point per sample. */
int sr_pts_chart_wsat(struct sr_report *r, struct sr_page *p, const char *label,
		      const struct sr_pts_test *t, const struct sr_pts_phase *ph);

/* sr_section_pts() - the PTS section of index.html and pts.html (none without PTS tests). */
int sr_section_pts(struct sr_report *r);

#endif
