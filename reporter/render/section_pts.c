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

#include "model/pts.h"
#include "render/format.h"
#include "render/pts_page.h"

/* The anchor of a test on pts.html. */
static void anchor_of(const char *label, const struct sr_pts_test *t, char *out, size_t len)
{
	snprintf(out, len, "pts-%s-%s", label, t->id);
	for (char *c = out; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
}

/* A note of the header's, with the drives it holds for: "a, b: Not PTS compliant: ...". */
struct note {
	const char *cls;
	char text[600], drives[300];
};

/* Add @text (for drive @label) to @notes, or @label to the same note already there. */
static void note_add(struct note *notes, size_t *n, size_t max, const char *cls, const char *label,
		     const char *text)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(notes[i].text, text) && !strcmp(notes[i].cls, cls)) {
			size_t o = strlen(notes[i].drives);

			snprintf(notes[i].drives + o, sizeof(notes[i].drives) - o, ", %s", label);
			return;
		}
	if (*n == max)
		return;
	notes[*n].cls = cls;
	snprintf(notes[*n].text, sizeof(notes[*n].text), "%s", text);
	snprintf(notes[*n].drives, sizeof(notes[*n].drives), "%s", label);
	(*n)++;
}

/* What the header table cannot say in a cell, each note once with the drives it holds for: the
 * verdicts not achieved, what is not compliant, a resumed phase, cells not applicable, a test
 * that did not complete. */
