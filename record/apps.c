// SPDX-License-Identifier: GPL-2.0-only
/* apps.c - apps.json and tpcc.json written and read (apps.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/apps.h"
#include "record/json.h"

/* An instance's files under the keys each workload's document gives them. */
static const struct file_key {
	const char *key;
	enum rec_apps_file file;
} oltp_files[] = {{"install", REC_APPS_INSTALL_LOG},   {"copy", REC_APPS_COPY_LOG},
		  {"error_log", REC_APPS_MARIADB_ERR}, {"prepare", REC_APPS_PREPARE},
		  {"warmup", REC_APPS_WARMUP},	       {"run", REC_APPS_RUN}},
  tpcc_files[] = {{"install", REC_APPS_INITDB_LOG},
		  {"copy", REC_APPS_COPY_LOG},
		  {"server_log", REC_APPS_POSTGRES_LOG},
		  {"prepare", REC_APPS_PREPARE},
		  {"warmup", REC_APPS_WARMUP},
		  {"run", REC_APPS_RUN},
		  {"check", REC_APPS_CHECK}};

static const struct workload_doc {
	const char *schema;
	const char *server; /* versions' key of the server's version */
	const struct file_key *files;
	size_t nfiles;
} docs[REC_APPS_NWORKLOADS] = {
    [REC_APPS_OLTP] = {REC_APPS_SCHEMA, "mariadb", oltp_files,
		       sizeof(oltp_files) / sizeof(oltp_files[0])},
    [REC_APPS_TPCC] = {REC_TPCC_SCHEMA, "postgresql", tpcc_files,
		       sizeof(tpcc_files) / sizeof(tpcc_files[0])},
};

const char *rec_apps_schema(enum rec_apps_workload w) { return docs[w].schema; }

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

/* A string, or null for NULL and "" (ssd-apps's unknown). */
static json_object *text(const char *s) { return s && *s ? json_object_new_string(s) : NULL; }

static json_object *dbl(double v) { return isnan(v) ? NULL : json_object_new_double(v); }

/* A size or count that is only known when positive (0: not measured). */
static json_object *positive(long long v) { return v > 0 ? json_object_new_int64(v) : NULL; }

/* "134217728" -> integer; "O_DIRECT", "ON", "16MB" -> string */
static json_object *setting_value(const char *v)
{
	char *end;
	long long n;

	if (!v || !*v)
		return NULL;
	n = strtoll(v, &end, 10);
	return *end ? json_object_new_string(v) : json_object_new_int64(n);
}

static json_object *histogram(const struct rec_apps_bucket *b, size_t n)
{
	json_object *a;

	if (!b || !n)
		return NULL;
	a = json_object_new_array();
	for (size_t i = 0; i < n; i++) {
		json_object *p = json_object_new_array();

		json_object_array_add(p, json_object_new_double(b[i].value_ms));
		json_object_array_add(p, json_object_new_int64(b[i].count));
		json_object_array_add(a, p);
	}
	return a;
}

/* sysbench's figures of an instance's measured run into @o */
static void report_json(json_object *o, const struct rec_apps_instance *in)
{
	json_object *l = json_object_new_object();

	add(o, "sysbench_version", text(in->sysbench_version));
	add(o, "threads", rec_json_i64(in->threads));
	add(o, "tps", dbl(in->f.tps));
	add(o, "qps", dbl(in->f.qps));
	add(o, "transactions", rec_json_i64(in->f.transactions));
	add(o, "queries", rec_json_i64(in->f.queries));
	add(o, "reads", rec_json_i64(in->reads));
	add(o, "writes", rec_json_i64(in->writes));
	add(o, "others", rec_json_i64(in->others));
	add(o, "errors", rec_json_i64(in->f.errors));
	add(o, "reconnects", rec_json_i64(in->f.reconnects));
	add(o, "time_s", dbl(in->time_s));
	add(o, "events", rec_json_i64(in->events));
	add(l, "min", dbl(in->f.lat_min_ms));
	add(l, "avg", dbl(in->f.lat_avg_ms));
	add(l, "max", dbl(in->f.lat_max_ms));
	add(l, "p95", dbl(in->f.lat_p95_ms));
	add(l, "p99", dbl(in->f.lat_p99_ms));
	add(o, "latency_ms", l);
	add(o, "p95_source", rec_json_text(in->p95_source));
	add(o, "p99_source", rec_json_text(in->p99_source));
	add(o, "sysbench_percentile", dbl(in->sysbench_percentile));
	add(o, "sysbench_percentile_ms", dbl(in->sysbench_percentile_ms));
	add(o, "histogram", histogram(in->f.hist, in->f.nhist));
}

