// SPDX-License-Identifier: GPL-2.0-only
/* pts_charts.c - the SNIA PTS plots (pts_page.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/format.h"
#include "render/pts_page.h"

#define MAX_DRIVES 16 /* drives a part draws side by side or as series; more are left out */

void sr_pts_stem(const struct sr_pts_part *parts, size_t n, size_t k, const char *what, char *out,
		 size_t len)
{
	snprintf(out, len, "pts-%s-%s-%s-%s", n == 1 ? parts[0].drv->label : "drives",
		 parts[0].t->id, parts[0].t->phases[k].def->id, what);
	for (char *c = out; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
}

void sr_pts_num_cell(struct sr_table *tb, size_t row, size_t col, double v, bool integer)
{
	char txt[SR_FMT_LEN], csv[SR_FMT_LEN];

	if (isnan(v)) {
		sr_table_set(tb, row, col, "%s", SR_NOT_MEASURED);
		return;
	}
	snprintf(csv, sizeof(csv), "%.6g", v);
	sr_table_num(tb, row, col, integer ? sr_fmt_int(txt, v) : sr_fmt_sig(txt, v), csv);
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

static size_t capped(size_t n) { return n < MAX_DRIVES ? n : MAX_DRIVES; }

int sr_pts_chart_convergence(struct sr_report *r, struct sr_page *p,
			     const struct sr_pts_part *parts, size_t n, size_t k, const char *num)
{
	const struct catalogue_pts_phase *def = parts[0].t->phases[k].def;
	const char *cols[] = {"round", def->track_metric};
	struct sr_line lines[MAX_DRIVES][16];
	struct sr_panel pan[MAX_DRIVES];
	struct sr_key keys[16];
	char name[256], title[300], mix[16], kt[16][32], series[64], ylabel[64];
	struct sr_chart ch;
	size_t nd = capped(n), nb = def->nbs < 16 ? def->nbs : 16, maxr = 0;
	bool wide = false;
	int rc;

	for (size_t d = 0; d < nd; d++)
		if (parts[d].t->phases[k].nrounds > maxr)
			maxr = parts[d].t->phases[k].nrounds;
	sr_pts_stem(parts, n, k, "convergence", name, sizeof(name));
	sr_pts_mix_label(def->track_mix, mix, sizeof(mix));
	/* short enough for a half-width chart (592 px): the keys name the block sizes */
	snprintf(title, sizeof(title), "%s · %s: steady-state convergence, %s %s", num, def->id,
		 mix, sr_pts_metric_name(def->track_metric));
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, nd > 1 ? SR_PAGE_W : SR_HALF_W, 420)))
		return rc;
	sr_chart_frame(&ch, nd > 1 ? "drive_block_size" : "block_size", NULL, cols, 2);
	for (size_t b = 0; b < nb; b++) {
		bs_label(def->block_sizes[b], kt[b], sizeof(kt[b]));
		keys[b] = (struct sr_key){.title = kt[b], .colour = b};
	}
	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_phase *ph = &parts[d].t->phases[k];

		for (size_t b = 0; b < nb; b++) {
			long c = sr_pts_cell_index(def, def->track_mix, def->block_sizes[b]);

			if (nd > 1)
				snprintf(series, sizeof(series), "%s %s", parts[d].drv->label,
					 kt[b]);
			sr_chart_series(&ch, nd > 1 ? series : kt[b]);
			for (size_t i = 0; i < ph->nrounds && c >= 0; i++) {
				double v[2] = {
				    ph->rounds[i].round,
				    metric_of(&ph->rounds[i].cells[c], def->track_metric)};

				sr_chart_point(&ch, NULL, v);
			}
			lines[d][b] = (struct sr_line){
			    .block = d * nb + b, .ycol = 1, .colour = b, .points = true};
		}
		pan[d] = (struct sr_panel){.title = nd > 1 ? parts[d].drv->label : NULL,
					   .xlabel = "round",
					   .ylabel = sr_pts_metric_name(def->track_metric),
					   .xcol = 0,
					   .xmin = 0.5,
					   .xmax = (double)maxr + 0.5,
					   .hline = NAN,
					   .lines = lines[d],
					   .nlines = nb};
	}
	/* from 0 like the window plots, so a few per cent of noise looks its size; block sizes
	 * 20 x apart need a log axis, which the label says */
	wide = sr_chart_wide(&ch, 1, 20.0);
	snprintf(ylabel, sizeof(ylabel), "%s%s", sr_pts_metric_name(def->track_metric),
		 wide ? " (log scale)" : "");
	for (size_t d = 0; d < nd; d++) {
		pan[d].logy = wide;
		pan[d].zero_y = !wide;
		pan[d].ylabel = ylabel;
	}
	sr_chart_lines(&ch, pan, nd, nd < 3 ? (int)nd : 3, keys, nb);
	return sr_rep_chart_end(r, &ch, p, nd > 1 ? SR_PAGE_W : SR_HALF_W);
}

