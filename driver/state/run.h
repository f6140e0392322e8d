/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run.h - the state of one run of ssd-review, shared by every phase and by the code that runs a
 * test (the suites, preflight): its options, plan, drives, tools, locks, records
 * and status, and what changes them all at once: OUT/status.json rewritten, every run.json
 * rewritten, the state released. Nothing here calls back into the phases (review.h).
 */
#ifndef SSDENG_DRIVER_STATE_RUN_H
#define SSDENG_DRIVER_STATE_RUN_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include <json-c/json.h>

#include "cli/options.h"
#include "plan/plan.h"
#include "record/status.h"
#include "run/live.h"
#include "run/lock.h"
#include "run/progress.h"
#include "run/tools.h"
#include "state/record.h"
#include "targets/targets.h"

/* Exit statuses (--help). */
enum {
	RV_EXIT_OK = 0,	    /* every test done */
	RV_EXIT_FAILED = 1, /* a test (or the report) failed */
	RV_EXIT_USAGE = 2,  /* bad usage, or a refused drive, option or results directory */
	RV_EXIT_INTERRUPTED = 130,
};

#define RV_MAX_LOCKS_RUN 64

struct rv_run {
	struct rv_opts *o;
	struct rv_plan plan;
	struct rv_targets ts;
	struct rv_tools tools;
	struct rv_env_ctx envc;
	char out_abs[PATH_MAX]; /* --out made absolute */
	char cwd[PATH_MAX];
	char state[PATH_MAX]; /* scratch: fio's status lines, expanded jobfiles, probes */
	char started[32];
	time_t t0;
	struct rv_eta_learned eta; /* what the tests that ended took, for the run's ETA */
	pid_t pid;
	unsigned long long starttime;
	json_object *argv;     /* the command, for run.json and the manifest */
	char resume_cmd[8192]; /* the exact command that resumes this run */
	struct rv_record *rec; /* per target, ts.t[i] <-> rec[i] */
	struct rv_record_run rrun;
	struct rv_lock locks[RV_MAX_LOCKS_RUN];
	int lock_fds[RV_MAX_LOCKS_RUN];
	size_t nlocks;
	struct rv_lock_holder me; /* what the lock files say about this run */
	/* progress */
	bool tty;
	long progress_every;
	size_t total, done, failed, kept, skipped;
	struct rv_live live; /* the report kept current while the run goes on */
	struct rec_status st;
	char status_path[PATH_MAX + 16];
	bool interrupted;
	char stop_reason[128];
};

/**
 * rv_status_update() - rewrite OUT/status.json from @r->st, with the counts, the pace and its
 * ETA (the running test's ETA plus the plan's rest times the pace), the live report's counts.
 */
void rv_status_update(struct rv_run *r);

/** rv_write_records() - rewrite run.json of every target with the run-level @status. */
void rv_write_records(struct rv_run *r, const char *status, const char *ended);

/**
 * rv_live_poll() - the live report's turn (rv_live_tick()): status.json rewritten when a rebuild
 * ended. @test_ended: a test has just ended; @test_running: one is running.
 */
void rv_live_poll(struct rv_run *r, bool test_ended, bool test_running);

/** rv_run_free() - release what the phases allocated; locks are dropped. */
void rv_run_free(struct rv_run *r);

#endif
