// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_steady.c - "Preconditioning and steady state" of anyone's fio results: the tests no
 * catalogue entry describes whose jobs ran to fio's steady state (ss= set, or fio's
 * "steadystate" object: analyse/structure.h). Their time series (the SNIA PTS window shaded, as
 * in ssd-review's preconditioning section), then one table, a row per job and drive: fio's
 * criterion as set (ss=), whether fio found it attained, the measured criterion exactly as fio
 * printed it, ss_dur, and the mean IOPS and MB/s of fio's last window.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

#define STEADY_CHARTS 12

static int table(struct sr_report *r, const struct sr_rtest *const *tests, size_t n)
{
	static const char *const heads[] = {"test",
					    "drive",
					    "job",
					    "ss (fio's criterion as set)",
					    "attained",
					    "measured criterion (as fio printed it)",
					    "ss_dur (s)",
					    "mean IOPS (last window)",
					    "mean MB/s (last window)"};
	struct sr_table *t = sr_table_new("steady-state", "fio's steady state, a row per job",
					  sizeof(heads) / sizeof(heads[0]));
	int rc;

	if (!t)
		return -ENOMEM;
	sr_table_lead(t, heads, 3);
	sr_table_head(t, 1,
		      sr_rep_source_noun(r, false)); /* a folder or device, unless described */
	for (size_t c = 3; c < sizeof(heads) / sizeof(heads[0]); c++)
		sr_table_head(t, c, heads[c]);
	sr_table_text(t, 3); /* fio's ss= as set and its verdict are text */
	sr_table_text(t, 4);
	for (size_t i = 0; i < n; i++)
		for (size_t dv = 0; dv < r->m->ndrives; dv++) {
			const struct sr_result *res = tests[i]->per_drive[dv];
			const struct sr_test *x = res ? res->test : NULL;
			char drive[300], href[300], buf[SR_FMT_LEN];

			for (size_t k = 0; x && k < x->nruns; k++) {
				const struct sr_run *run = &x->runs[k];
				const struct sr_fio_ss *ss = &run->fio_ss;
				const char *set = sr_run_option(run, "ss");
				size_t row;

				if (run->groupid != res->groupid || (!ss->present && !set))
					continue;
				row = sr_table_row(t);
				sr_table_set(t, row, 0, "%s", tests[i]->title);
				sr_table_link(t, row, 0,
					      sr_rep_detail(tests[i], href, sizeof(href)));
				sr_table_set(t, row, 1, "%s",
					     sr_rep_drive(r, dv, drive, sizeof(drive)));
				sr_table_set(t, row, 2, "%s #%zu", run->name ? run->name : "?",
					     k + 1);
				sr_table_set(t, row, 3, "%s",
					     ss->ss ? ss->ss
					     : set  ? set
						    : SR_NOT_MEASURED);
				if (!ss->present) { /* ss= set, fio printed no verdict */
					for (size_t c = 4; c < 9; c++)
						sr_table_set(t, row, c, SR_NOT_MEASURED);
					continue;
				}
				sr_table_set(t, row, 4, "%s", ss->attained ? "yes" : "no");
				if (!ss->attained)
					sr_table_mark(t, row, 4, SR_MARK_FAIL);
				sr_table_set(t, row, 5, "%s",
					     ss->criterion_text ? ss->criterion_text
								: SR_NOT_MEASURED);
				if (sr_ok(ss->duration_s))
					sr_table_set(t, row, 6, "%.9g", ss->duration_s.v);
				else
					sr_table_set(t, row, 6, SR_NOT_MEASURED);
				if (sr_ok(ss->iops_mean)) {
					char csv[32];

					snprintf(csv, sizeof(csv), "%.9g", ss->iops_mean.v);
					sr_table_num(t, row, 7, sr_fmt_int(buf, ss->iops_mean.v),
						     csv);
				} else {
					sr_table_set(t, row, 7, SR_NOT_MEASURED);
				}
				if (sr_ok(ss->bw_mean)) {
					char csv[32];

					snprintf(csv, sizeof(csv), "%.9g", ss->bw_mean.v / 1e6);
					sr_table_num(t, row, 8, sr_fmt_mbps(buf, ss->bw_mean), csv);
				} else {
					sr_table_set(t, row, 8, SR_NOT_MEASURED);
				}
			}
		}
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc;
}

int sr_section_steady(struct sr_report *r)
{
	const struct sr_structure *s = &r->an->st;
	const struct sr_rtest **tests;
	size_t n = 0, charts = 0;
	int rc = 0;

	if (!s->nsteady)
		return 0;
	if (!(tests = calloc(s->nsteady + 1, sizeof(*tests))))
		return -ENOMEM;
	for (size_t i = 0; i < r->rv->ntests; i++)
		if (s->steady[i])
			tests[n++] = &r->rv->tests[i];
	sr_page_heading(&r->page, 2, "steady-state", "Preconditioning and steady state");
	sr_page_text(&r->page, "note",
		     "Method: the jobs that ran to fio's steady state (fio's ss= option, or its "
		     "steadystate object in the output). Charts: each workload's time series from "
		     "its logs (else fio's last steady-state window), the SNIA PTS window shaded; "
		     "the table: fio's own verdict, its criterion exactly as fio printed it.");
	sr_page_grid(&r->page, true);
	for (size_t i = 0; i < n && !rc; i++)
		for (size_t k = 0; k < sr_rep_nseries(r, tests[i]) && !rc; k++)
			if (charts++ < STEADY_CHARTS)
				rc = sr_series_chart(r, tests[i], k, SR_HALF_W, true);
	sr_page_grid(&r->page, false);
	if (!rc && charts > STEADY_CHARTS)
		sr_page_text(&r->page, "note", "%zu more time series are on their tests' pages.",
			     charts - STEADY_CHARTS);
	if (!rc)
		rc = table(r, tests, n);
	free(tests);
	return rc ? rc : r->page.err;
}
