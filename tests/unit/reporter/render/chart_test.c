// SPDX-License-Identifier: GPL-2.0-only
/*
 * chart_test.c - a chart's script and drawing (chart.h), in a scratch directory: a ranked bar
 * chart (sr_chart_hbars()) drawn as an SVG alone (@svg_only) leaves no PNG, its text scaled to
 * pngcairo's size (10 pt: 13.33 px), every bar's value label and drive label in it, its value
 * labels offset from the bars' ends (a leading space is lost in a browser) and each the text the
 * caller's table prints (the frame's shown column: "6,544", "17.5", never a rounded "18"); the
 * value axis's label whole inside the chart beside 60-character bar labels (moved left, or in two
 * lines when longer than the chart is wide); the same script with
 * formats="png svg" draws the PNG too; a chart without @svg_only draws both, at the SVG's own
 * size; a script gnuplot refuses fails naming the chart with gnuplot's words.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fake_tree.h"
#include "slurp.h"
#include "output/files.h"
#include "render/chart_kinds.h"

static int have_gnuplot(void) { return system("command -v gnuplot >/dev/null 2>&1") == 0; }

/* The text of @dir/@name, malloc'd; NULL when absent. */
static char *slurp_in(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return slurp_if(path);
}

/* A ranking of three drives, the second selected, as library_page.c draws one. */
static int ranking(const char *root, const char *name, bool svg_only, char *err, size_t len)
{
	static const char *const cols[2] = {"value", "selected"};
	static const double v[3][2] = {{812345, 0}, {700000, 1}, {6543.7, 0}};
	static const char *const labels[3] = {"1. Acme X1 1.0", "2. Bolt 9 2.1", "3. Cog Z 0.9"};
	static const char *const shown[3] = {"812,345", "700,000", "6,544"};
	struct sr_chart c = {.width = 600, .height = 200, .svg_only = svg_only, .shown_col = true};

	snprintf(c.name, sizeof(c.name), "%s", name);
	snprintf(c.title, sizeof(c.title), "4K random read IOPS");
	assert_int_equal(sr_chart_open(&c, root), 0);
	sr_chart_frame(&c, "ranking", "drive", cols, 2);
	sr_chart_series(&c, "full");
	for (int i = 0; i < 3; i++)
		sr_chart_point_shown(&c, labels[i], v[i], shown[i]);
	assert_int_equal(sr_chart_hbars(&c, "4K random read IOPS, higher is better", 0, 1, 1), 0);
	return sr_chart_close(&c, root, 1, err, len);
}

static void svg_alone(void **state)
{
	char root[64], err[600], cmd[200];
	char *svg, *gp;

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(root, "/tmp/chart-svg.XXXXXX"), 0);
	assert_int_equal(ranking(root, "r", true, err, sizeof(err)), 0);
	assert_true(sr_out_size(root, "r.svg") > 1000);
	assert_int_equal(sr_out_size(root, "r.png"), -1);
	svg = slurp_in(root, "r.svg");
	assert_non_null(svg);
	assert_non_null(strstr(svg, "font-size=\"13.33\"")); /* 10 pt as pngcairo draws it */
	assert_null(strstr(svg, "font-size=\"10.00\""));
	for (int i = 0; i < 3; i++) { /* each value as the table prints it, no space */
		static const char *const want[3] = {">812,345<", ">700,000<", ">6,544<"};

		assert_non_null(strstr(svg, want[i]));
	}
	assert_null(strstr(svg, ">6544<"));
	assert_null(strstr(svg, "> 812,345<"));
	assert_non_null(strstr(svg, ">2. Bolt 9 2.1<"));
	free(svg);
	gp = slurp_in(root, "r.gp");
	assert_non_null(gp);
	assert_non_null(strstr(gp, "if (!exists(\"formats\")) formats = \"svg\"\n"));
	assert_non_null(strstr(gp, "offset char 0.5,0"));
	free(gp);
	/* the PNG too, when asked for */
	snprintf(cmd, sizeof(cmd), "cd %s && gnuplot -e 'formats=\"png svg\"' r.gp", root);
	assert_int_equal(system(cmd), 0);
	assert_true(sr_out_size(root, "r.png") > 1000);
	assert_int_equal(ft_remove(root), 0);
}

static void png_and_svg(void **state)
{
	char root[64], err[600];
	char *svg, *gp;

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(root, "/tmp/chart-both.XXXXXX"), 0);
	assert_int_equal(ranking(root, "both", false, err, sizeof(err)), 0);
	assert_true(sr_out_size(root, "both.png") > 1000);
	svg = slurp_in(root, "both.svg");
	assert_non_null(svg);
	assert_non_null(strstr(svg, "font-size=\"10.00\""));
	assert_null(strstr(svg, "font-size=\"13.33\""));
	free(svg);
	gp = slurp_in(root, "both.gp");
	assert_non_null(gp);
	assert_non_null(strstr(gp, "do for [fmt in \"png svg\"] {\n"));
	assert_null(strstr(gp, "formats"));
	free(gp);
	assert_int_equal(ft_remove(root), 0);
}

