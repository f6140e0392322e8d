// SPDX-License-Identifier: GPL-2.0-only
/*
 * structure.c - sweeps and comparisons of anyone's fio results (structure.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/structure.h"

#define WHERE (SR_P_BIT(SR_P_TARGET) | SR_P_BIT(SR_P_HOST))

enum sr_param sr_axis_param(enum sr_axis a)
{
	static const enum sr_param p[SR_NAXES] = {SR_P_IODEPTH, SR_P_NUMJOBS, SR_P_BS, SR_P_MIX};
	return p[a];
}

enum sr_param sr_axis_series(enum sr_axis a)
{
	return a == SR_AX_IODEPTH ? SR_P_NUMJOBS : a == SR_AX_BS ? SR_P_RW : SR_NPARAMS;
}

double sr_point_x(const struct sr_point *p, enum sr_axis a)
{
	switch (a) {
	case SR_AX_IODEPTH:
		return p->p.iodepth;
	case SR_AX_NUMJOBS:
		return p->p.numjobs;
	case SR_AX_BS:
		return (double)p->p.bs;
	default:
		return p->p.mix;
	}
}

/* Sorting context: qsort() has none, and the analysis runs on one thread. */
static const struct sr_structure *cur;
static sr_param_mask cur_group, cur_series;
static enum sr_param cur_x;

static int cmp_num(double a, double b) { return (a > b) - (a < b); }

static int by_sweep(const void *a, const void *b)
{
	const struct sr_point *x = &cur->pts[*(const size_t *)a],
			      *y = &cur->pts[*(const size_t *)b];
	int c = sr_params_cmp_job(&x->p, &y->p, cur_group);

	if (!c)
		c = sr_params_cmp(&x->p, &y->p, cur_series);
	if (!c)
		c = cmp_num((double)x->source, (double)y->source);
	if (!c)
		c = sr_params_cmp(&x->p, &y->p, SR_P_BIT(cur_x));
	return c ? c : cmp_num((double)*(const size_t *)a, (double)*(const size_t *)b);
}

static int add_sweep(struct sr_structure *s, enum sr_axis a, const size_t *v, size_t n, size_t nx)
{
	struct sr_sweep *g = realloc(s->sweeps, (s->nsweeps + 1) * sizeof(*g));

	if (!g)
		return -ENOMEM;
	s->sweeps = g;
	g = &s->sweeps[s->nsweeps];
	if (!(g->pts = malloc(n * sizeof(*v))))
		return -ENOMEM;
	memcpy(g->pts, v, n * sizeof(*v));
	g->n = n;
	g->nx = nx;
	g->axis = a;
	g->series = cur_series;
	s->nsweeps++;
	return 0;
}

/* Does some series of @v[0..n) (sorted by series and source, then x) hold two x values? Two
 * parameters that change together (iodepth 1 with numjobs 1, iodepth 16 with numjobs 16) are no
 * sweep of either. */
static bool swept(const struct sr_structure *s, const size_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		const struct sr_point *a = &s->pts[v[i - 1]], *b = &s->pts[v[i]];

		if (a->source == b->source && !sr_params_cmp(&a->p, &b->p, cur_series) &&
		    sr_params_cmp(&a->p, &b->p, SR_P_BIT(cur_x)))
			return true;
	}
	return false;
}

/* Distinct x values among @v[0..n) (sorted by series, then x: counted over all of them). */
static size_t distinct_x(const struct sr_structure *s, const size_t *v, size_t n, enum sr_axis a)
{
	size_t k = 0;
	double *xs = malloc((n + 1) * sizeof(*xs));

	if (!xs)
		return 0;
	for (size_t i = 0; i < n; i++) {
		double x = sr_point_x(&s->pts[v[i]], a);
		size_t j = 0;

		while (j < k && xs[j] != x)
			j++;
		if (j == k)
			xs[k++] = x;
	}
	free(xs);
	return k;
}

/* Does sweep @g draw one line: one source, one value of its series' parameters? */
static bool one_series(const struct sr_structure *s, const struct sr_sweep *g)
{
	for (size_t i = 1; i < g->n; i++) {
		const struct sr_point *a = &s->pts[g->pts[0]], *b = &s->pts[g->pts[i]];

		if (a->source != b->source || sr_params_cmp(&a->p, &b->p, g->series))
			return false;
	}
	return g->n > 0;
}

#define SERIES_MAX 10 /* the lines a merged sweep draws at most: the palette's colours */

