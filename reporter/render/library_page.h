/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * library_page.h - the results library's page (`ssdreport library report`): per headline figure
 * every drive of the library ranked, like with like (one ranking per profile), as horizontal bars
 * and a table; each model's history. It renders plain rows the command read from the library
 * (cli/library_report.c); it opens no file but through output/.
 */
#ifndef SSDREPORT_RENDER_LIBRARY_PAGE_H
#define SSDREPORT_RENDER_LIBRARY_PAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* One run's figure in a ranking. */
struct sr_libp_entry {
	const char *drive; /* the model (else the run's label) */
	const char *firmware, *date, *profile, *host, *status;
	long long run;	   /* the library's run number */
	double value;	   /* base units (the ranking's @unit) */
	unsigned flags;	   /* analyse/headline.h SR_HL_* */
	bool ranked;	   /* a complete run, ranked; else listed after the ranked ones */
	bool highlight;	   /* a drive named by --drive */
	char differs[200]; /* how the run differs from the ranking's others ("span 1 GiB"), "" */
};

/* One headline figure of one profile: its entries, ranked first (best first), then unranked. */
struct sr_libp_ranking {
	char id[200];	  /* file stem: "rank-full-4k-randread-iops" */
	char title[240];  /* "4K random read IOPS" */
	char what[64];	  /* the metric in words: "IOPS", "average latency" */
	char cls[64];	  /* the profile ranked ("full", "quick", "no profile") */
	const char *unit; /* "IOPS", "B/s", "ns", "1/s", "1/min" */
	bool lower_better;
	struct sr_libp_entry *e;
	size_t n, nranked;
};

#define SR_LIBP_HIST_COLS 4 /* the history's figures at most: a table that fits the page */

/* One model's runs, oldest first, with the headline figures its runs have. */
struct sr_libp_history {
	const char *drive;
	size_t ncols;				 /* figures shown (0: its runs have none) */
	char col_title[SR_LIBP_HIST_COLS][240];	 /* "4K random read IOPS", as its ranking's */
	const char *col_unit[SR_LIBP_HIST_COLS]; /* base units: "IOPS", "B/s", "ns", "1/s" */
	struct sr_libp_hist_row {
		long long run;
		const char *date, *firmware, *profile, *status, *host;
		char done[80];		     /* completeness: "" complete, else
					      * "partial: 3 of 5 tests" (the page's words) */
		double v[SR_LIBP_HIST_COLS]; /* NaN: not measured */
	} * rows;
	size_t n;
};

struct sr_libp {
	const char *title;
	const char *library; /* the library's location, as given */
	size_t nruns, nmodels;
	size_t ndrives; /* drives: a model's runs of other serials are other drives */
	struct sr_libp_ranking *rankings;
	size_t nrankings;
	struct sr_libp_history *hist;
	size_t nhist;
	const char *const *selected; /* --drive MODEL..., for the page's header */
	size_t nselected;
};

/**
 * sr_library_page_write() - the library's page into @outdir, built aside and swapped in
 * (output/report_dir.h) like every report.
 * @p:      the page's contents
 * @outdir: -o DIR
 * @charts: run gnuplot
 * @d:      diagnostics (d->err on failure)
 *
 * Return: 0 or a negative errno.
 */
int sr_library_page_write(const struct sr_libp *p, const char *outdir, bool charts,
			  struct sr_diag *d);

#endif
