/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * headline.h - a drive's headline figures, as the page prints them: the summary's rows (the
 * catalogue's "summary": apps TPS and latency, 4K random read/write and 8K 70/30 IOPS with
 * average and maximum latency, four corners, QoS at QD1), each latency-vs-rate profile's peak
 * and highest rate under 1 ms, and the SNIA PTS summary's figures (analyse/pts.h
 * sr_pts_phase_figures()). The summary section, the curve section and the results library
 * (library/, docs/library-format.md) take them from here, so the library stores exactly what the
 * page shows.
 */
#ifndef SSDREPORT_ANALYSE_HEADLINE_H
#define SSDREPORT_ANALYSE_HEADLINE_H

#include <stddef.h>

#include "analyse/analysis.h"
#include "analyse/figures.h"

#define SR_CURVE_LIMIT_NS 1e6 /* the review's latency line: 1 ms */

/* Marks of a headline figure (bits). */
enum {
	SR_HL_CLAMPED = 1, /* a percentile at fio's histogram ceiling: the true value is larger */
	SR_HL_IS_MAX = 2,  /* a percentile from too few I/Os: the value is the maximum */
	SR_HL_INTERRUPTED = 4, /* a run of the test was cut short */
	SR_HL_ERROR = 8,       /* a job of the test ended with an error */
	SR_HL_NOT_STEADY = 16, /* a SNIA PTS figure whose phase did not reach steady state (its
				* last rounds), or WSAT stopped by its round limit */
};

/* One headline figure of one drive. */
struct sr_headline {
	char test[160];	 /* the result's test id ("fc-4k-randread"; a curve: its flat-out run) */
	char entry[160]; /* the summary row's entry ("fc-{bs}-randread"); a curve: "curve:<wl>";
			  * a PTS figure: "pts:<variant>:<test>:<phase>:<bs>:<read %>"
			  * ("pts:enterprise:pts-iops:iops:4k:0"): Enterprise and Client runs,
			  * made differently, are never one figure */
	char metric[32]; /* "iops", "mbps", "lat_mean", "lat_max", "p99.99", "tps", "peak_iops",
			  * "peak_mbps", "peak_lat_mean", "under_1ms_iops"; a PTS figure:
			  * "pts_" and its tracking metric ("pts_iops", "pts_mbps",
			  * "pts_lat_mean", total latency) over the window, "pts_last_iops"
			  * the mean of WSAT's last rounds */
	char title[160]; /* what the row is ("4K random read", "Latency vs rate: 4K random read") */
	char unit[8];	 /* base unit: "IOPS", "B/s", "ns", "1/s" */
	double value;	 /* in @unit */
	unsigned flags;	 /* SR_HL_* */
	char rw[16];	 /* fio's rw of the test ("" when unknown) */
	unsigned long long bs; /* its block size, bytes (0: unknown) */
};

/**
 * sr_curve_profile_len() - how many tests from @from form one latency-vs-rate profile (the tests
 * of one catalogue workload: its points and the flat-out run, in the review's order).
 * @tests: a curve family's tests (sr_review_family())
 * @n:     their number
 * @from:  the profile's first test
 *
 * Return: at least 1.
 */
size_t sr_curve_profile_len(const struct sr_rtest *const *tests, size_t n, size_t from);

/**
 * sr_curve_of() - a drive's peak and highest rate under @limit_ns of one profile.
 * @pts:      the profile's tests
 * @n:        their number
 * @dv:       the drive
 * @limit_ns: the latency limit (SR_CURVE_LIMIT_NS)
 * @cf:       out
 *
 * Return: 0, the first job error (errno, > 0) among its points, or -ENOMEM.
 */
int sr_curve_of(const struct sr_rtest *const *pts, size_t n, size_t dv, double limit_ns,
		struct sr_curve_fig *cf);

/**
 * sr_headline_figures() - every headline figure drive @dv has.
 * @an:  the analysis (its review)
 * @cat: the catalogue (NULL: none)
 * @dv:  the drive, an index of the model's drives
 * @out: array (free()), NULL when none
 *
 * Figures a drive did not measure are left out; published figures are no drive's.
 * Return: their number, or -ENOMEM.
 */
long sr_headline_figures(const struct sr_analysis *an, const struct catalogue *cat, size_t dv,
			 struct sr_headline **out);

#endif