/* The one parameter, of all but the swept one and where the job ran, in which sweeps @g and @h
 * (one series each, on one source) differ; SR_NPARAMS when they cannot be one sweep. */
static enum sr_param differ_in(const struct sr_structure *s, const struct sr_sweep *g,
			       const struct sr_sweep *h)
{
	const struct sr_point *a = &s->pts[g->pts[0]], *b = &s->pts[h->pts[0]];
	sr_param_mask m = SR_P_ALL & ~WHERE & ~SR_P_BIT(cur_x);

	if (!h->n || h->series != g->series || a->source != b->source || !one_series(s, h))
		return SR_NPARAMS;
	for (int q = 0; q < SR_NPARAMS; q++)
		if ((m & SR_P_BIT(q)) && sr_params_cmp(&a->p, &b->p, SR_P_BIT(q)))
			return sr_params_cmp_job(&a->p, &b->p, m & ~SR_P_BIT(q)) ? SR_NPARAMS
										 : (enum sr_param)q;
	return SR_NPARAMS;
}

/* The sweeps [@from, nsweeps) of one series each that differ in one parameter alone made one
 * sweep, a series per value of that parameter (ordered by it: the sweeps are); the emptied ones
 * dropped. */
static int merge(struct sr_structure *s, size_t from)
{
	size_t k = from;

	for (size_t i = from; i < s->nsweeps; i++) {
		struct sr_sweep *g = &s->sweeps[i];
		enum sr_param by = SR_NPARAMS;
		size_t lines = 1, n = g->n, *pts;
		bool *take = NULL;

		if (!one_series(s, g))
			continue;
		for (size_t j = i + 1; j < s->nsweeps && lines < SERIES_MAX; j++) {
			enum sr_param q = differ_in(s, g, &s->sweeps[j]);

			if (q == SR_NPARAMS || (by != SR_NPARAMS && q != by))
				continue;
			if (!take && !(take = calloc(s->nsweeps, sizeof(*take))))
				return -ENOMEM;
			take[j] = true;
			by = q;
			lines++;
			n += s->sweeps[j].n;
		}
		if (by == SR_NPARAMS)
			continue;
		if (!(pts = realloc(g->pts, n * sizeof(*pts)))) {
			free(take);
			return -ENOMEM;
		}
		g->pts = pts;
		for (size_t j = i + 1; j < s->nsweeps; j++) {
			struct sr_sweep *h = &s->sweeps[j];

			if (!take[j])
				continue;
			memcpy(g->pts + g->n, h->pts, h->n * sizeof(*pts));
			g->n += h->n;
			free(h->pts);
			h->pts = NULL;
			h->n = 0;
		}
		free(take);
		g->series = SR_P_BIT(by);
		g->nx = distinct_x(s, g->pts, g->n, g->axis);
	}
	for (size_t i = from; i < s->nsweeps; i++)
		if (s->sweeps[i].n)
			s->sweeps[k++] = s->sweeps[i];
	s->nsweeps = k;
	return 0;
}

#define NO_SWEEP ((size_t)-1)

static int sweeps(struct sr_structure *s, enum sr_axis a, size_t *sweep_of, const bool *in_round,
		  size_t *idx)
{
	size_t n = 0, from = s->nsweeps;
	int rc = 0;

	for (size_t i = 0; i < s->npts; i++)
		if ((a != SR_AX_MIX || s->pts[i].p.mixed) && !in_round[i])
			idx[n++] = i;
	cur = s;
	cur_x = sr_axis_param(a);
	cur_series = sr_axis_series(a) == SR_NPARAMS ? 0 : SR_P_BIT(sr_axis_series(a));
	if (a == SR_AX_BS)
		cur_series |= SR_P_BIT(SR_P_MIX);
	cur_group = SR_P_ALL & ~WHERE & ~cur_series & ~SR_P_BIT(cur_x);
	qsort(idx, n, sizeof(*idx), by_sweep);
	for (size_t i = 0, j; i < n && !rc; i = j) {
		size_t nx, fresh = 0;

		for (j = i + 1;
		     j < n && !sr_params_cmp_job(&s->pts[idx[i]].p, &s->pts[idx[j]].p, cur_group);
		     j++)
			;
		nx = distinct_x(s, idx + i, j - i, a);
		for (size_t k = i; k < j; k++)
			fresh += sweep_of[idx[k]] == NO_SWEEP;
		/* past the first axis, only a sweep that draws a job no sweep drew yet: numjobs
		 * where no iodepth sweep had these points as its series, bs where no sweep against
		 * iodepth had them as its lines (the transpose of a grid of bs by iodepth) */
		if (nx < 2 || !swept(s, idx + i, j - i) || (a != SR_AX_IODEPTH && !fresh))
			continue;
		rc = add_sweep(s, a, idx + i, j - i, nx);
	}
	if (!rc)
		rc = merge(s, from);
	for (size_t w = from; !rc && w < s->nsweeps; w++)
		for (size_t k = 0; k < s->sweeps[w].n; k++)
			sweep_of[s->sweeps[w].pts[k]] = w;
	return rc;
}

