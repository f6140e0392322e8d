// SPDX-License-Identifier: GPL-2.0-only
/* series_load.c - the preconditioning series of a test, per workload, from fio's logs or fio's
 * steadystate data, read while the results load (series_load.h). */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/fio_log.h"
#include "parse/hist_interval.h"
#include "parse/hist_pct.h"
#include "parse/log_dir.h"
#include "parse/log_interval.h"
#include "parse/series_load.h"
#include "model/params.h"
#include "record/layout.h"

#define WINDOW_MS 1000

/* One fio group of the test: its entries (consecutive in the JSON) and its jobs. */
struct group {
	size_t run0, nruns;   /* entries runs[run0 .. run0 + nruns) */
	unsigned job0, njobs; /* fio job numbers job0 + 1 .. job0 + njobs */
	bool concurrent;      /* ran at once with a neighbour group (new_group, no stonewall) */
};

/* One log file of the test. */
struct log_file {
	const char *name; /* in the folder's listing */
	enum sr_log_kind kind;
	int job; /* N of <name>_iops.N.log, -1 for a per_job_logs=0 name */
};

/* The test's groups and log files, found once. */
struct ctx {
	struct sr_test *t;
	struct sr_diag *d;
	struct group *g;
	size_t ng;
	const char *dir;
	struct log_file *f;
	size_t nf;
	bool placed; /* each log's job number places it in one group */
};

static struct sr_value v_of(double x)
{
	return isfinite(x) ? sr_val(x) : (struct sr_value){x, SR_INVALID};
}

static const struct sr_value absent = {NAN, SR_ABSENT};

/* Jobs (fio threads) one JSON entry stands for. */
static unsigned run_jobs(const struct sr_run *r)
{
	return r->group_reporting && r->numjobs ? r->numjobs : 1;
}

/* Same workload by fio's job options: rw, bs, numjobs, iodepth (and rwmixread if mixed). */
static bool same_workload(const struct sr_run *a, const struct sr_run *b)
{
	return a->rw && b->rw && !strcmp(a->rw, b->rw) && a->bs == b->bs &&
	       a->bs_mixed == b->bs_mixed && a->numjobs == b->numjobs && a->iodepth == b->iodepth &&
	       (!sr_rw_mixed(a->rw) || a->rwmixread == b->rwmixread);
}

/* Groups in file order; "All clients" entries belong to none. Return: 0 or -ENOMEM. */
static int find_groups(struct ctx *c)
{
	const struct sr_test *t = c->t;
	unsigned jobs = 0;

	c->g = calloc(t->nruns + 1, sizeof(*c->g));
	if (!c->g)
		return -ENOMEM;
	for (size_t i = 0; i < t->nruns; i++) {
		const struct sr_run *r = &t->runs[i];
		struct group *g = c->ng ? &c->g[c->ng - 1] : NULL;

		if (r->all_clients)
			continue;
		if (!g || r->groupid != t->runs[g->run0].groupid || g->run0 + g->nruns != i) {
			g = &c->g[c->ng++];
			*g = (struct group){.run0 = i, .job0 = jobs};
			if (c->ng > 1 && r->new_group && !r->stonewall)
				g->concurrent = g[-1].concurrent = true;
		}
		g->nruns++;
		g->njobs += run_jobs(r);
		jobs += run_jobs(r);
	}
	return 0;
}

/* Is log @e one of test @id (any log when @single)? */
static bool log_of_test(const struct sr_log_entry *e, const char *id, bool single)
{
	return single || (e->ln.stem_len == strlen(id) && !strncmp(e->name, id, e->ln.stem_len));
}

/* Does folder listing @l hold a log of test @id (any log when @single)? */
static bool has_logs(const struct sr_log_dir *l, const char *id, bool single)
{
	for (size_t i = 0; i < l->n; i++)
		if (log_of_test(&l->e[i], id, single))
			return true;
	return false;
}

/*
 * The test's logs in listing @l of c->dir: iops, bw, one latency kind (clat if the test has
 * clat logs, else lat; the aggregator takes one; slat is never the review's latency) and the
 * histogram logs. Their names point into @l. Return: 0 or -ENOMEM.
 */
