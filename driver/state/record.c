// SPDX-License-Identifier: GPL-2.0-only
/* record.c - OUT/<label>/run.json of this run (record.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/json.h"
#include "record/layout.h"
#include "state/record.h"

static int plan_params(const struct catalogue_test *ct, struct rec_params *p)
{
	const struct catalogue_entry *e = ct->entry;
	int rc = 0;

	p->apps = e->tool == CATALOGUE_TOOL_SSD_APPS; /* sizes and durations: set when it runs */
	if (p->apps)
		return 0;
	rc |= rec_str_set(&p->rw, e->rw);
	rc |= rec_str_set(&p->bs, ct->bs);
	rc |= rec_str_set(&p->bssplit, e->bssplit);
	rc |= rec_str_set(&p->region, e->region_quarter ? "quarter" : "span");
	p->rwmix_read = e->rwmix_read >= 0 ? e->rwmix_read : -1;
	p->threads = ct->threads;
	p->depth = ct->depth;
	p->rate_pct = ct->rate_pct >= 0 ? ct->rate_pct : -1;
	return rc ? -ENOMEM : 0;
}

static int plan_test(struct rec_test *t, const struct rv_test *pt)
{
	const struct catalogue_test *ct = pt->ct;
	char jf[PATH_MAX];
	int rc = 0;

	snprintf(jf, sizeof(jf), "jobfiles/%s", ct->entry->jobfile ? ct->entry->jobfile : "");
	rc |= rec_str_set(&t->id, ct->id);
	rc |= rec_str_set(&t->jobfile, ct->entry->jobfile ? jf : NULL);
	rc |= rec_str_set(&t->tool, ct->entry->tool == CATALOGUE_TOOL_SSD_APPS ? "ssd-apps" : NULL);
	rc |= rec_str_set(&t->status, "pending");
	rc |= rec_str_set(&t->entry, ct->entry->id);
	rc |= rec_str_set(&t->family, ct->entry->family->id);
	rc |= rec_str_set(&t->title, ct->title);
	t->expected_seconds = pt->expected_s;
	return rc ? -ENOMEM : plan_params(ct, &t->params);
}

static int members(struct rec_run *run, const struct rv_target *t, const struct rv_targets *all)
{
	int rc = 0;

	switch (t->type) {
	case RV_T_GROUP:
		run->members_kind = REC_MEMBERS_GROUP;
		if (!(run->members = calloc(t->ndevs + 1, sizeof(*run->members))))
			return -ENOMEM;
		for (size_t i = 0; i < t->ndevs; i++, run->nmembers++) {
			struct rec_member *m = &run->members[i];

			rc |= rec_str_set(&m->label, t->devs[i].name);
			rc |= rec_str_set(&m->device, t->devs[i].path);
			rc |= rec_str_set(&m->kind, rv_kind_name(t->devs[i].probe.kind));
			rc |= rec_str_set(&m->fio_filename, t->devs[i].node);
			m->span_bytes = (long long)t->devs[i].span;
		}
		break;
	case RV_T_CLIENTS:
		run->members_kind = REC_MEMBERS_CLIENTS;
		if (!(run->members = calloc(all->n + 1, sizeof(*run->members))))
			return -ENOMEM;
		for (size_t i = 0; i < all->n; i++) {
			struct rec_member *m = &run->members[run->nmembers];

			if (all->t[i].type != RV_T_REMOTE)
				continue;
			rc |= rec_str_set(&m->label, all->t[i].label);
			rc |= rec_str_set(&m->host, all->t[i].host);
			m->port = all->t[i].port;
			rc |= rec_str_set(&m->device, all->t[i].device);
			run->nmembers++;
		}
		break;
	case RV_T_REMOTE:
		run->members_kind = REC_MEMBERS_SERVER;
		rc |= rec_str_set(&run->server_host, t->host);
		run->server_port = t->port;
		rc |= rec_str_set(&run->combined_results, all->t[0].label);
		break;
	case RV_T_DRIVE:
		break;
	}
	return rc ? -ENOMEM : 0;
}

/* previous_runs: the earlier run.json as read (without its own list and sessions), then its
 * list */
static json_object *previous(json_object *earlier)
{
	json_object *a = json_object_new_array(), *copy = NULL,
		    *list = rec_json_get(earlier, "previous_runs");

	if (!earlier)
		return a;
	json_object_deep_copy(earlier, &copy, NULL);
	if (copy) {
		json_object_object_del(copy, "previous_runs");
		json_object_object_del(copy, "sessions");
		json_object_array_add(a, copy);
	}
	if (list && json_object_is_type(list, json_type_array))
		for (size_t i = 0; i < json_object_array_length(list); i++)
			json_object_array_add(a,
					      json_object_get(json_object_array_get_idx(list, i)));
	return a;
}

