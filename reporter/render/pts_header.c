// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_header.c - the SNIA PTS report header of a test (a row per field the standard's header
 * asks for, a column per drive) and each phase's steady-state determination table (pts_page.h).
 * A field the record does not hold reads "not recorded"; nothing is filled in by guess, and a
 * step the record does not show (a purge, preconditioning, rounds) is not described as run.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/pts.h"
#include "render/format.h"
#include "render/pts_page.h"

#define NR "not recorded"

static const char *or_nr(const char *s) { return s && *s ? s : NR; }

/* One field of the header: its name, how to write it for one drive, and (NULL: always) whether
 * a drive's test has the field at all: the row is left out when none has. */
struct field {
	const char *name;
	void (*fill)(const struct sr_pts_part *pp, char *out, size_t len);
	bool (*has)(const struct sr_pts_part *pp);
};

static void f_test(const struct sr_pts_part *pp, char *out, size_t len)
{
	snprintf(out, len, "%s", pp->t->spec ? pp->t->spec : pp->t->entry->pts->spec);
}

static void f_variant(const struct sr_pts_part *pp, char *out, size_t len)
{
	const char *v = pp->t->variant;

	if (!v)
		snprintf(out, len, NR);
	else if (!strcmp(v, "enterprise"))
		snprintf(out, len, "Enterprise (SNIA PTS-E v2.0.2)");
	else if (!strcmp(v, "client"))
		snprintf(out, len, "Client (SNIA PTS-C v2.0)");
	else
		snprintf(out, len, "%s", v);
}

static void f_sponsor(const struct sr_pts_part *pp, char *out, size_t len)
{
	snprintf(out, len, "%s", or_nr(pp->drv->run.pts_sponsor));
}

static void f_dates(const struct sr_pts_part *pp, char *out, size_t len)
{
	snprintf(out, len, "start %s; finish %s", or_nr(pp->t->started),
		 pp->t->ended	  ? pp->t->ended
		 : pp->t->started ? "not finished"
				  : NR);
}

static void f_platform(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_run_info *ri = &pp->drv->run;
	char mem[SR_FMT_LEN], cpus[32] = "";

	if (sr_ok(ri->cpus))
		snprintf(cpus, sizeof(cpus), " (%.0f logical CPUs)", ri->cpus.v);
	snprintf(out, len, "host %s; CPU %s%s; memory %s; OS %s; kernel %s", or_nr(ri->host),
		 or_nr(ri->cpu), cpus,
		 sr_ok(ri->memory_bytes) ? sr_fmt_bytes(mem, ri->memory_bytes) : NR, or_nr(ri->os),
		 or_nr(ri->kernel));
}

static void f_software(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_run_info *ri = &pp->drv->run;

	snprintf(out, len, "fio %s; ssdeng %s; engine %s", or_nr(ri->fio_version),
		 or_nr(ri->ssdeng_version), or_nr(ri->engine));
}

static void f_device(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_drive_info *in = &pp->drv->info;
	char cap[SR_FMT_LEN];

	if (!in->model && !in->serial && !in->firmware && !in->interface &&
	    in->note) { /* a device with no identity (a loop device): the driver's words */
		snprintf(out, len, "%s; capacity %s%s%s", in->note,
			 sr_ok(in->capacity_bytes) ? sr_fmt_bytes(cap, in->capacity_bytes) : NR,
			 in->transport ? "; transport " : "", in->transport ? in->transport : "");
		return;
	}
	snprintf(out, len, "model %s; serial %s; firmware %s; capacity %s; interface %s",
		 or_nr(in->model), or_nr(in->serial), or_nr(in->firmware),
		 sr_ok(in->capacity_bytes) ? sr_fmt_bytes(cap, in->capacity_bytes) : NR,
		 in->interface ? in->interface : or_nr(in->transport));
}

