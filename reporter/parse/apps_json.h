/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_json.h - ssd-apps's result (apps.json, schema ssdeng.apps.v1, apps/README.md) into the
 * model's struct sr_apps: the run's status and error, the workload's sizes, and per instance and
 * in total the transactions and queries per second and the latencies in ms as ssd-apps wrote
 * them (a figure it wrote as null stays absent).
 */
#ifndef SSDREPORT_APPS_JSON_H
#define SSDREPORT_APPS_JSON_H

#include "model/model.h"
#include "util/diag.h"

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
 * latency_ms {avg, p95, p99, max}, errors, reconnects; the published figures' flat keys
 * (reporter/reference.h "apps") tps, lat_avg_ms, lat_p99_ms are read too.
 */
void sr_apps_figures_read(struct json_object *o, struct sr_apps_figures *f);

#endif