static json_object *instance_json(const struct rec_apps *a, const struct rec_apps_instance *in)
{
	const struct workload_doc *w = &docs[a->kind];
	json_object *o = json_object_new_object(), *s = NULL, *f;

	add(o, "id", json_object_new_int(in->id));
	add(o, "datadir", rec_json_text(in->datadir));
	add(o, "socket", rec_json_text(in->socket));
	add(o, "port", in->port > 0 ? json_object_new_int(in->port) : NULL);
	if (in->port_asked > 0)
		add(o, "port_asked", json_object_new_int(in->port_asked));
	add(o, "server_version", text(in->server_version));
	if (in->settings) {
		s = json_object_new_object();
		for (size_t i = 0; i < in->nsettings; i++)
			add(s, in->settings[i].name, setting_value(in->settings[i].value));
	}
	add(o, "settings", s);
	add(o, "stop", text(in->stop));
	if (in->have_report)
		report_json(o, in);
	f = json_object_new_object();
	for (size_t i = 0; i < w->nfiles; i++)
		add(f, w->files[i].key, text(in->files[w->files[i].file]));
	add(o, "files", f);
	if (a->kind == REC_APPS_TPCC) {
		rec_tpcc_figures_add(o, &in->tpcc);
		add(o, "consistency",
		    in->checked ? rec_tpcc_consistency_json(in->consistency, in->nconsistency)
				: NULL);
	}
	return o;
}

static json_object *total_json(const struct rec_apps *a)
{
	json_object *o, *l;

	if (!a->have_total)
		return NULL;
	o = json_object_new_object();
	add(o, "instances", rec_json_i64(a->total_instances));
	add(o, "tps", dbl(a->total.tps));
	add(o, "qps", dbl(a->total.qps));
	add(o, "transactions", rec_json_i64(a->total.transactions));
	add(o, "queries", rec_json_i64(a->total.queries));
	add(o, "errors", rec_json_i64(a->total.errors));
	add(o, "reconnects", rec_json_i64(a->total.reconnects));
	l = json_object_new_object();
	add(l, "avg", dbl(a->total.lat_avg_ms));
	add(l, "max", dbl(a->total.lat_max_ms));
	add(l, "p95", dbl(a->total.lat_p95_ms));
	add(l, "p99", dbl(a->total.lat_p99_ms));
	add(o, "latency_ms", l);
	add(o, "avg_method", rec_json_text(a->avg_method));
	add(o, "p95_method", rec_json_text(a->p95_method));
	add(o, "p99_method", rec_json_text(a->p99_method));
	add(o, "histogram", histogram(a->total.hist, a->total.nhist));
	if (a->kind == REC_APPS_TPCC)
		rec_tpcc_figures_add(o, &a->total_tpcc);
	return o;
}

