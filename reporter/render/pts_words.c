// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_words.c - a PTS phase said in words on every page that names it (pts_page.h): its verdict
 * ("STEADY STATE NOT ACHIEVED") and its rounds ("5 rounds; measurement window: rounds 1-5"); a
 * test's segments as its record has them, and XSR's recovery verdict.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/pts.h"
#include "render/format.h"
#include "render/pts_page.h"

const char *sr_pts_verdict_text(const struct sr_pts_phase *ph)
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

void sr_pts_rounds_text(const struct sr_pts_phase *ph, char *out, size_t len)
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

/* "write 1024k TC 1 / QD 32" or "no I/O" (an idle segment). */
static void seg_io(const struct rec_pts_segment *s, char *out, size_t len)
{
	char m[16] = "";

	if (!s->rw) {
		snprintf(out, len, "no I/O");
		return;
	}
	if (s->rwmix >= 0)
		sr_pts_mix_label(s->rwmix, m, sizeof(m));
	snprintf(out, len, "%s%s%s %s TC %d / QD %d", s->rw, m[0] ? " " : "", m,
		 s->bs ? s->bs : "?", s->tc, s->qd);
}

/* "5 s" or "2 to 20 s" (%.1f for run times, %.0f for planned ones). */
static void range_s(double lo, double hi, const char *fmt, char *out, size_t len)
{
	char a[24], b[24];

	snprintf(a, sizeof(a), fmt, lo);
	snprintf(b, sizeof(b), fmt, hi);
	if (!strcmp(a, b))
		snprintf(out, len, "%s s", a);
	else
		snprintf(out, len, "%s to %s s", a, b);
}

static double run_s(const struct rec_pts_segment *s)
{
	return s->t_end > s->t_start ? s->t_end - s->t_start : NAN;
}

/* Every segment of @rp, one by one. */
static void seg_each(const struct rec_pts *rp, char *out, size_t len)
{
	for (size_t i = 0; i < rp->nsegments; i++) {
		const struct rec_pts_segment *s = &rp->segments[i];
		char io[96], ran[32] = "not measured";
		size_t o = strlen(out);

		seg_io(s, io, sizeof(io));
		if (!isnan(run_s(s)))
			snprintf(ran, sizeof(ran), "%.1f s", run_s(s));
		snprintf(out + o, len - o, "; %s: %s, %lld s planned, %s run (%s)", s->name, io,
			 s->planned_s, ran, s->status ? s->status : "status not recorded");
	}
}

/* The segments of @rp by kind, in the order each kind first ran. */
static void seg_kinds(const struct rec_pts *rp, char *out, size_t len)
{
	for (size_t i = 0; i < rp->nsegments; i++) {
		const struct rec_pts_segment *s = &rp->segments[i];
		double plo = INFINITY, phi = -INFINITY, rlo = INFINITY, rhi = -INFINITY;
		char io[96], pl[64], ran[64] = "not measured";
		size_t n = 0, j, o = strlen(out);

		for (j = 0; j < i && strcmp(rp->segments[j].kind, s->kind); j++)
			;
		if (j < i)
			continue; /* the kind is said */
		for (j = i; j < rp->nsegments; j++) {
			const struct rec_pts_segment *q = &rp->segments[j];

			if (strcmp(q->kind, s->kind))
				continue;
			n++;
			plo = fmin(plo, (double)q->planned_s);
			phi = fmax(phi, (double)q->planned_s);
			if (!isnan(run_s(q))) {
				rlo = fmin(rlo, run_s(q));
				rhi = fmax(rhi, run_s(q));
			}
		}
		seg_io(s, io, sizeof(io));
		range_s(plo, phi, "%.0f", pl, sizeof(pl));
		if (rhi >= rlo)
			range_s(rlo, rhi, "%.1f", ran, sizeof(ran));
		snprintf(out + o, len - o, "; %zu %s (%s), %s planned, %s run", n, s->kind, io, pl,
			 ran);
	}
}

void sr_pts_segments_text(const struct sr_pts_test *t, char *out, size_t len)
{
	const struct rec_pts *rp = t->doc ? t->doc->rec.pts : NULL;

	out[0] = '\0';
	if (!rp || !rp->segments_kind)
		return;
	snprintf(out, len, "%zu of %lld segments recorded, status %s", rp->nsegments,
		 rp->segments_planned,
		 rp->segments_status ? rp->segments_status : "status not recorded");
	if (rp->nsegments <= 6)
		seg_each(rp, out, len);
	else
		seg_kinds(rp, out, len);
}

bool sr_pts_xsr_text(const struct sr_pts_test *t, char *out, size_t len)
{
	const struct sr_pts_xsr *x = &t->xsr;
	char ref[SR_FMT_LEN];

	out[0] = '\0';
	if (!x->has)
		return false;
	if (x->rc) {
		snprintf(out, len, "recovery not computed: too few full seconds logged");
		return true;
	}
	sr_fmt_sig(ref, x->rec.reference);
	if (!x->rec.recovered) {
		snprintf(out, len, "group 3 NOT RECOVERED to %.0f %% of group 1's %s MB/s",
			 x->rec.threshold / x->rec.reference * 100.0, ref);
		return true;
	}
	snprintf(out, len, "group 3 recovered to %.0f %% of group 1's %s MB/s after %.0f s",
		 x->rec.threshold / x->rec.reference * 100.0, ref, x->rec.recovery_s);
	return false;
}
