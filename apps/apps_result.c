// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_result.c - the run as record/apps.h's struct rec_apps, written as <out>/apps.json (schema
 * "ssdeng.apps.v1"; fields and units: apps/README.md). Latencies in milliseconds, rates per
 * second, sizes in bytes, durations in seconds; a figure that is not known is null, never 0.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps.h"
#include "apps_calc.h"
#include "record/apps.h"
#include "record/layout.h"

/* -1 (null) for a count ssd-apps does not know */
static long long known(bool has, uint64_t v) { return has ? (long long)v : -1; }

/* ms, NaN (null) when negative: not known */
static double ms(double v) { return v < 0 ? NAN : v; }

static const char *pct_source(double v, int from_hist)
{
	return v < 0 ? "none" : from_hist ? "histogram" : "sysbench";
}

/* The name of one of an instance's files relative to the test folder ("db1/run.txt"), when it
 * exists; NULL otherwise. */
static const char *file_rel(const struct apps_db *db, enum rec_apps_file f, char *rel, size_t len)
{
	char path[800], dir[16];

	rec_path_apps_file(path, sizeof(path), db->outdir, f);
	if (access(path, F_OK))
		return NULL;
	rec_path_apps_instance(dir, sizeof(dir), NULL, db->id);
	rec_path_apps_file(rel, len, dir, f);
	return rel;
}

/* sysbench's histogram as the record's buckets (malloc'ed; NULL without one). */
static struct rec_apps_bucket *buckets(const struct sb_bucket *b, size_t n)
{
	struct rec_apps_bucket *o = n ? calloc(n, sizeof(*o)) : NULL;

	for (size_t i = 0; o && i < n; i++)
		o[i] = (struct rec_apps_bucket){b[i].value_ms, (long long)b[i].count};
	return o;
}

/* Storage of what one instance's record borrows. */
struct inst_store {
	struct rec_apps_setting settings[APPS_NSETTINGS];
	char rel[5][64];
};

static void instance(const struct apps_db *db, struct rec_apps_instance *in, struct inst_store *st)
{
	static const enum rec_apps_file files[] = {REC_APPS_INSTALL_LOG, REC_APPS_SERVER_ERR,
						   REC_APPS_PREPARE, REC_APPS_WARMUP, REC_APPS_RUN};
	const struct sb_report *r = &db->report;

	in->id = (int)db->id;
	in->datadir = db->datadir;
	in->socket = db->socket;
	in->port = db->port ? (int)db->port : -1;
	in->server_version = db->version;
	if (db->have_settings) {
		for (unsigned int i = 0; i < APPS_NSETTINGS; i++)
			st->settings[i] =
			    (struct rec_apps_setting){apps_setting_names[i], db->settings[i]};
		in->settings = st->settings;
		in->nsettings = APPS_NSETTINGS;
	}
	in->stop = db->stop_how;
	in->have_report = db->have_report;
	if (db->have_report) {
		in->sysbench_version = r->version;
		in->threads = r->threads;
		in->f.tps = r->tps;
		in->f.qps = r->qps;
		in->f.transactions = (long long)r->transactions;
		in->f.queries = (long long)r->queries;
		in->reads = (long long)r->reads;
		in->writes = (long long)r->writes;
		in->others = (long long)r->others;
		in->f.errors = known(r->has_errors, r->errors);
		in->f.reconnects = known(r->has_reconnects, r->reconnects);
		in->time_s = r->total_time_s;
		in->events = (long long)r->events;
		in->f.lat_min_ms = r->has_latency ? r->lat_min_ms : NAN;
		in->f.lat_avg_ms = r->has_latency ? r->lat_avg_ms : NAN;
		in->f.lat_max_ms = r->has_latency ? r->lat_max_ms : NAN;
		in->f.lat_p95_ms = ms(db->p95_ms);
		in->f.lat_p99_ms = ms(db->p99_ms);
		in->p95_source = pct_source(db->p95_ms, db->p95_from_hist);
		in->p99_source = pct_source(db->p99_ms, db->p99_from_hist);
		in->sysbench_percentile = r->has_pct ? r->pct : NAN;
		in->sysbench_percentile_ms = r->has_pct ? r->lat_pct_ms : NAN;
		in->f.hist = buckets(r->hist, r->nhist);
		in->f.nhist = in->f.hist ? r->nhist : 0;
	}
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		in->files[i] = file_rel(db, files[i], st->rel[i], sizeof(st->rel[i]));
}

