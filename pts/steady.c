// SPDX-License-Identifier: GPL-2.0-only
/*
 * steady.c - SNIA PTS steady-state window and the rounds' stop rule (see steady.h).
 */
#include "pts/steady.h"

#include <errno.h>
#include <math.h>

/* Least-squares fit of y on x over [first, first + len): slope and intercept. */
static void ls_fit(const double *x, const double *y, size_t first, size_t len, double *slope,
		   double *intercept)
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
	*slope = sxy / sxx;
	*intercept = my - *slope * mx;
}

int pts_ss_window_eval(const double *x, const double *y, size_t first, size_t len,
		       struct pts_ss_window *out)
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
	ls_fit(x, y, first, len, &out->slope, &out->intercept);
	out->range_pct = (hi - lo) / out->mean * 100.0;
	out->excursion_pct = fabs(out->slope) * width / out->mean * 100.0;
	out->range_ok = out->range_pct <= PTS_SS_RANGE_PCT;
	out->slope_ok = out->excursion_pct <= PTS_SS_SLOPE_PCT;
	out->attained = out->range_ok && out->slope_ok;
	return 0;
}

int pts_ss_series(const double *x, const double *y, size_t n, struct pts_ss_result *out)
{
	size_t first;
	int ret;

	out->attained = false;
	out->ever_attained = false;
	if (n < PTS_SS_WINDOW)
		return -ENODATA;
	for (first = 0; first + PTS_SS_WINDOW < n; first++) {
		struct pts_ss_window w;

		if (pts_ss_window_eval(x, y, first, PTS_SS_WINDOW, &w) == 0 && w.attained) {
			out->ever_attained = true;
			out->first_attained = w;
			break;
		}
	}
	ret = pts_ss_window_eval(x, y, n - PTS_SS_WINDOW, PTS_SS_WINDOW, &out->last);
	if (ret)
		return ret;
	out->attained = out->last.attained;
	if (out->attained && !out->ever_attained) {
		out->ever_attained = true;
		out->first_attained = out->last;
	}
	return 0;
}

enum pts_ss_next pts_ss_after_round(const double *y, size_t n, size_t max_rounds,
				    struct pts_ss_window *w)
{
	double x[PTS_SS_WINDOW];
	struct pts_ss_window tmp, *win = w ? w : &tmp;
	size_t first;

	if (n >= PTS_SS_WINDOW) {
		first = n - PTS_SS_WINDOW;
		for (size_t i = 0; i < PTS_SS_WINDOW; i++)
			x[i] = (double)(first + i + 1);
		if (pts_ss_window_eval(x, y + first, 0, PTS_SS_WINDOW, win) == 0) {
			win->first += first;
			win->last += first;
			if (win->attained)
				return PTS_SS_STEADY;
		} else {
			win->mean = NAN;
			win->attained = false;
		}
	}
	return n >= max_rounds ? PTS_SS_LIMIT : PTS_SS_CONTINUE;
}
