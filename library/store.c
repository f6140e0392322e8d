// SPDX-License-Identifier: GPL-2.0-only
/*
 * store.c - the results library (store.h, docs/library-format.md), whatever keeps it: the back
 * end is chosen by the library's location (a postgresql:// or postgres:// URI: a PostgreSQL
 * server, pg.c; anything else: an SQLite file, sqlite.c), and everything else is written here
 * once: the schema's set-up and migration, one transaction per run added, listing, removing,
 * the figures and tests read back, the CSV export.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "library/backend.h"
#include "library/batch.h"
#include "library/schema.h"
#include "library/store.h"
#include "library/uri.h"

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

static const enum lib_type one_int[] = {LIB_INT};

static int take_int(void *ctx, const struct lib_val *v, int n)
{
	(void)n;
	*(int64_t *)ctx = v[0].null ? -1 : v[0].i;
	return 0;
}

static int count_row(void *ctx, const struct lib_val *v, int n)
{
	(void)n;
	(*(int *)ctx)++;
	*((int *)ctx + 1) |= !v[0].null && !strcmp(v[0].s, "schema_version");
	return 0;
}

/* The library's schema version: 0 when it holds no table (a new library). */
static int schema_version(struct lib *l, long *version)
{
	static const enum lib_type one_text[] = {LIB_TEXT};
	int seen[2] = {0, 0}; /* tables, has schema_version */
	int64_t v = -1;
	int rc = l->ops->query(l, l->ops->tables_sql, NULL, 0, one_text, 1, count_row, seen,
			       "reading the library");

	*version = 0;
	if (rc || !seen[0])
		return rc;
	if (!seen[1])
		return lib_fail(l, -EINVAL,
				"holds tables but no schema_version table: not an ssdeng library");
	if ((rc = l->ops->query(l, "SELECT version FROM schema_version", NULL, 0, one_int, 1,
				take_int, &v, "reading the library")))
		return rc;
	if (v < 1)
		return lib_fail(l, -EINVAL,
				"schema_version holds no version: not an ssdeng library");
	*version = (long)v;
	return 0;
}

static int create_schema(struct lib *l)
{
	char *ddl = lib_schema_ddl(l->ops), sql[64];
	int rc;

	if (!ddl)
		return lib_fail(l, -ENOMEM, "out of memory");
	rc = l->ops->exec(l, ddl, "creating the library");
	free(ddl);
	snprintf(sql, sizeof(sql), "INSERT INTO schema_version VALUES (%d)", LIB_SCHEMA_VERSION);
	return rc ? rc : l->ops->exec(l, sql, "creating the library");
}

static int migrate(struct lib *l, long version)
{
	int rc = 0;

	for (long v = version; !rc && v < LIB_SCHEMA_VERSION; v++) {
		char sql[64];

		if (l->ops->migrations[v - 1])
			rc = l->ops->exec(l, l->ops->migrations[v - 1], "migrating the library");
		snprintf(sql, sizeof(sql), "UPDATE schema_version SET version = %ld", v + 1);
		if (!rc)
			rc = l->ops->exec(l, sql, "migrating the library");
	}
	return rc;
}

static void rollback(struct lib *l)
{
	char keep[sizeof(l->err)];

	memcpy(keep, l->err, sizeof(keep)); /* the error that made it roll back */
	l->ops->exec(l, "ROLLBACK", "rolling back");
	memcpy(l->err, keep, sizeof(keep));
}

/* Make, check or migrate the schema, in one transaction. */
static int set_up_schema(struct lib *l)
{
	long version = 0;
	int rc;

	if ((rc = l->ops->begin_write(l, "locking the library")))
		return rc;
	rc = schema_version(l, &version);
	if (!rc && version == 0 && !l->create && l->ops->needs_create) {
		rc = lib_fail(l, -ENOENT,
			      "holds no ssdeng library yet (ssdreport library add makes "
			      "one)");
	} else if (!rc && version == 0) {
		rc = create_schema(l);
	} else if (!rc && version > LIB_SCHEMA_VERSION) {
		rc = lib_fail(l, -EPROTO,
			      "library schema version %ld is newer than this program's (%d): use a "
			      "newer ssdeng",
			      version, LIB_SCHEMA_VERSION);
	} else if (!rc && version < LIB_SCHEMA_VERSION) {
		if (l->ops->keep_copy) { /* outside the transaction: a file's copy */
			rollback(l);
			if ((rc = l->ops->keep_copy(l, version)))
				return rc;
			if ((rc = l->ops->begin_write(l, "locking the library")))
				return rc;
		}
		rc = migrate(l, version);
	}
	if (rc) {
		rollback(l);
		return rc;
	}
	return l->ops->exec(l, "COMMIT", "creating the library");
}

