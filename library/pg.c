// SPDX-License-Identifier: GPL-2.0-only
/*
 * pg.c - the library's PostgreSQL back end (backend.h): a team's shared library in a server,
 * named by a postgresql:// or postgres:// URI (libpq's connection URI). Writers take one
 * transaction-scoped advisory lock of the database, so that they add one at a time as SQLite's
 * do, waiting at most the busy timeout (lock_timeout); readers never wait (MVCC); the schema's
 * DDL is transactional, so a failed set-up or migration leaves the database as it was.
 */
#include <errno.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "library/backend.h"

/* pg_advisory_xact_lock()'s key of the library's writers ("ssdeng" in ASCII) */
#define PG_WRITER_LOCK "115115100101110103"

/* PostgreSQL's types of the parameters (pg_type.h's OIDs): text, int8, float8 */
#define OID_TEXT 25
#define OID_INT8 20
#define OID_FLOAT8 701

/* @msg on one line: its line breaks made "; ", the last one dropped. */
static const char *one_line(const char *msg, char *buf, size_t len)
{
	size_t n = 0;

	for (; *msg && n + 3 < len; msg++) {
		if (*msg == '\n') {
			if (msg[1])
				n += (size_t)snprintf(buf + n, len - n, "; ");
			while (msg[1] == '\t' || msg[1] == ' ')
				msg++; /* libpq's hint lines begin with a tab */
			continue;
		}
		buf[n++] = *msg;
	}
	buf[n] = '\0';
	return buf;
}

/* A failed result (NULL: no result) as an errno with the server's message. */
static int pg_fail(struct lib *l, PGresult *res, const char *what)
{
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	char msg[800];
	int rc = -EIO;

	one_line(res ? PQresultErrorMessage(res) : PQerrorMessage(l->db), msg, sizeof(msg));
	if (!*msg)
		one_line(PQerrorMessage(l->db), msg, sizeof(msg));
	if (res)
		PQclear(res);
	if (state && (!strcmp(state, "55P03") || !strcmp(state, "40P01")))
		return lib_fail(l, -EBUSY, "locked by another writer for more than %.3g s (%s)",
				l->busy_ms / 1000.0, msg);
	if (state && !strcmp(state, "42501"))
		rc = -EACCES;
	else if (state && !strncmp(state, "53", 2))
		rc = -ENOMEM;
	return lib_fail(l, rc, "%s: %s", what, msg);
}

static void quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

static int pg_exec(struct lib *l, const char *sql, const char *what)
{
	PGresult *res = PQexec(l->db, sql);
	ExecStatusType s = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;

	if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
		return pg_fail(l, res, what);
	PQclear(res);
	return 0;
}

static int pg_open(struct lib *l, int create)
{
	char msg[800], sql[96];

	(void)create;
	l->db = PQconnectdb(l->where);
	if (!l->db)
		return lib_fail(l, -ENOMEM, "out of memory");
	if (PQstatus(l->db) != CONNECTION_OK)
		return lib_fail(l, -ECONNREFUSED, "cannot connect to the PostgreSQL server: %s",
				one_line(PQerrorMessage(l->db), msg, sizeof(msg)));
	PQsetNoticeProcessor(l->db, quiet, NULL);
	snprintf(sql, sizeof(sql), "SET lock_timeout = %d", l->busy_ms);
	return pg_exec(l, sql, "opening");
}

static void pg_close(struct lib *l)
{
	PQfinish(l->db);
	l->db = NULL;
}

/* @sql with its ?N parameters made $N. */
static char *dollars(const char *sql)
{
	char *s = strdup(sql);

	for (char *p = s; p && *p; p++)
		if (*p == '?' && p[1] >= '1' && p[1] <= '9')
			*p = '$';
	return s;
}

static int pg_query(struct lib *l, const char *sql, const struct lib_val *p, int np,
		    const enum lib_type *cols, int ncols, lib_row_fn row, void *ctx,
		    const char *what)
{
	/* the parameters: a batch of rows binds hundreds (batch.c) */
	Oid *types = calloc((size_t)np + 1, sizeof(*types));
	const char **vals = calloc((size_t)np + 1, sizeof(*vals));
	char(*num)[32] = calloc((size_t)np + 1, sizeof(*num));
	char *q = dollars(sql);
	PGresult *res;
	ExecStatusType s;
	int rc = 0, rows;

	if (!q || !types || !vals || !num || ncols > 32) {
		free(types);
		free(vals);
		free(num);
		free(q);
		return lib_fail(l, -ENOMEM, "out of memory");
	}
	for (int i = 0; i < np; i++) {
		types[i] = p[i].type == LIB_TEXT   ? OID_TEXT
			   : p[i].type == LIB_REAL ? OID_FLOAT8
						   : OID_INT8;
		vals[i] = p[i].null ? NULL : p[i].type == LIB_TEXT ? p[i].s : num[i];
		if (p[i].type == LIB_REAL)
			snprintf(num[i], sizeof(num[i]), "%.17g", p[i].d);
		else if (p[i].type != LIB_TEXT)
			snprintf(num[i], sizeof(num[i]), "%lld", (long long)p[i].i);
	}
	res = PQexecParams(l->db, q, np, types, vals, NULL, NULL, 0);
	free(q);
	free(types);
	free(vals);
	free(num);
	s = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
	if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
		return pg_fail(l, res, what);
	rows = s == PGRES_TUPLES_OK ? PQntuples(res) : 0;
	for (int r = 0; r < rows && !rc && row; r++) {
		struct lib_val v[32];

		for (int i = 0; i < ncols; i++) {
			const char *t = PQgetvalue(res, r, i);

			v[i] = (struct lib_val){.type = cols[i], .null = PQgetisnull(res, r, i)};
			if (cols[i] == LIB_TEXT)
				v[i].s = t;
			else if (cols[i] == LIB_REAL)
				v[i].d = strtod(t, NULL);
			else
				v[i].i = strtoll(t, NULL, 10);
		}
		rc = row(ctx, v, ncols);
	}
	PQclear(res);
	return rc;
}

static int pg_begin_write(struct lib *l, const char *what)
{
	int rc = pg_exec(l, "BEGIN", what);

	if (!rc && (rc = pg_exec(l, "SELECT pg_advisory_xact_lock(" PG_WRITER_LOCK ")", what)))
		pg_exec(l, "ROLLBACK", "rolling back");
	return rc;
}

static int pg_begin_read(struct lib *l)
{
	return pg_exec(l, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "export");
}

/* A PostgreSQL library begins at version 2; 1 -> 2 for a hand-made one: the rows' place;
 * 2 -> 3: a run's completeness (NULL for the runs already there: not recorded). */
static const char *const pg_migrations[] = {
    "ALTER TABLE tests ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE figures ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;",
    "ALTER TABLE runs ADD COLUMN tests_planned BIGINT;"
    "ALTER TABLE runs ADD COLUMN tests_done BIGINT;"
    "ALTER TABLE runs ADD COLUMN only_tests TEXT;",
    LIB_MIGRATE_V4_KEYS,
};

const struct lib_ops lib_pg_ops = {
    .kind = "PostgreSQL library",
    .t_text = "TEXT",
    .t_int = "BIGINT",
    .t_real = "DOUBLE PRECISION",
    .t_id = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    .tables_sql = "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()",
    .contains = "strpos",
    .migrations = pg_migrations,
    .needs_create = 1,
    .open = pg_open,
    .close = pg_close,
    .exec = pg_exec,
    .query = pg_query,
    .begin_write = pg_begin_write,
    .begin_read = pg_begin_read,
};
