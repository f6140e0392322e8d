/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps.h - an ssd-apps test's result: <test folder>/apps.json, schema "ssdeng.apps.v1"
 * (apps/README.md for every field, docs/results-format.md, docs/schemas/apps.schema.json):
 * MariaDB + sysbench OLTP on a filesystem on the drive, the run's status and error, the device
 * and filesystem, the workload, the space estimate, versions, timings, and per instance and in
 * total the rates, counts and latencies. Units: latencies in milliseconds, rates per second,
 * sizes in bytes, durations in seconds; a figure that is not known is null, never 0.
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

#define REC_APPS_SCHEMA "ssdeng.apps.v1"

/* One bucket of sysbench's latency histogram. */
struct rec_apps_bucket {
	double value_ms;
	long long count;
};

/* A setting read back from a running server (SHOW GLOBAL VARIABLES). */
struct rec_apps_setting {
	const char *name, *value; /* a value of digits is written as a number */
};

/* The figures of one instance, or of all of them together ("total"). */
struct rec_apps_figures {
	double tps, qps;
	long long transactions, queries, errors, reconnects;
	double lat_min_ms, lat_avg_ms, lat_max_ms, lat_p95_ms, lat_p99_ms;
	struct rec_apps_bucket *hist; /* ascending; NULL: none */
	size_t nhist;
};

/* One MariaDB server and its sysbench run. */
struct rec_apps_instance {
	int id; /* 1.. */
	const char *datadir, *socket, *server_version, *stop;
	int port;			   /* -1: sockets only */
	struct rec_apps_setting *settings; /* NULL: not read */
	size_t nsettings;
	bool have_report; /* sysbench's measured run was parsed: the figures below are */
	const char *sysbench_version;
	long long threads, reads, writes, others, events;
	double time_s;
	struct rec_apps_figures f;
	const char *p95_source, *p99_source;		    /* "histogram", "sysbench", "none" */
	double sysbench_percentile, sysbench_percentile_ms; /* the line sysbench printed */
	const char *files[5]; /* install, error_log, prepare, warmup, run: relative, NULL absent */
};

/* The files of an instance, in rec_apps_instance.files order. */
#define REC_APPS_FILE_KEYS                                                                         \
	{                                                                                          \
		"install", "error_log", "prepare", "warmup", "run"                                 \
	}

struct rec_apps {
	const char *status;	 /* "done", "failed", "interrupted", "refused" */
	const char *failed_step; /* NULL, or "device", "programs", "space", "mkfs", ... */
	const char *error;	 /* the message, or NULL */
	const char *started_at;	 /* UTC, ISO 8601 */
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
		const char *tool, *test, *profile, *flush_method;
		long long instances, tables, table_size, threads, warmup_s, time_s,
		    report_interval_s, percentile, buffer_pool_bytes, port_base;
		bool histogram;
		const char *const *server_opts;
		size_t nserver_opts;
	} workload;
	struct {
		long long estimate_bytes, row_bytes, table_bytes, instance_bytes, margin_pct;
	} space;
	const char *sysbench_version, *mariadb_version;
	struct {
		double mkfs, install, start, prepare, warmup, run, stop, total;
	} timings_s;
	struct rec_apps_instance *inst;
	size_t ninst;
	bool have_total; /* "total": null unless every instance has a report */
	long long total_instances;
	struct rec_apps_figures total;
	const char *avg_method, *p95_method, *p99_method;
	json_object *doc; /* read back: the document the strings belong to */
};

/**
 * rec_apps_write() - @a as <@path> (apps.json), atomically.
 * Return: 0 or -errno.
 */
int rec_apps_write(const char *path, const struct rec_apps *a);

/**
 * rec_apps_read() - the apps.json at @path.
 * @a: output (rec_apps_free()), zeroed first
 * @err, @errlen: "PATH: No such file or directory", "PATH: not JSON (...)", "PATH: expected an
 *                ssd-apps result: "schema": "ssdeng.apps.v1" and a "status""
 * Return: 0, -ENOENT, -EINVAL, -ENOMEM.
 */
int rec_apps_read(const char *path, struct rec_apps *a, char *err, size_t errlen);

void rec_apps_free(struct rec_apps *a);

#endif