static void f_purge(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_pts_test *t = pp->t;

	out[0] = '\0';
	for (size_t k = 0; k < t->nphases; k++) {
		const struct sr_pts_phase *ph = &t->phases[k];
		size_t o = strlen(out);

		if (!ph->def->purge)
			continue;
		snprintf(out + o, len - o, "%s%s: %s%s%s", o ? "; " : "", ph->def->id,
			 ph->purge_method    ? ph->purge_method
			 : ph->purge_skipped ? "none (--pts-no-purge)"
					     : "not done",
			 ph->purge_done ? ", done " : "", ph->purge_done ? ph->purge_done : "");
	}
	if (!out[0] && !t->nphases && t->doc && t->doc->rec.pts->segments_kind) {
		const struct rec_pts *rp = t->doc->rec.pts; /* XSR: the purge before its segments */

		if (rp->segments_purged)
			snprintf(out, len, "%s: %s, done %s", rp->segments_kind,
				 or_nr(rp->segments_purge_method), or_nr(rp->segments_purge_done));
		else if (rp->segments_purge_skipped)
			snprintf(out, len, "%s: none (%s)", rp->segments_kind,
				 or_nr(rp->segments_purge_skip_reason));
		else
			snprintf(out, len, "%s: not done", rp->segments_kind);
	}
	if (!out[0])
		snprintf(out, len, "none: the test does not purge");
}

static void f_pattern(const struct sr_pts_part *pp, char *out, size_t len)
{
	snprintf(out, len, "%s", or_nr(pp->t->data_pattern));
}

static void f_cache(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_pts_test *t = pp->t;
	const char *o = t->cache_outcome;

	if (o && (!strcmp(o, "refused") || !strcmp(o, "failed")))
		snprintf(out, len, "write cache could not be %s: not PTS compliant (%s)",
			 t->cache_wanted && !strcmp(t->cache_wanted, "enabled") ? "enabled"
										: "disabled",
			 or_nr(t->write_cache));
	else
		snprintf(out, len, "%s", or_nr(t->write_cache));
}

static void f_range(const struct sr_pts_part *pp, char *out, size_t len)
{
	char span[SR_FMT_LEN];

	if (pp->t->active_range_pct > 0)
		snprintf(out, len, "%d %% of the drive's span: %s (LBA 0 up)",
			 pp->t->active_range_pct, sr_fmt_si(span, sr_val(pp->t->span_bytes)));
	else
		snprintf(out, len, NR);
}

static void f_wipc(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_pts_test *t = pp->t;
	char span[SR_FMT_LEN];
	double s = NAN;
	bool purged = false;
	size_t o;

	if (!t->nphases) { /* segments only (XSR): after the purge, nothing before them */
		const struct rec_pts *rp = t->doc ? t->doc->rec.pts : NULL;

		snprintf(out, len, "none: the test starts from %s",
			 rp && rp->segments_purged ? "the purged state"
						   : "the drive as it was (no purge)");
		return;
	}
	if (!t->phases[0].def->wipc) {
		snprintf(out, len, "none: the test starts from %s",
			 t->phases[0].purge_skipped ? "the drive as it was (no purge)"
						    : "the purged state");
		return;
	}
	for (size_t k = 0; k < t->nphases; k++) {
		if (!isnan(t->phases[k].wipc_seconds))
			s = isnan(s) ? t->phases[k].wipc_seconds : s + t->phases[k].wipc_seconds;
		purged |= t->phases[k].purge_method != NULL;
	}
	snprintf(out, len,
		 "workload independent: sequential 128 KiB writes, TC 1 / QD 32, twice the active "
		 "range (%s) %s; duration ",
		 sr_fmt_si(span, sr_val(2 * t->span_bytes)),
		 purged ? "after each purge" : "before each phase that would purge (no purge ran)");
	o = strlen(out);
	if (isnan(s))
		snprintf(out + o, len - o, NR);
	else
		snprintf(out + o, len - o, "%.0f s", s);
}

