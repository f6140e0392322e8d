// SPDX-License-Identifier: GPL-2.0-only
/*
 * detail_charts.c - the charts of a test's page (tests/<stem>.html), for any fio output: the
 * completion-latency histogram from fio's json+ bins (every drive and direction overlaid, log
 * axes), the QoS exceedance (the share of I/Os slower than each latency: from the bins when fio
 * printed them, else from its percentiles), and the time series of each of the test's workloads
 * (IOPS, MB/s, latency against time, section_precondition.c). Each chart's caption names the
 * fio version and the job's rw, bs, iodepth, numjobs and ioengine; its data is a CSV beside it.
 * Only the runs of the page's own result are drawn (a file of several fio groups has a page per
 * group: sr_rep_run_in()).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/sections.h"

/* fio 3.x has 1856 latency buckets, fio 2.x 1216: room for every bin of any layout */
#define MAX_BINS 4096

static const char *const dir_words[2] = {"reads", "writes"};

/*
 * The json+ bins of direction @d summed over the runs of @res (the same latency value is the
 * same bucket in every run of one fio), ascending by ns, into @out. Return: the number of bins.
 */
static size_t merged_bins(const struct sr_result *res, int d, struct sr_bin *out)
{
	size_t n = 0;

	for (size_t i = 0; res && i < res->test->nruns; i++) {
		const struct sr_run *run = &res->test->runs[i];
		const struct sr_lat *l = &run->dir[d].clat;

		if (!sr_rep_run_in(res, run))
			continue;
		for (size_t b = 0; b < l->nbins; b++) {
			size_t lo = 0, hi = n;

			while (lo < hi) { /* the first bin at or above this one's value */
				size_t mid = (lo + hi) / 2;

				if (out[mid].ns < l->bins[b].ns)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < n && out[lo].ns == l->bins[b].ns) {
				out[lo].count += l->bins[b].count;
				continue;
			}
			if (n == MAX_BINS)
				continue;
			memmove(&out[lo + 1], &out[lo], (n - lo) * sizeof(*out));
			out[lo] = l->bins[b];
			n++;
		}
	}
	return n;
}

/* The name of series @dv/@d in a chart ("drive-a reads"), into @buf. */
static const char *series_name(const struct sr_report *r, size_t dv, int d, char *buf, size_t len)
{
	char drive[300];

	snprintf(buf, len, "%s %s", sr_rep_drive(r, dv, drive, sizeof(drive)), dir_words[d]);
	return buf;
}

/* The unit a latency axis of values in µs up to @hi_us reads in as plain numbers (gnuplot prints
 * 1e+06 from a million up): µs below 10 ms, else ms; its divisor from µs into @div. */
static const char *lat_axis(double hi_us, double *div, char *label, size_t len)
{
	bool ms = hi_us >= 1e4;

	*div = ms ? 1e3 : 1;
	snprintf(label, len, "completion latency (%s)", ms ? "ms" : "\xc2\xb5s");
	return label;
}

/* Draw @ch's one panel: @ylabel against completion latency (column @xcol, µs, its axis unit by
 * lat_axis), both axes logarithmic, the @nl lines keyed by @keys. */
static void lat_loglog(struct sr_chart *ch, int xcol, const char *ylabel,
		       const struct sr_line *lines, size_t nl, const struct sr_key *keys, size_t nk)
{
	double div;
	char xl[64];

	sr_chart_lines(ch,
		       &(struct sr_panel){.xlabel = lat_axis(ch->hi[xcol], &div, xl, sizeof(xl)),
					  .xdiv = div,
					  .ylabel = ylabel,
					  .xcol = xcol,
					  .logx = true,
					  .logy = true,
					  .xmin = NAN,
					  .xmax = NAN,
					  .hline = NAN,
					  .lines = lines,
					  .nlines = nl},
		       1, 1, keys, nk);
}

enum { H_LAT, H_IOS, H_N };

