/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_status.h - what scripts/ssd-review's run.json says about the tests that did not complete
 * (status "failed", "interrupted" or "skipped", with the reason the driver recorded), so the
 * report can say what happened to them instead of leaving them out silently.
 */
#ifndef SSDREPORT_RUN_STATUS_H
#define SSDREPORT_RUN_STATUS_H

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_run_status_load() - append to @drv->notes one entry per test of run.json whose status is
 * neither "done" nor "pending"/"running" of a finished run: {id, status, reason}.
 * @drv:  the drive (results directory) run.json belongs to
 * @path: <dir>/run.json, written by scripts/ssd-review (keys: tests[] {id, status, reason})
 * @d:    diagnostics
 *
 * Return: 0 (also when the file is missing: a directory not written by ssd-review); -EINVAL
 * for a run.json that is not a JSON object with a tests array (d->err names the file);
 * -ENOMEM.
 */
int sr_run_status_load(struct sr_drive *drv, const char *path, struct sr_diag *d);

#endif
