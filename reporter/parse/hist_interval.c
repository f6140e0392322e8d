// SPDX-License-Identifier: GPL-2.0-only
/* hist_interval.c - per-window merge of fio clat histogram logs (see hist_interval.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/fio_hist_log.h"
#include "parse/hist_interval.h"
#include "parse/hist_pct.h"

#define HIST_MAX_WINDOWS (1u << 24)
#define HIST_SLACK_MS 2 /* a row may be stamped up to fio's LOG_MSEC_SLACK ms early */

struct moments { /* count, mean, sum of squared deviations, error sums, max */
	uint64_t n;
	double mean, m2;
	double err1, err2; /* sum(delta), sum(delta^2) */
	double max, max_delta;
};

struct sr_hist_agg {
	uint32_t window_ms;
	unsigned jobs;	 /* jobs added */
	uint64_t end_ms; /* rows after it are refused; 0: none */
	size_t count, cap;
	struct moments (*w)[SR_DDIR_NR];
	unsigned *reach;	 /* per window: jobs that ran through it */
	struct sr_hist_pct *pct; /* percentiles per (longer) window, NULL when not wanted */
};

int sr_hist_agg_new(struct sr_hist_agg **out, uint32_t window_ms)
{
	*out = NULL;
	if (!window_ms)
		return -EINVAL;
	*out = calloc(1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	(*out)->window_ms = window_ms;
	return 0;
}

void sr_hist_agg_free(struct sr_hist_agg *a)
{
	if (!a)
		return;
	free(a->w);
	free(a->reach);
	sr_hist_pct_free(a->pct);
	free(a);
}

int sr_hist_agg_want_pct(struct sr_hist_agg *a, uint32_t window_ms)
{
	sr_hist_pct_free(a->pct);
	a->pct = NULL;
	return sr_hist_pct_new(&a->pct, window_ms);
}

const struct sr_hist_pct *sr_hist_agg_pct(const struct sr_hist_agg *a) { return a->pct; }

size_t sr_hist_agg_count(const struct sr_hist_agg *a) { return a->count; }

unsigned sr_hist_agg_jobs(const struct sr_hist_agg *a) { return a->jobs; }

void sr_hist_agg_set_end(struct sr_hist_agg *a, uint64_t end_ms) { a->end_ms = end_ms; }

static struct moments *slot(struct sr_hist_agg *a, uint64_t idx, unsigned ddir)
{
	if (idx >= a->cap) {
		size_t cap = a->cap ? a->cap : 256;
		unsigned *reach;
		void *w;

		while (cap <= idx)
			cap *= 2;
		w = realloc(a->w, cap * sizeof(*a->w));
		if (!w)
			return NULL;
		a->w = w;
		reach = realloc(a->reach, cap * sizeof(*a->reach));
		if (!reach)
			return NULL;
		a->reach = reach;
		memset(reach + a->cap, 0, (cap - a->cap) * sizeof(*reach));
		for (size_t i = a->cap; i < cap; i++)
			for (unsigned d = 0; d < SR_DDIR_NR; d++)
				a->w[i][d] = (struct moments){.max = -INFINITY};
		a->cap = cap;
	}
	if (idx >= a->count)
		a->count = idx + 1;
	return &a->w[idx][ddir];
}

/*
 * One row's moments: a pass over its non-empty columns for the count, mean and error sums, a
 * second for the squared deviations; midpoints and half-spans from the reader's table.
 */
static void row_moments(const struct sr_hist_row *row, double ns_per, struct moments *m)
{
	double sum = 0;

	*m = (struct moments){.max = -INFINITY};
	for (unsigned k = 0; k < row->nnz; k++) {
		unsigned c = row->nz[k];
		double x = (double)row->count[c], mid = row->mid[c], delta = row->delta[c];

		m->n += row->count[c];
		sum += x * mid * ns_per;
		m->err1 += x * delta * ns_per;
		m->err2 += x * delta * ns_per * delta * ns_per;
	}
	if (!m->n)
		return;
	m->max = row->mid[row->nz[row->nnz - 1]] * ns_per; /* nz is ascending */
	m->max_delta = row->delta[row->nz[row->nnz - 1]] * ns_per;
	m->mean = sum / (double)m->n;
	for (unsigned k = 0; k < row->nnz; k++) {
		unsigned c = row->nz[k];
		double dev = row->mid[c] * ns_per - m->mean;

		m->m2 += (double)row->count[c] * dev * dev;
	}
}

static void merge(struct moments *a, const struct moments *b)
{
	double n, d;

	if (!b->n)
		return;
	n = (double)a->n + (double)b->n;
	d = b->mean - a->mean;
	a->mean += d * (double)b->n / n;
	a->m2 += b->m2 + d * d * (double)a->n * (double)b->n / n;
	a->n += b->n;
	a->err1 += b->err1;
	a->err2 += b->err2;
	if (b->max > a->max) {
		a->max = b->max;
		a->max_delta = b->max_delta;
	}
}

/*
 * A job of the file ends: count it in every window it ran through, those that ended by the end
 * of the last period it logged (@end_ms, on its clock).
 */
static void end_job(struct sr_hist_agg *a, bool *rows, uint64_t end_ms)
{
	if (!*rows)
		return;
	/* slot() made every window up to its last row */
	for (uint64_t k = 0; k < a->count && (k + 1) * a->window_ms <= end_ms; k++)
		a->reach[k]++;
	a->jobs++;
	*rows = false;
}

int sr_hist_agg_add_file(struct sr_hist_agg *a, const char *path, double ns_per, uint32_t avg_ms,
			 char *err, size_t errlen)
{
	uint64_t last_ms = 0, end_ms = 0;
	struct sr_hist_reader *r;
	struct sr_hist_row row;
	bool rows = false;
	int rc;

	if (!avg_ms)
		avg_ms = a->window_ms;
	rc = sr_hist_open(&r, path, err, errlen);
	if (rc)
		return rc;
	while ((rc = sr_hist_next(r, &row)) == 1) {
		uint64_t period = (row.time_ms + HIST_SLACK_MS) / avg_ms;
		uint64_t idx = period ? (period - 1) * avg_ms / a->window_ms : 0;
		struct moments m, *w;

		if (a->end_ms && row.time_ms > a->end_ms) {
			if (err)
				snprintf(err, errlen,
					 "%s: time %llu ms: after the end of the run (%llu ms)",
					 path, (unsigned long long)row.time_ms,
					 (unsigned long long)a->end_ms);
			rc = -EINVAL;
			break;
		}
		if (idx >= HIST_MAX_WINDOWS) {
			if (err)
				snprintf(err, errlen,
					 "%s: time %llu ms is beyond %u windows of %u ms", path,
					 (unsigned long long)row.time_ms, HIST_MAX_WINDOWS,
					 a->window_ms);
			rc = -EINVAL;
			break;
		}
		/* per_job_logs=0: the next job's rows start over near 0 */
		if (rows && row.time_ms + a->window_ms <= last_ms) {
			end_job(a, &rows, end_ms);
			end_ms = 0;
		}
		w = slot(a, idx, row.ddir);
		if (!w) {
			rc = -ENOMEM;
			break;
		}
		if (period * avg_ms > end_ms)
			end_ms = period * avg_ms;
		rows = true;
		last_ms = row.time_ms;
		row_moments(&row, ns_per, &m);
		merge(w, &m);
		if (a->pct) { /* a row it cannot place (too long a run, another layout) ends them */
			int prc = sr_hist_pct_add(a->pct, period ? (period - 1) * avg_ms : 0, &row);

			if (prc == -ENOMEM) {
				rc = prc;
				break;
			}
			if (prc) {
				sr_hist_pct_free(a->pct);
				a->pct = NULL;
			}
		}
	}
	if (rc == 0)
		end_job(a, &rows, end_ms);
	if (rc == -EINVAL && err && sr_hist_error(r)[0])
		snprintf(err, errlen, "%s", sr_hist_error(r));
	else if (rc < 0 && rc != -EINVAL && err)
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
	sr_hist_close(r);
	return rc < 0 ? rc : 0;
}

int sr_hist_agg_get(const struct sr_hist_agg *a, size_t i, struct sr_hist_interval *out)
{
	if (i >= a->count)
		return -ERANGE;
	out->start_ms = (uint64_t)i * a->window_ms;
	out->width_ms = a->window_ms;
	out->jobs = a->reach[i];
	for (unsigned d = 0; d < SR_DDIR_NR; d++) {
		const struct moments *m = &a->w[i][d];
		struct sr_hist_dir *o = &out->dir[d];

		*o = (struct sr_hist_dir){.n = m->n,
					  .mean_ns = NAN,
					  .sd_ns = NAN,
					  .max_ns = NAN,
					  .mean_err_ns = NAN,
					  .sd_err_ns = NAN,
					  .max_err_ns = NAN};
		if (!m->n)
			continue;
		o->mean_ns = m->mean;
		o->mean_err_ns = m->err1 / (double)m->n;
		o->max_ns = m->max;
		o->max_err_ns = m->max_delta;
		if (m->n > 1) {
			o->sd_ns = sqrt(m->m2 / (double)(m->n - 1));
			o->sd_err_ns = sqrt(m->err2 / (double)(m->n - 1));
		}
	}
	return 0;
}
