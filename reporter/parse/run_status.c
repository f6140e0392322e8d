// SPDX-License-Identifier: GPL-2.0-only
/* run_status.c - run.json (driver/ssd-review): how the run was made, and the tests that did not
 * complete (see run_status.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/fio_json.h"
#include "parse/json_get.h"
#include "parse/run_status.h"

/* "done" is in the report; "pending" never started (the plan's remainder, said by the run) */
static bool worth_a_note(const char *status)
{
	return strcmp(status, "done") != 0 && strcmp(status, "pending") != 0;
}

bool sr_run_test_not_done(const struct sr_run_test *t)
{
	return t->id && t->status && worth_a_note(t->status);
}

static int add_note(struct sr_drive *drv, const char *id, const char *status, const char *reason)
{
	struct sr_run_note *v = realloc(drv->notes, (drv->nnotes + 1) * sizeof(*v));
	struct sr_run_note *n;

	if (!v)
		return -ENOMEM;
	drv->notes = v;
	n = &v[drv->nnotes];
	n->id = strdup(id);
	n->status = strdup(status);
	n->reason = strdup(reason ? reason : "");
	if (!n->id || !n->status || !n->reason) {
		free(n->id);
		free(n->status);
		free(n->reason);
		return -ENOMEM;
	}
	drv->nnotes++;
	return 0;
}

/* The command line: an array of words (the bash driver), or one string. */
static char *command_of(json_object *c, int *rc)
{
	size_t len = 1;
	char *s;

	if (!c)
		return NULL;
	if (json_object_get_type(c) == json_type_string) {
		s = strdup(json_object_get_string(c));
		*rc = s ? *rc : -ENOMEM;
		return s;
	}
	if (json_object_get_type(c) != json_type_array)
		return NULL;
	for (size_t i = 0; i < json_object_array_length(c); i++)
		len += strlen(json_object_get_string(json_object_array_get_idx(c, i))) + 1;
	s = calloc(len, 1);
	if (!s) {
		*rc = -ENOMEM;
		return NULL;
	}
	for (size_t i = 0; i < json_object_array_length(c); i++) {
		if (i)
			strcat(s, " ");
		strcat(s, json_object_get_string(json_object_array_get_idx(c, i)));
	}
	return s;
}

/* manifest.suites (an array or one string), else manifest.request.suite, else run.json's one
 * "suite". */
static int suites_of(json_object *manifest, struct sr_run_info *ri)
{
	json_object *v = sr_json_get(manifest, "suites");

	if (!v)
		v = sr_json_get(sr_json_get(manifest, "request"), "suite");
	size_t n = 0;

	if (v && json_object_get_type(v) == json_type_array)
		n = json_object_array_length(v);
	else if ((v && json_object_get_type(v) == json_type_string) || ri->suite)
		n = 1;
	if (!n)
		return 0;
	ri->suites = calloc(n, sizeof(char *));
	if (!ri->suites)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const char *s = v && json_object_get_type(v) == json_type_array
				    ? json_object_get_string(json_object_array_get_idx(v, i))
				: v && json_object_get_type(v) == json_type_string
				    ? json_object_get_string(v)
				    : ri->suite;
		ri->suites[i] = strdup(s ? s : "?");
		if (!ri->suites[i])
			return -ENOMEM;
		ri->nsuites++;
	}
	return 0;
}

static int test_of(json_object *t, struct sr_run_test *out)
{
	json_object *params = sr_json_get(t, "params");
	int rc = 0;

	out->id = sr_json_strdup(t, "id", &rc);
	out->status = sr_json_strdup(t, "status", &rc);
	out->entry = sr_json_strdup(t, "entry", &rc);
	out->family = sr_json_strdup(t, "family", &rc);
	out->pts = sr_json_get(t, "pts") != NULL;
	out->title = sr_json_strdup(t, "title", &rc);
	out->manifest_id = sr_json_strdup(t, "manifest_id", &rc);
	out->seconds = sr_json_num(t, "seconds");
	out->rate_pct = sr_json_num(params, "rate_pct");
	if (!sr_ok(out->rate_pct))
		out->rate_pct = sr_json_num(params, "pct");
	return rc;
}

