/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_page.h - the SNIA PTS pages (pts.html beside index.html, section_pts.c), their header and
 * determination tables (pts_header.c) and their charts (pts_charts.c), laid out as the
 * standard's report pages: per test (a page number) the header block, a column per drive, then
 * per phase the steady-state convergence plot, the measurement-window plot, the determination
 * table, the measurement table (also CSV) and the test's own plots (plot numbers "Plot P.N").
 * Several drives share a test's part: one series per drive where the standard's plot has one
 * series (measurement window, WSAT, latency bars), a panel per drive side by side otherwise
 * (convergence, IOPS against block size).
 */
#ifndef SSDREPORT_PTS_PAGE_H
#define SSDREPORT_PTS_PAGE_H

#include "analyse/pts.h"
#include "render/sections.h"

/* One drive's run of a PTS test; the drives of a test's part all ran the same catalogue entry. */
struct sr_pts_part {
	const struct sr_drive *drv;
	const struct sr_pts_test *t;
};

/* The stem of a PTS chart or table of phase @k of @parts' test: "pts-<label>-<id>-<phase>-
 * <what>" for one drive, "pts-drives-<id>-<phase>-<what>" for several; '/' and ' ' made '_'. */
void sr_pts_stem(const struct sr_pts_part *parts, size_t n, size_t k, const char *what, char *out,
		 size_t len);

/* The steady-state measurement window plot, on pts.html and for another tool's rounds, as the
 * standard draws it: a chart row's columns are the round (1-based), the value, the window's mean,
 * 110 % and 90 % of it (the rule's range, max - min within 20 % of the mean, is the band's width:
 * a window whose values stay between the two lines passes) and the least-squares line's value. */
enum { SR_SSW_ROUND, SR_SSW_VALUE, SR_SSW_MEAN, SR_SSW_P10, SR_SSW_M10, SR_SSW_FIT, SR_SSW_N };

/* Fill @row for round @x of value @v, the window's @mean and the line's value @fit there (NaN
 * outside the window: the mean, its bands and the line are left out there). */
void sr_ssw_row(double row[SR_SSW_N], double x, double v, double mean, double fit);

/* One series' five lines in chart block @block (the value with point marks, the mean, 110 % and
 * 90 % of it dashed, the line dotted) into @lines; returns SR_SSW_LINES. Their SR_SSW_KEYS keys
 * into @keys, the value's titled @value_title. */
#define SR_SSW_LINES 5
#define SR_SSW_KEYS 4
size_t sr_ssw_lines(struct sr_line *lines, size_t block);
void sr_ssw_keys(struct sr_key keys[SR_SSW_KEYS], const char *value_title);

/* Set table cell (@row, @col) to @v: an integer with separators or three significant figures on the
 * page, %.6g in the CSV; NaN (not measured) as SR_NOT_MEASURED. */
void sr_pts_num_cell(struct sr_table *tb, size_t row, size_t col, double v, bool integer);

/* A cell's mix as the standard writes it: "65/35". */
void sr_pts_mix_label(int mix, char *out, size_t len);

/* The tracking variable's name and unit ("IOPS", "MB/s", "average latency (µs)"), and its value
 * in that unit. */
const char *sr_pts_metric_name(const char *metric);
double sr_pts_metric_value(const char *metric, double v);

/* A phase's verdict as the page says it ("STEADY STATE NOT ACHIEVED"), and its rounds ("5
 * rounds; measurement window: rounds 1-5", "1 sample, ..."), singular and plural right. */
const char *sr_pts_verdict_text(const struct sr_pts_phase *ph);
void sr_pts_rounds_text(const struct sr_pts_phase *ph, char *out, size_t len);

/**
 * sr_pts_segments_text() - what a test's record says its segments (HIR, XSR, DIRTH) ran: how
 * many of the plan's were recorded and the record's status, then each segment ("g1: write 1024k
 * TC 1 / QD 32, 5 s planned, 5.8 s run") or, past 6, each kind with its count and the range of
 * planned and run seconds (run: t_end - t_start, fio's start-up included).
 * @t: the test; @out: "" when the record holds no segments
 */
void sr_pts_segments_text(const struct sr_pts_test *t, char *out, size_t len);

/**
 * sr_pts_xsr_text() - XSR's verdict in words: group 3's recovery time (pts/xsr.h), "not
 * recovered", or why it was not computed; "" for a test without three XSR groups.
 * Return: true when the verdict is a warning (not recovered, not computed).
 */
bool sr_pts_xsr_text(const struct sr_pts_test *t, char *out, size_t len);

