// SPDX-License-Identifier: GPL-2.0-only
/*
 * store.c - the results library in SQLite (store.h, docs/library-format.md): WAL mode and a busy
 * timeout so that several writers wait for each other, one transaction per run added, the schema
 * versioned in `schema_version` and migrated after a copy of the file is kept.
 */
#include <errno.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "library/store.h"

struct lib {
	sqlite3 *db;
	char path[PATH_MAX];
	char err[1024];
	int busy_ms; /* how long a writer waits for another: LIB_BUSY_TIMEOUT_MS, or
		      * $SSDENG_LIBRARY_BUSY_MS */
};

/* The schema of version LIB_SCHEMA_VERSION (docs/library-format.md). */
static const char schema_sql[] =
    "CREATE TABLE schema_version (version INTEGER NOT NULL);"
    "CREATE TABLE runs ("
    " id INTEGER PRIMARY KEY,"
    " run_key TEXT NOT NULL UNIQUE,"
    " kind TEXT NOT NULL,"
    " status TEXT NOT NULL,"
    " label TEXT, model TEXT, serial TEXT, firmware TEXT, transport TEXT,"
    " capacity_bytes INTEGER, logical_block_bytes INTEGER,"
    " manifest_id TEXT, profile TEXT, span_bytes INTEGER,"
    " host TEXT, fio_version TEXT, engine_version TEXT,"
    " started TEXT, added TEXT NOT NULL, source TEXT, fingerprint TEXT NOT NULL);"
    "CREATE INDEX runs_model ON runs (model);"
    "CREATE TABLE tests ("
    " run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
    " test TEXT NOT NULL, status TEXT, rw TEXT, bs_bytes INTEGER, fio_version TEXT, path TEXT,"
    " PRIMARY KEY (run_id, test));"
    "CREATE TABLE figures ("
    " run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
    " test TEXT NOT NULL, entry TEXT NOT NULL, metric TEXT NOT NULL, title TEXT,"
    " unit TEXT NOT NULL, value REAL NOT NULL, flags INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY (run_id, entry, metric));"
    "CREATE INDEX figures_entry ON figures (entry, metric);";

/* Migrations: migrations[v - 1] takes a library of version v to v + 1 (none yet). */
static const char *const migrations[LIB_SCHEMA_VERSION - 1 + 1] = {NULL};

static int fail(struct lib *l, int rc, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(l->err, sizeof(l->err), "%s: ", l->path);

	va_start(ap, fmt);
	vsnprintf(l->err + n, sizeof(l->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return rc;
}

/* An SQLite result code as an errno with the message. */
static int sql_fail(struct lib *l, int code, const char *what)
{
	const char *msg = sqlite3_errmsg(l->db);

	switch (code & 0xff) {
	case SQLITE_NOTADB:
		return fail(l, -EINVAL, "not an SQLite database, so not an ssdeng library (%s)",
			    msg);
	case SQLITE_CORRUPT:
		return fail(l, -EINVAL, "the SQLite file is damaged (%s)", msg);
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return fail(l, -EBUSY, "locked by another process for more than %.3g s (%s)",
			    l->busy_ms / 1000.0, msg);
	case SQLITE_NOMEM:
		return fail(l, -ENOMEM, "%s: out of memory", what);
	case SQLITE_READONLY:
	case SQLITE_CANTOPEN:
	case SQLITE_PERM:
		return fail(l, -EACCES, "%s: %s", what, msg);
	default:
		return fail(l, -EIO, "%s: %s", what, msg);
	}
}

static int exec(struct lib *l, const char *sql, const char *what)
{
	int rc = sqlite3_exec(l->db, sql, NULL, NULL, NULL);

	return rc == SQLITE_OK ? 0 : sql_fail(l, rc, what);
}

static int prepare(struct lib *l, const char *sql, sqlite3_stmt **st)
{
	int rc = sqlite3_prepare_v2(l->db, sql, -1, st, NULL);

	return rc == SQLITE_OK ? 0 : sql_fail(l, rc, "reading the library");
}

int lib_default_location(const char *given, char *out, size_t len)
{
	const char *env = getenv("SSDENG_LIBRARY"), *home = getenv("HOME");

	if (given && *given)
		return snprintf(out, len, "%s", given) < (int)len ? 0 : -ENAMETOOLONG;
	if (env && *env)
		return snprintf(out, len, "%s", env) < (int)len ? 0 : -ENAMETOOLONG;
	if (!home || !*home)
		return -ENOENT;
	return snprintf(out, len, "%s/.local/share/ssdeng/library.sqlite", home) < (int)len
		   ? 0
		   : -ENAMETOOLONG;
}

/* mkdir -p of @path's folder. */
static int make_parent(const char *path)
{
	char dir[PATH_MAX];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return 0;
	*slash = '\0';
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(dir, 0777) && errno != EEXIST)
				return -errno;
			*p = '/';
		}
	if (mkdir(dir, 0777) && errno != EEXIST)
		return -errno;
	return 0;
}

