// SPDX-License-Identifier: GPL-2.0-only
/* pts_charts.c - the SNIA PTS plots (pts_page.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/format.h"
#include "render/pts_page.h"

void sr_pts_stem(const char *label, const struct sr_pts_test *t, const struct sr_pts_phase *ph,
		 const char *what, char *out, size_t len)
{
	snprintf(out, len, "pts-%s-%s-%s-%s", label, t->id, ph->def->id, what);
	for (char *c = out; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
}

void sr_pts_mix_label(int mix, char *out, size_t len)
{
	snprintf(out, len, "%d/%d", mix, 100 - mix);
}

const char *sr_pts_metric_name(const char *metric)
{
	if (!strcmp(metric, "iops"))
		return "IOPS";
	if (!strcmp(metric, "mbps"))
		return "MB/s";
	return "average latency (µs)";
}

double sr_pts_metric_value(const char *metric, double v)
{
	return strcmp(metric, "lat_mean") ? v : v / 1000.0;
}

/* "4 KiB" for a phase's block size. */
static void bs_label(const char *bs, char *out, size_t len)
{
	char buf[SR_FMT_LEN];

	snprintf(out, len, "%s", sr_fmt_bs(buf, pts_block_bytes(bs)));
}

static double metric_of(const struct pts_cell_result *c, const char *metric)
{
	return sr_pts_metric_value(metric, pts_tracking_value(c, metric));
}

int sr_pts_chart_convergence(struct sr_report *r, struct sr_page *p, const char *label,
			     const struct sr_pts_test *t, const struct sr_pts_phase *ph)
{
	const struct catalogue_pts_phase *def = ph->def;
	const char *cols[] = {"round", def->track_metric};
	struct sr_line lines[64];
	struct sr_key keys[64];
	char name[256], title[256], mix[16], kt[64][32];
	struct sr_panel pan = {.xlabel = "round",
			       .ylabel = sr_pts_metric_name(def->track_metric),
			       .xcol = 0,
			       .xmin = 0.5,
			       .xmax = (double)ph->nrounds + 0.5,
			       .hline = NAN};
	struct sr_chart ch;
	size_t nl = 0;
	int rc;

	sr_pts_stem(label, t, ph, "convergence", name, sizeof(name));
	sr_pts_mix_label(def->track_mix, mix, sizeof(mix));
	snprintf(title, sizeof(title), "%s: steady-state convergence, %s %s, every block size",
		 label, def->id, mix);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_HALF_W, 420)))
		return rc;
	sr_chart_frame(&ch, "block_size", NULL, cols, 2);
	for (size_t b = 0; b < def->nbs && nl < 64; b++) {
		long c = sr_pts_cell_index(def, def->track_mix, def->block_sizes[b]);

		bs_label(def->block_sizes[b], kt[nl], sizeof(kt[nl]));
		sr_chart_series(&ch, kt[nl]);
		for (size_t k = 0; k < ph->nrounds; k++) {
			double v[2] = {ph->rounds[k].round,
				       metric_of(&ph->rounds[k].cells[c], def->track_metric)};

			sr_chart_point(&ch, NULL, v);
		}
		lines[nl] = (struct sr_line){.block = nl, .ycol = 1, .colour = nl, .points = true};
		keys[nl] = (struct sr_key){.title = kt[nl], .colour = nl};
		nl++;
	}
	pan.lines = lines;
	pan.nlines = nl;
	pan.logy = sr_chart_wide(&ch, 1, 20.0);
	sr_chart_lines(&ch, &pan, 1, 1, keys, nl);
	return sr_rep_chart_end(r, &ch, p, SR_HALF_W);
}

