// SPDX-License-Identifier: GPL-2.0-only
/* apps_json.c - what both results share (apps_json.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps_json.h"

json_object *apps_json_num(double v) { return v < 0 ? NULL : json_object_new_double(v); }

json_object *apps_json_str(const char *s) { return s && *s ? json_object_new_string(s) : NULL; }

static json_object *u64(uint64_t v) { return json_object_new_int64((int64_t)v); }

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

/* "134217728" -> integer; "O_DIRECT", "ON", "16MB" -> string */
static json_object *setting_value(const char *v)
{
	char *end;
	long long n;

	if (!*v)
		return NULL;
	n = strtoll(v, &end, 10);
	return *end ? json_object_new_string(v) : json_object_new_int64(n);
}

json_object *apps_json_histogram(const struct sb_bucket *b, size_t n)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++) {
		json_object *p = json_object_new_array();

		json_object_array_add(p, json_object_new_double(b[i].value_ms));
		json_object_array_add(p, u64(b[i].count));
		json_object_array_add(a, p);
	}
	return a;
}

json_object *apps_json_document(const struct apps_run *run, const char *schema)
{
	json_object *o = json_object_new_object(), *d, *f;

	add(o, "schema", json_object_new_string(schema));
	add(o, "status", json_object_new_string(run->status));
	add(o, "failed_step", apps_json_str(run->failed_step));
	add(o, "error", apps_json_str(run->error));
	add(o, "started_at", json_object_new_string(run->started_at));

	d = json_object_new_object();
	add(d, "given", json_object_new_string(run->dev.given));
	add(d, "block", apps_json_str(run->dev.block));
	add(d, "kind", apps_json_str(run->dev.kind));
	add(d, "size_bytes", run->dev.size ? u64(run->dev.size) : NULL);
	add(d, "write_cache", apps_json_str(run->dev.write_cache));
	add(o, "device", d);

	f = json_object_new_object();
	add(f, "type", apps_json_str(run->fs.type));
	add(f, "mkfs", apps_json_str(run->fs.mkfs_cmd));
	add(f, "mount_point", apps_json_str(run->fs.mnt));
	add(f, "mount_options_requested", json_object_new_string(run->o->mount_opts));
	add(f, "mount_options", apps_json_str(run->fs.mount_opts));
	add(f, "super_options", apps_json_str(run->fs.super_opts));
	add(f, "size_bytes", run->fs.size ? u64(run->fs.size) : NULL);
	add(f, "available_bytes", run->fs.size ? u64(run->fs.avail) : NULL);
	add(o, "filesystem", f);
	return o;
}

json_object *apps_json_workload(const struct apps_run *run, const char *test)
{
	const struct apps_opts *op = run->o;
	json_object *w = json_object_new_object(), *so = json_object_new_array();

	add(w, "tool", json_object_new_string("sysbench"));
	add(w, "test", json_object_new_string(test));
	add(w, "profile", json_object_new_string(op->profile));
	add(w, "instances", json_object_new_int((int)op->instances));
	add(w, "threads", json_object_new_int((int)op->threads));
	add(w, "warmup_s", json_object_new_int((int)op->warmup_s));
	add(w, "time_s", json_object_new_int((int)op->time_s));
	add(w, "report_interval_s", json_object_new_int((int)op->report_interval_s));
	add(w, "percentile", json_object_new_int(99));
	add(w, "histogram", json_object_new_boolean(1));
	add(w, "buffer_pool_bytes", u64(op->buffer_pool));
	for (unsigned int i = 0; i < op->nserver_opts; i++)
		json_object_array_add(so, json_object_new_string(op->server_opts[i]));
	add(w, "server_opts", so);
	add(w, "port_base", op->port_base ? json_object_new_int((int)op->port_base) : NULL);
	return w;
}

json_object *apps_json_memory(const struct apps_run *run)
{
	json_object *m = json_object_new_object();

	add(m, "need_bytes", run->memory_need ? u64(run->memory_need) : NULL);
	add(m, "available_bytes", run->memory_avail ? u64(run->memory_avail) : NULL);
	add(m, "server_bytes", u64(APPS_SERVER_MEM_BYTES));
	add(m, "connection_bytes", u64(APPS_CONN_MEM_BYTES));
	return m;
}

json_object *apps_json_timings(const struct apps_run *run)
{
	json_object *o = json_object_new_object();

	add(o, "mkfs", json_object_new_double(run->t_mkfs));
	add(o, "install", json_object_new_double(run->t_install));
	add(o, "start", json_object_new_double(run->t_start));
	add(o, "prepare", json_object_new_double(run->t_prepare));
	add(o, "copy", json_object_new_double(run->t_copy));
	add(o, "warmup", json_object_new_double(run->t_warmup));
	add(o, "run", json_object_new_double(run->t_run));
	if (run->wl->check)
		add(o, "check", json_object_new_double(run->t_check));
	add(o, "stop", json_object_new_double(run->t_stop));
	add(o, "total", json_object_new_double(run->t_total));
	return o;
}

