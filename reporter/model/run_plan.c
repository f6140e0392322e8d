// SPDX-License-Identifier: GPL-2.0-only
/* run_plan.c - the whole plan of the suite a run asked for (run_plan.h). */
#include <errno.h>

#include "model/run_plan.h"

int sr_run_plan(const struct catalogue *cat, const struct sr_run_info *ri, const char *profile,
		struct catalogue_test **out, size_t *n, char *err, size_t errlen)
{
	struct catalogue_plan_opts po = {
	    .suite = ri->suite,
	    .profile = profile,
	    .sweep = (const char *const *)ri->sweep,
	    .nsweep = ri->nsweep,
	    .fc_rand_bs = ri->fc_rand_bs,
	    .fc_seq_bs = ri->fc_seq_bs,
	    .tq_points = ri->tq_points,
	    .curve_points = ri->curve_points,
	    .ncurve_points = ri->ncurve_points,
	};

	*out = NULL;
	*n = 0;
	if (errlen)
		err[0] = '\0';
	if (!cat || !ri->suite || !profile)
		return -EINVAL;
	return catalogue_plan(cat, &po, out, n, err, errlen);
}
