/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * section_helpers.h - what the section writers share (section_helpers.c): drive columns and
 * their headers, legend keys and colours, charts on the page, figure cells and their marks, the
 * tests a run planned that did not complete. See sections.h for when a drive gets a column.
 */
#ifndef SSDREPORT_SECTION_HELPERS_H
#define SSDREPORT_SECTION_HELPERS_H

#include <stdbool.h>
#include <stddef.h>

#include "analyse/figures.h"
#include "analyse/review.h"
#include "analyse/structure.h"
#include "model/model.h"
#include "render/chart.h"
#include "render/chart_kinds.h"
#include "render/format.h"
#include "render/html.h"
#include "render/report_ctx.h"
#include "render/table.h"

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

/* What a column of results is: "drive" when a drive.json describes one, else "source" (anyone's
 * fio results: a folder, a device, a host); "drives"/"sources" when @plural. */
const char *sr_rep_source_noun(const struct sr_report *r, bool plural);

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

/* sr_rep_time_unit() - the unit of a time axis of @tmax seconds: hours past 3 h, minutes past
 * 20 min, else seconds. @label: "time (h)", "time (min)" or "time (s)". Return: seconds per unit
 * (a panel's xdiv). */
double sr_rep_time_unit(double tmax, const char **label);

/* sr_rep_chart_show() - put chart @name (drawn already, or its data alone under --no-charts) on
 * @page with @caption, @width pixels wide. */
void sr_rep_chart_show(struct sr_report *r, struct sr_page *page, const char *name,
		       const char *caption, int width);

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

/* sr_rep_job_caption() - what a chart of test @t ran: "fio-3.33; rw=randread, bs=4k, iodepth=1,
 * numjobs=1, ioengine=psync", the options as fio printed them for the first drive's result ("?"
 * where fio printed none; the fio version "fio ?" when the output did not say). Return: @buf. */
char *sr_rep_job_caption(const struct sr_report *r, const struct sr_rtest *t, char *buf,
			 size_t len);

/* sr_rep_job_name() - a job's parameters (model/params.h) in a few words: "randread 4 KiB 1T/32Q
 * libaio", "randrw 5% read 32 KiB 2T/16Q". Return: @buf. */
const char *sr_rep_job_name(const struct sr_params *p, char *buf, size_t len);

/* sr_rep_run_in() - whether @run (an entry of @res->test) belongs to the result @res: every run
 * does unless the file held several groups, then only the runs of @res's fio group. */
bool sr_rep_run_in(const struct sr_result *res, const struct sr_run *run);

/* sr_rep_series() - workload @k's series of a drive's result, NULL when it has no interval (a
 * drive with one is drawn as a point: a fill shorter than two log intervals still shows). Workloads
 * of one test (stonewalled groups) are never mixed; a result of one group of a file with several
 * counts only the workloads that group ran in (k-th of those). */
const struct sr_series *sr_rep_series(const struct sr_result *res, size_t k);

/* sr_rep_series_any() - as sr_rep_series(), a workload without intervals too (its rounds can
 * still be judged); NULL past the result's last workload. */
const struct sr_series *sr_rep_series_any(const struct sr_result *res, size_t k);

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
#define SR_NOTE_PCT_JOBS 32u	/* a percentile of several jobs fio gave no histogram of */

/**
 * sr_rep_pct_unmerged() - is a percentile of @res absent because it is several fio jobs (numjobs
 * > 1 or several jobs, no group_reporting) that each printed their own percentiles and no json+
 * bins: percentiles of several jobs are not merged from their percentiles, only from bins.
 * Return: true when @res did I/O, holds more than one job and some job has no clat bins.
 */
bool sr_rep_pct_unmerged(const struct sr_result *res);

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
