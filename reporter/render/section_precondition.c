// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_precondition.c - preconditioning to steady state: per workload the review's four
 * panels against time (throughput, average latency, maximum latency, latency standard deviation),
 * each drive's 1-s intervals binned at the chart's resolution (a line of their means, their range
 * shaded), its SNIA PTS steady state shaded in its colour from the time it holds, the same time
 * axis on every panel (s, min or h); up to four drives in the same panels, more as a row of
 * panels per drive on shared axes. Then one table: each drive's steady-state verdicts (SNIA PTS
 * and fio's own), counted as the charts' titles count them.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/series.h"
#include "render/format.h"
#include "render/sections.h"
#include "render/series_temp.h"

static double ms_of(double ns) { return ns / 1e6; }

/* Drives drawn over one another in a chart's four panels up to this many; more get a row of
 * panels each, sharing the axes (eight envelopes on one plot read as one band). */
#define OVERLAY_DRIVES 4
/* Bins per panel: about one per pixel of a panel's plot area (the overlay's panels are wider). */
#define BINS_OVERLAY 240
#define BINS_ROW 120

/* The frame: per bin the mean of each figure and its envelope (smallest, largest interval),
 * the bounds of the histogram midpoints' error, the intervals it holds; partial intervals
 * (not every job ran through them) on rows of their own, their throughput alone. */
enum {
	C_T,
	C_IOPS,
	C_IOPS_LO,
	C_IOPS_HI,
	C_MEAN,
	C_MEAN_LO,
	C_MEAN_HI,
	C_MAX,
	C_MAX_LO,
	C_MAX_HI,
	C_SD,
	C_SD_LO,
	C_SD_HI,
	C_MAX_ERR,
	C_SD_ERR,
	C_NIV,
	C_PARTIAL,
	C_N,
	C_TEMP = C_N, /* the temperature's columns (series_temp.h), when the report has telemetry */
	C_ALL = C_N + SR_TEMP_NCOLS
};

/* The four figures against time, each a mean column followed by its envelope's two. */
static const struct {
	const char *what, *brief, *unit;
	size_t col;
} figures[4] = {
    {"throughput (read + write IOPS)", "IOPS", "IOPS", C_IOPS},
    {"average latency (ms)", "average latency (ms)", "ms", C_MEAN},
    {"maximum latency (ms)", "maximum latency (ms)", "ms", C_MAX},
    {"latency standard deviation (ms)", "latency std dev (ms)", "ms", C_SD},
};

/* Where the drives' series end: the chart's x range. */
static double series_end(const struct sr_report *r, const struct sr_rtest *t, size_t k)
{
	double tmax = 0;

	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);

		for (size_t i = se ? se->niv : 0; i-- > 0;)
			if (!sr_interval_partial(&se->iv[i]) || se->iv[i].jobs) {
				if (se->iv[i].t_s > tmax)
					tmax = se->iv[i].t_s;
				break;
			}
	}
	return tmax;
}

static void put_stat(double *v, const struct sr_bin_stat *b, double scale)
{
	v[0] = b->mean / scale;
	v[1] = b->min / scale;
	v[2] = b->max / scale;
}

