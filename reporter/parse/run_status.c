// SPDX-License-Identifier: GPL-2.0-only
/* run_status.c - run.json (scripts/ssd-review): how the run was made, and the tests that did not
 * complete (see run_status.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/fio_json.h"
#include "parse/run_status.h"

static json_object *member(json_object *o, const char *key)
{
	json_object *v;

	if (!o || json_object_get_type(o) != json_type_object ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

static const char *str_of(json_object *o, const char *key)
{
	json_object *v = member(o, key);

	return v && json_object_get_type(v) == json_type_string ? json_object_get_string(v) : NULL;
}

/* A copy of the string at @key (NULL when absent or not a string); -ENOMEM in @rc. */
static char *dup_of(json_object *o, const char *key, int *rc)
{
	const char *s = str_of(o, key);
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

static struct sr_value num_of(json_object *o, const char *key)
{
	json_object *v = member(o, key);
	enum json_type t = v ? json_object_get_type(v) : json_type_null;

	if (t == json_type_int || t == json_type_double)
		return sr_val(json_object_get_double(v));
	return (struct sr_value){0, SR_ABSENT};
}

/* "done" is in the report; "pending" never started (the plan's remainder, said by the run) */
static bool worth_a_note(const char *status)
{
	return strcmp(status, "done") != 0 && strcmp(status, "pending") != 0;
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

/* manifest.suites (an array or one string), else run.json's one "suite". */
static int suites_of(json_object *manifest, struct sr_run_info *ri)
{
	json_object *v = member(manifest, "suites");
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
	json_object *params = member(t, "params");
	int rc = 0;

	out->id = dup_of(t, "id", &rc);
	out->status = dup_of(t, "status", &rc);
	out->entry = dup_of(t, "entry", &rc);
	out->family = dup_of(t, "family", &rc);
	out->title = dup_of(t, "title", &rc);
	out->seconds = num_of(t, "seconds");
	out->rate_pct = num_of(params, "rate_pct");
	if (!sr_ok(out->rate_pct))
		out->rate_pct = num_of(params, "pct");
	return rc;
}

static int info_of(json_object *o, struct sr_run_info *ri)
{
	json_object *versions = member(o, "versions"), *manifest = member(o, "manifest"),
		    *tests = member(o, "tests");
	int rc = 0;

	ri->present = true;
	ri->command = command_of(member(o, "command"), &rc);
	ri->started = dup_of(o, "started", &rc);
	ri->ended = dup_of(o, "ended", &rc);
	ri->status = dup_of(o, "status", &rc);
	ri->suite = dup_of(o, "suite", &rc);
	ri->profile = dup_of(o, "profile", &rc);
	ri->engine = dup_of(o, "engine", &rc);
	ri->engine_option = dup_of(o, "engine_option", &rc);
	ri->fio_version = dup_of(versions, "fio", &rc);
	ri->kernel = dup_of(versions, "kernel", &rc);
	ri->ssdeng_version = dup_of(versions, "ssdeng", &rc);
	ri->ioengine = dup_of(versions, "ioengine", &rc);
	ri->host = dup_of(manifest, "host", &rc);
	ri->span_bytes = num_of(member(o, "drive"), "span_bytes");
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
	tests = member(o, "tests");
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
		const char *id = str_of(t, "id"), *status = str_of(t, "status");

		if (id && status && worth_a_note(status))
			rc = add_note(drv, id, status, str_of(t, "reason"));
	}
out:
	json_object_put(o);
	free(buf);
	return rc;
}
