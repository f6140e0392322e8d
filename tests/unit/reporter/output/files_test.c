// SPDX-License-Identifier: GPL-2.0-only
/*
 * files_test.c - the report's files (files.h) in a scratch directory: a file written and its size,
 * a directory made twice, a file in a missing directory refused with ENOENT, a scratch file and a
 * gzip-compressed file read back with zlib (gnuplot is run by output/gnuplot_pool.c: its test).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

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

/* 20,000 rows through the gzip stream: zlib reads back exactly what was written, smaller. */
static void gzip_file(void **state)
{
	char root[64], path[128], back[64];
	size_t rows = 0;
	gzFile z;
	FILE *f;

	(void)state;
	assert_int_equal(ft_new(root, "/tmp/out-files.XXXXXX"), 0);
	f = sr_out_open_gz(root, "s.csv.gz");
	assert_non_null(f);
	fputs("t_s,iops\n", f);
	for (int i = 1; i <= 20000; i++)
		fprintf(f, "%d,%d\n", i, 30000 + i % 97);
	assert_int_equal(fclose(f), 0);
	assert_true(sr_out_size(root, "s.csv.gz") > 0);
	/* the CSV is 228,903 bytes; zlib at level 6 makes it 70,710 */
	assert_true(sr_out_size(root, "s.csv.gz") < 228903 / 2);
	snprintf(path, sizeof(path), "%s/s.csv.gz", root);
	z = gzopen(path, "rb");
	assert_non_null(z);
	assert_non_null(gzgets(z, back, sizeof(back)));
	assert_string_equal(back, "t_s,iops\n");
	while (gzgets(z, back, sizeof(back))) {
		char want[64];

		rows++;
		snprintf(want, sizeof(want), "%zu,%zu\n", rows, 30000 + rows % 97);
		assert_string_equal(back, want);
	}
	assert_int_equal(gzclose(z), Z_OK);
	assert_int_equal(rows, 20000);
	assert_null(sr_out_open_gz(root, "missing/s.csv.gz"));
	assert_int_equal(ft_remove(root), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(files),
	    cmocka_unit_test(gzip_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