static void series_frame(struct sr_chart *ch, const struct sr_report *r, const struct sr_rtest *t,
			 size_t k, double tmax, size_t nbins, struct sr_series_bin *bins,
			 double bound[2], bool temp)
{
	const char *cols[C_ALL] = {"t_s",
				   "throughput_iops",
				   "throughput_iops_min",
				   "throughput_iops_max",
				   "avg_lat_ms",
				   "avg_lat_ms_min",
				   "avg_lat_ms_max",
				   "max_lat_ms",
				   "max_lat_ms_min",
				   "max_lat_ms_max",
				   "lat_sd_ms",
				   "lat_sd_ms_min",
				   "lat_sd_ms_max",
				   "max_lat_err_ms",
				   "lat_sd_err_ms",
				   "intervals",
				   "partial_throughput_iops"};

	if (temp)
		memcpy(&cols[C_TEMP], sr_temp_names(), SR_TEMP_NCOLS * sizeof(*cols));
	sr_chart_frame(ch, "drive", NULL, cols, temp ? C_ALL : C_N);
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);
		size_t nb = se ? sr_series_bins(se, tmax, nbins, bins) : 0;

		sr_chart_series(ch, r->m->drives[dv].label);
		for (size_t b = 0; b < nb; b++) {
			double v[C_ALL];

			if (!bins[b].n)
				continue;
			for (int c = C_N; c < C_ALL; c++)
				v[c] = NAN;
			v[C_T] = bins[b].t_s;
			put_stat(&v[C_IOPS], &bins[b].iops, 1);
			put_stat(&v[C_MEAN], &bins[b].lat_mean, 1e6);
			put_stat(&v[C_MAX], &bins[b].lat_max, 1e6);
			put_stat(&v[C_SD], &bins[b].lat_sd, 1e6);
			v[C_MAX_ERR] = ms_of(bins[b].lat_max_err);
			v[C_SD_ERR] = ms_of(bins[b].lat_sd_err);
			v[C_NIV] = (double)bins[b].n;
			v[C_PARTIAL] = NAN;
			sr_chart_point(ch, NULL, v);
			if (isfinite(v[C_MAX_ERR]) && v[C_MAX_ERR] > bound[0])
				bound[0] = v[C_MAX_ERR];
			if (isfinite(v[C_SD_ERR]) && v[C_SD_ERR] > bound[1])
				bound[1] = v[C_SD_ERR];
		}
		for (size_t i = 0; se && i < se->niv; i++) {
			const struct sr_interval *iv = &se->iv[i];
			double v[C_ALL];

			/* a partial interval with no job (a last latency row) is nothing to draw */
			if (!sr_interval_partial(iv) || !iv->jobs)
				continue;
			for (int c = 0; c < C_ALL; c++)
				v[c] = NAN;
			v[C_T] = iv->t_s;
			v[C_PARTIAL] = sr_ok(iv->iops) ? iv->iops.v : NAN;
			sr_chart_point(ch, NULL, v);
		}
	}
}

double sr_rep_time_unit(double tmax, const char **label)
{
	if (tmax > 3 * 3600) {
		*label = "time (h)";
		return 3600;
	}
	if (tmax > 20 * 60) {
		*label = "time (min)";
		return 60;
	}
	*label = "time (s)";
	return 1;
}

/* What the chart says of steady state, as the verdict table counts it. */
struct verdict_count {
	size_t drives, snia, snia_judged, fio, fio_judged;
};

static void count_verdict(const struct sr_test *tt, const struct sr_series *se,
			  const struct sr_snia *s, struct verdict_count *vc)
{
	vc->drives++;
	vc->snia_judged += s->evaluated;
	vc->snia += s->evaluated && s->attained;
	for (size_t i = 0; i < se->nruns; i++) {
		const struct sr_fio_ss *ss = &tt->runs[se->runs[i]].fio_ss;

		if (ss->present) {
			vc->fio_judged++;
			vc->fio += ss->attained;
			break;
		}
	}
}

/*
 * Since when a drive's workload holds SNIA PTS steady state: when its last 5 rounds are steady,
 * the start of the run of steady windows (sr_series_steady_spans()) that ends with them - the
 * first steady window can be the burst of a fresh drive, flat for minutes before it falls.
 * Return: false when the last 5 rounds are not steady (or the rounds have no time axis).
 */
static bool steady_since(const struct sr_test *tt, const struct sr_series *se, double *from)
{
	struct sr_snia s;
	double sp[8][2];
	size_t ns;

	sr_series_snia(tt, se, &s);
	if (!s.attained)
		return false;
	ns = sr_series_steady_spans(tt, se, sp, 8);
	if (ns)
		*from = sp[ns - 1][0];
	return ns > 0;
}

