// SPDX-License-Identifier: GPL-2.0-only
/*
 * steady_state.c - fio's ss criterion (see steady_state.h).
 */
#include "analyse/steady_state.h"

#include <errno.h>
#include <math.h>

bool sr_fio_ss_check(const double *y, size_t n, enum sr_fio_ss_mode mode, bool percent,
		     double limit, double *criterion)
{
	double mean = 0.0, c = 0.0;
	size_t i;

	*criterion = NAN;
	if (n < 2)
		return false;
	for (i = 0; i < n; i++)
		mean += y[i];
	mean /= (double)n;
	if (mode == SR_FIO_SS_DEVIATION) {
		for (i = 0; i < n; i++)
			c = fmax(c, fabs(y[i] - mean));
	} else {
		double sxy = 0.0, sxx = 0.0, mx = (double)(n - 1) / 2.0;

		for (i = 0; i < n; i++) {
			sxy += ((double)i - mx) * (y[i] - mean);
			sxx += ((double)i - mx) * ((double)i - mx);
		}
		c = sxy / sxx;
	}
	if (percent)
		c = mean != 0.0 ? 100.0 * c / mean : INFINITY;
	*criterion = c;
	return fabs(c) < limit;
}