/* The file's schema version: 0 when the file is empty (a new library). */
static int schema_version(struct lib *l, long *version)
{
	sqlite3_stmt *st = NULL;
	int rc, tables = 0, has_version = 0;

	if ((rc = prepare(l, "SELECT name FROM sqlite_master WHERE type = 'table'", &st)))
		return rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		tables++;
		has_version |= !strcmp((const char *)sqlite3_column_text(st, 0), "schema_version");
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return sql_fail(l, rc, "reading the library");
	*version = 0;
	if (!tables)
		return 0;
	if (!has_version)
		return fail(l, -EINVAL,
			    "an SQLite database without a schema_version table: not an ssdeng "
			    "library");
	if ((rc = prepare(l, "SELECT version FROM schema_version", &st)))
		return rc;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*version = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW || *version < 1)
		return fail(l, -EINVAL, "schema_version holds no version: not an ssdeng library");
	return 0;
}

/* A copy of the file before a migration: <file>.schema-vN.bak (VACUUM INTO: consistent). */
static int keep_copy(struct lib *l, long version)
{
	char copy[PATH_MAX + 32], *sql;
	int rc;

	snprintf(copy, sizeof(copy), "%s.schema-v%ld.bak", l->path, version);
	unlink(copy);
	sql = sqlite3_mprintf("VACUUM INTO %Q", copy);
	if (!sql)
		return fail(l, -ENOMEM, "out of memory");
	rc = exec(l, sql, "keeping a copy before the migration");
	sqlite3_free(sql);
	return rc;
}

static int set_up_schema(struct lib *l)
{
	long version = 0;
	int rc;

	if ((rc = exec(l, "BEGIN IMMEDIATE", "locking the library")))
		return rc;
	rc = schema_version(l, &version);
	if (!rc && version == 0) {
		char sql[64];

		rc = exec(l, schema_sql, "creating the library");
		snprintf(sql, sizeof(sql), "INSERT INTO schema_version VALUES (%d)",
			 LIB_SCHEMA_VERSION);
		if (!rc)
			rc = exec(l, sql, "creating the library");
	} else if (!rc && version > LIB_SCHEMA_VERSION) {
		rc = fail(l, -EPROTO,
			  "library schema version %ld is newer than this program's (%d): use a "
			  "newer ssdeng",
			  version, LIB_SCHEMA_VERSION);
	} else if (!rc && version < LIB_SCHEMA_VERSION) {
		exec(l, "ROLLBACK", "");
		if ((rc = keep_copy(l, version)))
			return rc;
		if ((rc = exec(l, "BEGIN IMMEDIATE", "locking the library")))
			return rc;
		for (long v = version; !rc && v < LIB_SCHEMA_VERSION; v++) {
			char sql[64];

			if (migrations[v - 1])
				rc = exec(l, migrations[v - 1], "migrating the library");
			snprintf(sql, sizeof(sql), "UPDATE schema_version SET version = %ld",
				 v + 1);
			if (!rc)
				rc = exec(l, sql, "migrating the library");
		}
	}
	if (rc) {
		sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
		return rc;
	}
	return exec(l, "COMMIT", "creating the library");
}

