/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * table.h - a table of text cells and its three renderings (Markdown, CSV, HTML).
 * Renderers build tables from results; the writers know nothing about fio.
 */
#ifndef SSDREPORT_TABLE_H
#define SSDREPORT_TABLE_H

#include <stdio.h>

struct sr_table {
	char *name; /* file stem: <name>.csv */
	char *title;
	size_t ncols;
	char **head;  /* ncols */
	char **cells; /* nrows x ncols, NULL = empty */
	size_t nrows;
};

/* sr_table_new() - a table with @ncols columns; NULL on -ENOMEM. */
struct sr_table *sr_table_new(const char *name, const char *title, size_t ncols);
/* sr_table_head() - set column @c's header. Return: 0 or -ENOMEM. */
int sr_table_head(struct sr_table *t, size_t c, const char *text);
/* sr_table_row() - append an empty row. Return: its index, or -ENOMEM. */
long sr_table_row(struct sr_table *t);
/* sr_table_set() - set cell (@r, @c) to printf text. Return: 0 or -ENOMEM. */
int sr_table_set(struct sr_table *t, size_t r, size_t c, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void sr_table_free(struct sr_table *t);

void sr_table_md(FILE *f, const struct sr_table *t);
void sr_table_csv(FILE *f, const struct sr_table *t);
void sr_table_html(FILE *f, const struct sr_table *t);
/* sr_html_text() - write @s with &, <, >, " escaped. */
void sr_html_text(FILE *f, const char *s);

#endif
