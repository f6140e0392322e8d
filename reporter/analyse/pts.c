// SPDX-License-Identifier: GPL-2.0-only
/* pts.c - a results directory's SNIA PTS tests, rounds and windows (pts.h). */
#include "analyse/pts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/figures.h"
#include "model/pts.h"
#include "pts/hir.h"

long sr_pts_cell_index(const struct catalogue_pts_phase *def, int mix, const char *bs)
{
	for (size_t m = 0; m < def->nmixes; m++)
		for (size_t b = 0; b < def->nbs; b++)
			if (def->mixes[m] == mix && !strcmp(def->block_sizes[b], bs))
				return (long)(m * def->nbs + b);
	return -1;
}

int sr_pts_phase_judge(struct sr_pts_phase *ph)
{
	size_t n = ph->nrounds, ncells = catalogue_pts_cells(ph->def);
	double *y = calloc(n + 1, sizeof(*y));
	enum pts_ss_next next = PTS_SS_CONTINUE;

	if (!y)
		return -ENOMEM;
	ph->written = 0.0;
	for (size_t k = 0; k < n; k++) {
		y[k] = ph->rounds[k].tracking;
		ph->written += ph->rounds[k].written;
	}
	ph->verdict = SR_PTS_INCOMPLETE;
	ph->has_window = false;
	free(ph->cells);
	ph->cells = NULL;
	if (ph->def->stop_written) {
		/* WSAT: no window; it ends by bytes written or its round limit */
		if (ph->span_bytes > 0 && ph->written >= ph->def->stop_written * ph->span_bytes)
			ph->verdict = SR_PTS_WRITTEN;
		else if (n >= (size_t)ph->def->max_rounds)
			ph->verdict = SR_PTS_ROUND_LIMIT;
		free(y);
		return 0;
	}
	for (size_t k = 1; k <= n && next == PTS_SS_CONTINUE; k++) {
		next = pts_ss_after_round(y, k, PTS_SS_MAX_ROUNDS, &ph->w);
		if (next == PTS_SS_STEADY)
			ph->verdict = SR_PTS_STEADY;
		else if (next == PTS_SS_LIMIT)
			ph->verdict = SR_PTS_NOT_STEADY;
	}
	/* cut short: the last 5 rounds there are still show what the drive did */
	if (next == PTS_SS_CONTINUE && n >= PTS_SS_WINDOW)
		pts_ss_after_round(y, n, n + 1, &ph->w);
	free(y);
	ph->has_window = n >= PTS_SS_WINDOW && !isnan(ph->w.mean);
	if (!ph->has_window)
		return 0;
	if (!(ph->cells = calloc(ncells, sizeof(*ph->cells))))
		return -ENOMEM;
	for (size_t c = 0; c < ncells; c++) {
		struct sr_pts_cell *o = &ph->cells[c];
		struct sr_fig pct;

		o->lat_max_ns = o->p99999_ns = NAN;
		for (size_t k = ph->w.first; k <= ph->w.last; k++) {
			const struct pts_cell_result *r = &ph->rounds[k].cells[c];

			if (!r->found || r->error)
				continue;
			o->rounds++;
			o->iops += r->iops;
			o->mbps += r->mbps;
			o->lat_mean_ns += r->lat_mean_ns;
			if (isnan(o->lat_max_ns) || r->lat_max_ns > o->lat_max_ns)
				o->lat_max_ns = r->lat_max_ns;
			pct = sr_pct_fig(isnan(r->p99999_ns) ? (struct sr_value){0, SR_ABSENT}
							     : sr_val(r->p99999_ns),
					 99.999, sr_val(r->lat_max_ns), sr_val((double)r->ios));
			if (sr_ok(pct.v) && (isnan(o->p99999_ns) || pct.v.v > o->p99999_ns)) {
				o->p99999_ns = pct.v.v;
				o->p99999_is_max = pct.is_max;
			}
		}
		/* fio's percentile is its histogram bin's value, which can lie above the slowest
		 * I/O in the bin: no percentile above the maximum of the same I/Os */
		if (o->p99999_ns > o->lat_max_ns)
			o->p99999_ns = o->lat_max_ns;
		if (o->rounds) {
			o->iops /= (double)o->rounds;
			o->mbps /= (double)o->rounds;
			o->lat_mean_ns /= (double)o->rounds;
		} else {
			o->iops = o->mbps = o->lat_mean_ns = NAN;
		}
	}
	return 0;
}

/* Round @k of a phase from the model's document of it (the cells are the model's; @ncells of
 * them). A round's time: fio's own runtime of each cell (I/Os over IOPS, as fio computes IOPS
 * from its runtime), for rounds that end by bytes as well as by time. */