static json_object *workload_json(const struct rec_apps *a)
{
	json_object *w = json_object_new_object(), *so, *mix;
	bool tpcc = a->kind == REC_APPS_TPCC;

	add(w, "tool", rec_json_text(a->workload.tool));
	add(w, "test", rec_json_text(a->workload.test));
	if (tpcc)
		add(w, "script", text(a->workload.script));
	add(w, "profile", rec_json_text(a->workload.profile));
	add(w, "instances", rec_json_i64(a->workload.instances));
	if (tpcc) {
		add(w, "warehouses", rec_json_i64(a->workload.warehouses));
		add(w, "items", rec_json_i64(a->workload.items));
		add(w, "customers_per_district", rec_json_i64(a->workload.customers_per_district));
	} else {
		add(w, "tables", rec_json_i64(a->workload.tables));
		add(w, "table_size", rec_json_i64(a->workload.table_size));
	}
	add(w, "threads", rec_json_i64(a->workload.threads));
	add(w, "warmup_s", rec_json_i64(a->workload.warmup_s));
	add(w, "time_s", rec_json_i64(a->workload.time_s));
	add(w, "report_interval_s", rec_json_i64(a->workload.report_interval_s));
	add(w, "percentile", rec_json_i64(a->workload.percentile));
	add(w, "histogram", json_object_new_boolean(a->workload.histogram));
	if (tpcc) {
		mix = json_object_new_object();
		for (size_t i = 0; i < a->workload.nmix; i++)
			add(mix, a->workload.mix[i].name, rec_json_i64(a->workload.mix[i].pct));
		add(w, "mix_pct", mix);
		add(w, "new_order_rollback_pct", rec_json_i64(a->workload.new_order_rollback_pct));
		add(w, "think_times", json_object_new_boolean(a->workload.think_times));
	}
	add(w, "buffer_pool_bytes", rec_json_i64(a->workload.buffer_pool_bytes));
	if (tpcc)
		add(w, "max_wal_size_bytes", rec_json_i64(a->workload.max_wal_size_bytes));
	else
		add(w, "flush_method", rec_json_text(a->workload.flush_method));
	so = json_object_new_array();
	for (size_t i = 0; i < a->workload.nserver_opts; i++)
		json_object_array_add(so, rec_json_text(a->workload.server_opts[i]));
	add(w, "server_opts", so);
	add(w, "port_base", positive(a->workload.port_base));
	if (tpcc)
		add(w, "pg_user", text(a->workload.pg_user));
	return w;
}

static json_object *space_json(const struct rec_apps *a)
{
	json_object *s = json_object_new_object();

	add(s, "estimate_bytes", positive(a->space.estimate_bytes));
	if (a->kind == REC_APPS_TPCC) {
		add(s, "stock_row_bytes", rec_json_i64(a->space.stock_row_bytes));
		add(s, "customer_bytes", rec_json_i64(a->space.customer_bytes));
		add(s, "item_bytes", rec_json_i64(a->space.item_bytes));
	} else {
		add(s, "row_bytes", rec_json_i64(a->space.row_bytes));
		add(s, "table_bytes", rec_json_i64(a->space.table_bytes));
	}
	add(s, "instance_bytes", rec_json_i64(a->space.instance_bytes));
	if (a->kind == REC_APPS_TPCC)
		add(s, "wal_pct", rec_json_i64(a->space.wal_pct));
	add(s, "margin_pct", rec_json_i64(a->space.margin_pct));
	return s;
}

static json_object *memory_json(const struct rec_apps *a)
{
	json_object *m = json_object_new_object();

	add(m, "need_bytes", positive(a->memory.need_bytes));
	add(m, "available_bytes", positive(a->memory.available_bytes));
	add(m, "server_bytes", rec_json_i64(a->memory.server_bytes));
	add(m, "connection_bytes", rec_json_i64(a->memory.connection_bytes));
	return m;
}

static json_object *timings_json(const struct rec_apps *a)
{
	json_object *t = json_object_new_object();

	add(t, "mkfs", dbl(a->timings_s.mkfs));
	add(t, "install", dbl(a->timings_s.install));
	add(t, "start", dbl(a->timings_s.start));
	add(t, "prepare", dbl(a->timings_s.prepare));
	add(t, "copy", dbl(a->timings_s.copy));
	add(t, "warmup", dbl(a->timings_s.warmup));
	add(t, "run", dbl(a->timings_s.run));
	if (a->kind == REC_APPS_TPCC)
		add(t, "check", dbl(a->timings_s.check));
	add(t, "stop", dbl(a->timings_s.stop));
	add(t, "total", dbl(a->timings_s.total));
	return t;
}

