// SPDX-License-Identifier: GPL-2.0-only
/* results.c - per-group figures from the runs of a test (see results.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/results.h"
#include "analyse/interrupted.h"
#include "analyse/stats.h"

const double sr_qos_pcts[SR_NQOS] = {99.0, 99.9, 99.99, 99.999};

static struct sr_value absent(void) { return (struct sr_value){0, SR_ABSENT}; }

/* Completed I/Os of a direction: fio's clat N (fio >= 3), else total_ios; absent when neither. */
static struct sr_value ios_of(const struct sr_dir *s)
{
	return sr_ok(s->clat.n) ? s->clat.n : s->total_ios;
}

static void from_one(const struct sr_dir *s, struct sr_dir_fig *f)
{
	f->ios = ios_of(s);
	f->iops = s->iops;
	f->bw = s->bw;
	f->mean = s->clat.mean;
	f->max = s->clat.max;
	f->sd = s->clat.stddev;
	for (int q = 0; q < SR_NQOS; q++)
		f->qos[q] = sr_lat_pct(&s->clat, sr_qos_pcts[q]);
	f->dist = &s->clat;
}

static double io_count(const struct sr_dir *s)
{
	if (sr_ok(s->clat.n))
		return s->clat.n.v;
	if (sr_ok(s->total_ios))
		return s->total_ios.v;
	return sr_ok(s->iops) ? s->iops.v : 0;
}

/* Percentile from the merged json+ bins of every run, when all of them have bins. */
static struct sr_value bins_pct(const struct sr_dir *const *dirs, size_t n, double pct)
{
	struct sr_stats_bin *bins;
	size_t nb = 0, k = 0;
	uint64_t v;
	int rc;

	for (size_t i = 0; i < n; i++) {
		if (!dirs[i]->clat.nbins)
			return absent();
		nb += dirs[i]->clat.nbins;
	}
	bins = calloc(nb + 1, sizeof(*bins));
	if (!bins)
		return absent();
	for (size_t i = 0; i < n; i++)
		for (size_t b = 0; b < dirs[i]->clat.nbins; b++)
			bins[k++] = (struct sr_stats_bin){dirs[i]->clat.bins[b].ns,
							  dirs[i]->clat.bins[b].count};
	sr_bins_sort(bins, k);
	nb = 0; /* the runs share fio's bin values: one bin per value, counts added */
	for (size_t i = 0; i < k; i++) {
		if (nb && bins[nb - 1].value == bins[i].value)
			bins[nb - 1].count += bins[i].count;
		else
			bins[nb++] = bins[i];
	}
	rc = sr_bins_percentile(bins, nb, pct, &v);
	free(bins);
	return rc ? absent() : sr_val((double)v);
}

static void from_many(const struct sr_dir *const *dirs, size_t n, struct sr_dir_fig *f)
{
	double *means = calloc(n + 1, sizeof(double)), *w = calloc(n + 1, sizeof(double));
	struct sr_nms *g = calloc(n + 1, sizeof(*g));
	struct sr_nms all;
	bool ok_iops = true, ok_bw = true, ok_lat = true, ok_ios = true;
	double iops = 0, bw = 0, max = 0, ios = 0;

	if (!means || !w || !g)
		goto out;
	for (size_t i = 0; i < n; i++) {
		const struct sr_dir *s = dirs[i];

		ok_iops &= sr_ok(s->iops);
		ok_bw &= sr_ok(s->bw);
		ok_ios &= sr_ok(ios_of(s));
		ios += ios_of(s).v;
		ok_lat &= sr_ok(s->clat.mean) && sr_ok(s->clat.stddev) && sr_ok(s->clat.max);
		iops += s->iops.v;
		bw += s->bw.v;
		if (s->clat.max.v > max)
			max = s->clat.max.v;
		means[i] = s->clat.mean.v;
		w[i] = io_count(s);
		g[i] = (struct sr_nms){(uint64_t)w[i], s->clat.mean.v, s->clat.stddev.v};
	}
	f->iops = ok_iops ? sr_val(iops) : absent();
	f->bw = ok_bw ? sr_val(bw) : absent();
	f->ios = ok_ios ? sr_val(ios) : absent();
	if (ok_lat) {
		double m = sr_weighted_mean(means, w, n);
		f->mean = isfinite(m) ? sr_val(m) : absent();
		f->max = sr_val(max);
		f->sd = sr_nms_combine(g, n, &all) == 0 && all.n ? sr_val(all.sd) : absent();
	}
	for (int q = 0; q < SR_NQOS; q++)
		f->qos[q] = bins_pct(dirs, n, sr_qos_pcts[q]);
out:
	free(means);
	free(w);
	free(g);
}

