/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_json.h - the parts both results share (apps.json, schema ssdeng.apps.v1, and tpcc.json,
 * schema ssdeng.apps-tpcc.v1; apps/README.md): the run's status, the device, the filesystem, the
 * timings, an instance's server and sysbench figures, the total over instances, and the write
 * through a temporary file renamed into place. Units: ms, per second, bytes, seconds; a figure
 * that is not known is null, never 0.
 */
#ifndef SSDENG_APPS_JSON_H
#define SSDENG_APPS_JSON_H

#include <json-c/json.h>

#include "apps.h"
#include "apps_calc.h"

/** apps_json_num() - @v as a number, or NULL (JSON null) when negative (unknown). */
json_object *apps_json_num(double v);

/** apps_json_str() - @s as a string, or NULL when NULL or empty. */
json_object *apps_json_str(const char *s);

/** apps_json_histogram() - [[value_ms, count], …] of @n buckets. */
json_object *apps_json_histogram(const struct sb_bucket *b, size_t n);

/**
 * apps_json_document() - a new result object with schema @schema and what every result has
 * first: status, failed_step, error, started_at, device, filesystem.
 */
json_object *apps_json_document(const struct apps_run *run, const char *schema);

/**
 * apps_json_workload() - a new workload object with what both workloads have: tool
 * ("sysbench"), test (@test), profile, instances, threads, warmup_s, time_s, report_interval_s,
 * percentile (99), histogram (true), buffer_pool_bytes, server_opts, port_base (null for 0).
 */
json_object *apps_json_workload(const struct apps_run *run, const char *test);

/** apps_json_memory() - memory: need_bytes, available_bytes, and the model's terms. */
json_object *apps_json_memory(const struct apps_run *run);

/** apps_json_timings() - timings_s: every step's seconds. */
json_object *apps_json_timings(const struct apps_run *run);

/**
 * apps_json_instance() - one instance's id, datadir, socket, port (port_asked when another was
 * used), server_version, settings (the workload's names; numbers as numbers), stop, and from its
 * measured run sysbench's figures (tps, qps, transactions, …, latency_ms, histogram), and files
 * {@files[i]: "dbN/<name>"} of those present (@names[i] the file name).
 */
json_object *apps_json_instance(const struct apps_run *run, const struct apps_db *db,
				const char *const *files, const char *const *names, size_t nfiles);

/**
 * apps_json_total() - the total over the instances (sums, event-weighted average, merged
 * histogram's percentiles) into a new object, its figures in @t (apps_total_free() it); NULL
 * unless every instance has a report.
 */
json_object *apps_json_total(const struct apps_run *run, struct apps_total *t);

/**
 * apps_json_write() - @doc to <out>/@name through <out>/@name.tmp renamed into place; @doc is
 * released. Return: 0 or -errno with @err naming the file.
 */
int apps_json_write(json_object *doc, const char *out, const char *name, char *err, size_t errlen);

#endif
