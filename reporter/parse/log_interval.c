// SPDX-License-Identifier: GPL-2.0-only
/*
 * log_interval.c - per-window merge of per-job fio logs (see log_interval.h).
 */
#include "parse/log_interval.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AGG_MAX_WINDOWS (1u << 24)
#define LOG_SLACK_MS 2 /* fio writes a windowed row up to LOG_MSEC_SLACK (1 or 2) ms early */
/* A windowed row that comes less than a period minus 1/LOG_PARTIAL_FRAC of one after the job's
 * row before it is the row fio writes at the job's exit for the period it stopped in (regular
 * rows come a period apart, each late by the I/O that ends its period) */
#define LOG_PARTIAL_FRAC 4

/* The kinds of log whose jobs are counted apart: throughput twice (iops, bw), latency once. */
enum { CLASS_IOPS, CLASS_BW, CLASS_LAT, NCLASS };

struct lat_acc { /* Welford accumulator of latency rows */
	uint64_t n;
	double mean, m2, max;
	uint64_t inexact_max; /* rows whose max is only a window mean */
};

struct window {
	double iops[SR_DDIR_NR];
	double bw[SR_DDIR_NR];
	struct lat_acc lat[SR_DDIR_NR];
	unsigned reach[NCLASS]; /* jobs whose log of that class ran through the window */
};

struct sr_log_agg {
	uint32_t window_ms;
	enum sr_log_kind lat_kind; /* first latency kind added, SR_LOG_UNKNOWN before */
	bool have_iops, have_bw;
	unsigned jobs[NCLASS]; /* jobs added per class */
	uint64_t end_ms;       /* rows after it are refused; 0: none */
	size_t count, cap;
	struct window *w;
};

/* One job of the file being read: how far it ran. */
struct job_span {
	bool rows;	  /* the job has a row */
	uint64_t last_ms; /* time of its latest row */
	uint64_t end_ms;  /* end of the latest period (or I/O) it logged, on its clock */
};

/* One file's running rate accumulator for one direction (iops or bw). */
struct rate_acc {
	uint64_t window;
	double avg_sum; /* windowed rows */
	uint64_t avg_rows;
	double io_sum; /* per-I/O rows */
	bool active;
};

int sr_log_agg_new(struct sr_log_agg **out, uint32_t window_ms)
{
	struct sr_log_agg *a;

	*out = NULL;
	if (window_ms == 0)
		return -EINVAL;
	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->window_ms = window_ms;
	*out = a;
	return 0;
}

void sr_log_agg_free(struct sr_log_agg *a)
{
	if (!a)
		return;
	free(a->w);
	free(a);
}

size_t sr_log_agg_count(const struct sr_log_agg *a) { return a->count; }

void sr_log_agg_set_end(struct sr_log_agg *a, uint64_t end_ms) { a->end_ms = end_ms; }

/* Make window idx exist. Return: the window or NULL (ENOMEM). */
static struct window *window_at(struct sr_log_agg *a, uint64_t idx)
{
	if (idx >= a->cap) {
		size_t cap = a->cap ? a->cap : 1024;
		struct window *w;

		while (cap <= idx)
			cap *= 2;
		w = realloc(a->w, cap * sizeof(*w));
		if (!w)
			return NULL;
		memset(w + a->cap, 0, (cap - a->cap) * sizeof(*w));
		a->w = w;
		a->cap = cap;
	}
	if (idx >= a->count)
		a->count = (size_t)idx + 1;
	return &a->w[idx];
}

static int flush_rate(struct sr_log_agg *a, struct rate_acc *acc, enum sr_log_kind kind, int ddir)
{
	struct window *w;
	double v;

	if (!acc->active)
		return 0;
	w = window_at(a, acc->window);
	if (!w)
		return -ENOMEM;
	v = acc->io_sum / ((double)a->window_ms / 1000.0);
	if (acc->avg_rows)
		v += acc->avg_sum / (double)acc->avg_rows;
	if (kind == SR_LOG_IOPS)
		w->iops[ddir] += v;
	else
		w->bw[ddir] += v;
	memset(acc, 0, sizeof(*acc));
	return 0;
}

static void add_lat(struct lat_acc *l, double v, double max, bool exact)
{
	double d = v - l->mean;

	l->n++;
	l->mean += d / (double)l->n;
	l->m2 += d * (v - l->mean);
	if (l->n == 1 || max > l->max)
		l->max = max;
	if (!exact)
		l->inexact_max++;
}

static bool is_lat(enum sr_log_kind k)
{
	return k == SR_LOG_LAT || k == SR_LOG_CLAT || k == SR_LOG_SLAT;
}

