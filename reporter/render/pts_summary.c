// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_summary.c - the SNIA PTS headline figures in index.html's summary (pts_page.h): per drive
 * and test each phase's tracking variable over its measurement window (the figure the standard's
 * steady state is judged on; analyse/pts.h sr_pts_phase_figures(), which the results library
 * keeps too), with the verdict and a link to the test's page on pts.html.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "render/format.h"
#include "render/pts_page.h"

/* "4 KiB 0/100 IOPS 26,800" (@v in the metric's base unit). */
static void figure(const char *metric, const char *bs, int mix, double v, char *out, size_t len)
{
	char b[SR_FMT_LEN], m[16], x[SR_FMT_LEN];

	sr_pts_mix_label(mix, m, sizeof(m));
	snprintf(out, len, "%s %s %s %s", sr_fmt_bs(b, pts_block_bytes(bs)), m,
		 !strcmp(metric, "lat_mean") ? "average total latency (µs)"
					     : sr_pts_metric_name(metric),
		 !strcmp(metric, "lat_mean") ? sr_fmt_sig(x, v / 1000.0)
		 : !strcmp(metric, "mbps")   ? sr_fmt_sig(x, v)
					     : sr_fmt_int(x, v));
}

/* The phase's figures (sr_pts_phase_figures()) in words, "; " between them. */
static void phase_text(const struct sr_pts_test *t, const struct sr_pts_phase *ph, char *out,
		       size_t len)
{
	struct sr_pts_fig f[SR_PTS_PHASE_FIGS];
	size_t n = sr_pts_phase_figures(t, ph, f);
	char one[200];

	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		size_t o = strlen(out);

		figure(f[i].metric, f[i].bs, f[i].mix, f[i].value, one, sizeof(one));
		if (f[i].last) {
			double fob, steady;
			size_t last;
			char x[SR_FMT_LEN];

			snprintf(out + o, len - o,
				 "%s%s (steady level: mean of the last %zu sample%s)",
				 i ? "; " : "", one, f[i].last, f[i].last == 1 ? "" : "s");
			/* WSAT: the level it fell from */
			o = strlen(out);
			if (sr_pts_wsat_levels(ph, &fob, &steady, &last))
				snprintf(out + o, len - o, "; fresh out of box %s (round 1)",
					 sr_fmt_int(x, fob));
		} else
			snprintf(out + o, len - o, "%s%s", i ? "; " : "", one);
	}
}

int sr_pts_summary(struct sr_report *r)
{
	static const char *const lead[] = {"drive", "test", "phase"};
	const struct sr_pts_drive *pd = r->an->pts;
	struct sr_table *tb;
	char anchor[256], href[300], fig[600], rtext[200];
	int rc;

	if (!r->an->npts_tests)
		return 0;
	if (!(tb = sr_table_new("summary-pts",
				"SNIA PTS: each phase's tracking variable over its measurement "
				"window",
				5)))
		return -ENOMEM;
	sr_table_lead(tb, lead, 3);
	sr_table_head(tb, 3, "figure (mean over the window)");
	sr_table_head(tb, 4, "steady state");
	sr_table_text(tb, 3); /* "4 KiB 0/100 IOPS 15,138": the figure named in words */
	sr_table_text(tb, 4);
	for (size_t i = 0; i < r->m->ndrives; i++)
		for (size_t k = 0; k < pd[i].n; k++) {
			const struct sr_pts_test *t = &pd[i].tests[k];

			snprintf(anchor, sizeof(anchor), "pts-%s-%s", pd[i].drv->label, t->id);
			for (char *c = anchor; *c; c++)
				if (*c == '/' || *c == ' ')
					*c = '_';
			snprintf(href, sizeof(href), "pts.html#%s", anchor);
			for (size_t q = 0; q < t->nphases; q++) {
				const struct sr_pts_phase *ph = &t->phases[q];
				size_t row = sr_table_row(tb);

				sr_table_set(tb, row, 0, "%s", pd[i].drv->label);
				sr_table_set(tb, row, 1, "%s", t->entry->title);
				sr_table_link(tb, row, 1, href);
				sr_table_set(tb, row, 2, "%s", ph->def->id);
				phase_text(t, ph, fig, sizeof(fig));
				sr_table_set(tb, row, 3, "%s", fig[0] ? fig : SR_NOT_MEASURED);
				sr_pts_rounds_text(ph, rtext, sizeof(rtext));
				sr_table_set(tb, row, 4, "%s (%s)", sr_pts_verdict_text(ph), rtext);
				if (ph->verdict != SR_PTS_STEADY && ph->verdict != SR_PTS_WRITTEN)
					sr_table_mark(tb, row, 4, SR_MARK_WARN);
			}
		}
	sr_table_note(tb, "Every figure, plot and the standard's report header: pts.html.");
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(&r->page, tb);
	sr_table_free(tb);
	sr_page_link(&r->page, "pts.html", "The SNIA PTS report pages (pts.html)");
	return rc;
}