/* The completion-latency histogram: I/Os per json+ bin against the bin's latency. */
static int histogram(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t,
		     struct sr_bin *bins)
{
	static const char *const cols[H_N] = {"clat_us", "ios"};
	size_t nd = r->m->ndrives, nl = 0, nb = 0;
	struct sr_line *lines = calloc(2 * nd + 1, sizeof(*lines));
	struct sr_key *keys = calloc(2 * nd + 1, sizeof(*keys));
	char(*names)[320] = calloc(2 * nd + 1, sizeof(*names)), name[300], job[300];
	struct sr_chart ch;
	int rc = -ENOMEM;

	if (!lines || !keys || !names)
		goto out;
	snprintf(name, sizeof(name), "tests/%s-clat-hist", t->stem);
	rc = sr_rep_chart_begin(r, &ch, name, "Completion latency histogram (fio json+ bins)",
				SR_HALF_W, 400);
	if (rc)
		goto out;
	snprintf(ch.caption, sizeof(ch.caption),
		 "Completion latency histogram, I/Os per fio json+ bin: %s (%s)", t->title,
		 sr_rep_job_caption(r, t, job, sizeof(job)));
	sr_chart_frame(&ch, "series", NULL, cols, H_N);
	for (size_t dv = 0; dv < nd; dv++)
		for (int d = 0; d < 2; d++) {
			size_t n = merged_bins(t->per_drive[dv], d, bins);

			sr_chart_series(&ch, series_name(r, dv, d, names[nb], sizeof(names[nb])));
			for (size_t b = 0; b < n; b++)
				if (bins[b].count)
					sr_chart_point(
					    &ch, NULL,
					    (double[H_N]){bins[b].ns / 1e3, (double)bins[b].count});
			if (sr_chart_has(&ch, nb, H_IOS)) {
				lines[nl++] = (struct sr_line){
				    .block = nb, .ycol = H_IOS, .colour = dv, .dash = d ? 2 : 1};
				keys[nb] = (struct sr_key){names[nb], dv, d ? 2 : 1};
			}
			nb++;
		}
	{
		struct sr_key *k = keys;
		size_t nk = 0;

		for (size_t i = 0; i < nb; i++) /* the drawn series' keys, in order */
			if (keys[i].title)
				k[nk++] = keys[i];
		lat_loglog(&ch, H_LAT, "I/Os in the bin", lines, nl, k, nk);
	}
	rc = sr_rep_chart_end(r, &ch, p, SR_HALF_W);
out:
	free(lines);
	free(keys);
	free(names);
	return rc;
}

enum { Q_LAT, Q_EXC, Q_N };

/*
 * The exceedance points of one series: from the bins (the I/Os in bins above each bin's value,
 * in % of all), else from fio's percentiles p50 and above (100 - p at its latency), those at
 * fio's histogram ceiling left out (true latency larger). Return: percentiles left out.
 */
static size_t qos_points(struct sr_chart *ch, const struct sr_result *res, int d,
			 const struct sr_bin *bins, size_t n)
{
	const struct sr_dir_fig *f = res && res->dir[d].present ? &res->dir[d] : NULL;
	uint64_t total = 0, above;
	size_t out = 0;

	for (size_t b = 0; b < n; b++)
		total += bins[b].count;
	above = total;
	for (size_t b = 0; total && b < n; b++) {
		above -= bins[b].count;
		if (above)
			sr_chart_point(ch, NULL,
				       (double[Q_N]){bins[b].ns / 1e3, 100.0 * above / total});
	}
	for (size_t i = 0; !total && f && f->dist && i < f->dist->npct; i++) {
		const struct sr_pct *pc = &f->dist->pct[i];

		if (pc->pct < 50 || pc->pct >= 100)
			continue;
		if (sr_pct_clamped(sr_val(pc->ns), f->max)) {
			out++;
			continue;
		}
		sr_chart_point(ch, NULL, (double[Q_N]){pc->ns / 1e3, 100 - pc->pct});
	}
	return out;
}

