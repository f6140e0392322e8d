// SPDX-License-Identifier: GPL-2.0-only
/* xsr.c - the XSR test's recovery time (xsr.h). */
#include "pts/xsr.h"

#include <errno.h>
#include <math.h>

struct pts_xsr_params pts_xsr_default(void)
{
	return (struct pts_xsr_params){.ref_window = 5, .tolerance_pct = 10.0, .hold = 5};
}

int pts_xsr_recovery(const double *g1, size_t n1, const double *t3, const double *g3, size_t n3,
		     const struct pts_xsr_params *p, struct pts_xsr_result *out)
{
	double sum = 0.0;
	size_t run = 0;

	if (!p->ref_window || !p->hold || n1 < p->ref_window || !(p->tolerance_pct >= 0.0) ||
	    !(p->tolerance_pct < 100.0))
		return -EINVAL;
	for (size_t i = 1; i < n3; i++)
		if (!(t3[i] > t3[i - 1]))
			return -EINVAL;
	for (size_t i = n1 - p->ref_window; i < n1; i++) {
		if (isnan(g1[i]))
			return -EINVAL;
		sum += g1[i];
	}
	out->reference = sum / (double)p->ref_window;
	if (!(out->reference > 0.0))
		return -EINVAL;
	out->threshold = out->reference * (100.0 - p->tolerance_pct) / 100.0;
	out->recovered = false;
	out->first = 0;
	out->recovery_s = NAN;
	for (size_t i = 0; i < n3; i++) {
		run = g3[i] >= out->threshold ? run + 1 : 0; /* NaN compares false */
		if (run == p->hold) {
			out->recovered = true;
			out->first = i + 1 - p->hold;
			out->recovery_s = out->first ? t3[out->first - 1] : 0.0;
			break;
		}
	}
	return 0;
}
