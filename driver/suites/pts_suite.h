/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_suite.h - a SNIA PTS test (a catalogue entry with "pts", PTS-E v2.0.2) on one drive: per
 * phase that asks for it a purge (ssdctl purge through drive.c; --pts-no-purge skips it and the
 * record says the test is not PTS compliant) and workload-independent preconditioning (the
 * "wipc" jobfile, 128 KiB sequential writes over twice the span), then rounds of the phase's
 * cells until its tracking variable is at steady state (pts/steady.h) or 25 rounds ran.
 *
 * Results: OUT/<label>/<id>/<phase>-wipc.json, <phase>-round-NN.json (fio's JSON of each
 * round, every cell a job), <phase>-round.fio (the jobfile a round runs); run.json's test
 * record carries "pts" (driver/README.md). A round is the unit of --resume: a test cut short
 * goes on after its last complete round, without a new purge.
 */
#ifndef SSDENG_DRIVER_PTS_SUITE_H
#define SSDENG_DRIVER_PTS_SUITE_H

#include <stdbool.h>
#include <stddef.h>

#include "state/run.h"

/** rv_pts_in_plan() - whether @p runs a PTS test; *@only_pts: all its tests are PTS tests. */
bool rv_pts_in_plan(const struct rv_plan *p, bool *only_pts);

/** rv_pts_max_block() - the largest block size of the plan's PTS cells, bytes; 0 without. */
unsigned long long rv_pts_max_block(const struct rv_plan *p);

/**
 * rv_pts_check_opts() - the rules of a plan with PTS tests, checked as soon as the plan is
 * known: each test starts from a purge, so --purge METHOD --confirm SERIAL or --pts-no-purge is
 * required (not both; --pts-no-purge only with PTS tests); --purge beside --resume only for a
 * plan of PTS tests alone (each purges at its start, not the run).
 * Return: 0, or -EINVAL with @err naming the options.
 */
int rv_pts_check_opts(const struct rv_opts *o, const struct rv_plan *p, char *err, size_t errlen);

/** rv_pts_check_targets() - PTS tests run on --drive targets only. 0 or -EINVAL. */
int rv_pts_check_targets(const struct rv_run *r, char *err, size_t errlen);

/** rv_pts_kept() - whether PTS test @i on target @ti was completed by the run resumed. */
bool rv_pts_kept(struct rv_run *r, size_t ti, size_t i);

/**
 * rv_pts_run() - run PTS test @i on target @ti (arguments as rv_test_run()).
 * Return: an enum rv_test_outcome.
 */
int rv_pts_run(struct rv_run *r, size_t ti, size_t i, size_t index, const long *pending,
	       size_t npending);

#endif
