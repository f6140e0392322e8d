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

/* Whether drive @dv has series @k of test @t and some sample of it (of any drive of a group). */
static bool sampled(const struct sr_report *r, const struct sr_rtest *t, size_t k, size_t dv)
{
	const struct sr_drive *drv = &r->m->drives[dv];

	if (!sr_rep_series(t->per_drive[dv], k))
		return false;
	for (const struct sr_tel_test *x = sr_tel_of(drv, t->id); x; x = sr_tel_next(drv, t->id, x))
		if (x->npoints)
			return true;
	return false;
}

/* Append to @out->members what a group's line holds: "G: a line each for d1 and d2" or "G: d1
 * alone (d2 not sampled)". */
static void say_members(const struct sr_drive *drv, const char *id, struct sr_temp *out)
{
	char drawn[200] = "", unsampled[200] = "";
	size_t nd = 0, nu = 0, len = strlen(out->members);

	for (size_t m = 0; m < drv->nmember_info; m++) {
		const char *name = drv->member_info[m].name;
		const struct sr_tel_test *x;
		char *to = unsampled;
		size_t *n = &nu;

		for (x = sr_tel_of(drv, id); x; x = sr_tel_next(drv, id, x))
			if (x->member && !strcmp(x->member, name) && x->npoints) {
				to = drawn;
				n = &nd;
				break;
			}
		snprintf(to + strlen(to), sizeof(drawn) - strlen(to), "%s%s", *n ? ", " : "", name);
		(*n)++;
	}
	if (nd + nu < 2)
		return;
	if (nu)
		snprintf(out->members + len, sizeof(out->members) - len,
			 "%s%s: %s alone (%s not sampled)", len ? "; " : "", drv->label, drawn,
			 unsampled);
	else
		snprintf(out->members + len, sizeof(out->members) - len,
			 "%s%s: each of its drives (%s) a line, shaded where any throttled",
			 len ? "; " : "", drv->label, drawn);
}

int sr_temp_plan(const struct sr_report *r, const struct sr_rtest *t, size_t k, struct sr_temp *out)
{
	size_t nd = r->m->ndrives, most = 0;

	memset(out, 0, sizeof(*out));
	for (size_t dv = 0; dv < nd; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];

		out->reported |= drv->ntel > 0;
		if (sampled(r, t, k, dv)) {
			out->any = true;
			for (const struct sr_tel_test *x = sr_tel_of(drv, t->id); x;
			     x = sr_tel_next(drv, t->id, x))
				most += x->npoints;
			say_members(drv, t->id, out);
		} else if (sr_rep_series(t->per_drive[dv], k)) {
			size_t len = strlen(out->missing);

			snprintf(out->missing + len, sizeof(out->missing) - len, "%s%s",
				 out->nmissing ? ", " : "", drv->label);
			out->nmissing++;
		}
	}
	if (!out->any)
		return 0;
	return sr_temp_alloc(out, nd, most);
}

int sr_temp_alloc(struct sr_temp *tp, size_t nslots, size_t npoints)
{
	tp->lines = calloc(nslots * SR_TEMP_NCOLS + 1, sizeof(*tp->lines));
	tp->bands = calloc(npoints + 1, sizeof(*tp->bands));
	tp->line_of = calloc(2 * nslots + 2, sizeof(*tp->line_of));
	tp->band_of = calloc(2 * nslots + 2, sizeof(*tp->band_of));
	return tp->lines && tp->bands && tp->line_of && tp->band_of ? 0 : -ENOMEM;
}

size_t sr_temp_points(const struct sr_drive *drv, const char *id)
{
	size_t n = 0;

	for (const struct sr_tel_test *x = sr_tel_of(drv, id); x; x = sr_tel_next(drv, id, x))
		n += x->npoints;
	return n;
}

static int cmp_band(const void *a, const void *b)
{
	double x = ((const struct sr_band *)a)->x0, y = ((const struct sr_band *)b)->x0;

	return x < y ? -1 : x > y;
}

/* One drive's (or one drive of a group's) rows of @x into @ch's current block, a break before
 * them when @after rows already there; its throttle periods, cut to [0, @tmax], into @out.
 * Return: the rows written, or -ENOMEM. */
static long member_rows(struct sr_chart *ch, const struct sr_tel_test *x, size_t colour,
			size_t col0, double tmax, bool after, struct sr_temp *out)
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
		if (m[i].gap_before || (i == 0 && after))
			sr_chart_break(ch);
		sr_chart_point(ch, NULL, v);
	}
	for (size_t i = 0; i < ns; i++) {
		double x0 = sp[i].x0_s < 0 ? 0 : sp[i].x0_s, x1 = sp[i].x1_s;

		if (tmax > 0 && x1 > tmax)
			x1 = tmax;
		if (x1 > x0)
			out->bands[out->nbands++] = (struct sr_band){x0, x1, colour};
	}
	free(v);
	free(m);
	free(sp);
	return (long)nm;
}

int sr_temp_block(struct sr_chart *ch, const struct sr_drive *drv, const char *id, size_t slot,
		  size_t colour, size_t col0, double tmax, struct sr_temp *out)
{
	size_t rows = 0, b0 = out->nbands, nb;

	out->line_of[2 * slot] = out->nlines;
	out->band_of[2 * slot] = b0;
	for (const struct sr_tel_test *x = sr_tel_of(drv, id); x; x = sr_tel_next(drv, id, x)) {
		long n = x->npoints ? member_rows(ch, x, colour, col0, tmax, rows > 0, out) : 0;

		if (n < 0)
			return (int)n;
		rows += (size_t)n;
	}
	qsort(&out->bands[b0], out->nbands - b0, sizeof(*out->bands), cmp_band);
	nb = out->nbands - b0 ? 1 : 0;
	for (size_t i = b0 + 1; i < out->nbands; i++) {
		struct sr_band *last = &out->bands[b0 + nb - 1];

		if (out->bands[i].x0 <= last->x1) {
			if (out->bands[i].x1 > last->x1)
				last->x1 = out->bands[i].x1;
		} else {
			out->bands[b0 + nb++] = out->bands[i];
		}
	}
	out->nbands = b0 + nb;
	for (size_t c = 0; c < SR_TEMP_NCOLS; c++)
		out->lines[out->nlines++] = (struct sr_line){.block = ch->nblocks - 1,
							     .ycol = col0 + c,
							     .colour = colour,
							     .dash = c ? 2 : 1,
							     .points = rows < 3};
	out->line_of[2 * slot + 1] = out->nlines - out->line_of[2 * slot];
	out->band_of[2 * slot + 1] = out->nbands - out->band_of[2 * slot];
	return 0;
}

int sr_temp_frame(struct sr_chart *ch, const struct sr_report *r, const struct sr_rtest *t,
		  size_t k, size_t col0, double tmax, struct sr_temp *tp)
{
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		int rc;

		sr_chart_series(ch, r->m->drives[dv].label);
		if (sampled(r, t, k, dv) &&
		    (rc = sr_temp_block(ch, &r->m->drives[dv], t->id, dv, dv, col0, tmax, tp)))
			return rc;
	}
	return 0;
}

void sr_temp_caption(struct sr_chart *ch, const struct sr_temp *tp, size_t ndrawn)
{
	size_t len = strlen(ch->caption);

	if (tp->members[0] && len < sizeof(ch->caption)) {
		snprintf(ch->caption + len, sizeof(ch->caption) - len,
			 ". Drive temperature of %.*s", (int)(sizeof(ch->caption) - len),
			 tp->members);
		len = strlen(ch->caption);
	}
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
