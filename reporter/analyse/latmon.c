// SPDX-License-Identifier: GPL-2.0-only
/* latmon.c - the OCP latency monitor's buckets beside fio's completion latencies (latmon.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/figures.h"
#include "analyse/latmon.h"

/* fio's histogram: 64 buckets per power of two above 2^7 units (FIO_IO_U_PLAT_BITS 6), one per
 * unit below; its last bucket's key is the ceiling of figures.h (fio 3.x in ns, 2.x in us). */
#define PLAT_BITS 6

void sr_fio_bin_range(double v_ns, double unit_ns, double *lo, double *hi)
{
	double k = floor(v_ns / unit_ns + 0.5),
	       last = unit_ns > 1 ? SR_FIO2_HIST_CEILING_NS / 1000 : SR_FIO_HIST_CEILING_NS;
	double v = k > 0 ? fmin(k, 0x1p62) : 0, w;
	int msb;

	if (v < (double)(2u << PLAT_BITS)) { /* exact below 128 units */
		*lo = v * unit_ns;
		*hi = (v + 1) * unit_ns;
		return;
	}
	msb = 63 - __builtin_clzll((unsigned long long)v); /* the key lies in [2^msb, 2^(msb+1)) */
	w = ldexp(1.0, msb - PLAT_BITS);
	*lo = (v - w / 2) * unit_ns;
	*hi = v >= last ? INFINITY : (v + w / 2) * unit_ns;
}

double sr_fio_unit_ns(const struct sr_test *t)
{
	return t->fio_version && !strncmp(t->fio_version, "fio-2.", 6) ? 1000 : 1;
}

/* The ranges of enum sr_lm_range from the thresholds. */
static void ranges(const double e[SR_LM_BUCKETS], double lo[SR_LM_NRANGES],
		   double hi[SR_LM_NRANGES])
{
	lo[SR_LM_BELOW] = 0;
	hi[SR_LM_BELOW] = e[0];
	for (int b = 0; b < SR_LM_BUCKETS; b++) {
		lo[SR_LM_B0 + b] = e[b];
		hi[SR_LM_B0 + b] = b + 1 < SR_LM_BUCKETS ? e[b + 1] : INFINITY;
	}
	lo[SR_LM_ABOVE_A] = e[0];
	hi[SR_LM_ABOVE_A] = INFINITY;
}

/* One run's bins into @d: a bin inside a range counts to both bounds, one across an edge to
 * the upper bound only. */
static void add_bins(const struct sr_lat *l, double unit, const double *rlo, const double *rhi,
		     struct sr_lm_dir *d)
{
	for (size_t i = 0; i < l->nbins; i++) {
		double blo, bhi;
		uint64_t c = l->bins[i].count;

		sr_fio_bin_range((double)l->bins[i].ns, unit, &blo, &bhi);
		d->fio_ios += c;
		for (int r = 0; r < SR_LM_NRANGES; r++) {
			if (blo >= rlo[r] && bhi <= rhi[r]) {
				d->lo[r] += c;
				d->hi[r] += c;
			} else if (blo < rhi[r] && bhi > rlo[r]) {
				d->hi[r] += c;
			}
		}
	}
}

/* Bounds on the I/Os at or above @t (ns) of a run of @n I/Os from its percentiles, minimum
 * and maximum (latmon.h). */
static void above(const struct sr_lat *l, uint64_t n, double unit, double t, uint64_t *gmin,
		  uint64_t *gmax)
{
	*gmin = 0;
	*gmax = n;
	if (t <= 0) { /* every I/O */
		*gmin = n;
		return;
	}
	if (isinf(t)) {
		*gmax = 0;
		return;
	}
	if (sr_ok(l->max)) {
		if (l->max.v < t)
			*gmax = 0;
		else if (*gmin < 1)
			*gmin = 1;
	}
	if (sr_ok(l->min) && l->min.v >= t)
		*gmin = n;
	for (size_t j = 0; j < l->npct; j++) {
		double blo, bhi, x = (double)n * (100 - l->pct[j].pct) / 100;

		if (l->pct[j].pct <= 0 || l->pct[j].pct > 100)
			continue;
		sr_fio_bin_range(l->pct[j].ns, unit, &blo, &bhi);
		/* at least p % at or below the percentile's bucket: at most x at or above its end
		 */
		if (t >= bhi) {
			double f = floor(x + 1e-6);
			uint64_t m = f > 0 ? (uint64_t)f : 0;

			if (m < *gmax)
				*gmax = m;
		}
		/* fewer than p % below the bucket: more than x at or above its start */
		if (t <= blo) {
			double f = floor(x - 1e-6) + 1;
			uint64_t m = f > 0 ? (uint64_t)f : 0;

			if (m > *gmin)
				*gmin = m;
		}
	}
	if (*gmin > *gmax) /* percentiles that contradict the maximum: trust neither */
		*gmin = 0;
	if (*gmax > n)
		*gmax = n;
}

static void add_pct(const struct sr_lat *l, uint64_t n, double unit, const double *rlo,
		    const double *rhi, struct sr_lm_dir *d)
{
	d->fio_ios += n;
	for (int r = 0; r < SR_LM_NRANGES; r++) {
		uint64_t a0, a1, b0, b1; /* at or above the range's start, its end */

		above(l, n, unit, rlo[r], &a0, &a1);
		above(l, n, unit, rhi[r], &b0, &b1);
		d->lo[r] += a0 > b1 ? a0 - b1 : 0;
		d->hi[r] += a1 > b0 ? a1 - b0 : 0;
	}
}