int lib_open(const char *where, int create, struct lib **out, char *err, size_t len)
{
	struct lib *l = calloc(1, sizeof(*l));
	struct stat sb;
	int rc;

	*out = NULL;
	if (!l) {
		snprintf(err, len, "%s: out of memory", where);
		return -ENOMEM;
	}
	snprintf(l->path, sizeof(l->path), "%s", where);
	if (stat(where, &sb)) {
		if (errno != ENOENT || !create) {
			rc = fail(l, -errno, "%s", strerror(errno));
			goto out;
		}
		if ((rc = make_parent(where))) {
			rc = fail(l, rc, "cannot make its folder: %s", strerror(-rc));
			goto out;
		}
	} else if (!S_ISREG(sb.st_mode)) {
		rc = fail(l, -EINVAL, "not a regular file: not an ssdeng library");
		goto out;
	}
	rc = sqlite3_open_v2(
	    where, &l->db,
	    SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		rc = l->db ? sql_fail(l, rc, "cannot open") : fail(l, -ENOMEM, "out of memory");
		goto out;
	}
	{
		const char *ms = getenv("SSDENG_LIBRARY_BUSY_MS");

		l->busy_ms = ms && atoi(ms) > 0 ? atoi(ms) : LIB_BUSY_TIMEOUT_MS;
		sqlite3_busy_timeout(l->db, l->busy_ms);
	}
	if ((rc = exec(l, "PRAGMA foreign_keys = ON", "opening")))
		goto out;
	{ /* WAL: readers never wait for a writer, writers wait their turn (busy timeout) */
		sqlite3_stmt *st = NULL;

		if ((rc = prepare(l, "PRAGMA journal_mode = WAL", &st)))
			goto out;
		rc = sqlite3_step(st);
		sqlite3_finalize(st);
		if (rc != SQLITE_ROW) {
			rc = sql_fail(l, rc, "setting WAL mode");
			goto out;
		}
	}
	rc = set_up_schema(l);
out:
	if (rc) {
		snprintf(err, len, "%s", l->err);
		lib_close(l);
		return rc;
	}
	*out = l;
	return 0;
}

void lib_close(struct lib *l)
{
	if (!l)
		return;
	sqlite3_close(l->db);
	free(l);
}

const char *lib_error(const struct lib *l) { return l->err; }

const char *lib_path(const struct lib *l) { return l->path; }

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

static void bind_int(sqlite3_stmt *st, int i, int64_t v)
{
	if (v >= 0)
		sqlite3_bind_int64(st, i, v);
	else
		sqlite3_bind_null(st, i);
}

static char *col_text(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return s ? strdup((const char *)s) : NULL;
}

static int64_t col_int(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, i);
}

