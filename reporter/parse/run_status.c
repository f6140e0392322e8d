// SPDX-License-Identifier: GPL-2.0-only
/* run_status.c - the tests run.json (scripts/ssd-review) records as not completed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/fio_json.h"
#include "parse/run_status.h"

static const char *str_of(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || json_object_get_type(v) != json_type_string)
		return NULL;
	return json_object_get_string(v);
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
	if (!o || json_object_get_type(o) != json_type_object ||
	    !json_object_object_get_ex(o, "tests", &tests) ||
	    json_object_get_type(tests) != json_type_array) {
		sr_diag_file(d, path);
		rc = sr_error(d, NULL, (size_t)-1,
			      "expected ssd-review's run.json: an object with a \"tests\" array");
		goto out;
	}
	for (size_t i = 0; i < json_object_array_length(tests) && !rc; i++) {
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