static void f_stimulus(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_pts_test *t = pp->t;
	double lo = INFINITY, hi = -INFINITY, wlo = INFINITY, whi = -INFINITY;
	bool as_planned = true;
	size_t o;

	if (!t->nphases) {
		snprintf(out, len, "%s; TC %d / QD %d; no rounds: the segments below",
			 t->entry->title, t->threads, t->depth);
		return;
	}
	/* a round as long as its cells' planned time reads as the plan; one that is not (a
	 * round ended by bytes written, quick WSAT; fio's overheads) as fio measured it */
	for (size_t k = 0; k < t->nphases; k++) {
		const struct sr_pts_phase *ph = &t->phases[k];
		double plan = (double)catalogue_pts_cells(ph->def) * t->cell_seconds;

		for (size_t i = 0; i < ph->nrounds; i++) {
			double s = ph->rounds[i].seconds, w = ph->rounds[i].written;

			if (isnan(s))
				continue;
			lo = fmin(lo, s);
			hi = fmax(hi, s);
			as_planned &= fabs(s - plan) <= 0.1 * plan;
			if (ph->def->stop_written && !isnan(w)) {
				wlo = fmin(wlo, w);
				whi = fmax(whi, w);
			}
		}
	}
	if (!(hi >= lo) || as_planned) {
		snprintf(out, len, "%s; TC %d / QD %d; %g s per cell per round", t->entry->title,
			 t->threads, t->depth, t->cell_seconds);
		return;
	}
	if (hi > 1.05 * lo)
		snprintf(out, len, "%s; TC %d / QD %d; rounds of %.1f to %.1f s", t->entry->title,
			 t->threads, t->depth, lo, hi);
	else
		snprintf(out, len, "%s; TC %d / QD %d; rounds of %.1f s", t->entry->title,
			 t->threads, t->depth, (lo + hi) / 2);
	o = strlen(out);
	snprintf(out + o, len - o, " (fio's measured time; planned %s%g s per cell)",
		 whi >= wlo ? "at most " : "", t->cell_seconds);
	if (whi >= wlo) {
		char a[SR_FMT_LEN], b[SR_FMT_LEN];

		o = strlen(out);
		sr_fmt_si(a, sr_val(wlo));
		sr_fmt_si(b, sr_val(whi));
		if (!strcmp(a, b))
			snprintf(out + o, len - o, ", each writing %s", a);
		else
			snprintf(out + o, len - o, ", each writing %s to %s", a, b);
	}
}

static void f_rounds(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_pts_test *t = pp->t;

	if (!t->nphases) {
		snprintf(out, len, "none: the test runs segments only");
		return;
	}
	out[0] = '\0';
	for (size_t k = 0; k < t->nphases; k++) {
		char one[300];
		size_t o = strlen(out);

		sr_pts_rounds_text(&t->phases[k], one, sizeof(one));
		snprintf(out + o, len - o, "%s%s: %s, %s", o ? "; " : "", t->phases[k].def->id, one,
			 sr_pts_verdict_text(&t->phases[k]));
	}
}

static bool has_segments(const struct sr_pts_part *pp)
{
	return pp->t->doc && pp->t->doc->rec.pts->segments_kind;
}

static void f_segments(const struct sr_pts_part *pp, char *out, size_t len)
{
	char v[300];
	size_t o;

	sr_pts_segments_text(pp->t, out, len);
	if (!out[0]) {
		snprintf(out, len, "none");
		return;
	}
	sr_pts_xsr_text(pp->t, v, sizeof(v));
	o = strlen(out);
	if (v[0])
		snprintf(out + o, len - o, "; %s", v);
}

static void f_compliance(const struct sr_pts_part *pp, char *out, size_t len)
{
	const struct sr_pts_test *t = pp->t;

	out[0] = '\0';
	for (size_t k = 0; k < t->nnot_compliant; k++) {
		size_t o = strlen(out);

		snprintf(out + o, len - o, "%s%s",
			 k ? "; " : "not PTS compliant: ", t->not_compliant[k]);
	}
	if (!out[0])
		snprintf(out, len, "as the standard asks");
}

