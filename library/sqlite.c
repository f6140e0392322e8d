// SPDX-License-Identifier: GPL-2.0-only
/*
 * sqlite.c - the library's SQLite back end (backend.h): a file in WAL mode with a busy timeout,
 * so that readers never wait and writers wait their turn (BEGIN IMMEDIATE); a copy of the file
 * kept before a migration (VACUUM INTO <file>.schema-vN.bak).
 */
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "library/backend.h"

/* An SQLite result code as an errno with the message. */
static int sql_fail(struct lib *l, int code, const char *what)
{
	sqlite3 *db = l->db;
	const char *msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);

	switch (code & 0xff) {
	case SQLITE_NOTADB:
		return lib_fail(l, -EINVAL, "not an SQLite database, so not an ssdeng library (%s)",
				msg);
	case SQLITE_CORRUPT:
		return lib_fail(l, -EINVAL, "the SQLite file is damaged (%s)", msg);
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return lib_fail(l, -EBUSY, "locked by another process for more than %.3g s (%s)",
				l->busy_ms / 1000.0, msg);
	case SQLITE_NOMEM:
		return lib_fail(l, -ENOMEM, "%s: out of memory", what);
	case SQLITE_READONLY:
	case SQLITE_CANTOPEN:
	case SQLITE_PERM:
		return lib_fail(l, -EACCES, "%s: %s", what, msg);
	default:
		return lib_fail(l, -EIO, "%s: %s", what, msg);
	}
}

static int lite_exec(struct lib *l, const char *sql, const char *what)
{
	int rc = sqlite3_exec(l->db, sql, NULL, NULL, NULL);

	return rc == SQLITE_OK ? 0 : sql_fail(l, rc, what);
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

static int lite_open(struct lib *l, int create)
{
	struct stat sb;
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	int rc;

	if (stat(l->where, &sb)) {
		if (errno != ENOENT || !create)
			return lib_fail(l, -errno, "%s", strerror(errno));
		if ((rc = make_parent(l->where)))
			return lib_fail(l, rc, "cannot make its folder: %s", strerror(-rc));
	} else if (!S_ISREG(sb.st_mode)) {
		return lib_fail(l, -EINVAL, "not a regular file: not an ssdeng library");
	}
	rc = sqlite3_open_v2(
	    l->where, &db,
	    SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX, NULL);
	l->db = db;
	if (rc != SQLITE_OK)
		return db ? sql_fail(l, rc, "cannot open") : lib_fail(l, -ENOMEM, "out of memory");
	sqlite3_busy_timeout(db, l->busy_ms);
	if ((rc = lite_exec(l, "PRAGMA foreign_keys = ON", "opening")))
		return rc;
	/* WAL: readers never wait for a writer, writers wait their turn (busy timeout). Switching
	 * a new file to WAL takes its exclusive lock: two processes opening it at once can each
	 * hold the shared lock and want it, and SQLite then answers one SQLITE_BUSY at once
	 * rather than call the busy handler (both would wait for ever). That one asks again every
	 * 10 ms, within the busy timeout. */
	for (long waited_ms = 0;; waited_ms += 10) {
		rc = sqlite3_prepare_v2(db, "PRAGMA journal_mode = WAL", -1, &st, NULL);
		if (rc != SQLITE_OK)
			return sql_fail(l, rc, "setting WAL mode");
		rc = sqlite3_step(st);
		sqlite3_finalize(st);
		if (rc != SQLITE_BUSY || waited_ms >= l->busy_ms)
			break;
		usleep(10000);
	}
	return rc == SQLITE_ROW ? 0 : sql_fail(l, rc, "setting WAL mode");
}

static void lite_close(struct lib *l)
{
	sqlite3_close(l->db);
	l->db = NULL;
}

static void bind(sqlite3_stmt *st, int i, const struct lib_val *v)
{
	if (v->null)
		sqlite3_bind_null(st, i);
	else if (v->type == LIB_TEXT)
		sqlite3_bind_text(st, i, v->s, -1, SQLITE_STATIC);
	else if (v->type == LIB_REAL)
		sqlite3_bind_double(st, i, v->d);
	else
		sqlite3_bind_int64(st, i, v->i);
}

static int lite_query(struct lib *l, const char *sql, const struct lib_val *p, int np,
		      const enum lib_type *cols, int ncols, lib_row_fn row, void *ctx,
		      const char *what)
{
	sqlite3_stmt *st = NULL;
	struct lib_val v[32];
	int rc = sqlite3_prepare_v2(l->db, sql, -1, &st, NULL), step;

	if (rc != SQLITE_OK)
		return sql_fail(l, rc, what);
	for (int i = 0; i < np; i++)
		bind(st, i + 1, &p[i]);
	rc = 0;
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
		for (int i = 0; i < ncols && i < 32; i++) {
			v[i] = (struct lib_val){.type = cols[i],
						.null = sqlite3_column_type(st, i) == SQLITE_NULL};
			if (cols[i] == LIB_TEXT)
				v[i].s = (const char *)sqlite3_column_text(st, i);
			else if (cols[i] == LIB_REAL)
				v[i].d = sqlite3_column_double(st, i);
			else
				v[i].i = sqlite3_column_int64(st, i);
		}
		if (row)
			rc = row(ctx, v, ncols);
	}
	if (!rc && step != SQLITE_DONE)
		rc = sql_fail(l, step, what);
	sqlite3_finalize(st);
	return rc;
}

static int lite_begin_write(struct lib *l, const char *what)
{
	return lite_exec(l, "BEGIN IMMEDIATE", what);
}

static int lite_begin_read(struct lib *l) { return lite_exec(l, "BEGIN", "export"); }

/* A copy of the file before a migration: <file>.schema-vN.bak (VACUUM INTO: consistent). */
static int lite_keep_copy(struct lib *l, long version)
{
	char copy[PATH_MAX + 32], *sql;
	int rc;

	snprintf(copy, sizeof(copy), "%s.schema-v%ld.bak", l->where, version);
	unlink(copy);
	sql = sqlite3_mprintf("VACUUM INTO %Q", copy);
	if (!sql)
		return lib_fail(l, -ENOMEM, "out of memory");
	rc = lite_exec(l, sql, "keeping a copy before the migration");
	sqlite3_free(sql);
	return rc;
}

/* 1 -> 2: the rows' place in their run (seq), which was their rowid; 2 -> 3: a run's
 * completeness (NULL for the runs already there: not recorded) */
static const char *const lite_migrations[] = {
    "ALTER TABLE tests ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;"
    "UPDATE tests SET seq = rowid;"
    "ALTER TABLE figures ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;"
    "UPDATE figures SET seq = rowid;",
    "ALTER TABLE runs ADD COLUMN tests_planned INTEGER;"
    "ALTER TABLE runs ADD COLUMN tests_done INTEGER;"
    "ALTER TABLE runs ADD COLUMN only_tests TEXT;",
    LIB_MIGRATE_V4_KEYS,
};

const struct lib_ops lib_sqlite_ops = {
    .kind = "SQLite file",
    .t_text = "TEXT",
    .t_int = "INTEGER",
    .t_real = "REAL",
    .t_id = "INTEGER PRIMARY KEY",
    .tables_sql = "SELECT name FROM sqlite_master WHERE type = 'table'",
    .contains = "instr",
    .migrations = lite_migrations,
    .open = lite_open,
    .close = lite_close,
    .exec = lite_exec,
    .query = lite_query,
    .begin_write = lite_begin_write,
    .begin_read = lite_begin_read,
    .keep_copy = lite_keep_copy,
};