/**
 * sr_pts_header() - the test's report header as a table, a row per field the standard's header
 * names (test, variant, sponsor, run dates, platform, software, device, purge, data pattern,
 * write cache, active range, preconditioning, stimulus, rounds, compliance), a column per drive
 * of @parts; "not recorded" (marked) where the results hold no such field.
 * @page_no: the test's page number
 * Return: 0 or -errno (named in r->d).
 */
int sr_pts_header(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		  int page_no);

/**
 * sr_pts_determination() - phase @k's steady-state determination table, a row per drive with a
 * window: the window's rounds and mean, the allowed and measured data excursion (max - min,
 * ≤ 20 % of the mean) and slope excursion (the fitted line's change over the window, ≤ 10 %),
 * the line as "y = a · x + b" in the tracking variable's unit, the verdict (pts/steady.h).
 * @num: the table's number ("Plot 1.3")
 * Return: 0 or -errno.
 */
int sr_pts_determination(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			 size_t n, size_t k, const char *num);

/* The charts of phase @k of @parts (@n drives); @num numbers the chart ("Plot 1.2"). Each
 * returns 0 or -errno. */

/* Steady-state convergence: the tracking mix's value of every block size against round, a
 * panel per drive. */
int sr_pts_chart_convergence(struct sr_report *r, struct sr_page *p,
			     const struct sr_pts_part *parts, size_t n, size_t k, const char *num);

/* The measurement window: each drive's tracking variable over its window's rounds, its mean,
 * 110 % and 90 % of it, and the least-squares line, in the drive's colour. */
int sr_pts_chart_window(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			size_t n, size_t k, const char *num);

/* IOPS against block size, one line per mix, a panel per drive (the IOPS test's plot). */
int sr_pts_chart_iops_bs(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			 size_t n, size_t k, const char *num);

/* Latency cells as bars, a bar per drive: average and maximum (total latency, fio lat) and
 * 99.999 % (completion latency, fio clat), a panel each, stacked (the latency test's plots). */
int sr_pts_chart_latency(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			 size_t n, size_t k, const char *num);

/* Write saturation: IOPS against time and against the data written, a line per drive. */
int sr_pts_chart_wsat(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
		      size_t n, size_t k, const char *num);

/**
 * sr_pts_hir() - the Host Idle Recovery test's wait states (pts_hir.c), after its
 * preconditioning's plots: IOPS against time over every wait state with the idle segments
 * shaded, a series per drive, and the table of the steady-state IOPS and each wait state's mean
 * IOPS (pts/hir.h); nothing for a test without HIR segments.
 * @plot: the page's last plot number, advanced
 * Return: 0 or -errno.
 */
int sr_pts_hir(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
	       int page_no, int *plot);

/**
 * sr_pts_dirth() - the DIRTH test's plots after its rounds (pts_dirth.c): demand variation
 * (IOPS against QD) and demand intensity (ART against IOPS), a line per TC and a panel per
 * drive; the MaxIOPS, MidIOPS and MinIOPS response-time histograms (I/Os per 1-2-5 bin of
 * completion latency from fio's json+ bins), a bar per drive; IOPS and ART, and CPU use (fio's
 * usr and sys), against total outstanding I/O; the chosen points' table. Nothing for a test
 * without a matrix round.
 * @plot: the page's last plot number, advanced
 * Return: 0 or -errno.
 */
int sr_pts_dirth(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		 int page_no, int *plot);

/**
 * sr_pts_xsr() - the XSR test's plots (pts_xsr.c): throughput, average and maximum response
 * time against time over its three access groups from their 1-s logs, a line per drive, the
 * groups shaded; and the table of each group's throughput and the last group's recovery time
 * (pts/xsr.h). Nothing for a test without XSR groups.
 * @plot: the page's last plot number, advanced
 * Return: 0 or -errno.
 */
int sr_pts_xsr(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
	       int page_no, int *plot);

/**
 * sr_pts_temp() - the drive temperature through a PTS test (pts_temp.c), from the samples the
 * driver took while it ran (model/telemetry.h): one panel, x the seconds since the test's start
 * (run.json's started), a line per drive (every drive of a group), its sensors dashed, thermal
 * throttling shaded in the drive's colour, each round's end (run.json's rounds[].ended) a dotted
 * line numbered above; "not sampled" in words when no drive of @parts has a sample, and the
 * drives without one named beside the plot.
 * @plot: the test's plot counter, advanced when a plot is drawn
 * Return: 0 or -errno.
 */
int sr_pts_temp(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		int page_no, int *plot);

/* sr_section_pts() - the PTS section of index.html and pts.html (none without PTS tests). */
int sr_section_pts(struct sr_report *r);

#endif
