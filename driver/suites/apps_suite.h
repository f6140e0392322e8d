/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_suite.h - a test the catalogue gives to ssd-apps ("tool": "ssd-apps", apps/README.md)
 * instead of fio, with its workload ("apps_workload": "oltp" or "tpcc"): what the apps suite
 * refuses (fio servers, groups), its command line, where its result goes
 * (OUT/<label>/<test-id>/apps.json or tpcc.json, with sysbench's own output beside it), how its
 * exit status and result become the test's outcome, and its sizes and durations as the
 * manifest records them.
 */
#ifndef SSDENG_DRIVER_APPS_SUITE_H
#define SSDENG_DRIVER_APPS_SUITE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "record/layout.h"
#include "record/run.h"
#include "state/run.h"

/* ssd-apps waits up to this long for a server's clean shutdown (its --stop-timeout default);
 * the driver lets a stopping ssd-apps finish its cleanup for that long and a minute more
 * before it escalates to SIGTERM and SIGKILL. */
#define RV_APPS_STOP_GRACE_S (600 + 60)

/** rv_test_is_apps() - whether test @t runs ssd-apps. */
bool rv_test_is_apps(const struct rv_test *t);

/** rv_plan_has_apps() - whether the plan holds a test run by ssd-apps. */
bool rv_plan_has_apps(const struct rv_plan *p);

/**
 * rv_apps_workload() - the workload of test @t, and so the result ssd-apps writes in its
 * directory (record/layout.h): apps.json (oltp, schema ssdeng.apps.v1) or tpcc.json (tpcc,
 * ssdeng.apps-tpcc.v1).
 */
enum rec_apps_workload rv_apps_workload(const struct rv_test *t);

/**
 * rv_apps_refuse() - the runs the apps suite cannot make, refused before anything is written:
 * fio servers (--client: ssd-apps makes a filesystem and starts MariaDB on the drive's own
 * host, and a fio server runs fio jobs only) and groups (--group: one ssd-apps per drive).
 * Return: 0, or -EINVAL with @err saying why and what to run instead.
 */
int rv_apps_refuse(const struct rv_run *r, char *err, size_t errlen);

/**
 * rv_apps_request() - the apps part of the manifest's request: instances, tables, table_size,
 * warehouses, threads (per instance), warmup_s, time_s. The durations are
 * --apps-warmup/--apps-time or the first apps test's timing (ramp_s, runtime_s) on the profile;
 * the sizes are the --apps-* values, or null where ssd-apps's profile of the same name decides
 * (the result records the value used).
 * Return: a new object, or NULL when the plan has no ssd-apps test.
 */
json_object *rv_apps_request(const struct rv_run *r);

/**
 * rv_apps_params() - test @i's params while it runs (run.json): rv_apps_request()'s, with only
 * the sizes of its workload (tables and table_size, or warehouses) and its own timing's
 * durations, into @p.
 */
void rv_apps_params(const struct rv_run *r, size_t i, struct rec_params *p);

/**
 * rv_apps_dir() - OUT/<label>/<test-id>: the directory ssd-apps writes (its result, dbN/,
 * mkfs.log).
 */
void rv_apps_dir(const struct rv_run *r, size_t ti, size_t i, char *out, size_t len);

/**
 * rv_apps_argv() - ssd-apps's command line for test @i on target @ti.
 * @argv: filled, NULL-terminated; at least RV_APPS_ARGC entries
 * @buf:  storage for the values; at least RV_APPS_ARGC entries
 */
#define RV_APPS_ARGC 32
void rv_apps_argv(const struct rv_run *r, size_t ti, size_t i, char **argv,
		  char (*buf)[PATH_MAX + 64]);

/**
 * rv_apps_skip_reason() - why test @i cannot run on target @ti (ssd-apps needs a block device
 * for its filesystem: a regular file is skipped), or NULL.
 */
const char *rv_apps_skip_reason(const struct rv_run *r, size_t ti);

/**
 * rv_apps_outcome() - the test's outcome from ssd-apps's exit status @code and the result of
 * workload @w in @dir (rv_apps_workload()).
 * @summary: on success, "2 instances · 1234 TPS · p99 12.3 ms"
 * @reason:  on failure, the first line of the result's "error" ("refused: ..." for exit status
 *           2); "" when ssd-apps wrote no result (its stderr says why)
 * Return: true when the test is done (exit 0 and the result says "done").
 */
bool rv_apps_outcome(const char *dir, enum rec_apps_workload w, int code, char *summary,
		     size_t slen, char *reason, size_t rlen);

/**
 * rv_apps_used() - the sizes and durations a finished test ran with (the "workload" of @dir's
 * result of workload @w: instances, tables and table_size or warehouses, threads, warmup_s,
 * time_s) into @p: run.json's params of the test; @p is left alone without the result.
 */
void rv_apps_used(const char *dir, enum rec_apps_workload w, struct rec_params *p);

#endif