int lib_open(const char *where, int create, struct lib **out, char *err, size_t len)
{
	struct lib *l = calloc(1, sizeof(*l));
	const char *ms = getenv("SSDENG_LIBRARY_BUSY_MS");
	int rc;

	*out = NULL;
	if (!l) {
		snprintf(err, len, "%s: out of memory", where);
		return -ENOMEM;
	}
	snprintf(l->where, sizeof(l->where), "%s", where);
	l->ops = lib_is_uri(where) ? &lib_pg_ops : &lib_sqlite_ops;
	if (lib_is_uri(where))
		lib_uri_shown(where, l->name, sizeof(l->name));
	else
		snprintf(l->name, sizeof(l->name), "%s", where);
	l->create = create;
	l->busy_ms = ms && atoi(ms) > 0 ? atoi(ms) : LIB_BUSY_TIMEOUT_MS;
	rc = l->ops->open(l, create);
	if (!rc)
		rc = set_up_schema(l);
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
	if (l->db)
		l->ops->close(l);
	free(l);
}

const char *lib_error(const struct lib *l) { return l->err; }

const char *lib_path(const struct lib *l) { return l->name; }

static void now_iso(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* INSERT INTO @t (its columns but id) VALUES (?1, ...): a child's run_id ?1, its fields, seq. */
static void insert_sql(const struct lib_table *t, char *out, size_t len)
{
	size_t n =
	    (size_t)snprintf(out, len, "INSERT INTO %s (%s", t->name, t->child ? "run_id, " : "");
	int np = t->ncols + 2 * t->child;

	for (int i = 0; i < t->ncols; i++)
		n += (size_t)snprintf(out + n, len - n, "%s%s", i ? ", " : "", t->cols[i].name);
	n += (size_t)snprintf(out + n, len - n, "%s) VALUES (", t->child ? ", seq" : "");
	for (int i = 1; i <= np; i++)
		n += (size_t)snprintf(out + n, len - n, "%s?%d", i > 1 ? ", " : "", i);
	snprintf(out + n, len - n, ")%s", t->child ? "" : " RETURNING id");
}

struct found {
	int64_t id;
	char *fingerprint;
};

static int take_found(void *ctx, const struct lib_val *v, int n)
{
	struct found *f = ctx;

	(void)n;
	f->id = v[0].i;
	f->fingerprint = v[1].null ? NULL : strdup(v[1].s);
	return f->fingerprint || v[1].null ? 0 : -ENOMEM;
}

int lib_add_run(struct lib *l, struct lib_run *run, const struct lib_test *t, size_t nt,
		const struct lib_figure *f, size_t nf, const char **what)
{
	static const enum lib_type id_fp[] = {LIB_INT, LIB_TEXT};
	struct lib_val p[24];
	struct found old = {-1, NULL};
	char sql[1024], added[32];
	int rc;

	*what = "added";
	if ((rc = l->ops->begin_write(l, "locking the library to add a run")))
		return rc;
	p[0] = (struct lib_val){.type = LIB_TEXT, .s = run->run_key};
	rc = l->ops->query(l, "SELECT id, fingerprint FROM runs WHERE run_key = ?1", p, 1, id_fp, 2,
			   take_found, &old, "reading the library");
	if (rc == -ENOMEM)
		rc = lib_fail(l, rc, "out of memory");
	if (rc)
		goto out;
	if (old.id >= 0 && old.fingerprint && !strcmp(old.fingerprint, run->fingerprint)) {
		*what = "unchanged";
		run->id = old.id;
		goto out;
	}
	if (old.id >= 0) { /* a resumed or repeated run: its entry replaced */
		p[0] = (struct lib_val){.type = LIB_INT, .i = old.id};
		if ((rc = l->ops->query(l, "DELETE FROM runs WHERE id = ?1", p, 1, NULL, 0, NULL,
					NULL, "replacing the run's earlier entry")))
			goto out;
		*what = "replaced";
	}
	now_iso(added, sizeof(added));
	free(run->added);
	if (!(run->added = strdup(added))) {
		rc = lib_fail(l, -ENOMEM, "out of memory");
		goto out;
	}
	insert_sql(&lib_runs_table, sql, sizeof(sql));
	for (int i = 0; i < lib_runs_table.ncols; i++)
		p[i] = lib_field(&lib_runs_table.cols[i], run);
	run->id = -1;
	rc = l->ops->query(l, sql, p, lib_runs_table.ncols, one_int, 1, take_int, &run->id,
			   "adding the run");
	if (!rc)
		rc = lib_insert_rows(l, &lib_tests_table, run->id, t, sizeof(*t), nt,
				     "adding the run's tests");
	if (!rc)
		rc = lib_insert_rows(l, &lib_figures_table, run->id, f, sizeof(*f), nf,
				     "adding the run's figures");
out:
	free(old.fingerprint);
	if (rc) {
		rollback(l);
		return rc;
	}
	return l->ops->exec(l, "COMMIT", "adding the run");
}

/* Rows read into a growing array of structs of @size bytes, each column a field of @t. */
struct rows {
	const struct lib_table *t;
	size_t size, n, cap;
	char *a;
};

static int take_row(void *ctx, const struct lib_val *v, int nv)
{
	struct rows *r = ctx;
	char *rec;

	(void)nv;
	if (r->n == r->cap) {
		char *g = realloc(r->a, (r->cap = r->cap ? 2 * r->cap : 64) * r->size);

		if (!g)
			return -ENOMEM;
		r->a = g;
	}
	rec = r->a + r->n++ * r->size;
	memset(rec, 0, r->size);
	/* the first column: a run's id, or a child's run_id (both the struct's first field) */
	*(int64_t *)rec = v[0].i;
	for (int i = 0; i < r->t->ncols; i++)
		if (lib_set_field(&r->t->cols[i], rec, &v[1 + i]))
			return -ENOMEM;
	return 0;
}

/* The column types of @t's rows as lib_columns() names them. */
static int col_types(const struct lib_table *t, enum lib_type *types)
{
	int n = 0;

	types[n++] = LIB_INT;
	for (int i = 0; i < t->ncols; i++)
		types[n++] = t->cols[i].type;
	if (t->child)
		types[n++] = LIB_INT;
	return n;
}

/* SELECT @t's columns @rest, rows as structs into *@out, *@n; @free_all frees what was read. */
static int select_rows(struct lib *l, const struct lib_table *t, const char *rest,
		       const struct lib_val *p, int np, size_t size,
		       void (*free_all)(void *, size_t), const char *what, void **out, size_t *n)
{
	struct rows r = {t, size, 0, 0, NULL};
	enum lib_type types[32];
	char sql[1024], cols[512];
	int ncols = col_types(t, types), rc;

	snprintf(sql, sizeof(sql), "SELECT %s FROM %s %s", lib_columns(t, cols, sizeof(cols)),
		 t->name, rest);
	rc = l->ops->query(l, sql, p, np, types, ncols, take_row, &r, what);
	if (rc == -ENOMEM)
		rc = lib_fail(l, rc, "out of memory");
	if (rc) {
		free_all(r.a, r.n);
		*out = NULL;
		*n = 0;
		return rc;
	}
	*out = r.a;
	*n = r.n;
	return 0;
}

static void runs_free(void *a, size_t n) { lib_runs_free(a, n); }
static void figures_free(void *a, size_t n) { lib_figures_free(a, n); }
static void tests_free(void *a, size_t n) { lib_tests_free(a, n); }

int lib_list(struct lib *l, const char *model, const char *profile, struct lib_run **out, size_t *n)
{
	char rest[512];
	struct lib_val p[2] = {{.type = LIB_TEXT, .null = !model, .s = model},
			       {.type = LIB_TEXT, .null = !profile, .s = profile}};

	snprintf(rest, sizeof(rest),
		 "WHERE (?1 IS NULL OR %s(lower(model), lower(?1)) > 0)"
		 " AND (?2 IS NULL OR profile = ?2)"
		 " ORDER BY started DESC NULLS LAST, added DESC, id DESC",
		 l->ops->contains);
	return select_rows(l, &lib_runs_table, rest, p, 2, sizeof(**out), runs_free,
			   "listing the runs", (void **)out, n);
}

int lib_remove(struct lib *l, const char *run, struct lib_run *removed)
{
	char *end;
	long long id = strtoll(run, &end, 10);
	struct lib_val p[2] = {{.type = LIB_INT, .null = !(*run && !*end), .i = id},
			       {.type = LIB_TEXT, .s = run}};
	struct lib_run *found = NULL;
	size_t n = 0;
	int rc;

	memset(removed, 0, sizeof(*removed));
	if ((rc = l->ops->begin_write(l, "locking the library to remove a run")))
		return rc;
	rc = select_rows(l, &lib_runs_table,
			 "WHERE (?1 IS NOT NULL AND id = ?1) OR run_key = ?2"
			 " OR manifest_id LIKE ?2 || '%'",
			 p, 2, sizeof(*found), runs_free, "finding the run", (void **)&found, &n);
	if (!rc && n > 1)
		rc = lib_fail(l, -EINVAL, "RUN %s names more than one run: give its number", run);
	else if (!rc && !n)
		rc = lib_fail(l, -ENOENT, "no run %s (see ssdreport library list)", run);
	if (!rc) {
		p[0] = (struct lib_val){.type = LIB_INT, .i = found[0].id};
		rc = l->ops->query(l, "DELETE FROM runs WHERE id = ?1", p, 1, NULL, 0, NULL, NULL,
				   "removing the run");
	}
	if (rc) {
		lib_runs_free(found, n);
		rollback(l);
		return rc;
	}
	*removed = found[0];
	free(found);
	return l->ops->exec(l, "COMMIT", "removing the run");
}

int lib_figures(struct lib *l, int64_t run_id, struct lib_figure **out, size_t *n)
{
	struct lib_val p[1] = {{.type = LIB_INT, .i = run_id}};

	return select_rows(l, &lib_figures_table,
			   "WHERE ?1 < 0 OR run_id = ?1 ORDER BY run_id, seq", p, 1, sizeof(**out),
			   figures_free, "reading the figures", (void **)out, n);
}

int lib_tests(struct lib *l, int64_t run_id, struct lib_test **out, size_t *n)
{
	struct lib_val p[1] = {{.type = LIB_INT, .i = run_id}};

	return select_rows(l, &lib_tests_table, "WHERE ?1 < 0 OR run_id = ?1 ORDER BY run_id, seq",
			   p, 1, sizeof(**out), tests_free, "reading the tests", (void **)out, n);
}

/* mkdir -p @dir. */
static int make_dir(const char *dir)
{
	char d[PATH_MAX];

	snprintf(d, sizeof(d), "%s", dir);
	for (char *p = d + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(d, 0777) && errno != EEXIST)
				return -errno;
			*p = '/';
		}
	if (mkdir(d, 0777) && errno != EEXIST)
		return -errno;
	return 0;
}

