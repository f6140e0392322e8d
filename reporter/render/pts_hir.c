// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_hir.c - the SNIA PTS Host Idle Recovery plots after its preconditioning (pts_page.h): IOPS
 * against time over every wait state, each write segment and return to baseline at its IOPS
 * over its span of time, the idle segments shaded; and the table of the steady-state IOPS and
 * each wait state's mean IOPS (pts/hir.h). Times are from the first segment's start, as the
 * record measured them (rec_pts_segment t_start, t_end).
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

static bool is_hir(const struct sr_pts_test *t)
{
	const struct rec_pts *p = t->doc ? t->doc->rec.pts : NULL;

	return p && p->segments_kind && !strcmp(p->segments_kind, "hir") && p->nsegments;
}

/* IOPS against time: a segment drawn flat over its time (two points, then a break in the line),
 * idle segments shaded; a panel per drive (each drive idles at its own times), stacked. */
static int chart_time(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
		      size_t n, const char *num)
{
	const char *cols[] = {"minutes", "iops"};
	struct sr_line lines[MAX_DRIVES];
	struct sr_key keys[MAX_DRIVES];
	struct sr_panel pan[MAX_DRIVES];
	struct sr_band *bands[MAX_DRIVES] = {0};
	size_t nd = n < MAX_DRIVES ? n : MAX_DRIVES, np = 0;
	char name[256], title[300];
	struct sr_chart ch;
	double xmax = NAN;
	int rc;

	snprintf(name, sizeof(name), "pts-%s-%s-wait-states",
		 n == 1 ? parts[0].drv->label : "drives", parts[0].t->id);
	for (char *c = name; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
	snprintf(title, sizeof(title),
		 "%s · IOPS against time over the wait states (idle segments shaded) and the "
		 "returns to baseline",
		 num);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W,
				     nd > 1 ? 60 + 300 * (int)nd : 460)))
		return rc;
	sr_chart_frame(&ch, "drive", NULL, cols, 2);
	for (size_t d = 0; d < nd; d++) {
		const struct rec_pts *rp = parts[d].t->doc ? parts[d].t->doc->rec.pts : NULL;
		const struct sr_pts_seg_doc *sd = parts[d].t->doc ? parts[d].t->doc->segs : NULL;
		double t0 = NAN;
		size_t nb = 0;

		if (!is_hir(parts[d].t) || !sd)
			continue;
		if (!(bands[np] = calloc(rp->nsegments, sizeof(*bands[np])))) {
			rc = -ENOMEM;
			break;
		}
		sr_chart_series(&ch, parts[d].drv->label);
		for (size_t k = 0; k < rp->nsegments; k++) {
			const struct rec_pts_segment *s = &rp->segments[k];
			double a, b;

			if (isnan(s->t_start) || isnan(s->t_end))
				continue;
			if (isnan(t0))
				t0 = s->t_start;
			a = (s->t_start - t0) / 60.0;
			b = (s->t_end - t0) / 60.0;
			if (isnan(xmax) || b > xmax)
				xmax = b;
			if (s->kind && !strcmp(s->kind, "idle")) {
				bands[np][nb++] = (struct sr_band){.x0 = a, .x1 = b, .colour = 6};
				continue;
			}
			if (!sd[k].has)
				continue;
			sr_chart_point(&ch, NULL, (double[]){a, sd[k].cell.iops});
			sr_chart_point(&ch, NULL, (double[]){b, sd[k].cell.iops});
			sr_chart_break(&ch);
		}
		lines[np] = (struct sr_line){.block = np, .ycol = 1, .colour = d};
		keys[np] = (struct sr_key){.title = parts[d].drv->label, .colour = d};
		pan[np] = (struct sr_panel){.title = nd > 1 ? parts[d].drv->label : NULL,
					    .xlabel = "time from the first wait state (minutes)",
					    .ylabel = "IOPS",
					    .xcol = 0,
					    .xmin = 0,
					    .hline = NAN,
					    .zero_y = true,
					    .bands = bands[np],
					    .nbands = nb,
					    .lines = &lines[np],
					    .nlines = 1};
		np++;
	}
	for (size_t i = 0; i < np; i++)
		pan[i].xmax = xmax;
	if (!rc)
		sr_chart_lines(&ch, pan, np, 1, keys, np);
	if (rc)
		sr_chart_abort(&ch);
	else
		rc = sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
	for (size_t i = 0; i < np; i++)
		free(bands[i]);
	return rc;
}

/* The IOPS of wait state @ws's return to baseline, the first writes after its last idle: what
 * the drive recovered over the idle (with one write segment a wait state, the quick profile's,
 * its write segment follows the wait state before's baseline, not an idle); NaN when none. */
static double baseline_iops(const struct sr_pts_test *t, unsigned int ws)
{
	const struct rec_pts *rp = t->doc ? t->doc->rec.pts : NULL;
	const struct sr_pts_seg_doc *sd = t->doc ? t->doc->segs : NULL;

	for (size_t k = 0; rp && sd && k < rp->nsegments; k++) {
		const struct rec_pts_segment *s = &rp->segments[k];

		if (s->kind && !strcmp(s->kind, "baseline") && s->wait_state == (int)ws &&
		    sd[k].has)
			return sd[k].cell.iops;
	}
	return NAN;
}

