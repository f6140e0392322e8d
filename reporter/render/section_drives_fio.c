// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_drives_fio.c - the Drives section of results that describe no drive (anyone's fio
 * output, no spec sheet read from the drive): what fio's own output says about where each set of
 * results ran, a row per set: the devices or files its jobs named (filename=, else directory=),
 * the hosts of a client/server run, the fio versions and ioengines, the fio outputs read. When
 * fio names none of these, one sentence says so.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/sections.h"

#define LIST_SHOWN 4 /* values named in a cell; more are counted */

/* The distinct values of one field over a set of results. */
struct distinct {
	const char *v[LIST_SHOWN];
	size_t n; /* distinct values seen (the first LIST_SHOWN kept) */
};

static void add(struct distinct *d, const char *s)
{
	if (!s || !*s)
		return;
	for (size_t i = 0; i < d->n && i < LIST_SHOWN; i++)
		if (!strcmp(d->v[i], s))
			return;
	/* past LIST_SHOWN a value not kept may be counted again: the count is then "at least" */
	if (d->n < LIST_SHOWN)
		d->v[d->n] = s;
	d->n++;
}

static void put(struct sr_table *t, size_t row, size_t col, const struct distinct *d)
{
	char buf[1024];
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < d->n && i < LIST_SHOWN && k < sizeof(buf); i++)
		k += snprintf(buf + k, sizeof(buf) - k, "%s%s", i ? ", " : "", d->v[i]);
	if (d->n > LIST_SHOWN && k < sizeof(buf))
		snprintf(buf + k, sizeof(buf) - k, " and more");
	sr_table_set(t, row, col, "%s", d->n ? buf : SR_NOT_MEASURED);
}

enum { F_DEVICE, F_HOST, F_FIO, F_ENGINE, F_N };

/* What fio's output names for drive @dv's results; false when it names nothing. */
static bool gather(const struct sr_drive *drv, struct distinct f[F_N])
{
	memset(f, 0, F_N * sizeof(*f));
	for (size_t i = 0; i < drv->ntests; i++) {
		const struct sr_test *x = &drv->tests[i];

		add(&f[F_FIO], x->fio_version);
		for (size_t k = 0; k < x->nruns; k++) {
			const struct sr_run *run = &x->runs[k];
			const char *dev = sr_run_option(run, "filename");

			add(&f[F_DEVICE], dev ? dev : sr_run_option(run, "directory"));
			add(&f[F_HOST], run->host);
			add(&f[F_ENGINE], sr_run_option(run, "ioengine"));
		}
	}
	return f[F_DEVICE].n || f[F_HOST].n || f[F_FIO].n || f[F_ENGINE].n;
}

int sr_drives_fio(struct sr_report *r)
{
	static const char *const heads[] = {"results",
					    "device or file (fio's filename=, else directory=)",
					    "host (client/server)",
					    "fio version",
					    "ioengine",
					    "fio outputs"};
	struct sr_table *t = sr_table_new("drives-fio",
					  "What fio's output names, a row per set of "
					  "results",
					  sizeof(heads) / sizeof(heads[0]));
	bool any = false;
	int rc = 0;

	if (!t)
		return -ENOMEM;
	sr_table_lead(t, heads, 5); /* text; the count of outputs a number */
	for (size_t c = 5; c < sizeof(heads) / sizeof(heads[0]); c++)
		sr_table_head(t, c, heads[c]);
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];
		struct distinct f[F_N];
		size_t row;

		if (drv->source || !drv->ntests)
			continue; /* published figures are described where they are named */
		any |= gather(drv, f);
		row = sr_table_row(t);
		sr_table_set(t, row, 0, "%s", drv->label);
		for (int k = 0; k < F_N; k++)
			put(t, row, 1 + k, &f[k]);
		sr_table_set(t, row, 5, "%zu", drv->ntests);
	}
	if (any) {
		sr_page_text(&r->page, NULL,
			     "These results hold no description of the drives (model, capacity, "
			     "firmware); this is what fio's own output names.");
		rc = sr_page_table(&r->page, t);
	} else {
		sr_page_text(&r->page, NULL,
			     "These results hold no description of the drives, and fio's output "
			     "names no device, host or fio version.");
	}
	sr_table_free(t);
	return rc ? rc : r->page.err;
}
