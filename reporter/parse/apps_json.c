// SPDX-License-Identifier: GPL-2.0-only
/* apps_json.c - ssd-apps's apps.json into the model (apps_json.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/apps_json.h"
#include "parse/json_get.h"

/* @key of @o, else @flat of @top (the published figures' spelling). */
static struct sr_value either(json_object *o, const char *key, json_object *top, const char *flat)
{
	struct sr_value v = sr_json_num(o, key);

	return v.state == SR_ABSENT ? sr_json_num(top, flat) : v;
}

void sr_apps_figures_read(json_object *o, struct sr_apps_figures *f)
{
	json_object *lat = sr_json_get(o, "latency_ms");

	f->tps = sr_json_num(o, "tps");
	f->qps = sr_json_num(o, "qps");
	f->lat_avg_ms = either(lat, "avg", o, "lat_avg_ms");
	f->lat_p95_ms = either(lat, "p95", o, "lat_p95_ms");
	f->lat_p99_ms = either(lat, "p99", o, "lat_p99_ms");
	f->lat_max_ms = either(lat, "max", o, "lat_max_ms");
	f->errors = sr_json_num(o, "errors");
	f->reconnects = sr_json_num(o, "reconnects");
	f->new_orders_per_min = sr_json_num(o, "new_orders_per_min");
}

int sr_apps_result_read(json_object *o, const char *path, const char *id, struct sr_apps *a)
{
	json_object *w = sr_json_get(o, "workload"), *fs = sr_json_get(o, "filesystem"), *inst,
		    *total;
	int rc = 0;

	a->id = strdup(id);
	a->path = strdup(path);
	if (!a->id || !a->path)
		return -ENOMEM;
	a->status = sr_json_strdup(o, "status", &rc);
	a->failed_step = sr_json_strdup(o, "failed_step", &rc);
	a->error = sr_json_strdup(o, "error", &rc);
	a->test = sr_json_strdup(w, "test", &rc);
	a->profile = sr_json_strdup(w, "profile", &rc);
	a->fs_type = sr_json_strdup(fs, "type", &rc);
	a->write_cache = sr_json_strdup(sr_json_get(o, "device"), "write_cache", &rc);
	if (rc)
		return rc;
	a->instances = sr_json_num(w, "instances");
	a->tables = sr_json_num(w, "tables");
	a->table_size = sr_json_num(w, "table_size");
	a->threads = sr_json_num(w, "threads");
	a->warmup_s = sr_json_num(w, "warmup_s");
	a->time_s = sr_json_num(w, "time_s");
	a->buffer_pool_bytes = sr_json_num(w, "buffer_pool_bytes");
	inst = sr_json_get(o, "instances");
	if (inst && json_object_get_type(inst) == json_type_array) {
		size_t n = json_object_array_length(inst);

		a->inst = calloc(n + 1, sizeof(*a->inst));
		if (!a->inst)
			return -ENOMEM;
		for (size_t i = 0; i < n; i++)
			sr_apps_figures_read(json_object_array_get_idx(inst, i), &a->inst[i]);
		a->ninst = n;
	}
	total = sr_json_get(o, "total");
	if (total)
		sr_apps_figures_read(total, &a->total);
	return 0;
}

json_object *sr_apps_result_open(const char *path, const char *schema, struct sr_diag *d, int *rc)
{
	json_object *o = json_object_from_file(path);
	const char *s;

	sr_diag_file(d, path);
	*rc = 0;
	if (!o) {
		sr_error(d, NULL, (size_t)-1, "cannot read a JSON object: %s",
			 json_util_get_last_err());
		*rc = -ENOENT;
		return NULL;
	}
	s = sr_json_str(o, "schema");
	if (!s || strcmp(s, schema) || !sr_json_str(o, "status")) {
		*rc = sr_error(d, NULL, (size_t)-1,
			       "expected an ssd-apps result: \"schema\": \"%s\" and a \"status\"",
			       schema);
		json_object_put(o);
		return NULL;
	}
	return o;
}

int sr_apps_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d)
{
	int rc;
	json_object *o = sr_apps_result_open(path, SR_APPS_SCHEMA, d, &rc);

	if (!o)
		return rc;
	rc = sr_apps_result_read(o, path, id, a);
	if (!rc)
		a->server = sr_json_strdup(sr_json_get(o, "versions"), "mariadb", &rc);
	json_object_put(o);
	return rc;
}
