// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_dirth.c - the SNIA PTS Demand Intensity / Response Time Histogram plots after its
 * preconditioning and matrix rounds (pts_page.h), from the matrix round the operating points
 * were chosen from (analyse/pts.h struct sr_pts_dirth) and the points' own runs (model/pts.h
 * struct sr_pts_hist): demand variation (IOPS against QD, a line per TC), demand intensity (ART
 * against IOPS, a line per TC), the three response-time histograms, IOPS and ART against the
 * total outstanding I/O, CPU use, and the table of the chosen points. A plot whose standard form
 * has a line per TC gets a panel per drive; a histogram a bar per drive.
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
#define MAX_TC 16
#define MAX_BINS 64

static const char *const point_names[3] = {"max", "mid", "min"};
static const char *const point_titles[3] = {"MaxIOPS", "MidIOPS", "MinIOPS"};

static bool has_dirth(const struct sr_pts_test *t) { return t->dirth.n > 0; }

/* The matrix phase's TC levels of @t, high to low. */
static size_t tcs(const struct sr_pts_test *t, const unsigned int **tc)
{
	const struct catalogue_pts_phase *def = t->phases[t->dirth.phase].def;

	*tc = def->tc;
	return def->ntc < MAX_TC ? def->ntc : MAX_TC;
}

static void stem(const struct sr_pts_part *parts, size_t n, const char *what, char *out, size_t len)
{
	snprintf(out, len, "pts-%s-%s-%s", n == 1 ? parts[0].drv->label : "drives", parts[0].t->id,
		 what);
	for (char *c = out; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
}

/* The latency unit of every point's ART over @parts. */
static enum sr_lat_unit art_unit(const struct sr_pts_part *parts, size_t n)
{
	double v[MAX_DRIVES * 64];
	size_t k = 0;

	for (size_t d = 0; d < n; d++)
		for (size_t i = 0; i < parts[d].t->dirth.n && k < MAX_DRIVES * 64; i++)
			v[k++] = parts[d].t->dirth.pt[i].art_ns;
	return sr_lat_unit_for(v, k);
}

/* The frame every matrix plot draws from: a series per drive and TC (block d * ntc + i), a row
 * per QD, high to low. Return: the drives written (those with a matrix round). */
static size_t matrix_frame(struct sr_chart *ch, const struct sr_pts_part *parts, size_t n,
			   enum sr_lat_unit u, size_t *ntc_out)
{
	char art[32];
	const char *cols[] = {"qd", "iops", art, "toio", "usr_cpu_pct", "sys_cpu_pct", "tc"};
	size_t nd = 0, ntc = 0;

	snprintf(art, sizeof(art), "art_%s", u == SR_UNIT_US ? "us" : u == SR_UNIT_S ? "s" : "ms");
	sr_chart_frame(ch, "drive", NULL, cols, 7);
	for (size_t d = 0; d < n; d++) {
		const struct sr_pts_dirth *x = &parts[d].t->dirth;
		const unsigned int *tc;
		char label[200];

		ntc = tcs(parts[d].t, &tc);
		for (size_t i = 0; i < ntc; i++) {
			snprintf(label, sizeof(label), "%s TC %u", parts[d].drv->label, tc[i]);
			sr_chart_series(ch, label);
			for (size_t k = 0; k < x->n; k++) {
				const struct sr_pts_dirth_pt *pt = &x->pt[k];

				if (pt->tc != tc[i] || isnan(pt->iops))
					continue; /* not measured: no point */
				sr_chart_point(ch, NULL,
					       (double[]){pt->qd, pt->iops,
							  sr_lat_in(pt->art_ns, u),
							  (double)pt->tc * pt->qd, pt->usr_cpu,
							  pt->sys_cpu, pt->tc});
			}
		}
		nd++;
	}
	*ntc_out = ntc;
	return nd;
}

/* IOPS against QD (@kind 0) or ART against IOPS (@kind 1): a line per TC, a panel per drive. */
static int chart_by_tc(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
		       size_t n, int kind, const char *num)
{
	static const char *const what[] = {"demand-variation", "demand-intensity"};
	struct sr_line lines[MAX_DRIVES][MAX_TC];
	struct sr_key keys[MAX_TC];
	struct sr_panel pan[MAX_DRIVES];
	char name[256], title[300], ylab[64], kt[MAX_TC][16];
	enum sr_lat_unit u = art_unit(parts, n);
	const unsigned int *tc;
	struct sr_chart ch;
	size_t nd, ntc, nk = 0, used[MAX_TC];
	int rc;

	stem(parts, n, what[kind], name, sizeof(name));
	snprintf(title, sizeof(title),
		 kind ? "%s · demand intensity: average response time against IOPS, a line per "
			"thread count (TC)"
		      : "%s · demand variation: IOPS against queue depth (QD per thread), a line "
			"per thread count (TC)",
		 num);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, n > 1 ? 480 : 460)))
		return rc;
	nd = matrix_frame(&ch, parts, n, u, &ntc);
	tcs(parts[0].t, &tc);
	snprintf(ylab, sizeof(ylab), "average response time (%s)", sr_lat_unit_name(u));
	for (size_t i = 0; i < ntc; i++) {
		bool any = false;

		for (size_t d = 0; d < nd; d++)
			any |= sr_chart_has(&ch, d * ntc + i, 1);
		if (!any)
			continue; /* a TC the round did not measure: no line, no key */
		snprintf(kt[nk], sizeof(kt[nk]), "TC %u", tc[i]);
		keys[nk] = (struct sr_key){.title = kt[nk], .colour = i};
		used[nk++] = i;
	}
	for (size_t d = 0; d < nd; d++) {
		for (size_t j = 0; j < nk; j++)
			lines[d][j] = (struct sr_line){.block = d * ntc + used[j],
						       .ycol = kind ? 2 : 1,
						       .colour = used[j],
						       .points = true};
		pan[d] = (struct sr_panel){.title = nd > 1 ? parts[d].drv->label : NULL,
					   .xlabel = kind ? "IOPS" : "queue depth per thread (QD)",
					   .ylabel = kind ? ylab : "IOPS",
					   .xcol = kind ? 1 : 0,
					   .logx = !kind,
					   .xmin = NAN,
					   .xmax = NAN,
					   .hline = NAN,
					   .zero_y = true,
					   .lines = lines[d],
					   .nlines = nk};
	}
	sr_chart_lines(&ch, pan, nd, nd < 3 ? (int)nd : 3, keys, nk);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

