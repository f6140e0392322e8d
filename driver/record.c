// SPDX-License-Identifier: GPL-2.0-only
/* record.c - OUT/<label>/run.json (record.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "record.h"
#include "record/layout.h"
#include "util.h"

static json_object *str(const char *s) { return s ? json_object_new_string(s) : NULL; }

static json_object *params(const struct catalogue_test *ct)
{
	const struct catalogue_entry *e = ct->entry;
	json_object *o = json_object_new_object();

	if (e->tool == CATALOGUE_TOOL_SSD_APPS) /* sizes and durations: set when it runs */
		return o;
	json_object_object_add(o, "rw", str(e->rw));
	json_object_object_add(o, "bs", str(ct->bs));
	json_object_object_add(o, "bssplit", str(e->bssplit));
	json_object_object_add(o, "rwmix_read",
			       e->rwmix_read >= 0 ? json_object_new_int(e->rwmix_read) : NULL);
	json_object_object_add(o, "threads", json_object_new_int(ct->threads));
	json_object_object_add(o, "depth", json_object_new_int(ct->depth));
	json_object_object_add(o, "rate_pct",
			       ct->rate_pct >= 0 ? json_object_new_int(ct->rate_pct) : NULL);
	json_object_object_add(o, "region", str(e->region_quarter ? "quarter" : "span"));
	return o;
}

static json_object *test_obj(const struct rv_test *t)
{
	const struct catalogue_test *ct = t->ct;
	json_object *o = json_object_new_object();
	char jf[PATH_MAX];

	snprintf(jf, sizeof(jf), "jobfiles/%s", ct->entry->jobfile ? ct->entry->jobfile : "");
	json_object_object_add(o, "id", str(ct->id));
	json_object_object_add(o, "jobfile", ct->entry->jobfile ? str(jf) : NULL);
	if (ct->entry->tool == CATALOGUE_TOOL_SSD_APPS)
		json_object_object_add(o, "tool", str("ssd-apps"));
	json_object_object_add(o, "status", str("pending"));
	json_object_object_add(o, "reason", NULL);
	json_object_object_add(o, "entry", str(ct->entry->id));
	json_object_object_add(o, "family", str(ct->entry->family->id));
	json_object_object_add(o, "title", str(ct->title));
	json_object_object_add(o, "params", params(ct));
	json_object_object_add(o, "expected_seconds", json_object_new_int64(t->expected_s));
	return o;
}

static json_object *members(const struct rv_target *t, const struct rv_targets *all)
{
	json_object *a, *m;

	switch (t->type) {
	case RV_T_GROUP:
		a = json_object_new_array();
		for (size_t i = 0; i < t->ndevs; i++) {
			m = json_object_new_object();
			json_object_object_add(m, "label", str(t->devs[i].name));
			json_object_object_add(m, "device", str(t->devs[i].path));
			json_object_object_add(m, "kind", str(rv_kind_name(t->devs[i].probe.kind)));
			json_object_object_add(m, "fio_filename", str(t->devs[i].node));
			json_object_object_add(m, "span_bytes",
					       json_object_new_uint64(t->devs[i].span));
			json_object_array_add(a, m);
		}
		return a;
	case RV_T_CLIENTS:
		a = json_object_new_array();
		for (size_t i = 0; i < all->n; i++) {
			if (all->t[i].type != RV_T_REMOTE)
				continue;
			m = json_object_new_object();
			json_object_object_add(m, "label", str(all->t[i].label));
			json_object_object_add(m, "host", str(all->t[i].host));
			json_object_object_add(m, "port", json_object_new_int(all->t[i].port));
			json_object_object_add(m, "device", str(all->t[i].device));
			json_object_array_add(a, m);
		}
		return a;
	case RV_T_REMOTE:
		m = json_object_new_object();
		json_object_object_add(m, "host", str(t->host));
		json_object_object_add(m, "port", json_object_new_int(t->port));
		json_object_object_add(m, "combined_results", str(all->t[0].label));
		return m;
	case RV_T_DRIVE:
		break;
	}
	return NULL;
}

