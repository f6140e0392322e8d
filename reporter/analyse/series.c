// SPDX-License-Identifier: GPL-2.0-only
/* series.c - preconditioning series from fio logs (log_interval.c) or fio's ss data. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/fio_log.h"
#include "analyse/hist_interval.h"
#include "analyse/log_interval.h"
#include "analyse/series.h"
#include "analyse/steady_state.h"

#define WINDOW_MS 1000

static struct sr_value v_of(double x)
{
	return isfinite(x) ? sr_val(x) : (struct sr_value){x, SR_INVALID};
}

/* Is @name a log of test @id (any name when @single)? Histogram logs only when @hist. */
static bool log_of_test(const char *name, const char *id, bool single, bool hist,
			enum sr_log_kind *kind)
{
	struct sr_log_name ln;

	if (sr_log_parse_name(name, &ln) < 0 || ln.kind == SR_LOG_UNKNOWN ||
	    (ln.kind == SR_LOG_HIST) != hist)
		return false;
	*kind = ln.kind;
	return single || (ln.stem_len == strlen(id) && !strncmp(name, id, ln.stem_len));
}

/* Latency kind to use: clat if the test has clat logs, else lat (the aggregator takes one). */
static enum sr_log_kind pick_lat(DIR *dir, const char *id, bool single)
{
	enum sr_log_kind best = SR_LOG_UNKNOWN, k;
	struct dirent *e;

	rewinddir(dir);
	while ((e = readdir(dir)))
		if (log_of_test(e->d_name, id, single, false, &k)) {
			if (k == SR_LOG_CLAT)
				return k;
			if (k == SR_LOG_LAT)
				best = k;
		}
	return best;
}

static int from_logs(struct sr_test *t, const char *dirpath, bool single, struct sr_diag *d)
{
	struct sr_log_opts opts = {.lat_unit = sr_log_lat_unit_for_version(t->fio_version)};
	struct sr_log_agg *agg = NULL;
	enum sr_log_kind lat, k;
	struct dirent *e;
	size_t used = 0, n;
	DIR *dir;
	int rc;

	dir = opendir(dirpath);
	if (!dir)
		return 0;
	lat = pick_lat(dir, t->id, single);
	rc = sr_log_agg_new(&agg, WINDOW_MS);
	if (rc)
		goto out;
	rewinddir(dir);
	while ((e = readdir(dir))) {
		char path[4096], err[512] = "";

		if (!log_of_test(e->d_name, t->id, single, false, &k))
			continue;
		if ((k == SR_LOG_LAT || k == SR_LOG_CLAT || k == SR_LOG_SLAT) && k != lat)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dirpath, e->d_name);
		rc = sr_log_agg_add_file(agg, path, &opts, err, sizeof(err));
		if (rc == -ENOMEM)
			goto out;
		if (rc) {
			sr_warn(d, SR_WARN_OPTION, "log not used: %s", err);
			rc = 0;
			goto out;
		}
		used++;
	}
	n = used ? sr_log_agg_count(agg) : 0;
	if (!n)
		goto out;
	t->series = calloc(n, sizeof(*t->series));
	if (!t->series) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		struct sr_log_interval iv;

		if (sr_log_agg_get(agg, i, &iv))
			continue;
		t->series[t->nseries++] = (struct sr_interval){
		    .t_s = (double)(iv.start_ms + iv.width_ms) / 1000.0,
		    .iops = v_of(iv.precond.throughput_iops),
		    .lat_mean = v_of(iv.precond.avg_lat_ns),
		    .lat_max = v_of(iv.precond.max_lat_ns),
		    .lat_sd = v_of(iv.precond.sd_lat_ns),
		};
	}
out:
	sr_log_agg_free(agg);
	closedir(dir);
	return rc;
}

/* The window of series point @p (from_logs: t_s is the end of window i, so i = t_s / W - 1). */
static size_t window_of(const struct sr_interval *p)
{
	double w = p->t_s * 1000.0 / WINDOW_MS;

	return w >= 1 ? (size_t)(w + 0.5) - 1 : 0;
}

static struct sr_dir_interval hist_dir(const struct sr_hist_interval *h, int d)
{
	const struct sr_hist_dir *x = &h->dir[d];

	return (struct sr_dir_interval){.iops = (double)x->n * 1000.0 / h->width_ms,
					.n = (double)x->n,
					.mean_ns = x->mean_ns,
					.sd_ns = x->sd_ns,
					.max_ns = x->max_ns};
}

/* Error bounds of the window's max (the larger direction bound) and stddev (mean of the bounds). */
static void hist_bounds(const struct sr_hist_interval *h, struct sr_interval *p)
{
	double max_err = NAN, sd_err = 0;
	int nsd = 0;

	for (int d = 0; d < 2; d++) {
		if (h->dir[d].n > 0 && !(h->dir[d].max_err_ns <= max_err))
			max_err = h->dir[d].max_err_ns;
		if (h->dir[d].n > 1) {
			sd_err += h->dir[d].sd_err_ns;
			nsd++;
		}
	}
	p->lat_max_err = v_of(max_err);
	p->lat_sd_err = nsd ? v_of(sd_err / nsd) : (struct sr_value){NAN, SR_ABSENT};
}