static const struct field fields[] = {
    {"Test", f_test},
    {"Variant", f_variant},
    {"Test sponsor", f_sponsor},
    {"Run dates (UTC)", f_dates},
    {"Test platform", f_platform},
    {"Software", f_software},
    {"Device", f_device},
    {"Purge", f_purge},
    {"Data pattern", f_pattern},
    {"Write cache", f_cache},
    {"Active range", f_range},
    {"Preconditioning", f_wipc},
    {"Test stimulus", f_stimulus},
    {"Rounds", f_rounds},
    {"Segments", f_segments, has_segments},
    {"Compliance", f_compliance},
};

int sr_pts_header(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		  int page_no)
{
	const char *lead[1 + 64];
	char name[256], title[300], cell[2048];
	struct sr_table *tb;
	int rc;

	if (n > 64)
		n = 64;

	snprintf(name, sizeof(name), "%s-header", parts[0].t->id);
	snprintf(title, sizeof(title), "Report header (page %d): %s", page_no,
		 parts[0].t->spec ? parts[0].t->spec : parts[0].t->entry->pts->spec);
	if (!(tb = sr_table_new(name, title, 1 + n)))
		return -ENOMEM;
	/* text in every column: each is a lead column, aligned left */
	lead[0] = "field";
	for (size_t d = 0; d < n; d++)
		lead[1 + d] = parts[d].drv->label;
	sr_table_lead(tb, lead, 1 + n);
	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		bool any = !fields[f].has;
		size_t row;

		for (size_t d = 0; d < n && !any; d++)
			any = fields[f].has(&parts[d]);
		if (!any)
			continue;
		row = sr_table_row(tb);

		sr_table_set(tb, row, 0, "%s", fields[f].name);
		for (size_t d = 0; d < n; d++) {
			fields[f].fill(&parts[d], cell, sizeof(cell));
			sr_table_set(tb, row, 1 + d, "%s", cell);
			if (strstr(cell, NR) || strstr(cell, "not PTS compliant") ||
			    strstr(cell, "NOT ACHIEVED") || strstr(cell, "NOT RECOVERED") ||
			    strstr(cell, "not computed"))
				sr_table_mark(tb, row, 1 + d, SR_MARK_WARN);
		}
	}
	sr_table_note(tb, "\"%s\": the results hold no such field.", NR);
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(p, tb);
	sr_table_free(tb);
	if (rc)
		sr_diag_msg(r->d, "%s.csv: %s", name, strerror(-rc));
	return rc;
}

/* "y = -512 · x + 30,100 IOPS" */
static void formula(const struct sr_pts_phase *ph, char *out, size_t len)
{
	const char *m = ph->def->track_metric;
	double a = sr_pts_metric_value(m, ph->w.slope), b = sr_pts_metric_value(m, ph->w.intercept);
	char as[SR_FMT_LEN], bs[SR_FMT_LEN];
	const char *unit = !strcmp(m, "iops") ? "IOPS" : !strcmp(m, "mbps") ? "MB/s" : "µs";

	snprintf(out, len, "y = %s · x %s %s %s (x: round)", sr_fmt_sig(as, a), b < 0 ? "−" : "+",
		 sr_fmt_sig(bs, fabs(b)), unit);
}