/* previous_runs: the earlier run.json (without its own list), then its list */
static json_object *previous(json_object *earlier)
{
	json_object *a = json_object_new_array(), *copy = NULL, *list = NULL;

	if (!earlier)
		return a;
	json_object_deep_copy(earlier, &copy, NULL);
	if (copy) {
		json_object_object_del(copy, "previous_runs");
		json_object_array_add(a, copy);
	}
	if (json_object_object_get_ex(earlier, "previous_runs", &list) &&
	    json_object_is_type(list, json_type_array))
		for (size_t i = 0; i < json_object_array_length(list); i++)
			json_object_array_add(a,
					      json_object_get(json_object_array_get_idx(list, i)));
	return a;
}

int rv_record_init(struct rv_record *r, const struct rv_target *t, const char *out,
		   const struct rv_plan *p, json_object *manifest, json_object *earlier,
		   const struct rv_targets *all)
{
	memset(r, 0, sizeof(*r));
	r->t = t;
	r->manifest = manifest;
	r->earlier = earlier;
	rec_path_drive_dir(r->dir, sizeof(r->dir), out, t->label);
	r->tests = json_object_new_array();
	if (!r->tests)
		return -ENOMEM;
	for (size_t i = 0; i < p->n; i++)
		json_object_array_add(r->tests, test_obj(&p->t[i]));
	r->members = members(t, all);
	r->previous_runs = previous(earlier);
	return 0;
}

json_object *rv_record_test(struct rv_record *r, size_t i)
{
	return json_object_array_get_idx(r->tests, i);
}

void rv_record_set(json_object *test, const char *key, json_object *v)
{
	json_object_object_add(test, key, v);
}

json_object *rv_record_earlier_test(const struct rv_record *r, const char *id)
{
	json_object *tests;

	if (!r->earlier || !json_object_object_get_ex(r->earlier, "tests", &tests) ||
	    !json_object_is_type(tests, json_type_array))
		return NULL;
	for (size_t i = 0; i < json_object_array_length(tests); i++) {
		json_object *t = json_object_array_get_idx(tests, i);
		const char *tid = rv_json_str(t, "id");

		if (tid && !strcmp(tid, id))
			return t;
	}
	return NULL;
}

int rv_record_write(const struct rv_record *r, const struct rv_record_run *run, const char *status,
		    const char *ended)
{
	json_object *o = json_object_new_object(), *d = json_object_new_object();
	char path[PATH_MAX + 16];
	int rc;

	json_object_object_add(o, "command", json_object_get(run->command));
	json_object_object_add(o, "cwd", str(run->cwd));
	json_object_object_add(o, "versions", json_object_get(run->versions));
	json_object_object_add(o, "started", str(run->started));
	json_object_object_add(o, "ended", str(ended));
	json_object_object_add(o, "status", str(status));
	json_object_object_add(o, "suite", str(run->suite));
	json_object_object_add(o, "profile", str(run->profile));
	json_object_object_add(o, "engine", str(run->engine));
	json_object_object_add(o, "engine_option", str(run->engine_option));
	json_object_object_add(d, "label", str(r->t->label));
	json_object_object_add(d, "device", str(r->t->device));
	json_object_object_add(d, "fio_filename", str(r->t->node));
	json_object_object_add(d, "span_bytes", json_object_new_uint64(r->t->span));
	json_object_object_add(o, "drive", d);
	json_object_object_add(o, "members", r->members ? json_object_get(r->members) : NULL);
	json_object_object_add(o, "resume", json_object_new_boolean(run->resume));
	json_object_object_add(o, "previous_runs", json_object_get(r->previous_runs));
	json_object_object_add(o, "tests", json_object_get(r->tests));
	json_object_object_add(o, "manifest", json_object_get(r->manifest));
	json_object_object_add(o, "pid", json_object_new_int64(run->pid));
	json_object_object_add(o, "resume_command", str(run->resume_command));
	rec_path_run(path, sizeof(path), r->dir);
	rc = rv_json_write(path, o);
	json_object_put(o);
	return rc;
}

void rv_record_free(struct rv_record *r)
{
	json_object_put(r->tests);
	json_object_put(r->previous_runs);
	json_object_put(r->manifest);
	json_object_put(r->members);
	json_object_put(r->earlier);
	memset(r, 0, sizeof(*r));
}