static int find_logs(struct ctx *c, const struct sr_log_dir *l, bool single)
{
	enum sr_log_kind lat = SR_LOG_UNKNOWN;
	unsigned total = c->ng ? c->g[c->ng - 1].job0 + c->g[c->ng - 1].njobs : 0;
	size_t cap = 0, keep = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct sr_log_entry *e = &l->e[i];
		struct log_file *f;

		if (!log_of_test(e, c->t->id, single) || e->ln.kind == SR_LOG_SLAT)
			continue;
		if (c->nf == cap) {
			cap = cap ? 2 * cap : 32;
			f = realloc(c->f, cap * sizeof(*f));
			if (!f)
				return -ENOMEM;
			c->f = f;
		}
		c->f[c->nf++] =
		    (struct log_file){.name = e->name, .kind = e->ln.kind, .job = e->ln.job};
		if (e->ln.kind == SR_LOG_CLAT ||
		    (e->ln.kind == SR_LOG_LAT && lat == SR_LOG_UNKNOWN))
			lat = e->ln.kind;
	}
	c->placed = true;
	for (size_t i = 0; i < c->nf; i++) {
		const struct log_file *f = &c->f[i];

		if ((f->kind == SR_LOG_LAT || f->kind == SR_LOG_CLAT) && f->kind != lat)
			continue;
		if (f->job < 1 || (unsigned)f->job > total)
			c->placed = false;
		c->f[keep++] = *f;
	}
	c->nf = keep;
	for (size_t i = 0; i < c->ng && c->placed; i++)
		if (c->t->runs[c->g[i].run0].host)
			c->placed = false; /* client/server: each host numbers its jobs from 1 */
	return 0;
}

static bool in_group(const struct ctx *c, const struct group *g, const struct log_file *f)
{
	if (!c->placed)
		return c->ng == 1;
	return (unsigned)f->job > g->job0 && (unsigned)f->job <= g->job0 + g->njobs;
}

/* An interval ending at @t_s s of round @round with every figure absent and no job yet. */
static struct sr_interval blank_interval(double t_s, unsigned round)
{
	return (struct sr_interval){.t_s = t_s,
				    .round = round,
				    .iops = absent,
				    .bw = absent,
				    .lat_mean = absent,
				    .lat_max = absent,
				    .lat_sd = absent,
				    .lat_max_err = absent,
				    .lat_sd_err = absent};
}

/* Room for @n more intervals in @s. Return: the first new one, or NULL (ENOMEM). */
static struct sr_interval *grow(struct sr_series *s, size_t n)
{
	struct sr_interval *iv = realloc(s->iv, (s->niv + n + 1) * sizeof(*iv));

	if (!iv)
		return NULL;
	s->iv = iv;
	return &iv[s->niv];
}

/*
 * The latest time a log row of group @g can have, ms on its jobs' clocks: fio's elapsed time of
 * its entries (wall clock from the start of the run, so at least each job's own), else the
 * longest runtime; a few windows of slack. 0 when the JSON says neither.
 */
static uint64_t group_end_ms(const struct sr_test *t, const struct group *g, uint32_t window_ms)
{
	double ms = 0;

	for (size_t i = g->run0; i < g->run0 + g->nruns; i++) {
		const struct sr_run *r = &t->runs[i];

		if (sr_ok(r->elapsed_s) && r->elapsed_s.v * 1000 > ms)
			ms = r->elapsed_s.v * 1000;
		for (int d = 0; d < SR_NDIR; d++)
			if (sr_ok(r->dir[d].runtime_ms) && r->dir[d].runtime_ms.v > ms)
				ms = r->dir[d].runtime_ms.v;
	}
	return ms > 0 && ms < 1e15 ? (uint64_t)ms + 2ull * window_ms + 1000 : 0;
}

/* How long a group ran, seconds: the longest runtime of its entries, else @fallback. */
static double group_runtime_s(const struct sr_test *t, const struct group *g, double fallback)
{
	double ms = 0;

	for (size_t i = g->run0; i < g->run0 + g->nruns; i++)
		for (int d = 0; d < SR_NDIR; d++)
			if (sr_ok(t->runs[i].dir[d].runtime_ms) &&
			    t->runs[i].dir[d].runtime_ms.v > ms)
				ms = t->runs[i].dir[d].runtime_ms.v;
	return ms > 0 ? ms / 1000.0 : fallback;
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
	p->lat_sd_err = nsd ? v_of(sd_err / nsd) : absent;
}