static bool did_io(const struct sr_dir *s)
{
	/* bytes/s or latency alone: a published sequential or QoS figure (reference.h) */
	return s->present &&
	       ((sr_ok(s->iops) && s->iops.v > 0) || (sr_ok(s->total_ios) && s->total_ios.v > 0) ||
		(sr_ok(s->bw) && s->bw.v > 0) || (sr_ok(s->clat.mean) && s->clat.mean.v > 0));
}

/* Which runs a result covers: one fio group, every group, or one host's runs. */
struct sel {
	bool all_groups;
	int gid;
	const char *host; /* NULL: any host */
	int port;
};

static bool same_host(const struct sr_run *r, const char *host, int port)
{
	return r->host && !strcmp(r->host, host) && r->port == port;
}

static bool selected(const struct sr_run *r, const struct sel *s)
{
	if (!s->all_groups && r->groupid != s->gid)
		return false;
	if (s->host)
		return !r->all_clients && same_host(r, s->host, s->port);
	return true;
}

static void figures(const struct sr_test *t, const struct sel *s, struct sr_result *r)
{
	const struct sr_run *all = NULL;
	size_t n = 0;

	for (size_t i = 0; i < t->nruns && !s->host; i++)
		if (selected(&t->runs[i], s) && t->runs[i].all_clients)
			all = &t->runs[i];
	for (int d = 0; d < 2; d++) {
		const struct sr_dir **dirs = calloc(t->nruns + 1, sizeof(*dirs));
		struct sr_dir_fig *f = &r->dir[d];

		if (!dirs)
			return;
		n = 0;
		for (size_t i = 0; i < t->nruns; i++) {
			const struct sr_run *run = &t->runs[i];
			if (!selected(run, s) || (all && run != all))
				continue;
			if (did_io(&run->dir[d]))
				dirs[n++] = &run->dir[d];
		}
		f->present = n > 0;
		if (n == 1)
			from_one(dirs[0], f);
		else if (n > 1)
			from_many(dirs, n, f);
		free(dirs);
	}
	r->threads = 0;
	r->error = 0;
	r->interrupted = false;
	for (size_t i = 0; i < t->nruns; i++) {
		if (!selected(&t->runs[i], s))
			continue;
		if (!r->error)
			r->error = t->runs[i].error;
		r->interrupted |= sr_run_interrupted(t, &t->runs[i], NULL, 0);
		if (!t->runs[i].all_clients)
			r->threads += t->runs[i].group_reporting ? t->runs[i].numjobs : 1;
	}
	if (!r->threads)
		r->threads = r->first->numjobs;
}

/* Every group after the first began with new_group and without stonewall: they ran at once. */
static bool concurrent_groups(const struct sr_test *t)
{
	size_t ngroups = 0;

	for (size_t i = 0; i < t->nruns; i++) {
		if (t->runs[i].all_clients)
			continue;
		if (i == 0 || t->runs[i].groupid != t->runs[i - 1].groupid) {
			ngroups++;
			if (i > 0 && (!t->runs[i].new_group || t->runs[i].stonewall))
				return false;
		}
	}
	return ngroups > 1;
}

