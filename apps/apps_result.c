// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_result.c - <out>/apps.json, schema "ssdeng.apps.v1": the oltp workload's result (fields
 * and units: apps/README.md; the parts shared with tpcc.json are apps_json.c's).
 */
#include <stdio.h>

#include "apps_json.h"

#define SCHEMA "ssdeng.apps.v1"

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

static json_object *workload(const struct apps_run *run)
{
	json_object *w = apps_json_workload(run, "oltp_read_write");

	add(w, "tables", json_object_new_int((int)run->o->tables));
	add(w, "table_size", json_object_new_int64((int64_t)run->o->table_size));
	add(w, "flush_method", json_object_new_string(run->o->flush_method));
	return w;
}

static json_object *space(const struct apps_run *run)
{
	json_object *s = json_object_new_object();

	add(s, "estimate_bytes",
	    run->space_need ? json_object_new_int64((int64_t)run->space_need) : NULL);
	add(s, "row_bytes", json_object_new_int64((int64_t)APPS_ROW_BYTES));
	add(s, "table_bytes", json_object_new_int64((int64_t)APPS_TABLE_BYTES));
	add(s, "instance_bytes", json_object_new_int64((int64_t)APPS_INSTANCE_BYTES));
	add(s, "margin_pct", json_object_new_int(APPS_MARGIN_PCT));
	return s;
}

int apps_result_write(const struct apps_run *run, char *err, size_t errlen)
{
	static const char *const files[] = {"install", "copy",	 "error_log",
					    "prepare", "warmup", "run"};
	static const char *const names[] = {"install.log", "copy.log",	 "mariadbd.err",
					    "prepare.txt", "warmup.txt", "run.txt"};
	json_object *o = apps_json_document(run, SCHEMA), *v, *a;
	struct apps_total t = {0};

	add(o, "workload", workload(run));
	add(o, "space", space(run));
	add(o, "memory", apps_json_memory(run));
	v = json_object_new_object();
	add(v, "sysbench", apps_json_str(run->sysbench_version));
	add(v, "mariadb", run->ndb ? apps_json_str(run->db[0].version) : NULL);
	add(o, "versions", v);
	add(o, "timings_s", apps_json_timings(run));
	a = json_object_new_array();
	for (unsigned int i = 0; i < run->ndb; i++)
		json_object_array_add(a, apps_json_instance(run, &run->db[i], files, names, 6));
	add(o, "instances", a);
	add(o, "total", apps_json_total(run, &t));
	apps_total_free(&t);
	return apps_json_write(o, run->o->out, run->wl->result_file, err, errlen);
}