static void now_iso(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Run @st to its end; Return: 0 or the error. */
static int step_done(struct lib *l, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : sql_fail(l, rc, what);
}

static int insert_rows(struct lib *l, struct lib_run *run, const struct lib_test *t, size_t nt,
		       const struct lib_figure *f, size_t nf)
{
	sqlite3_stmt *st = NULL;
	int rc;

	rc = prepare(l,
		     "INSERT INTO runs (run_key, kind, status, label, model, serial, firmware,"
		     " transport, capacity_bytes, logical_block_bytes, manifest_id, profile,"
		     " span_bytes, host, fio_version, engine_version, started, added, source,"
		     " fingerprint) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		     &st);
	if (rc)
		return rc;
	bind_text(st, 1, run->run_key);
	bind_text(st, 2, run->kind);
	bind_text(st, 3, run->status);
	bind_text(st, 4, run->label);
	bind_text(st, 5, run->model);
	bind_text(st, 6, run->serial);
	bind_text(st, 7, run->firmware);
	bind_text(st, 8, run->transport);
	bind_int(st, 9, run->capacity_bytes);
	bind_int(st, 10, run->logical_block_bytes);
	bind_text(st, 11, run->manifest_id);
	bind_text(st, 12, run->profile);
	bind_int(st, 13, run->span_bytes);
	bind_text(st, 14, run->host);
	bind_text(st, 15, run->fio_version);
	bind_text(st, 16, run->engine_version);
	bind_text(st, 17, run->started);
	bind_text(st, 18, run->added);
	bind_text(st, 19, run->source);
	bind_text(st, 20, run->fingerprint);
	rc = step_done(l, st, "adding the run");
	sqlite3_finalize(st);
	if (rc)
		return rc;
	run->id = sqlite3_last_insert_rowid(l->db);
	if ((rc =
		 prepare(l,
			 "INSERT INTO tests (run_id, test, status, rw, bs_bytes, fio_version, path)"
			 " VALUES (?,?,?,?,?,?,?)",
			 &st)))
		return rc;
	for (size_t i = 0; i < nt && !rc; i++) {
		sqlite3_bind_int64(st, 1, run->id);
		bind_text(st, 2, t[i].test);
		bind_text(st, 3, t[i].status);
		bind_text(st, 4, t[i].rw);
		bind_int(st, 5, t[i].bs);
		bind_text(st, 6, t[i].fio_version);
		bind_text(st, 7, t[i].path);
		rc = step_done(l, st, "adding the run's tests");
	}
	sqlite3_finalize(st);
	if (rc)
		return rc;
	if ((rc = prepare(l,
			  "INSERT INTO figures (run_id, test, entry, metric, title, unit, value,"
			  " flags) VALUES (?,?,?,?,?,?,?,?)",
			  &st)))
		return rc;
	for (size_t i = 0; i < nf && !rc; i++) {
		sqlite3_bind_int64(st, 1, run->id);
		bind_text(st, 2, f[i].test);
		bind_text(st, 3, f[i].entry);
		bind_text(st, 4, f[i].metric);
		bind_text(st, 5, f[i].title);
		bind_text(st, 6, f[i].unit);
		sqlite3_bind_double(st, 7, f[i].value);
		sqlite3_bind_int64(st, 8, f[i].flags);
		rc = step_done(l, st, "adding the run's figures");
	}
	sqlite3_finalize(st);
	return rc;
}

int lib_add_run(struct lib *l, struct lib_run *run, const struct lib_test *t, size_t nt,
		const struct lib_figure *f, size_t nf, const char **what)
{
	sqlite3_stmt *st = NULL;
	char added[32];
	int rc, step;
	int64_t old = -1;
	char *old_fp = NULL;

	*what = "added";
	if ((rc = exec(l, "BEGIN IMMEDIATE", "locking the library to add a run")))
		return rc;
	if ((rc = prepare(l, "SELECT id, fingerprint FROM runs WHERE run_key = ?", &st)))
		goto out;
	bind_text(st, 1, run->run_key);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		old = sqlite3_column_int64(st, 0);
		old_fp = col_text(st, 1);
	} else if (step != SQLITE_DONE) {
		rc = sql_fail(l, step, "reading the library");
	}
	sqlite3_finalize(st);
	if (rc)
		goto out;
	if (old >= 0 && old_fp && !strcmp(old_fp, run->fingerprint)) {
		*what = "unchanged";
		run->id = old;
		goto out;
	}
	if (old >= 0) { /* a resumed or repeated run: its entry replaced */
		char sql[96];

		snprintf(sql, sizeof(sql), "DELETE FROM runs WHERE id = %lld", (long long)old);
		if ((rc = exec(l, sql, "replacing the run's earlier entry")))
			goto out;
		*what = "replaced";
	}
	now_iso(added, sizeof(added));
	free(run->added);
	run->added = strdup(added);
	rc = insert_rows(l, run, t, nt, f, nf);
out:
	free(old_fp);
	if (rc) {
		sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
		return rc;
	}
	return exec(l, "COMMIT", "adding the run");
}

#define RUN_COLS                                                                                   \
	"id, run_key, kind, status, label, model, serial, firmware, transport, capacity_bytes,"    \
	" logical_block_bytes, manifest_id, profile, span_bytes, host, fio_version,"               \
	" engine_version, started, added, source, fingerprint"

static void run_of_row(sqlite3_stmt *st, struct lib_run *r)
{
	r->id = sqlite3_column_int64(st, 0);
	r->run_key = col_text(st, 1);
	r->kind = col_text(st, 2);
	r->status = col_text(st, 3);
	r->label = col_text(st, 4);
	r->model = col_text(st, 5);
	r->serial = col_text(st, 6);
	r->firmware = col_text(st, 7);
	r->transport = col_text(st, 8);
	r->capacity_bytes = col_int(st, 9);
	r->logical_block_bytes = col_int(st, 10);
	r->manifest_id = col_text(st, 11);
	r->profile = col_text(st, 12);
	r->span_bytes = col_int(st, 13);
	r->host = col_text(st, 14);
	r->fio_version = col_text(st, 15);
	r->engine_version = col_text(st, 16);
	r->started = col_text(st, 17);
	r->added = col_text(st, 18);
	r->source = col_text(st, 19);
	r->fingerprint = col_text(st, 20);
}

static void run_row(sqlite3_stmt *st, void *dst) { run_of_row(st, dst); }

static void runs_free(void *a, size_t n) { lib_runs_free(a, n); }

/* The rows of @st (prepared and bound; finalized here), each made an element of @size bytes by
 * @row, as a growing array in *@out and *@n; on failure nothing (what was read is freed with
 * @free_all) and the error, @what naming the reading in its message. */
static int collect(struct lib *l, sqlite3_stmt *st, size_t size,
		   void (*row)(sqlite3_stmt *, void *), void (*free_all)(void *, size_t),
		   const char *what, void **out, size_t *n)
{
	char *a = NULL;
	size_t cap = 0;
	int rc = 0, step;

	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			char *g = realloc(a, (cap = cap ? 2 * cap : 64) * size);

			if (!g) {
				rc = fail(l, -ENOMEM, "out of memory");
				break;
			}
			a = g;
		}
		memset(a + *n * size, 0, size);
		row(st, a + (*n)++ * size);
	}
	if (!rc && step != SQLITE_DONE)
		rc = sql_fail(l, step, what);
	sqlite3_finalize(st);
	if (rc) {
		free_all(a, *n);
		*n = 0;
		return rc;
	}
	*out = a;
	return 0;
}

