/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sections.h - the report's sections and what they share.
 *
 * index.html is: the header (title, run facts, warnings), the summary table, the drives, then one
 * section per family of the test catalogue in its order (a family without results is left out),
 * then "Other tests" (results no catalogue entry describes). A family's section is written by the
 * writer of the first of its chart kinds this renderer knows (sections.c holds the table of
 * writers); a family with none gets the generic one (a table, and a chart of each time series).
 * Every test also gets a detail page, tests/<stem>.html, with every figure of every run.
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
#include "analyse/figures.h"
#include "analyse/review.h"
#include "render/chart.h"
#include "render/chart_kinds.h"
#include "render/html.h"
#include "render/report.h"
#include "render/table.h"
#include "util/diag.h"

/* The page's width for figures and tables side by side (a 1280-px window with its scroll bar
 * and the page's margins holds 1209 px), and the gap between them. */
#define SR_PAGE_W 1200
#define SR_GAP_W 16
#define SR_HALF_W ((SR_PAGE_W - SR_GAP_W) / 2)
#define SR_QUARTER_W ((SR_PAGE_W - 3 * SR_GAP_W) / 4)

/* A table of the drives' spec sheets or health lists them as columns up to this many, as rows
 * past it (each drive's column would be a third of the page: 8 drives, 1600 px). */
#define SR_DRIVE_COLUMNS 6

struct sr_report {
	const struct sr_model *m;
	const struct sr_report_opts *o;
	const struct catalogue *cat; /* NULL: no catalogue, every test is "other" */
	struct sr_review rv;
	struct sr_diag *d;
	char dir[4096]; /* the report being built (a temporary directory) */
	struct sr_page page;
};

/* A section writer: @f's tests (@n of them, in order) onto r->page, under its heading. */
typedef int (*sr_section_fn)(struct sr_report *r, const struct catalogue_family *f,
			     const struct sr_rtest *const *tests, size_t n);

/* sr_sections_write() - every section of index.html, in order, and the detail pages. */
int sr_sections_write(struct sr_report *r);

/* The section writers, one file each. */
int sr_section_header(struct sr_report *r);
int sr_section_summary(struct sr_report *r);
int sr_section_drives(struct sr_report *r);
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
int sr_section_other(struct sr_report *r, const struct catalogue_family *f,
		     const struct sr_rtest *const *tests, size_t n);