/* The run-level facts this session writes. */
static int head_of(struct rec_run *run, const struct rv_target *t, const struct rv_record_run *h)
{
	int rc = 0;

	run->command = json_object_get(h->command);
	rc |= rec_str_set(&run->cwd, h->cwd);
	rc |= rec_str_set(&run->fio_version, h->fio);
	rc |= rec_str_set(&run->kernel, h->kernel);
	rc |= rec_str_set(&run->ssdeng_version, h->ssdeng);
	rc |= rec_str_set(&run->ioengine, h->ioengine);
	rc |= rec_str_set(&run->started, h->started);
	rc |= rec_str_set(&run->suite, h->suite);
	rc |= rec_str_set(&run->profile, h->profile);
	rc |= rec_str_set(&run->engine, h->engine);
	rc |= rec_str_set(&run->engine_option, h->engine_option);
	rc |= rec_str_set(&run->label, t->label);
	rc |= rec_str_set(&run->device, t->device);
	rc |= rec_str_set(&run->fio_filename, t->node);
	rc |= rec_str_set(&run->resume_command, h->resume_command);
	run->span_bytes = (long long)t->span;
	run->resume = h->resume;
	run->pid = h->pid;
	return rc ? -ENOMEM : 0;
}

/* The sessions: the earlier run's (the run being resumed), then this one. */
static int sessions(struct rec_run *run, const struct rec_run *earlier,
		    const struct rv_record_run *h)
{
	struct rec_session *s;
	int rc = 0;

	for (size_t i = 0; earlier && !rc && i < earlier->nsessions; i++)
		rc = (s = rec_run_add_session(run)) ? rec_session_copy(s, &earlier->sessions[i])
						    : -ENOMEM;
	if (rc || !(s = rec_run_add_session(run)))
		return -ENOMEM;
	s->command = json_object_get(h->command);
	s->resume = h->resume;
	s->pid = h->pid;
	return rec_str_set(&s->started, h->started) | rec_str_set(&s->status, "running") ? -ENOMEM
											 : 0;
}

int rv_record_init(struct rv_record *r, const struct rv_target *t, const char *out,
		   const struct rv_plan *p, const struct rv_record_run *head, json_object *manifest,
		   struct rec_run *earlier, const struct rv_targets *all)
{
	int rc;

	memset(r, 0, sizeof(*r));
	r->t = t;
	r->run.manifest = manifest;
	r->earlier = earlier;
	rec_path_drive_dir(r->dir, sizeof(r->dir), out, t->label);
	if ((rc = head_of(&r->run, t, head)) || (rc = members(&r->run, t, all)) ||
	    (rc = sessions(&r->run, earlier, head)))
		return rc;
	for (size_t i = 0; i < p->n; i++) {
		struct rec_test *x = rec_run_add_test(&r->run);

		if (!x || (rc = plan_test(x, &p->t[i])))
			return -ENOMEM;
	}
	r->run.previous_runs = previous(earlier ? earlier->doc : NULL);
	return r->run.previous_runs ? 0 : -ENOMEM;
}

struct rec_test *rv_record_test(struct rv_record *r, size_t i) { return &r->run.tests[i]; }

struct rec_test *rv_record_earlier_test(const struct rv_record *r, const char *id)
{
	return r->earlier ? rec_run_test(r->earlier, id) : NULL;
}

int rv_test_state(struct rec_test *t, const char *status, const char *reason)
{
	return rec_str_set(&t->status, status) | rec_str_set(&t->reason, reason) ? -ENOMEM : 0;
}

int rv_record_keep(struct rec_test *t, const struct rec_test *e)
{
	int rc = 0;

	rc |= rec_str_set(&t->started, e->started);
	rc |= rec_str_set(&t->ended, e->ended);
	rc |= rec_str_set(&t->manifest_id, e->manifest_id);
	rc |= rec_str_set(&t->rate_iops_per_job, e->rate_iops_per_job);
	rc |= rv_test_state(t, "done", "kept from an earlier run (--resume)");
	t->seconds = e->seconds;
	t->fio_rc = e->fio_rc;
	t->has_fio_rc = e->has_fio_rc;
	t->unwritten_bytes = e->unwritten_bytes;
	t->resumed = true;
	rc |= rec_params_copy(&t->params, &e->params); /* as it ran (ssd-apps: apps.json's) */
	if (e->pts)
		rc |= rec_pts_copy(&t->pts, e->pts);
	return rc ? -ENOMEM : 0;
}

int rv_record_write(struct rv_record *r, const char *status, const char *ended)
{
	struct rec_session *s = &r->run.sessions[r->run.nsessions - 1];
	char path[PATH_MAX + 16];
	int rc = 0;

	rc |= rec_str_set(&r->run.status, status);
	rc |= rec_str_set(&r->run.ended, ended);
	rc |= rec_str_set(&s->status, status);
	rc |= rec_str_set(&s->ended, ended);
	if (rc)
		return -ENOMEM;
	if ((rc = rec_path_run(path, sizeof(path), r->dir)))
		return rc;
	return rec_run_write(path, &r->run);
}

void rv_record_free(struct rv_record *r)
{
	rec_run_free(&r->run);
	if (r->earlier) {
		rec_run_free(r->earlier);
		free(r->earlier);
	}
	memset(r, 0, sizeof(*r));
}