static int class_of(enum sr_log_kind k)
{
	return k == SR_LOG_IOPS ? CLASS_IOPS : k == SR_LOG_BW ? CLASS_BW : CLASS_LAT;
}

unsigned sr_log_agg_jobs(const struct sr_log_agg *a, enum sr_log_kind kind)
{
	if (kind == SR_LOG_IOPS || kind == SR_LOG_BW || (is_lat(kind) && kind == a->lat_kind))
		return a->jobs[class_of(kind)];
	return 0;
}

/*
 * The window of a row (see the file comment of log_interval.h): a per-I/O row by its time, a
 * windowed row by the period of @avg_ms it ends on its job's clock; @prev: the time of the job's
 * row of that direction before it (0: none). *@end_ms: when what the row counts ended (the I/O's
 * completion, the period's end; 0 for a period the job stopped in).
 */
static uint64_t window_of_row(const struct sr_log_row *row, uint32_t avg_ms, uint32_t window_ms,
			      const uint64_t *prev, uint64_t *end_ms)
{
	uint64_t period;

	if (row->bs != 0) {
		*end_ms = row->time_ms;
		return row->time_ms / window_ms;
	}
	period = (row->time_ms + LOG_SLACK_MS) / avg_ms;
	*end_ms = period * avg_ms;
	if (prev && *prev && row->time_ms > *prev + LOG_SLACK_MS &&
	    row->time_ms < *prev + avg_ms - avg_ms / LOG_PARTIAL_FRAC) {
		/* fio's last row, written at the job's exit for the period it stopped in, comes
		 * less than a period after the one before: it is the next period, which the job did
		 * not run through (its window partial); a second row at the same time (fio's exit
		 * flush right after a period's row) stays in that period */
		period = (*prev + LOG_SLACK_MS) / avg_ms + 1;
		*end_ms = 0;
	}
	return period ? (period - 1) * avg_ms / window_ms : 0;
}

/*
 * A job of the file ends: count it in every window it ran through, those that ended by the end
 * of the last period (or I/O) it logged. A window its last rows fall in without it running to the
 * window's end (log_avg_msec shorter than the window, per-I/O rows) does not count it.
 */
static void end_job(struct sr_log_agg *a, struct job_span *job, int cls)
{
	if (!job->rows)
		return;
	/* window_at() made every window up to its last row */
	for (uint64_t k = 0; k < a->count && (k + 1) * a->window_ms <= job->end_ms; k++)
		a->w[k].reach[cls]++;
	a->jobs[cls]++;
	*job = (struct job_span){0};
}

