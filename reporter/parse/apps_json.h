/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_json.h - ssd-apps's oltp result (apps.json, schema ssdeng.apps.v1, apps/README.md) into
 * the model's struct sr_apps: the run's status and error, the workload's sizes, and per instance
 * and in total the transactions and queries per second and the latencies in ms as ssd-apps
 * wrote them (a figure it wrote as null stays absent); and the parts tpcc.json shares
 * (parse/tpcc_json.h).
 */
#ifndef SSDREPORT_APPS_JSON_H
#define SSDREPORT_APPS_JSON_H

#include "model/model.h"
#include "util/diag.h"

#define SR_APPS_SCHEMA "ssdeng.apps.v1"
#define SR_APPS_FILE "apps.json"

struct json_object;

/**
 * sr_apps_json_load() - read @path into @a (zeroed by the caller).
 * @path: the apps.json file
 * @id:   the test id it belongs to (its directory's name)
 * @a:    filled; sr_apps_free() it also after a failure
 * @d:    diagnostics; d->err names the file and what was expected
 * Return: 0; -ENOENT (cannot read), -EINVAL (not an ssd-apps result), -ENOMEM.
 */
int sr_apps_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d);

/**
 * sr_apps_figures_read() - the figures of one instance or "total" object: tps, qps,
 * latency_ms {avg, p95, p99, max}, errors, reconnects, new_orders_per_min (tpcc.json); the
 * published figures' flat keys (reporter/reference.h "apps") tps, lat_avg_ms, lat_p99_ms are read
 * too.
 */
void sr_apps_figures_read(struct json_object *o, struct sr_apps_figures *f);

/**
 * sr_apps_result_open() - the JSON object of the ssd-apps result @path, whose "schema" must be
 * @schema (apps.json's or tpcc.json's) and which must have a "status".
 * @rc: 0, -ENOENT (cannot read), -EINVAL (another document), with d->err saying which
 * Return: the object (json_object_put() it), or NULL.
 */
struct json_object *sr_apps_result_open(const char *path, const char *schema, struct sr_diag *d,
					int *rc);

/**
 * sr_apps_result_read() - what both results have (apps/apps_json.h) into @a: its @id and @path,
 * status, failed_step, error, workload {test, profile, instances, tables, table_size, threads,
 * warmup_s, time_s, buffer_pool_bytes}, filesystem.type, device.write_cache, the instances' and
 * the total's figures. Return: 0 or -ENOMEM.
 */
int sr_apps_result_read(struct json_object *o, const char *path, const char *id, struct sr_apps *a);

#endif
