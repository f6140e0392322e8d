// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_pts.c - the SNIA PTS results: a section of index.html (each drive's PTS tests, their
 * verdicts, a link) and pts.html beside it, one part per drive and test as the standard's report
 * pages lay it out (pts_page.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/pts_page.h"

static const char *verdict_text(const struct sr_pts_phase *ph)
{
	switch (ph->verdict) {
	case SR_PTS_STEADY:
		return "steady state reached";
	case SR_PTS_NOT_STEADY:
		return "STEADY STATE NOT ACHIEVED";
	case SR_PTS_WRITTEN:
		return "the span written the times asked";
	case SR_PTS_ROUND_LIMIT:
		return "stopped at the round limit before the span was written the times asked";
	default:
		return "incomplete";
	}
}

/* "rounds 8-12 of 12" / "25 rounds, window 21-25" */
static void rounds_text(const struct sr_pts_phase *ph, char *out, size_t len)
{
	char gb[SR_FMT_LEN];

	if (ph->def->stop_written)
		snprintf(out, len, "%zu sample%s, %s written (%.2f x the span)", ph->nrounds,
			 ph->nrounds == 1 ? "" : "s", sr_fmt_si(gb, sr_val(ph->written)),
			 ph->span_bytes > 0 ? ph->written / ph->span_bytes : NAN);
	else if (ph->has_window)
		snprintf(out, len, "%zu rounds; measurement window: rounds %zu-%zu", ph->nrounds,
			 ph->w.first + 1, ph->w.last + 1);
	else
		snprintf(out, len, "%zu round%s (fewer than the 5 of a window)", ph->nrounds,
			 ph->nrounds == 1 ? "" : "s");
}

/* The anchor of a test on pts.html. */
static void anchor_of(const char *label, const struct sr_pts_test *t, char *out, size_t len)
{
	snprintf(out, len, "pts-%s-%s", label, t->id);
	for (char *c = out; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
}

/* The header block: device, purge, preconditioning, stimulus, TC/QD, rounds, compliance. */
static void header_block(struct sr_page *p, const struct sr_drive *drv, const struct sr_pts_test *t)
{
	const struct sr_drive_info *in = &drv->info;
	char dev[512], cap[SR_FMT_LEN], purge[256] = "", wipc[256], stim[512], tcqd[64],
					rounds[1024] = "", comp[512], span[SR_FMT_LEN];
	const char *const pairs[][2] = {
	    {"Test", t->spec ? t->spec : t->entry->pts->spec},
	    {"Device", dev},
	    {"Purge", purge},
	    {"Preconditioning", wipc},
	    {"Stimulus", stim},
	    {"TC / QD", tcqd},
	    {"Rounds", rounds},
	    {"Write cache", t->write_cache ? t->write_cache : "not recorded"},
	    {"Compliance", comp},
	};

	snprintf(dev, sizeof(dev), "%s · serial %s · firmware %s · %s · %s",
		 in->model ? in->model : "?", in->serial ? in->serial : "?",
		 in->firmware ? in->firmware : "?", sr_fmt_bytes(cap, in->capacity_bytes),
		 in->interface ? in->interface : in->transport ? in->transport : "?");
	for (size_t k = 0; k < t->nphases; k++) {
		const struct sr_pts_phase *ph = &t->phases[k];
		char one[300];

		if (!ph->def->purge)
			continue;
		snprintf(one, sizeof(one), "%s%s: %s", purge[0] ? "; " : "", ph->def->id,
			 ph->purge_method    ? ph->purge_method
			 : ph->purge_skipped ? "none (--pts-no-purge)"
					     : "not done");
		strncat(purge, one, sizeof(purge) - strlen(purge) - 1);
	}
	if (t->nphases && !t->phases[0].def->wipc)
		snprintf(wipc, sizeof(wipc), "none: the test starts from %s",
			 t->phases[0].purge_skipped ? "the drive as it was (no purge)"
						    : "the purged state");
	else
		snprintf(wipc, sizeof(wipc),
			 "workload independent: 128 KiB sequential write, twice the span (%s), "
			 "after each purge",
			 sr_fmt_si(span, sr_val(2 * t->span_bytes)));
	snprintf(stim, sizeof(stim),
		 "%s; active range %d %% of the drive's span: %s; %g s per cell per round",
		 t->entry->title, t->active_range_pct, sr_fmt_si(span, sr_val(t->span_bytes)),
		 t->cell_seconds);
	snprintf(tcqd, sizeof(tcqd), "%d threads × QD %d", t->threads, t->depth);
	for (size_t k = 0; k < t->nphases; k++) {
		char one[300], r1[200];

		rounds_text(&t->phases[k], r1, sizeof(r1));
		snprintf(one, sizeof(one), "%s%s: %s, %s", rounds[0] ? "; " : "",
			 t->phases[k].def->id, r1, verdict_text(&t->phases[k]));
		strncat(rounds, one, sizeof(rounds) - strlen(rounds) - 1);
	}
	comp[0] = '\0';
	for (size_t k = 0; k < t->nnot_compliant; k++) {
		strncat(comp, k ? "; " : "not PTS compliant: ", sizeof(comp) - strlen(comp) - 1);
		strncat(comp, t->not_compliant[k], sizeof(comp) - strlen(comp) - 1);
	}
	if (!comp[0])
		snprintf(comp, sizeof(comp), "as the standard asks");
	sr_page_facts(p, pairs, sizeof(pairs) / sizeof(pairs[0]));
	for (size_t k = 0; k < t->nphases; k++)
		if (t->phases[k].verdict == SR_PTS_NOT_STEADY)
			sr_page_text(
			    p, "warn",
			    "%s: STEADY STATE NOT ACHIEVED in %zu rounds; the last 5 rounds "
			    "are reported.",
			    t->phases[k].def->id, t->phases[k].nrounds);
	for (size_t k = 0; k < t->nnot_compliant; k++)
		sr_page_text(p, "warn", "Not PTS compliant: %s.", t->not_compliant[k]);
	for (size_t k = 0; k < t->nphases; k++)
		if (t->phases[k].resumed_after > 0)
			sr_page_text(p, "note",
				     "%s: the run was interrupted after round %d and resumed: the "
				     "rounds after it were measured by a later session, without "
				     "repeating the purge and preconditioning.",
				     t->phases[k].def->id, t->phases[k].resumed_after);
	for (size_t k = 0; k < t->nphases; k++)
		if (t->phases[k].not_applicable)
			sr_page_text(p, "warn", "%s: not applicable, not run: %s.",
				     t->phases[k].def->id, t->phases[k].not_applicable);
	if (t->status && strcmp(t->status, "done"))
		sr_page_text(p, "warn", "The test did not complete (%s%s%s).", t->status,
			     t->reason ? ": " : "", t->reason ? t->reason : "");
}

/* The window's figures under its plot. */
static void window_text(struct sr_page *p, const struct sr_pts_phase *ph)
{
	char mean[SR_FMT_LEN];

	if (!ph->has_window)
		return;
	sr_page_text(p, "note",
		     "Window rounds %zu-%zu: mean %s %s; range %.1f %% of the mean (limit %.0f %%, "
		     "%s); least-squares excursion %.1f %% (limit %.0f %%, %s): %s.",
		     ph->w.first + 1, ph->w.last + 1,
		     sr_fmt_sig(mean, sr_pts_metric_value(ph->def->track_metric, ph->w.mean)),
		     sr_pts_metric_name(ph->def->track_metric), ph->w.range_pct, PTS_SS_RANGE_PCT,
		     ph->w.range_ok ? "met" : "NOT met", ph->w.excursion_pct, PTS_SS_SLOPE_PCT,
		     ph->w.slope_ok ? "met" : "NOT met", verdict_text(ph));
}

static void cell_num(struct sr_table *tb, size_t row, size_t col, double v, bool integer)
{
	char txt[SR_FMT_LEN], csv[SR_FMT_LEN];

	if (isnan(v)) {
		sr_table_set(tb, row, col, "%s", SR_NOT_MEASURED);
		return;
	}
	snprintf(csv, sizeof(csv), "%.6g", v);
	sr_table_num(tb, row, col, integer ? sr_fmt_int(txt, v) : sr_fmt_sig(txt, v), csv);
}

/* Block sizes of a phase from the smallest, as the standard's tables list them. */
static size_t bs_order(const struct catalogue_pts_phase *def, size_t *idx)
{
	for (size_t b = 0; b < def->nbs; b++)
		idx[b] = b;
	for (size_t i = 1; i < def->nbs; i++)
		for (size_t j = i; j > 0 && pts_block_bytes(def->block_sizes[idx[j]]) <
						pts_block_bytes(def->block_sizes[idx[j - 1]]);
		     j--) {
			size_t x = idx[j];

			idx[j] = idx[j - 1];
			idx[j - 1] = x;
		}
	return def->nbs;
}

/* The measurement table: IOPS and MB/s as block size x mix, latency as one row per cell. */
static int measurement_table(struct sr_report *r, struct sr_page *p, const char *label,
			     const struct sr_pts_test *t, const struct sr_pts_phase *ph)
{
	const struct catalogue_pts_phase *def = ph->def;
	bool lat = !strcmp(def->track_metric, "lat_mean");
	bool mbps = !strcmp(def->track_metric, "mbps");
	char name[256], title[300], buf[SR_FMT_LEN], mix[16];
	size_t idx[64], nb = bs_order(def, idx);
	struct sr_table *tb;
	int rc;

	if (!ph->cells)
		return 0;
	sr_pts_stem(label, t, ph, "table", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s %s: %s, the mean of the measurement window's rounds (rounds %zu-%zu)", label,
		 def->id,
		 lat	? "average, maximum and 99.999 % latency (µs)"
		 : mbps ? "MB/s"
			: "IOPS",
		 ph->w.first + 1, ph->w.last + 1);
	if (lat) {
		static const char *const lead[] = {"block size", "read/write"};

		if (!(tb = sr_table_new(name, title, 5)))
			return -ENOMEM;
		sr_table_lead(tb, lead, 2);
		sr_table_head(tb, 2, "average (µs)");
		sr_table_head(tb, 3, "maximum (µs)");
		sr_table_head(tb, 4, "99.999 % (µs)");
		for (size_t i = 0; i < nb; i++)
			for (size_t m = 0; m < def->nmixes; m++) {
				const struct sr_pts_cell *c = &ph->cells[m * def->nbs + idx[i]];
				size_t row = sr_table_row(tb);

				sr_table_set(
				    tb, row, 0, "%s",
				    sr_fmt_bs(buf, pts_block_bytes(def->block_sizes[idx[i]])));
				sr_pts_mix_label(def->mixes[m], mix, sizeof(mix));
				sr_table_set(tb, row, 1, "%s", mix);
				cell_num(tb, row, 2, c->lat_mean_ns / 1000.0, false);
				cell_num(tb, row, 3, c->lat_max_ns / 1000.0, false);
				cell_num(tb, row, 4, c->p99999_ns / 1000.0, false);
			}
		sr_table_note(tb, "Maximum and 99.999 %%: the highest of the window's rounds.");
	} else {
		static const char *const lead[] = {"block size"};

		if (!(tb = sr_table_new(name, title, 1 + def->nmixes)))
			return -ENOMEM;
		sr_table_lead(tb, lead, 1);
		for (size_t m = 0; m < def->nmixes; m++) {
			sr_pts_mix_label(def->mixes[m], mix, sizeof(mix));
			sr_table_head(tb, 1 + m, mix);
		}
		for (size_t i = 0; i < nb; i++) {
			size_t row = sr_table_row(tb);

			sr_table_set(tb, row, 0, "%s",
				     sr_fmt_bs(buf, pts_block_bytes(def->block_sizes[idx[i]])));
			for (size_t m = 0; m < def->nmixes; m++) {
				const struct sr_pts_cell *c = &ph->cells[m * def->nbs + idx[i]];

				cell_num(tb, row, 1 + m, mbps ? c->mbps : c->iops, true);
			}
		}
		sr_table_note(tb, "Columns: read/write mix in percent.");
	}
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(p, tb);
	sr_table_free(tb);
	if (rc)
		sr_diag_msg(r->d, "%s.csv: %s", name, strerror(-rc));
	return rc;
}

static int test_part(struct sr_report *r, struct sr_page *p, const struct sr_drive *drv,
		     const struct sr_pts_test *t)
{
	char anchor[256], head[300];
	int rc = 0;

	anchor_of(drv->label, t, anchor, sizeof(anchor));
	snprintf(head, sizeof(head), "%s · %s", drv->label, t->entry->title);
	sr_page_heading(p, 2, anchor, head);
	header_block(p, drv, t);
	for (size_t k = 0; !rc && k < t->nphases; k++) {
		const struct sr_pts_phase *ph = &t->phases[k];

		if (t->nphases > 1) {
			snprintf(head, sizeof(head), "%s: %s", ph->def->id, verdict_text(ph));
			sr_page_heading(p, 3, NULL, head);
		}
		if (!ph->nrounds) {
			sr_page_text(p, "warn", "No round of %s was measured.", ph->def->id);
			continue;
		}
		if (ph->def->stop_written) {
			rc = sr_pts_chart_wsat(r, p, drv->label, t, ph);
			continue;
		}
		sr_page_grid(p, true);
		rc = sr_pts_chart_convergence(r, p, drv->label, t, ph);
		if (!rc)
			rc = sr_pts_chart_window(r, p, drv->label, t, ph);
		sr_page_grid(p, false);
		window_text(p, ph);
		if (!rc)
			rc = measurement_table(r, p, drv->label, t, ph);
		if (!rc && !strcmp(ph->def->track_metric, "iops"))
			rc = sr_pts_chart_iops_bs(r, p, drv->label, t, ph);
		if (!rc && !strcmp(ph->def->track_metric, "lat_mean"))
			rc = sr_pts_chart_latency(r, p, drv->label, t, ph);
	}
	return rc;
}

/* The index's summary: one row per drive and test, linking pts.html. */
static int index_part(struct sr_report *r, const struct sr_pts_drive *pd, size_t n)
{
	static const char *const lead[] = {"drive", "test"};
	struct sr_table *tb = sr_table_new("pts-summary", "SNIA PTS tests", 4);
	char anchor[256], href[300], rtext[200];
	int rc;

	if (!tb)
		return -ENOMEM;
	sr_page_heading(&r->page, 2, "family-pts", "SNIA PTS (Enterprise)");
	sr_page_text(&r->page, "note",
		     "Method: SNIA Solid State Storage Performance Test Specification, Enterprise "
		     "v2.0.2; the standard's report pages are on pts.html.");
	sr_table_lead(tb, lead, 2);
	sr_table_head(tb, 2, "steady state");
	sr_table_head(tb, 3, "compliance");
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < pd[i].n; k++) {
			const struct sr_pts_test *t = &pd[i].tests[k];
			size_t row = sr_table_row(tb);

			rtext[0] = '\0';
			for (size_t ph = 0; ph < t->nphases; ph++) {
				char one[100];

				snprintf(one, sizeof(one), "%s%s: %s (%zu round%s)", ph ? "; " : "",
					 t->phases[ph].def->id, verdict_text(&t->phases[ph]),
					 t->phases[ph].nrounds,
					 t->phases[ph].nrounds == 1 ? "" : "s");
				strncat(rtext, one, sizeof(rtext) - strlen(rtext) - 1);
			}
			anchor_of(pd[i].drv->label, t, anchor, sizeof(anchor));
			snprintf(href, sizeof(href), "pts.html#%s", anchor);
			sr_table_set(tb, row, 0, "%s", pd[i].drv->label);
			sr_table_set(tb, row, 1, "%s", t->entry->title);
			sr_table_link(tb, row, 1, href);
			sr_table_set(tb, row, 2, "%s", rtext);
			sr_table_set(tb, row, 3, "%s",
				     t->nnot_compliant ? "not PTS compliant (see pts.html)"
						       : "as the standard asks");
			if (t->nnot_compliant)
				sr_table_mark(tb, row, 3, SR_MARK_WARN);
		}
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(&r->page, tb);
	sr_table_free(tb);
	sr_page_link(&r->page, "pts.html", "The SNIA PTS report pages (pts.html)");
	return rc;
}

int sr_section_pts(struct sr_report *r)
{
	const struct sr_pts_drive *pd = r->an->pts;
	size_t n = r->m->ndrives;
	struct sr_page p = {0};
	int rc = 0;

	if (!r->an->npts_tests)
		return 0;
	rc = index_part(r, pd, n);
	if (!rc && !(rc = sr_page_open(&p, r->dir, "pts.html", false, "SNIA PTS report"))) {
		sr_page_heading(&p, 1, NULL, "SNIA PTS report");
		sr_page_link(&p, "index.html", "Back to the review (index.html)");
		for (size_t i = 0; !rc && i < n; i++)
			for (size_t k = 0; !rc && k < pd[i].n; k++)
				rc = test_part(r, &p, pd[i].drv, &pd[i].tests[k]);
		int crc = sr_page_close(&p);

		if (!rc && crc) {
			sr_diag_msg(r->d, "%s/pts.html: %s", r->dir, strerror(-crc));
			rc = crc;
		}
	}
	return rc;
}
