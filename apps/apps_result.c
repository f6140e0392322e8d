// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_result.c - <out>/apps.json, schema "ssdeng.apps.v1" (fields and units: apps/README.md).
 * Latencies in milliseconds, rates per second, sizes in bytes, durations in seconds; a figure
 * that is not known is null, never 0.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "apps.h"
#include "apps_calc.h"
#include "record/layout.h"

#define SCHEMA "ssdeng.apps.v1"

static json_object *num_or_null(double v) { return v < 0 ? NULL : json_object_new_double(v); }

static json_object *str_or_null(const char *s)
{
	return s && *s ? json_object_new_string(s) : NULL;
}

/* "134217728" -> integer; "O_DIRECT", "ON" -> string */
static json_object *setting_value(const char *v)
{
	char *end;
	long long n;

	if (!*v)
		return NULL;
	n = strtoll(v, &end, 10);
	return *end ? json_object_new_string(v) : json_object_new_int64(n);
}

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

static json_object *histogram(const struct sb_bucket *b, size_t n)
{
	json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++) {
		json_object *p = json_object_new_array();

		json_object_array_add(p, json_object_new_double(b[i].value_ms));
		json_object_array_add(p, json_object_new_int64((int64_t)b[i].count));
		json_object_array_add(a, p);
	}
	return a;
}

static const char *pct_source(const struct apps_db *db, double v, int from_hist)
{
	(void)db;
	return v < 0 ? "none" : from_hist ? "histogram" : "sysbench";
}

/* the relative name of one of an instance's files, when it exists */
static json_object *file_rel(const struct apps_db *db, const char *name)
{
	char path[800], rel[64];

	snprintf(path, sizeof(path), "%s/%s", db->outdir, name);
	if (access(path, F_OK))
		return NULL;
	snprintf(rel, sizeof(rel), "db%u/%s", db->id, name);
	return json_object_new_string(rel);
}

static json_object *instance(const struct apps_db *db)
{
	json_object *o = json_object_new_object(), *s, *l, *f;
	const struct sb_report *r = &db->report;
	unsigned int i;

	add(o, "id", json_object_new_int((int)db->id));
	add(o, "datadir", json_object_new_string(db->datadir));
	add(o, "socket", json_object_new_string(db->socket));
	add(o, "port", db->port ? json_object_new_int((int)db->port) : NULL);
	add(o, "server_version", str_or_null(db->version));
	s = json_object_new_object();
	for (i = 0; i < APPS_NSETTINGS; i++)
		if (db->have_settings)
			add(s, apps_setting_names[i], setting_value(db->settings[i]));
	add(o, "settings", db->have_settings ? s : (json_object_put(s), NULL));
	add(o, "stop", str_or_null(db->stop_how));
	if (db->have_report) {
		add(o, "sysbench_version", str_or_null(r->version));
		add(o, "threads", json_object_new_int((int)r->threads));
		add(o, "tps", json_object_new_double(r->tps));
		add(o, "qps", json_object_new_double(r->qps));
		add(o, "transactions", json_object_new_int64((int64_t)r->transactions));
		add(o, "queries", json_object_new_int64((int64_t)r->queries));
		add(o, "reads", json_object_new_int64((int64_t)r->reads));
		add(o, "writes", json_object_new_int64((int64_t)r->writes));
		add(o, "others", json_object_new_int64((int64_t)r->others));
		add(o, "errors", r->has_errors ? json_object_new_int64((int64_t)r->errors) : NULL);
		add(o, "reconnects",
		    r->has_reconnects ? json_object_new_int64((int64_t)r->reconnects) : NULL);
		add(o, "time_s", json_object_new_double(r->total_time_s));
		add(o, "events", json_object_new_int64((int64_t)r->events));
		l = json_object_new_object();
		add(l, "min", r->has_latency ? json_object_new_double(r->lat_min_ms) : NULL);
		add(l, "avg", r->has_latency ? json_object_new_double(r->lat_avg_ms) : NULL);
		add(l, "max", r->has_latency ? json_object_new_double(r->lat_max_ms) : NULL);
		add(l, "p95", num_or_null(db->p95_ms));
		add(l, "p99", num_or_null(db->p99_ms));
		add(o, "latency_ms", l);
		add(o, "p95_source",
		    json_object_new_string(pct_source(db, db->p95_ms, db->p95_from_hist)));
		add(o, "p99_source",
		    json_object_new_string(pct_source(db, db->p99_ms, db->p99_from_hist)));
		add(o, "sysbench_percentile", r->has_pct ? json_object_new_double(r->pct) : NULL);
		add(o, "sysbench_percentile_ms",
		    r->has_pct ? json_object_new_double(r->lat_pct_ms) : NULL);
		add(o, "histogram", r->nhist ? histogram(r->hist, r->nhist) : NULL);
	}
	f = json_object_new_object();
	add(f, "install", file_rel(db, "install.log"));
	add(f, "error_log", file_rel(db, "mariadbd.err"));
	add(f, "prepare", file_rel(db, "prepare.txt"));
	add(f, "warmup", file_rel(db, "warmup.txt"));
	add(f, "run", file_rel(db, "run.txt"));
	add(o, "files", f);
	return o;
}