int lib_list(struct lib *l, const char *model, const char *profile, struct lib_run **out, size_t *n)
{
	sqlite3_stmt *st = NULL;
	int rc = prepare(l,
			 "SELECT " RUN_COLS " FROM runs"
			 " WHERE (?1 IS NULL OR instr(lower(model), lower(?1)) > 0)"
			 " AND (?2 IS NULL OR profile = ?2)"
			 " ORDER BY started DESC, added DESC, id DESC",
			 &st);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	bind_text(st, 1, model);
	bind_text(st, 2, profile);
	return collect(l, st, sizeof(**out), run_row, runs_free, "listing the runs", (void **)out,
		       n);
}

int lib_remove(struct lib *l, const char *run, struct lib_run *removed)
{
	sqlite3_stmt *st = NULL;
	char *end;
	long long id = strtoll(run, &end, 10);
	int rc, step, found = 0;
	char sql[96];

	memset(removed, 0, sizeof(*removed));
	if ((rc = exec(l, "BEGIN IMMEDIATE", "locking the library to remove a run")))
		return rc;
	rc = prepare(l,
		     "SELECT " RUN_COLS " FROM runs WHERE (?1 IS NOT NULL AND id = ?1)"
		     " OR run_key = ?2 OR manifest_id LIKE ?2 || '%'",
		     &st);
	if (rc)
		goto out;
	if (*run && !*end)
		sqlite3_bind_int64(st, 1, id);
	else
		sqlite3_bind_null(st, 1);
	bind_text(st, 2, run);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (found++) {
			lib_run_free(removed);
			rc = fail(l, -EINVAL, "RUN %s names more than one run: give its number",
				  run);
			break;
		}
		run_of_row(st, removed);
	}
	sqlite3_finalize(st);
	if (rc)
		goto out;
	if (!found) {
		rc = fail(l, -ENOENT, "no run %s (see ssdreport library list)", run);
		goto out;
	}
	snprintf(sql, sizeof(sql), "DELETE FROM runs WHERE id = %lld", (long long)removed->id);
	rc = exec(l, sql, "removing the run");
