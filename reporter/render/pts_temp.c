// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_temp.c - a PTS test's drive temperature on pts.html (pts_page.h sr_pts_temp()): one panel,
 * the seconds since the test's start against °C, drawn as the series charts draw it
 * (series_temp.h), each round's end a dotted line numbered above the plot.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyse/telemetry.h"
#include "model/pts.h"
#include "render/pts_page.h"
#include "render/series_temp.h"

/* ISO 8601 UTC ("2026-12-01T14:54:32Z") to Unix seconds; NaN when it is not that. */
static double iso_s(const char *iso)
{
	struct tm tm = {0};
	const char *end = iso ? strptime(iso, "%Y-%m-%dT%H:%M:%S", &tm) : NULL;

	return end ? (double)timegm(&tm) : NAN;
}

/* Labels above the plot stay apart: about one per this many pixels of the panel's plot. */
#define MARK_LABEL_PX 18
#define PLOT_PX 1050

/* The rounds' ends of @t (every phase's, in order) on its time axis into @marks (room for all),
 * colour @colour; @t0 the test's start. Return: their number. */
static size_t round_marks(const struct sr_pts_test *t, double t0, size_t colour,
			  struct sr_xmark *marks)
{
	const struct rec_pts *rp = t->doc ? t->doc->rec.pts : NULL;
	size_t n = 0;

	for (size_t k = 0; rp && k < rp->nphases; k++)
		for (size_t i = 0; i < rp->phases[k].nrounds; i++) {
			const struct rec_pts_round *rd = &rp->phases[k].rounds[i];
			double x = iso_s(rd->ended) - t0;

			if (!isfinite(x) || x < 0)
				continue;
			marks[n] = (struct sr_xmark){.x = x, .colour = colour};
			snprintf(marks[n].label, sizeof(marks[n].label), "%d", rd->round);
			n++;
		}
	return n;
}

/* How many rounds @t records (room for its marks). */
static size_t nrounds(const struct sr_pts_test *t)
{
	const struct rec_pts *rp = t->doc ? t->doc->rec.pts : NULL;
	size_t n = 0;

	for (size_t k = 0; rp && k < rp->nphases; k++)
		n += rp->phases[k].nrounds;
	return n;
}

int sr_pts_temp(struct sr_report *r, struct sr_page *p, const struct sr_pts_part *parts, size_t n,
		int page_no, int *plot)
{
	const char *id = parts[0].t->id;
	const char *const *names = sr_temp_names();
	const char *cols[1 + SR_TEMP_NCOLS] = {"t_s"};
	char name[300], title[300], missing[300] = "", phases[300] = "";
	size_t most = 0, nsampled = 0, nmarks = 0, room = 0;
	struct sr_temp tp = {0};
	struct sr_xmark *marks = NULL;
	struct sr_key *keys = NULL;
	struct sr_chart ch;
	double tmax = 0;
	int rc;

	for (size_t d = 0; d < n; d++) {
		size_t np = sr_temp_points(parts[d].drv, id);

		if (np) {
			most += np;
			nsampled++;
		} else {
			snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing),
				 "%s%s", missing[0] ? ", " : "", parts[d].drv->label);
		}
		room += nrounds(parts[d].t);
	}
	if (!nsampled) {
		sr_page_text(p, "note", "Drive temperature through this test: not sampled%s%s.",
			     n > 1 ? " on " : "", n > 1 ? missing : "");
		return 0;
	}
	memcpy(&cols[1], names, SR_TEMP_NCOLS * sizeof(*cols));
	snprintf(name, sizeof(name), "pts-%s-%s-temperature",
		 n == 1 ? parts[0].drv->label : "drives", id);
	for (char *c = name; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
	snprintf(title, sizeof(title), "Plot %d.%d · drive temperature through the test (°C)",
		 page_no, ++*plot);
	if ((rc = sr_temp_alloc(&tp, n, most)) || !(marks = calloc(room + 1, sizeof(*marks))) ||
	    !(keys = calloc(n + 1, sizeof(*keys)))) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t d = 0; d < n; d++) { /* the x range: every test's end, every sample */
		const struct sr_pts_test *t = parts[d].t;
		double t0 = iso_s(t->started), end = iso_s(t->ended) - t0;

		if (isfinite(end) && end > tmax)
			tmax = end;
		for (const struct sr_tel_test *x = sr_tel_of(parts[d].drv, id); x;
		     x = sr_tel_next(parts[d].drv, id, x))
			for (size_t i = 0; i < x->npoints; i++)
				if (x->points[i].t - x->t0 > tmax)
					tmax = x->points[i].t - x->t0;
	}
	if ((rc = sr_rep_chart_begin(r, &ch, name, title, SR_PAGE_W, 380)))
		goto out;
	sr_chart_frame(&ch, "drive", NULL, cols, 1 + SR_TEMP_NCOLS);
	for (size_t d = 0; d < n; d++) {
		size_t colour = (size_t)(parts[d].drv - r->m->drives);

		sr_chart_series(&ch, parts[d].drv->label);
		if (sr_temp_points(parts[d].drv, id) &&
		    (rc = sr_temp_block(&ch, parts[d].drv, id, d, colour, 1, tmax, &tp))) {
			sr_chart_abort(&ch);
			goto out;
		}
		nmarks +=
		    round_marks(parts[d].t, iso_s(parts[d].t->started), colour, &marks[nmarks]);
		keys[d] =
		    (struct sr_key){.title = parts[d].drv->label, .colour = colour, .dash = 1};
	}
	/* labels a panel's width can hold: every round's when they fit, else every k-th */
	if (nmarks > 0) {
		size_t every = (nmarks * MARK_LABEL_PX + PLOT_PX - 1) / PLOT_PX;

		for (size_t i = 0; every > 1 && i < nmarks; i++)
			if ((i + 1) % every)
				marks[i].label[0] = '\0';
	}
	{
		const struct sr_pts_test *t0 = parts[0].t;

		for (size_t k = 0; t0->nphases > 1 && k < t0->nphases; k++)
			snprintf(phases + strlen(phases), sizeof(phases) - strlen(phases), "%s%s",
				 k ? ", then " : " (rounds of ", t0->phases[k].def->id);
		if (phases[0])
			snprintf(phases + strlen(phases), sizeof(phases) - strlen(phases),
				 ", each numbered from 1)");
	}
	const char *xlabel;
	double unit = sr_rep_time_unit(tmax, &xlabel); /* s, min or h as the series charts */
	struct sr_panel pan = {.title = NULL,
			       .xlabel = xlabel,
			       .xdiv = unit,
			       .ylabel = "°C",
			       .xcol = 0,
			       .xmin = 0,
			       .xmax = tmax > 0 ? tmax : NAN,
			       .hline = NAN,
			       .bands = tp.bands,
			       .nbands = tp.nbands,
			       .lines = tp.lines,
			       .nlines = tp.nlines,
			       .marks = marks,
			       .nmarks = nmarks};

	snprintf(ch.caption, sizeof(ch.caption),
		 "Drive temperature through the test, from its start: the composite (solid; "
		 "sensors dashed where reported), throttling shaded%s%.100s%s%.80s%s",
		 nmarks ? "; dotted lines: each round's end, numbered above" : "",
		 nmarks ? phases : "", missing[0] ? ". Not sampled on " : "", missing,
		 nmarks < room ? ". Rounds with no end recorded: unmarked" : "");
	sr_chart_lines(&ch, &pan, 1, 1, keys, n);
	rc = sr_rep_chart_end(r, &ch, p, SR_PAGE_W);
out:
	free(marks);
	free(keys);
	sr_temp_free(&tp);
	return rc;
}
