/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sections.h - the section writers, one file each, and what they share (section_helpers.h).
 *
 * index.html is: the header (title, run facts, warnings), the summary table, the drives, then one
 * section per family of the test catalogue in its order (a family without results is left out),
 * then "Other tests" (results no catalogue entry describes), then the SNIA PTS section (with
 * pts.html). Every test also gets a detail page, tests/<stem>.html, with every figure of every
 * run. That order is one table, section_table.c, a row per section; a family's section is written
 * by the writer of the first of its chart kinds this renderer knows (the table of chart kinds
 * there too); a family with none gets the generic one (a table, and a chart of each time series).
 *
 * Drives: m->drives in order, published figures included; a drive's colour is its position
 * (sr_colour(dv)). A section's table gives a drive a column when it has a result of one of the
 * section's tests (its gaps then say what is missing); a drive that ran none of them (another
 * suite, published figures of other tests) gets none.
 */
#ifndef SSDREPORT_SECTIONS_H
#define SSDREPORT_SECTIONS_H

#include <stdbool.h>

#include "catalogue/catalogue.h"
#include "analyse/apps.h"
#include "render/report_ctx.h"
#include "render/section_helpers.h"

/* A section writer: @f's tests (@n of them, in order) onto r->page, under its heading. */
typedef int (*sr_section_fn)(struct sr_report *r, const struct catalogue_family *f,
			     const struct sr_rtest *const *tests, size_t n);

/* The section writers, one file each. */
int sr_section_live(struct sr_report *r);
int sr_section_header(struct sr_report *r);
/* sr_section_partial() - the header's banner for each drive whose run was partial (ssd-review
 * --only): the suite's tests it ran and those left out, a fill left out before them
 * (section_partial.c). */
void sr_section_partial(struct sr_report *r);
int sr_section_summary(struct sr_report *r);
int sr_section_drives(struct sr_report *r);
int sr_section_telemetry(struct sr_report *r);
struct sr_tel_figures;
/* sr_tel_flag() - a test's throttle / critical warning flag in words, "" for none
 * (section_telemetry.c). */
const char *sr_tel_flag(const struct sr_tel_figures *f, char *buf, size_t len);
int sr_section_precondition(struct sr_report *r, const struct catalogue_family *f,
			    const struct sr_rtest *const *tests, size_t n);
int sr_section_primary(struct sr_report *r, const struct catalogue_family *f,
		       const struct sr_rtest *const *tests, size_t n);
int sr_section_scaling(struct sr_report *r, const struct catalogue_family *f,
		       const struct sr_rtest *const *tests, size_t n);
int sr_section_curve(struct sr_report *r, const struct catalogue_family *f,
		     const struct sr_rtest *const *tests, size_t n);
int sr_section_four_corners(struct sr_report *r, const struct catalogue_family *f,
			    const struct sr_rtest *const *tests, size_t n);
int sr_section_spec(struct sr_report *r, const struct catalogue_family *f,
		    const struct sr_rtest *const *tests, size_t n);
int sr_section_apps(struct sr_report *r, const struct catalogue_family *f,
		    const struct sr_rtest *const *tests, size_t n);
/* Whether a drive has an application workload result (ssd-apps) of a test of family @f: the
 * apps section is drawn from those, not from fio results. */
bool sr_section_apps_has(const struct sr_report *r, const struct catalogue_family *f);
/* sr_apps_cell() - an application workload figure in a table cell: TPS and QPS as integers from
 * 100 up, else (and latencies, ms) to three significant figures; the CSV holds the value as
 * apps.json has it; "–" absent, "?" invalid. */
void sr_apps_cell(struct sr_table *t, size_t row, size_t col, struct sr_value v,
		  enum sr_apps_metric m);
/* Anyone's results arranged by their fio options (analyse/structure.h): sweeps, comparisons. */
/* Series of rounds charted on index.html (the summary gives each a row); more are in its tables. */
#define SR_ROUNDS_CHARTS 12
int sr_section_rounds(struct sr_report *r);
int sr_section_repeats(struct sr_report *r);
int sr_section_sweeps(struct sr_report *r);

/* sr_sweep_shown() - is sweep @i of @s charted on index.html (anchor "sweep-<i>")? Past the
 * first few per axis a sweep is only on its tests' pages. */
bool sr_sweep_shown(const struct sr_structure *s, size_t i);

/* sr_sweep_what() - what sweep @g holds and sweeps: "randread, bs 4 KiB, numjobs 1, against
 * iodepth", into @buf. Return: @buf. */
const char *sr_sweep_what(const struct sr_structure *s, const struct sr_sweep *g, char *buf,
			  size_t len);

/**
 * sr_summary_any() - the summary of results no catalogue summary row applies to (anyone's fio
 * results): a row per sweep, compared source, series of rounds, the jobs run to fio's steady
 * state and the other tests, with their highest IOPS and MB/s and steady-state verdicts, each
 * linking to its section; one sentence when there is nothing to summarise.
 * @r: the report, its page at the summary's heading
 *
 * Return: the rows written (0: the sentence), or -errno.
 */
int sr_summary_any(struct sr_report *r);

/* sr_drives_fio() - the Drives section when no drive is described: a row per set of results
 * with the devices, hosts, fio versions and ioengines fio's output names, or one sentence when
 * it names none. Return: 0 or -errno. */
int sr_drives_fio(struct sr_report *r);
int sr_section_comparisons(struct sr_report *r);
int sr_section_steady(struct sr_report *r);
int sr_section_other(struct sr_report *r, const struct catalogue_family *f,
		     const struct sr_rtest *const *tests, size_t n);
int sr_section_details(struct sr_report *r);
/* sr_pts_summary() - the SNIA PTS headline figures as the summary's table (pts_summary.c), with
 * a link to pts.html; nothing without PTS tests. Return: 0 or -errno. */
int sr_pts_summary(struct sr_report *r);
/* The parts of a test's page (section_detail_runs.c), each a table on @p (none when empty). */
int sr_detail_runs(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
/* sr_detail_charts() - a test page's charts (detail_charts.c): the completion-latency histogram
 * from json+ bins, the QoS exceedance, each workload's time series. Return: 0 or -errno. */
int sr_detail_charts(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_percentiles(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_options(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_steady(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_series_csv(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);

#endif