int sr_pts_chart_window(struct sr_report *r, struct sr_page *p, const char *label,
			const struct sr_pts_test *t, const struct sr_pts_phase *ph)
{
	const struct catalogue_pts_phase *def = ph->def;
	const char *cols[] = {"round",
			      "tracking",
			      "mean",
			      "mean_plus_10pct",
			      "mean_minus_10pct",
			      "mean_plus_20pct",
			      "mean_minus_20pct",
			      "fitted_line"};
	static const struct sr_key keys[] = {
	    {.title = "tracking variable", .colour = 0, .points = true},
	    {.title = "window mean", .colour = 1},
	    {.title = "±10 % of mean", .colour = 2, .dash = 2},
	    {.title = "±20 % of mean", .colour = 3, .dash = 2},
	    {.title = "least-squares line", .colour = 4, .dash = 3},
	};
	struct sr_line lines[] = {
	    {.ycol = 1, .colour = 0, .points = true}, {.ycol = 2, .colour = 1},
	    {.ycol = 3, .colour = 2, .dash = 2},      {.ycol = 4, .colour = 2, .dash = 2},
	    {.ycol = 5, .colour = 3, .dash = 2},      {.ycol = 6, .colour = 3, .dash = 2},
	    {.ycol = 7, .colour = 4, .dash = 3},
	};
	double scale = sr_pts_metric_value(def->track_metric, 1.0);
	struct sr_panel pan = {.xlabel = "round",
			       .ylabel = sr_pts_metric_name(def->track_metric),
			       .xcol = 0,
			       .xmin = (double)ph->w.first + 0.5,
			       .xmax = (double)ph->w.last + 1.5,
			       .hline = NAN,
			       .zero_y = true,
			       .lines = lines,
			       .nlines = sizeof(lines) / sizeof(lines[0])};
	char name[256], title[256], bs[32], mix[16];
	struct sr_chart ch;
	int rc;

	if (!ph->has_window)
		return 0;
	sr_pts_stem(label, t, ph, "window", name, sizeof(name));
	bs_label(def->track_bs, bs, sizeof(bs));
	sr_pts_mix_label(def->track_mix, mix, sizeof(mix));
	snprintf(title, sizeof(title), "%s: measurement window, rounds %zu-%zu, %s %s %s", label,
		 ph->w.first + 1, ph->w.last + 1, bs, mix, sr_pts_metric_name(def->track_metric));
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_HALF_W, 420)))
		return rc;
	sr_chart_frame(&ch, "drive", NULL, cols, 8);
	sr_chart_series(&ch, label);
	for (size_t k = ph->w.first; k <= ph->w.last; k++) {
		double x = (double)(k + 1), m = ph->w.mean * scale;
		double v[8] = {x,	ph->rounds[k].tracking * scale,
			       m,	1.1 * m,
			       0.9 * m, 1.2 * m,
			       0.8 * m, (ph->w.intercept + ph->w.slope * x) * scale};

		sr_chart_point(&ch, NULL, v);
	}
	sr_chart_lines(&ch, &pan, 1, 1, keys, sizeof(keys) / sizeof(keys[0]));
	return sr_rep_chart_end(r, &ch, p, SR_HALF_W);
}

int sr_pts_chart_iops_bs(struct sr_report *r, struct sr_page *p, const char *label,
			 const struct sr_pts_test *t, const struct sr_pts_phase *ph)
{
	const struct catalogue_pts_phase *def = ph->def;
	const char *cols[] = {"point", "iops"};
	struct sr_line lines[32];
	struct sr_key keys[32];
	char name[256], title[256], kt[32][16], bs[32];
	struct sr_panel pan = {.xlabel = "block size",
			       .ylabel = "IOPS",
			       .xtic_text = true,
			       .xcol = 0,
			       .xmin = -0.3,
			       .xmax = (double)ph->def->nbs - 0.7,
			       .hline = NAN,
			       .logy = true};
	struct sr_chart ch;
	size_t nl = 0;
	int rc;

	if (!ph->cells)
		return 0;
	sr_pts_stem(label, t, ph, "iops-vs-bs", name, sizeof(name));
	snprintf(title, sizeof(title), "%s: IOPS against block size, one line per read/write mix",
		 label);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 460)))
		return rc;
	sr_chart_frame(&ch, "mix", "block_size", cols, 2);
	for (size_t m = 0; m < def->nmixes && nl < 32; m++) {
		sr_pts_mix_label(def->mixes[m], kt[nl], sizeof(kt[nl]));
		sr_chart_series(&ch, kt[nl]);
		/* smallest block first, as the standard's plot reads */
		for (size_t b = def->nbs; b-- > 0;) {
			double v[2] = {(double)(def->nbs - 1 - b),
				       ph->cells[m * def->nbs + b].iops};

			bs_label(def->block_sizes[b], bs, sizeof(bs));
			sr_chart_point(&ch, bs, v);
		}
		lines[nl] = (struct sr_line){.block = nl, .ycol = 1, .colour = nl, .points = true};
		keys[nl] = (struct sr_key){.title = kt[nl], .colour = nl};
		nl++;
	}
	pan.lines = lines;
	pan.nlines = nl;
	sr_chart_lines(&ch, &pan, 1, 1, keys, nl);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