static void header_notes(struct sr_page *p, const struct sr_pts_part *parts, size_t nparts)
{
	struct note notes[32];
	char text[600];
	size_t n = 0;

	for (size_t d = 0; d < nparts; d++) {
		const struct sr_pts_test *t = parts[d].t;
		const char *l = parts[d].drv->label;

		for (size_t k = 0; k < t->nphases; k++)
			if (t->phases[k].verdict == SR_PTS_NOT_STEADY) {
				snprintf(text, sizeof(text),
					 "%s: STEADY STATE NOT ACHIEVED in %zu rounds; the last 5 "
					 "rounds are reported.",
					 t->phases[k].def->id, t->phases[k].nrounds);
				note_add(notes, &n, 32, "warn", l, text);
			}
		for (size_t k = 0; k < t->nnot_compliant; k++) {
			snprintf(text, sizeof(text), "Not PTS compliant: %s.", t->not_compliant[k]);
			note_add(notes, &n, 32, "warn", l, text);
		}
		for (size_t k = 0; k < t->nphases; k++)
			if (t->phases[k].resumed_after > 0) {
				snprintf(
				    text, sizeof(text),
				    "%s: the run was interrupted after round %d and resumed: the "
				    "rounds after it were measured by a later session, without "
				    "repeating the purge and preconditioning.",
				    t->phases[k].def->id, t->phases[k].resumed_after);
				note_add(notes, &n, 32, "note", l, text);
			}
		for (size_t k = 0; k < t->nphases; k++)
			if (t->phases[k].not_applicable) {
				snprintf(text, sizeof(text), "%s: not applicable, not run: %s.",
					 t->phases[k].def->id, t->phases[k].not_applicable);
				note_add(notes, &n, 32, "warn", l, text);
			}
		if (t->status && strcmp(t->status, "done")) {
			snprintf(text, sizeof(text), "The test did not complete (%s%s%s).",
				 t->status, t->reason ? ": " : "", t->reason ? t->reason : "");
			note_add(notes, &n, 32, "warn", l, text);
		}
	}
	for (size_t i = 0; i < n; i++)
		if (nparts == 1)
			sr_page_text(p, notes[i].cls, "%s", notes[i].text);
		else
			sr_page_text(p, notes[i].cls, "%s: %s", notes[i].drives, notes[i].text);
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
static int measurement_table(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *pp,
			     size_t k, const char *num)
{
	const struct sr_pts_phase *ph = &pp->t->phases[k];
	const char *label = pp->drv->label;
	const struct catalogue_pts_phase *def = ph->def;
	bool lat = !strcmp(def->track_metric, "lat_mean");
	bool mbps = !strcmp(def->track_metric, "mbps");
	char name[256], title[300], buf[SR_FMT_LEN], mix[16], *marks;
	size_t idx[64], nb = bs_order(def, idx);
	struct sr_table *tb;
	int rc;

	if (!ph->cells)
		return 0;
	sr_pts_stem(pp, 1, k, "table", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s · %s %s: %s, the mean of the measurement window's rounds (rounds %zu-%zu)",
		 num, label, def->id,
		 lat	? "average, maximum and 99.999 % latency (µs)"
		 : mbps ? "MB/s"
			: "IOPS",
		 ph->w.first + 1, ph->w.last + 1);
	if (lat) {
		static const char *const lead[] = {"block size", "read/write"};

		if (!(tb = sr_table_new(name, title, 5)))
			return -ENOMEM;
		sr_table_lead(tb, lead, 2);
		sr_table_head(tb, 2, "average, total latency (µs)");
		sr_table_head(tb, 3, "maximum, total latency (µs)");
		sr_table_head(tb, 4, "99.999 %, completion latency (µs)");
		for (size_t i = 0; i < nb; i++)
			for (size_t m = 0; m < def->nmixes; m++) {
				const struct sr_pts_cell *c = &ph->cells[m * def->nbs + idx[i]];
				size_t row = sr_table_row(tb);

				sr_table_set(
				    tb, row, 0, "%s",
				    sr_fmt_bs(buf, pts_block_bytes(def->block_sizes[idx[i]])));
				sr_pts_mix_label(def->mixes[m], mix, sizeof(mix));
				sr_table_set(tb, row, 1, "%s", mix);
				sr_pts_num_cell(tb, row, 2, c->lat_mean_ns / 1000.0, false);
				sr_pts_num_cell(tb, row, 3, c->lat_max_ns / 1000.0, false);
				sr_rep_cell(
				    tb, row, 4,
				    (struct sr_fig){.v = isnan(c->p99999_ns)
							     ? (struct sr_value){0, SR_ABSENT}
							     : sr_val(c->p99999_ns),
						    .is_max = c->p99999_is_max},
				    SR_M_PCT, SR_UNIT_US, 0);
			}
		/* the review's words for its marks ("max": too few I/Os), after the table's own */
		sr_rep_table_notes(tb);
		marks = tb->note ? strdup(tb->note) : NULL;
		sr_table_note(tb,
			      "Average and maximum: total latency (fio lat: submission to "
			      "completion), the average weighted by each direction's I/Os; 99.999 "
			      "%%: completion latency (fio clat, the latency fio's percentiles are "
			      "of), each round's own. Maximum and 99.999 %%: the highest of the "
			      "window's rounds; a 99.999 %% above the maximum (fio's histogram bin "
			      "can lie above its slowest I/O) is the maximum.%s%s",
			      marks ? " " : "", marks ? marks : "");
		free(marks);
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

				sr_pts_num_cell(tb, row, 1 + m, mbps ? c->mbps : c->iops, true);
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

/* A test's part of pts.html: one page of the standard's report for every drive that ran it. */
/* A WSAT phase's two levels under its plot (sr_pts_wsat_levels()): where the drive started
 * fresh out of box and where it settled, in words, one line per drive. */
static void wsat_levels(struct sr_page *p, const struct sr_pts_part *pp, size_t k)
{
	const struct sr_pts_phase *ph = &pp->t->phases[k];
	char f[SR_FMT_LEN], s[SR_FMT_LEN];
	double fob, steady;
	size_t last;

	if (!sr_pts_wsat_levels(ph, &fob, &steady, &last))
		return;
	sr_page_text(
	    p, NULL,
	    "%s, %s: fresh out of box %s %s (round 1); steady level %s %s (the mean of the "
	    "last %zu round%s of %zu).",
	    pp->drv->label, ph->def->id, sr_fmt_int(f, fob),
	    sr_pts_metric_name(ph->def->track_metric), sr_fmt_int(s, steady),
	    sr_pts_metric_name(ph->def->track_metric), last, last == 1 ? "" : "s", ph->nrounds);
}

static int test_part(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
		     size_t n, int page_no)
{
	const struct sr_pts_test *t0 = parts[0].t;
	char anchor[256], head[300], num[32];
	int rc = 0, plot = 0;

	for (size_t d = 0; d < n; d++) { /* every drive's anchor, for the index's links */
		anchor_of(parts[d].drv->label, parts[d].t, anchor, sizeof(anchor));
		sr_page_anchor(p, anchor);
	}
	snprintf(head, sizeof(head), "Page %d · %s", page_no, t0->entry->title);
	sr_page_heading(p, 2, NULL, head);
	rc = sr_pts_header(r, p, parts, n, page_no);
	header_notes(p, parts, n);
	for (size_t k = 0; !rc && k < t0->nphases; k++) {
		const struct catalogue_pts_phase *def = t0->phases[k].def;
		bool any = false, window = false;

		if (t0->nphases > 1) {
			snprintf(head, sizeof(head), "%s", def->id);
			sr_page_heading(p, 3, NULL, head);
		}
		for (size_t d = 0; d < n; d++) {
			const struct sr_pts_phase *ph = &parts[d].t->phases[k];

			if (!ph->nrounds)
				sr_page_text(p, "warn", "%s: no round of %s was measured.",
					     parts[d].drv->label, def->id);
			any |= ph->nrounds > 0;
			window |= ph->has_window;
		}
		if (!any)
			continue;
		if (def->stop_written) {
			snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++plot);
			rc = sr_pts_chart_wsat(r, p, parts, n, k, num);
			for (size_t d = 0; !rc && d < n; d++)
				wsat_levels(p, &parts[d], k);
			continue;
		}
		sr_page_grid(p, n == 1);
		snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++plot);
		rc = sr_pts_chart_convergence(r, p, parts, n, k, num);
		if (!rc && window) {
			snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++plot);
			rc = sr_pts_chart_window(r, p, parts, n, k, num);
		}
		sr_page_grid(p, false);
		if (!rc && window) {
			snprintf(num, sizeof(num), "Table %d.%d", page_no, ++plot);
			rc = sr_pts_determination(r, p, parts, n, k, num);
		}
		/* a single cell's window mean is the determination table's (HIR's, DIRTH's
		 * preconditioning); a table of one number is left out */
		for (size_t d = 0; !rc && d < n; d++)
			if (parts[d].t->phases[k].cells &&
			    (def->nbs * def->nmixes > 1 || !parts[d].t->doc ||
			     !parts[d].t->doc->rec.pts->nsegments)) {
				snprintf(num, sizeof(num), "Table %d.%d", page_no, ++plot);
				rc = measurement_table(r, p, &parts[d], k, num);
			}
		if (!rc && window && def->nbs * def->nmixes > 1 &&
		    !strcmp(def->track_metric, "iops")) {
			snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++plot);
			rc = sr_pts_chart_iops_bs(r, p, parts, n, k, num);
		}
		if (!rc && window && !strcmp(def->track_metric, "lat_mean")) {
			snprintf(num, sizeof(num), "Plot %d.%d", page_no, ++plot);
			rc = sr_pts_chart_latency(r, p, parts, n, k, num);
		}
	}
	if (!rc)
		rc = sr_pts_hir(r, p, parts, n, page_no, &plot);
	if (!rc)
		rc = sr_pts_dirth(r, p, parts, n, page_no, &plot);
	if (!rc)
		rc = sr_pts_xsr(r, p, parts, n, page_no, &plot);
	if (!rc)
		rc = sr_pts_temp(r, p, parts, n, page_no, &plot);
	return rc;
}

