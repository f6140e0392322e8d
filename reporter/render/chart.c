// SPDX-License-Identifier: GPL-2.0-only
/* chart.c - a chart's data files (.dat, .csv) and its script, drawn by gnuplot
 * (output/gnuplot_pool.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "output/files.h"
#include "output/gnuplot_pool.h"
#include "render/chart.h"
#include "render/csv.h"

const char *sr_colour(size_t i)
{
	/* colour-blind-safe and distinct in print: Okabe-Ito, then Tableau's remaining hues */
	static const char *const palette[] = {"#0072b2", "#e69f00", "#009e73", "#cc79a7",
					      "#d55e00", "#56b4e9", "#7f7f7f", "#8c564b",
					      "#bcbd22", "#000000"};
	return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}

void sr_gp_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
	fputc('"', f);
}

void sr_dat_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.9g", v);
	else
		fputs("NaN", f);
}

static FILE *open_in(const char *dir, const char *name, const char *ext, const char *mode)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s.%s", name, ext);
	return sr_out_open(dir, p, mode);
}

/* The name without its directory: the script and its data files lie side by side. */
static const char *base(const struct sr_chart *c)
{
	const char *s = strrchr(c->name, '/');
	return s ? s + 1 : c->name;
}

const char *sr_chart_file(const struct sr_chart *c, char *buf, size_t len)
{
	snprintf(buf, len, "%s.dat", base(c));
	return buf;
}

int sr_chart_open(struct sr_chart *c, const char *dir)
{
	c->dat = open_in(dir, c->name, "dat", "w");
	c->csv = open_in(dir, c->name, "csv", "w");
	c->gp_buf = NULL;
	c->gp = open_memstream(&c->gp_buf, &c->gp_len);
	c->has = NULL;
	c->nblocks = c->rows = c->ncols = c->text_max = 0;
	memset(c->lo, 0, sizeof(c->lo));
	memset(c->hi, 0, sizeof(c->hi));
	if (!c->dat || !c->csv || !c->gp) {
		int e = errno;
		sr_chart_abort(c);
		return -e;
	}
	fprintf(c->dat, "# %s\n", c->title);
	return 0;
}

void sr_chart_frame(struct sr_chart *c, const char *series, const char *text,
		    const char *const *cols, size_t ncols)
{
	c->text_col = text != NULL;
	c->ncols = ncols < SR_CHART_MAXCOLS ? ncols : SR_CHART_MAXCOLS;
	sr_csv_str(c->csv, series);
	if (text) {
		fputc(',', c->csv);
		sr_csv_str(c->csv, text);
	}
	fprintf(c->dat, "# columns:%s", text ? " label" : "");
	for (size_t i = 0; i < c->ncols; i++) {
		fputc(',', c->csv);
		sr_csv_str(c->csv, cols[i]);
		fprintf(c->dat, " %s", cols[i]);
	}
	if (c->shown_col) {
		fputs(",shown", c->csv);
		fputs(" shown", c->dat);
	}
	fputc('\n', c->csv);
	fputc('\n', c->dat);
}

/* The current block ends: gnuplot numbers blocks, so an empty one still holds a row. */
static void end_block(struct sr_chart *c)
{
	if (!c->nblocks)
		return;
	if (!c->rows) {
		if (c->text_col)
			fputs("\"\" ", c->dat);
		for (size_t i = 0; i < c->ncols; i++)
			fputs(i ? " NaN" : "NaN", c->dat);
		if (c->shown_col)
			fputs(" \"\"", c->dat);
		fputc('\n', c->dat);
	}
	fputs("\n\n", c->dat);
}

void sr_chart_series(struct sr_chart *c, const char *label)
{
	unsigned char *grown;

	end_block(c);
	grown = realloc(c->has, (c->nblocks + 1) * SR_CHART_MAXCOLS);
	if (grown) {
		c->has = grown;
		memset(grown + c->nblocks * SR_CHART_MAXCOLS, 0, SR_CHART_MAXCOLS);
	}
	fprintf(c->dat, "# series %zu: %s\n", c->nblocks, label);
	snprintf(c->series, sizeof(c->series), "%s", label);
	c->nblocks++;
	c->rows = 0;
}

void sr_chart_break(struct sr_chart *c) { fputc('\n', c->dat); }

void sr_chart_point(struct sr_chart *c, const char *text, const double *v)
{
	sr_chart_point_shown(c, text, v, NULL);
}

void sr_chart_point_shown(struct sr_chart *c, const char *text, const double *v, const char *shown)
{
	size_t b = c->nblocks - 1;

	sr_csv_str(c->csv, c->series);
	if (c->text_col) {
		if (text && strlen(text) > c->text_max)
			c->text_max = strlen(text);
		fputc(',', c->csv);
		sr_csv_str(c->csv, text);
		sr_gp_str(c->dat, text ? text : "");
		fputc(' ', c->dat);
	}
	for (size_t i = 0; i < c->ncols; i++) {
		fputc(',', c->csv);
		if (isfinite(v[i]))
			fprintf(c->csv, "%.9g", v[i]);
		if (i)
			fputc(' ', c->dat);
		sr_dat_num(c->dat, v[i]);
		if (isfinite(v[i]) && c->has)
			c->has[b * SR_CHART_MAXCOLS + i] = 1;
		if (isfinite(v[i]) && v[i] > 0 && i < SR_CHART_MAXCOLS) {
			if (!c->lo[i] || v[i] < c->lo[i])
				c->lo[i] = v[i];
			if (v[i] > c->hi[i])
				c->hi[i] = v[i];
		}
	}
	if (c->shown_col) {
		fputc(',', c->csv);
		sr_csv_str(c->csv, shown ? shown : "");
		fputc(' ', c->dat);
		sr_gp_str(c->dat, shown ? shown : "");
	}
	fputc('\n', c->csv);
	fputc('\n', c->dat);
	c->rows++;
}

