/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * inputs.h - turn the command line's INPUTs into the model: results directories
 * (results/<drive-label>/<test-id>.json, fio logs, optional drive.json; a directory holding only
 * such directories is a batch of drives) and loose fio JSON files.
 */
#ifndef SSDREPORT_INPUTS_H
#define SSDREPORT_INPUTS_H

#include <stddef.h>

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_inputs_load() - load every input into @m.
 * @m:      the model, empty on entry
 * @inputs: directories or files
 * @n:      number of inputs
 * @label:  drive label for loose files (NULL: the name of the directory holding each file)
 * @d:      diagnostics
 *
 * A file named on the command line that cannot be parsed is an error; one that is no regular
 * file (a FIFO, a socket, a device: never opened blocking) is skipped as below. A JSON file found
 * inside a directory that cannot be parsed is skipped with a warning (the error line), so one
 * broken result does not block a batch report; with d->strict it is an error. In a directory,
 * drive.json and run.json (ssd-review's suite state) are not results; nor are the
 * <id>.json.partial and <id>.json.failed files an interrupted or failed test leaves.
 *
 * Return: 0; -EINVAL/-ENOENT for bad input (d->err names the file), or inputs without any result
 * (unless m->allow_empty); -ENOMEM.
 */
int sr_inputs_load(struct sr_model *m, const char *const *inputs, size_t n, const char *label,
		   struct sr_diag *d);

/**
 * sr_inputs_skip_series() - whether later loads leave the fio logs unread (no test gets a time
 * series): the results library stores figures of fio's JSON only, and a full review's logs are
 * gigabytes.
 * @skip: true to skip them
 */
void sr_inputs_skip_series(bool skip);

/**
 * sr_inputs_load_dirs() - load results directories for "ssdreport compare", each drive labelled
 * by its directory path as given (old/nvme0, new/nvme0), so runs of one drive label made at
 * different times or places stay apart.
 * @m:    the model, empty on entry
 * @dirs: results directories (one drive, or a results root holding one directory per drive)
 * @n:    number of directories
 * @d:    diagnostics
 *
 * Return: 0; -EINVAL/-ENOENT for an input that is not a directory or holds no result, -ENOMEM.
 */
int sr_inputs_load_dirs(struct sr_model *m, const char *const *dirs, size_t n, struct sr_diag *d);

/**
 * sr_drive_identity_load() - drive.json (ssdctl info --json) into @drv->identity: top-level
 * scalars, and the scalars of nested objects as "object.key".
 * @drv:  the drive
 * @path: the file
 * @d:    diagnostics
 *
 * Return: 0; -EINVAL for invalid JSON (d->err), -ENOMEM; a missing file is -ENOENT.
 */
int sr_drive_identity_load(struct sr_drive *drv, const char *path, struct sr_diag *d);

#endif