int sr_pts_determination(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts,
			 size_t n, size_t k, const char *num)
{
	static const char *const rows[] = {
	    "measurement window",      "window mean",
	    "data excursion allowed",  "data excursion measured (max - min)",
	    "slope excursion allowed", "slope excursion measured",
	    "least-squares line",      "verdict",
	};
	const struct catalogue_pts_phase *def = parts[0].t->phases[k].def;
	const char *unit = sr_pts_metric_name(def->track_metric), *lead[1 + 64];
	char name[256], title[400], a[SR_FMT_LEN], b[SR_FMT_LEN], c[SR_FMT_LEN], line[160];
	struct sr_table *tb;
	size_t nd = n < 64 ? n : 64, col = 0;
	int rc;

	lead[0] = "criterion";
	for (size_t d = 0; d < nd; d++)
		if (parts[d].t->phases[k].has_window)
			lead[1 + col++] = parts[d].drv->label;
	if (!col)
		return 0;
	sr_pts_stem(parts, n, k, "determination", name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s · %s: steady-state determination, tracking variable %s (data excursion ≤ "
		 "%.0f %% and slope excursion ≤ %.0f %% of the window's mean, over 5 rounds)",
		 num, def->id, unit, PTS_SS_RANGE_PCT, PTS_SS_SLOPE_PCT);
	if (!(tb = sr_table_new(name, title, 1 + col)))
		return -ENOMEM;
	sr_table_lead(tb, lead, 1 + col);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		sr_table_set(tb, sr_table_row(tb), 0, "%s", rows[i]);
	col = 0;
	for (size_t d = 0; d < nd; d++) {
		const struct sr_pts_phase *ph = &parts[d].t->phases[k];
		const char *m = def->track_metric;
		double mean, exc, lo = INFINITY, hi = -INFINITY;
		size_t x;

		if (!ph->has_window)
			continue;
		x = 1 + col++;
		for (size_t i = ph->w.first; i <= ph->w.last; i++) {
			lo = fmin(lo, ph->rounds[i].tracking);
			hi = fmax(hi, ph->rounds[i].tracking);
		}
		mean = sr_pts_metric_value(m, ph->w.mean);
		exc =
		    sr_pts_metric_value(m, fabs(ph->w.slope) * (double)(ph->w.last - ph->w.first));
		sr_table_set(tb, 0, x, "rounds %zu-%zu", ph->w.first + 1, ph->w.last + 1);
		sr_table_set(tb, 1, x, "%s", sr_fmt_sig(a, mean));
		sr_table_set(tb, 2, x, "≤ %s (%.0f %% of the mean)",
			     sr_fmt_sig(a, mean * PTS_SS_RANGE_PCT / 100.0), PTS_SS_RANGE_PCT);
		sr_table_set(tb, 3, x, "%s (%.1f %%): max %s, min %s",
			     sr_fmt_sig(a, sr_pts_metric_value(m, hi - lo)), ph->w.range_pct,
			     sr_fmt_sig(b, sr_pts_metric_value(m, hi)),
			     sr_fmt_sig(c, sr_pts_metric_value(m, lo)));
		sr_table_mark(tb, 3, x, ph->w.range_ok ? SR_MARK_PASS : SR_MARK_FAIL);
		sr_table_set(tb, 4, x, "≤ %s (%.0f %% of the mean)",
			     sr_fmt_sig(a, mean * PTS_SS_SLOPE_PCT / 100.0), PTS_SS_SLOPE_PCT);
		sr_table_set(tb, 5, x, "%s (%.1f %%)", sr_fmt_sig(a, exc), ph->w.excursion_pct);
		sr_table_mark(tb, 5, x, ph->w.slope_ok ? SR_MARK_PASS : SR_MARK_FAIL);
		formula(ph, line, sizeof(line));
		sr_table_set(tb, 6, x, "%s", line);
		sr_table_set(tb, 7, x, "%s", sr_pts_verdict_text(ph));
		if (ph->verdict != SR_PTS_STEADY)
			sr_table_mark(tb, 7, x, SR_MARK_WARN);
	}
	sr_table_note(
	    tb,
	    "Values in %s. Data excursion: the largest minus the smallest tracking value "
	    "of the window. Slope excursion: how far the least-squares line y = a · x + b "
	    "moves from the window's first round to its last, |a| × 4 rounds.",
	    unit);
	rc = sr_table_ok(tb) ? sr_table_ok(tb) : sr_page_table(p, tb);
	sr_table_free(tb);
	if (rc)
		sr_diag_msg(r->d, "%s.csv: %s", name, strerror(-rc));
	return rc;
}