/* The chart's title: the test, and for a preconditioning both verdicts, named. */
static void series_title(char *buf, size_t len, const struct sr_rtest *t, const char *wl,
			 bool steady, const struct verdict_count *vc, const char *drives)
{
	int n = snprintf(buf, len, "%s%s", t->title, wl);

	if (n < 0 || (size_t)n >= len)
		return;
	if (!steady) {
		snprintf(buf + n, len - (size_t)n, " over time");
		return;
	}
	if (!vc->snia_judged)
		n += snprintf(buf + n, len - (size_t)n, " · SNIA PTS: fewer than 5 rounds");
	else
		n += snprintf(buf + n, len - (size_t)n,
			      " · SNIA PTS steady state (shaded from its start): %zu of %zu %s",
			      vc->snia, vc->drives, drives);
	if (vc->fio_judged && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " · fio ss: %zu of %zu", vc->fio, vc->drives);
}

/* The lines of one figure of one drive: its envelope when bins hold several intervals, its mean,
 * and for throughput the partial intervals' marks. Return: lines written. */
static size_t figure_lines(struct sr_line *l, size_t dv, int pk, bool binned, bool marks)
{
	size_t col = figures[pk].col, n = 0;

	if (binned)
		l[n++] = (struct sr_line){
		    .block = dv, .colour = dv, .envelope = true, .ylo = col + 1, .yhi = col + 2};
	l[n++] =
	    (struct sr_line){.block = dv, .ycol = col, .colour = dv, .dash = 1, .points = marks};
	if (pk == 0)
		l[n++] = (struct sr_line){
		    .block = dv, .ycol = C_PARTIAL, .colour = dv, .only_points = true};
	return n;
}

/* The temperature's panel (series_temp.h): every drive's lines and throttle bands, or drive
 * @dv's alone. */
static struct sr_panel temp_panel(const struct sr_temp *tp, const size_t *dv, const char *xlabel,
				  double tmax, double unit)
{
	size_t l0 = dv ? tp->line_of[2 * *dv] : 0, b0 = dv ? tp->band_of[2 * *dv] : 0;

	return (struct sr_panel){.title = "drive temperature (°C), throttling shaded",
				 .xlabel = xlabel,
				 .ylabel = "°C",
				 .xcol = C_T,
				 .xmin = 0,
				 .xmax = tmax > 0 ? tmax : NAN,
				 .xdiv = unit,
				 .hline = NAN,
				 .bands = &tp->bands[b0],
				 .nbands = dv ? tp->band_of[2 * *dv + 1] : tp->nbands,
				 .lines = &tp->lines[l0],
				 .nlines = dv ? tp->line_of[2 * *dv + 1] : tp->nlines};
}

/* Does drive @dv's series @k hold too few intervals to draw a line (a fill that ran a second or
 * two: one log row)? It is drawn as dots. */
static bool few(const struct sr_rtest *t, size_t dv, size_t k)
{
	const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);

	return se && se->niv < 3;
}

/* The index's chart @name, or NULL when the index did not draw it. */
static const struct sr_drawn_chart *drawn_on_index(const struct sr_report *r, const char *name)
{
	for (size_t i = 0; i < r->ndrawn; i++)
		if (!strcmp(r->drawn[i].name, name))
			return &r->drawn[i];
	return NULL;
}

/* Keep the index's chart @ch (@page_wide: shown SR_PAGE_W wide) for the test's page.
 * Return: 0, -ENOMEM. */
static int remember_drawn(struct sr_report *r, const struct sr_chart *ch, bool page_wide)
{
	struct sr_drawn_chart *d = realloc(r->drawn, (r->ndrawn + 1) * sizeof(*d));

	if (!d)
		return -ENOMEM;
	r->drawn = d;
	d = &r->drawn[r->ndrawn];
	d->name = strdup(ch->name);
	d->caption = strdup(ch->caption[0] ? ch->caption : ch->title);
	d->page_wide = page_wide;
	if (!d->name || !d->caption) {
		free(d->name);
		free(d->caption);
		return -ENOMEM;
	}
	r->ndrawn++;
	return 0;
}

