/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * schema.h - the library's schema, defined once for every back end (docs/library-format.md):
 * its three tables as tables of fields (a column's name, type and where the struct of store.h
 * holds it), from which the DDL of a back end's dialect and every statement's column lists are
 * made.
 */
#ifndef SSDENG_LIBRARY_SCHEMA_H
#define SSDENG_LIBRARY_SCHEMA_H

#include <stddef.h>

#include "library/backend.h"

struct lib_col {
	const char *name;
	enum lib_type type;
	unsigned not_null : 1, unique : 1;
	size_t off; /* in struct lib_run, lib_test or lib_figure */
};

/* A table: runs (its own key `id` first), or a run's child (run_id first, seq last: the row's
 * place in its run, the order rows are read back in). */
struct lib_table {
	const char *name;
	const struct lib_col *cols; /* the fields after id / run_id */
	int ncols;
	int child;
	const char *key; /* a child's primary key */
};

extern const struct lib_table lib_runs_table, lib_tests_table, lib_figures_table;

/**
 * lib_schema_ddl() - the CREATE statements of the schema in @ops' dialect.
 * Return: a malloc'd string, NULL when out of memory.
 */
char *lib_schema_ddl(const struct lib_ops *ops);

/**
 * lib_columns() - @t's column names joined by ", " (id or run_id first, a child's seq last)
 * into @out. Return: @out.
 */
char *lib_columns(const struct lib_table *t, char *out, size_t len);

/* The value of column @c of the struct at @rec, as a parameter. */
struct lib_val lib_field(const struct lib_col *c, const void *rec);

/* Set column @c of the struct at @rec from @v (text strdup'd). Return: 0 or -ENOMEM. */
int lib_set_field(const struct lib_col *c, void *rec, const struct lib_val *v);

#endif
