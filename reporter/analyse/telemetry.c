// SPDX-License-Identifier: GPL-2.0-only
/* telemetry.c - write amplification, temperature and flags of a test (telemetry.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/telemetry.h"

static const struct sr_value absent = {0, SR_ABSENT};

static struct sr_value delta(const struct sr_tel_counter *c)
{
	return c->first >= 0 && c->last >= c->first ? sr_val((double)(c->last - c->first)) : absent;
}

void sr_tel_figures(const struct sr_tel_test *t, struct sr_value fio_written_bytes,
		    struct sr_tel_figures *f)
{
	struct sr_value smart = delta(&t->host_smart), own = delta(&t->media_host);
	struct sr_value pages = delta(&t->media_pages), host_pages = delta(&t->media_host_pages);

	memset(f, 0, sizeof(*f));
	f->temp_min_c = f->temp_max_c = absent;
	f->media_bytes = t->media_source ? delta(&t->media) : absent;
	f->media_source = sr_ok(f->media_bytes) ? t->media_source : NULL;
	f->media_pages = f->host_pages = absent;
	if (t->media_source && !sr_ok(f->media_bytes) && sr_ok(pages)) {
		/* NAND pages: the ratio of the two counts, never bytes */
		f->pages = true;
		f->media_source = t->media_source;
		f->media_pages = pages;
		f->host_pages = host_pages;
	}
	/* the host side in the media log's own units first: both counted alike */
	if (f->media_source && !f->pages && sr_ok(own)) {
		f->host_bytes = own;
		f->host_source = "host writes from the same source";
	} else if (sr_ok(smart)) {
		f->host_bytes = smart;
		f->host_source = "SMART data units written";
	} else if (sr_ok(fio_written_bytes)) {
		f->host_bytes = fio_written_bytes;
		f->host_source = "fio's bytes written";
	} else {
		f->host_bytes = absent;
		f->host_source = NULL;
	}
	if (f->pages)
		f->waf =
		    sr_ok(host_pages) && host_pages.v > 0 ? sr_val(pages.v / host_pages.v) : absent;
	else
		f->waf = f->media_source && sr_ok(f->host_bytes) && f->host_bytes.v > 0
			     ? sr_val(f->media_bytes.v / f->host_bytes.v)
			     : absent;
	for (size_t i = 0; i < t->npoints; i++) {
		double c = t->points[i].temp_c;

		if (isnan(c))
			continue;
		if (!sr_ok(f->temp_min_c) || c < f->temp_min_c.v)
			f->temp_min_c = sr_val(c);
		if (!sr_ok(f->temp_max_c) || c > f->temp_max_c.v)
			f->temp_max_c = sr_val(c);
	}
	f->throttle_s = t->tmt_s.first >= 0 ? t->tmt_s.last - t->tmt_s.first : -1;
	f->throttled = (t->tmt.first >= 0 && t->tmt.last > t->tmt.first) || f->throttle_s > 0;
	f->warning_bits = t->warning_bits;
}

struct sr_value sr_tel_fio_written(const struct sr_drive *drv, const char *id)
{
	double sum = 0;
	bool any = false;

	for (size_t i = 0; i < drv->ntests; i++) {
		const struct sr_test *t = &drv->tests[i];

		if (strcmp(t->id, id))
			continue;
		for (size_t k = 0; k < t->nruns; k++) {
			const struct sr_dir *w = &t->runs[k].dir[SR_WRITE];

			if (w->present && sr_ok(w->io_bytes)) {
				sum += w->io_bytes.v;
				any = true;
			}
		}
	}
	return any ? sr_val(sum) : absent;
}

const struct sr_tel_test *sr_tel_of(const struct sr_drive *drv, const char *id)
{
	return sr_tel_next(drv, id, NULL);
}

const struct sr_tel_test *sr_tel_next(const struct sr_drive *drv, const char *id,
				      const struct sr_tel_test *prev)
{
	for (size_t i = prev ? (size_t)(prev - drv->tel) + 1 : 0; i < drv->ntel; i++)
		if (!strcmp(drv->tel[i].id, id))
			return &drv->tel[i];
	return NULL;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median spacing of @t's points, 0 with fewer than two. */
static double usual_spacing(const struct sr_tel_test *t)
{
	double *d, m;

	if (t->npoints < 2)
		return 0;
	d = malloc((t->npoints - 1) * sizeof(*d));
	if (!d)
		return -1;
	for (size_t i = 1; i < t->npoints; i++)
		d[i - 1] = t->points[i].t - t->points[i - 1].t;
	qsort(d, t->npoints - 1, sizeof(*d), cmp_double);
	m = (t->npoints - 1) % 2 ? d[(t->npoints - 1) / 2]
				 : (d[(t->npoints - 1) / 2 - 1] + d[(t->npoints - 1) / 2]) / 2;
	free(d);
	return m;
}

int sr_tel_track(const struct sr_tel_test *t, struct sr_tel_mark **marks, size_t *nmarks,
		 struct sr_tel_span **spans, size_t *nspans)
{
	double usual = usual_spacing(t);

	*marks = NULL;
	*spans = NULL;
	*nmarks = *nspans = 0;
	if (usual < 0)
		return -ENOMEM;
	if (!t->npoints)
		return 0;
	*marks = calloc(t->npoints, sizeof(**marks));
	*spans = calloc(t->npoints, sizeof(**spans));
	if (!*marks || !*spans) {
		free(*marks);
		free(*spans);
		*marks = NULL;
		*spans = NULL;
		return -ENOMEM;
	}
	for (size_t i = 0; i < t->npoints; i++) {
		const struct sr_tel_point *p = &t->points[i];
		struct sr_tel_mark *m = &(*marks)[i];
		double step = i ? p->t - t->points[i - 1].t : 0;

		m->x_s = p->t - t->t0;
		m->temp_c = p->temp_c;
		memcpy(m->sensors_c, p->sensors_c, sizeof(m->sensors_c));
		m->gap_before =
		    i && (p->after_error || (step > SR_TEL_GAP * usual && step > usual + 1));
		if (!i || !p->throttle)
			continue;
		if (*nspans && (*spans)[*nspans - 1].x1_s == (*marks)[i - 1].x_s)
			(*spans)[*nspans - 1].x1_s = m->x_s;
		else
			(*spans)[(*nspans)++] = (struct sr_tel_span){(*marks)[i - 1].x_s, m->x_s};
	}
	*nmarks = t->npoints;
	if (!*nspans) {
		free(*spans);
		*spans = NULL;
	}
	return 0;
}
