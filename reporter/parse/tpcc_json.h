/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tpcc_json.h - ssd-apps's TPC-C-like result (tpcc.json, schema ssdeng.apps-tpcc.v1,
 * apps/README.md) into the model's struct sr_apps: what apps.json has too (parse/apps_json.h),
 * and the warehouses, items and customers of the workload, the PostgreSQL version, New-Orders
 * per minute per instance and in total.
 */
#ifndef SSDREPORT_TPCC_JSON_H
#define SSDREPORT_TPCC_JSON_H

#include "model/model.h"
#include "util/diag.h"

#define SR_TPCC_SCHEMA "ssdeng.apps-tpcc.v1"
#define SR_TPCC_FILE "tpcc.json"

/**
 * sr_tpcc_json_load() - read @path into @a (zeroed by the caller).
 * @path: the tpcc.json file
 * @id:   the test id it belongs to (its directory's name)
 * @a:    filled; sr_apps_free() it also after a failure
 * @d:    diagnostics; d->err names the file and what was expected
 * Return: 0; -ENOENT (cannot read), -EINVAL (not a tpcc result), -ENOMEM.
 */
int sr_tpcc_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d);

#endif