int rec_apps_write(const char *path, const struct rec_apps *a)
{
	json_object *o = json_object_new_object(), *d, *f, *v, *in;
	int rc;

	add(o, "schema", json_object_new_string(docs[a->kind].schema));
	add(o, "status", rec_json_text(a->status));
	add(o, "failed_step", text(a->failed_step));
	add(o, "error", text(a->error));
	add(o, "started_at", rec_json_text(a->started_at));
	d = json_object_new_object();
	add(d, "given", rec_json_text(a->device.given));
	add(d, "block", text(a->device.block));
	add(d, "kind", text(a->device.kind));
	add(d, "size_bytes", positive(a->device.size_bytes));
	add(d, "write_cache", text(a->device.write_cache));
	add(o, "device", d);
	f = json_object_new_object();
	add(f, "type", text(a->fs.type));
	add(f, "mkfs", text(a->fs.mkfs));
	add(f, "mount_point", text(a->fs.mount_point));
	add(f, "mount_options_requested", rec_json_text(a->fs.mount_options_requested));
	add(f, "mount_options", text(a->fs.mount_options));
	add(f, "super_options", text(a->fs.super_options));
	add(f, "size_bytes", rec_json_i64(a->fs.size_bytes));
	add(f, "available_bytes", rec_json_i64(a->fs.available_bytes));
	add(o, "filesystem", f);
	add(o, "workload", workload_json(a));
	add(o, "space", space_json(a));
	add(o, "memory", memory_json(a));
	v = json_object_new_object();
	add(v, "sysbench", text(a->sysbench_version));
	add(v, docs[a->kind].server, text(a->server_version));
	add(o, "versions", v);
	add(o, "timings_s", timings_json(a));
	in = json_object_new_array();
	for (size_t i = 0; i < a->ninst; i++)
		json_object_array_add(in, instance_json(a, &a->inst[i]));
	add(o, "instances", in);
	if (a->kind == REC_APPS_TPCC)
		add(o, "consistency_holds",
		    a->consistency_holds < 0 ? NULL
					     : json_object_new_boolean(a->consistency_holds));
	add(o, "total", total_json(a));
	rc = rec_json_write(path, o);
	json_object_put(o);
	return rc;
}

/* ---- reading ------------------------------------------------------------------------------ */

static double dbl_of(json_object *o, const char *key)
{
	double v;

	return rec_json_num(o, key, &v) ? v : NAN;
}

static int histogram_of(json_object *h, struct rec_apps_bucket **out, size_t *n)
{
	size_t len;

	*out = NULL;
	*n = 0;
	if (!h || !json_object_is_type(h, json_type_array))
		return 0;
	len = json_object_array_length(h);
	if (!(*out = calloc(len + 1, sizeof(**out))))
		return -ENOMEM;
	for (size_t i = 0; i < len; i++) {
		json_object *p = json_object_array_get_idx(h, i);

		(*out)[i].value_ms = json_object_get_double(json_object_array_get_idx(p, 0));
		(*out)[i].count = json_object_get_int64(json_object_array_get_idx(p, 1));
	}
	*n = len;
	return 0;
}

/* The figures of an instance or "total" object. */
static int figures_of(json_object *o, struct rec_apps_figures *f)
{
	json_object *l = rec_json_get(o, "latency_ms");

	f->tps = dbl_of(o, "tps");
	f->qps = dbl_of(o, "qps");
	f->transactions = rec_json_i64_or(o, "transactions", -1);
	f->queries = rec_json_i64_or(o, "queries", -1);
	f->errors = rec_json_i64_or(o, "errors", -1);
	f->reconnects = rec_json_i64_or(o, "reconnects", -1);
	f->lat_min_ms = dbl_of(l, "min");
	f->lat_avg_ms = dbl_of(l, "avg");
	f->lat_max_ms = dbl_of(l, "max");
	f->lat_p95_ms = dbl_of(l, "p95");
	f->lat_p99_ms = dbl_of(l, "p99");
	return histogram_of(rec_json_get(o, "histogram"), &f->hist, &f->nhist);
}

