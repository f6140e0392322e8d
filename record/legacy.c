// SPDX-License-Identifier: GPL-2.0-only
/* legacy.c - the record's older unversioned files (legacy.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "record/json.h"
#include "record/legacy.h"

int rec_legacy_version(json_object *o, const char *prefix, int current)
{
	const char *schema = rec_json_str(o, "schema");
	size_t n = strlen(prefix);
	char *end;
	long v;

	if (!schema || strncmp(schema, prefix, n))
		return 1;
	v = strtol(schema + n, &end, 10);
	if (end == schema + n || *end || v < 1)
		return 1;
	return v > current ? -1 : (int)v;
}

/* One session of the run @r (a v1 run.json, or one of its previous_runs). */
static json_object *session_of(json_object *r)
{
	json_object *s = json_object_new_object();
	static const char *const keys[] = {"started", "ended", "status",
					   "resume",  "pid",   "command"};

	if (!s)
		return NULL;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		json_object_object_add(s, keys[i], json_object_get(rec_json_get(r, keys[i])));
	return s;
}

/* The bash driver wrote the command as one string: an array of it. */
static int command_array(json_object *run)
{
	json_object *c = rec_json_get(run, "command"), *a;

	if (!c || !json_object_is_type(c, json_type_string))
		return 0;
	if (!(a = json_object_new_array()))
		return -ENOMEM;
	json_object_array_add(a, json_object_get(c));
	json_object_object_add(run, "command", a);
	return 0;
}

int rec_legacy_run_upgrade(json_object *run)
{
	json_object *prev = rec_json_get(run, "previous_runs"), *tests = rec_json_get(run, "tests"),
		    *sessions;
	int rc = command_array(run);

	if (rc || rec_json_get(run, "sessions"))
		return rc;
	if (!(sessions = json_object_new_array()))
		return -ENOMEM;
	/* previous_runs is newest first; sessions oldest first, the run itself last */
	for (size_t i = prev && json_object_is_type(prev, json_type_array)
			    ? json_object_array_length(prev)
			    : 0;
	     i > 0; i--)
		json_object_array_add(sessions, session_of(json_object_array_get_idx(prev, i - 1)));
	json_object_array_add(sessions, session_of(run));
	json_object_object_add(run, "sessions", sessions);
	for (size_t i = 0; tests && i < json_object_array_length(tests); i++) {
		json_object *p = rec_json_get(json_object_array_get_idx(tests, i), "params"), *pct;

		if (p && !rec_json_get(p, "rate_pct") && (pct = rec_json_get(p, "pct")))
			json_object_object_add(p, "rate_pct", json_object_get(pct));
	}
	return 0;
}
