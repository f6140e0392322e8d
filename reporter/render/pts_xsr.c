// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_xsr.c - the SNIA PTS Cross Stimulus Recovery plots (pts_page.h): throughput, average and
 * maximum response time against time over the three access groups (SEQ 1024 KiB, RND 8 KiB,
 * SEQ 1024 KiB writes), each second from the groups' 1-s logs (model/pts.h struct
 * sr_pts_sample), a line per drive, the middle group shaded; and the table of each group's
 * throughput and the last group's recovery time (analyse/pts.h struct sr_pts_xsr, pts/xsr.h).
 * Times are from the first group's start as the record measured them (rec_pts_segment t_start).
 * A second that not every thread ran through is left out (a gap), never drawn as the group's.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/pts.h"
#include "render/format.h"
#include "render/pts_page.h"

#define MAX_DRIVES 16

static void stem(const struct sr_pts_part *parts, size_t n, const char *what, char *out, size_t len)
{
	snprintf(out, len, "pts-%s-%s-%s", n == 1 ? parts[0].drv->label : "drives", parts[0].t->id,
		 what);
	for (char *c = out; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
}

/* Whether every drive's logs carry true per-second maxima (fio's log_window_value=both). */
static bool max_exact(const struct sr_pts_part *parts, size_t n)
{
	bool all = true;

	for (size_t d = 0; d < n; d++)
		for (size_t g = 0; g < 3; g++) {
			const struct sr_pts_seg_doc *sd =
			    &parts[d].t->doc->segs[parts[d].t->xsr.seg[g]];

			all &= !sd->nsamples || sd->max_exact;
		}
	return all;
}

/* The unit of the response times drawn: every second's mean and every group's maximum. */
static enum sr_lat_unit unit_of(const struct sr_pts_part *parts, size_t n)
{
	double v[2 * MAX_DRIVES * 3] = {0};
	size_t k = 0;

	for (size_t d = 0; d < n; d++)
		for (size_t g = 0; g < 3; g++) {
			const struct sr_pts_seg_doc *sd =
			    &parts[d].t->doc->segs[parts[d].t->xsr.seg[g]];

			v[k++] = sd->has ? sd->cell.lat_mean_ns : NAN;
			v[k++] = sd->has ? sd->cell.lat_max_ns : NAN;
		}
	return sr_lat_unit_for(v, k);
}

static int chart(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		 const char *num)
{
	char mean[32], max[32], ymean[64], ymax[120];
	const char *cols[] = {"seconds", "mbps", mean, max};
	enum sr_lat_unit u = unit_of(parts, n);
	const char *un = sr_lat_unit_name(u);
	bool exact = max_exact(parts, n);
	struct sr_line lines[3][MAX_DRIVES];
	struct sr_key keys[MAX_DRIVES];
	struct sr_panel pan[3];
	struct sr_band bands[MAX_DRIVES];
	char name[256], title[400];
	struct sr_chart ch;
	double xmax = 0;
	int rc;

	snprintf(mean, sizeof(mean), "avg_lat_%s",
		 u == SR_UNIT_US  ? "us"
		 : u == SR_UNIT_S ? "s"
				  : "ms");
	snprintf(max, sizeof(max), "max_lat_%s",
		 u == SR_UNIT_US  ? "us"
		 : u == SR_UNIT_S ? "s"
				  : "ms");
	stem(parts, n, "xsr-time", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s · throughput, average and maximum response time against time over the three "
		 "access groups (the middle one shaded)",
		 num);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 900)))
		return rc;
	sr_chart_frame(&ch, "drive", NULL, cols, 4);
	for (size_t d = 0; d < n; d++) {
		const struct sr_pts_test *t = parts[d].t;
		const struct rec_pts *rp = t->doc->rec.pts;
		double t0 = rp->segments[t->xsr.seg[0]].t_start;

		sr_chart_series(&ch, parts[d].drv->label);
		keys[d] = (struct sr_key){.title = parts[d].drv->label, .colour = d};
		bands[d] = (struct sr_band){.x0 = NAN, .x1 = NAN, .colour = d};
		for (size_t g = 0; g < 3; g++) {
			const struct rec_pts_segment *s = &rp->segments[t->xsr.seg[g]];
			const struct sr_pts_seg_doc *sd = &t->doc->segs[t->xsr.seg[g]];
			double off = isnan(s->t_start) || isnan(t0) ? NAN : s->t_start - t0;

			if (g == 1) {
				bands[d].x0 = off;
				bands[d].x1 = isnan(s->t_end) ? NAN : s->t_end - t0;
			}
			for (size_t i = 0; i < sd->nsamples; i++) {
				const struct sr_pts_sample *sm = &sd->samples[i];
				double mx = exact ? sm->lat_max_ns : sd->cell.lat_max_ns;

				if (sm->jobs < (unsigned int)s->tc || isnan(off))
					continue;
				sr_chart_point(
				    &ch, NULL,
				    (double[]){off + sm->t_s, sm->mbps,
					       sr_lat_in(sm->lat_mean_ns, u),
					       sd->has || exact ? sr_lat_in(mx, u) : NAN});
				xmax = fmax(xmax, off + sm->t_s);
			}
			sr_chart_break(&ch);
		}
	}
	snprintf(ymean, sizeof(ymean), "average (%s)", un);
	snprintf(ymax, sizeof(ymax), exact ? "maximum (%s)" : "maximum of the group (%s)", un);
	for (size_t k = 0; k < 3; k++) {
		for (size_t d = 0; d < n; d++)
			lines[k][d] = (struct sr_line){
			    .block = d, .ycol = 1 + k, .colour = d, .points = true};
		pan[k] = (struct sr_panel){
		    .title = k == 0   ? "throughput (MB/s)"
			     : k == 1 ? "average response time (total latency, fio lat)"
			     : exact
				 ? "maximum response time in each second (fio lat)"
				 : "maximum response time over each group (fio lat max; fio's 1-s "
				   "logs hold each second's mean only)",
		    .xlabel = k == 2 ? "time from the first group's start (s)" : NULL,
		    .ylabel = k == 0   ? "MB/s"
			      : k == 1 ? ymean
				       : ymax,
		    .xcol = 0,
		    .xmin = 0,
		    .xmax = xmax,
		    .hline = NAN,
		    .zero_y = true,
		    .bands = bands,
		    .nbands = n,
		    .lines = lines[k],
		    .nlines = n};
	}
	sr_chart_lines(&ch, pan, 3, 1, keys, n);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