/*
 * Maximum latency and latency stddev per window from the clat histogram logs (fio 3.33 has no
 * log_window_value, so the value logs hold only window means). A series built from value logs
 * keeps its throughput and mean and takes max and stddev from here; without value logs the
 * histograms give all four (IOPS = I/Os counted in the window / its length). Bucket midpoints:
 * the error bounds are in hist_interval.h.
 */
static int from_hist_logs(struct sr_test *t, const char *dirpath, bool single, struct sr_diag *d)
{
	double ns_per = sr_log_lat_unit_for_version(t->fio_version) == SR_LAT_US ? 1000.0 : 1.0;
	struct sr_hist_agg *agg = NULL;
	enum sr_log_kind k;
	struct dirent *e;
	size_t used = 0, n;
	DIR *dir;
	int rc;

	dir = opendir(dirpath);
	if (!dir)
		return 0;
	rc = sr_hist_agg_new(&agg, WINDOW_MS);
	while (!rc && (e = readdir(dir))) {
		char path[4096], err[512] = "";

		if (!log_of_test(e->d_name, t->id, single, true, &k))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dirpath, e->d_name);
		rc = sr_hist_agg_add_file(agg, path, ns_per, err, sizeof(err));
		if (rc && rc != -ENOMEM) {
			sr_warn(d, SR_WARN_OPTION, "histogram log not used: %s", err);
			rc = 0;
			goto out;
		}
		used++;
	}
	n = used && !rc ? sr_hist_agg_count(agg) : 0;
	if (!n)
		goto out;
	if (!t->nseries) {
		free(t->series);
		t->series = calloc(n, sizeof(*t->series));
		if (!t->series) {
			rc = -ENOMEM;
			goto out;
		}
		for (size_t i = 0; i < n; i++)
			t->series[i] =
			    (struct sr_interval){.t_s = (double)(i + 1) * WINDOW_MS / 1000.0,
						 .iops = {NAN, SR_ABSENT},
						 .lat_mean = {NAN, SR_ABSENT}};
		t->nseries = n;
	}
	for (size_t i = 0; i < t->nseries; i++) {
		struct sr_interval *p = &t->series[i];
		struct sr_hist_interval h;
		struct sr_dir_interval rd, wr;
		struct sr_precond pc;

		if (sr_hist_agg_get(agg, window_of(p), &h))
			continue;
		rd = hist_dir(&h, 0);
		wr = hist_dir(&h, 1);
		sr_precond_metrics(&rd, &wr, &pc);
		p->lat_max = v_of(pc.max_lat_ns);
		p->lat_sd = v_of(pc.sd_lat_ns);
		hist_bounds(&h, p);
		if (!sr_ok(p->iops)) /* no iops log */
			p->iops = v_of(pc.throughput_iops);
		if (!sr_ok(p->lat_mean)) /* no lat/clat log */
			p->lat_mean = v_of(pc.avg_lat_ns);
	}
out:
	sr_hist_agg_free(agg);
	closedir(dir);
	return rc;
}

/* fio's own steadystate samples: per-second IOPS of the last ss_dur seconds, summed over runs. */
static int from_fio_ss(struct sr_test *t)
{
	size_t n = 0;

	for (size_t r = 0; r < t->nruns; r++)
		if (t->runs[r].fio_ss.niops > n)
			n = t->runs[r].fio_ss.niops;
	if (!n)
		return 0;
	t->series = calloc(n, sizeof(*t->series));
	if (!t->series)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		double sum = 0;
		for (size_t r = 0; r < t->nruns; r++)
			if (i < t->runs[r].fio_ss.niops && !t->runs[r].all_clients)
				sum += t->runs[r].fio_ss.iops[i];
		t->series[i] = (struct sr_interval){.t_s = (double)(i + 1), .iops = v_of(sum)};
	}
	t->nseries = n;
	return 0;
}

/* Does @dir hold a log of test @id (any log when @single)? */
static bool has_logs(const char *dir, const char *id, bool single)
{
	enum sr_log_kind k;
	struct dirent *e;
	bool found = false;
	DIR *dp = opendir(dir);

	if (!dp)
		return false;
	while (!found && (e = readdir(dp)))
		found = log_of_test(e->d_name, id, single, false, &k) ||
			log_of_test(e->d_name, id, single, true, &k);
	closedir(dp);
	return found;
}

int sr_series_attach(struct sr_test *t, const char *dir, bool single, struct sr_diag *d)
{
	char sub[2048]; /* dir + "/logs"; paths below add a file name to it */
	int rc = 0;

	/* scripts/ssd-review writes the logs to <drive>/logs/, beside the JSON files */
	if (dir && t->id && !has_logs(dir, t->id, single)) {
		snprintf(sub, sizeof(sub), "%s/logs", dir);
		dir = sub;
	}
	if (dir && t->id)
		rc = from_logs(t, dir, single, d);
	if (!rc && dir && t->id)
		rc = from_hist_logs(t, dir, single, d);
	if (!rc && !t->nseries) {
		free(t->series);
		t->series = NULL;
		rc = from_fio_ss(t);
	}
	return rc;
}

