// SPDX-License-Identifier: GPL-2.0-only
/*
 * store_test.c - library/store.c: a library made, its schema versioned, runs added in one
 * transaction each (the same run again unchanged, a resumed run replacing its entry, a failed add
 * leaving the library as it was), listed, removed, exported; files that are no library, of a
 * newer schema or locked refused naming the file; concurrent writers losing nothing.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "library/store.h"
#include "scratch.h"
#include "slurp.h"

static char path[256];

static struct lib *open_new(const char *name)
{
	struct lib *l = NULL;
	char err[1200];

	snprintf(path, sizeof(path), "%s/%s", scratch, name);
	unlink(path);
	assert_int_equal(lib_open(path, 1, &l, err, sizeof(err)), 0);
	return l;
}

/* Run @key of @model: one test, two figures (IOPS @v, latency 1e9 / @v ns, clamped). */
static int add(struct lib *l, const char *key, const char *model, double v, const char *status,
	       const char **what)
{
	char fp[128];
	struct lib_run r = {.run_key = (char *)key,
			    .kind = "ssd-review",
			    .status = (char *)status,
			    .label = "nvme0",
			    .model = (char *)model,
			    .firmware = "1.0",
			    .capacity_bytes = 3840755982336,
			    .logical_block_bytes = 4096,
			    .profile = "full",
			    .span_bytes = -1,
			    .started = "2026-12-01T10:00:00Z",
			    .fingerprint = fp};
	struct lib_test t[1] = {
	    {-1, "4k-randread", "done", "randread", 4096, "fio-3.33", "/r/4k-randread.json"}};
	struct lib_figure f[2] = {
	    {-1, "4k-randread", "4k-randread", "iops", "4K random read", "IOPS", v, 0},
	    {-1, "4k-randread", "4k-randread", "lat_mean", "4K random read", "ns", 1e9 / v, 1},
	};
	int rc;

	snprintf(fp, sizeof(fp), "%s-%.17g-%s", key, v, status);
	rc = lib_add_run(l, &r, t, 1, f, 2, what);
	free(r.added); /* the store's strdup */
	return rc;
}

static size_t count(const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	size_t n;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = (size_t)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n;
}

static void test_new_library(void **state)
{
	struct lib *l = open_new("new/dir/lib.sqlite"); /* folders made */

	(void)state;
	assert_int_equal(count("SELECT version FROM schema_version"), LIB_SCHEMA_VERSION);
	assert_int_equal(count("SELECT count(*) FROM runs"), 0);
	lib_close(l);
	/* WAL mode is the file's, kept by every later connection */
	{
		sqlite3 *db;
		sqlite3_stmt *st;

		assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
		assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL), 0);
		assert_int_equal(sqlite3_step(st), SQLITE_ROW);
		assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
		sqlite3_finalize(st);
		sqlite3_close(db);
	}
}

