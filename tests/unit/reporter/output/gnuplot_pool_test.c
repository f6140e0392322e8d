// SPDX-License-Identifier: GPL-2.0-only
/*
 * gnuplot_pool_test.c - the gnuplot processes drawing a page's charts (gnuplot_pool.h), in a
 * scratch directory: six scripts spread over three processes each write their file; four charts
 * of the kind render/chart.c writes (a PNG and an SVG each) drawn by a pool of three are, byte
 * for byte, those one gnuplot loading them in turn draws (`gnuplot all.gp`: the SVG terminal's
 * colour kept from one plot to the next); a script gnuplot refuses fails the pool with gnuplot's
 * words; names with quotes and spaces are loaded, an empty one or one with a line break refused;
 * the width's bounds; sr_gp_draw(), the pool of one: a script's file written beside it, its
 * warnings kept when it succeeds, a failure's words, gnuplot missing from $PATH.
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
#include "output/files.h"
#include "output/gnuplot_pool.h"

static int have_gnuplot(void) { return system("command -v gnuplot >/dev/null 2>&1") == 0; }

/* The bytes of @dir/@name, malloc'd, in *@len; NULL when absent. */
static char *slurp(const char *dir, const char *name, long *len)
{
	FILE *f = sr_out_open(dir, name, "rb");
	char *buf;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	*len = ftell(f);
	rewind(f);
	buf = malloc((size_t)*len + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)*len, f), (size_t)*len);
	fclose(f);
	return buf;
}

static void spread(void **state)
{
	struct sr_gp_pool *p;
	char root[64], name[32], body[96], err[64];

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(root, "/tmp/gp-pool.XXXXXX"), 0);
	for (int i = 0; i < 6; i++) {
		snprintf(name, sizeof(name), "s%d.gp", i);
		snprintf(body, sizeof(body), "set print \"s%d.txt\"\nprint %d * 7\n", i, i + 1);
		ft_mk(root, name, body);
	}
	assert_int_equal(sr_gp_pool_open(&p, root, 3), 0);
	for (int i = 0; i < 6; i++) {
		snprintf(name, sizeof(name), "s%d.gp", i);
		assert_int_equal(sr_gp_pool_load(p, name), 0);
	}
	assert_int_equal(sr_gp_pool_close(p, err, sizeof(err)), 0);
	assert_string_equal(err, "");
	for (int i = 0; i < 6; i++) {
		long len;
		char *txt;

		snprintf(name, sizeof(name), "s%d.txt", i);
		txt = slurp(root, name, &len);
		assert_non_null(txt);
		txt[len] = '\0';
		assert_int_equal(atoi(txt), (i + 1) * 7); /* relative to the pool's directory */
		free(txt);
	}
	assert_int_equal(ft_remove(root), 0);
}

/* A chart as render/chart.c writes one: PNG then SVG, ending in reset. */
static void chart(const char *root, int i)
{
	char name[32], body[900];

	snprintf(name, sizeof(name), "c%d.dat", i);
	snprintf(body, sizeof(body), "\"a\" %d\n\"b\" %d\n\"c\" %d\n", 3 + i, 5, 2 * i + 1);
	ft_mk(root, name, body);
	snprintf(name, sizeof(name), "c%d.gp", i);
	snprintf(
	    body, sizeof(body),
	    "set datafile missing NaN\nset termoption noenhanced\n"
	    "do for [fmt in \"png svg\"] {\n"
	    "  if (fmt eq \"png\") { set terminal pngcairo size 200,120 noenhanced font \",8\" }"
	    " else { set terminal svg size 200,120 dynamic noenhanced font \"sans,8\" }\n"
	    "  set output \"c%d.\".fmt\n"
	    "  set style fill solid 0.85 border -1\n  set yrange [-3:1]\n  set xrange [0:*]\n"
	    "  plot \"c%d.dat\" using ($2/2):(-$0):($2/2):(0.38):ytic(1) with boxxyerror "
	    "notitle, \"c%d.dat\" using 2:(-$0):(sprintf(\" %%.0f\", $2)) with labels left "
	    "notitle\n"
	    "  set output\n  reset\n  set datafile missing NaN\n}\n",
	    i, i, i);
	ft_mk(root, name, body);
}

