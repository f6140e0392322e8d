/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * legacy.h - the one place that reads the record's older unversioned files, as written by
 * ssd-review before the documents carried a "schema" (results directories of that driver must
 * still resume and still report): a run.json without "schema" (its earlier sessions only in
 * "previous_runs", a curve point's percentage as params "pct" in the first drivers, the command
 * as one string in the bash driver) is brought to the shape of ssdeng.run.v2 in memory; a
 * drive.json without "schema" has v2's keys but logical_block_bytes.
 */
#ifndef SSDENG_RECORD_LEGACY_H
#define SSDENG_RECORD_LEGACY_H

#include <json-c/json.h>

/**
 * rec_legacy_version() - the version of document @o by its "schema": "<@prefix>N" is N; no
 * schema, or one that is not ours (a trimmed test fixture's text), is 1.
 * @current: the newest version this program reads
 * Return: the version, or -1 when it is newer than @current.
 */
int rec_legacy_version(json_object *o, const char *prefix, int current);

/**
 * rec_legacy_run_upgrade() - an unversioned run.json @run brought to ssdeng.run.v2's shape in
 * place: "sessions" from "previous_runs" (oldest first) and the run itself; "command" as an
 * array; each test's params "pct" as "rate_pct".
 * Return: 0 or -ENOMEM.
 */
int rec_legacy_run_upgrade(json_object *run);

#endif
