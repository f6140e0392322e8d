/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * store.h - the results library: every review kept in one SQLite file, or for a team in a
 * PostgreSQL server named by a postgresql:// URI (docs/library-format.md). This module is the
 * only code that reads or writes the library: it opens it (creating or migrating its schema),
 * adds a run with its figures in one transaction, lists, removes and exports runs, and gives back
 * the figures a library page ranks. It knows nothing of fio or of the report: ssdreport
 * (reporter/cli/library_cmd.c) hands it plain rows.
 *
 * Errors: every function returns 0 or a negative errno and leaves a message naming the library
 * (the file, or the URI without its password) and what is wrong in lib_error(): -EINVAL not a
 * library (not SQLite, another file, a garbled schema), -EPROTO a newer schema than this program
 * knows, -EBUSY locked past the busy timeout, -ECONNREFUSED no connection to the server,
 * -EACCES not allowed, -EIO another failure, -ENOENT no such run (or no library yet), -ENOMEM.
 */
#ifndef SSDENG_LIBRARY_STORE_H
#define SSDENG_LIBRARY_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "library/uri.h"

#define LIB_SCHEMA_VERSION 4 /* the schema this code writes (docs/library-format.md) */
#define LIB_BUSY_TIMEOUT_MS 30000

struct lib;

/* One run of one drive: a row of `runs`. Strings may be NULL (not recorded); numbers < 0 are
 * not recorded. */
struct lib_run {
	int64_t id;    /* the library's number of the run (set by lib_add_run(), lib_list()) */
	char *run_key; /* what makes it the same run: "manifest:<id>@<first start>" (the first
			* session's start, which --resume keeps) or "fio:<content hash>" */
	char *kind;    /* "ssd-review" or "fio" */
	char *status;  /* "complete", "interrupted", "failed", "killed", "running", "partial" */
	char *label;   /* the drive folder's label */
	char *model, *serial, *firmware, *transport;
	int64_t capacity_bytes, logical_block_bytes;
	char *manifest_id, *profile;
	int64_t span_bytes;
	char *host, *fio_version, *engine_version;
	char *started;	   /* ISO 8601 UTC: when the run began (fio results: the first job) */
	char *added;	   /* ISO 8601 UTC: when it entered the library (set by lib_add_run()) */
	char *source;	   /* the folder or files it was added from */
	char *fingerprint; /* a hash of what was added: the same run added again changes nothing */
	/* completeness (run.json; < 0 / NULL: not recorded, as for anyone's fio results): */
	int64_t tests_planned; /* the tests its suite plans on its profile (a subset run's
				* suite's whole plan) */
	int64_t tests_done;    /* those that completed */
	char *only_tests;      /* ssd-review --only: the tests asked, ", " between them; NULL */
};

/**
 * lib_run_partial() - whether @r is not a whole review: its status is not "complete", fewer
 * tests completed than its suite plans, or it ran a subset (--only) of a plan not recorded.
 * A partial run is never ranked as a complete one (docs/library.md).
 */
bool lib_run_partial(const struct lib_run *r);

/**
 * lib_run_done_text() - @r's completeness in words for a page: "" for a whole review, else
 * "partial: 3 of 5 tests", "partial: 1 test (--only fc-4k-randread)" or "interrupted: 120 of
 * 247 tests" (its status when that is not "complete").
 * @buf: the text
 * @len: its size
 *
 * Return: @buf.
 */
char *lib_run_done_text(const struct lib_run *r, char *buf, size_t len);

/* One test of a run: a row of `tests`. */
struct lib_test {
	int64_t run_id; /* lib_tests() */
	char *test;	/* "4k-randread" */
	char *status;	/* "done", "failed", "interrupted", "skipped", ... */
	char *rw;	/* fio's rw, NULL when unknown */
	int64_t bs;	/* bytes, < 0 when unknown */
	char *fio_version;
	char *path; /* where its results are (the fio JSON, or apps.json) */
};