int sr_series_chart(struct sr_report *r, const struct sr_rtest *t, size_t k, int width, bool steady)
{
	size_t nd = r->m->ndrives, ndraw = 0, nb = 0, nk = 0, np = 0, nl = 0, nbins;
	struct sr_line *lines = calloc(12 * nd + 4, sizeof(*lines)); /* 4 figures x 3 per drive */
	struct sr_panel *p = calloc(5 * nd + 6, sizeof(*p));	     /* 4 figures and temperature */
	struct sr_band *bands = calloc(nd + 1, sizeof(*bands));
	struct sr_key *keys = calloc(nd + 1, sizeof(*keys));
	char(*names)[300] = calloc(nd + 1, sizeof(*names));
	char(*ptitle)[400] = calloc(5 * nd + 6, sizeof(*ptitle));
	struct sr_series_bin *bins = NULL;
	size_t *band_of = calloc(2 * nd + 2, sizeof(*band_of)); /* drive -> first band, count */
	char title[600], name[200], wl[200] = "", job[300];
	const char *xlabel;
	struct verdict_count vc = {0};
	struct sr_chart ch;
	double tmax = series_end(r, t, k), bound[2] = {0, 0}, ymax[4] = {0}, unit, from;
	bool rows, binned, present[4] = {false};
	struct sr_temp tp = {0};
	const struct sr_drawn_chart *shown;
	int rc = -ENOMEM;

	/* on a test's page the index's chart of the test, else one beside the page (never over
	 * the index's) */
	snprintf(name, sizeof(name), "%sseries-%s", r->on_test_page ? "tests/" : "", t->stem);
	if (k)
		snprintf(name + strlen(name), sizeof(name) - strlen(name), "-w%zu", k + 1);
	if (r->on_test_page && (shown = drawn_on_index(r, name + strlen("tests/")))) {
		sr_rep_chart_show(r, &r->page, shown->name, shown->caption,
				  shown->page_wide ? SR_PAGE_W : width);
		rc = 0;
		goto out;
	}
	if (!lines || !p || !bands || !keys || !names || !ptitle || !band_of)
		goto out;
	for (size_t dv = 0; dv < nd; dv++) {
		const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);
		struct sr_snia s;

		if (!se)
			continue;
		ndraw++;
		if (sr_rep_nseries(r, t) > 1 && !wl[0])
			snprintf(wl, sizeof(wl), " (workload %zu: %s)", k + 1, se->name);
		keys[nk++] = sr_rep_key(r, dv, names[dv], sizeof(names[dv]));
		sr_series_snia(t->per_drive[dv]->test, se, &s);
		count_verdict(t->per_drive[dv]->test, se, &s, &vc);
		band_of[2 * dv] = nb;
		if (steady && steady_since(t->per_drive[dv]->test, se, &from)) {
			/* from there to its end, the start marked however narrow the span */
			double end = se->iv[se->niv - 1].t_s;

			bands[nb++] = (struct sr_band){
			    from, end > from + tmax / 100 ? end : from + tmax / 100, dv};
			band_of[2 * dv + 1] = 1;
		}
	}
	rows = ndraw > OVERLAY_DRIVES;
	nbins = rows ? BINS_ROW : BINS_OVERLAY;
	binned = tmax > (double)nbins;
	unit = sr_rep_time_unit(tmax, &xlabel);
	bins = calloc(nbins + 1, sizeof(*bins));
	if (!bins)
		goto out;
	series_title(title, sizeof(title), t, wl, steady, &vc, sr_rep_source_noun(r, true));
	rc = sr_rep_chart_begin(r, &ch, name, title, rows ? SR_PAGE_W : 760, 500);
	if (rc)
		goto out;
	snprintf(ch.caption, sizeof(ch.caption), "%s (%s)", t->title,
		 sr_rep_job_caption(r, t, job, sizeof(job)));
	rc = sr_temp_plan(r, t, k, &tp);
	if (!rc)
		series_frame(&ch, r, t, k, tmax, nbins, bins, bound, tp.any);
	if (rc || (tp.any && (rc = sr_temp_frame(&ch, r, t, k, C_TEMP, tmax, &tp)))) {
		sr_chart_abort(&ch);
		goto out;
	}
	for (int pk = 0; pk < 4; pk++) {
		for (size_t dv = 0; dv < nd; dv++)
			present[pk] |= sr_chart_has(&ch, dv, figures[pk].col);
		/* panels that share a y axis: up to the largest envelope of any drive */
		ymax[pk] = ch.hi[figures[pk].col + 2] * 1.05;
	}
	present[0] = true; /* throughput's panel is drawn even without data: it says so */
	for (size_t dv = 0; dv < nd; dv++) /* a line needs two points: say why there is none */
		if (few(t, dv, k))
			snprintf(ch.caption + strlen(ch.caption),
				 sizeof(ch.caption) - strlen(ch.caption),
				 ". %s: its logs hold %zu second%s, the job ran about that long: "
				 "drawn as dots, too few for a line",
				 r->m->drives[dv].label, sr_rep_series(t->per_drive[dv], k)->niv,
				 sr_rep_series(t->per_drive[dv], k)->niv == 1 ? "" : "s");
	for (size_t dv = 0, said = 0; dv < nd && !said; dv++) {
		const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);

		if (se && sr_interval_partial(&se->iv[se->niv - 1]))
			said = (size_t)snprintf(
			    ch.caption + strlen(ch.caption),
			    sizeof(ch.caption) - strlen(ch.caption),
			    ". The last second is partial (the jobs stopped within it): a mark "
			    "apart "
			    "where its logs give a figure, none where they do not");
	}
	if (present[1] || present[2]) { /* latency logs: what they do not hold, and why */
		static const char *const why[4] = {
		    NULL, "average latency (fio's rows are each period's maximum: log_max_value=1)",
		    "maximum latency (fio's log_avg_msec rows are each period's mean; "
		    "log_max_value=1 writes its maximum)",
		    "latency standard deviation (needs fio's histogram logs, log_hist_msec)"};
		const char *sep = ". Not in these logs, no panel: ";

		for (int pk = 1; pk < 4; pk++)
			if (!present[pk]) {
				snprintf(ch.caption + strlen(ch.caption),
					 sizeof(ch.caption) - strlen(ch.caption), "%s%s", sep,
					 why[pk]);
				sep = "; ";
			}
	}
	for (int pk = 0; pk < 4; pk++) { /* a figure no log gave has no panel */
		if (!present[pk])
			continue;
		snprintf(ptitle[np], sizeof(ptitle[np]), "%s", figures[pk].what);
		if (pk >= 2 && bound[pk - 2] > 0) /* histogram midpoints: how far off they can be */
			snprintf(ptitle[np] + strlen(ptitle[np]),
				 sizeof(ptitle[np]) - strlen(ptitle[np]), " (error <= %.3g ms)",
				 bound[pk - 2]);
		np++;
	}
	if (!rows) { /* the figures' panels, every drive in each */
		size_t q = 0, across = np > 1 ? 2 : 1;

		for (int pk = 0; pk < 4; pk++) {
			size_t first = nl;

			if (!present[pk])
				continue;
			for (size_t dv = 0; dv < nd; dv++)
				nl += figure_lines(&lines[nl], dv, pk, binned,
						   tmax <= 30 || few(t, dv, k));
			p[q] = (struct sr_panel){.title = ptitle[q],
						 .xlabel = xlabel,
						 .ylabel = figures[pk].unit,
						 .xcol = C_T,
						 .zero_y = true,
						 .xmin = 0,
						 .xmax = tmax > 0 ? tmax : NAN,
						 .xdiv = unit,
						 .hline = NAN,
						 .bands = bands,
						 .nbands = nb,
						 .lines = &lines[first],
						 .nlines = nl - first};
			q++;
		}
		if (tp.any) { /* the temperature right under the throughput, on its time axis */
			memmove(&p[across + 1], &p[across], (np - across) * sizeof(*p));
			p[across] = temp_panel(&tp, NULL, xlabel, tmax, unit);
			ch.height = np == 1 ? 520 : 250 * (int)((np + 2) / 2);
		} else if (np ==
			   1) { /* throughput alone (a fill's iops/bw logs): one short panel */
			ch.height = 300;
			p[0].title = NULL;
		}
		sr_chart_lines(&ch, p, np + tp.any, (int)across, keys, nk);
	} else { /* a row per drive, its figures side by side, every row on the same axes */
		/* a figure alone (a fill's throughput): the drives' panels four to a row */
		size_t across = tp.any ? np + 1 : np > 1 ? np : ndraw < 4 ? ndraw : 4;
		size_t npanels = ndraw * (np + tp.any), q = 0;

		ch.height = 90 + 130 * (int)((npanels + across - 1) / across);
		ch.row_gap_px = 34; /* a panel's title; the x axis is numbered under the last row */
		ch.col_gap_px = 64;
		if (bound[0] > 0 || bound[1] > 0) /* histogram midpoints: how far off they can be */
			snprintf(ch.caption, sizeof(ch.caption),
				 "%s (maximum latency within %.3g ms, standard deviation within "
				 "%.3g ms: histogram buckets)",
				 t->title, bound[0], bound[1]);
		for (size_t dv = 0; dv < nd; dv++) {
			if (!sr_rep_series(t->per_drive[dv], k))
				continue;
			for (int pk = 0; pk < 4; pk++) {
				size_t first = nl;
				bool bottom = q + across >= npanels;

				if (!present[pk])
					continue;
				nl += figure_lines(&lines[nl], dv, pk, binned, few(t, dv, k));
				snprintf(ptitle[np + q], sizeof(ptitle[np + q]), "%s: %s",
					 r->m->drives[dv].label, figures[pk].brief);
				p[q] = (struct sr_panel){.title = ptitle[np + q],
							 .xlabel = bottom ? xlabel : NULL,
							 .xcol = C_T,
							 .zero_y = true,
							 .xmin = 0,
							 .xmax = tmax > 0 ? tmax : NAN,
							 .xdiv = unit,
							 .ymax = ymax[pk],
							 .few_tics = true,
							 .no_xtic_labels = !bottom,
							 .hline = NAN,
							 .bands = &bands[band_of[2 * dv]],
							 .nbands = band_of[2 * dv + 1],
							 .lines = &lines[first],
							 .nlines = nl - first};
				q++;
			}
			if (tp.any) { /* the drive's temperature at the end of its row */
				bool bottom = q + across >= npanels;

				snprintf(ptitle[np + q], sizeof(ptitle[np + q]),
					 "%s: temperature%s", r->m->drives[dv].label,
					 tp.line_of[2 * dv + 1] ? " (°C)" : ": not sampled");
				p[q] = temp_panel(&tp, &dv, bottom ? xlabel : NULL, tmax, unit);
				p[q].title = ptitle[np + q];
				p[q].no_xtic_labels = !bottom;
				p[q].few_tics = true;
				q++;
			}
		}
		sr_chart_lines(&ch, p, q, (int)across, NULL, 0);
	}
	sr_temp_caption(&ch, &tp, ndraw);
	rc = sr_rep_chart_end(r, &ch, &r->page, rows ? SR_PAGE_W : width);
	if (!rc && !r->on_test_page)
		rc = remember_drawn(r, &ch, rows);