/* The total over the instances, when every instance has a report. */
static void total(const struct apps_run *run, struct apps_total *t, struct rec_apps *a)
{
	struct sb_report r[APPS_MAX_INSTANCES];

	for (unsigned int i = 0; i < run->ndb; i++) {
		if (!run->db[i].have_report)
			return;
		r[i] = run->db[i].report;
	}
	if (!run->ndb || apps_total(r, run->ndb, t))
		return;
	a->have_total = true;
	a->total_instances = run->ndb;
	a->total.tps = t->tps;
	a->total.qps = t->qps;
	a->total.transactions = (long long)t->transactions;
	a->total.queries = (long long)t->queries;
	a->total.errors = (long long)t->errors;
	a->total.reconnects = (long long)t->reconnects;
	a->total.lat_min_ms = NAN;
	a->total.lat_avg_ms = t->lat_avg_ms;
	a->total.lat_max_ms = t->lat_max_ms;
	a->total.lat_p95_ms = ms(t->lat_p95_ms);
	a->total.lat_p99_ms = ms(t->lat_p99_ms);
	a->avg_method = "weighted-by-events";
	a->p95_method = apps_pct_method_name(t->p95_method);
	a->p99_method = apps_pct_method_name(t->p99_method);
	a->total.hist = buckets(t->hist, t->nhist);
	a->total.nhist = a->total.hist ? t->nhist : 0;
}

int apps_result_write(const struct apps_run *run, char *err, size_t errlen)
{
	const struct apps_opts *op = run->o;
	struct rec_apps_instance inst[APPS_MAX_INSTANCES] = {0};
	struct inst_store store[APPS_MAX_INSTANCES];
	struct apps_total t = {0};
	struct rec_apps a = {0};
	char path[600];
	int r;

	a.status = run->status;
	a.failed_step = run->failed_step;
	a.error = run->error;
	a.started_at = run->started_at;
	a.device.given = run->dev.given;
	a.device.block = run->dev.block;
	a.device.kind = run->dev.kind;
	a.device.size_bytes = (long long)run->dev.size;
	a.device.write_cache = run->dev.write_cache;
	a.fs.type = run->fs.type;
	a.fs.mkfs = run->fs.mkfs_cmd;
	a.fs.mount_point = run->fs.mnt;
	a.fs.mount_options_requested = op->mount_opts;
	a.fs.mount_options = run->fs.mount_opts;
	a.fs.super_options = run->fs.super_opts;
	a.fs.size_bytes = run->fs.size ? (long long)run->fs.size : -1;
	a.fs.available_bytes = run->fs.size ? (long long)run->fs.avail : -1;
	a.workload.tool = "sysbench";
	a.workload.test = "oltp_read_write";
	a.workload.profile = op->profile;
	a.workload.instances = op->instances;
	a.workload.tables = op->tables;
	a.workload.table_size = (long long)op->table_size;
	a.workload.threads = op->threads;
	a.workload.warmup_s = op->warmup_s;
	a.workload.time_s = op->time_s;
	a.workload.report_interval_s = op->report_interval_s;
	a.workload.percentile = 99;
	a.workload.histogram = true;
	a.workload.buffer_pool_bytes = (long long)op->buffer_pool;
	a.workload.flush_method = op->flush_method;
	a.workload.server_opts = op->server_opts;
	a.workload.nserver_opts = op->nserver_opts;
	a.workload.port_base = op->port_base;
	a.space.estimate_bytes = (long long)run->space_need;
	a.space.row_bytes = APPS_ROW_BYTES;
	a.space.table_bytes = APPS_TABLE_BYTES;
	a.space.instance_bytes = APPS_INSTANCE_BYTES;
	a.space.margin_pct = APPS_MARGIN_PCT;
	a.sysbench_version = run->sysbench_version;
	a.mariadb_version = run->ndb ? run->db[0].version : NULL;
	a.timings_s.mkfs = run->t_mkfs;
	a.timings_s.install = run->t_install;
	a.timings_s.start = run->t_start;
	a.timings_s.prepare = run->t_prepare;
	a.timings_s.warmup = run->t_warmup;
	a.timings_s.run = run->t_run;
	a.timings_s.stop = run->t_stop;
	a.timings_s.total = run->t_total;
	for (unsigned int i = 0; i < run->ndb; i++)
		instance(&run->db[i], &inst[i], &store[i]);
	a.inst = inst;
	a.ninst = run->ndb;
	total(run, &t, &a);
	rec_path_apps(path, sizeof(path), op->out);
	r = rec_apps_write(path, &a);
	if (r)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-r));
	for (unsigned int i = 0; i < run->ndb; i++)
		free(inst[i].f.hist);
	free(a.total.hist);
	apps_total_free(&t);
	return r;
}