/* One figure of a run: a row of `figures`, in base units. */
struct lib_figure {
	int64_t run_id; /* lib_figures() */
	char *test;	/* the result's test id */
	char
	    *entry; /* the summary row it is ("4k-randread", "fc-{bs}-read", "curve:4k-randread") */
	char *metric; /* "iops", "mbps", "lat_mean", "lat_max", "p99.99", "tps", "peak_iops", ... */
	char *title;  /* "4K random read" */
	char *unit;   /* "IOPS", "B/s", "ns", "1/s", "1/min" */
	double value;
	unsigned flags; /* clamped 1, is-max 2, interrupted 4, job error 8 (analyse/headline.h) */
};

/**
 * lib_default_location() - where the library is: @given, else $SSDENG_LIBRARY, else
 * ~/.local/share/ssdeng/library.sqlite.
 * @given: --library's value or NULL
 * @out:   the location
 * @len:   its size
 *
 * Return: 0, or -ENOENT when neither is set and there is no $HOME.
 */
int lib_default_location(const char *given, char *out, size_t len);

/**
 * lib_open() - open (create when absent: @create) the library at @where.
 * @where:  a file path, or a postgresql:// URI (libpq's connection URI)
 * @create: make the file and its folders, or the schema in the database, when absent (false:
 *          -ENOENT)
 * @out:    the library (lib_close())
 * @err:    the message on failure (names @where)
 * @len:    its size
 *
 * A file of an older schema is copied to <file>.schema-vN.bak and migrated in one transaction
 * (a server's in one transaction: PostgreSQL's DDL is transactional).
 * Return: 0 or a negative errno (above).
 */
int lib_open(const char *where, int create, struct lib **out, char *err, size_t len);

void lib_close(struct lib *l);

/* The library's location, as opened (a URI without its password). */
const char *lib_path(const struct lib *l);

/* The last error's message (names the library). */
const char *lib_error(const struct lib *l);

/**
 * lib_add_run() - add one run, its tests and figures, in one transaction.
 * @l:    the library
 * @run:  the run (@run->run_key and @run->fingerprint required; id and added are set)
 * @t:    its tests
 * @nt:   their number
 * @f:    its figures
 * @nf:   their number
 * @what: out: "added", "unchanged" (the same fingerprint is there), "replaced" (a run of that
 *        key with other contents: a resumed or re-run review)
 *
 * Return: 0 or a negative errno; on failure the library is as it was.
 */
int lib_add_run(struct lib *l, struct lib_run *run, const struct lib_test *t, size_t nt,
		const struct lib_figure *f, size_t nf, const char **what);

/**
 * lib_list() - runs, newest first (started, then added).
 * @l:       the library
 * @model:   only runs whose model contains this text (case-insensitive); NULL: any
 * @profile: only this profile; NULL: any
 * @out:     array (lib_runs_free())
 * @n:       its length
 */
int lib_list(struct lib *l, const char *model, const char *profile, struct lib_run **out,
	     size_t *n);

/**
 * lib_remove() - remove a run: @run is its number, its run_key, or a unique prefix of its
 * manifest id. Return: 0, -ENOENT (no such run), -EINVAL (ambiguous).
 */
int lib_remove(struct lib *l, const char *run, struct lib_run *removed);

/**
 * lib_figures() - every figure of the library (or of @run_id's run when >= 0).
 */
int lib_figures(struct lib *l, int64_t run_id, struct lib_figure **out, size_t *n);

/**
 * lib_tests() - the tests of run @run_id (every run's when < 0).
 */
int lib_tests(struct lib *l, int64_t run_id, struct lib_test **out, size_t *n);

/**
 * lib_export_csv() - runs.csv, tests.csv and figures.csv into @dir (made when absent).
 */
int lib_export_csv(struct lib *l, const char *dir);

void lib_run_free(struct lib_run *r);
void lib_runs_free(struct lib_run *r, size_t n);
void lib_figures_free(struct lib_figure *f, size_t n);
void lib_tests_free(struct lib_test *t, size_t n);

#endif