int sr_pts_chart_latency(struct sr_report *r, struct sr_page *p, const char *label,
			 const struct sr_pts_test *t, const struct sr_pts_phase *ph)
{
	const struct catalogue_pts_phase *def = ph->def;
	const char *cols[] = {"avg_us", "max_us", "p99.999_us"};
	static const struct sr_bar_panel panels[] = {
	    {.title = "average latency", .ylabel = "µs", .col = 0},
	    {.title = "maximum latency", .ylabel = "µs", .col = 1},
	    {.title = "99.999 % latency", .ylabel = "µs", .col = 2},
	};
	struct sr_key key = {.title = label, .colour = 0};
	char name[256], title[256], cell[64], bs[32], mix[16];
	struct sr_chart ch;
	int rc;

	if (!ph->cells)
		return 0;
	sr_pts_stem(label, t, ph, "latency-bars", name, sizeof(name));
	snprintf(title, sizeof(title), "%s: latency per block size and read/write mix", label);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 460)))
		return rc;
	sr_chart_frame(&ch, "drive", "cell", cols, 3);
	sr_chart_series(&ch, label);
	for (size_t b = def->nbs; b-- > 0;)
		for (size_t m = 0; m < def->nmixes; m++) {
			const struct sr_pts_cell *c = &ph->cells[m * def->nbs + b];
			double v[3] = {c->lat_mean_ns / 1000.0, c->lat_max_ns / 1000.0,
				       c->p99999_ns / 1000.0};

			bs_label(def->block_sizes[b], bs, sizeof(bs));
			sr_pts_mix_label(def->mixes[m], mix, sizeof(mix));
			snprintf(cell, sizeof(cell), "%s %s", bs, mix);
			sr_chart_point(&ch, cell, v);
		}
	sr_chart_bars(&ch, panels, 3, 3, &key, 1);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

int sr_pts_chart_wsat(struct sr_report *r, struct sr_page *p, const char *label,
		      const struct sr_pts_test *t, const struct sr_pts_phase *ph)
{
	const char *cols[] = {"minutes", "gib_written", "iops"};
	struct sr_line line = {.block = 0, .ycol = 2, .colour = 0, .points = true};
	struct sr_key key = {.title = label, .colour = 0};
	struct sr_panel pan[2] = {
	    {.title = "IOPS against time",
	     .xlabel = "time (minutes)",
	     .ylabel = "IOPS",
	     .xcol = 0,
	     .xmin = NAN,
	     .xmax = NAN,
	     .hline = NAN,
	     .zero_y = true,
	     .lines = &line,
	     .nlines = 1},
	    {.title = "IOPS against data written",
	     .xlabel = "data written (GiB)",
	     .ylabel = "IOPS",
	     .xcol = 1,
	     .xmin = NAN,
	     .xmax = NAN,
	     .hline = NAN,
	     .zero_y = true,
	     .lines = &line,
	     .nlines = 1},
	};
	char name[256], title[256];
	struct sr_chart ch;
	double written = 0.0;
	int rc;

	sr_pts_stem(label, t, ph, "wsat", name, sizeof(name));
	snprintf(title, sizeof(title), "%s: write saturation, random 4 KiB writes, %g s samples",
		 label, t->cell_seconds);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 440)))
		return rc;
	sr_chart_frame(&ch, "drive", NULL, cols, 3);
	sr_chart_series(&ch, label);
	for (size_t k = 0; k < ph->nrounds; k++) {
		double v[3];

		written += ph->rounds[k].written;
		v[0] = (double)(k + 1) * t->cell_seconds / 60.0;
		v[1] = written / (1024.0 * 1024.0 * 1024.0);
		v[2] = ph->rounds[k].tracking;
		sr_chart_point(&ch, NULL, v);
	}
	sr_chart_lines(&ch, pan, 2, 2, &key, 1);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}