/* Latency percentiles over time: at most about this many windows per group, so that the
 * windows' histograms stay small however long the run (hist_pct.h). */
#define PCT_WINDOWS 256

/*
 * The percentiles' window of group @g, ms: the series' window, at least the histogram logs'
 * period (log_hist_msec), lengthened in whole series windows to keep to PCT_WINDOWS over the
 * group's longest runtime (else its elapsed time).
 */
static uint32_t pct_window_ms(const struct sr_test *t, const struct group *g, uint32_t window_ms)
{
	uint32_t w = window_ms;
	double ms = 0;

	for (size_t i = g->run0; i < g->run0 + g->nruns; i++) {
		const struct sr_run *r = &t->runs[i];

		for (int d = 0; d < SR_NDIR; d++)
			if (sr_ok(r->dir[d].runtime_ms) && r->dir[d].runtime_ms.v > ms)
				ms = r->dir[d].runtime_ms.v;
		if (!(ms > 0) && sr_ok(r->elapsed_s))
			ms = r->elapsed_s.v * 1000;
		if (r->log_hist_ms > w)
			w = r->log_hist_ms;
	}
	if (ms > 0 && ms < 1e12 && ms / w > PCT_WINDOWS)
		w = (uint32_t)ceil(ms / PCT_WINDOWS / window_ms) * window_ms;
	return w;
}

/* The aggregations of one group's logs; a family whose log was malformed is dropped (warned). */
struct group_aggs {
	struct sr_log_agg *val;
	struct sr_hist_agg *hist;
	unsigned jobs_iops, jobs_bw, jobs_lat, jobs_hist; /* jobs per kind of log, 0: none */
	size_t n;					  /* windows */
	bool pct_ok; /* the histogram logs' percentiles per window are usable */
};

/* Append the percentiles' windows of a group's histogram logs to @s, from @off_s. */
static int pct_windows(const struct group_aggs *a, const struct sr_test *t, struct sr_series *s,
		       unsigned round, double off_s)
{
	static const double pcts[SR_PCTW_N] = SR_PCTW_P;
	const struct sr_hist_pct *hp = a->pct_ok ? sr_hist_agg_pct(a->hist) : NULL;
	size_t n = hp ? sr_hist_pct_count(hp) : 0;
	double ns_per = sr_log_lat_unit_for_version(t->fio_version) == SR_LAT_US ? 1000.0 : 1.0;
	double w_s = hp ? sr_hist_pct_window_ms(hp) / 1000.0 : 0;
	struct sr_pct_window *pw;

	if (!n)
		return 0;
	pw = realloc(s->pw, (s->npw + n) * sizeof(*pw));
	if (!pw)
		return -ENOMEM;
	s->pw = pw;
	pw += s->npw;
	for (size_t i = 0; i < n; i++, pw++) {
		*pw = (struct sr_pct_window){
		    .t_s = off_s + (double)(i + 1) * w_s, .width_s = w_s, .round = round};
		for (unsigned d = 0; d < 2; d++) {
			pw->n[d] = sr_hist_pct_get(hp, i, d, pcts, SR_PCTW_N, ns_per, pw->p_ns[d],
						   pw->err_ns[d]);
			/* a percentile from fewer I/Os than it needs is the maximum: none */
			for (int k = 0; k < SR_PCTW_N; k++)
				if ((double)pw->n[d] < 100.0 / (100.0 - pcts[k]) - 1e-9)
					pw->p_ns[d][k] = pw->err_ns[d][k] = NAN;
		}
	}
	s->npw += n;
	return 0;
}

static int add_group_logs(const struct ctx *c, const struct group *g, uint32_t window_ms,
			  struct group_aggs *a)
{
	const struct sr_run *r0 = &c->t->runs[g->run0];
	enum sr_lat_unit unit = sr_log_lat_unit_for_version(c->t->fio_version);
	struct sr_log_opts opts = {.lat_unit = unit, .avg_ms = r0->log_avg_ms};
	bool val_ok = true, hist_ok = true;
	size_t nval = 0, nhist = 0;
	enum sr_log_kind lat = SR_LOG_UNKNOWN;
	int rc;

