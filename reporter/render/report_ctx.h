/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_ctx.h - the report being written, as every section writer sees it: the model, its
 * analysis (computed before: analyse/analysis.h), the options, the directory being filled and
 * index.html; the page's measures.
 */
#ifndef SSDREPORT_REPORT_CTX_H
#define SSDREPORT_REPORT_CTX_H

#include "analyse/analysis.h"
#include "catalogue/catalogue.h"
#include "model/model.h"
#include "render/html.h"
#include "render/report_opts.h"
#include "util/diag.h"

/* The page's width for figures and tables side by side (a 1280-px window with its scroll bar
 * and the page's margins holds 1209 px), and the gap between them. */
#define SR_PAGE_W 1200
#define SR_GAP_W 16
#define SR_HALF_W ((SR_PAGE_W - SR_GAP_W) / 2)
#define SR_QUARTER_W ((SR_PAGE_W - 3 * SR_GAP_W) / 4)

/* A table of the drives' spec sheets or health lists them as columns up to this many, as rows
 * past it (each drive's column would be a third of the page: 8 drives, 1600 px). */
#define SR_DRIVE_COLUMNS 6

struct sr_report {
	const struct sr_model *m;
	const struct sr_report_opts *o;
	const struct catalogue *cat;  /* NULL: no catalogue, every test is "other" */
	const struct sr_analysis *an; /* the analysis of m (analyse/analysis.h) */
	const struct sr_review *rv;   /* an->rv */
	struct sr_diag *d;
	char dir[4096]; /* the report being built (a temporary directory) */
	struct sr_page page;
	bool on_test_page; /* page is a test's page (tests/): its charts' files go beside it */
	/* the index's time-series charts (sr_series_chart()), which a test's page shows again
	 * rather than drawing the same series twice */
	struct sr_drawn_chart *drawn;
	size_t ndrawn;
};

/* A chart on the index: its path without extension, its caption, and whether it is drawn page
 * wide (a row of panels per drive) rather than at the width its caller asked for. */
struct sr_drawn_chart {
	char *name;
	char *caption;
	bool page_wide;
};

#endif
