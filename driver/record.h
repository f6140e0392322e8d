/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * record.h - OUT/<label>/run.json: the run's record for one results directory, rewritten
 * atomically whenever a test changes state. The keys (driver/README.md): command, cwd,
 * versions, started, ended, status, suite, profile, engine, engine_option, drive {label,
 * device, fio_filename, span_bytes}, members, resume, previous_runs, tests[], manifest, pid,
 * resume_command. Each test: id, jobfile, status (pending, running, done, failed, interrupted,
 * skipped), reason, entry, family, title, params {rw, bs, bssplit, rwmix_read, threads, depth,
 * rate_pct, region}, expected_seconds, and once it ran started, ended, seconds, fio_rc,
 * manifest_id (and rate_iops_per_job, resumed where they apply).
 */
#ifndef SSDENG_DRIVER_RECORD_H
#define SSDENG_DRIVER_RECORD_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

#include <json-c/json.h>

#include "plan.h"
#include "targets.h"

/* What every run.json of a run shares. */
struct rv_record_run {
	json_object *command; /* argv */
	const char *cwd;
	json_object *versions; /* fio, kernel, ssdeng, ioengine */
	const char *started;
	const char *suite, *profile, *engine, *engine_option;
	bool resume;
	const char *resume_command;
	pid_t pid;
};

struct rv_record {
	const struct rv_target *t;
	char dir[PATH_MAX];	    /* OUT/<label> */
	json_object *tests;	    /* one object per test of the plan, in order */
	json_object *previous_runs; /* the earlier runs of these results, newest first */
	json_object *manifest;	    /* this run's */
	json_object *members;	    /* a group's drives, a client run's hosts, or NULL */
	json_object *earlier;	    /* the run.json found at the start, or NULL */
};

/**
 * rv_record_init() - the record of target @t: every test of @p pending, with its catalogue
 * entry, family, title and parameters.
 * @out:      the results directory (OUT)
 * @manifest: this run's manifest for @t (the reference passes to the record)
 * @earlier:  the run.json found in OUT/<label> (resume), or NULL (the reference passes)
 * @all:      every target (a client run's combined record lists its hosts)
 * Return: 0 or -ENOMEM.
 */
int rv_record_init(struct rv_record *r, const struct rv_target *t, const char *out,
		   const struct rv_plan *p, json_object *manifest, json_object *earlier,
		   const struct rv_targets *all);

/** rv_record_test() - test @i's object (set its members with rv_record_set()). */
json_object *rv_record_test(struct rv_record *r, size_t i);

/** rv_record_set() - set @key of @test to @v (the reference passes; NULL is JSON null). */
void rv_record_set(json_object *test, const char *key, json_object *v);

/**
 * rv_record_earlier_test() - the object of test @id in the run.json found at the start, or
 * NULL.
 */
json_object *rv_record_earlier_test(const struct rv_record *r, const char *id);

/**
 * rv_record_write() - write OUT/<label>/run.json.
 * @status: "running", "complete", "failed", "interrupted"
 * @ended:  ISO time, or NULL while running
 * Return: 0 or -errno.
 */
int rv_record_write(const struct rv_record *r, const struct rv_record_run *run, const char *status,
		    const char *ended);

void rv_record_free(struct rv_record *r);

#endif
