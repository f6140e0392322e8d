// SPDX-License-Identifier: GPL-2.0-only
/* pts_plan.c - a SNIA PTS test's plan in words, for --dry-run (pts_plan.h). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "plan/plan.h"
#include "pts/cells.h"
#include "pts/hir.h"
#include "pts/steady.h"
#include "suites/pts_plan.h"
#include "util/util.h"

/* A cell's runtime for people: "500 ms", "60 s". */
static void cell_time(const struct catalogue_timing *tm, char *out, size_t len)
{
	if (tm && tm->runtime_ms % 1000)
		snprintf(out, len, "%ld ms", tm->runtime_ms);
	else
		snprintf(out, len, "%ld s", tm ? tm->runtime_ms / 1000 : 0);
}

/* One phase: its cells a round, their runtime, its rounds. */
static void phase_text(const struct catalogue_pts_phase *ph, const struct catalogue_timing *tm,
		       unsigned int lbs, char *out, size_t len)
{
	size_t cells = 0, nbs = 0;
	char t[32];

	for (size_t b = 0; b < ph->nbs; b++)
		if (pts_cell_applicable(ph->block_sizes[b], lbs))
			nbs++;
	cells = ph->nmixes * nbs * catalogue_pts_points(ph);
	cell_time(tm, t, sizeof(t));
	rv_addf(out, len, "%s: %zu cell%s a round", ph->id, cells + ph->prewrite,
		cells + ph->prewrite == 1 ? "" : "s");
	if (ph->ntc)
		rv_addf(out, len, " (%s%zu TC x QD points",
			ph->prewrite ? "a pre-write, then " : "", catalogue_pts_points(ph));
	else if (ph->nmixes * ph->nbs > 1)
		rv_addf(out, len, " (%zu mix%s x %zu block size%s", ph->nmixes,
			ph->nmixes == 1 ? "" : "es", nbs, nbs == 1 ? "" : "s");
	if (nbs < ph->nbs)
		rv_addf(out, len, "%s%zu block size%s not whole %u-byte blocks left out",
			ph->ntc || ph->nmixes * ph->nbs > 1 ? "; " : " (", ph->nbs - nbs,
			ph->nbs - nbs == 1 ? "" : "s", lbs);
	if (ph->ntc || ph->nmixes * ph->nbs > 1 || nbs < ph->nbs)
		rv_addf(out, len, ")");
	if (ph->stop_written && tm && tm->round_io_pct)
		rv_addf(out, len,
			", each ending once %ld %% of the span is written (%s at most), "
			"until %d x the span: %ld rounds",
			tm->round_io_pct, t, ph->stop_written,
			(long)ceil(100.0 * ph->stop_written / (double)tm->round_io_pct));
	else if (ph->stop_written)
		rv_addf(out, len, " of %s, until %d x the span is written (%d rounds at most)", t,
			ph->stop_written, ph->max_rounds);
	else
		rv_addf(out, len, " of %s, %d-%d rounds (steady state)", t, PTS_SS_WINDOW,
			ph->max_rounds);
	if (ph->threads)
		rv_addf(out, len, " at TC %d / QD %d", ph->threads, ph->depth);
}

/* The segments on @profile: how many, of what, how long. */
static void segments_text(const struct catalogue_pts *pts, const char *profile, char *out,
			  size_t len)
{
	const struct catalogue_pts_segments *s = pts->segments;
	const struct catalogue_pts_seg_profile *sp = catalogue_pts_seg_profile(s, profile);
	char hms[32];

	if (!sp) {
		rv_addf(out, len, "segments: none on the %s profile", profile);
		return;
	}
	rv_hms((long)rv_pts_segments_s(pts, profile), hms, sizeof(hms));
	if (!strcmp(s->kind, "hir")) {
		struct pts_hir_params h = {sp->write_s, sp->idle_s, sp->nidle, sp->repeats,
					   sp->baseline_s};

		rv_addf(
		    out, len,
		    "segments: %zu (hir: %zu wait states of %u x (%u s of writes, then idle), each "
		    "followed by %u s back to baseline; %s)",
		    pts_hir_plan_len(&h), sp->nidle, sp->repeats, sp->write_s, sp->baseline_s, hms);
	} else if (!strcmp(s->kind, "xsr")) {
		rv_addf(out, len, "segments: %zu (xsr: access groups of", s->ngroups);
		for (size_t g = 0; g < s->ngroups && g < sp->ngroups; g++)
			rv_addf(out, len, "%s %u s", g ? "," : "", sp->group_s[g]);
		rv_addf(out, len, "; %s)", hms);
	} else if (!strcmp(s->kind, "dirth")) {
		rv_addf(
		    out, len,
		    "segments: 3 (dirth: the Max, Mid and Min IOPS points again, %u s each; %s)",
		    sp->point_s, hms);
	} else {
		rv_addf(out, len, "segments: %s, %s", s->kind, hms);
	}
}

