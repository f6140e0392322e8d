/* SPDX-License-Identifier: GPL-2.0-only */
/* report_opts.h - what `ssdreport -o DIR` and `ssdreport compare` were asked for (report.h). */
#ifndef SSDREPORT_REPORT_OPTS_H
#define SSDREPORT_REPORT_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue/catalogue.h"

struct sr_report_opts {
	const char *outdir; /* final directory; built in a hidden sibling (output/report_dir.h) */
	const char *title;
	bool charts;		     /* run gnuplot */
	bool reuse_charts;	     /* take unchanged charts from the report in outdir (--live) */
	const struct catalogue *cat; /* the test catalogue the sections come from; NULL: none */
	const char *cat_note;	     /* why there is no catalogue, for the page (NULL: none) */
	bool compare;		     /* ssdreport compare: runs of one drive side by side */
	const char *const *flags;    /* compare: differences between the runs, one line each */
	size_t nflags;
};

#endif