out:
	free(lines);
	free(p);
	free(bands);
	free(keys);
	free(names);
	free(ptitle);
	free(bins);
	free(band_of);
	sr_temp_free(&tp);
	return rc;
}

/* "yes, 120-300 s" or "no: 167 % / 105 %" (range / excursion). */
static void snia_cell(struct sr_table *t, size_t row, size_t col, const struct sr_test *tt,
		      const struct sr_series *se, double unit)
{
	struct sr_snia s;
	double from;

	sr_series_snia(tt, se, &s);
	if (!s.evaluated) {
		sr_table_set(t, row, col, "? (fewer than 5 rounds)");
		return;
	}
	if (s.attained && steady_since(tt, se, &from)) /* in the unit of the chart's time axis */
		sr_table_set(t, row, col, "yes, since %.3g %s", from / unit,
			     unit == 3600 ? "h"
			     : unit == 60 ? "min"
					  : "s");
	else if (s.attained)
		sr_table_set(t, row, col, "yes, rounds %g\xe2\x80\x93%g", s.first_round,
			     s.last_round);
	else
		sr_table_set(t, row, col, "no: %.0f %% / %.0f %%", s.range_pct, s.excursion_pct);
	sr_table_mark(t, row, col, s.attained ? SR_MARK_PASS : SR_MARK_NONE);
}