static json_object *total(const struct apps_run *run)
{
	struct sb_report r[APPS_MAX_INSTANCES];
	struct apps_total t;
	json_object *o, *l;
	unsigned int i;

	for (i = 0; i < run->ndb; i++) {
		if (!run->db[i].have_report)
			return NULL;
		r[i] = run->db[i].report;
	}
	if (!run->ndb || apps_total(r, run->ndb, &t))
		return NULL;
	o = json_object_new_object();
	add(o, "instances", json_object_new_int((int)run->ndb));
	add(o, "tps", json_object_new_double(t.tps));
	add(o, "qps", json_object_new_double(t.qps));
	add(o, "transactions", json_object_new_int64((int64_t)t.transactions));
	add(o, "queries", json_object_new_int64((int64_t)t.queries));
	add(o, "errors", json_object_new_int64((int64_t)t.errors));
	add(o, "reconnects", json_object_new_int64((int64_t)t.reconnects));
	l = json_object_new_object();
	add(l, "avg", json_object_new_double(t.lat_avg_ms));
	add(l, "max", json_object_new_double(t.lat_max_ms));
	add(l, "p95", num_or_null(t.lat_p95_ms));
	add(l, "p99", num_or_null(t.lat_p99_ms));
	add(o, "latency_ms", l);
	add(o, "avg_method", json_object_new_string("weighted-by-events"));
	add(o, "p95_method", json_object_new_string(apps_pct_method_name(t.p95_method)));
	add(o, "p99_method", json_object_new_string(apps_pct_method_name(t.p99_method)));
	add(o, "histogram", t.nhist ? histogram(t.hist, t.nhist) : NULL);
	apps_total_free(&t);
	return o;
}

static json_object *timings(const struct apps_run *run)
{
	json_object *o = json_object_new_object();

	add(o, "mkfs", json_object_new_double(run->t_mkfs));
	add(o, "install", json_object_new_double(run->t_install));
	add(o, "start", json_object_new_double(run->t_start));
	add(o, "prepare", json_object_new_double(run->t_prepare));
	add(o, "warmup", json_object_new_double(run->t_warmup));
	add(o, "run", json_object_new_double(run->t_run));
	add(o, "stop", json_object_new_double(run->t_stop));
	add(o, "total", json_object_new_double(run->t_total));
	return o;
}