int sr_log_agg_add_file(struct sr_log_agg *a, const char *path, const struct sr_log_opts *opts,
			char *err, size_t errlen)
{
	struct rate_acc acc[SR_DDIR_NR] = {{0}};
	struct sr_log_reader *r = NULL;
	struct job_span job = {0};
	uint64_t prev[SR_DDIR_NR] = {0}; /* the job's last row per direction, ms */
	enum sr_log_kind kind;
	struct sr_log_row row;
	uint32_t avg_ms = opts && opts->avg_ms ? opts->avg_ms : a->window_ms;
	double scale;
	int ret, d;

	ret = sr_log_open(&r, path, opts, err, errlen);
	if (ret)
		return ret;
	kind = sr_log_reader_kind(r);
	if (kind == SR_LOG_UNKNOWN) {
		if (err)
			snprintf(err, errlen,
				 "%s: name is not <name>_{iops,bw,lat,clat,slat}[.N].log; cannot "
				 "tell the log kind",
				 path);
		ret = -EINVAL;
		goto out;
	}
	if (is_lat(kind)) {
		if (a->lat_kind == SR_LOG_UNKNOWN)
			a->lat_kind = kind;
		if (a->lat_kind != kind) {
			if (err)
				snprintf(err, errlen,
					 "%s: a %s log, but this test is aggregated from %s logs",
					 path, sr_log_kind_name(kind),
					 sr_log_kind_name(a->lat_kind));
			ret = -EINVAL;
			goto out;
		}
	} else if (kind == SR_LOG_IOPS) {
		a->have_iops = true;
	} else {
		a->have_bw = true;
	}
	scale = sr_log_scale(kind, opts ? opts->lat_unit : SR_LAT_NS);

	while ((ret = sr_log_next(r, &row)) > 0) {
		uint64_t end_ms, idx;

		/* per_job_logs=0: a row a window or more before the one above starts a job */
		if (job.rows && row.time_ms + a->window_ms <= job.last_ms)
			memset(prev, 0, sizeof(prev));
		idx = window_of_row(&row, avg_ms, a->window_ms,
				    row.ddir < SR_DDIR_NR ? &prev[row.ddir] : NULL, &end_ms);
		if (row.ddir < SR_DDIR_NR && row.bs == 0)
			prev[row.ddir] = row.time_ms;

		if (idx >= AGG_MAX_WINDOWS || (a->end_ms && row.time_ms > a->end_ms)) {
			if (err && a->end_ms && row.time_ms > a->end_ms)
				snprintf(
				    err, errlen,
				    "%s:%llu: time %llu ms: after the end of the run (%llu ms)",
				    path, (unsigned long long)sr_log_line(r),
				    (unsigned long long)row.time_ms, (unsigned long long)a->end_ms);
			else if (err)
				snprintf(
				    err, errlen,
				    "%s:%llu: time %llu ms: expected under %llu ms (2^24 windows "
				    "of %u ms)",
				    path, (unsigned long long)sr_log_line(r),
				    (unsigned long long)row.time_ms,
				    (unsigned long long)AGG_MAX_WINDOWS * a->window_ms,
				    a->window_ms);
			ret = -EINVAL;
			goto out;
		}
		/* per_job_logs=0: the next job's rows start over near 0; its rates add to this
		 * one's */
		if (job.rows && row.time_ms + a->window_ms <= job.last_ms) {
			for (d = 0; d < SR_DDIR_NR && !is_lat(kind); d++) {
				ret = flush_rate(a, &acc[d], kind, d);
				if (ret)
					goto out;
			}
			end_job(a, &job, class_of(kind));
		}
		if (!window_at(a, idx)) {
			ret = -ENOMEM;
			goto out;
		}
		if (end_ms > job.end_ms)
			job.end_ms = end_ms;
		job.rows = true;
		job.last_ms = row.time_ms;
		if (is_lat(kind)) {
			add_lat(&a->w[idx].lat[row.ddir], row.value * scale, row.max * scale,
				row.has_max || row.bs != 0);
			continue;
		}
		if (acc[row.ddir].active && acc[row.ddir].window != idx) {
			ret = flush_rate(a, &acc[row.ddir], kind, row.ddir);
			if (ret)
				goto out;
		}
		acc[row.ddir].active = true;
		acc[row.ddir].window = idx;
		if (row.bs != 0) { /* one I/O: count it, or its bytes in a bw log */
			acc[row.ddir].io_sum +=
			    kind == SR_LOG_BW ? (double)row.bs : row.value * scale;
		} else {
			acc[row.ddir].avg_sum += row.value * scale;
			acc[row.ddir].avg_rows++;
		}
	}
	if (ret < 0) {
		if (err)
			snprintf(err, errlen, "%s", sr_log_error(r));
		goto out;
	}
	for (d = 0; d < SR_DDIR_NR; d++) {
		ret = flush_rate(a, &acc[d], kind, d);
		if (ret)
			goto out;
	}
	end_job(a, &job, class_of(kind));
out:
	if (ret == -ENOMEM && err)
		snprintf(err, errlen, "%s: out of memory", path);
	sr_log_close(r);
	return ret;
}

int sr_log_agg_get(const struct sr_log_agg *a, size_t i, struct sr_log_interval *out)
{
	const struct window *w;
	bool exact = true;
	int d;

	if (i >= a->count)
		return -ERANGE;
	w = &a->w[i];
	out->start_ms = (uint64_t)i * a->window_ms;
	out->width_ms = a->window_ms;
	for (d = 0; d < SR_DDIR_NR; d++) {
		const struct lat_acc *l = &w->lat[d];
		struct sr_dir_interval *o = &out->dir[d];

		o->iops = a->have_iops ? w->iops[d] : NAN;
		out->bw_bytes[d] = a->have_bw ? w->bw[d] : NAN;
		o->n = (double)l->n;
		o->mean_ns = l->n ? l->mean : NAN;
		o->sd_ns = l->n > 1 ? sqrt(l->m2 / (double)(l->n - 1)) : (l->n ? 0.0 : NAN);
		o->max_ns = l->n ? l->max : NAN;
		if (l->inexact_max)
			exact = false;
	}
	out->max_exact = exact;
	out->iops_jobs = w->reach[CLASS_IOPS];
	out->bw_jobs = w->reach[CLASS_BW];
	out->lat_jobs = w->reach[CLASS_LAT];
	sr_precond_metrics(&out->dir[0], &out->dir[1], &out->precond);
	return 0;
}