/* fio's own verdict of the workload's runs. */
static void fio_ss_cell(struct sr_table *t, size_t row, size_t col, const struct sr_test *tt,
			const struct sr_series *se)
{
	for (size_t i = 0; i < se->nruns; i++) {
		const struct sr_fio_ss *ss = &tt->runs[se->runs[i]].fio_ss;

		if (!ss->present)
			continue;
		sr_table_set(t, row, col, "%s", ss->attained ? "yes" : "no");
		sr_table_mark(t, row, col, ss->attained ? SR_MARK_PASS : SR_MARK_NONE);
		return;
	}
	sr_table_set(t, row, col, SR_NOT_MEASURED);
}

/* fio's criterion as the jobs set it ("iops:10.000000%"), for the note; NULL when none. */
static const char *fio_criterion(const struct sr_rtest *const *tests, size_t n, size_t nd)
{
	for (size_t i = 0; i < n; i++)
		for (size_t dv = 0; dv < nd; dv++)
			for (size_t k = 0;
			     tests[i]->per_drive[dv] && k < tests[i]->per_drive[dv]->test->nruns;
			     k++)
				if (tests[i]->per_drive[dv]->test->runs[k].fio_ss.ss)
					return tests[i]->per_drive[dv]->test->runs[k].fio_ss.ss;
	return NULL;
}

