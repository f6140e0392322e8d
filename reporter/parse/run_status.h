/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_status.h - what driver/ssd-review's run.json says: how the results were made (versions,
 * times, suite, profile, engine, span; the manifest's host and suites when the driver writes one)
 * and the tests that did not complete (status "failed", "interrupted" or "skipped", with the reason
 * the driver recorded), so the report can say what happened to them instead of leaving them out
 * silently.
 *
 * run.json is read by the record (record/run.h, older unversioned files included); this maps it
 * into the model: the command, the run's first start, last end and the time its sessions ran,
 * status, suite, profile, engine, versions, span, the manifest's id, created, host and suites,
 * and per test its id, status, entry, family, title, seconds, manifest id and rate_pct.
 */
#ifndef SSDREPORT_RUN_STATUS_H
#define SSDREPORT_RUN_STATUS_H

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_run_status_load() - fill @drv->run (and @drv->profile) from run.json, and append to
 * @drv->notes one entry per test whose status is neither "done" nor "pending": {id, status,
 * reason}.
 * @drv:  the drive (results directory) run.json belongs to
 * @path: <dir>/run.json, written by driver/ssd-review (keys: tests[] {id, status, reason})
 * @d:    diagnostics
 *
 * Return: 0 (also when the file is missing: a directory not written by ssd-review); -EINVAL
 * for a run.json that is not a JSON object, or whose "tests" is not an array (d->err names the
 * file);
 * -ENOMEM.
 */
int sr_run_status_load(struct sr_drive *drv, const char *path, struct sr_diag *d);

/**
 * sr_run_foreign() - whether result file @id (<dir>/<id>.json) belongs to the run @ri records:
 * a run.json with a manifest (ssdeng.manifest.v1) lists every result it made as a test with
 * status "done" and that manifest's id. A result it does not list so was put there by another
 * run (or by hand) and must not be reported as this run's.
 * @ri:  the drive's run.json
 * @id:  the result's test id (its file name without ".json")
 * @why: output: "run.json (manifest ID) does not record it" / "... records it as failed" /
 *       "... it ran under manifest X"
 * @len: size of @why, bytes
 *
 * Return: true when @id is foreign to the run; false when it belongs, or when @ri has no
 * manifest (an older driver's run.json, or none): nothing to check against.
 */
bool sr_run_foreign(const struct sr_run_info *ri, const char *id, char *why, size_t len);

#endif
