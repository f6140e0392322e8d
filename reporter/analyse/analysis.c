// SPDX-License-Identifier: GPL-2.0-only
/* analysis.c - the analysis stage, run once before rendering (analysis.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/analysis.h"

int sr_analyse(const struct sr_model *m, const struct catalogue *cat, struct sr_analysis *a,
	       struct sr_diag *d)
{
	int rc;

	memset(a, 0, sizeof(*a));
	rc = sr_review_build(m, cat, &a->rv);
	if (rc)
		return rc;
	if (!(a->pts = calloc(m->ndrives + 1, sizeof(*a->pts))) ||
	    !(a->latmon = calloc(m->ndrives + 1, sizeof(*a->latmon))))
		return -ENOMEM;
	a->ndrives = m->ndrives;
	for (size_t i = 0; !rc && i < m->ndrives; i++) {
		rc = sr_pts_build(&m->drives[i], &a->pts[i], d);
		a->npts_tests += a->pts[i].n;
		if (!rc)
			rc = sr_lm_build(&m->drives[i], &a->latmon[i]);
	}
	if (!rc)
		rc = sr_structure_build(&a->rv, &a->st);
	return rc ? rc : sr_rounds_build(&a->st, &a->rounds);
}

void sr_analysis_free(struct sr_analysis *a)
{
	for (size_t i = 0; a->pts && i < a->ndrives; i++)
		sr_pts_free(&a->pts[i]);
	free(a->pts);
	for (size_t i = 0; a->latmon && i < a->ndrives; i++)
		sr_lm_free(&a->latmon[i]);
	free(a->latmon);
	sr_rounds_free(&a->rounds);
	sr_structure_free(&a->st);
	sr_review_free(&a->rv);
	memset(a, 0, sizeof(*a));
}
