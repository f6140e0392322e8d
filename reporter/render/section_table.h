/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * section_table.h - the report's sections as one table, in the page's order: every section is a
 * row (its id, its title and method, its writer, the page it is written on). The rows of the
 * catalogue's families come from the catalogue (its families in its order, their titles and
 * methods); the others are fixed (section_table.c).
 */
#ifndef SSDREPORT_SECTION_TABLE_H
#define SSDREPORT_SECTION_TABLE_H

#include <stddef.h>

#include "catalogue/catalogue.h"
#include "render/report_ctx.h"

struct sr_section {
	const char
	    *id; /* "header", "summary", "drives", a family's id, "other", "pts", "details" */
	const char *title;  /* the heading the writer gives it; NULL: the writer's own */
	const char *method; /* the family's method, NULL for none */
	const char *page;   /* where it is written: "index.html", "pts.html", "tests/<test>.html" */
	const struct catalogue_family *family; /* a family's row; NULL for the others */
	/* the section's writer (0 or -errno, r->d->err says why); NULL for a family's row and
	 * "Other tests": their heading, method and tests not done, then the family's writer by its
	 * chart kinds */
	int (*write)(struct sr_report *r);
};

/**
 * sr_sections() - the report's rows in the page's order.
 * @cat: the catalogue (NULL: no family rows)
 * @out: the rows (free()); their strings are the catalogue's or static
 *
 * Return: the number of rows, or -ENOMEM.
 */
long sr_sections(const struct catalogue *cat, struct sr_section **out);

/* sr_sections_write() - every row of sr_sections(r->cat), in order. Return: 0 or -errno. */
int sr_sections_write(struct sr_report *r);

#endif