void rv_pts_plan_text(const struct catalogue_test *ct, const char *profile, unsigned int lbs,
		      long expected_s, char *out, size_t len)
{
	const struct catalogue_pts *pts = ct->entry->pts;
	char hms[32];

	if (!len)
		return;
	out[0] = '\0';
	if (!pts)
		return;
	for (size_t k = 0; k < pts->nphases; k++) {
		if (k)
			rv_addf(out, len, "; ");
		phase_text(&pts->phases[k], ct->timing, lbs, out, len);
	}
	if (pts->segments) {
		if (pts->nphases)
			rv_addf(out, len, "; ");
		segments_text(pts, profile, out, len);
	}
	rv_addf(out, len, "; at least %s", rv_hms(expected_s, hms, sizeof(hms)));
}

/* Test @e's segments on @profile, after ";" */
static void segment_durations(const struct catalogue_entry *e, const char *profile, char *out,
			      size_t len)
{
	const struct catalogue_pts_segments *s = e->pts->segments;
	const struct catalogue_pts_seg_profile *sp =
	    s ? catalogue_pts_seg_profile(s, profile) : NULL;

	if (!sp)
		return;
	rv_addf(out, len, "\n    %s: ", e->id);
	if (!strcmp(s->kind, "hir")) {
		rv_addf(out, len, "%u s of writes, then", sp->write_s);
		for (size_t k = 0; k < sp->nidle; k++)
			rv_addf(out, len, "%s %u", k ? "," : "", sp->idle_s[k]);
		rv_addf(out, len, " s idle, %u time%s each, then %u s back to baseline",
			sp->repeats, sp->repeats == 1 ? "" : "s", sp->baseline_s);
	} else if (!strcmp(s->kind, "xsr")) {
		rv_addf(out, len, "access groups of");
		for (size_t g = 0; g < sp->ngroups; g++)
			rv_addf(out, len, "%s %u", g ? "," : "", sp->group_s[g]);
		rv_addf(out, len, " s");
	} else if (!strcmp(s->kind, "dirth")) {
		rv_addf(out, len, "the Max, Mid and Min points %u s each", sp->point_s);
	}
}

/* A PTS test with rounds of cells (XSR has none: its access groups only). */
static bool has_cells(const struct catalogue_entry *e)
{
	return e->pts && e->pts->nphases && e->timing;
}

void rv_pts_durations_text(const struct catalogue *c, char *out, size_t len)
{
	if (!len)
		return;
	out[0] = '\0';
	for (size_t p = 0; p < c->nprofiles; p++) {
		const struct catalogue_profile *prof = &c->profiles[p];

		rv_addf(out, len, "  %s:", prof->id);
		/* the tests of each timing class, in the catalogue's order */
		for (size_t i = 0; i < c->nentries; i++) {
			const struct catalogue_entry *e = &c->entries[i];
			const struct catalogue_timing *tm;
			bool seen = false;
			char t[32];

			if (!has_cells(e))
				continue;
			for (size_t j = 0; j < i; j++)
				seen |= has_cells(&c->entries[j]) &&
					!strcmp(c->entries[j].timing, e->timing);
			if (seen || !(tm = catalogue_timing(c, e->timing, prof)))
				continue;
			rv_addf(out, len, "\n    %s", e->id);
			for (size_t j = i + 1; j < c->nentries; j++)
				if (has_cells(&c->entries[j]) &&
				    !strcmp(c->entries[j].timing, e->timing))
					rv_addf(out, len, ", %s", c->entries[j].id);
			cell_time(tm, t, sizeof(t));
			if (tm->round_io_pct)
				rv_addf(
				    out, len,
				    ": rounds that end once %ld %% of the span is written (%s at "
				    "most)",
				    tm->round_io_pct, t);
			else
				rv_addf(out, len, ": cells of %s", t);
		}
		for (size_t i = 0; i < c->nentries; i++)
			if (c->entries[i].pts && c->entries[i].pts->segments)
				segment_durations(&c->entries[i], prof->id, out, len);
		rv_addf(out, len, "\n");
	}
}