out:
	if (rc) {
		sqlite3_exec(l->db, "ROLLBACK", NULL, NULL, NULL);
		return rc;
	}
	return exec(l, "COMMIT", "removing the run");
}

static void figure_row(sqlite3_stmt *st, void *dst)
{
	*(struct lib_figure *)dst = (struct lib_figure){
	    .run_id = sqlite3_column_int64(st, 0),
	    .test = col_text(st, 1),
	    .entry = col_text(st, 2),
	    .metric = col_text(st, 3),
	    .title = col_text(st, 4),
	    .unit = col_text(st, 5),
	    .value = sqlite3_column_double(st, 6),
	    .flags = (unsigned)sqlite3_column_int64(st, 7),
	};
}

static void figures_free(void *a, size_t n) { lib_figures_free(a, n); }

int lib_figures(struct lib *l, int64_t run_id, struct lib_figure **out, size_t *n)
{
	sqlite3_stmt *st = NULL;
	int rc =
	    prepare(l,
		    "SELECT run_id, test, entry, metric, title, unit, value, flags FROM figures"
		    " WHERE ?1 < 0 OR run_id = ?1 ORDER BY run_id, rowid",
		    &st);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, run_id);
	return collect(l, st, sizeof(**out), figure_row, figures_free, "reading the figures",
		       (void **)out, n);
}

static void test_row(sqlite3_stmt *st, void *dst)
{
	*(struct lib_test *)dst = (struct lib_test){sqlite3_column_int64(st, 0),
						    col_text(st, 1),
						    col_text(st, 2),
						    col_text(st, 3),
						    col_int(st, 4),
						    col_text(st, 5),
						    col_text(st, 6)};
}

static void tests_free(void *a, size_t n) { lib_tests_free(a, n); }

int lib_tests(struct lib *l, int64_t run_id, struct lib_test **out, size_t *n)
{
	sqlite3_stmt *st = NULL;
	int rc = prepare(l,
			 "SELECT run_id, test, status, rw, bs_bytes, fio_version, path FROM tests"
			 " WHERE ?1 < 0 OR run_id = ?1 ORDER BY run_id, rowid",
			 &st);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, run_id);
	return collect(l, st, sizeof(**out), test_row, tests_free, "reading the tests",
		       (void **)out, n);
}

/* A CSV field: quoted when it holds a comma, quote or line break. */
static void csv_field(FILE *f, sqlite3_stmt *st, int i)
{
	const char *s;

	switch (sqlite3_column_type(st, i)) {
	case SQLITE_NULL:
		return;
	case SQLITE_INTEGER:
		fprintf(f, "%lld", (long long)sqlite3_column_int64(st, i));
		return;
	case SQLITE_FLOAT:
		fprintf(f, "%.17g", sqlite3_column_double(st, i));
		return;
	default:
		s = (const char *)sqlite3_column_text(st, i);
		if (!strpbrk(s, ",\"\r\n")) {
			fputs(s, f);
			return;
		}
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	}
}