void sr_ssw_row(double row[SR_SSW_N], double x, double v, double mean, double fit)
{
	row[SR_SSW_ROUND] = x;
	row[SR_SSW_VALUE] = v;
	row[SR_SSW_MEAN] = mean;
	row[SR_SSW_P10] = 1.1 * mean;
	row[SR_SSW_M10] = 0.9 * mean;
	row[SR_SSW_FIT] = fit;
}

size_t sr_ssw_lines(struct sr_line *lines, size_t block)
{
	static const struct {
		size_t ycol, colour;
		int dash;
	} ln[SR_SSW_LINES] = {{SR_SSW_VALUE, 0, 0},
			      {SR_SSW_MEAN, 1, 0},
			      {SR_SSW_P10, 2, 2},
			      {SR_SSW_M10, 2, 2},
			      {SR_SSW_FIT, 4, 3}};
	size_t n = sizeof(ln) / sizeof(ln[0]);

	for (size_t j = 0; j < n; j++)
		lines[j] = (struct sr_line){.block = block,
					    .ycol = ln[j].ycol,
					    .colour = ln[j].colour,
					    .dash = ln[j].dash,
					    .points = j == 0};
	return n;
}

void sr_ssw_keys(struct sr_key keys[SR_SSW_KEYS], const char *value_title)
{
	keys[0] = (struct sr_key){.title = value_title, .colour = 0, .points = true};
	keys[1] = (struct sr_key){.title = "window mean", .colour = 1};
	keys[2] = (struct sr_key){.title = "110 % and 90 % of mean", .colour = 2, .dash = 2};
	keys[3] = (struct sr_key){.title = "least-squares line", .colour = 4, .dash = 3};
}

