// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_seg.c - the figures of the SNIA PTS tests with segments that the pages draw beyond their
 * rounds (pts.h): DIRTH's matrix round as points, XSR's groups and recovery time.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/pts.h"
#include "model/pts.h"

int sr_pts_dirth_build(struct sr_pts_test *pt)
{
	const struct rec_pts *rp = pt->doc ? pt->doc->rec.pts : NULL;
	const struct sr_pts_phase *ph = NULL;
	const struct sr_pts_round *ro = NULL;
	size_t k, np;

	for (k = 0; k < pt->nphases && !ph; k++)
		if (pt->phases[k].def->ntc && pt->phases[k].nrounds)
			ph = &pt->phases[k];
	if (!ph)
		return 0;
	for (size_t r = 0; rp && rp->dirth && r < ph->nrounds; r++)
		if (ph->rounds[r].round == rp->dirth->round)
			ro = &ph->rounds[r];
	if (!ro)
		ro = &ph->rounds[ph->nrounds - 1];
	np = catalogue_pts_points(ph->def);
	if (!(pt->dirth.pt = calloc(np + 1, sizeof(*pt->dirth.pt))))
		return -ENOMEM;
	pt->dirth.phase = k - 1;
	pt->dirth.round = ro->round;
	pt->dirth.n = np;
	/* the round's cells: the first mix and block size's points (DIRTH has one of each) */
	for (size_t i = 0; i < np; i++) {
		const struct pts_cell_result *c = ro->cells ? &ro->cells[i] : NULL;
		bool ok = c && c->found && !c->error && c->ios;

		pt->dirth.pt[i] = (struct sr_pts_dirth_pt){.tc = ph->def->tc[i / ph->def->nqd],
							   .qd = ph->def->qd[i % ph->def->nqd],
							   .iops = ok ? c->iops : NAN,
							   .art_ns = ok ? c->lat_mean_ns : NAN,
							   .usr_cpu = ok ? c->usr_cpu : NAN,
							   .sys_cpu = ok ? c->sys_cpu : NAN};
	}
	return 0;
}

/* A group's MB/s samples, a partial second (fewer threads than the group's) NaN; @t their end
 * times from the group's start. Return: the count, 0 when none (or out of memory). */
static size_t samples(const struct sr_pts_seg_doc *sd, int tc, double **v, double **t)
{
	size_t n = sd->nsamples;

	*v = calloc(n + 1, sizeof(**v));
	*t = calloc(n + 1, sizeof(**t));
	if (!*v || !*t)
		return 0;
	for (size_t i = 0; i < n; i++) {
		(*v)[i] = sd->samples[i].jobs < (unsigned int)tc ? NAN : sd->samples[i].mbps;
		(*t)[i] = sd->samples[i].t_s;
	}
	return n;
}

void sr_pts_xsr_build(struct sr_pts_test *pt)
{
	const struct rec_pts *rp = pt->doc ? pt->doc->rec.pts : NULL;
	struct sr_pts_xsr *x = &pt->xsr;
	struct pts_xsr_params par = pts_xsr_default();
	double *v1 = NULL, *t1 = NULL, *v3 = NULL, *t3 = NULL, *g1;
	size_t n1, n3, m = 0, ng = 0;

	x->rc = -EINVAL;
	if (!rp || !rp->segments_kind || strcmp(rp->segments_kind, "xsr") || !pt->doc->segs)
		return;
	for (size_t k = 0; k < rp->nsegments && ng < 3; k++)
		if (rp->segments[k].kind && !strcmp(rp->segments[k].kind, "group"))
			x->seg[ng++] = k;
	if (ng < 3)
		return;
	x->has = true;
	for (size_t g = 0; g < 3; g++) {
		const struct sr_pts_seg_doc *sd = &pt->doc->segs[x->seg[g]];

		x->group_mbps[g] = sd->has ? sd->cell.mbps : NAN;
	}
	n1 = samples(&pt->doc->segs[x->seg[0]], rp->segments[x->seg[0]].tc, &v1, &t1);
	n3 = samples(&pt->doc->segs[x->seg[2]], rp->segments[x->seg[2]].tc, &v3, &t3);
	/* group 1's full seconds, in order: the reference is the mean of its last ones */
	for (size_t i = 0; v1 && i < n1; i++)
		if (!isnan(v1[i]))
			v1[m++] = v1[i];
	g1 = v1;
	if (m && n3)
		x->rc = pts_xsr_recovery(g1, m, t3, v3, n3, &par, &x->rec);
	free(v1);
	free(t1);
	free(v3);
	free(t3);
}