	rc = sr_log_agg_new(&a->val, window_ms);
	if (!rc)
		rc = sr_hist_agg_new(&a->hist, window_ms);
	if (!rc)
		rc = sr_hist_agg_want_pct(a->hist, pct_window_ms(c->t, g, window_ms));
	if (!rc) { /* a row after the run is a damaged log, not a window to allocate */
		sr_log_agg_set_end(a->val, group_end_ms(c->t, g, window_ms));
		sr_hist_agg_set_end(a->hist, group_end_ms(c->t, g, window_ms));
	}
	for (size_t i = 0; !rc && i < c->nf; i++) {
		const struct log_file *f = &c->f[i];
		char path[4096], err[512] = "";
		bool hist = f->kind == SR_LOG_HIST;

		if (!in_group(c, g, f) || !(hist ? hist_ok : val_ok))
			continue;
		snprintf(path, sizeof(path), "%s/%s", c->dir, f->name);
		if (hist)
			rc = sr_hist_agg_add_file(a->hist, path, unit == SR_LAT_US ? 1000.0 : 1.0,
						  r0->log_hist_ms, err, sizeof(err));
		else
			rc = sr_log_agg_add_file(a->val, path, &opts, err, sizeof(err));
		if (rc && rc != -ENOMEM) {
			sr_warn(c->d, SR_WARN_OPTION, "%s not used: %s",
				hist ? "histogram log" : "log", err);
			*(hist ? &hist_ok : &val_ok) = false;
			rc = 0;
			continue;
		}
		if (!hist && f->kind != SR_LOG_IOPS && f->kind != SR_LOG_BW)
			lat = f->kind;
		*(hist ? &nhist : &nval) += 1;
	}
	if (rc)
		return rc;
	if (val_ok && nval) {
		a->jobs_iops = sr_log_agg_jobs(a->val, SR_LOG_IOPS);
		a->jobs_bw = sr_log_agg_jobs(a->val, SR_LOG_BW);
		a->jobs_lat = sr_log_agg_jobs(a->val, lat);
		a->n = sr_log_agg_count(a->val);
	}
	a->pct_ok = hist_ok && nhist && sr_hist_agg_pct(a->hist);
	if (hist_ok && nhist) {
		a->jobs_hist = sr_hist_agg_jobs(a->hist);
		if (sr_hist_agg_count(a->hist) > a->n)
			a->n = sr_hist_agg_count(a->hist);
	}
	return 0;
}

static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }

/* Interval @i of a group from its value logs: throughput, bytes/s, latency; jobs per source. */
static void from_value_logs(const struct group_aggs *a, size_t i, const struct sr_run *r0,
			    struct sr_interval *p, unsigned *jobs)
{
	struct sr_log_interval li;

	if (!a->jobs_iops && !a->jobs_bw && !a->jobs_lat)
		return;
	if (sr_log_agg_get(a->val, i, &li)) { /* past the value logs' last row: no job ran */
		*jobs = 0;
		return;
	}
	/* a window no job ran through and none logged a rate in (the last, partial second: fio
	 * writes no rate row for it) has an unknown rate, not 0 */
	if (a->jobs_bw) {
		double bw = li.bw_bytes[SR_READ] + li.bw_bytes[SR_WRITE];

		p->bw = !li.bw_jobs && !(bw > 0) ? absent : v_of(bw);
		*jobs = umin(*jobs, li.bw_jobs);
	}
	if (a->jobs_iops) {
		p->iops = !li.iops_jobs && !(li.precond.throughput_iops > 0)
			      ? absent
			      : v_of(li.precond.throughput_iops);
		*jobs = umin(*jobs, li.iops_jobs);
	} else if (a->jobs_bw && !r0->bs_mixed && r0->bs) {
		p->iops = sr_ok(p->bw) ? sr_val(p->bw.v / (double)r0->bs) : p->bw;
	}
	if (a->jobs_lat) {
		/* averaged rows (log_avg_msec) hold each period's mean, or with log_max_value=1 its
		 * maximum: the other, and the I/Os' standard deviation, are not in them */
		const char *mv = sr_run_option(r0, "log_max_value");
		bool maxima = mv && (!strcmp(mv, "1") || !strcmp(mv, "max"));
		bool windowed = r0->log_avg_ms > 0;

		p->lat_mean =
		    windowed && maxima && !li.max_exact ? absent : v_of(li.precond.avg_lat_ns);
		p->lat_max =
		    !windowed || maxima || li.max_exact ? v_of(li.precond.max_lat_ns) : absent;
		p->lat_sd = windowed ? absent : v_of(li.precond.sd_lat_ns);
		*jobs = umin(*jobs, li.lat_jobs);
	}
}