/* IOPS and ART (@kind 0), or CPU use (@kind 1), against the total outstanding I/O (TC x QD),
 * every point marked, a panel per drive. */
static int chart_toio(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
		      size_t n, int kind, const char *num)
{
	struct sr_line lines[MAX_DRIVES][2 * MAX_TC];
	struct sr_key keys[2];
	struct sr_panel pan[MAX_DRIVES];
	char name[256], title[300], ylab[64];
	enum sr_lat_unit u = art_unit(parts, n);
	struct sr_chart ch;
	size_t nd, ntc;
	int rc;

	stem(parts, n, kind ? "cpu" : "iops-art-toio", name, sizeof(name));
	snprintf(title, sizeof(title),
		 kind ? "%s · CPU use against total outstanding I/O (TC × QD): fio's usr and sys, "
			"%% of one CPU"
		      : "%s · IOPS and average response time against total outstanding I/O (TC × "
			"QD)",
		 num);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 460)))
		return rc;
	nd = matrix_frame(&ch, parts, n, u, &ntc);
	snprintf(ylab, sizeof(ylab), "average response time (%s)", sr_lat_unit_name(u));
	keys[0] = (struct sr_key){.title = kind ? "usr" : "IOPS", .colour = 0, .only_points = true};
	keys[1] = (struct sr_key){
	    .title = kind ? "sys" : "average response time", .colour = 1, .only_points = true};
	for (size_t d = 0; d < nd; d++) {
		for (size_t i = 0; i < ntc; i++) {
			lines[d][2 * i] = (struct sr_line){.block = d * ntc + i,
							   .ycol = kind ? 4 : 1,
							   .colour = 0,
							   .only_points = true};
			lines[d][2 * i + 1] = (struct sr_line){.block = d * ntc + i,
							       .ycol = kind ? 5 : 2,
							       .colour = 1,
							       .y2 = !kind,
							       .only_points = true};
		}
		pan[d] = (struct sr_panel){.title = nd > 1 ? parts[d].drv->label : NULL,
					   .xlabel = "total outstanding I/O (TC × QD)",
					   .ylabel = kind ? "CPU (%)" : "IOPS",
					   .y2label = kind ? NULL : ylab,
					   .xcol = 3,
					   .logx = true,
					   .xmin = NAN,
					   .xmax = NAN,
					   .hline = NAN,
					   .zero_y = true,
					   .lines = lines[d],
					   .nlines = 2 * ntc};
	}
	sr_chart_lines(&ch, pan, nd, nd < 3 ? (int)nd : 3, keys, 2);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