/* The steady-state IOPS, each wait state's mean IOPS and its return to baseline's, a column per
 * drive. */
static int table(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		 const char *num)
{
	const char *lead[1 + MAX_DRIVES];
	char name[256], title[300], buf[SR_FMT_LEN];
	size_t nd = n < MAX_DRIVES ? n : MAX_DRIVES, nstates = 0;
	unsigned int ws[8];
	struct sr_table *tb;
	int rc;

	for (size_t d = 0; d < nd; d++)
		for (size_t s = 0; s < parts[d].t->nhir; s++) {
			size_t i = 0;

			while (i < nstates && ws[i] != parts[d].t->hir_wait_state[s])
				i++;
			if (i == nstates && nstates < 8)
				ws[nstates++] = parts[d].t->hir_wait_state[s];
		}
	snprintf(name, sizeof(name), "pts-%s-%s-wait-state-iops",
		 n == 1 ? parts[0].drv->label : "drives", parts[0].t->id);
	for (char *c = name; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
	snprintf(title, sizeof(title),
		 "%s · steady-state IOPS, each wait state's mean IOPS (its write segments) and its "
		 "return to baseline's",
		 num);
	if (!(tb = sr_table_new(name, title, 1 + nd)))
		return -ENOMEM;
	lead[0] = "";
	for (size_t d = 0; d < nd; d++) {
		lead[1 + d] = parts[d].drv->label;
		sr_table_head(tb, 1 + d, parts[d].drv->label);
	}
	sr_table_lead(tb, lead, 1);
	sr_table_set(tb, sr_table_row(tb), 0, "preconditioning: window mean (steady-state IOPS)");
	for (size_t i = 0; i < nstates; i++)
		sr_table_set(tb, sr_table_row(tb), 0, "wait state %u", ws[i]);
	for (size_t i = 0; i < nstates; i++)
		sr_table_set(tb, sr_table_row(tb), 0, "wait state %u: return to baseline", ws[i]);
	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_test *t = parts[d].t;
		const struct sr_pts_phase *ph = t->nphases ? &t->phases[0] : NULL;
		char csv[SR_FMT_LEN];

		if (ph && ph->has_window) {
			snprintf(csv, sizeof(csv), "%.6g", ph->w.mean);
			sr_table_num(tb, 0, 1 + d, sr_fmt_int(buf, ph->w.mean), csv);
			if (ph->verdict !=
			    SR_PTS_STEADY) /* the window's mean, not a steady state */
				sr_table_mark(tb, 0, 1 + d, SR_MARK_WARN);
		} else {
			sr_table_set(tb, 0, 1 + d, "%s", SR_NOT_MEASURED);
		}
		for (size_t i = 0; i < nstates; i++) {
			double v = NAN;

			for (size_t s = 0; s < t->nhir; s++)
				if (t->hir_wait_state[s] == ws[i])
					v = t->hir_mean_iops[s];
			if (isnan(v)) {
				sr_table_set(tb, 1 + i, 1 + d, "%s", SR_NOT_MEASURED);
				continue;
			}
			snprintf(csv, sizeof(csv), "%.6g", v);
			sr_table_num(tb, 1 + i, 1 + d, sr_fmt_int(buf, v), csv);
		}
		for (size_t i = 0; i < nstates; i++) {
			double v = baseline_iops(t, ws[i]);
			size_t row = 1 + nstates + i;

			if (isnan(v)) {
				sr_table_set(tb, row, 1 + d, "%s", SR_NOT_MEASURED);
				continue;
			}
			snprintf(csv, sizeof(csv), "%.6g", v);
			sr_table_num(tb, row, 1 + d, sr_fmt_int(buf, v), csv);
		}
	}
	sr_table_note(tb,
		      "A wait state's IOPS: the mean of its write segments' IOPS (fio's figure "
		      "over each segment, read + write), the returns to baseline not counted. "
		      "Its return to baseline: the IOPS of the writes right after its last idle, "
		      "what the drive recovered while idle (a write segment follows an idle only "
		      "from a wait state's second repeat on). "
		      "Marked: the preconditioning did not reach steady state (its last 5 "
		      "rounds' mean).");
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(p, tb);
	sr_table_free(tb);
	if (rc)
		sr_diag_msg(r->d, "%s.csv: %s", name, strerror(-rc));
	return rc;
}

int sr_pts_hir(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
	       int page_no, int *plot)
{
	char num[32];
	bool any = false;
	int rc;

	for (size_t d = 0; d < n; d++)
		any |= is_hir(parts[d].t);
	if (!any)
		return 0;
	sr_page_heading(p, 3, NULL, "wait states");
	snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++*plot);
	if ((rc = chart_time(r, p, parts, n, num)))
		return rc;
	snprintf(num, sizeof(num), "Table %d.%d", page_no, ++*plot);
	return table(r, p, parts, n, num);
}