static int info_of(json_object *o, struct sr_run_info *ri)
{
	json_object *versions = sr_json_get(o, "versions"), *manifest = sr_json_get(o, "manifest"),
		    *tests = sr_json_get(o, "tests");
	int rc = 0;

	ri->present = true;
	ri->command = command_of(sr_json_get(o, "command"), &rc);
	ri->started = sr_json_strdup(o, "started", &rc);
	ri->ended = sr_json_strdup(o, "ended", &rc);
	ri->status = sr_json_strdup(o, "status", &rc);
	ri->suite = sr_json_strdup(o, "suite", &rc);
	ri->profile = sr_json_strdup(o, "profile", &rc);
	ri->engine = sr_json_strdup(o, "engine", &rc);
	ri->engine_option = sr_json_strdup(o, "engine_option", &rc);
	ri->fio_version = sr_json_strdup(versions, "fio", &rc);
	ri->kernel = sr_json_strdup(versions, "kernel", &rc);
	ri->ssdeng_version = sr_json_strdup(versions, "ssdeng", &rc);
	ri->ioengine = sr_json_strdup(versions, "ioengine", &rc);
	ri->host = sr_json_strdup(manifest, "host", &rc);
	if (!ri->host) /* ssdeng.manifest.v1: "host": {"name": ...} */
		ri->host = sr_json_strdup(sr_json_get(manifest, "host"), "name", &rc);
	ri->manifest_id = sr_json_strdup(manifest, "id", &rc);
	ri->manifest_created = sr_json_strdup(manifest, "created", &rc);
	ri->span_bytes = sr_json_num(sr_json_get(o, "drive"), "span_bytes");
	if (!rc)
		rc = suites_of(manifest, ri);
	if (rc || !tests || json_object_get_type(tests) != json_type_array)
		return rc;
	ri->tests = calloc(json_object_array_length(tests) + 1, sizeof(*ri->tests));
	if (!ri->tests)
		return -ENOMEM;
	for (size_t i = 0; i < json_object_array_length(tests) && !rc; i++) {
		rc = test_of(json_object_array_get_idx(tests, i), &ri->tests[ri->ntests]);
		ri->ntests++;
	}
	return rc;
}

int sr_run_status_load(struct sr_drive *drv, const char *path, struct sr_diag *d)
{
	json_object *o = NULL, *tests;
	size_t len;
	char *buf;
	int rc;

	rc = sr_read_file(path, &buf, &len);
	if (rc == -ENOENT)
		return 0;
	if (rc)
		return rc;
	o = json_tokener_parse(buf);
	tests = sr_json_get(o, "tests");
	if (!o || json_object_get_type(o) != json_type_object ||
	    (tests && json_object_get_type(tests) != json_type_array) ||
	    (!tests && json_object_object_get_ex(o, "tests", &tests))) { /* "tests": null */
		sr_diag_file(d, path);
		rc = sr_error(d, NULL, (size_t)-1,
			      "expected ssd-review's run.json: an object (with a \"tests\" array)");
		goto out;
	}
	sr_run_info_free(&drv->run);
	rc = info_of(o, &drv->run);
	if (!rc && drv->run.profile) {
		free(drv->profile);
		drv->profile = strdup(drv->run.profile);
		rc = drv->profile ? 0 : -ENOMEM;
	}
	for (size_t i = 0; tests && i < json_object_array_length(tests) && !rc; i++) {
		json_object *t = json_object_array_get_idx(tests, i);
		const char *id = sr_json_str(t, "id"), *status = sr_json_str(t, "status");

		if (id && status && worth_a_note(status))
			rc = add_note(drv, id, status, sr_json_str(t, "reason"));
	}
out:
	json_object_put(o);
	free(buf);
	return rc;
}

bool sr_run_foreign(const struct sr_run_info *ri, const char *id, char *why, size_t len)
{
	if (!ri->manifest_id)
		return false;
	for (size_t i = 0; i < ri->ntests; i++) {
		const struct sr_run_test *t = &ri->tests[i];

		if (!t->id || strcmp(t->id, id))
			continue;
		if (t->status && strcmp(t->status, "done")) {
			snprintf(why, len, "run.json (manifest %s) records %s as %s, not done",
				 ri->manifest_id, id, t->status);
			return true;
		}
		if (t->manifest_id && strcmp(t->manifest_id, ri->manifest_id)) {
			snprintf(why, len, "%s ran under manifest %s, run.json's is %s", id,
				 t->manifest_id, ri->manifest_id);
			return true;
		}
		return false;
	}
	snprintf(why, len, "run.json (manifest %s) does not record %s", ri->manifest_id, id);
	return true;
}
