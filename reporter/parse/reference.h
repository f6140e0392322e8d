/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * reference.h - published figures (reporter/reference/<name>.json, one file per drive review or
 * spec sheet, each naming its source) loaded as a drive of the model, so the report puts them
 * beside the user's drives, marked "(published)".
 *
 * File format (JSON, read with json-c):
 *   { "name": "nvme-gen3-3.2tb", "title": "...", "kind": "review" | "spec sheet",
 *     "source": "where the figures were published",
 *     "tests": [ { "id": "4k-randread", "rw": "randread", "bs": 4096, "threads": 16, "qd": 16,
 *                  "read": { "iops": 382932 }, "write": { ... }, "note": "..." }, ... ] }
 * A direction may hold: "iops", "mb_s" (10^6 bytes/s) or "mib_s" (2^20 bytes/s, as spec sheets
 * quote sequential rates), "lat_mean_ms", "lat_max_ms", "lat_sd_ms" (completion latency) and
 * "lat_pct_ms" ({"99": 0.085, "99.9": 0.17, ...}). Test ids are ssd-review's
 * (jobfiles/README.md), so the figures line up with the user's tests.
 *
 * A review's application workload figures (MySQL OLTP through sysbench, SQL Server's TPC-C-like
 * OLTP) go in "apps":
 *   "apps": { "id": "apps-oltp", "test": "oltp_read_write", "instances": 4, "tables": 100,
 *             "table_size": 10000000, "threads": 32,
 *             "total": { "tps": 6777.71, "lat_avg_ms": 18.89, "lat_p99_ms": 36.46 },
 *             "note": "..." }
 * ("tests" may then be empty; "warehouses" instead of tables for "apps-tpcc"; "total" has at
 * least "tps" or "lat_avg_ms"); the report puts them beside the drives' apps.json and tpcc.json
 * totals.
 *
 * A file of kind "spec sheet" can also be the sheet a drive is verified against (ssdreport --spec):
 * each of its figures is a claim, met when the measured IOPS or bytes/s is at least the sheet's
 * and a measured latency at most the sheet's.
 */
#ifndef SSDREPORT_REFERENCE_H
#define SSDREPORT_REFERENCE_H

#include <stddef.h>

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_reference_find() - the file of reference @name: @name itself when it names a file (holds
 * '/' or ends in ".json"), else the first <dir>/<name>.json that exists.
 * @name: a reference name (e.g. "e1s-gen4-x8") or a path
 * @dirs: directories to search, in order
 * @n:    number of directories
 * @out:  the path found
 * @len:  size of @out
 *
 * Return: 0, or -ENOENT when no such file exists.
 */
int sr_reference_find(const char *name, const char *const *dirs, size_t n, char *out, size_t len);

/**
 * sr_reference_load() - add the published figures in @path to @m as one drive named after the
 * file's "name", with drive->source set and "title", "kind", "source" as identity rows.
 * @m:    the model
 * @path: the reference file
 * @d:    diagnostics; d->err names the file and the field on bad input
 *
 * Return: 0; -ENOENT (cannot read), -EINVAL (not the format above), -ENOMEM.
 */
int sr_reference_load(struct sr_model *m, const char *path, struct sr_diag *d);

/**
 * sr_reference_load_sheet() - read the spec sheet in @path into @m->sheet (replacing one).
 * @m:    the model
 * @path: a reference file whose "kind" is "spec sheet"
 * @d:    diagnostics; d->err names the file and the field on bad input
 *
 * Return: 0; -ENOENT (cannot read), -EINVAL (not the format above, or another kind), -ENOMEM.
 */
int sr_reference_load_sheet(struct sr_model *m, const char *path, struct sr_diag *d);

#endif