/* fio's steadystate option ("iops:10.000000%", "iops_slope:0.1%", "bw:2%") in words:
 * "IOPS within 10 % of their mean"; anything else as fio wrote it. */
static const char *criterion_words(const char *ss, char *buf, size_t len)
{
	char metric[32];
	double v;
	bool slope;

	if (!ss || sscanf(ss, "%31[^:]:%lf%%", metric, &v) != 2) {
		snprintf(buf, len, "%s", ss ? ss : SR_UNKNOWN);
		return buf;
	}
	slope = strstr(metric, "_slope") != NULL;
	snprintf(buf, len, "%s %s within %g %% of their mean (steadystate=%s)",
		 !strncmp(metric, "bw", 2) ? "bandwidth" : "IOPS", slope ? "slope" : "samples", v,
		 ss);
	return buf;
}

/* The workload a preconditioning test is for, in the catalogue's words. */
static const char *workload_of(const struct sr_rtest *t, char *buf, size_t len)
{
	const char *cut = strstr(t->title, " preconditioning");

	snprintf(buf, len, "%.*s", cut ? (int)(cut - t->title) : (int)strlen(t->title), t->title);
	return buf;
}

/* Workload @k of test @tt in the verdict table: its name, as the chart names it. */
static const char *verdict_workload(const struct sr_rtest *tt, size_t k, bool several,
				    const size_t *dvs, size_t nd, char *wl, size_t len)
{
	workload_of(tt, wl, len);
	for (size_t c = 0; several && c < nd; c++) {
		const struct sr_series *se = sr_rep_series(tt->per_drive[dvs[c]], k);

		if (se) {
			snprintf(wl + strlen(wl), len - strlen(wl), " (workload %zu: %s)", k + 1,
				 se->name);
			break;
		}
	}
	return wl;
}

/* The verdict table's two columns from @col for workload @k of test @tt, a row per drive. */
static void verdict_cols(struct sr_report *r, struct sr_table *t, size_t col,
			 const struct sr_rtest *tt, size_t k, const size_t *dvs, size_t nd,
			 bool *intervals)
{
	const char *label;
	double unit = sr_rep_time_unit(series_end(r, tt, k), &label);

	for (size_t c = 0; c < nd; c++) {
		const struct sr_result *res = tt->per_drive[dvs[c]];
		const struct sr_series *se = sr_rep_series(res, k);
		struct sr_snia s;

		if (!res || !se) {
			sr_table_set(t, c, col, SR_NOT_MEASURED);
			sr_table_set(t, c, col + 1, SR_NOT_MEASURED);
			continue;
		}
		snia_cell(t, c, col, res->test, se, unit);
		fio_ss_cell(t, c, col + 1, res->test, se);
		if (res->error) {
			sr_table_mark(t, c, col, SR_MARK_FAIL);
			t->flags |= SR_NOTE_JOB_ERROR;
		}
		sr_series_snia(res->test, se, &s);
		*intervals |= s.basis == SR_SS_INTERVALS;
	}
}