/* The histogram of point @k (0 max, 1 mid, 2 min) of @t, NULL when not measured. */
static const struct sr_pts_hist *hist_of(const struct sr_pts_test *t, size_t k,
					 const struct rec_pts_segment **seg)
{
	const struct rec_pts *rp = t->doc ? t->doc->rec.pts : NULL;

	for (size_t i = 0; rp && t->doc->segs && i < rp->nsegments; i++)
		if (rp->segments[i].kind && !strcmp(rp->segments[i].kind, "point") &&
		    rp->segments[i].name && !strcmp(rp->segments[i].name, point_names[k]) &&
		    t->doc->segs[i].hist.nbins) {
			if (seg)
				*seg = &rp->segments[i];
			return &t->doc->segs[i].hist;
		}
	return NULL;
}

/* The histograms' bins: upper edges 1, 2, 5 x 10^j ns from the edge at or above the smallest
 * response time of every drive's points to the one at or above the largest. */
static size_t bin_edges(const struct sr_pts_part *parts, size_t n, double *edge)
{
	double lo = INFINITY, hi = 0;
	size_t ne = 0;

	for (size_t d = 0; d < n; d++)
		for (size_t k = 0; k < 3; k++) {
			const struct sr_pts_hist *h = hist_of(parts[d].t, k, NULL);

			for (size_t b = 0; h && b < h->nbins; b++)
				if (h->bins[b].count) {
					lo = fmin(lo, (double)h->bins[b].ns);
					hi = fmax(hi, (double)h->bins[b].ns);
				}
		}
	if (!(hi > 0))
		return 0;
	for (double dec = 1; dec < 1e13; dec *= 10)
		for (int m = 0; m < 3; m++) {
			double e = dec * (m == 0 ? 1 : m == 1 ? 2 : 5);

			if (e < lo)
				continue; /* the first bin holds every value at or below its edge */
			if (ne == MAX_BINS)
				return ne;
			edge[ne++] = e;
			if (e >= hi)
				return ne;
		}
	return ne;
}

/* A bin's label: "≤ 200 µs". */
static void edge_label(double ns, char *out, size_t len)
{
	if (ns < 1e3)
		snprintf(out, len, "≤ %.0f ns", ns);
	else if (ns < 1e6)
		snprintf(out, len, "≤ %.0f µs", ns / 1e3);
	else if (ns < 1e9)
		snprintf(out, len, "≤ %.0f ms", ns / 1e6);
	else
		snprintf(out, len, "≤ %.0f s", ns / 1e9);
}