/* The QoS exceedance of every drive and direction of the test. */
static int qos(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t,
	       struct sr_bin *bins)
{
	static const char *const cols[Q_N] = {"clat_us", "exceedance_pct"};
	size_t nd = r->m->ndrives, nl = 0, nk = 0, nb = 0, left = 0;
	struct sr_line *lines = calloc(2 * nd + 1, sizeof(*lines));
	struct sr_key *keys = calloc(2 * nd + 1, sizeof(*keys));
	char(*names)[320] = calloc(2 * nd + 1, sizeof(*names)), name[300], job[300];
	bool from_bins = false, cut = false;
	struct sr_chart ch;
	int rc = -ENOMEM;

	if (!lines || !keys || !names)
		goto out;
	snprintf(name, sizeof(name), "tests/%s-qos", t->stem);
	rc = sr_rep_chart_begin(r, &ch, name, "QoS exceedance", SR_HALF_W, 400);
	if (rc)
		goto out;
	sr_chart_frame(&ch, "series", NULL, cols, Q_N);
	for (size_t dv = 0; dv < nd; dv++)
		for (int d = 0; d < 2; d++) {
			size_t n = merged_bins(t->per_drive[dv], d, bins);

			from_bins |= n > 0;
			sr_chart_series(&ch, series_name(r, dv, d, names[nb], sizeof(names[nb])));
			left += qos_points(&ch, t->per_drive[dv], d, bins, n);
			if (sr_chart_has(&ch, nb, Q_EXC)) {
				lines[nl++] = (struct sr_line){.block = nb,
							       .ycol = Q_EXC,
							       .colour = dv,
							       .dash = d ? 2 : 1,
							       .points = !n};
				keys[nk++] = (struct sr_key){names[nb], dv, d ? 2 : 1};
			}
			nb++;
		}
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		cut |= t->per_drive[dv] && t->per_drive[dv]->interrupted;
	snprintf(ch.caption, sizeof(ch.caption), "%sQoS exceedance (from fio's %s%s): %s (%s)",
		 cut ? "INTERRUPTED run, the I/Os of the time it ran: " : "",
		 from_bins ? "json+ bins" : "percentiles",
		 left ? "; percentiles at fio's histogram ceiling left out" : "", t->title,
		 sr_rep_job_caption(r, t, job, sizeof(job)));
	lat_loglog(&ch, Q_LAT, "I/Os slower (%)", lines, nl, keys, nk);
	rc = sr_rep_chart_end(r, &ch, p, SR_HALF_W);
out:
	free(lines);
	free(keys);
	free(names);
	return rc;
}

enum { P_T, P_50, P_99, P_999, P_IOS, P_N };

/* windows per line up to which each window's point is marked */
#define PCT_MARKS_MAX 60

/* The workloads' percentile windows of one drive and direction, one after another in time. */
static void pct_points(struct sr_chart *ch, const struct sr_result *res, int d, double *tmax)
{
	const struct sr_series *se;

	for (size_t k = 0; res && (se = sr_rep_series_any(res, k)); k++)
		for (size_t i = 0; i < se->npw; i++) {
			const struct sr_pct_window *w = &se->pw[i];
			double v[P_N] = {w->t_s, NAN, NAN, NAN, (double)w->n[d]};

			for (int j = 0; j < SR_PCTW_N; j++)
				v[P_50 + j] = w->p_ns[d][j] / 1e3;
			if (w->n[d])
				sr_chart_point(ch, NULL, v);
			if (w->t_s > *tmax)
				*tmax = w->t_s;
		}
}

/*
 * Latency percentiles over time from fio's histogram logs: a panel per direction, p50 solid,
 * p99 dashed, p99.9 dotted, a colour per drive.
 */
