// SPDX-License-Identifier: GPL-2.0-only
/*
 * files_test.c - the report's files (files.h) in a scratch directory: a file written and its size,
 * a directory made twice, a file in a missing directory refused with ENOENT, a scratch file, and
 * gnuplot run on a script that writes a file beside it and on one that fails.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fake_tree.h"
#include "output/files.h"

static void files(void **state)
{
	char root[64];
	FILE *f;

	(void)state;
	assert_int_equal(ft_new(root, "/tmp/out-files.XXXXXX"), 0);
	assert_int_equal(sr_out_size(root, "a.csv"), -1);
	f = sr_out_open(root, "a.csv", "w");
	assert_non_null(f);
	fputs("x,y\n1,2\n", f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(sr_out_size(root, "a.csv"), 8);
	assert_int_equal(sr_out_mkdir(root, "tests"), 0);
	assert_int_equal(sr_out_mkdir(root, "tests"), 0); /* already there */
	assert_null(sr_out_open(root, "missing/b.csv", "w"));
	assert_int_equal(errno, ENOENT);
	f = sr_out_open(root, "tests/b.csv", "w");
	assert_non_null(f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(sr_out_size(root, "tests/b.csv"), 0);
	f = sr_out_scratch();
	assert_non_null(f);
	assert_int_equal(fputs("kept until closed", f) >= 0, 1);
	assert_int_equal(ftell(f), 17);
	fclose(f);
	assert_int_equal(ft_remove(root), 0);
}

static void gnuplot(void **state)
{
	char root[64];
	FILE *f;

	(void)state;
	if (system("command -v gnuplot >/dev/null 2>&1") != 0)
		skip();
	assert_int_equal(ft_new(root, "/tmp/out-gnuplot.XXXXXX"), 0);
	ft_mk(root, "ok.gp", "set print \"ok.txt\"\nprint 6 * 7\n");
	ft_mk(root, "bad.gp", "this is not gnuplot\n");
	assert_int_equal(sr_out_gnuplot(root, "ok.gp", -1), 0);
	assert_int_equal(sr_out_size(root, "ok.txt"), 3); /* "42\n", relative to @dir */
	f = sr_out_scratch();
	assert_non_null(f);
	assert_int_equal(sr_out_gnuplot(root, "bad.gp", fileno(f)), -EIO);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	assert_true(ftell(f) > 0); /* gnuplot's words went to @errfd */
	fclose(f);
	assert_int_equal(ft_remove(root), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(files),
	    cmocka_unit_test(gnuplot),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