int sr_pts_chart_window(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			size_t n, size_t k, const char *num)
{
	const struct catalogue_pts_phase *def = parts[0].t->phases[k].def;
	const char *cols[] = {"round",		 "tracking",	     "mean",
			      "mean_plus_10pct", "mean_minus_10pct", "fitted_line"};
	struct sr_line lines[MAX_DRIVES * SR_SSW_LINES];
	struct sr_key keys[MAX_DRIVES + 3];
	double scale = sr_pts_metric_value(def->track_metric, 1.0), x0 = INFINITY, x1 = -INFINITY;
	struct sr_panel pan = {.xlabel = "round",
			       .ylabel = sr_pts_metric_name(def->track_metric),
			       .xcol = 0,
			       .hline = NAN,
			       .zero_y = true,
			       .lines = lines};
	char name[256], title[300], bs[32], mix[16];
	struct sr_chart ch;
	size_t nd = capped(n), nl = 0, nk = 0, nblock = 0;
	int rc;

	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_phase *ph = &parts[d].t->phases[k];

		if (!ph->has_window)
			continue;
		x0 = fmin(x0, (double)ph->w.first + 0.5);
		x1 = fmax(x1, (double)ph->w.last + 1.5);
	}
	if (isinf(x0))
		return 0;
	pan.xmin = x0;
	pan.xmax = x1;
	sr_pts_stem(parts, n, k, "window", name, sizeof(name));
	bs_label(def->track_bs, bs, sizeof(bs));
	sr_pts_mix_label(def->track_mix, mix, sizeof(mix));
	snprintf(title, sizeof(title), "%s · %s: measurement window, %s %s %s", num, def->id, bs,
		 mix, sr_pts_metric_name(def->track_metric));
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, nd > 1 ? SR_PAGE_W : SR_HALF_W, 420)))
		return rc;
	sr_chart_frame(&ch, "drive", NULL, cols, SR_SSW_N);
	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_phase *ph = &parts[d].t->phases[k];

		if (!ph->has_window)
			continue;
		sr_chart_series(&ch, parts[d].drv->label);
		for (size_t i = ph->w.first; i <= ph->w.last; i++) {
			double x = (double)(i + 1), v[SR_SSW_N];

			sr_ssw_row(v, x, ph->rounds[i].tracking * scale, ph->w.mean * scale,
				   (ph->w.intercept + ph->w.slope * x) * scale);
			sr_chart_point(&ch, NULL, v);
		}
		if (nd == 1) {
			nl += sr_ssw_lines(lines + nl, nblock);
		} else {
			/* each drive in its colour: its values, its mean, 110 % and 90 %, its line
			 */
			static const struct {
				size_t ycol;
				int dash;
			} many[] = {{SR_SSW_VALUE, 0},
				    {SR_SSW_MEAN, 3},
				    {SR_SSW_P10, 2},
				    {SR_SSW_M10, 2},
				    {SR_SSW_FIT, 4}};

			for (size_t j = 0; j < 5; j++)
				lines[nl++] = (struct sr_line){.block = nblock,
							       .ycol = many[j].ycol,
							       .colour = d,
							       .dash = many[j].dash,
							       .points = j == 0};
			keys[nk++] = (struct sr_key){
			    .title = parts[d].drv->label, .colour = d, .points = true};
		}
		nblock++;
	}
	pan.nlines = nl;
	if (nd == 1) {
		struct sr_key one_keys[SR_SSW_KEYS];

		sr_ssw_keys(one_keys, "tracking variable");
		sr_chart_lines(&ch, &pan, 1, 1, one_keys, SR_SSW_KEYS);
	} else {
		keys[nk++] = (struct sr_key){.title = "mean (dotted)", .colour = 99, .dash = 3};
		keys[nk++] = (struct sr_key){
		    .title = "110 % and 90 % of mean (dashed)", .colour = 99, .dash = 2};
		keys[nk++] =
		    (struct sr_key){.title = "least-squares line", .colour = 99, .dash = 4};
		sr_chart_lines(&ch, &pan, 1, 1, keys, nk);
	}
	return sr_rep_chart_end(r, &ch, p, nd > 1 ? SR_PAGE_W : SR_HALF_W);
}