static void test_add_list_figures(void **state)
{
	struct lib *l = open_new("add.sqlite");
	struct lib_run *runs;
	struct lib_figure *f;
	struct lib_test *t;
	size_t n, nf, nt;
	const char *what;

	(void)state;
	assert_int_equal(add(l, "manifest:aa", "Drive A", 1000, "complete", &what), 0);
	assert_string_equal(what, "added");
	assert_int_equal(add(l, "manifest:bb", "Drive B", 2000, "interrupted", &what), 0);
	assert_int_equal(lib_list(l, NULL, NULL, &runs, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(runs[0].model, "Drive B"); /* same date: the later added first */
	assert_string_equal(runs[0].status, "interrupted");
	assert_int_equal(runs[1].capacity_bytes, 3840755982336);
	assert_int_equal(runs[1].span_bytes, -1); /* NULL stays not recorded */
	assert_non_null(runs[1].added);
	lib_runs_free(runs, n);
	assert_int_equal(lib_list(l, "drive a", NULL, &runs, &n), 0); /* any case, contained */
	assert_int_equal(n, 1);
	assert_string_equal(runs[0].model, "Drive A");
	lib_runs_free(runs, n);
	assert_int_equal(lib_list(l, NULL, "quick", &runs, &n), 0);
	assert_int_equal(n, 0);
	lib_runs_free(runs, n);
	assert_int_equal(lib_figures(l, -1, &f, &nf), 0);
	assert_int_equal(nf, 4);
	assert_string_equal(f[0].metric, "iops");
	assert_true(f[0].value == 1000);
	assert_true(f[1].value == 1e9 / 1000);
	assert_int_equal(f[1].flags, 1);
	lib_figures_free(f, nf);
	assert_int_equal(lib_tests(l, -1, &t, &nt), 0);
	assert_int_equal(nt, 2);
	assert_int_equal(t[0].bs, 4096);
	assert_string_equal(t[0].path, "/r/4k-randread.json");
	lib_tests_free(t, nt);
	lib_close(l);
}

static void test_idempotent_and_replaced(void **state)
{
	struct lib *l = open_new("idem.sqlite");
	struct lib_figure *f;
	size_t nf;
	const char *what;

	(void)state;
	assert_int_equal(add(l, "manifest:aa", "Drive A", 1000, "interrupted", &what), 0);
	assert_int_equal(add(l, "manifest:aa", "Drive A", 1000, "interrupted", &what), 0);
	assert_string_equal(what, "unchanged");
	assert_int_equal(count("SELECT count(*) FROM runs"), 1);
	assert_int_equal(count("SELECT count(*) FROM figures"), 2);
	/* resumed: the same manifest, complete now, other figures */
	assert_int_equal(add(l, "manifest:aa", "Drive A", 1500, "complete", &what), 0);
	assert_string_equal(what, "replaced");
	assert_int_equal(count("SELECT count(*) FROM runs"), 1);
	assert_int_equal(count("SELECT count(*) FROM tests"), 1);
	assert_int_equal(lib_figures(l, -1, &f, &nf), 0);
	assert_int_equal(nf, 2);
	assert_true(f[0].value == 1500);
	lib_figures_free(f, nf);
	lib_close(l);
}

/* A figure that cannot be stored (the same entry and metric twice) fails the whole add. */
static void test_failed_add_changes_nothing(void **state)
{
	struct lib *l = open_new("atomic.sqlite");
	struct lib_run r = {.run_key = "manifest:cc",
			    .kind = "fio",
			    .status = "complete",
			    .label = "x",
			    .span_bytes = -1,
			    .capacity_bytes = -1,
			    .logical_block_bytes = -1,
			    .fingerprint = "1"};
	struct lib_figure f[2] = {{-1, "t", "t", "iops", "t", "IOPS", 1, 0},
				  {-1, "t", "t", "iops", "t", "IOPS", 2, 0}};
	const char *what;

	(void)state;
	assert_int_equal(add(l, "manifest:aa", "Drive A", 1000, "complete", &what), 0);
	assert_int_equal(lib_add_run(l, &r, NULL, 0, f, 2, &what), -EIO);
	free(r.added);
	assert_non_null(strstr(lib_error(l), path));
	assert_int_equal(count("SELECT count(*) FROM runs"), 1);
	assert_int_equal(count("SELECT count(*) FROM figures"), 2);
	lib_close(l);
}

static void test_remove(void **state)
{
	struct lib *l = open_new("remove.sqlite");
	struct lib_run r;
	const char *what;

	(void)state;
	assert_int_equal(add(l, "manifest:aa11", "Drive A", 1000, "complete", &what), 0);
	assert_int_equal(add(l, "manifest:aa22", "Drive B", 1000, "complete", &what), 0);
	assert_int_equal(lib_remove(l, "99", &r), -ENOENT);
	assert_non_null(strstr(lib_error(l), "no run 99"));
	assert_int_equal(lib_remove(l, "manifest:aa22", &r), 0);
	assert_string_equal(r.model, "Drive B");
	lib_run_free(&r);
	assert_int_equal(lib_remove(l, "1", &r), 0);
	assert_string_equal(r.model, "Drive A");
	lib_run_free(&r);
	assert_int_equal(count("SELECT count(*) FROM runs"), 0);
	assert_int_equal(count("SELECT count(*) FROM figures"), 0); /* with their rows */
	assert_int_equal(count("SELECT count(*) FROM tests"), 0);
	lib_close(l);
}

static void test_export(void **state)
{
	struct lib *l = open_new("export.sqlite");
	char dir[300], file[400];
	const char *what;
	char *csv;

	(void)state;
	assert_int_equal(add(l, "manifest:aa", "Drive, \"A\"", 1000, "complete", &what), 0);
	snprintf(dir, sizeof(dir), "%s/csv", scratch);
	assert_int_equal(lib_export_csv(l, dir), 0);
	snprintf(file, sizeof(file), "%s/figures.csv", dir);
	csv = slurp(file);
	assert_string_equal(csv,
			    "run_id,test,entry,metric,title,unit,value,flags\n"
			    "1,4k-randread,4k-randread,iops,4K random read,IOPS,1000,0\n"
			    "1,4k-randread,4k-randread,lat_mean,4K random read,ns,1000000,1\n");
	free(csv);
	snprintf(file, sizeof(file), "%s/runs.csv", dir);
	csv = slurp(file);
	assert_non_null(strstr(csv, ",\"Drive, \"\"A\"\"\",")); /* quoted as CSV quotes */
	free(csv);
	lib_close(l);
}

static void refused(const char *name, int want, const char *words)
{
	struct lib *l = NULL;
	char err[1200];

	snprintf(path, sizeof(path), "%s/%s", scratch, name);
	assert_int_equal(lib_open(path, 1, &l, err, sizeof(err)), want);
	assert_null(l);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, words));
}