/* The I/Os a direction of a run completed, or 0 when not known. */
static uint64_t ios_of(const struct sr_dir *x)
{
	if (sr_ok(x->clat.n) && x->clat.n.v >= 0)
		return (uint64_t)x->clat.n.v;
	if (sr_ok(x->total_ios) && x->total_ios.v >= 0)
		return (uint64_t)x->total_ios.v;
	return 0;
}

/* A direction of one run into @d. */
static void add_dir(const struct sr_dir *x, double unit, const double *rlo, const double *rhi,
		    struct sr_lm_dir *d)
{
	uint64_t n = ios_of(x);

	if (!x->present || (!x->clat.nbins && !n)) { /* no I/O: nothing in any range */
		if (d->src == SR_LM_FIO_NONE)
			d->src = SR_LM_FIO_BINS;
		return;
	}
	if (x->clat.nbins) {
		add_bins(&x->clat, unit, rlo, rhi, d);
		if (d->src == SR_LM_FIO_NONE)
			d->src = SR_LM_FIO_BINS;
		return;
	}
	add_pct(&x->clat, n, unit, rlo, rhi, d);
	d->src = SR_LM_FIO_PCT;
}

/* Whether @run is fio's side of @tel: any run of a lone drive's test, a member's own jobs. */
static bool run_of(const struct sr_run *run, const struct sr_tel_test *tel)
{
	if (run->all_clients)
		return false;
	return !tel->member || (run->name && !strcmp(run->name, tel->member));
}

static void drive_side(const struct sr_tel_test *tel, struct sr_lm_dir dir[2])
{
	for (int k = 0; k < 2; k++) {
		const long long *c = k ? tel->latmon_writes : tel->latmon_reads;
		long long sum = 0;

		for (int r = 0; r < SR_LM_NRANGES; r++)
			dir[k].drive[r] = -1;
		for (int b = 0; b < SR_LM_BUCKETS; b++) {
			dir[k].drive[SR_LM_B0 + b] = c[b];
			if (c[b] < 0)
				sum = -1;
			else if (sum >= 0 && sum != SR_LM_SATURATED)
				sum = c[b] >= SR_LM_SATURATED ? SR_LM_SATURATED : sum + c[b];
		}
		dir[k].drive[SR_LM_ABOVE_A] = sum;
	}
}

static enum sr_lm_agree agree(const struct sr_lm_dir *d)
{
	long long n = d->drive[SR_LM_ABOVE_A];

	if (n < 0 || d->src == SR_LM_FIO_NONE || d->src == SR_LM_FIO_MIXED)
		return SR_LM_UNKNOWN;
	if (n == SR_LM_SATURATED) /* at least that many */
		return (double)d->hi[SR_LM_ABOVE_A] < (double)n ? SR_LM_DRIVE_MORE : SR_LM_AGREE;
	if ((uint64_t)n > d->hi[SR_LM_ABOVE_A])
		return SR_LM_DRIVE_MORE;
	if ((uint64_t)n < d->lo[SR_LM_ABOVE_A])
		return SR_LM_HOST_MORE;
	return SR_LM_AGREE;
}

void sr_lm_compare(const struct sr_drive *drv, const struct sr_tel_test *tel, struct sr_lm_cmp *out)
{
	double rlo[SR_LM_NRANGES], rhi[SR_LM_NRANGES];
	bool mixed = false;

	memset(out, 0, sizeof(*out));
	out->tel = tel;
	drive_side(tel, out->dir);
	out->edges_ok = true;
	for (int b = 0; b < SR_LM_BUCKETS; b++) {
		out->edge_ns[b] = (double)tel->latmon_thresholds_ms[b] * 1e6;
		if (tel->latmon_thresholds_ms[b] <= 0 ||
		    (b && tel->latmon_thresholds_ms[b] <= tel->latmon_thresholds_ms[b - 1]))
			out->edges_ok = false;
	}
	if (!out->edges_ok)
		return;
	ranges(out->edge_ns, rlo, rhi);
	for (size_t i = 0; i < drv->ntests; i++) {
		const struct sr_test *t = &drv->tests[i];
		double unit = sr_fio_unit_ns(t);

		if (!t->id || strcmp(t->id, tel->id))
			continue;
		for (size_t k = 0; k < t->nruns; k++) {
			const struct sr_run *run = &t->runs[k];

			if (!run_of(run, tel))
				continue;
			out->nruns++;
			if (sr_ok(run->ramp_s) && run->ramp_s.v > out->ramp_s)
				out->ramp_s = run->ramp_s.v;
			if (run->dir[SR_MIXED].present && !run->dir[SR_READ].present &&
			    !run->dir[SR_WRITE].present) {
				mixed = true;
				continue;
			}
			add_dir(&run->dir[SR_READ], unit, rlo, rhi, &out->dir[0]);
			add_dir(&run->dir[SR_WRITE], unit, rlo, rhi, &out->dir[1]);
		}
	}
	for (int k = 0; k < 2; k++) {
		if (mixed)
			out->dir[k].src = SR_LM_FIO_MIXED;
		out->dir[k].agree = agree(&out->dir[k]);
	}
}

int sr_lm_build(const struct sr_drive *drv, struct sr_lm_drive *out)
{
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < drv->ntel; i++)
		n += drv->tel[i].latmon_status && !strcmp(drv->tel[i].latmon_status, "read");
	if (!n)
		return 0;
	if (!(out->cmp = calloc(n, sizeof(*out->cmp))))
		return -ENOMEM;
	for (size_t i = 0; i < drv->ntel; i++)
		if (drv->tel[i].latmon_status && !strcmp(drv->tel[i].latmon_status, "read"))
			sr_lm_compare(drv, &drv->tel[i], &out->cmp[out->n++]);
	return 0;
}

void sr_lm_free(struct sr_lm_drive *d)
{
	free(d->cmp);
	memset(d, 0, sizeof(*d));
}