static int pct_over_time(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	static const char *const cols[P_N] = {"t_s", "p50_us", "p99_us", "p99_9_us", "ios"};
	static const char *const pname[SR_PCTW_N] = {"p50", "p99", "p99.9"};
	size_t nd = r->m->ndrives, nb = 0, nk = 0, nl[2] = {0, 0}, np = 0, maxw = 0;
	struct sr_line *lines = calloc(2 * (3 * nd + 1), sizeof(*lines));
	struct sr_key *keys = calloc(nd + 4, sizeof(*keys));
	char(*names)[320] = calloc(2 * nd + 1, sizeof(*names)), name[300], job[300];
	char(*knames)[320] = calloc(nd + 1, sizeof(*knames));
	struct sr_panel panels[2];
	double tmax = 0, w_s = 0, div, xunit;
	const char *xlabel;
	char yl[64];
	struct sr_chart ch;
	int rc = -ENOMEM;

	if (!lines || !keys || !names || !knames)
		goto out;
	snprintf(name, sizeof(name), "tests/%s-clat-pct-time", t->stem);
	rc = sr_rep_chart_begin(r, &ch, name, "Completion latency percentiles over time", SR_HALF_W,
				420);
	if (rc)
		goto out;
	sr_chart_frame(&ch, "series", NULL, cols, P_N);
	for (size_t dv = 0; dv < nd; dv++) {
		bool drawn = false;

		for (int d = 0; d < 2; d++) {
			const struct sr_series *se = sr_rep_series_any(t->per_drive[dv], 0);

			if (se && se->npw && !w_s)
				w_s = se->pw[0].width_s;
			if (se && se->npw > maxw)
				maxw = se->npw;
			sr_chart_series(&ch, series_name(r, dv, d, names[nb], sizeof(names[nb])));
			pct_points(&ch, t->per_drive[dv], d, &tmax);
			for (int j = 0; j < SR_PCTW_N; j++)
				if (sr_chart_has(&ch, nb, P_50 + (size_t)j)) {
					lines[d * (3 * nd + 1) + nl[d]++] =
					    (struct sr_line){.block = nb,
							     .ycol = P_50 + (size_t)j,
							     .colour = dv,
							     .dash = j + 1,
							     .points = true};
					drawn = true;
				}
			nb++;
		}
		if (drawn)
			keys[nk++] = sr_rep_key(r, dv, knames[dv], sizeof(knames[dv]));
	}
	/* a mark per window while they are few; hundreds of windows draw as lines alone */
	for (int d = 0; d < 2 && maxw > PCT_MARKS_MAX; d++)
		for (size_t i = 0; i < nl[d]; i++)
			lines[d * (3 * nd + 1) + i].points = false;
	for (int j = 0; j < SR_PCTW_N; j++)
		keys[nk++] = (struct sr_key){pname[j], 9, j + 1};
	lat_axis(fmax(fmax(ch.hi[P_50], ch.hi[P_99]), ch.hi[P_999]), &div, yl, sizeof(yl));
	/* the short name: a panel a third of the chart's height holds no longer one */
	snprintf(yl, sizeof(yl), "clat (%s)", div > 1 ? "ms" : "\xc2\xb5s");
	xunit = sr_rep_time_unit(tmax, &xlabel);
	for (int d = 0; d < 2; d++) {
		if (!nl[d])
			continue;
		panels[np++] = (struct sr_panel){.title = d ? "writes" : "reads",
						 .xlabel = xlabel,
						 .xdiv = xunit,
						 .ylabel = yl,
						 .ydiv = div,
						 .xcol = P_T,
						 .logy = true,
						 .xmin = 0,
						 .xmax = tmax,
						 .hline = NAN,
						 .lines = &lines[d * (3 * nd + 1)],
						 .nlines = nl[d]};
	}
	snprintf(
	    ch.caption, sizeof(ch.caption),
	    "Completion latency p50, p99, p99.9 per %.3g-s window from fio's histogram logs "
	    "(a window with fewer than 100 I/Os has no p99, fewer than 1,000 no p99.9): %s (%s)",
	    w_s, t->title, sr_rep_job_caption(r, t, job, sizeof(job)));
	if (np)
		sr_chart_lines(&ch, panels, np, 1, keys, nk);
	else
		sr_chart_lines(
		    &ch, &(struct sr_panel){.xcol = P_T, .xmin = NAN, .xmax = NAN, .hline = NAN}, 1,
		    1, keys, 0);
	rc = sr_rep_chart_end(r, &ch, p, SR_HALF_W);
out:
	free(lines);
	free(keys);
	free(names);
	free(knames);
	return rc;
}