/*
 * Maximum latency and latency stddev per window from the clat histogram logs (fio 3.33 has no
 * log_window_value, so the value logs hold only window means). An interval built from value logs
 * keeps its throughput and mean and takes max and stddev from here; without value logs the
 * histograms give all four (IOPS = I/Os counted in the window / its length). Bucket midpoints:
 * the error bounds are in hist_interval.h.
 */
static void from_hist_logs(const struct group_aggs *a, size_t i, struct sr_interval *p,
			   unsigned *jobs)
{
	struct sr_hist_interval h;
	struct sr_dir_interval rd, wr;
	struct sr_precond pc;

	if (!a->jobs_hist)
		return;
	if (sr_hist_agg_get(a->hist, i, &h)) {
		*jobs = 0;
		return;
	}
	*jobs = umin(*jobs, h.jobs);
	rd = hist_dir(&h, 0);
	wr = hist_dir(&h, 1);
	sr_precond_metrics(&rd, &wr, &pc);
	p->lat_max = v_of(pc.max_lat_ns);
	p->lat_sd = v_of(pc.sd_lat_ns);
	hist_bounds(&h, p);
	if (!a->jobs_iops && !a->jobs_bw) /* no iops or bw log */
		p->iops = v_of(pc.throughput_iops);
	if (!a->jobs_lat) /* no lat/clat log */
		p->lat_mean = v_of(pc.avg_lat_ns);
}

static enum sr_tput_src tput_of(const struct group_aggs *a, const struct sr_run *r0)
{
	if (a->jobs_iops)
		return SR_TPUT_IOPS_LOG;
	if (a->jobs_bw)
		return r0->bs_mixed || !r0->bs ? SR_TPUT_BW_ONLY : SR_TPUT_BW_LOG;
	return a->jobs_hist ? SR_TPUT_HIST_LOG : SR_TPUT_NONE;
}

/* Append group @g's intervals from its logs to @s. *@n: intervals added. Return: 0, -ENOMEM. */
static int group_from_logs(const struct ctx *c, const struct group *g, struct sr_series *s,
			   unsigned round, double off_s, size_t *n)
{
	const struct sr_run *r0 = &c->t->runs[g->run0];
	uint32_t window_ms = r0->log_avg_ms > WINDOW_MS ? r0->log_avg_ms : WINDOW_MS;
	struct group_aggs a = {0};
	struct sr_interval *p;
	unsigned expected;
	int rc;

	*n = 0;
	rc = add_group_logs(c, g, window_ms, &a);
	if (rc || !a.n)
		goto out;
	p = grow(s, a.n);
	if (!p) {
		rc = -ENOMEM;
		goto out;
	}
	/* more jobs in the logs than the JSON says: a group's sections are not all in the JSON */
	expected =
	    umax(umax(g->njobs, umax(a.jobs_iops, a.jobs_bw)), umax(a.jobs_lat, a.jobs_hist));
	for (size_t i = 0; i < a.n; i++, p++) {
		unsigned jobs = expected;

		*p = blank_interval(off_s + (double)(i + 1) * window_ms / 1000.0, round);
		from_value_logs(&a, i, r0, p, &jobs);
		from_hist_logs(&a, i, p, &jobs);
		p->jobs = jobs;
		p->jobs_expected = expected;
	}
	s->niv += a.n;
	*n = a.n;
	if (!s->tput)
		s->tput = tput_of(&a, r0);
	rc = pct_windows(&a, c->t, s, round, off_s);
out:
	sr_log_agg_free(a.val);
	sr_hist_agg_free(a.hist);
	return rc;
}

