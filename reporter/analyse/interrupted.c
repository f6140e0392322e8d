// SPDX-License-Identifier: GPL-2.0-only
/* interrupted.c - runs cut short (interrupted.h). */
#include <math.h>
#include <stdio.h>

#include "analyse/interrupted.h"

bool sr_run_interrupted(const struct sr_test *t, const struct sr_run *r, char *why, size_t len)
{
	double ramp, tol;

	if (t->fio_signal) {
		if (why)
			snprintf(why, len, "fio was terminating on signal %d", t->fio_signal);
		return true;
	}
	if (!r->time_based || !sr_ok(r->runtime_s) || !sr_ok(r->elapsed_s) || r->runtime_s.v <= 0)
		return false;
	if (r->fio_ss.present && r->fio_ss.attained) /* fio ends a job at its steady state */
		return false;
	ramp = sr_ok(r->ramp_s) ? r->ramp_s.v : 0;
	tol = fmax(SR_INTERRUPTED_TOL_S, SR_INTERRUPTED_TOL_FRAC * r->runtime_s.v);
	if (r->runtime_s.v - r->elapsed_s.v <= ramp + tol)
		return false;
	if (why)
		snprintf(why, len, "ran %.0f s of its %.0f s runtime (time_based, ramp %.0f s)",
			 r->elapsed_s.v, r->runtime_s.v, ramp);
	return true;
}