static void write_file(const char *name, const char *text)
{
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", scratch, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void sql(const char *name, const char *text)
{
	sqlite3 *db;

	snprintf(path, sizeof(path), "%s/%s", scratch, name);
	unlink(path);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, text, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static void test_bad_files(void **state)
{
	struct lib *l = NULL;
	char err[1200];

	(void)state;
	write_file("garbage.sqlite",
		   "this is no database, only text long enough to be read as "
		   "a header of one hundred bytes or more: .......................");
	refused("garbage.sqlite", -EINVAL, "not an SQLite database");
	sql("other.sqlite", "CREATE TABLE t (x INTEGER)");
	refused("other.sqlite", -EINVAL, "not an ssdeng library");
	sql("newer.sqlite", "CREATE TABLE schema_version (version INTEGER); INSERT INTO "
			    "schema_version VALUES (99)");
	refused("newer.sqlite", -EPROTO, "schema version 99 is newer");
	snprintf(path, sizeof(path), "%s/absent.sqlite", scratch);
	assert_int_equal(lib_open(path, 0, &l, err, sizeof(err)), -ENOENT); /* list: not made */
	assert_non_null(strstr(err, path));
	assert_int_equal(access(path, F_OK), -1);
}

static void test_locked(void **state)
{
	struct lib *l = open_new("locked.sqlite"), *m = NULL;
	sqlite3 *db;
	const char *what;
	char err[1200];

	(void)state;
	lib_close(l);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "BEGIN EXCLUSIVE", NULL, NULL, NULL), SQLITE_OK);
	setenv("SSDENG_LIBRARY_BUSY_MS", "200", 1);
	assert_int_equal(lib_open(path, 1, &m, err, sizeof(err)), -EBUSY);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "locked by another process"));
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	sqlite3_close(db);
	unsetenv("SSDENG_LIBRARY_BUSY_MS");
	assert_int_equal(lib_open(path, 1, &m, err, sizeof(err)), 0);
	assert_int_equal(add(m, "manifest:aa", "Drive A", 1, "complete", &what), 0);
	lib_close(m);
}

/* Two processes adding 40 runs each at once: every run is there. */
static void test_concurrent_writers(void **state)
{
	struct lib *l = open_new("concurrent.sqlite");
	pid_t pid[2];

	(void)state;
	lib_close(l);
	for (int p = 0; p < 2; p++) {
		pid[p] = fork();
		assert_true(pid[p] >= 0);
		if (pid[p] == 0) {
			struct lib *w = NULL;
			char err[1200], key[64];
			const char *what;
			int bad = lib_open(path, 1, &w, err, sizeof(err)) != 0;

			for (int i = 0; i < 40 && !bad; i++) {
				snprintf(key, sizeof(key), "manifest:%d-%d", p, i);
				bad = add(w, key, p ? "Drive B" : "Drive A", 100 + i, "complete",
					  &what) != 0;
			}
			lib_close(w);
			_exit(bad);
		}
	}
	for (int p = 0; p < 2; p++) {
		int st;

		assert_int_equal(waitpid(pid[p], &st, 0), pid[p]);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	assert_int_equal(count("SELECT count(*) FROM runs"), 80);
	assert_int_equal(count("SELECT count(*) FROM figures"), 160);
}

static void test_location(void **state)
{
	char out[512];

	(void)state;
	setenv("SSDENG_LIBRARY", "/env/lib.sqlite", 1);
	setenv("HOME", "/home/u", 1);
	assert_int_equal(lib_default_location("/given.sqlite", out, sizeof(out)), 0);
	assert_string_equal(out, "/given.sqlite");
	assert_int_equal(lib_default_location(NULL, out, sizeof(out)), 0);
	assert_string_equal(out, "/env/lib.sqlite");
	unsetenv("SSDENG_LIBRARY");
	assert_int_equal(lib_default_location(NULL, out, sizeof(out)), 0);
	assert_string_equal(out, "/home/u/.local/share/ssdeng/library.sqlite");
	unsetenv("HOME");
	assert_int_equal(lib_default_location(NULL, out, sizeof(out)), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_new_library),
	    cmocka_unit_test(test_add_list_figures),
	    cmocka_unit_test(test_idempotent_and_replaced),
	    cmocka_unit_test(test_failed_add_changes_nothing),
	    cmocka_unit_test(test_remove),
	    cmocka_unit_test(test_export),
	    cmocka_unit_test(test_bad_files),
	    cmocka_unit_test(test_locked),
	    cmocka_unit_test(test_concurrent_writers),
	    cmocka_unit_test(test_location),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
