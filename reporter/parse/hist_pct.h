/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hist_pct.h - completion-latency percentiles per time window from fio's clat histogram logs
 * (fio_hist_log.h): the rows of every job that fall in a window are added up bucket by bucket
 * (a sparse list of the non-empty columns per window and direction), and a percentile is read
 * from the merged histogram as fio reads its own (the first bucket at which the running count
 * reaches p % of the window's I/Os), as the bucket's midpoint, off by at most its half-span.
 *
 * Memory: per window and direction one entry per non-empty column (at most 1856); the caller
 * picks windows long enough that there are few of them (series_load.c: at most about 512 per
 * group), and a window past SR_HIST_PCT_MAX_WINDOWS is refused.
 */
#ifndef SSDREPORT_HIST_PCT_H
#define SSDREPORT_HIST_PCT_H

#include <stddef.h>
#include <stdint.h>

#include "parse/fio_hist_log.h"

#define SR_HIST_PCT_MAX_WINDOWS 4096u

struct sr_hist_pct;

/**
 * sr_hist_pct_new() - an empty accumulator of windows @window_ms long.
 * Return: 0, -EINVAL for a window of 0 ms, -ENOMEM.
 */
int sr_hist_pct_new(struct sr_hist_pct **out, uint32_t window_ms);

void sr_hist_pct_free(struct sr_hist_pct *p);

/* sr_hist_pct_window_ms() - the windows' length, ms. */
uint32_t sr_hist_pct_window_ms(const struct sr_hist_pct *p);

/**
 * sr_hist_pct_add() - add a histogram row to the window holding @at_ms (ms from the group's
 * start: the start of the row's period).
 * Return: 0; -EINVAL for a window past SR_HIST_PCT_MAX_WINDOWS, a direction past trim, or a row
 * of another bucket layout than the first row's (other coarseness or fio version); -ENOMEM.
 */
int sr_hist_pct_add(struct sr_hist_pct *p, uint64_t at_ms, const struct sr_hist_row *row);

/* sr_hist_pct_count() - windows up to the last one a row fell in. */
size_t sr_hist_pct_count(const struct sr_hist_pct *p);

/**
 * sr_hist_pct_get() - percentiles of window @i, direction @ddir (0 read, 1 write, 2 trim).
 * @pct:    percentiles wanted (0 < p <= 100), any order
 * @np:     their number
 * @ns_per: ns per unit of the log's buckets (1 for fio 3.x, 1000 for fio 2.x)
 * @out_ns: @np values, ns (NaN when the window has no I/O of that direction)
 * @err_ns: @np bounds |value - true percentile|, ns (the bucket's half-span), or NULL
 *
 * Return: the window's I/O count in that direction (0 past the last window).
 */
uint64_t sr_hist_pct_get(const struct sr_hist_pct *p, size_t i, unsigned ddir, const double *pct,
			 size_t np, double ns_per, double *out_ns, double *err_ns);

#endif
