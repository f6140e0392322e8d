/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * record.h - the run's record of each drive folder this run writes: OUT/<label>/run.json
 * (record/run.h), every test of the plan pending with its catalogue entry, family, title and
 * parameters, this session appended to the sessions of the run being resumed, rewritten
 * atomically whenever a test changes state.
 */
#ifndef SSDENG_DRIVER_RECORD_H
#define SSDENG_DRIVER_RECORD_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

#include <json-c/json.h>

#include "plan/plan.h"
#include "record/run.h"
#include "targets/targets.h"

/* What every run.json of this session shares (borrowed). */
struct rv_record_run {
	json_object *command; /* argv */
	const char *cwd;
	const char *fio, *kernel, *ssdeng, *ioengine; /* versions */
	const char *started;
	const char *suite, *profile, *engine, *engine_option;
	bool resume;
	const char *resume_command;
	pid_t pid;
};

struct rv_record {
	const struct rv_target *t;
	char dir[PATH_MAX];	 /* OUT/<label> */
	struct rec_run run;	 /* this run's record of the folder */
	struct rec_run *earlier; /* the run.json found at the start (resume), or NULL */
};

/**
 * rv_record_init() - the record of target @t: every test of @p pending, with its catalogue
 * entry, family, title and parameters; the sessions of @earlier and this one.
 * @out:      the results directory (OUT)
 * @head:     what this session's run.json files share
 * @manifest: this run's manifest for @t (the reference passes to the record)
 * @earlier:  the run.json found in OUT/<label> (resume), or NULL (the record owns it after)
 * @all:      every target (a client run's combined record lists its hosts)
 * Return: 0 or -ENOMEM.
 */
int rv_record_init(struct rv_record *r, const struct rv_target *t, const char *out,
		   const struct rv_plan *p, const struct rv_record_run *head, json_object *manifest,
		   struct rec_run *earlier, const struct rv_targets *all);

/** rv_record_test() - test @i of the plan in the record. */
struct rec_test *rv_record_test(struct rv_record *r, size_t i);

/** rv_record_earlier_test() - test @id in the run.json found at the start, or NULL. */
struct rec_test *rv_record_earlier_test(const struct rv_record *r, const char *id);

/**
 * rv_record_keep() - test @t kept from the earlier run's @e (--resume): its times, exit status,
 * manifest id, rate and parameters, and a PTS test's record, done, "resumed".
 * Return: 0 or -ENOMEM.
 */
int rv_record_keep(struct rec_test *t, const struct rec_test *e);

/**
 * rv_test_state() - set @t's status and reason (NULL: none).
 * Return: 0 or -ENOMEM.
 */
int rv_test_state(struct rec_test *t, const char *status, const char *reason);

/**
 * rv_record_write() - write OUT/<label>/run.json with the run-level @status and @ended (NULL
 * while running); this session's entry says the same.
 * Return: 0 or -errno.
 */
int rv_record_write(struct rv_record *r, const char *status, const char *ended);

void rv_record_free(struct rv_record *r);

#endif