/* Whether a drive's result of @t has latency percentiles over time (histogram logs). */
static bool has_pct_windows(const struct sr_rtest *t, size_t nd)
{
	for (size_t dv = 0; dv < nd; dv++) {
		const struct sr_series *se;

		for (size_t k = 0;
		     t->per_drive[dv] && (se = sr_rep_series_any(t->per_drive[dv], k)); k++)
			if (se->npw)
				return true;
	}
	return false;
}

/* Whether any drive's result of @t has json+ bins (@bins 1) or percentiles to draw (@bins 0). */
static bool has_latency(const struct sr_rtest *t, size_t nd, bool want_bins)
{
	for (size_t dv = 0; dv < nd; dv++) {
		const struct sr_result *res = t->per_drive[dv];

		for (size_t i = 0; res && i < res->test->nruns; i++)
			for (int d = 0; d < 2; d++) {
				const struct sr_lat *l = &res->test->runs[i].dir[d].clat;

				if (sr_rep_run_in(res, &res->test->runs[i]) &&
				    (want_bins ? l->nbins > 0
					       : res->dir[d].dist && res->dir[d].dist->npct > 0))
					return true;
			}
	}
	return false;
}

/*
 * Whether @t's page draws no latency distribution (histogram, QoS exceedance) of its own: a
 * point of a catalogue family whose section draws its points as one chart (latency against
 * rate, T/Q scaling: that chart and its table give each point's latency, and a review has
 * hundreds of such points), or a fill or preconditioning (its whole run mixes the fresh drive
 * with steady state: its latency is read over time, from its series and percentile windows).
 */
static bool no_distribution(const struct sr_rtest *t)
{
	return catalogue_family_draws(t->family, "latency-vs-rate") ||
	       catalogue_family_draws(t->family, "scaling") ||
	       catalogue_family_draws(t->family, "precondition") ||
	       catalogue_family_draws(t->family, "fill");
}

int sr_detail_charts(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	struct sr_bin *bins = calloc(MAX_BINS, sizeof(*bins));
	bool none = no_distribution(t);
	bool hist = !none && has_latency(t, r->m->ndrives, true);
	bool lat = !none && (hist || has_latency(t, r->m->ndrives, false));
	size_t nk = sr_rep_nseries(r, t);
	bool pct = has_pct_windows(t, r->m->ndrives);
	int rc = 0;

	if (!bins)
		return -ENOMEM;
	if (lat || nk || pct) {
		sr_page_heading(p, 2, NULL, "Charts");
		sr_page_grid(p, true);
	}
	if (hist)
		rc = histogram(r, p, t, bins);
	if (!rc && lat)
		rc = qos(r, p, t, bins);
	if (!rc && pct)
		rc = pct_over_time(r, p, t);
	for (size_t k = 0; k < nk && !rc; k++) {
		/* the series chart draws onto the report's current page: this one, for a while */
		struct sr_page index = r->page;

		r->page = *p;
		r->on_test_page = true;
		rc = sr_series_chart(r, t, k, SR_HALF_W, false);
		r->on_test_page = false;
		*p = r->page;
		r->page = index;
	}
	if (lat || nk || pct)
		sr_page_grid(p, false);
	free(bins);
	return rc ? rc : p->err;
}