/* A CSV field: quoted when it holds a comma, quote or line break. */
static void csv_field(FILE *f, const struct lib_val *v)
{
	const char *s = v->s;

	if (v->null)
		return;
	switch (v->type) {
	case LIB_INT:
	case LIB_FLAGS:
		fprintf(f, "%lld", (long long)v->i);
		return;
	case LIB_REAL:
		fprintf(f, "%.17g", v->d);
		return;
	case LIB_TEXT:
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

static int csv_row(void *ctx, const struct lib_val *v, int n)
{
	FILE *f = ctx;

	for (int i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		csv_field(f, &v[i]);
	}
	fputc('\n', f);
	return 0;
}

/* One table as DIR/<name>.csv (its columns but a child's seq, in its rows' order), written
 * aside and renamed into place. */
static int export_table(struct lib *l, const char *dir, const struct lib_table *t)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16], sql[1024], cols[512];
	enum lib_type types[32];
	int ncols = col_types(t, types) - t->child, rc = 0;
	FILE *f;

	lib_columns(t, cols, sizeof(cols));
	if (t->child)
		cols[strlen(cols) - strlen(", seq")] = '\0';
	snprintf(sql, sizeof(sql), "SELECT %s FROM %s ORDER BY %s", cols, t->name,
		 t->child ? "run_id, seq" : "id");
	snprintf(path, sizeof(path), "%s/%s.csv", dir, t->name);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		rc = -errno;
		return lib_fail(l, rc, "export: cannot write %s: %s", tmp, strerror(-rc));
	}
	for (char *c = cols; *c; c++) /* the header: the names without the spaces */
		if (*c != ' ')
			fputc(*c, f);
	fputc('\n', f);
	rc = l->ops->query(l, sql, NULL, 0, types, ncols, csv_row, f, "export");
	if (fclose(f) && !rc)
		rc = lib_fail(l, -EIO, "export: cannot write %s", tmp);
	if (!rc && rename(tmp, path))
		rc = lib_fail(l, -errno, "export: cannot rename %s: %s", tmp, strerror(errno));
	if (rc)
		remove(tmp);
	return rc;
}