static int settings_of(json_object *s, struct rec_apps_instance *in)
{
	size_t k = 0;

	if (!s || !json_object_is_type(s, json_type_object))
		return 0;
	if (!(in->settings = calloc(json_object_object_length(s) + 1, sizeof(*in->settings))))
		return -ENOMEM;
	json_object_object_foreach(s, key, val)
	{
		in->settings[k].name = key;
		in->settings[k++].value = val ? json_object_get_string(val) : NULL;
	}
	in->nsettings = k;
	return 0;
}

static int instance_of(json_object *o, const struct workload_doc *w, struct rec_apps_instance *in)
{
	json_object *f = rec_json_get(o, "files"), *c = rec_json_get(o, "consistency");
	int rc;

	in->id = (int)rec_json_i64_or(o, "id", 0);
	in->datadir = rec_json_str(o, "datadir");
	in->socket = rec_json_str(o, "socket");
	in->port = (int)rec_json_i64_or(o, "port", -1);
	in->port_asked = (int)rec_json_i64_or(o, "port_asked", -1);
	in->server_version = rec_json_str(o, "server_version");
	in->stop = rec_json_str(o, "stop");
	in->have_report = rec_json_get(o, "tps") != NULL;
	in->sysbench_version = rec_json_str(o, "sysbench_version");
	in->threads = rec_json_i64_or(o, "threads", -1);
	in->reads = rec_json_i64_or(o, "reads", -1);
	in->writes = rec_json_i64_or(o, "writes", -1);
	in->others = rec_json_i64_or(o, "others", -1);
	in->events = rec_json_i64_or(o, "events", -1);
	in->time_s = dbl_of(o, "time_s");
	in->p95_source = rec_json_str(o, "p95_source");
	in->p99_source = rec_json_str(o, "p99_source");
	in->sysbench_percentile = dbl_of(o, "sysbench_percentile");
	in->sysbench_percentile_ms = dbl_of(o, "sysbench_percentile_ms");
	for (size_t i = 0; i < w->nfiles; i++)
		in->files[w->files[i].file] = rec_json_str(f, w->files[i].key);
	if ((rc = settings_of(rec_json_get(o, "settings"), in)) || (rc = figures_of(o, &in->f)) ||
	    (rc = rec_tpcc_figures_of(o, &in->tpcc)))
		return rc;
	if (c && json_object_is_type(c, json_type_array)) {
		in->checked = true;
		return rec_tpcc_consistency_of(c, &in->consistency, &in->nconsistency);
	}
	return 0;
}