/* The index's summary: one row per drive and test, linking pts.html. */
static int index_part(struct sr_report *r, const struct sr_pts_drive *pd, size_t n)
{
	static const char *const lead[] = {"drive", "test"};
	struct sr_table *tb = sr_table_new("pts-summary", "SNIA PTS tests", 4);
	char anchor[256], href[300], rtext[500];
	int rc;

	if (!tb)
		return -ENOMEM;
	bool client = false, enterprise = false;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < pd[i].n; k++) {
			const char *v = pd[i].tests[k].variant;

			client |= v && !strcmp(v, "client");
			enterprise |= !v || strcmp(v, "client");
		}
	sr_page_heading(&r->page, 2, "family-pts",
			client && !enterprise ? "SNIA PTS (Client)"
			: client	      ? "SNIA PTS (Enterprise and Client)"
					      : "SNIA PTS (Enterprise)");
	sr_page_text(&r->page, "note",
		     "Method: SNIA Solid State Storage Performance Test Specification, %s; the "
		     "standard's report pages are on pts.html.",
		     client && !enterprise ? "Client v2.0 (PTS-C)"
		     : client
			 ? "Enterprise v2.0.2 (PTS-E) and Client v2.0 (PTS-C), as each test says"
			 : "Enterprise v2.0.2 (PTS-E)");
	sr_table_lead(tb, lead, 2);
	sr_table_head(tb, 2, "steady state");
	sr_table_head(tb, 3, "compliance");
	sr_table_text(tb, 2); /* verdicts in words */
	sr_table_text(tb, 3);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < pd[i].n; k++) {
			const struct sr_pts_test *t = &pd[i].tests[k];
			size_t row = sr_table_row(tb);

			rtext[0] = '\0';
			for (size_t ph = 0; ph < t->nphases; ph++) {
				char one[100];

				snprintf(one, sizeof(one), "%s%s: %s (%zu round%s)", ph ? "; " : "",
					 t->phases[ph].def->id, sr_pts_verdict_text(&t->phases[ph]),
					 t->phases[ph].nrounds,
					 t->phases[ph].nrounds == 1 ? "" : "s");
				strncat(rtext, one, sizeof(rtext) - strlen(rtext) - 1);
			}
			if (t->xsr.has || !t->nphases) { /* segments only: XSR's verdict */
				char one[300];
				bool warn = sr_pts_xsr_text(t, one, sizeof(one));

				if (!one[0])
					snprintf(one, sizeof(one),
						 "no rounds; segments not recorded");
				strncat(rtext, one, sizeof(rtext) - strlen(rtext) - 1);
				if (warn || !t->xsr.has)
					sr_table_mark(tb, row, 2, SR_MARK_WARN);
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

/* The drives' tests grouped by test id, in the order they first appear: one part each. */
static int by_test(struct sr_report *r, struct sr_page *p, const struct sr_pts_drive *pd, size_t n)
{
	struct sr_pts_part *parts = calloc(n + 1, sizeof(*parts));
	int rc = 0, page_no = 0;

	if (!parts)
		return -ENOMEM;
	for (size_t i = 0; !rc && i < n; i++)
		for (size_t k = 0; !rc && k < pd[i].n; k++) {
			const struct sr_pts_test *t = &pd[i].tests[k];
			size_t np = 0;
			bool seen = false;

			for (size_t j = 0; j < i && !seen; j++) /* drawn with an earlier drive's */
				for (size_t q = 0; q < pd[j].n && !seen; q++)
					seen = !strcmp(pd[j].tests[q].id, t->id) &&
					       pd[j].tests[q].entry == t->entry;
			if (seen)
				continue;
			for (size_t j = i; j < n; j++)
				for (size_t q = 0; q < pd[j].n; q++)
					if (!strcmp(pd[j].tests[q].id, t->id) &&
					    pd[j].tests[q].entry == t->entry)
						parts[np++] = (struct sr_pts_part){pd[j].drv,
										   &pd[j].tests[q]};
			rc = test_part(r, p, parts, np, ++page_no);
		}
	free(parts);
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
		rc = by_test(r, &p, pd, n);
		int crc = sr_page_close(&p);

		if (!rc && crc) {
			sr_diag_msg(r->d, "%s/pts.html: %s", r->dir, strerror(-crc));
			rc = crc;
		}
	}
	return rc;
}