/* Hosts of client/server output in file order: index of each run's first host entry. */
static size_t host_firsts(const struct sr_test *t, size_t *first)
{
	size_t k = 0;

	for (size_t i = 0; i < t->nruns; i++) {
		const struct sr_run *r = &t->runs[i];
		bool seen = false;

		if (!r->host || r->all_clients)
			continue;
		for (size_t j = 0; j < k && !seen; j++)
			seen = same_host(&t->runs[first[j]], r->host, r->port);
		if (!seen)
			first[k++] = i;
	}
	return k;
}

static int member_name(struct sr_result *m, const struct sr_run *r, bool host)
{
	int rc;

	if (!host)
		return (m->member = strdup(r->name ? r->name : "job")) ? 0 : -ENOMEM;
	if (r->port)
		rc = asprintf(&m->member, "%s:%d", r->host, r->port);
	else
		rc = asprintf(&m->member, "%s", r->host);
	return rc < 0 ? -ENOMEM : 0;
}

/* The members of @whole: one per group (drive group) or per host (client/server). */
static int add_members(const struct sr_test *t, struct sr_result *whole, bool by_host)
{
	size_t *first = calloc(t->nruns + 1, sizeof(size_t)), k = 0;
	int rc = 0;

	if (!first)
		return -ENOMEM;
	if (by_host) {
		k = host_firsts(t, first);
	} else {
		for (size_t i = 0; i < t->nruns; i++)
			if (!t->runs[i].all_clients &&
			    (i == 0 || t->runs[i].groupid != t->runs[i - 1].groupid))
				first[k++] = i;
	}
	whole->members = calloc(k + 1, sizeof(*whole->members));
	if (!whole->members) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t j = 0; j < k && !rc; j++) {
		const struct sr_run *r = &t->runs[first[j]];
		struct sr_result *m = &whole->members[j];
		struct sel s = {.gid = r->groupid};

		if (by_host)
			s = (struct sel){.all_groups = true, .host = r->host, .port = r->port};
		*m = (struct sr_result){
		    .test = t, .first = r, .groupid = r->groupid, .qd = r->iodepth};
		rc = member_name(m, r, by_host);
		figures(t, &s, m);
		whole->nmembers++;
	}
out:
	free(first);
	return rc;
}

void sr_result_release(struct sr_result *r)
{
	for (size_t i = 0; i < r->nmembers; i++)
		free(r->members[i].member);
	free(r->members);
	free(r->member);
	r->members = NULL;
	r->member = NULL;
	r->nmembers = 0;
}

void sr_results_free(struct sr_result *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		sr_result_release(&v[i]);
	free(v);
}

int sr_results_of_test(const struct sr_test *t, struct sr_result **out, size_t *n)
{
	struct sr_result *v = calloc(t->nruns + 1, sizeof(*v));
	size_t *hosts = calloc(t->nruns + 1, sizeof(size_t));
	size_t k = 0;
	int rc = 0;

	if (!v || !hosts) {
		free(v);
		free(hosts);
		return -ENOMEM;
	}
	if (t->nruns && (concurrent_groups(t) || host_firsts(t, hosts) > 1)) {
		struct sel all = {.all_groups = true};
		bool by_host = !concurrent_groups(t);

		v[0] = (struct sr_result){.test = t,
					  .first = &t->runs[0],
					  .groupid = t->runs[0].groupid,
					  .qd = t->runs[0].iodepth};
		figures(t, &all, &v[0]);
		k = 1;
		rc = add_members(t, &v[0], by_host);
		goto out;
	}
	for (size_t i = 0; i < t->nruns; i++) {
		bool seen = false;
		for (size_t j = 0; j < k; j++)
			seen |= v[j].groupid == t->runs[i].groupid;
		if (seen)
			continue;
		v[k] = (struct sr_result){.test = t,
					  .first = &t->runs[i],
					  .groupid = t->runs[i].groupid,
					  .qd = t->runs[i].iodepth};
		figures(t, &(struct sel){.gid = v[k].groupid}, &v[k]);
		k++;
	}
	for (size_t j = 0; j < k; j++)
		v[j].several_groups = k > 1;
out:
	free(hosts);
	if (rc) {
		sr_results_free(v, k);
		return rc;
	}
	*out = v;
	*n = k;
	return 0;
}