/* The three response-time histograms as bars: a panel per point, a bar per drive. */
static int chart_hist(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
		      size_t n, const char *num)
{
	static const char *const cols[] = {"max_count", "mid_count", "min_count"};
	struct sr_bar_panel pan[3];
	struct sr_key keys[MAX_DRIVES];
	char name[256], title[400], lab[32], pt[3][200];
	double edge[MAX_BINS];
	size_t ne = bin_edges(parts, n, edge), nk = 0;
	struct sr_chart ch;
	int rc;

	if (!ne)
		return 0;
	stem(parts, n, "histograms", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s · response-time histograms of the MaxIOPS, MidIOPS and MinIOPS points: I/Os "
		 "per completion-latency bin (fio json+ clat bins, read and write)",
		 num);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 1000)))
		return rc;
	sr_chart_frame(&ch, "drive", "bin", cols, 3);
	for (size_t d = 0; d < n; d++) {
		const struct sr_pts_hist *h[3];
		double cnt[3][MAX_BINS] = {{0}};

		for (size_t k = 0; k < 3; k++)
			h[k] = hist_of(parts[d].t, k, NULL);
		if (!h[0] && !h[1] && !h[2])
			continue;
		for (size_t k = 0; k < 3; k++)
			for (size_t b = 0; h[k] && b < h[k]->nbins; b++) {
				size_t e = 0;

				while (e + 1 < ne && edge[e] < (double)h[k]->bins[b].ns)
					e++;
				cnt[k][e] += (double)h[k]->bins[b].count;
			}
		sr_chart_series(&ch, parts[d].drv->label);
		keys[nk] = (struct sr_key){.title = parts[d].drv->label, .colour = d};
		nk++;
		for (size_t e = 0; e < ne; e++) {
			edge_label(edge[e], lab, sizeof(lab));
			sr_chart_point(&ch, lab,
				       (double[]){h[0] ? cnt[0][e] : NAN, h[1] ? cnt[1][e] : NAN,
						  h[2] ? cnt[2][e] : NAN});
		}
	}
	for (size_t k = 0; k < 3; k++) {
		const struct rec_pts_segment *s = NULL;
		const struct sr_pts_hist *h = hist_of(parts[0].t, k, &s);
		char mx[SR_FMT_LEN];

		if (n == 1 && h && s)
			snprintf(pt[k], sizeof(pt[k]),
				 "%s: TC %d / QD %d; maximum response time %s ms", point_titles[k],
				 s->tc, s->qd, sr_fmt_sig(mx, h->lat_max_ns / 1e6));
		else
			snprintf(pt[k], sizeof(pt[k]), "%s point (maximum response times: table)",
				 point_titles[k]);
		pan[k] = (struct sr_bar_panel){.title = pt[k], .ylabel = "I/Os", .col = k};
	}
	if (!nk) {
		sr_chart_abort(&ch);
		return 0;
	}
	sr_chart_bars(&ch, pan, 3, 1, keys, nk);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