/* The x of the text element holding @text in @svg (gnuplot's translate(x,y) before it), -1 if
 * none. */
static double text_x(const char *svg, const char *text)
{
	char want[600];
	const char *p, *t;
	double x = -1;

	snprintf(want, sizeof(want), "<text>%s</text>", text);
	if (!(p = strstr(svg, want)))
		return -1;
	for (t = p; t > svg && strncmp(t, "translate(", 10); t--)
		;
	return sscanf(t, "translate(%lf", &x) == 1 ? x : -1;
}

/* A one-bar ranking of 1000 px whose bar label is 60 characters (the widest left margin), with
 * value axis label @xlabel; Return: the SVG's text. */
static char *one_bar(const char *root, const char *xlabel, double value, const char *shown)
{
	static const char *const cols[2] = {"value", "selected"};
	struct sr_chart c = {.width = 1000, .height = 400, .svg_only = true, .shown_col = true};
	double v[2] = {value, 0};
	char err[600];

	snprintf(c.name, sizeof(c.name), "one");
	snprintf(c.title, sizeof(c.title), "one bar");
	assert_int_equal(sr_chart_open(&c, root), 0);
	sr_chart_frame(&c, "ranking", "drive", cols, 2);
	sr_chart_series(&c, "quick");
	sr_chart_point_shown(&c, "1. reference drive QEMU 7.2.22 throttle, a model named at length",
			     v, shown);
	assert_int_equal(sr_chart_hbars(&c, xlabel, 0, 1, 1e6), 0);
	assert_int_equal(sr_chart_close(&c, root, 1, err, sizeof(err)), 0);
	return slurp_in(root, "one.svg");
}

/* A centred label of @n characters at @x lies inside a chart 1000 px wide: 7 px a character
 * (DejaVu Sans at 13.33 px averages under that over words and digits). */
static bool inside(double x, size_t n) { return x - 3.5 * n >= 0 && x + 3.5 * n <= 1000; }

static void axis_label_fits(void **state)
{
	/* the library page's label that ended "lower is bette" (113 characters) */
	static const char lat[] = "SNIA PTS-E v2.0.2, Latency test: 4 KiB 0/100 average total "
				  "latency (steady-state window mean) (\xc2\xb5s), lower is better";
	static const char longer[] =
	    "SNIA PTS-E v2.0.2, Throughput test, 1024k-write: 1 MiB 0/100 average total latency "
	    "(steady-state window mean over its five rounds), profile quick, lower is better";
	char root[64];
	char *svg;
	double x;

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(root, "/tmp/chart-xlabel.XXXXXX"), 0);
	svg = one_bar(root, lat, 17.5e6, "17.5");
	assert_non_null(svg);
	x = text_x(svg, lat);
	assert_true(x > 0);
	assert_true(inside(x, sizeof(lat) - 2)); /* µs: one character of two bytes */
	assert_non_null(strstr(svg, ">17.5<"));
	free(svg);
	/* longer than the chart is wide: two lines, broken at the ", " nearest the middle that
	 * leaves both lines narrower than the chart */
	svg = one_bar(root, longer, 1, "1");
	assert_non_null(svg);
	assert_int_equal(text_x(svg, longer), -1);
	x = text_x(svg, "SNIA PTS-E v2.0.2, Throughput test,");
	assert_true(x > 0 && inside(x, 35));
	x = text_x(svg, longer + 36);
	assert_true(x > 0 && inside(x, strlen(longer + 36)));
	free(svg);
	assert_int_equal(ft_remove(root), 0);
}

static void gnuplot_fails(void **state)
{
	char root[64], err[600], path[4096];
	const char *old = getenv("PATH");

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(root, "/tmp/chart-fail.XXXXXX"), 0);
	ft_mk(root, "bin", NULL);
	ft_mk(root, "bin/gnuplot", "#!/bin/sh\necho 'gnuplot: simulated failure' >&2\nexit 1\n");
	snprintf(path, sizeof(path), "chmod +x %s/bin/gnuplot", root);
	assert_int_equal(system(path), 0);
	snprintf(path, sizeof(path), "%s/bin:%s", root, old ? old : "");
	setenv("PATH", path, 1);
	assert_int_equal(ranking(root, "f", true, err, sizeof(err)), -EIO);
	setenv("PATH", strchr(path, ':') + 1, 1);
	assert_non_null(strstr(err, "gnuplot failed on "));
	assert_non_null(
	    strstr(err, "/f.gp (exit status or empty output): gnuplot: simulated failure"));
	assert_int_equal(ft_remove(root), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(svg_alone),
	    cmocka_unit_test(png_and_svg),
	    cmocka_unit_test(axis_label_fits),
	    cmocka_unit_test(gnuplot_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