/*
 * The verdicts: a row per drive, two columns per workload (SNIA PTS, fio's own), as each
 * workload's chart counts them in its title.
 */
static int verdicts(struct sr_report *r, const struct catalogue_family *f,
		    const struct sr_rtest *const *tests, size_t n)
{
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(size_t)), nd = 0, nw = 0, col = 1;
	char name[160], head[300], tq[32], wl[300];
	struct sr_table *t;
	bool intervals = false;
	char crit[160];
	int rc;

	if (!dvs)
		return -ENOMEM;
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (sr_rep_column(r, dv, tests, n) && !r->m->drives[dv].source)
			dvs[nd++] = dv;
	for (size_t i = 0; i < n; i++)
		nw += sr_rep_nseries(r, tests[i]) ? sr_rep_nseries(r, tests[i]) : 1;
	snprintf(name, sizeof(name), "family-%s", f ? f->id : "precondition");
	snprintf(head, sizeof(head), "Steady state reached, at %s",
		 sr_rtest_tq(tests[0], tq, sizeof(tq)));
	t = sr_table_new(name, head, 1 + 2 * nw);
	if (!t) {
		free(dvs);
		return -ENOMEM;
	}
	sr_table_head(t, 0, "drive");
	for (size_t c = 0; c < nd; c++)
		sr_table_set(t, sr_table_row(t), 0, "%s",
			     sr_rep_drive(r, dvs[c], head, sizeof(head)));
	for (size_t i = 0; i < n; i++) {
		size_t nk = sr_rep_nseries(r, tests[i]);

		for (size_t k = 0; k < (nk ? nk : 1); k++, col += 2) {
			verdict_workload(tests[i], k, nk > 1, dvs, nd, wl, sizeof(wl));
			sr_table_group(t, col, wl);
			sr_table_group(t, col + 1, wl);
			sr_table_head(t, col, "SNIA PTS");
			sr_table_head(t, col + 1, "fio ss");
			sr_table_text(t, col); /* verdicts: "yes, since 3", "no: range 31 %" */
			sr_table_text(t, col + 1);
			verdict_cols(r, t, col, tests[i], k, dvs, nd, &intervals);
		}
	}
	sr_rep_table_notes(t);
	sr_table_note(
	    t,
	    "%s%sSNIA PTS: steady when 5 rounds stay within 20 %% of their mean "
	    "(range) and their slope within 10 %% (excursion), as the last 5 do: \"yes, since\" "
	    "the start of the run of such windows that ends with them (shaded on the "
	    "chart), \"no: range / excursion\" of the last 5 rounds%s. fio ss: fio's own criterion "
	    "(%s).",
	    t->note ? t->note : "", t->note ? " " : "",
	    intervals ? "; these results hold no rounds, so 1-s intervals stand in (a "
			"far shorter window than the PTS intends)"
		      : "",
	    criterion_words(fio_criterion(tests, n, r->m->ndrives), crit, sizeof(crit)));
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(dvs);
	return rc;
}

int sr_section_precondition(struct sr_report *r, const struct catalogue_family *f,
			    const struct sr_rtest *const *tests, size_t n)
{
	bool any = false;
	int rc = 0;

	for (size_t i = 0; i < n && !any; i++)
		any = sr_rep_has_series(r, tests[i]);
	sr_page_grid(&r->page, true);
	for (size_t i = 0; i < n && !rc && any; i++)
		for (size_t k = 0; k < sr_rep_nseries(r, tests[i]) && !rc; k++)
			rc = sr_series_chart(r, tests[i], k, SR_HALF_W, true);
	if (!rc) /* beside the last chart when that one is alone on its row */
		rc = verdicts(r, f, tests, n);
	sr_page_grid(&r->page, false);
	return rc ? rc : r->page.err;
}