static void workload_of(json_object *w, struct rec_apps *a, int *rc)
{
	json_object *so = rec_json_get(w, "server_opts"), *mix = rec_json_get(w, "mix_pct");

	a->workload.tool = rec_json_str(w, "tool");
	a->workload.test = rec_json_str(w, "test");
	a->workload.script = rec_json_str(w, "script");
	a->workload.profile = rec_json_str(w, "profile");
	a->workload.flush_method = rec_json_str(w, "flush_method");
	a->workload.pg_user = rec_json_str(w, "pg_user");
	a->workload.instances = rec_json_i64_or(w, "instances", -1);
	a->workload.tables = rec_json_i64_or(w, "tables", -1);
	a->workload.table_size = rec_json_i64_or(w, "table_size", -1);
	a->workload.warehouses = rec_json_i64_or(w, "warehouses", -1);
	a->workload.items = rec_json_i64_or(w, "items", -1);
	a->workload.customers_per_district = rec_json_i64_or(w, "customers_per_district", -1);
	a->workload.threads = rec_json_i64_or(w, "threads", -1);
	a->workload.warmup_s = rec_json_i64_or(w, "warmup_s", -1);
	a->workload.time_s = rec_json_i64_or(w, "time_s", -1);
	a->workload.report_interval_s = rec_json_i64_or(w, "report_interval_s", -1);
	a->workload.percentile = rec_json_i64_or(w, "percentile", -1);
	a->workload.buffer_pool_bytes = rec_json_i64_or(w, "buffer_pool_bytes", -1);
	a->workload.max_wal_size_bytes = rec_json_i64_or(w, "max_wal_size_bytes", -1);
	a->workload.new_order_rollback_pct = rec_json_i64_or(w, "new_order_rollback_pct", -1);
	a->workload.port_base = rec_json_i64_or(w, "port_base", -1);
	a->workload.histogram = json_object_get_boolean(rec_json_get(w, "histogram"));
	a->workload.think_times = json_object_get_boolean(rec_json_get(w, "think_times"));
	if (so && json_object_is_type(so, json_type_array)) {
		size_t n = json_object_array_length(so);
		const char **v = calloc(n + 1, sizeof(*v));

		if (!v)
			*rc = -ENOMEM;
		for (size_t i = 0; v && i < n; i++)
			v[i] = json_object_get_string(json_object_array_get_idx(so, i));
		a->workload.server_opts = v;
		a->workload.nserver_opts = v ? n : 0;
	}
	if (mix && json_object_is_type(mix, json_type_object)) {
		size_t k = 0;

		if (!(a->workload.mix =
			  calloc(json_object_object_length(mix) + 1, sizeof(*a->workload.mix)))) {
			*rc = -ENOMEM;
			return;
		}
		json_object_object_foreach(mix, name, pct)
		{
			a->workload.mix[k].name = name;
			a->workload.mix[k++].pct = pct ? json_object_get_int64(pct) : -1;
		}
		a->workload.nmix = k;
	}
}

static void space_of(json_object *s, struct rec_apps *a)
{
	a->space.estimate_bytes = rec_json_i64_or(s, "estimate_bytes", -1);
	a->space.instance_bytes = rec_json_i64_or(s, "instance_bytes", -1);
	a->space.margin_pct = rec_json_i64_or(s, "margin_pct", -1);
	a->space.row_bytes = rec_json_i64_or(s, "row_bytes", -1);
	a->space.table_bytes = rec_json_i64_or(s, "table_bytes", -1);
	a->space.stock_row_bytes = rec_json_i64_or(s, "stock_row_bytes", -1);
	a->space.customer_bytes = rec_json_i64_or(s, "customer_bytes", -1);
	a->space.item_bytes = rec_json_i64_or(s, "item_bytes", -1);
	a->space.wal_pct = rec_json_i64_or(s, "wal_pct", -1);
}

static void timings_of(json_object *t, struct rec_apps *a)
{
	a->timings_s.mkfs = dbl_of(t, "mkfs");
	a->timings_s.install = dbl_of(t, "install");
	a->timings_s.start = dbl_of(t, "start");
	a->timings_s.prepare = dbl_of(t, "prepare");
	a->timings_s.copy = dbl_of(t, "copy");
	a->timings_s.warmup = dbl_of(t, "warmup");
	a->timings_s.run = dbl_of(t, "run");
	a->timings_s.check = dbl_of(t, "check");
	a->timings_s.stop = dbl_of(t, "stop");
	a->timings_s.total = dbl_of(t, "total");
}