/* The chosen operating points, a row per drive and point. */
static int table(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		 const char *num)
{
	static const char *const lead[] = {"drive", "point"};
	char name[256], title[300], buf[SR_FMT_LEN], csv[SR_FMT_LEN];
	struct sr_table *tb;
	int rc;

	stem(parts, n, "chosen-points", name, sizeof(name));
	snprintf(title, sizeof(title), "%s · the operating points chosen from the matrix round",
		 num);
	if (!(tb = sr_table_new(name, title, 8)))
		return -ENOMEM;
	sr_table_lead(tb, lead, 2);
	sr_table_head(tb, 2, "TC / QD");
	sr_table_head(tb, 3, "IOPS (matrix round)");
	sr_table_head(tb, 4, "ART, ms (matrix round)");
	sr_table_head(tb, 5, "IOPS (its own run)");
	sr_table_head(tb, 6, "maximum response time, ms (its own run)");
	sr_table_head(tb, 7, "why chosen");
	for (size_t d = 0; d < n; d++) {
		const struct rec_pts *rp = parts[d].t->doc ? parts[d].t->doc->rec.pts : NULL;
		const struct rec_pts_dirth *c = rp ? rp->dirth : NULL;

		if (!has_dirth(parts[d].t))
			continue;
		for (size_t k = 0; k < 3; k++) {
			const struct rec_pts_dirth_point *cp = !c || !c->chosen ? NULL
							       : k == 0		? &c->max
							       : k == 1		? &c->mid
										: &c->min;
			const struct rec_pts_segment *s = NULL;
			const struct sr_pts_hist *h = hist_of(parts[d].t, k, &s);
			size_t row = sr_table_row(tb);

			sr_table_set(tb, row, 0, "%s", parts[d].drv->label);
			sr_table_set(tb, row, 1, "%s", point_titles[k]);
			if (!cp) {
				for (size_t col = 2; col < 7; col++)
					sr_table_set(tb, row, col, "%s", SR_NOT_MEASURED);
				sr_table_set(tb, row, 7, "not chosen: %s",
					     c && c->error ? c->error : "no choice recorded");
				sr_table_mark(tb, row, 7, SR_MARK_WARN);
				continue;
			}
			sr_table_set(tb, row, 2, "%d / %d", cp->tc, cp->qd);
			snprintf(csv, sizeof(csv), "%.6g", cp->iops);
			sr_table_num(tb, row, 3, sr_fmt_int(buf, cp->iops), csv);
			snprintf(csv, sizeof(csv), "%.6g", cp->art_ns / 1e6);
			sr_table_num(tb, row, 4, sr_fmt_sig(buf, cp->art_ns / 1e6), csv);
			sr_table_set(tb, row, 5, "%s", SR_NOT_MEASURED);
			for (size_t j = 0; rp && j < rp->nsegments; j++)
				if (&rp->segments[j] == s && parts[d].t->doc->segs[j].has) {
					double v = parts[d].t->doc->segs[j].cell.iops;

					snprintf(csv, sizeof(csv), "%.6g", v);
					sr_table_num(tb, row, 5, sr_fmt_int(buf, v), csv);
				}
			if (h && !isnan(h->lat_max_ns)) {
				snprintf(csv, sizeof(csv), "%.6g", h->lat_max_ns / 1e6);
				sr_table_num(tb, row, 6, sr_fmt_sig(buf, h->lat_max_ns / 1e6), csv);
			} else {
				sr_table_set(tb, row, 6, "%s", SR_NOT_MEASURED);
			}
			if (k == 0)
				sr_table_set(
				    tb, row, 7,
				    "the highest IOPS with an ART within the %s ms ceiling",
				    sr_fmt_sig(buf, c->art_ceiling_ns / 1e6));
			else if (k == 1)
				sr_table_set(tb, row, 7,
					     "IOPS nearest %s, the mean of MaxIOPS and MinIOPS",
					     sr_fmt_int(buf, c->mid_target_iops));
			else
				sr_table_set(tb, row, 7, "the standard's fixed point, TC 1 / QD 1");
		}
	}
	sr_table_note(tb, "Matrix round: the round the points were chosen from (run.json), IOPS "
			  "read + write, ART the mean total latency (fio lat) over every I/O. Its "
			  "own run: the point run again with its latencies recorded (the "
			  "histograms); maximum response time: fio's lat max, read or write.");
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(p, tb);
	sr_table_free(tb);
	if (rc)
		sr_diag_msg(r->d, "%s.csv: %s", name, strerror(-rc));
	return rc;
}

int sr_pts_dirth(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		 int page_no, int *plot)
{
	struct sr_pts_part with[MAX_DRIVES];
	size_t nw = 0;
	char num[32];
	int rc = 0;

	for (size_t d = 0; d < n && nw < MAX_DRIVES; d++)
		if (has_dirth(parts[d].t))
			with[nw++] = parts[d];
	if (!nw)
		return 0;
	sr_page_heading(p, 3, NULL, "demand intensity and response-time histograms");
	sr_page_text(p, "note",
		     "The plots of the TC × QD matrix are of the round the operating points were "
		     "chosen from (%s %d%s), every point of it: IOPS read + write, average "
		     "response time (ART) the mean total latency (fio lat) over every I/O.",
		     nw > 1 ? "the first drive's: round" : "round", with[0].t->dirth.round,
		     nw > 1 ? "; each drive its own" : "");
	for (int kind = 0; !rc && kind < 2; kind++) {
		snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++*plot);
		rc = chart_by_tc(r, p, with, nw, kind, num);
	}
	if (!rc) {
		snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++*plot);
		rc = chart_hist(r, p, with, nw, num);
	}
	for (int kind = 0; !rc && kind < 2; kind++) {
		snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++*plot);
		rc = chart_toio(r, p, with, nw, kind, num);
	}
	if (!rc) {
		snprintf(num, sizeof(num), "Table %d.%d", page_no, ++*plot);
		rc = table(r, p, with, nw, num);
	}
	return rc;
}
