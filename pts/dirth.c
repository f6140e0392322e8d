// SPDX-License-Identifier: GPL-2.0-only
/* dirth.c - the DIRTH test's TC × QD matrix and its operating points (dirth.h). */
#include "pts/dirth.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>

const unsigned int pts_dirth_levels[PTS_DIRTH_LEVELS] = {32, 16, 8, 6, 4, 2, 1};

static bool decreasing(const unsigned int *v, size_t n)
{
	if (!n || !v[n - 1])
		return false;
	for (size_t i = 1; i < n; i++)
		if (v[i] >= v[i - 1])
			return false;
	return true;
}

int pts_dirth_matrix(const unsigned int *tc, size_t ntc, const unsigned int *qd, size_t nqd,
		     struct pts_toio *out, size_t max)
{
	size_t k = 0;

	if (!decreasing(tc, ntc) || !decreasing(qd, nqd))
		return -EINVAL;
	if (max < ntc * nqd)
		return -ENOSPC;
	for (size_t i = 0; i < ntc; i++)
		for (size_t j = 0; j < nqd; j++)
			out[k++] = (struct pts_toio){tc[i], qd[j]};
	return (int)k;
}

static unsigned long toio(const struct pts_dirth_point *p)
{
	return (unsigned long)p->toio.tc * p->toio.qd;
}

/* Whether @a is preferred to @b at equal merit: fewer outstanding I/Os, then fewer threads. */
static bool lighter(const struct pts_dirth_point *a, const struct pts_dirth_point *b)
{
	return toio(a) < toio(b) || (toio(a) == toio(b) && a->toio.tc < b->toio.tc);
}

static bool within(const struct pts_dirth_point *p, double ceiling)
{
	return !isnan(p->iops) && !isnan(p->art_ns) && p->art_ns <= ceiling;
}

int pts_dirth_choose(const struct pts_dirth_point *pts, size_t n, double art_ceiling_ns,
		     struct pts_dirth_choice *out)
{
	size_t max = n, min = n, mid = n;
	double best = INFINITY;

	if (!n)
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		if (pts[i].toio.tc == 1 && pts[i].toio.qd == 1)
			min = i;
		if (!within(&pts[i], art_ceiling_ns))
			continue;
		if (max == n || pts[i].iops > pts[max].iops ||
		    (pts[i].iops == pts[max].iops && lighter(&pts[i], &pts[max])))
			max = i;
	}
	if (min == n)
		return -ENOENT;
	if (max == n)
		return -ERANGE;
	out->max = max;
	out->min = min;
	out->mid_target_iops = (pts[max].iops + pts[min].iops) / 2.0;
	for (size_t i = 0; i < n; i++) {
		double d;

		if (i == max || i == min || !within(&pts[i], art_ceiling_ns))
			continue;
		d = fabs(pts[i].iops - out->mid_target_iops);
		if (mid == n || d < best || (d == best && lighter(&pts[i], &pts[mid]))) {
			mid = i;
			best = d;
		}
	}
	out->mid = mid == n ? max : mid;
	return 0;
}