static int by_job(const void *a, const void *b)
{
	const struct sr_point *x = &cur->pts[*(const size_t *)a],
			      *y = &cur->pts[*(const size_t *)b];
	int c = sr_params_cmp_job(&x->p, &y->p, SR_P_ALL & ~WHERE);

	if (!c)
		c = cmp_num((double)x->source, (double)y->source);
	return c ? c : cmp_num((double)*(const size_t *)a, (double)*(const size_t *)b);
}

static int comparisons(struct sr_structure *s, const bool *in_round, size_t *idx)
{
	size_t n = 0;

	for (size_t i = 0; i < s->npts; i++)
		if (!in_round[i])
			idx[n++] = i;
	cur = s;
	qsort(idx, n, sizeof(*idx), by_job);
	for (size_t i = 0, j; i < n; i = j) {
		size_t nsrc = 0;
		struct sr_cmp *g;

		for (j = i + 1; j < n && !sr_params_cmp_job(&s->pts[idx[i]].p, &s->pts[idx[j]].p,
							    SR_P_ALL & ~WHERE);
		     j++)
			;
		for (size_t k = i; k < j; k++)
			nsrc += k == i || s->pts[idx[k]].source != s->pts[idx[k - 1]].source;
		if (nsrc < 2)
			continue;
		g = realloc(s->cmps, (s->ncmps + 1) * sizeof(*g));
		if (!g)
			return -ENOMEM;
		s->cmps = g;
		g = &s->cmps[s->ncmps];
		if (!(g->pts = malloc(nsrc * sizeof(size_t))))
			return -ENOMEM;
		g->n = 0;
		for (size_t k = i; k < j; k++)
			if (k == i || s->pts[idx[k]].source != s->pts[idx[k - 1]].source)
				g->pts[g->n++] = idx[k];
		s->ncmps++;
	}
	return 0;
}

static int by_source_job(const void *a, const void *b)
{
	const struct sr_point *x = &cur->pts[*(const size_t *)a],
			      *y = &cur->pts[*(const size_t *)b];
	int c = cmp_num((double)x->source, (double)y->source);

	if (!c)
		c = sr_params_cmp_job(&x->p, &y->p, SR_P_ALL);
	return c ? c : cmp_num((double)*(const size_t *)a, (double)*(const size_t *)b);
}

/* The points whose job ran on their source in another document too. */
static void repeats(struct sr_structure *s, size_t *idx)
{
	for (size_t i = 0; i < s->npts; i++)
		idx[i] = i;
	cur = s;
	qsort(idx, s->npts, sizeof(*idx), by_source_job);
	for (size_t i = 1; i < s->npts; i++) {
		const struct sr_point *a = &s->pts[idx[i - 1]], *b = &s->pts[idx[i]];

		if (a->source == b->source && !sr_params_cmp_job(&a->p, &b->p, SR_P_ALL))
			s->repeat[idx[i - 1]] = s->repeat[idx[i]] = true;
	}
}

static size_t source_of(struct sr_structure *s, size_t drive, const struct sr_params *p)
{
	for (size_t i = 0; i < s->nsources; i++)
		if (s->sources[i].drive == drive && !strcmp(s->sources[i].target, p->target) &&
		    !strcmp(s->sources[i].host, p->host))
			return i;
	s->sources[s->nsources] =
	    (struct sr_source){.drive = drive, .target = p->target, .host = p->host};
	return s->nsources++;
}

/* Labels: the drive's, then the device and host where the sources differ in them. */
static void label_sources(struct sr_structure *s, const struct sr_model *m)
{
	bool targets = false, hosts = false, drives = false;

	for (size_t i = 1; i < s->nsources; i++) {
		targets |= strcmp(s->sources[i].target, s->sources[0].target) != 0;
		hosts |= strcmp(s->sources[i].host, s->sources[0].host) != 0;
		drives |= s->sources[i].drive != s->sources[0].drive;
	}
	for (size_t i = 0; i < s->nsources; i++) {
		struct sr_source *x = &s->sources[i];
		const char *lab = m->drives[x->drive].label;

		if (!targets && !hosts)
			snprintf(x->label, sizeof(x->label), "%s", lab);
		else
			snprintf(x->label, sizeof(x->label), "%s%s%s%s%s", drives ? lab : "",
				 drives && targets ? " " : "", targets ? x->target : "",
				 hosts && (drives || targets) ? " on " : "", hosts ? x->host : "");
	}
}

