// SPDX-License-Identifier: GPL-2.0-only
/* series.c - a test's preconditioning series at a chart's resolution, and each one's SNIA PTS
 * steady-state verdict (series.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/series.h"
#include "analyse/steady_state.h"

static void bin_add(struct sr_bin_stat *b, struct sr_value v, double *sum, size_t *n)
{
	if (!sr_ok(v))
		return;
	if (!*n || v.v < b->min)
		b->min = v.v;
	if (!*n || v.v > b->max)
		b->max = v.v;
	*sum += v.v;
	(*n)++;
}

size_t sr_series_bins(const struct sr_series *s, double t_end, size_t nbins,
		      struct sr_series_bin *out)
{
	enum { IOPS, MEAN, MAX, SD, NFIG };
	double width, sum[NFIG], tsum;
	size_t cnt[NFIG], k = 0, i = 0;

	if (!nbins || !(t_end > 0))
		return 0;
	width = t_end / (double)nbins;
	if (width < 1) { /* no bin shorter than an interval */
		width = 1;
		nbins = (size_t)ceil(t_end);
	}
	for (k = 0; k < nbins; k++) {
		struct sr_series_bin *b = &out[k];
		struct sr_bin_stat *st[NFIG] = {&b->iops, &b->lat_mean, &b->lat_max, &b->lat_sd};

		*b = (struct sr_series_bin){.lat_max_err = NAN, .lat_sd_err = NAN};
		for (int f = 0; f < NFIG; f++) {
			*st[f] = (struct sr_bin_stat){NAN, NAN, NAN};
			sum[f] = 0;
			cnt[f] = 0;
		}
		tsum = 0;
		/* intervals are 1 s ending at t_s: the bin of their middle, the last bin for the
		 * rest */
		for (;
		     i < s->niv && (k + 1 == nbins || s->iv[i].t_s - 0.5 < (double)(k + 1) * width);
		     i++) {
			const struct sr_interval *iv = &s->iv[i];

			if (sr_interval_partial(iv))
				continue;
			bin_add(&b->iops, iv->iops, &sum[IOPS], &cnt[IOPS]);
			bin_add(&b->lat_mean, iv->lat_mean, &sum[MEAN], &cnt[MEAN]);
			bin_add(&b->lat_max, iv->lat_max, &sum[MAX], &cnt[MAX]);
			bin_add(&b->lat_sd, iv->lat_sd, &sum[SD], &cnt[SD]);
			if (sr_ok(iv->lat_max_err) && !(iv->lat_max_err.v <= b->lat_max_err))
				b->lat_max_err = iv->lat_max_err.v;
			if (sr_ok(iv->lat_sd_err) && !(iv->lat_sd_err.v <= b->lat_sd_err))
				b->lat_sd_err = iv->lat_sd_err.v;
			tsum += iv->t_s;
			b->n++;
		}
		for (int f = 0; f < NFIG; f++)
			if (cnt[f])
				st[f]->mean = sum[f] / (double)cnt[f];
		b->t_s = b->n ? tsum / (double)b->n : ((double)k + 0.5) * width;
	}
	return nbins;
}

/* Is interval @p a whole-workload figure with a value? */
static bool usable(const struct sr_interval *p, bool bw)
{
	return !sr_interval_partial(p) && sr_ok(bw ? p->bw : p->iops);
}

/* Rounds from stonewalled groups: >= 5 groups of the workload. Return: rounds put in x/y. */
static size_t rounds_from_runs(const struct sr_test *t, const struct sr_series *s, double *x,
			       double *y)
{
	size_t n = 0;

	if (s->ngroups < PTS_SS_WINDOW)
		return 0;
	for (size_t k = 0; k < s->nruns; k++) {
		const struct sr_run *r = &t->runs[s->runs[k]];

		if (k == 0 || r->groupid != t->runs[s->runs[k - 1]].groupid) {
			x[n] = (double)(n + 1);
			y[n++] = 0;
		}
		for (int d = SR_READ; d <= SR_WRITE; d++)
			if (sr_ok(r->dir[d].iops))
				y[n - 1] += r->dir[d].iops.v;
	}
	return n >= PTS_SS_WINDOW ? n : 0;
}