static const char *pct_source(double v, int from_hist)
{
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

/* sysbench's figures of @db's measured run into @o */
static void report(json_object *o, const struct apps_db *db)
{
	const struct sb_report *r = &db->report;
	json_object *l;

	add(o, "sysbench_version", apps_json_str(r->version));
	add(o, "threads", json_object_new_int((int)r->threads));
	add(o, "tps", json_object_new_double(r->tps));
	add(o, "qps", json_object_new_double(r->qps));
	add(o, "transactions", u64(r->transactions));
	add(o, "queries", u64(r->queries));
	add(o, "reads", u64(r->reads));
	add(o, "writes", u64(r->writes));
	add(o, "others", u64(r->others));
	add(o, "errors", r->has_errors ? u64(r->errors) : NULL);
	add(o, "reconnects", r->has_reconnects ? u64(r->reconnects) : NULL);
	add(o, "time_s", json_object_new_double(r->total_time_s));
	add(o, "events", u64(r->events));
	l = json_object_new_object();
	add(l, "min", r->has_latency ? json_object_new_double(r->lat_min_ms) : NULL);
	add(l, "avg", r->has_latency ? json_object_new_double(r->lat_avg_ms) : NULL);
	add(l, "max", r->has_latency ? json_object_new_double(r->lat_max_ms) : NULL);
	add(l, "p95", apps_json_num(db->p95_ms));
	add(l, "p99", apps_json_num(db->p99_ms));
	add(o, "latency_ms", l);
	add(o, "p95_source", json_object_new_string(pct_source(db->p95_ms, db->p95_from_hist)));
	add(o, "p99_source", json_object_new_string(pct_source(db->p99_ms, db->p99_from_hist)));
	add(o, "sysbench_percentile", r->has_pct ? json_object_new_double(r->pct) : NULL);
	add(o, "sysbench_percentile_ms", r->has_pct ? json_object_new_double(r->lat_pct_ms) : NULL);
	add(o, "histogram", r->nhist ? apps_json_histogram(r->hist, r->nhist) : NULL);
}

json_object *apps_json_instance(const struct apps_run *run, const struct apps_db *db,
				const char *const *files, const char *const *names, size_t nfiles)
{
	json_object *o = json_object_new_object(), *s = NULL, *f;

	add(o, "id", json_object_new_int((int)db->id));
	add(o, "datadir", json_object_new_string(db->datadir));
	add(o, "socket", json_object_new_string(db->socket));
	add(o, "port", db->port ? json_object_new_int((int)db->port) : NULL);
	if (db->port != db->port_asked)
		add(o, "port_asked", json_object_new_int((int)db->port_asked));
	add(o, "server_version", apps_json_str(db->version));
	if (db->have_settings) {
		s = json_object_new_object();
		for (unsigned int i = 0; i < run->wl->nsettings; i++)
			add(s, run->wl->setting_names[i], setting_value(db->settings[i]));
	}
	add(o, "settings", s);
	add(o, "stop", apps_json_str(db->stop_how));
	if (db->have_report)
		report(o, db);
	f = json_object_new_object();
	for (size_t i = 0; i < nfiles; i++)
		add(f, files[i], file_rel(db, names[i]));
	add(o, "files", f);
	return o;
}

json_object *apps_json_total(const struct apps_run *run, struct apps_total *t)
{
	struct sb_report r[APPS_MAX_INSTANCES];
	json_object *o, *l;
	unsigned int i;

	for (i = 0; i < run->ndb; i++) {
		if (!run->db[i].have_report)
			return NULL;
		r[i] = run->db[i].report;
	}
	if (!run->ndb || apps_total(r, run->ndb, t))
		return NULL;
	o = json_object_new_object();
	add(o, "instances", json_object_new_int((int)run->ndb));
	add(o, "tps", json_object_new_double(t->tps));
	add(o, "qps", json_object_new_double(t->qps));
	add(o, "transactions", u64(t->transactions));
	add(o, "queries", u64(t->queries));
	add(o, "errors", u64(t->errors));
	add(o, "reconnects", u64(t->reconnects));
	l = json_object_new_object();
	add(l, "avg", json_object_new_double(t->lat_avg_ms));
	add(l, "max", json_object_new_double(t->lat_max_ms));
	add(l, "p95", apps_json_num(t->lat_p95_ms));
	add(l, "p99", apps_json_num(t->lat_p99_ms));
	add(o, "latency_ms", l);
	add(o, "avg_method", json_object_new_string("weighted-by-events"));
	add(o, "p95_method", json_object_new_string(apps_pct_method_name(t->p95_method)));
	add(o, "p99_method", json_object_new_string(apps_pct_method_name(t->p99_method)));
	add(o, "histogram", t->nhist ? apps_json_histogram(t->hist, t->nhist) : NULL);
	return o;
}

int apps_json_write(json_object *doc, const char *out, const char *name, char *err, size_t errlen)
{
	char path[600], tmp[620];
	int r = 0;

	snprintf(path, sizeof(path), "%s/%s", out, name);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	errno = 0;
	if (json_object_to_file_ext(tmp, doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED) ||
	    rename(tmp, path)) {
		r = -(errno ? errno : EIO);
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-r));
		unlink(tmp);
	}
	json_object_put(doc);
	return r;
}
