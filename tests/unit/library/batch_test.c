// SPDX-License-Identifier: GPL-2.0-only
/*
 * batch_test.c - library/batch.c through lib_add_run() on an SQLite library: runs of 0, 1, a
 * statement's worth of rows (LIB_BATCH_PARAMS), one more, and 300 tests and figures (three
 * statements) read back whole and in order (every field, NULLs kept, seq 0..n-1), each run's
 * rows its own; a row the schema refuses (a figure twice) rolls the whole run back.
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

#include "library/batch.h"
#include "library/schema.h"
#include "library/store.h"
#include "scratch.h"

static struct lib *lib;

/* Run @key of @n tests and @n figures, the i-th with values made from i (some NULL). */
static int add(const char *key, size_t n, int dup)
{
	struct lib_run r = {.run_key = (char *)key,
			    .kind = "ssd-review",
			    .status = "complete",
			    .model = "Drive",
			    .capacity_bytes = -1,
			    .logical_block_bytes = -1,
			    .span_bytes = -1,
			    .fingerprint = (char *)key};
	struct lib_test *t = calloc(n + 1, sizeof(*t));
	struct lib_figure *f = calloc(n + 1, sizeof(*f));
	char(*name)[32] = calloc(n + 1, sizeof(*name));
	const char *what;
	int rc;

	assert_non_null(t);
	assert_non_null(f);
	assert_non_null(name);
	for (size_t i = 0; i < n; i++) {
		snprintf(name[i], sizeof(name[i]), "%s-t%zu", key, i);
		t[i] = (struct lib_test){-1,
					 name[i],
					 "done",
					 i % 3 ? "randread" : NULL,
					 i % 5 ? (int64_t)(512 * i) : -1,
					 "fio-3.33",
					 NULL};
		f[i] = (struct lib_figure){-1,
					   name[i],
					   dup && i == n - 1 ? name[0] : name[i],
					   "iops",
					   i % 2 ? "A title" : NULL,
					   "IOPS",
					   1.5 * (double)i + 0.25,
					   (unsigned)(i % 16)};
	}
	rc = lib_add_run(lib, &r, t, n, f, n, &what);
	free(r.added);
	free(t);
	free(f);
	free(name);
	return rc;
}

/* The run @key's rows read back equal what add() wrote. */
static void check(const char *key, size_t n)
{
	struct lib_run *runs;
	struct lib_test *t;
	struct lib_figure *f;
	size_t nr, nt, nf;
	int64_t id = -1;
	char want[32];

	assert_int_equal(lib_list(lib, NULL, NULL, &runs, &nr), 0);
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(runs[i].run_key, key))
			id = runs[i].id;
	lib_runs_free(runs, nr);
	assert_true(id >= 0);
	assert_int_equal(lib_tests(lib, id, &t, &nt), 0);
	assert_int_equal(lib_figures(lib, id, &f, &nf), 0);
	assert_int_equal(nt, n);
	assert_int_equal(nf, n);
	for (size_t i = 0; i < n; i++) {
		snprintf(want, sizeof(want), "%s-t%zu", key, i);
		assert_int_equal(t[i].run_id, id);
		assert_string_equal(t[i].test, want);
		assert_string_equal(t[i].status, "done");
		if (i % 3)
			assert_string_equal(t[i].rw, "randread");
		else
			assert_null(t[i].rw);
		assert_int_equal(t[i].bs, i % 5 ? (int64_t)(512 * i) : -1);
		assert_string_equal(t[i].fio_version, "fio-3.33");
		assert_null(t[i].path);
		assert_int_equal(f[i].run_id, id);
		assert_string_equal(f[i].test, want);
		assert_string_equal(f[i].entry, want);
		assert_string_equal(f[i].metric, "iops");
		if (i % 2)
			assert_string_equal(f[i].title, "A title");
		else
			assert_null(f[i].title);
		assert_true(f[i].value == 1.5 * (double)i + 0.25);
		assert_int_equal(f[i].flags, i % 16);
	}
	lib_tests_free(t, nt);
	lib_figures_free(f, nf);
}

static void test_batches(void **state)
{
	size_t per_t = (LIB_BATCH_PARAMS - 1) / ((size_t)lib_tests_table.ncols + 1);
	size_t per_f = (LIB_BATCH_PARAMS - 1) / ((size_t)lib_figures_table.ncols + 1);
	const size_t sizes[] = {0, 1, per_t, per_t + 1, per_f, per_f + 1, 300};
	char path[256], err[1200], key[16];

	(void)state;
	assert_true(300 > 2 * per_t); /* three statements */
	snprintf(path, sizeof(path), "%s/batch.sqlite", scratch);
	unlink(path);
	assert_int_equal(lib_open(path, 1, &lib, err, sizeof(err)), 0);
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		snprintf(key, sizeof(key), "r%zu", k);
		assert_int_equal(add(key, sizes[k], 0), 0);
	}
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		snprintf(key, sizeof(key), "r%zu", k);
		check(key, sizes[k]);
	}
	lib_close(lib);
}

static void test_refused_row_rolls_back(void **state)
{
	struct lib_run *runs;
	size_t nr;
	char path[256], err[1200];

	(void)state;
	snprintf(path, sizeof(path), "%s/refused.sqlite", scratch);
	unlink(path);
	assert_int_equal(lib_open(path, 1, &lib, err, sizeof(err)), 0);
	assert_int_equal(add("ok", 10, 0), 0);
	/* the last figure repeats the first one's key (run_id, entry, metric): refused */
	assert_int_equal(add("dup", 200, 1), -EIO);
	assert_non_null(strstr(lib_error(lib), "adding the run's figures"));
	assert_int_equal(lib_list(lib, NULL, NULL, &runs, &nr), 0);
	assert_int_equal(nr, 1);
	assert_string_equal(runs[0].run_key, "ok");
	lib_runs_free(runs, nr);
	check("ok", 10);
	lib_close(lib);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_batches),
	    cmocka_unit_test(test_refused_row_rolls_back),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