/* Rounds of SR_SS_ROUND_S seconds from the series: x = end of the round (s), y = mean IOPS. */
static size_t rounds_from_series(const struct sr_series *s, bool bw, double *x, double *y)
{
	size_t n = 0, i = 0;

	while (i < s->niv) {
		size_t k = (size_t)((s->iv[i].t_s - 1e-9) / SR_SS_ROUND_S), valid = 0;
		double sum = 0;

		for (; i < s->niv && (size_t)((s->iv[i].t_s - 1e-9) / SR_SS_ROUND_S) == k; i++)
			if (usable(&s->iv[i], bw)) {
				sum += bw ? s->iv[i].bw.v : s->iv[i].iops.v;
				valid++;
			}
		if (valid * 2 < SR_SS_ROUND_S)
			continue; /* a partial or mostly empty round */
		x[n] = (double)(k + 1) * SR_SS_ROUND_S;
		y[n++] = sum / (double)valid;
	}
	return n >= PTS_SS_WINDOW ? n : 0;
}

static size_t intervals(const struct sr_series *s, bool bw, double *x, double *y)
{
	size_t n = 0;

	for (size_t i = 0; i < s->niv; i++)
		if (usable(&s->iv[i], bw)) {
			x[n] = s->iv[i].t_s;
			y[n++] = bw ? s->iv[i].bw.v : s->iv[i].iops.v;
		}
	return n;
}

/* The rounds the SNIA verdict is judged on (sr_series_snia()): x (end of each, s), y, how they
 * were formed. Return: their number; x and y allocated (the caller frees them), NULL on ENOMEM. */
static size_t snia_rounds(const struct sr_test *t, const struct sr_series *s, double **x,
			  double **y, enum sr_ss_basis *basis)
{
	size_t cap = (s->niv > s->nruns ? s->niv : s->nruns) + 1, n;
	bool bw = s->tput == SR_TPUT_BW_ONLY;

	*x = calloc(cap, sizeof(**x));
	*y = calloc(cap, sizeof(**y));
	if (!*x || !*y)
		return 0;
	*basis = SR_SS_RUNS;
	n = rounds_from_runs(t, s, *x, *y);
	if (!n) {
		*basis = SR_SS_ROUNDS;
		n = rounds_from_series(s, bw, *x, *y);
	}
	if (!n) {
		*basis = SR_SS_INTERVALS;
		n = intervals(s, bw, *x, *y);
	}
	return n;
}

/* The seconds round @i of @x covers starts at (rounds of SR_SS_ROUND_S s, or 1-s intervals). */
static double round_start(const double *x, size_t i, enum sr_ss_basis basis)
{
	if (basis == SR_SS_ROUNDS)
		return x[i] - SR_SS_ROUND_S;
	return i > 0 ? x[i - 1] : x[i] - (x[1] - x[0]);
}

size_t sr_series_steady_spans(const struct sr_test *t, const struct sr_series *s,
			      double (*spans)[2], size_t max)
{
	enum sr_ss_basis basis = SR_SS_NONE;
	double *x = NULL, *y = NULL;
	size_t n = snia_rounds(t, s, &x, &y, &basis), k = 0;

	for (size_t i = 0; basis != SR_SS_RUNS && x && y && i + PTS_SS_WINDOW <= n; i++) {
		struct pts_ss_window w;
		double a, b;

		if (pts_ss_window_eval(x, y, i, PTS_SS_WINDOW, &w) || !w.range_ok || !w.slope_ok)
			continue;
		a = round_start(x, i, basis);
		b = x[i + PTS_SS_WINDOW - 1];
		if (k && a <= spans[k - 1][1]) { /* overlaps the span before: one span */
			spans[k - 1][1] = b;
			continue;
		}
		if (k == max) /* no room: the latest span takes the last place */
			k--;
		spans[k][0] = a;
		spans[k++][1] = b;
	}
	free(x);
	free(y);
	return k;
}

void sr_series_snia(const struct sr_test *t, const struct sr_series *s, struct sr_snia *out)
{
	struct pts_ss_result res;
	const struct pts_ss_window *w;
	double *x = NULL, *y = NULL, width;
	size_t n;

	memset(out, 0, sizeof(*out));
	n = snia_rounds(t, s, &x, &y, &out->basis);
	if (!x || !y)
		goto out;
	if (pts_ss_series(x, y, n, &res)) {
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
		return "rounds: one stonewalled group each";
	case SR_SS_ROUNDS:
		return "rounds of 60 s";
	case SR_SS_INTERVALS:
		return "no rounds in the results: 1-s intervals used";
	default:
		return "not evaluated";
	}
}