/* Rounds from stonewalled jobs: >= 5 groups of one workload. Return: rounds put in x/y. */
static size_t rounds_from_runs(const struct sr_test *t, double *x, double *y)
{
	const struct sr_run *r0 = NULL;
	size_t n = 0;
	int last_gid = -1;

	for (size_t i = 0; i < t->nruns; i++) {
		const struct sr_run *r = &t->runs[i];
		double iops = 0;

		if (r->all_clients || !r->rw)
			continue;
		if (!r0)
			r0 = r;
		else if (strcmp(r->rw, r0->rw) || r->bs != r0->bs || r->numjobs != r0->numjobs ||
			 r->iodepth != r0->iodepth)
			return 0; /* not one workload */
		if (r->groupid == last_gid)
			return 0; /* several jobs per group: not rounds */
		for (int d = SR_READ; d <= SR_WRITE; d++)
			if (sr_ok(r->dir[d].iops))
				iops += r->dir[d].iops.v;
		x[n] = (double)(n + 1);
		y[n++] = iops;
		last_gid = r->groupid;
	}
	return n >= SR_SNIA_WINDOW ? n : 0;
}

/* Rounds of SR_SS_ROUND_S seconds from the series: x = end of the round (s), y = mean IOPS. */
static size_t rounds_from_series(const struct sr_test *t, double *x, double *y)
{
	size_t n = 0, i = 0;

	while (i < t->nseries) {
		size_t k = (size_t)((t->series[i].t_s - 1e-9) / SR_SS_ROUND_S), valid = 0;
		double sum = 0;

		for (; i < t->nseries && (size_t)((t->series[i].t_s - 1e-9) / SR_SS_ROUND_S) == k;
		     i++)
			if (sr_ok(t->series[i].iops)) {
				sum += t->series[i].iops.v;
				valid++;
			}
		if (valid * 2 < SR_SS_ROUND_S)
			continue; /* a partial or mostly empty round */
		x[n] = (double)(k + 1) * SR_SS_ROUND_S;
		y[n++] = sum / (double)valid;
	}
	return n >= SR_SNIA_WINDOW ? n : 0;
}

static size_t intervals(const struct sr_test *t, double *x, double *y)
{
	size_t n = 0;

	for (size_t i = 0; i < t->nseries; i++)
		if (sr_ok(t->series[i].iops)) {
			x[n] = t->series[i].t_s;
			y[n++] = t->series[i].iops.v;
		}
	return n;
}

void sr_series_snia(const struct sr_test *t, struct sr_snia *out)
{
	size_t cap = (t->nseries > t->nruns ? t->nseries : t->nruns) + 1, n;
	struct sr_snia_result res;
	const struct sr_snia_window *w;
	double *x, *y, width;

	memset(out, 0, sizeof(*out));
	x = calloc(cap, sizeof(*x));
	y = calloc(cap, sizeof(*y));
	if (!x || !y)
		goto out;
	out->basis = SR_SS_RUNS;
	n = rounds_from_runs(t, x, y);
	if (!n) {
		out->basis = SR_SS_ROUNDS;
		n = rounds_from_series(t, x, y);
	}
	if (!n) {
		out->basis = SR_SS_INTERVALS;
		n = intervals(t, x, y);
	}
	if (sr_snia_steady_state(x, y, n, &res)) {
		out->basis = SR_SS_NONE;
		goto out;
	}
	out->evaluated = true;
	out->attained = res.attained;
	out->nrounds = n;
	w = res.ever_attained ? &res.first_attained : &res.last;
	out->first_round = (double)w->first + 1;
	out->last_round = (double)w->last + 1;
	out->range_pct = res.last.range_pct;
	out->excursion_pct = res.last.excursion_pct;
	switch (out->basis) {
	case SR_SS_RUNS:
		out->first_s = out->last_s = NAN;
		break;
	case SR_SS_ROUNDS:
		out->first_s = x[w->first] - SR_SS_ROUND_S;
		out->last_s = x[w->last];
		break;
	default:
		width = w->first > 0 ? x[w->first] - x[w->first - 1] : x[1] - x[0]; /* n >= 5 */
		out->first_s = x[w->first] - width;
		out->last_s = x[w->last];
		break;
	}
out:
	free(x);
	free(y);
}

const char *sr_snia_basis_note(const struct sr_snia *s)
{
	switch (s->basis) {
	case SR_SS_RUNS:
		return "rounds: one stonewalled job each";
	case SR_SS_ROUNDS:
		return "rounds of 60 s";
	case SR_SS_INTERVALS:
		return "no rounds in the results: 1-s intervals used";
	default:
		return "not evaluated";
	}
}
