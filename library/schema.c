// SPDX-License-Identifier: GPL-2.0-only
/*
 * schema.c - the library's tables as fields (schema.h), and the DDL made from them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "library/schema.h"
#include "library/store.h"

#define RUN(n, t, nn, u, f)                                                                        \
	{                                                                                          \
		n, t, nn, u, offsetof(struct lib_run, f)                                           \
	}
static const struct lib_col run_cols[] = {
    RUN("run_key", LIB_TEXT, 1, 1, run_key),
    RUN("kind", LIB_TEXT, 1, 0, kind),
    RUN("status", LIB_TEXT, 1, 0, status),
    RUN("label", LIB_TEXT, 0, 0, label),
    RUN("model", LIB_TEXT, 0, 0, model),
    RUN("serial", LIB_TEXT, 0, 0, serial),
    RUN("firmware", LIB_TEXT, 0, 0, firmware),
    RUN("transport", LIB_TEXT, 0, 0, transport),
    RUN("capacity_bytes", LIB_INT, 0, 0, capacity_bytes),
    RUN("logical_block_bytes", LIB_INT, 0, 0, logical_block_bytes),
    RUN("manifest_id", LIB_TEXT, 0, 0, manifest_id),
    RUN("profile", LIB_TEXT, 0, 0, profile),
    RUN("span_bytes", LIB_INT, 0, 0, span_bytes),
    RUN("host", LIB_TEXT, 0, 0, host),
    RUN("fio_version", LIB_TEXT, 0, 0, fio_version),
    RUN("engine_version", LIB_TEXT, 0, 0, engine_version),
    RUN("started", LIB_TEXT, 0, 0, started),
    RUN("added", LIB_TEXT, 1, 0, added),
    RUN("source", LIB_TEXT, 0, 0, source),
    RUN("fingerprint", LIB_TEXT, 1, 0, fingerprint),
    RUN("tests_planned", LIB_INT, 0, 0, tests_planned),
    RUN("tests_done", LIB_INT, 0, 0, tests_done),
    RUN("only_tests", LIB_TEXT, 0, 0, only_tests),
};

#define TEST(n, t, nn, f)                                                                          \
	{                                                                                          \
		n, t, nn, 0, offsetof(struct lib_test, f)                                          \
	}
static const struct lib_col test_cols[] = {
    TEST("test", LIB_TEXT, 1, test),
    TEST("status", LIB_TEXT, 0, status),
    TEST("rw", LIB_TEXT, 0, rw),
    TEST("bs_bytes", LIB_INT, 0, bs),
    TEST("fio_version", LIB_TEXT, 0, fio_version),
    TEST("path", LIB_TEXT, 0, path),
};

#define FIG(n, t, nn, f)                                                                           \
	{                                                                                          \
		n, t, nn, 0, offsetof(struct lib_figure, f)                                        \
	}
static const struct lib_col figure_cols[] = {
    FIG("test", LIB_TEXT, 1, test),	FIG("entry", LIB_TEXT, 1, entry),
    FIG("metric", LIB_TEXT, 1, metric), FIG("title", LIB_TEXT, 0, title),
    FIG("unit", LIB_TEXT, 1, unit),	FIG("value", LIB_REAL, 1, value),
    FIG("flags", LIB_FLAGS, 1, flags),
};

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))
const struct lib_table lib_runs_table = {"runs", run_cols, N(run_cols), 0, NULL};
const struct lib_table lib_tests_table = {"tests", test_cols, N(test_cols), 1,
					  "PRIMARY KEY (run_id, test)"};
const struct lib_table lib_figures_table = {"figures", figure_cols, N(figure_cols), 1,
					    "PRIMARY KEY (run_id, entry, metric)"};

static const char *type_name(const struct lib_ops *ops, enum lib_type t)
{
	return t == LIB_TEXT ? ops->t_text : t == LIB_REAL ? ops->t_real : ops->t_int;
}

/* Append to the growing string *@s (length *@n); on failure *@s is freed and NULL. */
static void put(char **s, size_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char **s, size_t *n, const char *fmt, ...)
{
	va_list ap;
	char buf[512];
	int k;
	char *g;

	if (!*s)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	g = realloc(*s, *n + (size_t)k + 1);
	if (!g) {
		free(*s);
		*s = NULL;
		return;
	}
	memcpy(g + *n, buf, (size_t)k + 1);
	*s = g;
	*n += (size_t)k;
}

static void table_ddl(const struct lib_ops *ops, const struct lib_table *t, char **s, size_t *n)
{
	put(s, n, "CREATE TABLE %s (", t->name);
	if (t->child)
		put(s, n, " run_id %s NOT NULL REFERENCES runs (id) ON DELETE CASCADE,",
		    ops->t_int);
	else
		put(s, n, " id %s,", ops->t_id);
	for (int i = 0; i < t->ncols; i++) {
		const struct lib_col *c = &t->cols[i];

		put(s, n, " %s %s%s%s%s,", c->name, type_name(ops, c->type),
		    c->not_null ? " NOT NULL" : "", c->unique ? " UNIQUE" : "",
		    c->type == LIB_FLAGS ? " DEFAULT 0" : "");
	}
	if (t->child)
		put(s, n, " seq %s NOT NULL DEFAULT 0, %s);", ops->t_int, t->key);
	else if (*s) {
		(*s)[--*n] = '\0'; /* the last comma */
		put(s, n, ");");
	}
}

char *lib_schema_ddl(const struct lib_ops *ops)
{
	char *s = calloc(1, 1);
	size_t n = 0;

	put(&s, &n, "CREATE TABLE schema_version (version %s NOT NULL);", ops->t_int);
	table_ddl(ops, &lib_runs_table, &s, &n);
	put(&s, &n, "CREATE INDEX runs_model ON runs (model);");
	table_ddl(ops, &lib_tests_table, &s, &n);
	table_ddl(ops, &lib_figures_table, &s, &n);
	put(&s, &n, "CREATE INDEX figures_entry ON figures (entry, metric);");
	return s;
}

char *lib_columns(const struct lib_table *t, char *out, size_t len)
{
	size_t n = (size_t)snprintf(out, len, "%s", t->child ? "run_id" : "id");

	for (int i = 0; i < t->ncols && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, ", %s", t->cols[i].name);
	if (t->child && n < len)
		snprintf(out + n, len - n, ", seq");
	return out;
}

struct lib_val lib_field(const struct lib_col *c, const void *rec)
{
	const char *p = (const char *)rec + c->off;
	struct lib_val v = {.type = c->type};

	switch (c->type) {
	case LIB_TEXT:
		v.s = *(char *const *)p;
		v.null = !v.s;
		break;
	case LIB_INT:
		v.i = *(const int64_t *)p;
		v.null = v.i < 0;
		break;
	case LIB_REAL:
		v.d = *(const double *)p;
		break;
	case LIB_FLAGS:
		v.i = *(const unsigned *)p;
		break;
	}
	return v;
}

int lib_set_field(const struct lib_col *c, void *rec, const struct lib_val *v)
{
	char *p = (char *)rec + c->off;

	switch (c->type) {
	case LIB_TEXT:
		*(char **)p = NULL;
		if (!v->null && !(*(char **)p = strdup(v->s)))
			return -ENOMEM;
		break;
	case LIB_INT:
		*(int64_t *)p = v->null ? -1 : v->i;
		break;
	case LIB_REAL:
		*(double *)p = v->d;
		break;
	case LIB_FLAGS:
		*(unsigned *)p = (unsigned)v->i;
		break;
	}
	return 0;
}
