/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * library_report.h - `ssdreport library report`: the library's runs and figures read, ranked like
 * with like, and handed to the page (render/library_page.h).
 */
#ifndef SSDREPORT_CLI_LIBRARY_REPORT_H
#define SSDREPORT_CLI_LIBRARY_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "library/store.h"

struct sr_lib_report_opts {
	const char *outdir, *title;
	bool charts, quiet;
	const char **drives; /* --drive MODEL: highlighted (contained, any case) */
	size_t ndrives;
	const char **tests; /* --test ID: only these summary entries or test ids */
	size_t ntests;
};

/* Return: the exit status (0, 1 internal, 2 bad input), the error printed. */
int sr_library_report(struct lib *l, const struct sr_lib_report_opts *o);

#endif