bool sr_chart_has(const struct sr_chart *c, size_t block, size_t col)
{
	return c->has && block < c->nblocks && col < c->ncols &&
	       c->has[block * SR_CHART_MAXCOLS + col];
}

size_t sr_chart_col(const struct sr_chart *c, size_t col) { return col + 1 + c->text_col; }

size_t sr_chart_shown(const struct sr_chart *c) { return c->ncols + 1 + c->text_col; }

bool sr_chart_wide(const struct sr_chart *c, size_t col, double ratio)
{
	return col < SR_CHART_MAXCOLS && c->lo[col] > 0 && c->hi[col] > ratio * c->lo[col];
}

static long file_size(const char *dir, const char *name, const char *ext)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s.%s", name, ext);
	return sr_out_size(dir, p);
}

void sr_chart_abort(struct sr_chart *c)
{
	if (c->dat)
		fclose(c->dat);
	if (c->csv)
		fclose(c->csv);
	if (c->gp)
		fclose(c->gp);
	free(c->gp_buf);
	c->gp_buf = NULL;
	c->dat = c->csv = c->gp = NULL;
	free(c->has);
	c->has = NULL;
}

int sr_chart_close(struct sr_chart *c, const char *dir, int run, char *err, size_t errlen)
{
	char script[200], gpdir[4400], buf[401];
	FILE *gp = open_in(dir, c->name, "gp", "w");
	const char *slash = strrchr(c->name, '/');
	int rc = 0;

	end_block(c);
	if (!gp) {
		rc = -errno;
		goto out;
	}
	fprintf(
	    gp,
	    "# %s - written by ssdreport; data in %s.dat (and %s.csv). Re-plot: gnuplot %s.gp\n",
	    c->title, base(c), base(c), base(c));
	fprintf(gp, "set datafile missing NaN\nset termoption noenhanced\n");
	if (c->svg_only) /* `gnuplot -e 'formats="png svg"' NAME.gp` draws the PNG too */
		fprintf(gp, "if (!exists(\"formats\")) formats = \"svg\"\n"
			    "do for [fmt in formats] {\n");
	else
		fprintf(gp, "do for [fmt in \"png svg\"] {\n");
	/* the SVG alone on the page: its text scaled to the size pngcairo draws it at (a 10-pt
	 * label 4/3 as wide in the PNG as in the SVG at 100 %, side by side in Chromium) */
	fprintf(gp,
		"  if (fmt eq \"png\") { set terminal pngcairo size %d,%d noenhanced font \",%d\" }"
		" else { set terminal svg size %d,%d dynamic noenhanced font \"sans,%d\"%s }\n",
		c->width, c->height, c->font_pt ? c->font_pt : 10, c->width, c->height,
		c->font_pt ? c->font_pt : 10, c->svg_only ? " fontscale 1.333" : "");
	fprintf(gp, "  set output \"%s.\".fmt\n", base(c));
	if (fflush(c->gp) != 0)
		rc = -ENOMEM;
	else
		fwrite(c->gp_buf, 1, c->gp_len, gp);
	fprintf(gp, "  set output\n  reset\n  set datafile missing NaN\n}\n");
	if (fclose(gp) != 0 && !rc)
		rc = -errno;
out:
	if (fclose(c->dat) != 0 && !rc)
		rc = -errno;
	if (fclose(c->csv) != 0 && !rc)
		rc = -errno;
	fclose(c->gp);
	free(c->gp_buf);
	c->gp_buf = NULL;
	c->dat = c->csv = c->gp = NULL;
	free(c->has);
	c->has = NULL;
	if (rc || !run)
		return rc;
	if (sr_out_chart_reuse(dir, c->name) == 1) /* a live rebuild: the same chart as before */
		return 0;
	snprintf(gpdir, sizeof(gpdir), "%s%s%.*s", dir, slash ? "/" : "",
		 slash ? (int)(slash - c->name) : 0, c->name);
	snprintf(script, sizeof(script), "%s.gp", base(c));
	/* gnuplot's words (an "empty x range" warning among them) are kept aside and shown
	 * only when it fails: they are not the report's output */
	rc = sr_gp_draw(gpdir, script, buf, sizeof(buf));
	if (!rc && ((!c->svg_only && file_size(dir, c->name, "png") <= 0) ||
		    file_size(dir, c->name, "svg") <= 0))
		rc = -EIO;
	if (rc)
		snprintf(err, errlen, "gnuplot failed on %s/%s.gp (%s)%s%s", dir, c->name,
			 rc == -EIO ? "exit status or empty output" : strerror(-rc),
			 buf[0] ? ": " : "", buf);
	return rc;
}
