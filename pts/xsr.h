/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xsr.h - the SNIA PTS Cross Stimulus Recovery (XSR) test's recovery time. Pure.
 *
 * PTS-E v2.0.2, XSR test flow: at TC 1 / QD 32, access group 1 is SEQ 1024 KiB writes (8 h),
 * group 2 RND 8 KiB writes (6 h), group 3 SEQ 1024 KiB writes again (8 h); throughput, average
 * and maximum response time are reported against time, and how long group 3 takes to get back
 * to the throughput group 1 had reached. The standard shows that recovery on the plot; this is
 * the number read off it, by a rule written down here (pts/README.md says why):
 *   - the reference level is the mean throughput of the last @ref_window samples of group 1
 *     (its settled level at the end, not its fresh-out-of-box start);
 *   - group 3 has recovered at the start of the first run of @hold consecutive samples each
 *     at or above (100 − @tolerance_pct) % of the reference (the steady-state rule's ±10 %
 *     band, pts/steady.h, one-sided: going above the level is recovery too);
 *   - the recovery time is that sample's start: 0 when group 3 begins at the level.
 * Samples are stamped at their end (fio's logs); times are seconds from the start of group 3.
 */
#ifndef SSDENG_PTS_XSR_H
#define SSDENG_PTS_XSR_H

#include <stdbool.h>
#include <stddef.h>

struct pts_xsr_params {
	size_t ref_window;    /* group 1 samples the reference is the mean of (5) */
	double tolerance_pct; /* how far below the reference still counts, % (10) */
	size_t hold;	      /* consecutive samples that must stay there (5) */
};

/** pts_xsr_default() - ref_window 5, tolerance 10 %, hold 5 (the steady-state window's 5). */
struct pts_xsr_params pts_xsr_default(void);

struct pts_xsr_result {
	double reference; /* MB/s (or whatever unit the samples have) */
	double threshold; /* reference × (100 − tolerance_pct) / 100 */
	bool recovered;
	size_t first;	   /* index in group 3 of the first sample of the run (when recovered) */
	double recovery_s; /* that sample's start, s from the start of group 3 (when recovered) */
};

/**
 * pts_xsr_recovery() - how long group 3 took to recover group 1's throughput.
 * @g1, @n1: group 1's throughput samples, in time order
 * @t3: group 3's sample end times, s from its start, strictly increasing
 * @g3, @n3: group 3's throughput samples (a NaN, an interval fio did not report, breaks a run)
 * @p: the rule's parameters (pts_xsr_default())
 * @out: the reference, and when (whether) group 3 recovered
 * Return: 0 (also when group 3 never recovered: @out->recovered false); -EINVAL when @n1 is
 * smaller than @p->ref_window, a reference sample is NaN, the reference is not above 0,
 * @p->hold or @p->ref_window is 0, the tolerance is not in [0, 100), or @t3 does not increase.
 */
int pts_xsr_recovery(const double *g1, size_t n1, const double *t3, const double *g3, size_t n3,
		     const struct pts_xsr_params *p, struct pts_xsr_result *out);

#endif