int rec_apps_read(const char *path, enum rec_apps_workload w, struct rec_apps *a, char *err,
		  size_t errlen)
{
	json_object *o, *d, *f, *m, *in, *tot, *holds;
	const char *schema;
	bool missing;
	int rc = 0;

	memset(a, 0, sizeof(*a));
	if (!(o = rec_json_read(path, &missing, err, errlen)))
		return missing ? -ENOENT : -EINVAL;
	schema = rec_json_str(o, "schema");
	if (!schema || strcmp(schema, docs[w].schema) || !rec_json_str(o, "status")) {
		snprintf(err, errlen,
			 "%s: expected an ssd-apps result: \"schema\": \"%s\" and a \"status\"",
			 path, docs[w].schema);
		json_object_put(o);
		return -EINVAL;
	}
	a->doc = o;
	a->kind = w;
	a->status = rec_json_str(o, "status");
	a->failed_step = rec_json_str(o, "failed_step");
	a->error = rec_json_str(o, "error");
	a->started_at = rec_json_str(o, "started_at");
	d = rec_json_get(o, "device");
	a->device.given = rec_json_str(d, "given");
	a->device.block = rec_json_str(d, "block");
	a->device.kind = rec_json_str(d, "kind");
	a->device.write_cache = rec_json_str(d, "write_cache");
	a->device.size_bytes = rec_json_i64_or(d, "size_bytes", -1);
	f = rec_json_get(o, "filesystem");
	a->fs.type = rec_json_str(f, "type");
	a->fs.mkfs = rec_json_str(f, "mkfs");
	a->fs.mount_point = rec_json_str(f, "mount_point");
	a->fs.mount_options_requested = rec_json_str(f, "mount_options_requested");
	a->fs.mount_options = rec_json_str(f, "mount_options");
	a->fs.super_options = rec_json_str(f, "super_options");
	a->fs.size_bytes = rec_json_i64_or(f, "size_bytes", -1);
	a->fs.available_bytes = rec_json_i64_or(f, "available_bytes", -1);
	workload_of(rec_json_get(o, "workload"), a, &rc);
	space_of(rec_json_get(o, "space"), a);
	m = rec_json_get(o, "memory");
	a->memory.need_bytes = rec_json_i64_or(m, "need_bytes", -1);
	a->memory.available_bytes = rec_json_i64_or(m, "available_bytes", -1);
	a->memory.server_bytes = rec_json_i64_or(m, "server_bytes", -1);
	a->memory.connection_bytes = rec_json_i64_or(m, "connection_bytes", -1);
	a->sysbench_version = rec_json_str(rec_json_get(o, "versions"), "sysbench");
	a->server_version = rec_json_str(rec_json_get(o, "versions"), docs[w].server);
	timings_of(rec_json_get(o, "timings_s"), a);
	in = rec_json_get(o, "instances");
	if (!rc && in && json_object_is_type(in, json_type_array)) {
		size_t n = json_object_array_length(in);

		if (!(a->inst = calloc(n + 1, sizeof(*a->inst))))
			rc = -ENOMEM;
		for (size_t i = 0; !rc && i < n; i++, a->ninst++)
			rc = instance_of(json_object_array_get_idx(in, i), &docs[w], &a->inst[i]);
	}
	holds = rec_json_get(o, "consistency_holds");
	a->consistency_holds = holds ? json_object_get_boolean(holds) : -1;
	tot = rec_json_get(o, "total");
	if (!rc && (a->have_total = tot != NULL)) {
		a->total_instances = rec_json_i64_or(tot, "instances", -1);
		a->avg_method = rec_json_str(tot, "avg_method");
		a->p95_method = rec_json_str(tot, "p95_method");
		a->p99_method = rec_json_str(tot, "p99_method");
		rc = figures_of(tot, &a->total);
		if (!rc)
			rc = rec_tpcc_figures_of(tot, &a->total_tpcc);
	}
	if (rc) {
		snprintf(err, errlen, "out of memory");
		rec_apps_free(a);
	}
	return rc;
}

void rec_apps_free(struct rec_apps *a)
{
	if (a->doc) { /* only what rec_apps_read() allocated */
		for (size_t i = 0; i < a->ninst; i++) {
			free(a->inst[i].settings);
			free(a->inst[i].f.hist);
			free(a->inst[i].tpcc.types);
			free(a->inst[i].consistency);
		}
		free(a->inst);
		free(a->total.hist);
		free(a->total_tpcc.types);
		free((void *)a->workload.server_opts);
		free(a->workload.mix);
	}
	json_object_put(a->doc);
	memset(a, 0, sizeof(*a));
}