/* Did a job of result @res's group run to fio's steady state? */
static bool ran_to_steady(const struct sr_result *res)
{
	const struct sr_test *t = res->test;

	for (size_t i = 0; t && i < t->nruns; i++)
		if (t->runs[i].groupid == res->groupid &&
		    (t->runs[i].fio_ss.present || sr_run_option(&t->runs[i], "ss")))
			return true;
	return false;
}

int sr_structure_group(struct sr_structure *s)
{
	size_t *idx = calloc(s->npts + 1, sizeof(*idx)),
	       *sweep_of = calloc(s->npts + 1, sizeof(*idx));
	int rc = idx && sweep_of ? 0 : -ENOMEM;

	for (size_t i = 0; !rc && i < s->npts; i++)
		sweep_of[i] = NO_SWEEP;
	for (int a = 0; a < SR_NAXES && !rc; a++)
		rc = sweeps(s, (enum sr_axis)a, sweep_of, s->repeat, idx);
	if (!rc)
		rc = comparisons(s, s->repeat, idx);
	free(idx);
	free(sweep_of);
	return rc;
}

int sr_structure_build(const struct sr_review *rv, struct sr_structure *s)
{
	const struct sr_model *m = rv->m;
	size_t n = 0, *idx = NULL;
	int rc = -ENOMEM;

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < rv->ntests; i++)
		for (size_t dv = 0; !rv->tests[i].entry && dv < m->ndrives; dv++)
			n += rv->tests[i].per_drive[dv] != NULL;
	s->pts = calloc(n + 1, sizeof(*s->pts));
	s->sources = calloc(n + 1, sizeof(*s->sources));
	s->placed = calloc(rv->ntests + 1, sizeof(*s->placed));
	s->steady = calloc(rv->ntests + 1, sizeof(*s->steady));
	idx = calloc(n + 1, sizeof(*idx));
	s->repeat = calloc(n + 1, sizeof(*s->repeat));
	if (!s->pts || !s->sources || !s->placed || !s->steady || !idx || !s->repeat)
		goto out;
	for (size_t i = 0; i < rv->ntests; i++)
		for (size_t dv = 0; !rv->tests[i].entry && dv < m->ndrives; dv++) {
			const struct sr_result *res = rv->tests[i].per_drive[dv];
			struct sr_point *p = &s->pts[s->npts];

			if (!res || !res->first)
				continue;
			p->t = &rv->tests[i];
			p->drive = dv;
			sr_params_of(res->first, &p->p);
			p->p.numjobs = res->threads ? res->threads : p->p.numjobs;
			p->source = source_of(s, dv, &p->p);
			s->npts++;
			if (!s->steady[i] && ran_to_steady(res)) {
				s->steady[i] = s->placed[i] = true;
				s->nsteady++;
			}
		}
	label_sources(s, m);
	repeats(s, idx);
	rc = sr_structure_group(s);
	for (size_t i = 0; !rc && i < s->npts; i++)
		if (s->repeat[i])
			s->placed[s->pts[i].t - rv->tests] = true;
	for (size_t w = 0; !rc && w < s->nsweeps; w++)
		for (size_t k = 0; k < s->sweeps[w].n; k++)
			s->placed[s->pts[s->sweeps[w].pts[k]].t - rv->tests] = true;
	for (size_t c = 0; !rc && c < s->ncmps; c++)
		for (size_t k = 0; k < s->cmps[c].n; k++)
			s->placed[s->pts[s->cmps[c].pts[k]].t - rv->tests] = true;
out:
	free(idx);
	return rc;
}

void sr_structure_free(struct sr_structure *s)
{
	for (size_t i = 0; i < s->nsweeps; i++)
		free(s->sweeps[i].pts);
	for (size_t i = 0; i < s->ncmps; i++)
		free(s->cmps[i].pts);
	free(s->repeat);
	free(s->sweeps);
	free(s->cmps);
	free(s->pts);
	free(s->sources);
	free(s->placed);
	free(s->steady);
	memset(s, 0, sizeof(*s));
}