static void same_bytes_as_one_gnuplot(void **state)
{
	static const char *const ext[] = {"png", "svg"};
	char one[64], pool[64], name[32], all[256] = "", err[64], cmd[128];
	struct sr_gp_pool *p;

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(one, "/tmp/gp-one.XXXXXX"), 0);
	assert_int_equal(ft_new(pool, "/tmp/gp-pool.XXXXXX"), 0);
	for (int i = 0; i < 4; i++) {
		chart(one, i);
		chart(pool, i);
		snprintf(all + strlen(all), sizeof(all) - strlen(all), "load \"c%d.gp\"\n", i);
	}
	ft_mk(one, "all.gp", all);
	snprintf(cmd, sizeof(cmd), "cd %s && gnuplot all.gp", one);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(sr_gp_pool_open(&p, pool, 3), 0);
	for (int i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "c%d.gp", i);
		assert_int_equal(sr_gp_pool_load(p, name), 0);
	}
	assert_int_equal(sr_gp_pool_close(p, err, sizeof(err)), 0);
	for (int i = 0; i < 4; i++)
		for (int e = 0; e < 2; e++) {
			long la = -1, lb = -2;
			char *a, *b;

			snprintf(name, sizeof(name), "c%d.%s", i, ext[e]);
			a = slurp(one, name, &la);
			b = slurp(pool, name, &lb);
			assert_non_null(a);
			assert_non_null(b);
			assert_true(la > 100);
			assert_int_equal(la, lb);
			assert_memory_equal(a, b, (size_t)la);
			free(a);
			free(b);
		}
	assert_int_equal(ft_remove(one), 0);
	assert_int_equal(ft_remove(pool), 0);
}

static void failure_and_names(void **state)
{
	struct sr_gp_pool *p;
	char root[64], err[128];

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(root, "/tmp/gp-pool.XXXXXX"), 0);
	ft_mk(root, "bad.gp", "this is not gnuplot\n");
	ft_mk(root, "a'b \"c.gp", "set print \"q.txt\"\nprint 6 * 7\n");
	assert_int_equal(sr_gp_pool_open(&p, root, 2), 0);
	assert_int_equal(sr_gp_pool_load(p, "a\nb.gp"), -EINVAL);
	assert_int_equal(sr_gp_pool_load(p, ""), -EINVAL);
	assert_int_equal(sr_gp_pool_load(p, "a'b \"c.gp"), 0); /* quoted as 'a''b "c.gp' */
	assert_int_equal(sr_gp_pool_load(p, "bad.gp"), 0);
	assert_int_equal(sr_gp_pool_close(p, err, sizeof(err)), -EIO);
	assert_non_null(strstr(err, "this is not gnuplot")); /* gnuplot quotes the line */
	assert_null(strchr(err, '\n'));
	assert_int_equal(sr_out_size(root, "q.txt"), 3); /* "42\n" */
	assert_int_equal(sr_gp_pool_open(&p, root, 0), -EINVAL);
	assert_int_equal(sr_gp_pool_open(&p, root, 17), -EINVAL);
	assert_int_equal(ft_remove(root), 0);
}

static void width(void **state)
{
	(void)state;
	setenv("SSDREPORT_GNUPLOTS", "7", 1);
	assert_int_equal(sr_gp_pool_width(), 7);
	setenv("SSDREPORT_GNUPLOTS", "0", 1); /* out of range: the CPUs, 1 to 4 */
	assert_in_range(sr_gp_pool_width(), 1, 4);
	unsetenv("SSDREPORT_GNUPLOTS");
	assert_in_range(sr_gp_pool_width(), 1, 4);
}

static void draw_one(void **state)
{
	char root[64], err[512], path[4096];
	const char *old = getenv("PATH");

	(void)state;
	if (!have_gnuplot())
		skip();
	assert_int_equal(ft_new(root, "/tmp/gp-draw.XXXXXX"), 0);
	ft_mk(root, "ok.gp", "set print \"ok.txt\"\nprint 6 * 7\n");
	ft_mk(root, "warn.gp", "print \"a warning\"\n"); /* print: gnuplot's stderr */
	ft_mk(root, "bad.gp", "this is not gnuplot\n");
	assert_int_equal(sr_gp_draw(root, "ok.gp", err, sizeof(err)), 0);
	assert_int_equal(sr_out_size(root, "ok.txt"), 3); /* "42\n", relative to @dir */
	assert_string_equal(err, "");
	assert_int_equal(sr_gp_draw(root, "warn.gp", err, sizeof(err)), 0);
	assert_string_equal(err, "a warning "); /* on one line */
	assert_int_equal(sr_gp_draw(root, "bad.gp", err, sizeof(err)), -EIO);
	assert_non_null(strstr(err, "this is not gnuplot"));
	assert_int_equal(sr_gp_draw(root, "no-such.gp", err, sizeof(err)), -EIO);
	assert_int_equal(sr_gp_draw(root, "a\nb.gp", err, sizeof(err)), -EINVAL);
	snprintf(path, sizeof(path), "%s", old ? old : "");
	setenv("PATH", "/nonexistent", 1); /* no gnuplot: the child exits 127 */
	assert_int_equal(sr_gp_draw(root, "ok.gp", err, sizeof(err)), -EIO);
	setenv("PATH", path, 1);
	assert_int_equal(ft_remove(root), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(spread),
	    cmocka_unit_test(same_bytes_as_one_gnuplot),
	    cmocka_unit_test(failure_and_names),
	    cmocka_unit_test(width),
	    cmocka_unit_test(draw_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
