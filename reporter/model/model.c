// SPDX-License-Identifier: GPL-2.0-only
/* model.c - lookups on and release of the reporter model (model.h). */
#include <math.h>
#include <stdlib.h>

#include "model/model.h"

struct sr_value sr_lat_pct(const struct sr_lat *l, double pct)
{
	for (size_t i = 0; i < l->npct; i++)
		if (fabs(l->pct[i].pct - pct) < 1e-6)
			return sr_val(l->pct[i].ns);
	return (struct sr_value){0, SR_ABSENT};
}

static void lat_free(struct sr_lat *l)
{
	free(l->pct);
	free(l->bins);
}

void sr_run_free(struct sr_run *r)
{
	free(r->name);
	free(r->host);
	free(r->rw);
	for (int d = 0; d < SR_NDIR; d++) {
		lat_free(&r->dir[d].clat);
		lat_free(&r->dir[d].slat);
		lat_free(&r->dir[d].lat);
	}
	free(r->fio_ss.ss);
	free(r->fio_ss.iops);
	free(r->fio_ss.bw);
}

void sr_series_free(struct sr_series *s)
{
	free(s->name);
	free(s->runs);
	free(s->iv);
}

void sr_test_free(struct sr_test *t)
{
	for (size_t i = 0; i < t->nruns; i++)
		sr_run_free(&t->runs[i]);
	free(t->runs);
	for (size_t i = 0; i < t->nseries; i++)
		sr_series_free(&t->series[i]);
	free(t->series);
	free(t->id);
	free(t->path);
	free(t->fio_version);
}

void sr_drive_free(struct sr_drive *d)
{
	for (size_t i = 0; i < d->ntests; i++)
		sr_test_free(&d->tests[i]);
	free(d->tests);
	for (size_t i = 0; i < d->nidentity; i++) {
		free(d->identity[i].key);
		free(d->identity[i].value);
	}
	free(d->identity);
	for (size_t i = 0; i < d->nnotes; i++) {
		free(d->notes[i].id);
		free(d->notes[i].status);
		free(d->notes[i].reason);
	}
	free(d->notes);
	free(d->label);
	free(d->profile);
	free(d->source);
	free(d->dir);
}

void sr_model_free(struct sr_model *m)
{
	for (size_t i = 0; i < m->ndrives; i++)
		sr_drive_free(&m->drives[i]);
	free(m->drives);
	m->drives = NULL;
	m->ndrives = 0;
}