/*
 * Append group @g's intervals from fio's own steadystate samples: per-second IOPS of the last
 * ss_dur seconds, summed over the group's entries (jobs that ran together). *@n: intervals added.
 */
static int group_from_fio_ss(const struct sr_test *t, const struct group *g, struct sr_series *s,
			     unsigned round, double off_s, size_t *n)
{
	struct sr_interval *p;
	size_t len = 0;

	*n = 0;
	for (size_t r = g->run0; r < g->run0 + g->nruns; r++)
		if (t->runs[r].fio_ss.niops > len)
			len = t->runs[r].fio_ss.niops;
	if (!len)
		return 0;
	p = grow(s, len);
	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < len; i++, p++) {
		unsigned jobs = 0;
		double sum = 0;

		for (size_t r = g->run0; r < g->run0 + g->nruns; r++) {
			const struct sr_fio_ss *ss = &t->runs[r].fio_ss;

			if (i < ss->niops && isfinite(ss->iops[i])) {
				sum += ss->iops[i];
				jobs += run_jobs(&t->runs[r]);
			}
		}
		*p = blank_interval(off_s + (double)(i + 1), round);
		p->jobs = jobs;
		p->jobs_expected = g->njobs;
		p->iops = v_of(sum);
	}
	s->niv += len;
	*n = len;
	if (!s->tput)
		s->tput = SR_TPUT_FIO_SS;
	return 0;
}

/*
 * The workloads (series.h): each group joins the earlier series of its workload when both ran
 * one after another, else starts a series. @of[i] gets group i's series. Return: 0, -ENOMEM.
 */
static int find_workloads(struct ctx *c, size_t *of)
{
	struct sr_test *t = c->t;

	t->series = calloc(c->ng + 1, sizeof(*t->series));
	if (!t->series)
		return -ENOMEM;
	for (size_t i = 0; i < c->ng; i++) {
		const struct group *g = &c->g[i];
		const struct sr_run *r = &t->runs[g->run0];
		struct sr_series *s = NULL;
		size_t *runs;

		for (size_t k = 0; k < i && !s && !g->concurrent; k++)
			if (!c->g[k].concurrent && same_workload(&t->runs[c->g[k].run0], r))
				s = &t->series[of[k]];
		if (!s) {
			s = &t->series[t->nseries++];
			s->name = r->name ? strdup(r->name) : NULL;
			if (r->name && !s->name)
				return -ENOMEM;
		}
		of[i] = (size_t)(s - t->series);
		runs = realloc(s->runs, (s->nruns + g->nruns) * sizeof(*runs));
		if (!runs)
			return -ENOMEM;
		s->runs = runs;
		for (size_t k = 0; k < g->nruns; k++)
			s->runs[s->nruns++] = g->run0 + k;
		s->ngroups++;
	}
	return 0;
}

/* Every workload's intervals, group (round) by group: logs, else fio's steadystate samples. */
static int fill_series(struct ctx *c, const size_t *of)
{
	double *off = calloc(c->t->nseries + 1, sizeof(*off));
	unsigned *round = calloc(c->t->nseries + 1, sizeof(*round));
	int rc = off && round ? 0 : -ENOMEM;

	for (size_t i = 0; i < c->ng && !rc; i++) {
		struct sr_series *s = &c->t->series[of[i]];
		size_t n = 0;
		double last;

		if (c->nf && (c->placed || c->ng == 1)) /* no log: nothing to aggregate */
			rc = group_from_logs(c, &c->g[i], s, round[of[i]], off[of[i]], &n);
		if (!rc && !n)
			rc = group_from_fio_ss(c->t, &c->g[i], s, round[of[i]], off[of[i]], &n);
		/* the next round starts where this one ended: its fio runtime, else its last
		 * interval's end */
		last = n ? s->iv[s->niv - 1].t_s - off[of[i]] : 0;
		off[of[i]] += group_runtime_s(c->t, &c->g[i], last);
		round[of[i]]++;
	}
	free(off);
	free(round);
	return rc;
}

