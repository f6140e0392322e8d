// SPDX-License-Identifier: GPL-2.0-only
/* model.c - lookups on and release of the reporter model (model.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/pts.h"

struct sr_value sr_lat_pct(const struct sr_lat *l, double pct)
{
	for (size_t i = 0; i < l->npct; i++)
		if (fabs(l->pct[i].pct - pct) < 1e-6)
			return sr_val(l->pct[i].ns);
	return (struct sr_value){0, SR_ABSENT};
}

const char *sr_run_option(const struct sr_run *r, const char *key)
{
	for (size_t i = r->noptions; i-- > 0;) /* the last one set wins: job over global */
		if (!strcmp(r->options[i].key, key))
			return r->options[i].value;
	return NULL;
}

static void kv_free(struct sr_kv *kv, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(kv[i].key);
		free(kv[i].value);
	}
	free(kv);
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
	free(r->fio_ss.criterion_text);
	free(r->fio_ss.iops);
	free(r->fio_ss.bw);
	kv_free(r->options, r->noptions);
}

void sr_series_free(struct sr_series *s)
{
	free(s->name);
	free(s->runs);
	free(s->iv);
	free(s->pw);
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
	free(t->jobfile);
}

void sr_apps_free(struct sr_apps *a)
{
	free(a->id);
	free(a->path);
	free(a->status);
	free(a->failed_step);
	free(a->error);
	free(a->note);
	free(a->test);
	free(a->server);
	free(a->profile);
	free(a->fs_type);
	free(a->write_cache);
	free(a->inst);
	memset(a, 0, sizeof(*a));
}

void sr_drive_free(struct sr_drive *d)
{
	for (size_t i = 0; i < d->ntests; i++)
		sr_test_free(&d->tests[i]);
	free(d->tests);
	kv_free(d->identity, d->nidentity);
	sr_drive_info_free(&d->info);
	for (size_t i = 0; i < d->nmember_info; i++) {
		free(d->member_info[i].name);
		sr_drive_info_free(&d->member_info[i].info);
	}
	free(d->member_info);
	sr_run_info_free(&d->run);
	for (size_t i = 0; i < d->nnotes; i++) {
		free(d->notes[i].id);
		free(d->notes[i].status);
		free(d->notes[i].reason);
	}
	free(d->notes);
	for (size_t i = 0; i < d->napps; i++)
		sr_apps_free(&d->apps[i]);
	free(d->apps);
	sr_pts_docs_free(d->pts, d->npts);
	for (size_t i = 0; i < d->ntel; i++)
		sr_tel_test_free(&d->tel[i]);
	free(d->tel);
	free(d->label);
	free(d->profile);
	free(d->run_label);
	free(d->source);
	free(d->library);
	if (d->origin) {
		free(d->origin->library);
		free(d->origin->started);
		free(d->origin->host);
		free(d->origin->firmware);
		free(d->origin->profile);
		free(d->origin->marks);
		free(d->origin->same);
		free(d->origin);
	}
	free(d->dir);
}

void sr_drive_info_free(struct sr_drive_info *i)
{
	free(i->model);
	free(i->serial);
	free(i->firmware);
	free(i->transport);
	free(i->interface);
	free(i->device);
	free(i->kind);
	free(i->members);
	free(i->note);
	free(i->limit_iops);
	free(i->limit_bandwidth);
	free(i->limit_burst);
	free(i->before.at);
	free(i->after.at);
	memset(i, 0, sizeof(*i));
}

void sr_run_info_free(struct sr_run_info *i)
{
	char **s[] = {&i->command,    &i->started,	  &i->ended,
		      &i->status,     &i->suite,	  &i->profile,
		      &i->engine,     &i->engine_option,  &i->fio_version,
		      &i->kernel,     &i->ssdeng_version, &i->ioengine,
		      &i->host,	      &i->manifest_id,	  &i->manifest_created,
		      &i->fc_rand_bs, &i->fc_seq_bs,	  &i->cpu,
		      &i->os,	      &i->pts_sponsor,	  &i->tq_points,
		      &i->only};

	for (size_t k = 0; k < sizeof(s) / sizeof(s[0]); k++)
		free(*s[k]);
	for (size_t k = 0; k < i->nsuites; k++)
		free(i->suites[k]);
	free(i->suites);
	for (size_t k = 0; k < i->nsweep; k++)
		free(i->sweep[k]);
	free(i->sweep);
	free(i->curve_points);
	for (size_t k = 0; k < i->ntests; k++) {
		free(i->tests[k].id);
		free(i->tests[k].status);
		free(i->tests[k].entry);
		free(i->tests[k].family);
		free(i->tests[k].title);
		free(i->tests[k].manifest_id);
		free(i->tests[k].fallback);
	}
	free(i->tests);
	memset(i, 0, sizeof(*i));
}

void sr_live_free(struct sr_live *l)
{
	if (!l)
		return;
	free(l->state);
	free(l->updated);
	free(l->built);
	free(l->test_id);
	free(l->label);
	free(l->title);
	free(l->rate);
	for (size_t i = 0; i < l->ntemps; i++) {
		free(l->temps[i].label);
		free(l->temps[i].at);
	}
	free(l->temps);
	free(l);
}

void sr_model_free(struct sr_model *m)
{
	sr_live_free(m->live);
	m->live = NULL;
	for (size_t i = 0; i < m->nskipped; i++) {
		free(m->skipped[i].path);
		free(m->skipped[i].why);
	}
	free(m->skipped);
	m->skipped = NULL;
	m->nskipped = 0;
	if (m->sheet)
		sr_drive_free(m->sheet);
	free(m->sheet);
	m->sheet = NULL;
	for (size_t i = 0; i < m->ndrives; i++)
		sr_drive_free(&m->drives[i]);
	free(m->drives);
	m->drives = NULL;
	m->ndrives = 0;
}

/* "done" is in the report; "pending" never started (the plan's remainder, said by the run) */
int sr_drive_add_kv(struct sr_drive *drv, const char *key, const char *value)
{
	struct sr_kv *grown;

	if (!value)
		return 0;
	grown = realloc(drv->identity, (drv->nidentity + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	drv->identity = grown;
	grown[drv->nidentity] = (struct sr_kv){strdup(key), strdup(value)};
	drv->nidentity++; /* counted even when a copy failed: sr_drive_free() frees both */
	return grown[drv->nidentity - 1].key && grown[drv->nidentity - 1].value ? 0 : -ENOMEM;
}

bool sr_run_status_not_done(const char *status)
{
	return strcmp(status, "done") != 0 && strcmp(status, "pending") != 0;
}

bool sr_run_test_not_done(const struct sr_run_test *t)
{
	return t->id && t->status && sr_run_status_not_done(t->status);
}