/* One table as DIR/<name>.csv, written aside and renamed into place. */
static int export_table(struct lib *l, const char *dir, const char *name, const char *sql)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16];
	sqlite3_stmt *st = NULL;
	FILE *f;
	int rc, step, ncol;

	snprintf(path, sizeof(path), "%s/%s.csv", dir, name);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if ((rc = prepare(l, sql, &st)))
		return rc;
	f = fopen(tmp, "w");
	if (!f) {
		rc = -errno;
		sqlite3_finalize(st);
		return fail(l, rc, "export: cannot write %s: %s", tmp, strerror(-rc));
	}
	ncol = sqlite3_column_count(st);
	for (int i = 0; i < ncol; i++)
		fprintf(f, "%s%s", i ? "," : "", sqlite3_column_name(st, i));
	fputc('\n', f);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		for (int i = 0; i < ncol; i++) {
			if (i)
				fputc(',', f);
			csv_field(f, st, i);
		}
		fputc('\n', f);
	}
	sqlite3_finalize(st);
	if (step != SQLITE_DONE)
		rc = sql_fail(l, step, "export");
	if (fclose(f) && !rc)
		rc = fail(l, -EIO, "export: cannot write %s", tmp);
	if (!rc && rename(tmp, path))
		rc = fail(l, -errno, "export: cannot rename %s: %s", tmp, strerror(errno));
	if (rc)
		unlink(tmp);
	return rc;
}

int lib_export_csv(struct lib *l, const char *dir)
{
	char probe[PATH_MAX];
	int rc;

	snprintf(probe, sizeof(probe), "%s/x", dir);
	if ((rc = make_parent(probe)))
		return fail(l, rc, "export: cannot make %s: %s", dir, strerror(-rc));
	if ((rc = exec(l, "BEGIN", "export"))) /* one snapshot for the three files */
		return rc;
	rc = export_table(l, dir, "runs", "SELECT " RUN_COLS " FROM runs ORDER BY id");
	if (!rc)
		rc = export_table(l, dir, "tests",
				  "SELECT run_id, test, status, rw, bs_bytes, fio_version, path"
				  " FROM tests ORDER BY run_id, rowid");
	if (!rc)
		rc = export_table(l, dir, "figures",
				  "SELECT run_id, test, entry, metric, title, unit, value, flags"
				  " FROM figures ORDER BY run_id, rowid");
	sqlite3_exec(l->db, "COMMIT", NULL, NULL, NULL);
	return rc;
}

void lib_run_free(struct lib_run *r)
{
	char **s[] = {&r->run_key,	  &r->kind,    &r->status,   &r->label,
		      &r->model,	  &r->serial,  &r->firmware, &r->transport,
		      &r->manifest_id,	  &r->profile, &r->host,     &r->fio_version,
		      &r->engine_version, &r->started, &r->added,    &r->source,
		      &r->fingerprint};

	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		free(*s[i]);
		*s[i] = NULL;
	}
}

void lib_runs_free(struct lib_run *r, size_t n)
{
	for (size_t i = 0; r && i < n; i++)
		lib_run_free(&r[i]);
	free(r);
}

void lib_figures_free(struct lib_figure *f, size_t n)
{
	for (size_t i = 0; f && i < n; i++) {
		free(f[i].test);
		free(f[i].entry);
		free(f[i].metric);
		free(f[i].title);
		free(f[i].unit);
	}
	free(f);
}

void lib_tests_free(struct lib_test *t, size_t n)
{
	for (size_t i = 0; t && i < n; i++) {
		free(t[i].test);
		free(t[i].status);
		free(t[i].rw);
		free(t[i].fio_version);
		free(t[i].path);
	}
	free(t);
}
