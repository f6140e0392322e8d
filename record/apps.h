/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps.h - an ssd-apps test's result, one document per workload (record/layout.h's
 * enum rec_apps_workload; docs/results-format.md for every field, docs/schemas/apps.schema.json
 * and tpcc.schema.json): <test folder>/apps.json, schema "ssdeng.apps.v1" (MariaDB + sysbench
 * OLTP), and <test folder>/tpcc.json, schema "ssdeng.apps-tpcc.v1" (PostgreSQL + the TPC-C-like
 * tpcc.lua, tpcc.h). Both hold the run's status and error, the device and filesystem, the
 * workload, the space and memory estimates, versions, timings, and per instance and in total the
 * rates, counts and latencies. Units: latencies in milliseconds, rates per second, sizes in
 * bytes, durations in seconds; a figure that is not known is null, never 0.
 *
 * ssd-apps fills a struct rec_apps from its run and writes it (rec_apps_write()); ssd-review
 * (the test's outcome and the sizes it ran with) and ssdreport read it back (rec_apps_read()).
 * Strings are borrowed when writing; read back they belong to @doc. A number not known is -1
 * (a count, a size), NaN (a rate, a latency, a duration).
 */
#ifndef SSDENG_RECORD_APPS_H
#define SSDENG_RECORD_APPS_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "record/layout.h"
#include "record/tpcc.h"

#define REC_APPS_SCHEMA "ssdeng.apps.v1"
#define REC_TPCC_SCHEMA "ssdeng.apps-tpcc.v1"

/* One bucket of sysbench's latency histogram. */
struct rec_apps_bucket {
	double value_ms;
	long long count;
};

/* A setting read back from a running server (SHOW GLOBAL VARIABLES, current_setting()). */
struct rec_apps_setting {
	const char *name, *value; /* a value of digits is written as a number */
};

/* A transaction type's share of the mix (tpcc.json workload.mix_pct). */
struct rec_apps_share {
	const char *name;
	long long pct;
};

/* The figures of one instance, or of all of them together ("total"). */
struct rec_apps_figures {
	double tps, qps;
	long long transactions, queries, errors, reconnects;
	double lat_min_ms, lat_avg_ms, lat_max_ms, lat_p95_ms, lat_p99_ms;
	struct rec_apps_bucket *hist; /* ascending; NULL: none */
	size_t nhist;
};

/* One database server (MariaDB, PostgreSQL) and its sysbench run. */
struct rec_apps_instance {
	int id; /* 1.. */
	const char *datadir, *socket, *server_version, *stop;
	int port;			   /* -1: sockets only */
	int port_asked;			   /* the port tried first when another was used, else -1 */
	struct rec_apps_setting *settings; /* NULL: not read */
	size_t nsettings;
	bool have_report; /* sysbench's measured run was parsed: the figures below are */
	const char *sysbench_version;
	long long threads, reads, writes, others, events;
	double time_s;
	struct rec_apps_figures f;
	const char *p95_source, *p99_source;		    /* "histogram", "sysbench", "none" */
	double sysbench_percentile, sysbench_percentile_ms; /* the line sysbench printed */
	/* the instance's files relative to the test folder ("db1/run.txt", rec_path_apps_file()),
	 * NULL when absent; the workload's own: install or initdb log, copy log, the server's log,
	 * sysbench's outputs, tpcc's check */
	const char *files[REC_APPS_NFILES];
	struct rec_tpcc_figures tpcc;		/* tpcc: the types of its measured run */
	bool checked;				/* tpcc: its consistency was checked */
	struct rec_tpcc_condition *consistency; /* tpcc: the conditions, when checked */
	size_t nconsistency;
};

struct rec_apps {
	enum rec_apps_workload kind; /* which document: apps.json or tpcc.json */
	const char *status;	     /* "done", "failed", "interrupted", "refused" */
	const char *failed_step;     /* NULL, or "device", "programs", "space", "mkfs", ... */
	const char *error;	     /* the message, or NULL */
	const char *started_at;	     /* UTC, ISO 8601 */
	struct {
		const char *given, *block, *kind, *write_cache;
		long long size_bytes;
	} device;
	struct {
		const char *type, *mkfs, *mount_point, *mount_options_requested, *mount_options,
		    *super_options;
		long long size_bytes, available_bytes;
	} fs;
	struct {
		const char *tool, *test, *profile;
		long long instances, threads, warmup_s, time_s, report_interval_s, percentile,
		    buffer_pool_bytes, port_base;
		bool histogram;
		const char *const *server_opts;
		size_t nserver_opts;
		/* oltp */
		long long tables, table_size;
		const char *flush_method;
		/* tpcc */
		const char *script, *pg_user;
		long long warehouses, items, customers_per_district, new_order_rollback_pct,
		    max_wal_size_bytes;
		struct rec_apps_share *mix; /* mix_pct, in TPC-C's order */
		size_t nmix;
		bool think_times;
	} workload;
	struct {
		long long estimate_bytes, instance_bytes, margin_pct;
		long long row_bytes, table_bytes;				/* oltp */
		long long stock_row_bytes, customer_bytes, item_bytes, wal_pct; /* tpcc */
	} space;
	struct {
		long long need_bytes, available_bytes, server_bytes, connection_bytes;
	} memory;
	const char *sysbench_version;
	const char *server_version; /* versions.mariadb (apps.json) or versions.postgresql */
	struct {
		/* copy NaN: not written (older files); check: tpcc only */
		double mkfs, install, start, prepare, copy, warmup, run, check, stop, total;
	} timings_s;
	struct rec_apps_instance *inst;
	size_t ninst;
	bool have_total; /* "total": null unless every instance has a report */
	long long total_instances;
	struct rec_apps_figures total;
	const char *avg_method, *p95_method, *p99_method;
	struct rec_tpcc_figures total_tpcc; /* tpcc: the types summed over the instances */
	int consistency_holds;		    /* tpcc: 1, 0, or -1 (null: not checked) */
	json_object *doc;		    /* read back: the document the strings belong to */
};

/** rec_apps_schema() - the schema of @w's document: REC_APPS_SCHEMA or REC_TPCC_SCHEMA. */
const char *rec_apps_schema(enum rec_apps_workload w);

/**
 * rec_apps_write() - @a as <@path> (apps.json or tpcc.json, by a->kind), atomically.
 * Return: 0 or -errno.
 */
int rec_apps_write(const char *path, const struct rec_apps *a);

/**
 * rec_apps_read() - the result of workload @w at @path (apps.json, tpcc.json).
 * @a: output (rec_apps_free()), zeroed first
 * @err, @errlen: "PATH: No such file or directory", "PATH: not JSON (...)", "PATH: expected an
 *                ssd-apps result: "schema": "ssdeng.apps.v1" and a "status"" (another
 *                workload's document among them)
 *                a member of the wrong type: "PATH: instances[0].tps: expected a number, found a
 *                string"; a member missing: "PATH: workload.threads: missing" (those a later
 *                revision added may be: they read as not known)
 * Return: 0, -ENOENT, -EINVAL, -ENOMEM.
 */
int rec_apps_read(const char *path, enum rec_apps_workload w, struct rec_apps *a, char *err,
		  size_t errlen);

void rec_apps_free(struct rec_apps *a);

/**
 * rec_apps_schema_json() - the JSON Schema (draft-07) of @w's document, made from the table of
 * fields rec_apps_write() and rec_apps_read() work from (docs/schemas/apps.schema.json and
 * tpcc.schema.json are its output, scripts/schema-sync). Return: a new object, or NULL.
 */
json_object *rec_apps_schema_json(enum rec_apps_workload w);

#endif