/* A folder of tests' JSON, listed once for all of them: its logs and those of its logs/. */
struct folder {
	const char *dir;
	char sub[2048]; /* dir + "/logs"; paths below add a file name to it */
	struct sr_log_dir here, logs;
};

/* List @f->dir's logs, and its logs/'s when @with_sub. Return: 0 or -ENOMEM. */
static int folder_list(struct folder *f, const char *dir, bool with_sub)
{
	int rc;

	f->dir = dir;
	rec_path_logs(f->sub, sizeof(f->sub), dir);
	rc = sr_log_dir_list(dir, &f->here);
	if (!rc && with_sub)
		rc = sr_log_dir_list(f->sub, &f->logs);
	return rc;
}

static void folder_free(struct folder *f)
{
	sr_log_dir_free(&f->here);
	sr_log_dir_free(&f->logs);
}

/* sr_series_attach() with the test's folder @f listed (NULL: no folder). */
static int attach_in(struct sr_test *t, const struct folder *f, bool single, struct sr_diag *d)
{
	struct ctx c = {.t = t, .d = d};
	size_t *of = NULL;
	int rc;

	rc = find_groups(&c);
	if (rc || !c.ng)
		goto out;
	if (f && t->id) {
		/* driver/ssd-review writes the logs to <drive>/logs/, beside the JSON files */
		bool here = has_logs(&f->here, t->id, single);

		c.dir = here ? f->dir : f->sub;
		rc = find_logs(&c, here ? &f->here : &f->logs, single);
	}
	if (!rc && c.nf && !c.placed && c.ng > 1)
		sr_warn(d, SR_WARN_OPTION,
			"%s: logs not used: %zu fio groups, and the logs' job numbers do not tell "
			"which group each belongs to (per_job_logs=0, client/server, or more logs "
			"than the JSON has jobs)",
			t->id, c.ng);
	of = calloc(c.ng, sizeof(*of));
	if (!rc && !of)
		rc = -ENOMEM;
	if (!rc)
		rc = find_workloads(&c, of);
	if (!rc)
		rc = fill_series(&c, of);
out:
	free(c.f);
	free(c.g);
	free(of);
	return rc;
}

int sr_series_attach(struct sr_test *t, const char *dir, bool single, struct sr_diag *d)
{
	struct folder f = {0};
	int rc = 0;

	if (dir && t->id) {
		rc = folder_list(&f, dir, false);
		if (!rc && !has_logs(&f.here, t->id, single))
			rc = sr_log_dir_list(f.sub, &f.logs);
	}
	if (!rc)
		rc = attach_in(t, dir && t->id ? &f : NULL, single, d);
	folder_free(&f);
	return rc;
}

/* What the threads of sr_series_attach_all() share: the next job to take. */
struct attach_pool {
	struct sr_series_job *jobs;
	size_t n, next;
	pthread_mutex_t lock;
	char **out; /* per job: its warnings, as the caller's stream would get them */
	size_t *outlen;
	unsigned *nwarn;  /* per job: warnings counted */
	unsigned *warned; /* per job: the diagnostics' once-per-file state after it */
	int *rc;	  /* per job */
	FILE *stream;	  /* the caller's: NULL keeps warnings silent (but counted) */
	bool strict;
	const struct folder **in; /* per job: its folder, listed, or NULL */
};

static void attach_one(struct attach_pool *p, size_t i)
{
	struct sr_series_job *j = &p->jobs[i];
	struct sr_diag d = {.strict = p->strict};

	d.stream = p->stream ? open_memstream(&p->out[i], &p->outlen[i]) : NULL;
	if (p->stream && !d.stream) {
		p->rc[i] = -ENOMEM;
		return;
	}
	d.file = j->file;
	d.warned = j->warned;
	p->rc[i] = attach_in(j->t, p->in[i], j->single, &d);
	p->nwarn[i] = d.nwarnings;
	p->warned[i] = d.warned;
	if (d.stream && fclose(d.stream))
		p->rc[i] = -ENOMEM;
}