static json_object *document(const struct apps_run *run)
{
	const struct apps_opts *op = run->o;
	json_object *o = json_object_new_object(), *d, *f, *w, *s, *a, *so;
	unsigned int i;

	add(o, "schema", json_object_new_string(SCHEMA));
	add(o, "status", json_object_new_string(run->status));
	add(o, "failed_step", str_or_null(run->failed_step));
	add(o, "error", str_or_null(run->error));
	add(o, "started_at", json_object_new_string(run->started_at));

	d = json_object_new_object();
	add(d, "given", json_object_new_string(run->dev.given));
	add(d, "block", str_or_null(run->dev.block));
	add(d, "kind", str_or_null(run->dev.kind));
	add(d, "size_bytes", run->dev.size ? json_object_new_int64((int64_t)run->dev.size) : NULL);
	add(d, "write_cache",
	    run->dev.write_cache[0] ? json_object_new_string(run->dev.write_cache) : NULL);
	add(o, "device", d);

	f = json_object_new_object();
	add(f, "type", str_or_null(run->fs.type));
	add(f, "mkfs", str_or_null(run->fs.mkfs_cmd));
	add(f, "mount_point", str_or_null(run->fs.mnt));
	add(f, "mount_options_requested", json_object_new_string(op->mount_opts));
	add(f, "mount_options", str_or_null(run->fs.mount_opts));
	add(f, "super_options", str_or_null(run->fs.super_opts));
	add(f, "size_bytes", run->fs.size ? json_object_new_int64((int64_t)run->fs.size) : NULL);
	add(f, "available_bytes",
	    run->fs.size ? json_object_new_int64((int64_t)run->fs.avail) : NULL);
	add(o, "filesystem", f);

	w = json_object_new_object();
	add(w, "tool", json_object_new_string("sysbench"));
	add(w, "test", json_object_new_string("oltp_read_write"));
	add(w, "profile", json_object_new_string(op->profile));
	add(w, "instances", json_object_new_int((int)op->instances));
	add(w, "tables", json_object_new_int((int)op->tables));
	add(w, "table_size", json_object_new_int64((int64_t)op->table_size));
	add(w, "threads", json_object_new_int((int)op->threads));
	add(w, "warmup_s", json_object_new_int((int)op->warmup_s));
	add(w, "time_s", json_object_new_int((int)op->time_s));
	add(w, "report_interval_s", json_object_new_int((int)op->report_interval_s));
	add(w, "percentile", json_object_new_int(99));
	add(w, "histogram", json_object_new_boolean(1));
	add(w, "buffer_pool_bytes", json_object_new_int64((int64_t)op->buffer_pool));
	add(w, "flush_method", json_object_new_string(op->flush_method));
	so = json_object_new_array();
	for (i = 0; i < op->nserver_opts; i++)
		json_object_array_add(so, json_object_new_string(op->server_opts[i]));
	add(w, "server_opts", so);
	add(w, "port_base", op->port_base ? json_object_new_int((int)op->port_base) : NULL);
	add(o, "workload", w);

	s = json_object_new_object();
	add(s, "estimate_bytes",
	    run->space_need ? json_object_new_int64((int64_t)run->space_need) : NULL);
	add(s, "row_bytes", json_object_new_int64((int64_t)APPS_ROW_BYTES));
	add(s, "table_bytes", json_object_new_int64((int64_t)APPS_TABLE_BYTES));
	add(s, "instance_bytes", json_object_new_int64((int64_t)APPS_INSTANCE_BYTES));
	add(s, "margin_pct", json_object_new_int(APPS_MARGIN_PCT));
	add(o, "space", s);

	s = json_object_new_object();
	add(s, "sysbench", str_or_null(run->sysbench_version));
	add(s, "mariadb", run->ndb ? str_or_null(run->db[0].version) : NULL);
	add(o, "versions", s);

	add(o, "timings_s", timings(run));
	a = json_object_new_array();
	for (i = 0; i < run->ndb; i++)
		json_object_array_add(a, instance(&run->db[i]));
	add(o, "instances", a);
	add(o, "total", total(run));
	return o;
}

int apps_result_write(const struct apps_run *run, char *err, size_t errlen)
{
	char path[600], tmp[620];
	json_object *doc = document(run);
	int r = 0;

	rec_path_apps(path, sizeof(path), run->o->out);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (json_object_to_file_ext(tmp, doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED) ||
	    rename(tmp, path)) {
		r = -(errno ? errno : EIO);
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-r));
		unlink(tmp);
	}
	json_object_put(doc);
	return r;
}
