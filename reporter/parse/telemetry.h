/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * telemetry.h - each test's telemetry file (OUT/<label>/telemetry/<test>.jsonl, read by
 * record/telemetry.h) into the model (model/telemetry.h): the samples within the test's own
 * started..ended of run.json, per drive of a group.
 */
#ifndef SSDENG_REPORTER_PARSE_TELEMETRY_H
#define SSDENG_REPORTER_PARSE_TELEMETRY_H

#include "model/model.h"
#include "util/diag.h"

/**
 * sr_telemetry_load() - the telemetry of @drv's tests (run.json's, read before): drv->tel.
 * A test without a file has none (a file, a loop device, a run before telemetry); a file that
 * cannot be read is a warning.
 * Return: 0 or -ENOMEM.
 */
int sr_telemetry_load(struct sr_drive *drv, struct sr_diag *d);

#endif