static void take_round(const struct rec_pts_round *ro, const struct sr_pts_round_doc *doc,
		       size_t ncells, struct sr_pts_round *r)
{
	double t = 0.0;

	r->round = ro->round;
	r->cells = doc->cells;
	r->tracking = doc->tracking;
	r->written = doc->written;
	for (size_t c = 0; c < ncells && !isnan(t); c++) {
		const struct pts_cell_result *cr = doc->cells ? &doc->cells[c] : NULL;

		t = cr && cr->found && cr->ios && cr->iops > 0 ? t + (double)cr->ios / cr->iops
							       : NAN;
	}
	r->seconds = ncells && !isnan(t) ? t : ro->seconds >= 0 ? (double)ro->seconds : NAN;
}

static int build_phase(const struct sr_drive *drv, const struct rec_pts_phase *po,
		       const struct sr_pts_round_doc *docs, const struct catalogue_pts_phase *def,
		       double span, struct sr_pts_phase *ph, struct sr_diag *d)
{
	const char *st = po ? po->status : NULL;
	int rc = 0;

	ph->def = def;
	ph->span_bytes = span;
	if (po && po->purged && po->purge_method && !(ph->purge_method = strdup(po->purge_method)))
		return -ENOMEM;
	if (po && po->purge_skipped &&
	    !(ph->purge_skipped = strdup(po->purge_skip_reason ? po->purge_skip_reason : "")))
		return -ENOMEM;
	if (po && po->purge_done && !(ph->purge_done = strdup(po->purge_done)))
		return -ENOMEM;
	ph->wipc = po && po->wipc;
	ph->wipc_bytes = po && po->wipc ? (double)po->wipc_bytes : 0;
	ph->wipc_seconds = po && po->wipc && po->wipc_seconds >= 0 ? (double)po->wipc_seconds : NAN;
	ph->resumed_after = po ? po->resumed_after_round : 0;
	if (po && po->not_applicable && !(ph->not_applicable = strdup(po->not_applicable)))
		return -ENOMEM;
	if (po && po->nrounds && docs) {
		if (!(ph->rounds = calloc(po->nrounds + 1, sizeof(*ph->rounds))))
			return -ENOMEM;
		for (size_t k = 0; k < po->nrounds; k++, ph->nrounds++)
			take_round(&po->rounds[k], &docs[k], catalogue_pts_cells(def),
				   &ph->rounds[k]);
	}
	if ((rc = sr_pts_phase_judge(ph)))
		return rc;
	ph->driver_agrees =
	    st && ((ph->verdict == SR_PTS_STEADY && !strcmp(st, "steady")) ||
		   (ph->verdict == SR_PTS_NOT_STEADY && !strcmp(st, "steady state not achieved")) ||
		   (ph->verdict == SR_PTS_INCOMPLETE && strcmp(st, "steady") &&
		    strcmp(st, "steady state not achieved") && strcmp(st, "written") &&
		    strcmp(st, "round limit")) ||
		   (ph->verdict == SR_PTS_WRITTEN && !strcmp(st, "written")) ||
		   (ph->verdict == SR_PTS_ROUND_LIMIT && !strcmp(st, "round limit")));
	if (!ph->driver_agrees)
		sr_diag_msg(d,
			    "warning: %s: PTS phase %s: run.json says \"%s\", its round files "
			    "say otherwise",
			    drv->dir, def->id, st ? st : "nothing");
	return 0;
}

static char *dup(const char *s, int *rc)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

/* HIR: the record's segments as pts/hir.h's plan, and each wait state's mean IOPS. */
static int hir_means(const struct sr_pts_doc *doc, struct sr_pts_test *pt)
{
	const struct rec_pts *p = doc->rec.pts;
	struct pts_hir_segment *plan;
	double *iops, means[8];
	int rc;

	if (!p->segments_kind || strcmp(p->segments_kind, "hir") || !p->nsegments || !doc->segs)
		return 0;
	plan = calloc(p->nsegments, sizeof(*plan));
	iops = calloc(p->nsegments, sizeof(*iops));
	if (!plan || !iops) {
		free(plan);
		free(iops);
		return -ENOMEM;
	}
	for (size_t k = 0; k < p->nsegments; k++) {
		const struct rec_pts_segment *s = &p->segments[k];
		size_t st = 0;

		while (st < pt->nhir && pt->hir_wait_state[st] != (unsigned int)s->wait_state)
			st++;
		if (st == pt->nhir && st < 8 && s->wait_state > 0)
			pt->hir_wait_state[pt->nhir++] = (unsigned int)s->wait_state;
		plan[k] = (struct pts_hir_segment){
		    .kind = !s->kind			   ? PTS_HIR_IDLE
			    : !strcmp(s->kind, "write")	   ? PTS_HIR_WRITE
			    : !strcmp(s->kind, "baseline") ? PTS_HIR_BASELINE
							   : PTS_HIR_IDLE,
		    .state = (unsigned int)st,
		    .wait_state = (unsigned int)s->wait_state,
		    .repeat = s->repeat > 0 ? (unsigned int)s->repeat : 0};
		iops[k] = doc->segs[k].has ? doc->segs[k].cell.iops : NAN;
	}
	rc = pts_hir_state_means(plan, p->nsegments, iops, means, 8);
	for (size_t s = 0; !rc && s < pt->nhir; s++)
		pt->hir_mean_iops[s] = means[s];
	free(plan);
	free(iops);
	return rc == -EINVAL ? 0 : rc;
}

