// SPDX-License-Identifier: GPL-2.0-only
/* apps_record.c - what both results share, from the run (apps_record.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps_record.h"

/* -1 (null) for a count ssd-apps does not know */
static long long known(bool has, uint64_t v) { return has ? (long long)v : -1; }

/* ms, NaN (null) when negative: not known */
static double ms(double v) { return v < 0 ? NAN : v; }

static const char *pct_source(double v, int from_hist)
{
	return v < 0 ? "none" : from_hist ? "histogram" : "sysbench";
}

/* sysbench's histogram as the record's buckets (malloc'ed; NULL without one). */
static struct rec_apps_bucket *buckets(const struct sb_bucket *b, size_t n)
{
	struct rec_apps_bucket *o = n ? calloc(n, sizeof(*o)) : NULL;

	for (size_t i = 0; o && i < n; i++)
		o[i] = (struct rec_apps_bucket){b[i].value_ms, (long long)b[i].count};
	return o;
}

/* The instance's files that exist, named relative to the test folder ("db1/run.txt"). */
static void files(const struct apps_db *db, struct rec_apps_instance *in,
		  char (*rel)[REC_APPS_NFILES][64])
{
	char path[800], dir[16];

	rec_path_apps_instance(dir, sizeof(dir), NULL, db->id);
	for (int f = 0; f < REC_APPS_NFILES; f++) {
		rec_path_apps_file(path, sizeof(path), db->outdir, f);
		if (access(path, F_OK) || rec_path_apps_file((*rel)[f], sizeof((*rel)[f]), dir, f))
			continue;
		in->files[f] = (*rel)[f];
	}
}

/* sysbench's figures of @db's measured run */
static int report(const struct apps_db *db, struct rec_apps_instance *in)
{
	const struct sb_report *r = &db->report;

	in->have_report = true;
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
	return r->nhist && !in->f.hist ? -ENOMEM : 0;
}

static int instance(struct apps_record *r, const struct apps_run *run, unsigned int i)
{
	const struct apps_db *db = &run->db[i];
	struct rec_apps_instance *in = &r->inst[i];

	in->id = (int)db->id;
	in->datadir = db->datadir;
	in->socket = db->socket;
	in->port = db->port ? (int)db->port : -1;
	in->port_asked = db->port != db->port_asked ? (int)db->port_asked : -1;
	in->server_version = db->version;
	if (db->have_settings) {
		for (unsigned int k = 0; k < run->wl->nsettings; k++)
			r->settings[i][k] =
			    (struct rec_apps_setting){run->wl->setting_names[k], db->settings[k]};
		in->settings = r->settings[i];
		in->nsettings = run->wl->nsettings;
	}
	in->stop = db->stop_how;
	files(db, in, &r->files[i]);
	return db->have_report ? report(db, in) : 0;
}

/* The total over the instances, when every instance has a report. */
static int total(struct apps_record *r, const struct apps_run *run)
{
	struct sb_report rep[APPS_MAX_INSTANCES];
	struct rec_apps *a = &r->a;
	struct apps_total *t = &r->total;

	for (unsigned int i = 0; i < run->ndb; i++) {
		if (!run->db[i].have_report)
			return 0;
		rep[i] = run->db[i].report;
	}
	if (!run->ndb || apps_total(rep, run->ndb, t))
		return 0;
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
	return t->nhist && !a->total.hist ? -ENOMEM : 0;
}

int apps_record_new(struct apps_record **out, const struct apps_run *run, const char *test,
		    char *err, size_t errlen)
{
	const struct apps_opts *op = run->o;
	struct apps_record *r = calloc(1, sizeof(*r));
	struct rec_apps *a;
	int rc = 0;

	*out = r;
	if (!r) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	a = &r->a;
	a->kind = run->wl->result;
	a->status = run->status;
	a->failed_step = run->failed_step;
	a->error = run->error;
	a->started_at = run->started_at;
	a->device.given = run->dev.given;
	a->device.block = run->dev.block;
	a->device.kind = run->dev.kind;
	a->device.size_bytes = (long long)run->dev.size;
	a->device.write_cache = run->dev.write_cache;
	a->fs.type = run->fs.type;
	a->fs.mkfs = run->fs.mkfs_cmd;
	a->fs.mount_point = run->fs.mnt;
	a->fs.mount_options_requested = op->mount_opts;
	a->fs.mount_options = run->fs.mount_opts;
	a->fs.super_options = run->fs.super_opts;
	a->fs.size_bytes = run->fs.size ? (long long)run->fs.size : -1;
	a->fs.available_bytes = run->fs.size ? (long long)run->fs.avail : -1;
	a->workload.tool = "sysbench";
	a->workload.test = test;
	a->workload.profile = op->profile;
	a->workload.instances = op->instances;
	a->workload.threads = op->threads;
	a->workload.warmup_s = op->warmup_s;
	a->workload.time_s = op->time_s;
	a->workload.report_interval_s = op->report_interval_s;
	a->workload.percentile = 99;
	a->workload.histogram = true;
	a->workload.buffer_pool_bytes = (long long)op->buffer_pool;
	a->workload.server_opts = op->server_opts;
	a->workload.nserver_opts = op->nserver_opts;
	a->workload.port_base = op->port_base;
	a->space.estimate_bytes = (long long)run->space_need;
	a->memory.need_bytes = (long long)run->memory_need;
	a->memory.available_bytes = (long long)run->memory_avail;
	a->memory.server_bytes = (long long)APPS_SERVER_MEM_BYTES;
	a->memory.connection_bytes = (long long)APPS_CONN_MEM_BYTES;
	a->sysbench_version = run->sysbench_version;
	a->server_version = run->ndb ? run->db[0].version : NULL;
	a->timings_s.mkfs = run->t_mkfs;
	a->timings_s.install = run->t_install;
	a->timings_s.start = run->t_start;
	a->timings_s.prepare = run->t_prepare;
	a->timings_s.copy = run->t_copy;
	a->timings_s.warmup = run->t_warmup;
	a->timings_s.run = run->t_run;
	a->timings_s.check = run->t_check;
	a->timings_s.stop = run->t_stop;
	a->timings_s.total = run->t_total;
	a->consistency_holds = -1;
	for (unsigned int i = 0; !rc && i < run->ndb; i++)
		rc = instance(r, run, i);
	a->inst = r->inst;
	a->ninst = run->ndb;
	if (!rc)
		rc = total(r, run);
	if (rc)
		snprintf(err, errlen, "out of memory");
	return rc;
}

int apps_record_write(const struct apps_record *r, const struct apps_run *run, char *err,
		      size_t errlen)
{
	char path[600];
	int rc = rec_path_apps(path, sizeof(path), run->o->out, run->wl->result);

	if (!rc)
		rc = rec_apps_write(path, &r->a);
	if (rc)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-rc));
	return rc;
}

void apps_record_free(struct apps_record *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < APPS_MAX_INSTANCES; i++)
		free(r->inst[i].f.hist);
	free(r->a.total.hist);
	apps_total_free(&r->total);
	free(r);
}
