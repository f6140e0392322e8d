/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dirth.h - the SNIA PTS Demand Intensity / Response Time Histogram (DIRTH) test's rules: the
 * TC × QD matrix each round runs, and the three operating points whose response time
 * histograms it records. Pure.
 *
 * PTS-E v2.0.2, DIRTH test flow: after preconditioning with 100 % writes of the test's block
 * size at TC 32 / QD 32 to steady state, each round is a pre-write, then the test stimulus
 * (default RND 8 KiB, R/W 65:35) at every thread count TC in {32, 16, 8, 6, 4, 2, 1}, and for
 * each at every queue depth QD in {32, 16, 8, 6, 4, 2, 1}: the standard's "from high to low
 * outstanding I/O" is this nested descent, TC outer, QD inner (so TC 16 / QD 32 comes after
 * TC 32 / QD 1). The tracking variable is the IOPS of TC 32 / QD 32, the first point. Then:
 *   MaxIOPS: the point with the highest IOPS whose average response time (ART) stays within
 *            the response-time ceiling (the test operator's choice; 5 ms by default);
 *   MinIOPS: TC 1 / QD 1;
 *   MidIOPS: the point whose IOPS is nearest the mean of MaxIOPS's and MinIOPS's.
 * Here TC is fio's numjobs and QD fio's iodepth (per thread); IOPS and ART are both
 * directions together, ART the mean over every I/O of the mix (pts/cells.h lat_mean_ns).
 * pts/README.md says where this differs from open implementations.
 */
#ifndef SSDENG_PTS_DIRTH_H
#define SSDENG_PTS_DIRTH_H

#include <stddef.h>

#define PTS_DIRTH_LEVELS 7
#define PTS_DIRTH_ART_CEILING_NS 5000000.0 /* the default response-time ceiling: 5 ms */

/* The standard's thread counts and queue depths, high to low. */
extern const unsigned int pts_dirth_levels[PTS_DIRTH_LEVELS];

/* One TC × QD point: fio numjobs × iodepth. */
struct pts_toio {
	unsigned int tc, qd;
};

/**
 * pts_dirth_matrix() - the points of a round in run order: for each TC of @tc, each QD of @qd.
 * @tc, @ntc: thread counts, strictly decreasing (pts_dirth_levels)
 * @qd, @nqd: queue depths per thread, strictly decreasing
 * @out, @max: output
 * Return: @ntc × @nqd; -EINVAL for an empty list, a 0, or a list not strictly decreasing;
 * -ENOSPC when @max is too small.
 */
int pts_dirth_matrix(const unsigned int *tc, size_t ntc, const unsigned int *qd, size_t nqd,
		     struct pts_toio *out, size_t max);

/* What one point of a round measured. */
struct pts_dirth_point {
	struct pts_toio toio;
	double iops;   /* read + write */
	double art_ns; /* average response time over every I/O, ns */
};

/* The chosen operating points: indices into the points given. */
struct pts_dirth_choice {
	size_t max, mid, min;
	double mid_target_iops; /* (IOPS of max + IOPS of min) / 2 */
};

/**
 * pts_dirth_choose() - MaxIOPS, MidIOPS and MinIOPS of a round's points (usually the round
 * that reached steady state).
 * @pts, @n: the points
 * @art_ceiling_ns: the response-time ceiling (PTS_DIRTH_ART_CEILING_NS)
 * @out: the choice
 *
 * Max: the highest IOPS among points with ART at or below the ceiling; a tie goes to the point
 * with fewer outstanding I/Os (TC × QD), then fewer threads. Min: TC 1 / QD 1. Mid: among the
 * points within the ceiling other than Max and Min, the one whose IOPS is nearest
 * @out->mid_target_iops, ties as for Max; Max itself when no other point is within it. Points
 * with a NaN are never chosen (Min excepted: it is the standard's fixed point).
 * Return: 0; -ENOENT when no point is TC 1 / QD 1; -ERANGE when no point is within the
 * ceiling; -EINVAL for @n 0.
 */
int pts_dirth_choose(const struct pts_dirth_point *pts, size_t n, double art_ceiling_ns,
		     struct pts_dirth_choice *out);

#endif
