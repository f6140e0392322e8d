// SPDX-License-Identifier: GPL-2.0-only
/*
 * steady_state.c - SNIA PTS steady-state window and fio's ss criterion (see steady_state.h).
 */
#include "analyse/steady_state.h"

#include <errno.h>
#include <math.h>

/* Least-squares slope of y on x over [first, first + len). */
static double ls_slope(const double *x, const double *y, size_t first, size_t len)
{
	double mx = 0.0, my = 0.0, sxy = 0.0, sxx = 0.0;
	size_t i;

	for (i = first; i < first + len; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)len;
	my /= (double)len;
	for (i = first; i < first + len; i++) {
		sxy += (x[i] - mx) * (y[i] - my);
		sxx += (x[i] - mx) * (x[i] - mx);
	}
	return sxy / sxx;
}

int sr_snia_window_eval(const double *x, const double *y, size_t first, size_t len,
			struct sr_snia_window *out)
{
	double lo, hi, sum = 0.0, width;
	size_t i;

	if (len < 2)
		return -EINVAL;
	lo = hi = y[first];
	for (i = first; i < first + len; i++) {
		if (isnan(y[i]) || isnan(x[i]))
			return -EINVAL;
		if (i > first && !(x[i] > x[i - 1]))
			return -EINVAL;
		lo = fmin(lo, y[i]);
		hi = fmax(hi, y[i]);
		sum += y[i];
	}
	out->first = first;
	out->last = first + len - 1;
	out->mean = sum / (double)len;
	if (!(out->mean > 0.0))
		return -EINVAL;
	width = x[out->last] - x[first];
	out->slope = ls_slope(x, y, first, len);
	out->range_pct = (hi - lo) / out->mean * 100.0;
	out->excursion_pct = fabs(out->slope) * width / out->mean * 100.0;
	out->range_ok = out->range_pct <= SR_SNIA_RANGE_PCT;
	out->slope_ok = out->excursion_pct <= SR_SNIA_SLOPE_PCT;
	out->attained = out->range_ok && out->slope_ok;
	return 0;
}

int sr_snia_steady_state(const double *x, const double *y, size_t n, struct sr_snia_result *out)
{
	size_t first;
	int ret;

	out->attained = false;
	out->ever_attained = false;
	if (n < SR_SNIA_WINDOW)
		return -ENODATA;
	for (first = 0; first + SR_SNIA_WINDOW < n; first++) {
		struct sr_snia_window w;

		if (sr_snia_window_eval(x, y, first, SR_SNIA_WINDOW, &w) == 0 && w.attained) {
			out->ever_attained = true;
			out->first_attained = w;
			break;
		}
	}
	ret = sr_snia_window_eval(x, y, n - SR_SNIA_WINDOW, SR_SNIA_WINDOW, &out->last);
	if (ret)
		return ret;
	out->attained = out->last.attained;
	if (out->attained && !out->ever_attained) {
		out->ever_attained = true;
		out->first_attained = out->last;
	}
	return 0;
}

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