static void *attach_worker(void *arg)
{
	struct attach_pool *p = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next < p->n ? p->next++ : p->n;
		pthread_mutex_unlock(&p->lock);
		if (i == p->n)
			return NULL;
		attach_one(p, i);
	}
}

/* Order of jobs by folder (qsort_r-free: the jobs' array is the context of one call). */
static int by_dir(const void *a, const void *b)
{
	const struct sr_series_job *x = *(const struct sr_series_job *const *)a;
	const struct sr_series_job *y = *(const struct sr_series_job *const *)b;

	return strcmp(x->dir, y->dir);
}

/*
 * Each distinct folder of @jobs listed once into *@fs (*@nf of them), and @in[i] set to job i's
 * (NULL when it has no folder or no id). Return: 0 or -ENOMEM.
 */
static int list_folders(const struct sr_series_job *jobs, size_t n, const struct folder **in,
			struct folder **fs, size_t *nf)
{
	const struct sr_series_job **o = calloc(n + 1, sizeof(*o));
	size_t m = 0;
	int rc = 0;

	*fs = calloc(n + 1, sizeof(**fs));
	*nf = 0;
	if (!o || !*fs) {
		free(o);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		if (jobs[i].dir && jobs[i].t->id)
			o[m++] = &jobs[i];
	qsort(o, m, sizeof(*o), by_dir);
	for (size_t i = 0; i < m && !rc; i++) {
		if (!*nf || strcmp((*fs)[*nf - 1].dir, o[i]->dir))
			rc = folder_list(&(*fs)[(*nf)++], o[i]->dir, true);
		in[o[i] - jobs] = &(*fs)[*nf - 1];
	}
	free(o);
	return rc;
}

int sr_series_attach_all(struct sr_series_job *jobs, size_t n, unsigned threads, struct sr_diag *d)
{
	struct attach_pool p = {.jobs = jobs, .n = n, .stream = d->stream, .strict = d->strict};
	const struct folder **in = calloc(n + 1, sizeof(*in));
	struct folder *fs = NULL;
	size_t nf = 0;
	pthread_t *tid = NULL;
	unsigned started = 0;
	int rc = in ? list_folders(jobs, n, in, &fs, &nf) : -ENOMEM;

	p.in = in;
	if (rc)
		goto out;
	if (threads <= 1 || n <= 1) { /* in order, in this thread */
		for (size_t i = 0; i < n && !rc; i++) {
			d->file = jobs[i].file;
			d->warned = jobs[i].warned;
			rc = attach_in(jobs[i].t, in[i], jobs[i].single, d);
		}
		goto out;
	}
	if (threads > n)
		threads = (unsigned)n;
	p.out = calloc(n, sizeof(*p.out));
	p.outlen = calloc(n, sizeof(*p.outlen));
	p.nwarn = calloc(n, sizeof(*p.nwarn));
	p.rc = calloc(n, sizeof(*p.rc));
	p.warned = calloc(n, sizeof(*p.warned));
	tid = calloc(threads, sizeof(*tid));
	if (!p.out || !p.outlen || !p.nwarn || !p.rc || !p.warned || !tid ||
	    pthread_mutex_init(&p.lock, NULL)) {
		rc = -ENOMEM;
		goto out;
	}
	for (; started < threads; started++)
		if (pthread_create(&tid[started], NULL, attach_worker, &p))
			break;
	if (!started) /* no thread could start: this one does the work */
		attach_worker(&p);
	for (unsigned i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&p.lock);
	for (size_t i = 0; i < n; i++) { /* the warnings, in the jobs' order */
		if (p.out[i] && d->stream)
			fwrite(p.out[i], 1, p.outlen[i], d->stream);
		d->nwarnings += p.nwarn[i];
		if (p.rc[i] && !rc)
			rc = p.rc[i];
	}
	d->file = jobs[n - 1].file;
	d->warned = p.warned[n - 1];
out:
	for (size_t i = 0; p.out && i < n; i++)
		free(p.out[i]);
	free(p.out);
	free(p.outlen);
	free(p.nwarn);
	free(p.rc);
	free(p.warned);
	free(tid);
	for (size_t i = 0; i < nf; i++)
		folder_free(&fs[i]);
	free(fs);
	free(in);
	return rc;
}
