// SPDX-License-Identifier: GPL-2.0-only
/* series_temp.c - the drive's temperature under a test's throughput (series_temp.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/telemetry.h"
#include "render/section_helpers.h"
#include "render/series_temp.h"

static const char *const names[SR_TEMP_NCOLS] = {"temp_c",    "sensor1_c", "sensor2_c",
						 "sensor3_c", "sensor4_c", "sensor5_c",
						 "sensor6_c", "sensor7_c", "sensor8_c"};

const char *const *sr_temp_names(void) { return names; }

/* Drive @dv's samples of test @t, when it has series @k: NULL when it has none. */
static const struct sr_tel_test *sampled(const struct sr_report *r, const struct sr_rtest *t,
					 size_t k, size_t dv)
{
	const struct sr_tel_test *x = sr_tel_of(&r->m->drives[dv], t->id);

	return x && x->npoints && sr_rep_series(t->per_drive[dv], k) ? x : NULL;
}

int sr_temp_plan(const struct sr_report *r, const struct sr_rtest *t, size_t k, struct sr_temp *out)
{
	size_t nd = r->m->ndrives, most = 0;

	memset(out, 0, sizeof(*out));
	for (size_t dv = 0; dv < nd; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];
		const struct sr_tel_test *x = sampled(r, t, k, dv);

		out->reported |= drv->ntel > 0;
		if (x) {
			out->any = true;
			most += x->npoints;
		} else if (sr_rep_series(t->per_drive[dv], k)) {
			size_t len = strlen(out->missing);

			snprintf(out->missing + len, sizeof(out->missing) - len, "%s%s",
				 out->nmissing ? ", " : "", drv->label);
			out->nmissing++;
		}
	}
	if (!out->any)
		return 0;
	out->lines = calloc(nd * SR_TEMP_NCOLS + 1, sizeof(*out->lines));
	out->bands = calloc(most + 1, sizeof(*out->bands));
	out->line_of = calloc(2 * nd + 2, sizeof(*out->line_of));
	out->band_of = calloc(2 * nd + 2, sizeof(*out->band_of));
	return out->lines && out->bands && out->line_of && out->band_of ? 0 : -ENOMEM;
}

/* Drive @dv's block (@ch's current series): a row per sample, its lines and bands. */
static int drive_block(struct sr_chart *ch, const struct sr_tel_test *x, size_t dv, size_t col0,
		       double tmax, struct sr_temp *out)
{
	struct sr_tel_mark *m;
	struct sr_tel_span *sp;
	size_t nm, ns;
	double *v = calloc(ch->ncols, sizeof(*v));
	int rc = v ? sr_tel_track(x, &m, &nm, &sp, &ns) : -ENOMEM;

	if (rc) {
		free(v);
		return rc;
	}
	for (size_t i = 0; i < nm; i++) {
		for (size_t c = 0; c < ch->ncols; c++)
			v[c] = NAN;
		v[0] = m[i].x_s; /* the frame's time column (C_T) */
		v[col0] = m[i].temp_c;
		for (size_t s = 0; s < 8; s++)
			v[col0 + 1 + s] = m[i].sensors_c[s];
		if (m[i].gap_before)
			sr_chart_break(ch);
		sr_chart_point(ch, NULL, v);
	}
	out->line_of[2 * dv] = out->nlines;
	out->band_of[2 * dv] = out->nbands;
	for (size_t c = 0; c < SR_TEMP_NCOLS; c++)
		out->lines[out->nlines++] = (struct sr_line){.block = ch->nblocks - 1,
							     .ycol = col0 + c,
							     .colour = dv,
							     .dash = c ? 2 : 1,
							     .points = nm < 3};
	for (size_t i = 0; i < ns; i++) {
		double x0 = sp[i].x0_s < 0 ? 0 : sp[i].x0_s, x1 = sp[i].x1_s;

		if (tmax > 0 && x1 > tmax)
			x1 = tmax;
		if (x1 > x0)
			out->bands[out->nbands++] = (struct sr_band){x0, x1, dv};
	}
	out->line_of[2 * dv + 1] = out->nlines - out->line_of[2 * dv];
	out->band_of[2 * dv + 1] = out->nbands - out->band_of[2 * dv];
	free(v);
	free(m);
	free(sp);
	return 0;
}

int sr_temp_frame(struct sr_chart *ch, const struct sr_report *r, const struct sr_rtest *t,
		  size_t k, size_t col0, double tmax, struct sr_temp *tp)
{
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_tel_test *x = sampled(r, t, k, dv);
		int rc;

		sr_chart_series(ch, r->m->drives[dv].label);
		if (x && (rc = drive_block(ch, x, dv, col0, tmax, tp)))
			return rc;
	}
	return 0;
}

void sr_temp_caption(struct sr_chart *ch, const struct sr_temp *tp, size_t ndrawn)
{
	size_t len = strlen(ch->caption);

	if (!tp->reported || !tp->nmissing || len >= sizeof(ch->caption))
		return;
	if (tp->nmissing >= ndrawn)
		snprintf(ch->caption + len, sizeof(ch->caption) - len,
			 ". Drive temperature: not sampled");
	else
		snprintf(ch->caption + len, sizeof(ch->caption) - len,
			 ". Drive temperature: not sampled on %s", tp->missing);
}

void sr_temp_free(struct sr_temp *tp)
{
	free(tp->lines);
	free(tp->bands);
	free(tp->line_of);
	free(tp->band_of);
	memset(tp, 0, sizeof(*tp));
}
