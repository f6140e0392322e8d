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
 * record carries "pts" (driver/README.md). A phase is the unit of --resume: a test cut short
 * keeps the phases that ended and runs again whole, from its purge, the phase cut short (and
 * the phases since the purge it starts from; segments: from the last phase's): the drive idled
 * between the sessions, and a steady-state window or a segment plan across that gap would not
 * be one contiguous measurement.
 */
#ifndef SSDENG_DRIVER_PTS_SUITE_H
#define SSDENG_DRIVER_PTS_SUITE_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue/catalogue.h"
#include "record/run.h"
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
 * rv_pts_resume_from() - where a resumed PTS test starts again: the first phase that did not end
 * whole in the run resumed (its status an end, its rounds' and WIPC's files there) is the one
 * cut short; the test goes back to the phase with the purge it starts from (a phase without a
 * purge starts from the state the phase before it left). Segments cut short start again from
 * the last phase's purge (XSR, without phases: from its own purge).
 * @pts:       the test's catalogue entry
 * @e:         the run resumed's record of the test, or NULL (a fresh start: 0)
 * @drive_dir: OUT/<label>, where the record's files are
 * @cut:       output: the first phase that did not end whole (pts->nphases: none)
 * Return: the first phase to run, 0 .. pts->nphases (nphases: every phase ended and the test has
 * no segments).
 */
size_t rv_pts_resume_from(const struct catalogue_pts *pts, const struct rec_pts *e,
			  const char *drive_dir, size_t *cut);

/**
 * rv_pts_resume_text() - what rv_pts_resume_from() decided, for the console and --dry-run:
 * "--resume: phases 128k-write, 128k-read kept (ended in the run resumed); phase 1024k-write was
 * cut short after 3 rounds and the drive has idled since: run again whole from phase 1024k-write
 * (its purge, preconditioning, rounds from 1)". Empty when @e is NULL.
 */
void rv_pts_resume_text(const struct catalogue_pts *pts, const struct rec_pts *e,
			const char *drive_dir, char *out, size_t len);

/**
 * rv_pts_run() - run PTS test @i on target @ti (arguments as rv_test_run()).
 * Return: an enum rv_test_outcome.
 */
int rv_pts_run(struct rv_run *r, size_t ti, size_t i, size_t index, const long *pending,
	       size_t npending);

#endif
