/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * testrun.h - one test on one target: its variables and jobfile, fio started in its own
 * process group with its output in OUT/<label>/<id>.json.partial (renamed to <id>.json only
 * when complete and error-free), progress and status while it runs, and its record: done, or
 * failed with the first real message as the reason, or interrupted (fio stopped cleanly, its
 * partial result discarded).
 */
#ifndef SSDENG_DRIVER_TESTRUN_H
#define SSDENG_DRIVER_TESTRUN_H

#include <stddef.h>

#include <json-c/json.h>

#include "state/run.h"

/* What rv_test_run() returns. */
enum rv_test_outcome {
	RV_TEST_DONE = 0,
	RV_TEST_FAILED = 1,	 /* failed or skipped: the run goes on */
	RV_TEST_INTERRUPTED = 2, /* the run stops */
};

/**
 * rv_test_run() - run test @i of the plan on target @ti.
 * @index:   its place in the run, from 1 (progress "[index/total]")
 * @pending: the catalogue durations of the tests after it, s (the run's ETA)
 * @npending: their number
 * Return: an enum rv_test_outcome.
 */
int rv_test_run(struct rv_run *r, size_t ti, size_t i, size_t index, const long *pending,
		size_t npending);

/* One fio run that is part of a test but not its one jobfile (a PTS round, its preconditioning). */
struct rv_fio_call {
	const char *jobfile; /* expanded, complete */
	const char *output;  /* fio's --output-format ("json") */
	const char *final;   /* the JSON document goes here, only when complete and error-free */
	const char *errf;    /* fio's and the engine's messages (appended) */
	size_t index;	     /* progress: "[index/total]" */
	const long *pending; /* the run's ETA: durations of the tests after this one, s */
	size_t npending;
	long expected_s; /* this run's expected duration (0 unknown) */
	/* a fio run inside a longer test (a PTS round): the test's seconds before this run
	 * (elapsed is the test's, not the run's), the seconds the test still needs after it,
	 * and whether that is only a lower bound (rounds to steady state) */
	long test_before_s, test_after_s;
	bool test_after_lower_bound;
};

/**
 * rv_fio_call() - run fio on @fc->jobfile for target @ti, watched like a test (progress,
 * status.json, the locks name its pid), its JSON checked and kept as @fc->final.
 * @summary: "read 1234 IOPS, write 56 IOPS" when done
 * @reason:  why it failed: the first real message (reason.h), or the stop signal
 * Return: an enum rv_test_outcome; nothing is recorded (the caller does).
 */
int rv_fio_call(struct rv_run *r, size_t ti, const struct rv_fio_call *fc, char *summary,
		size_t slen, char *reason, size_t rlen);

/** rv_test() - test @i in target @ti's record (record/run.h); rv_test_commit() writes it. */
struct rec_test *rv_test(struct rv_run *r, size_t ti, size_t i);

/**
 * rv_test_commit() - rewrite run.json of target @ti (and of a client run's servers, whose
 * tests are the combined results' tests).
 */
void rv_test_commit(struct rv_run *r, size_t ti);

#endif