int sr_pts_chart_iops_bs(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			 size_t n, size_t k, const char *num)
{
	const struct catalogue_pts_phase *def = parts[0].t->phases[k].def;
	const char *cols[] = {"point", "iops"};
	struct sr_line lines[MAX_DRIVES][16];
	struct sr_panel pan[MAX_DRIVES];
	struct sr_key keys[16];
	char name[256], title[300], kt[16][16], bs[32], series[64];
	struct sr_chart ch;
	size_t nd = capped(n), nm = def->nmixes < 16 ? def->nmixes : 16, np = 0;
	int rc;

	sr_pts_stem(parts, n, k, "iops-vs-bs", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s · %s: IOPS against block size, one line per read/write mix", num, def->id);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 460)))
		return rc;
	sr_chart_frame(&ch, nd > 1 ? "drive_mix" : "mix", "block_size", cols, 2);
	for (size_t m = 0; m < nm; m++) {
		sr_pts_mix_label(def->mixes[m], kt[m], sizeof(kt[m]));
		keys[m] = (struct sr_key){.title = kt[m], .colour = m};
	}
	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_phase *ph = &parts[d].t->phases[k];

		if (!ph->cells)
			continue;
		for (size_t m = 0; m < nm; m++) {
			if (nd > 1)
				snprintf(series, sizeof(series), "%s %s", parts[d].drv->label,
					 kt[m]);
			sr_chart_series(&ch, nd > 1 ? series : kt[m]);
			/* smallest block first, as the standard's plot reads */
			for (size_t b = def->nbs; b-- > 0;) {
				double v[2] = {(double)(def->nbs - 1 - b),
					       ph->cells[m * def->nbs + b].iops};

				bs_label(def->block_sizes[b], bs, sizeof(bs));
				sr_chart_point(&ch, bs, v);
			}
			lines[np][m] = (struct sr_line){
			    .block = np * nm + m, .ycol = 1, .colour = m, .points = true};
		}
		pan[np] = (struct sr_panel){.title = nd > 1 ? parts[d].drv->label : NULL,
					    .xlabel = "block size",
					    .ylabel = "IOPS",
					    .xtic_text = true,
					    .xtic_slant = nd > 1,
					    .xcol = 0,
					    .xmin = -0.3,
					    .xmax = (double)def->nbs - 0.7,
					    .hline = NAN,
					    .logy = true,
					    .lines = lines[np],
					    .nlines = nm};
		np++;
	}
	if (!np) {
		sr_chart_abort(&ch);
		return 0;
	}
	sr_chart_lines(&ch, pan, np, np < 3 ? (int)np : 3, keys, nm);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

int sr_pts_chart_latency(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			 size_t n, size_t k, const char *num)
{
	const struct catalogue_pts_phase *def = parts[0].t->phases[k].def;
	static const char *const titles[] = {"average latency (total: fio lat)",
					     "maximum latency (total: fio lat)",
					     "99.999 % latency (completion: fio clat)"};
	static const char *const stems[] = {"avg", "max", "p99.999"};
	char colname[3][32];
	const char *cols[] = {colname[0], colname[1], colname[2]};
	struct sr_bar_panel panels[3];
	enum sr_lat_unit unit[3];
	struct sr_key keys[MAX_DRIVES];
	char name[256], title[300], cell[64], bs[32], mix[16];
	struct sr_chart ch;
	size_t nd = capped(n), nk = 0;
	int rc;

	sr_pts_stem(parts, n, k, "latency-bars", name, sizeof(name));
	snprintf(title, sizeof(title), "%s · %s: latency per block size and read/write mix", num,
		 def->id);
	/* one panel per row: nine clusters' labels need the page's width */
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 1100)))
		return rc;
	/* a unit per panel, from its values: maxima in ms beside averages in µs */
	for (size_t j = 0; j < 3; j++) {
		double v[MAX_DRIVES * 64];
		size_t nv = 0;

		for (size_t d = 0; d < nd; d++) {
			const struct sr_pts_phase *ph = &parts[d].t->phases[k];

			for (size_t c = 0;
			     ph->cells && c < def->nbs * def->nmixes && nv < MAX_DRIVES * 64; c++)
				v[nv++] = j == 0   ? ph->cells[c].lat_mean_ns
					  : j == 1 ? ph->cells[c].lat_max_ns
						   : ph->cells[c].p99999_ns;
		}
		unit[j] = sr_lat_unit_for(v, nv);
		snprintf(colname[j], sizeof(colname[j]), "%s_%s", stems[j],
			 unit[j] == SR_UNIT_US	? "us"
			 : unit[j] == SR_UNIT_S ? "s"
						: "ms");
		panels[j] = (struct sr_bar_panel){
		    .title = titles[j], .ylabel = sr_lat_unit_name(unit[j]), .col = j};
	}
	sr_chart_frame(&ch, "drive", "cell", cols, 3);
	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_phase *ph = &parts[d].t->phases[k];

		sr_chart_series(&ch, parts[d].drv->label);
		keys[nk++] = (struct sr_key){.title = parts[d].drv->label, .colour = d};
		for (size_t b = def->nbs; b-- > 0;)
			for (size_t m = 0; m < def->nmixes; m++) {
				const struct sr_pts_cell *c =
				    ph->cells ? &ph->cells[m * def->nbs + b] : NULL;
				double v[3] = {c ? sr_lat_in(c->lat_mean_ns, unit[0]) : NAN,
					       c ? sr_lat_in(c->lat_max_ns, unit[1]) : NAN,
					       c ? sr_lat_in(c->p99999_ns, unit[2]) : NAN};

				bs_label(def->block_sizes[b], bs, sizeof(bs));
				sr_pts_mix_label(def->mixes[m], mix, sizeof(mix));
				snprintf(cell, sizeof(cell), "%s %s", bs, mix);
				sr_chart_point(&ch, cell, v);
			}
	}
	sr_chart_bars(&ch, panels, 3, 1, keys, nk);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}