int lib_export_csv(struct lib *l, const char *dir)
{
	int rc = make_dir(dir);

	if (rc)
		return lib_fail(l, rc, "export: cannot make %s: %s", dir, strerror(-rc));
	if ((rc = l->ops->begin_read(l))) /* one snapshot for the three files */
		return rc;
	rc = export_table(l, dir, &lib_runs_table);
	if (!rc)
		rc = export_table(l, dir, &lib_tests_table);
	if (!rc)
		rc = export_table(l, dir, &lib_figures_table);
	if (rc)
		rollback(l);
	else
		rc = l->ops->exec(l, "COMMIT", "export");
	return rc;
}

void lib_run_free(struct lib_run *r)
{
	for (int i = 0; i < lib_runs_table.ncols; i++)
		if (lib_runs_table.cols[i].type == LIB_TEXT) {
			char **s = (char **)((char *)r + lib_runs_table.cols[i].off);

			free(*s);
			*s = NULL;
		}
}

/* Free the text fields of @n structs of @size bytes at @a, each a row of @t, and @a. */
static void free_rows(const struct lib_table *t, void *a, size_t size, size_t n)
{
	for (size_t r = 0; a && r < n; r++)
		for (int i = 0; i < t->ncols; i++)
			if (t->cols[i].type == LIB_TEXT)
				free(*(char **)((char *)a + r * size + t->cols[i].off));
	free(a);
}

