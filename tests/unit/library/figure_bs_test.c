// SPDX-License-Identifier: GPL-2.0-only
/*
 * figure_bs_test.c - library/figure_bs.c on an SQLite library of two runs: every figure as
 * lib_figures() gives it (same fields, same order: by run, in the run's order), each with its
 * own run's test's block size (4096, 131072; -1 for a test whose size is not recorded and for a
 * figure naming a test its run does not hold), the two runs' tests of one name told apart.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "library/figure_bs.h"
#include "library/store.h"
#include "scratch.h"

static void add(struct lib *l, const char *key, int64_t bs_read, double v)
{
	struct lib_run r = {.run_key = (char *)key,
			    .kind = "ssd-review",
			    .status = "complete",
			    .model = "Drive",
			    .capacity_bytes = -1,
			    .logical_block_bytes = -1,
			    .span_bytes = -1,
			    .fingerprint = (char *)key};
	struct lib_test t[3] = {
	    {-1, "4k-randread", "done", "randread", bs_read, NULL, NULL},
	    {-1, "seq-read", "done", "read", 131072, NULL, NULL},
	    {-1, "apps-oltp", "done", NULL, -1, NULL, NULL},
	};
	/* stored out of the tests' order, one naming a test the run does not hold */
	struct lib_figure f[5] = {
	    {-1, "seq-read", "128k-read", "mbps", "128K read", "B/s", 3e9 * v, 0},
	    {-1, "4k-randread", "4k-randread", "iops", "4K random read", "IOPS", 1e6 * v, 0},
	    {-1, "apps-oltp", "apps-oltp", "tps", "OLTP", "1/s", 5e3 * v, 0},
	    {-1, "4k-randread", "4k-randread", "lat_mean", "4K random read", "ns", 8e4 / v, 1},
	    {-1, "gone", "gone", "iops", "Gone", "IOPS", 1, 4},
	};
	const char *what;

	assert_int_equal(lib_add_run(l, &r, t, 3, f, 5, &what), 0);
	free(r.added);
}

static void test_figures_bs(void **state)
{
	static const int64_t want[10] = {131072, 4096, -1, 4096, -1, 131072, 8192, -1, 8192, -1};
	struct lib_figure *a, *b;
	int64_t *bs;
	struct lib *l;
	size_t na, nb;
	char path[256], err[1200];

	(void)state;
	snprintf(path, sizeof(path), "%s/bs.sqlite", scratch);
	unlink(path);
	assert_int_equal(lib_open(path, 1, &l, err, sizeof(err)), 0);
	add(l, "r1", 4096, 1.0);
	add(l, "r2", 8192, 2.0);
	assert_int_equal(lib_figures(l, -1, &a, &na), 0);
	assert_int_equal(lib_figures_bs(l, &b, &bs, &nb), 0);
	assert_int_equal(na, 10);
	assert_int_equal(nb, 10);
	for (size_t i = 0; i < nb; i++) {
		assert_int_equal(b[i].run_id, a[i].run_id);
		assert_string_equal(b[i].test, a[i].test);
		assert_string_equal(b[i].entry, a[i].entry);
		assert_string_equal(b[i].metric, a[i].metric);
		assert_string_equal(b[i].title, a[i].title);
		assert_string_equal(b[i].unit, a[i].unit);
		assert_true(b[i].value == a[i].value);
		assert_int_equal(b[i].flags, a[i].flags);
		assert_int_equal(bs[i], want[i]);
	}
	assert_string_equal(b[0].entry, "128k-read"); /* the run's order, not the tests' */
	assert_true(b[5].value == 6e9);
	assert_true(b[0].run_id < b[5].run_id);
	lib_figures_free(a, na);
	lib_figures_free(b, nb);
	free(bs);
	lib_close(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_figures_bs),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
