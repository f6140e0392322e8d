/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html.h - the page skeleton: an HTML page (index.html, or a detail page tests/<id>.html) and,
 * for the index, report.md beside it with the same headings, text and tables. Tables are written
 * to their CSV file as they are put on the page; figures link their SVG, gnuplot script and CSV.
 * The page is self-contained: one inline style sheet, local files only.
 *
 * Write errors are sticky: the first sets p->err (a negative errno), sr_page_close() returns it.
 */
#ifndef SSDREPORT_HTML_H
#define SSDREPORT_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "render/table.h"

struct sr_page {
	FILE *html;
	FILE *md;	  /* report.md for the index, NULL for a detail page */
	const char *dir;  /* the report directory */
	char name[256];	  /* the page, relative to @dir: "index.html", "tests/4k-randread.html" */
	const char *root; /* from the page to the report directory: "" or "../" */
	int err;
};

/**
 * sr_page_open() - create a page and write its head.
 * @p:     the page
 * @dir:   report directory
 * @name:  the page's file, relative to @dir ("index.html", "tests/x.html")
 * @md:    also write report.md beside index.html
 * @title: the page's title
 *
 * Return: 0 or -errno.
 */
int sr_page_open(struct sr_page *p, const char *dir, const char *name, bool md, const char *title);

/**
 * sr_page_open_refresh() - sr_page_open() of a page that reloads itself every @refresh_s
 * seconds (a meta refresh; 0: never): the live report's index.
 */
int sr_page_open_refresh(struct sr_page *p, const char *dir, const char *name, bool md,
			 const char *title, int refresh_s);

/* sr_page_heading() - a heading of @level (1..3) with an anchor (NULL: none). */
void sr_page_heading(struct sr_page *p, int level, const char *anchor, const char *text);

/* sr_page_anchor() - an empty element with id @anchor: a link target (HTML only). */
void sr_page_anchor(struct sr_page *p, const char *anchor);

/* sr_page_text() - a paragraph of escaped text; @cls: NULL, "lead", "note" or "warn" (a box). */
void sr_page_text(struct sr_page *p, const char *cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* sr_page_link() - a paragraph holding one link: @text to @href (relative to the page). */
void sr_page_link(struct sr_page *p, const char *href, const char *text);

/* sr_page_facts() - a definition list of @n pairs (header facts: date, host, ...). */
void sr_page_facts(struct sr_page *p, const char *const (*pairs)[2], size_t n);

/**
 * sr_page_table() - write @t's CSV (<dir>/<t->name>.csv) and put the table on the page.
 * @p: the page
 * @t: the table (not freed)
 *
 * Return: 0; -ENOMEM when the table is incomplete; -EIO when the CSV cannot be written.
 */
int sr_page_table(struct sr_page *p, const struct sr_table *t);

/**
 * sr_page_figure() - a chart on the page: its PNG linking the SVG, and links to the SVG, the
 * gnuplot script and the CSV.
 * @p:     the page
 * @chart: the chart's path without extension, relative to the report ("precond-4k-randwrite")
 * @title: the caption
 * @width: display width in pixels (the PNG's own, or less for a grid)
 */
void sr_page_figure(struct sr_page *p, const char *chart, const char *title, int width);

/* sr_page_figure_svg() - sr_page_figure() for a chart drawn as an SVG alone (sr_chart's
 * @svg_only): the SVG on the page, and links to it, the gnuplot script and the CSV. */
void sr_page_figure_svg(struct sr_page *p, const char *chart, const char *title, int width);

/* sr_page_details() - @n pairs (a drive and its command line) under a disclosure titled
 * @summary, closed until the reader opens it; in Markdown a list under the title. */
void sr_page_details(struct sr_page *p, const char *summary, const char *const (*pairs)[2],
		     size_t n);

/* sr_page_grid() - open (@open) or close a row of figures laid side by side. */
void sr_page_grid(struct sr_page *p, bool open);

/* sr_page_raw() - HTML written as is (Markdown gets nothing). */
void sr_page_raw(struct sr_page *p, const char *html);

/* sr_page_close() - end the page. Return: 0 or the first error (-errno). */
int sr_page_close(struct sr_page *p);

#endif