int sr_section_details(struct sr_report *r);
/* The parts of a test's page (section_detail_runs.c), each a table on @p (none when empty). */
int sr_detail_runs(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_percentiles(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_options(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_steady(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);
int sr_detail_series_csv(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t);

/* ---- shared by the writers (sections.c) ------------------------------------------------ */

/* The anchor of a family's section ("family-primary"), or of "Other tests" for NULL. */
const char *sr_rep_anchor(const struct catalogue_family *f, char *buf, size_t len);

/* The link from index.html to a test's detail page: "tests/<stem>.html". */
const char *sr_rep_detail(const struct sr_rtest *t, char *buf, size_t len);

/* In `ssdreport compare`: the earlier drive that is the same drive in another run (the same
 * directory name: old/nvme0 for new/nvme0), whose figures a difference (%) column compares
 * against; -1 for none. */
long sr_rep_paired(const struct sr_report *r, size_t dv);

/* Whether drive @dv gets a column in a table of @tests (see above). */
bool sr_rep_column(const struct sr_report *r, size_t dv, const struct sr_rtest *const *tests,
		   size_t n);

/* sr_rep_columns() - the drives with a column in a table of @tests, into @dvs (room for every
 * drive). Return: their number. */
size_t sr_rep_columns(const struct sr_report *r, const struct sr_rtest *const *tests, size_t n,
		      size_t *dvs);

/* The header of drive @dv's columns: its label, "(published)" after published figures. */
const char *sr_rep_drive(const struct sr_report *r, size_t dv, char *buf, size_t len);

/* Drive @dv's legend entry (published figures hatched in bar charts). */
struct sr_key sr_rep_key(const struct sr_report *r, size_t dv, char *buf, size_t len);

/**
 * sr_rep_chart_begin() - open a chart of the report.
 * @r:     the report
 * @ch:    the chart (filled in)
 * @name:  file stem relative to the report ("precond-4k-randwrite")
 * @title: the chart's title (names the workload and T/Q)
 * @w, @h: size in pixels
 *
 * Return: 0 or -errno (d->err says which file).
 */
int sr_rep_chart_begin(struct sr_report *r, struct sr_chart *ch, const char *name,
		       const char *title, int w, int h);

/**
 * sr_rep_chart_end() - close the chart, draw it (unless --no-charts) and put it on @page.
 * @r:     the report
 * @ch:    the chart, its script written
 * @page:  where it goes
 * @width: display width in pixels
 *
 * Return: 0; -EIO when gnuplot fails (d->err holds gnuplot's words).
 */
int sr_rep_chart_end(struct sr_report *r, struct sr_chart *ch, struct sr_page *page, int width);

/* sr_rep_fig() - a figure of drive @dv's result of @t (NULL result: absent). */
struct sr_fig sr_rep_fig(const struct sr_rtest *t, size_t dv, enum sr_which w, enum sr_metric m,
			 double pct);

/* sr_rep_lat_unit() - the unit for latencies @f[0..n) of a column or row. */
enum sr_lat_unit sr_rep_lat_unit(const struct sr_fig *f, size_t n);

/**
 * sr_rep_cell() - put a figure in a table cell: IOPS and MB/s as integers, latency in @u; a
 * clamped percentile marked (warn), a result whose job ended with an error marked (fail).
 * @t:    the table
 * @row:  row
 * @col:  column
 * @f:    the figure
 * @m:    what it is
 * @u:    latency unit of the column
 * @err:  the result's job error (0: none)
 */
void sr_rep_cell(struct sr_table *t, size_t row, size_t col, struct sr_fig f, enum sr_metric m,
		 enum sr_lat_unit u, int err);

/* How many workloads (series of two intervals or more) a test has on the drive with the most;
 * 0 when no drive has a time series. */
size_t sr_rep_nseries(const struct sr_report *r, const struct sr_rtest *t);

/* Whether a test has a time series (one interval or more) on some drive. */
static inline bool sr_rep_has_series(const struct sr_report *r, const struct sr_rtest *t)
{
	return sr_rep_nseries(r, t) > 0;
}

/* sr_rep_series() - workload @k's series of a drive's result, NULL when it has no interval (a
 * drive with one is drawn as a point: a fill shorter than two log intervals still shows). Workloads
 * of one test (stonewalled groups) are never mixed. */
const struct sr_series *sr_rep_series(const struct sr_result *res, size_t k);

/* sr_series_chart() - the four panels of workload @k's time series of a test (those with
 * data), one line per drive, onto the index (section_precondition.c); partial intervals (not
 * every job ran through them) are drawn as marks apart, never on the line; @steady: shade each
 * drive's steady-state window. Return: 0 or -errno. */
int sr_series_chart(struct sr_report *r, const struct sr_rtest *t, size_t k, int width,
		    bool steady);

/* What sr_rep_cell() put in a table, for its note (struct sr_table.flags). */
#define SR_NOTE_CLAMPED 1u	/* a percentile at fio's histogram ceiling */
#define SR_NOTE_JOB_ERROR 2u	/* a figure of a job that ended with an error */
#define SR_NOTE_NOT_DONE 4u	/* a test the run planned that did not complete (run.json) */
#define SR_NOTE_PCT_MAX 8u	/* a percentile from too few I/Os: the maximum shown */
#define SR_NOTE_INTERRUPTED 16u /* a figure of a run cut short */

/**
 * sr_rep_not_done() - what drive @dv's run.json says of a test that left no result: its record
 * when the status is neither "done" nor "pending" (failed, interrupted, skipped).
 * @r:     the report
 * @dv:    drive index
 * @id:    the test id, or NULL to match by @entry
 * @entry: a catalogue entry id (template), used when @id is NULL
 * Return: the record, or NULL.
 */
const struct sr_run_test *sr_rep_not_done(const struct sr_report *r, size_t dv, const char *id,
					  const char *entry);

/* sr_rep_not_done_cell() - the cell of a test that did not complete: its status ("failed"),
 * marked as a failure; sets SR_NOTE_NOT_DONE. */
void sr_rep_not_done_cell(struct sr_table *t, size_t row, size_t col, const struct sr_run_test *rt);

/* sr_rep_table_notes() - the note under a table saying what its marks mean (none: no note). */
void sr_rep_table_notes(struct sr_table *t);

#endif