/* Each group's throughput, the reference and the last group's recovery, a column per drive. */
static int table(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		 const char *num)
{
	const struct rec_pts *rp0 = parts[0].t->doc->rec.pts;
	const struct pts_xsr_params par = pts_xsr_default();
	const char *lead[1 + MAX_DRIVES];
	char name[256], title[300];
	struct sr_table *tb;
	int rc;

	stem(parts, n, "xsr-recovery", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s · each access group's throughput and the recovery of the last", num);
	if (!(tb = sr_table_new(name, title, 1 + n)))
		return -ENOMEM;
	lead[0] = "";
	for (size_t d = 0; d < n; d++) {
		lead[1 + d] = parts[d].drv->label;
		sr_table_head(tb, 1 + d, parts[d].drv->label);
	}
	sr_table_lead(tb, lead, 1);
	for (size_t g = 0; g < 3; g++) {
		const struct rec_pts_segment *s = &rp0->segments[parts[0].t->xsr.seg[g]];

		sr_table_set(tb, sr_table_row(tb), 0, "group %zu: %s %s, TC %d / QD %d (MB/s)",
			     g + 1, s->rw ? s->rw : "?", s->bs ? s->bs : "?", s->tc, s->qd);
	}
	sr_table_set(tb, sr_table_row(tb), 0, "reference: group 1's last %zu seconds' mean (MB/s)",
		     par.ref_window);
	sr_table_set(tb, sr_table_row(tb), 0, "recovered at: %.0f %% of the reference (MB/s)",
		     100 - par.tolerance_pct);
	sr_table_set(
	    tb, sr_table_row(tb), 0,
	    "group 3's recovery time (s from its start, %zu seconds in a row at the level)",
	    par.hold);
	for (size_t d = 0; d < n; d++) {
		const struct sr_pts_xsr *x = &parts[d].t->xsr;

		for (size_t g = 0; g < 3; g++)
			sr_pts_num_cell(tb, g, 1 + d, x->group_mbps[g], false);
		sr_pts_num_cell(tb, 3, 1 + d, x->rc ? NAN : x->rec.reference, false);
		sr_pts_num_cell(tb, 4, 1 + d, x->rc ? NAN : x->rec.threshold, false);
		if (x->rc)
			sr_table_set(tb, 5, 1 + d, "not computed: too few full seconds logged");
		else if (!x->rec.recovered) {
			sr_table_set(tb, 5, 1 + d, "not recovered");
			sr_table_mark(tb, 5, 1 + d, SR_MARK_WARN);
		} else
			sr_pts_num_cell(tb, 5, 1 + d, x->rec.recovery_s, true);
	}
	sr_table_note(tb,
		      "A group's MB/s: fio's figure over its whole run. Recovery: the start of "
		      "the first run of seconds, each at or above the level, in group 3's 1-s "
		      "logs (pts/xsr.h); a second not every thread ran through is not counted.");
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(p, tb);
	sr_table_free(tb);
	if (rc)
		sr_diag_msg(r->d, "%s.csv: %s", name, strerror(-rc));
	return rc;
}

int sr_pts_xsr(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
	       int page_no, int *plot)
{
	struct sr_pts_part with[MAX_DRIVES];
	size_t nw = 0;
	char num[32];
	int rc;

	for (size_t d = 0; d < n && nw < MAX_DRIVES; d++)
		if (parts[d].t->xsr.has)
			with[nw++] = parts[d];
	if (!nw)
		return 0;
	sr_page_heading(p, 3, NULL, "cross stimulus recovery");
	snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++*plot);
	if ((rc = chart(r, p, with, nw, num)))
		return rc;
	snprintf(num, sizeof(num), "Table %d.%d", page_no, ++*plot);
	return table(r, p, with, nw, num);
}