int sr_pts_chart_wsat(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
		      size_t n, size_t k, const char *num)
{
	const char *cols[] = {"minutes", "gib_written", "iops"};
	struct sr_line lines[MAX_DRIVES];
	struct sr_key keys[MAX_DRIVES];
	struct sr_panel pan[2] = {
	    {.title = "IOPS against time",
	     .xlabel = "time (minutes)",
	     .ylabel = "IOPS",
	     .xcol = 0,
	     .xmin = 0,
	     .xmax = NAN,
	     .hline = NAN,
	     .zero_y = true,
	     .lines = lines},
	    {.title = "IOPS against data written",
	     .xlabel = "data written (GiB)",
	     .ylabel = "IOPS",
	     .xcol = 1,
	     .xmin = 0,
	     .xmax = NAN,
	     .hline = NAN,
	     .zero_y = true,
	     .lines = lines},
	};
	char name[256], title[300];
	struct sr_chart ch;
	size_t nd = capped(n);
	int rc;

	sr_pts_stem(parts, n, k, "wsat", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s · %s: write saturation, random 4 KiB writes, a sample per round (time: fio's "
		 "measured I/O time)",
		 num, parts[0].t->phases[k].def->id);
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 440)))
		return rc;
	sr_chart_frame(&ch, "drive", NULL, cols, 3);
	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_phase *ph = &parts[d].t->phases[k];
		double written = 0.0, elapsed = 0.0, xmax;

		sr_chart_series(&ch, parts[d].drv->label);
		for (size_t i = 0; i < ph->nrounds; i++) {
			double v[3];

			/* each round at the end of its own time: rounds that end by bytes written
			 * differ in length; a round of unknown time leaves the time axis */
			elapsed += ph->rounds[i].seconds;
			written += ph->rounds[i].written;
			v[0] = elapsed / 60.0;
			v[1] = written / (1024.0 * 1024.0 * 1024.0);
			v[2] = ph->rounds[i].tracking;
			sr_chart_point(&ch, NULL, v);
		}
		/* from 0, so one sample still has an x range */
		xmax = isnan(elapsed) ? NAN : elapsed / 60.0;
		if (isnan(pan[0].xmax) || xmax > pan[0].xmax)
			pan[0].xmax = xmax;
		xmax = written / (1024.0 * 1024.0 * 1024.0);
		if (isnan(pan[1].xmax) || xmax > pan[1].xmax)
			pan[1].xmax = xmax;
		lines[d] = (struct sr_line){.block = d, .ycol = 2, .colour = d, .points = true};
		keys[d] = (struct sr_key){.title = parts[d].drv->label, .colour = d};
	}
	for (size_t i = 0; i < 2; i++) {
		pan[i].nlines = nd;
		if (!(pan[i].xmax > 0))
			pan[i].xmax = NAN;
	}
	sr_chart_lines(&ch, pan, 2, 2, keys, nd);
	return sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
}
