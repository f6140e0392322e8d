/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * table.h - a table of text cells and its three renderings (Markdown, CSV, HTML).
 *
 * A cell holds the text people read ("382,932", "1.28") and, where it differs, the text its CSV
 * file holds (the full number in the column's unit: "382932.4", "1.284113"), a link (to a test's
 * detail page or a section) and a mark (pass, fail, warning, published figure). Renderers build
 * tables from results; the writers know nothing about fio.
 *
 * Allocation failures are sticky: a failing call sets t->nomem and later calls do nothing, so a
 * renderer fills a table without checking every cell and checks once (sr_table_ok()).
 */
#ifndef SSDREPORT_TABLE_H
#define SSDREPORT_TABLE_H

#include <stdbool.h>
#include <stdio.h>

enum sr_mark {
	SR_MARK_NONE = 0,
	SR_MARK_PASS,	   /* a check met */
	SR_MARK_FAIL,	   /* a check not met, or a job that ended with an error */
	SR_MARK_WARN,	   /* a figure to read with care (clamped percentile, partial interval) */
	SR_MARK_PUBLISHED, /* a published figure, not measured here */
};

struct sr_cell {
	char *text; /* what people read; NULL = empty */
	char *csv;  /* what the CSV holds, NULL = text */
	char *href; /* a link, NULL = none */
	enum sr_mark mark;
	bool prose; /* a line of text in a table of figures (sr_table_prose()) */
};

struct sr_table {
	char *name;  /* file stem, relative to the report directory: <name>.csv */
	char *title; /* the caption */
	char *note;  /* a line under the table (what a mark means), NULL = none */
	size_t ncols;
	size_t nleft; /* leading columns of text, aligned left (1 by default); numbers go right */
	bool *text;   /* ncols: a text column after the leading ones (a job's name, a verdict):
		       * aligned left, header and cells alike, however long its cells */
	char **head;  /* ncols */
	char **group; /* ncols: a label over a run of columns (the drive), NULL = none */
	struct sr_cell *cells; /* nrows x ncols */
	size_t nrows;
	bool nomem;	/* an allocation failed: the table is incomplete */
	unsigned flags; /* for the renderer's own use (which notes the table needs) */
};

/* sr_table_new() - a table with @ncols columns; NULL on -ENOMEM. */
struct sr_table *sr_table_new(const char *name, const char *title, size_t ncols);
/* sr_table_head() - set column @c's header. */
void sr_table_head(struct sr_table *t, size_t c, const char *text);
/* sr_table_lead() - the headers of the @n leading text columns (aligned left). */
void sr_table_lead(struct sr_table *t, const char *const *heads, size_t n);
/* sr_table_text() - column @c holds text, not figures: aligned left like the leading columns. */
void sr_table_text(struct sr_table *t, size_t c);
/* sr_table_prose() - row @r is a line of text among rows of figures (a workload's description
 * under a drive's figures): its cells set left and wrapping, however short ("same"), whatever
 * their column holds. */
void sr_table_prose(struct sr_table *t, size_t r);

/* sr_table_group() - put column @c under @label: HTML draws one header cell over a run of
 * columns with the same label; CSV and Markdown headers read "<label> <header>". */
void sr_table_group(struct sr_table *t, size_t c, const char *label);
/* sr_table_row() - append an empty row. Return: its index (an index past the end on failure,
 * which the setters ignore). */
size_t sr_table_row(struct sr_table *t);
/* sr_table_set() - set cell (@r, @c) to printf text (the CSV holds the same). */
void sr_table_set(struct sr_table *t, size_t r, size_t c, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* sr_table_num() - set cell (@r, @c) to @text, with @csv in the CSV file. */
void sr_table_num(struct sr_table *t, size_t r, size_t c, const char *text, const char *csv);
/* sr_table_link() - make cell (@r, @c) a link to @href. */
void sr_table_link(struct sr_table *t, size_t r, size_t c, const char *href);
/* sr_table_mark() - mark cell (@r, @c). */
void sr_table_mark(struct sr_table *t, size_t r, size_t c, enum sr_mark mark);
/* sr_table_note() - the line under the table (printf). */
void sr_table_note(struct sr_table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/**
 * sr_table_transpose() - the table with rows and columns swapped: its columns (after the first)
 * become rows, led by their headers; its rows become columns, headed by their first cells.
 * @t:        a table without column groups
 * @corner:   the header of the new first column ("drive")
 * @nleft:    leading text columns of the new table
 *
 * Return: the new table (name, title and note copied; @t unchanged), NULL on -ENOMEM.
 */
struct sr_table *sr_table_transpose(const struct sr_table *t, const char *corner, size_t nleft);
/* sr_table_ok() - 0, or -ENOMEM when an allocation failed. */
int sr_table_ok(const struct sr_table *t);
void sr_table_free(struct sr_table *t);

void sr_table_md(FILE *f, const struct sr_table *t);
void sr_table_csv(FILE *f, const struct sr_table *t);
/* sr_table_html() - the table; @csv_href links its CSV file (relative to the page). */
void sr_table_html(FILE *f, const struct sr_table *t, const char *csv_href);
/* sr_html_text() - write @s with &, <, >, " escaped. */
void sr_html_text(FILE *f, const char *s);

/**
 * sr_html_prose() - @s escaped as sr_html_text() does, each command-line option in it ("--spec",
 * "--out=DIR", "--output-format=json+") kept on one line (a span of class nw): a line breaks
 * before an option, never at its hyphens. For text between tags only, never an attribute.
 */
void sr_html_prose(FILE *f, const char *s);

#endif