static int build_test(const struct sr_drive *drv, const struct sr_pts_doc *doc,
		      struct sr_pts_test *pt, struct sr_diag *d)
{
	const struct rec_test *t = &doc->rec;
	const struct catalogue_entry *e = doc->entry;
	const struct rec_pts *p = t->pts;
	int rc = 0;

	pt->entry = e;
	pt->doc = doc;
	pt->id = dup(t->id, &rc);
	pt->status = dup(t->status, &rc);
	pt->reason = dup(t->reason, &rc);
	pt->write_cache = dup(p->write_cache, &rc);
	pt->spec = dup(p->spec, &rc);
	pt->cache_outcome = p->cache ? dup(p->cache_outcome, &rc) : NULL;
	pt->cache_wanted = p->cache ? dup(p->cache_wanted, &rc) : NULL;
	pt->data_pattern = dup(p->data_pattern, &rc);
	pt->variant = dup(p->variant, &rc);
	pt->started = dup(t->started, &rc);
	pt->ended = dup(t->ended, &rc);
	pt->active_range_pct = p->active_range_pct;
	pt->threads = p->threads;
	pt->depth = p->depth;
	pt->cell_seconds = (double)p->cell_seconds;
	pt->span_bytes = (double)p->span_bytes;
	if (rc)
		return rc;
	if (p->nnot_compliant &&
	    !(pt->not_compliant = calloc(p->nnot_compliant + 1, sizeof(*pt->not_compliant))))
		return -ENOMEM;
	for (size_t k = 0; k < p->nnot_compliant; k++)
		if (!(pt->not_compliant[pt->nnot_compliant++] =
			  strdup(p->not_compliant[k] ? p->not_compliant[k] : "")))
			return -ENOMEM;
	if (!(pt->phases = calloc(e->pts->nphases, sizeof(*pt->phases))))
		return -ENOMEM;
	/* the catalogue's phases, in its order; one run.json does not hold is left with no rounds
	 */
	for (size_t k = 0; k < e->pts->nphases; k++, pt->nphases++) {
		const struct rec_pts_phase *po = NULL;
		const struct sr_pts_round_doc *docs = NULL;

		for (size_t j = 0; j < p->nphases; j++)
			if (p->phases[j].id && !strcmp(p->phases[j].id, e->pts->phases[k].id)) {
				po = &p->phases[j];
				docs = doc->rounds ? doc->rounds[j] : NULL;
			}
		if ((rc = build_phase(drv, po, docs, &e->pts->phases[k], pt->span_bytes,
				      &pt->phases[k], d)))
			return rc;
	}
	if ((rc = hir_means(doc, pt)) || (rc = sr_pts_dirth_build(pt)))
		return rc;
	sr_pts_xsr_build(pt);
	return 0;
}

int sr_pts_build(const struct sr_drive *drv, struct sr_pts_drive *out, struct sr_diag *d)
{
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->drv = drv;
	if (drv->npts && !(out->tests = calloc(drv->npts + 1, sizeof(*out->tests))))
		return -ENOMEM;
	for (size_t k = 0; !rc && k < drv->npts; k++)
		rc = build_test(drv, &drv->pts[k], &out->tests[out->n++], d);
	return rc;
}

void sr_pts_free(struct sr_pts_drive *p)
{
	for (size_t i = 0; i < p->n; i++) {
		struct sr_pts_test *t = &p->tests[i];

		for (size_t k = 0; k < t->nphases; k++) {
			struct sr_pts_phase *ph = &t->phases[k];

			free(ph->rounds);
			free(ph->cells);
			free(ph->purge_method);
			free(ph->purge_skipped);
			free(ph->purge_done);
			free(ph->not_applicable);
		}
		free(t->phases);
		free(t->dirth.pt);
		for (size_t k = 0; k < t->nnot_compliant; k++)
			free(t->not_compliant[k]);
		free(t->not_compliant);
		free(t->id);
		free(t->status);
		free(t->reason);
		free(t->write_cache);
		free(t->spec);
		free(t->cache_outcome);
		free(t->cache_wanted);
		free(t->data_pattern);
		free(t->variant);
		free(t->started);
		free(t->ended);
	}
	free(p->tests);
	memset(p, 0, sizeof(*p));
}