void lib_runs_free(struct lib_run *r, size_t n)
{
	for (size_t i = 0; r && i < n; i++)
		lib_run_free(&r[i]);
	free(r);
}

void lib_figures_free(struct lib_figure *f, size_t n)
{
	free_rows(&lib_figures_table, f, sizeof(*f), n);
}

void lib_tests_free(struct lib_test *t, size_t n) { free_rows(&lib_tests_table, t, sizeof(*t), n); }

bool lib_run_partial(const struct lib_run *r)
{
	if (!r->status || strcmp(r->status, "complete"))
		return true;
	if (r->tests_planned > 0 && r->tests_done >= 0 && r->tests_done < r->tests_planned)
		return true;
	return r->only_tests && r->tests_planned <= 0; /* a subset of a plan not recorded */
}

char *lib_run_done_text(const struct lib_run *r, char *buf, size_t len)
{
	const char *what = r->status && strcmp(r->status, "complete") ? r->status : "partial";
	int n;

	buf[0] = '\0';
	if (!lib_run_partial(r))
		return buf;
	if (r->tests_planned > 0 && r->tests_done >= 0)
		n = snprintf(buf, len, "%s: %lld of %lld tests", what, (long long)r->tests_done,
			     (long long)r->tests_planned);
	else if (r->tests_done >= 0)
		n = snprintf(buf, len, "%s: %lld test%s", what, (long long)r->tests_done,
			     r->tests_done == 1 ? "" : "s");
	else
		n = snprintf(buf, len, "%s", what);
	if (r->only_tests && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " (--only %s)", r->only_tests);
	return buf;
}
