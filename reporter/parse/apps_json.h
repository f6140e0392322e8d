/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_json.h - ssd-apps's results into the model's struct sr_apps, both read by the record
 * (record/apps.h): apps.json (MySQL OLTP, schema ssdeng.apps.v1) and tpcc.json (the TPC-C-like
 * workload on PostgreSQL, ssdeng.apps-tpcc.v1). The run's status and error, the workload's sizes
 * (tables and rows, or warehouses, items and customers), the server's version, and per instance
 * and in total the transactions and queries per second, the latencies in ms and (tpcc.json)
 * New-Orders per minute, as ssd-apps wrote them (a figure it wrote as null stays absent).
 */
#ifndef SSDREPORT_APPS_JSON_H
#define SSDREPORT_APPS_JSON_H

#include "model/model.h"
#include "record/layout.h"
#include "util/diag.h"

struct json_object;

/**
 * sr_apps_result_load() - read ssd-apps's result of workload @w at @path into @a (zeroed by the
 * caller).
 * @path: the apps.json or tpcc.json file
 * @id:   the test id it belongs to (its directory's name)
 * @a:    filled; sr_apps_free() it also after a failure
 * @d:    diagnostics; d->err names the file and what was expected
 * Return: 0; -ENOENT (cannot read), -EINVAL (not that workload's result), -ENOMEM.
 */
int sr_apps_result_load(const char *path, enum rec_apps_workload w, const char *id,
			struct sr_apps *a, struct sr_diag *d);

/** sr_apps_json_load() - sr_apps_result_load() of an apps.json (REC_APPS_OLTP). */
int sr_apps_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d);

/** sr_tpcc_json_load() - sr_apps_result_load() of a tpcc.json (REC_APPS_TPCC). */
int sr_tpcc_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d);

/**
 * sr_apps_figures_read() - the published figures' keys (reporter/reference.h "apps"): tps, qps,
 * latency_ms {avg, p95, p99, max} or the flat lat_avg_ms, lat_p95_ms, lat_p99_ms, lat_max_ms,
 * errors, reconnects, new_orders_per_min.
 */
void sr_apps_figures_read(struct json_object *o, struct sr_apps_figures *f);

#endif
