/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backend.h - the library's back ends (internal to library/): one table of operations each, for
 * SQLite (sqlite.c: a file) and PostgreSQL (pg.c: a server, a postgresql:// URI). store.c holds
 * everything else once: the schema and its fields (schema.c), the SQL of adding, listing,
 * removing and exporting, written with ?N parameters that each back end binds its own way.
 */
#ifndef SSDENG_LIBRARY_BACKEND_H
#define SSDENG_LIBRARY_BACKEND_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

struct lib_ops;

/* A column's type: text, a count (< 0 stored as NULL), a real, flags (never NULL). */
enum lib_type { LIB_TEXT, LIB_INT, LIB_REAL, LIB_FLAGS };

/* A parameter or a column's value; @null for SQL NULL. */
struct lib_val {
	enum lib_type type;
	int null;
	int64_t i;     /* LIB_INT, LIB_FLAGS */
	double d;      /* LIB_REAL */
	const char *s; /* LIB_TEXT (a column's: valid during the row callback only) */
};

/* Called once per row of a query; a non-zero return stops the query and is returned. */
typedef int (*lib_row_fn)(void *ctx, const struct lib_val *v, int n);

struct lib {
	const struct lib_ops *ops;
	void *db;	      /* the back end's connection */
	char where[PATH_MAX]; /* as given (a URI may hold a password: never printed) */
	char name[PATH_MAX];  /* as printed: a URI without its password */
	char err[1200];
	int create;  /* lib_open()'s: make the library when absent */
	int busy_ms; /* how long a writer waits for another: LIB_BUSY_TIMEOUT_MS or
		      * $SSDENG_LIBRARY_BUSY_MS */
};

/* Version 3 to 4, the same SQL on both back ends: a review's key was its manifest's id alone,
 * the same for every review of one drive with one request (a later review, even a partial
 * one, replaced the earlier); it is now the id with the run's first start, which --resume
 * keeps. Runs an earlier add replaced are gone: the migration cannot bring them back. */
#define LIB_MIGRATE_V4_KEYS                                                                        \
	"UPDATE runs SET run_key = run_key || '@' || started "                                     \
	"WHERE run_key LIKE 'manifest:%' AND started IS NOT NULL;"

/* One back end. Every function returns 0 or a negative errno with lib_fail()'s message. */
struct lib_ops {
	const char *kind; /* "SQLite file", "PostgreSQL library" */
	/* DDL types: text, a 64-bit integer, a double, the runs' own key (auto-numbered) */
	const char *t_text, *t_int, *t_real, *t_id;
	const char *tables_sql; /* the names of the tables of the library's schema (namespace) */
	const char *contains;	/* position of a substring: instr(haystack, needle) or strpos */
	/* migrations[v - 1] takes a library of version v to v + 1 (NULL: nothing to do) */
	const char *const *migrations;
	int needs_create; /* a library without tables is made only when asked (else -ENOENT) */
	int (*open)(struct lib *l, int create);
	void (*close)(struct lib *l);
	/* SQL without parameters, maybe several statements */
	int (*exec)(struct lib *l, const char *sql, const char *what);
	/* one statement with ?1..?N parameters @p; @cols: the types of the result's columns */
	int (*query)(struct lib *l, const char *sql, const struct lib_val *p, int np,
		     const enum lib_type *cols, int ncols, lib_row_fn row, void *ctx,
		     const char *what);
	int (*begin_write)(struct lib *l, const char *what); /* writers one at a time */
	int (*begin_read)(struct lib *l);		     /* one snapshot */
	int (*keep_copy)(struct lib *l, long version);	     /* before a migration; NULL: none */
};

extern const struct lib_ops lib_sqlite_ops, lib_pg_ops;

/* A message naming the library (l->name), then @fmt; returns @rc. */
int lib_fail(struct lib *l, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
