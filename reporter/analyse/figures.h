/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * figures.h - the figures a review prints, from the per-group results (results.h): a metric of
 * one direction or of reads and writes together, percentiles that fio clamped at its histogram
 * ceiling, a latency-vs-rate curve's peak and its highest rate under a latency limit, and the
 * verdicts of a spec sheet's claims. Pure: numbers in, numbers out (base units: IOPS, bytes/s,
 * ns).
 */
#ifndef SSDREPORT_FIGURES_H
#define SSDREPORT_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

#include "analyse/results.h"
#include "model/model.h"

/*
 * fio's latency histogram ends at a ceiling: a completion slower than it is counted in the last
 * bin, so a percentile that falls there prints as the ceiling whatever the true latency was.
 * fio >= 3.0 (FIO_IO_U_PLAT_BITS 6, FIO_IO_U_PLAT_NR 1856, nanoseconds): the last bin's value is
 * 17112760320 ns (17.1 s); fio 2.x (1216 bins of microseconds): 16711680 us.
 */
#define SR_FIO_HIST_CEILING_NS 17112760320.0
#define SR_FIO2_HIST_CEILING_NS 16711680000.0

/* What a figure is of. Latencies are completion latencies (fio's clat). */
enum sr_metric {
	SR_M_IOPS,     /* IOPS */
	SR_M_BW,       /* bytes/s */
	SR_M_LAT_MEAN, /* ns */
	SR_M_LAT_MAX,  /* ns */
	SR_M_LAT_SD,   /* ns */
	SR_M_PCT,      /* a percentile, ns */
};

/* Which direction: reads, writes, or both together. */
enum sr_which { SR_W_READ = 0, SR_W_WRITE = 1, SR_W_BOTH = 2 };

/* One figure. */
struct sr_fig {
	struct sr_value v;
	bool clamped; /* a percentile at fio's histogram ceiling below the maximum: the true value
		       * is at least v (printed "≥ 17.1 s") */
	bool is_max;  /* a percentile from fewer I/Os than it needs (sr_pct_min_ios()): v is the
		       * maximum, not a percentile */
	bool interrupted; /* a figure of a run cut short (analyse/interrupted.h) */
};

/**
 * sr_pct_min_ios() - the I/Os a percentile needs to be one: 100 / (100 - @pct) (p99: 100,
 * p99.99: 10,000, p99.999: 100,000). With fewer, the slowest I/O is at or below the percentile's
 * rank and fio's value is its maximum (in its histogram bin).
 */
double sr_pct_min_ios(double pct);

/**
 * sr_pct_fig() - a percentile as a figure: fio's value, marked clamped at the histogram's
 * ceiling (sr_pct_clamped()), or replaced by the maximum (is_max) when @ios is below
 * sr_pct_min_ios(@pct).
 * @v:   fio's percentile, ns
 * @pct: which (99.999)
 * @max: the maximum latency, ns
 * @ios: the completed I/Os it was read from (absent: taken at its word)
 */
struct sr_fig sr_pct_fig(struct sr_value v, double pct, struct sr_value max, struct sr_value ios);

/**
 * sr_metric_parse() - a metric name of the catalogue's summary rows.
 * @name: "iops", "mbps", "lat_mean", "lat_max", "lat_sd", "p99", "p99.9", "p99.99", "p99.999"
 * @m:    the metric
 * @pct:  the percentile for "pNN" (99.99), else 0
 *
 * Return: 0, or -EINVAL for another name.
 */
int sr_metric_parse(const char *name, enum sr_metric *m, double *pct);

/**
 * sr_fig_of() - one figure of a result.
 * @r:   the result (NULL: absent)
 * @w:   reads, writes, or both: IOPS and bytes/s added, the mean weighted by I/Os, the largest
 *       maximum, the standard deviation of all I/Os together (from each side's N, mean and
 *       standard deviation), the larger percentile; a test whose figures are totals only
 *       (sr_test.totals_only) has no figure for one side
 * @m:   the metric
 * @pct: the percentile for SR_M_PCT (99, 99.9, 99.99, 99.999, or any fio printed)
 *
 * Return: the figure; absent when the direction did no I/O or fio did not print the value.
 */
struct sr_fig sr_fig_of(const struct sr_result *r, enum sr_which w, enum sr_metric m, double pct);

/**
 * sr_pct_clamped() - whether a percentile is fio's histogram ceiling, below the maximum.
 * @pct_ns: the percentile, ns
 * @max_ns: the maximum latency, ns (absent: the percentile is taken at its word)
 *
 * Return: true when the true percentile may be anywhere above @pct_ns.
 */
bool sr_pct_clamped(struct sr_value pct_ns, struct sr_value max_ns);

/* One point of a latency-vs-rate curve. */
struct sr_curve_pt {
	double iops;   /* achieved IOPS (reads and writes) */
	double bw;     /* achieved bytes/s */
	double lat_ns; /* average completion latency */
};

/* A curve's two reported figures; NaN where the curve has no such point. */
struct sr_curve_fig {
	double peak_iops, peak_bw, peak_lat_ns; /* the highest rate achieved, its bytes/s and
						 * latency (NaN: not known) */
	double under_iops, under_lat_ns; /* the highest rate whose latency stays under the limit */
	bool all_lat;			 /* every point's latency is known: "none under" is sure */
};

/**
 * sr_curve_figures() - peak and highest rate under a latency limit.
 * @p:        points (any order; a point without a rate is ignored, one without a latency
 *            counts for the peak only)
 * @n:        their number
 * @limit_ns: the latency limit (1 ms: 1e6)
 * @out:      the figures
 */
void sr_curve_figures(const struct sr_curve_pt *p, size_t n, double limit_ns,
		      struct sr_curve_fig *out);

/* A spec sheet's claim: one figure of one test. */
struct sr_claim {
	const char *test; /* the sheet's test id */
	enum sr_which w;  /* SR_W_READ or SR_W_WRITE */
	enum sr_metric m;
	double pct;    /* for SR_M_PCT */
	double sheet;  /* the claimed value, base units */
	bool at_least; /* IOPS and bytes/s: measured >= sheet; latency: measured <= sheet */
};

enum sr_verdict {
	SR_V_NONE = 0, /* not measured */
	SR_V_PASS,
	SR_V_FAIL,
	SR_V_ERROR, /* the job ended with an error: never a pass */
};

/**
 * sr_sheet_claims() - every figure of a spec sheet (parse/reference.h) as a claim.
 * @sheet: the sheet, loaded as a drive
 * @out:   array of claims (free()); strings point into @sheet
 *
 * Return: the number of claims, or -ENOMEM.
 */
long sr_sheet_claims(const struct sr_drive *sheet, struct sr_claim **out);

/**
 * sr_claim_judge() - a measured result against a claim.
 * @c:        the claim
 * @r:        the drive's result of that test, NULL when it lacks it
 * @measured: out: the measured figure
 *
 * Return: the verdict; SR_V_ERROR when a job of @r ended with an error.
 */
enum sr_verdict sr_claim_judge(const struct sr_claim *c, const struct sr_result *r,
			       struct sr_fig *measured);

/* Steady state of one preconditioning test on one drive. */
struct sr_steady {
	bool judged;   /* SNIA PTS or fio's own verdict exists */
	bool attained; /* either says steady state was reached */
};

/**
 * sr_steady_of() - SNIA PTS (series.h) and fio's ss verdict of a test, together.
 * @t:   the test
 * @out: the verdict
 */
void sr_steady_of(const struct sr_test *t, struct sr_steady *out);

#endif
