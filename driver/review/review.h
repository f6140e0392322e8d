/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * review.h - the phases main() takes a run (state/run.h) through:
 *   rv_setup_check()  before anything is written: leftover fio, locks, earlier results
 *                     (--resume / --overwrite), manifests, every jobfile, fio's parse of the
 *                     engine option, a read-only probe per drive (preflight.h)
 *   rv_setup_write()  the results directories, run.json, drive.json, status.json
 *   rv_review_run()   every test, in steps, on every drive
 *   rv_review_end()   drive.json after, run.json's end, the report
 */
#ifndef SSDENG_DRIVER_REVIEW_H
#define SSDENG_DRIVER_REVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "state/run.h"

/**
 * rv_setup_check() - every check before the first write; on a refusal nothing has been
 * written (not OUT, not the drive).
 * @r: the run, with options, plan, targets and tools
 * @err, @errlen: the refusal
 * Return: 0, or -EINVAL (exit status 2), -ENOMEM.
 */
int rv_setup_check(struct rv_run *r, char *err, size_t errlen);

/** rv_setup_write() - create OUT/<label>/logs, move aside (--overwrite), write the records. */
int rv_setup_write(struct rv_run *r, char *err, size_t errlen);

/**
 * rv_review_keeps() - whether --resume keeps test @i of the plan on target @ti: the run resumed
 * completed it (its result is there) and its step (a preconditioning and the measurements
 * after it) was not cut short, a step cut short running again whole. False without --resume.
 * Needs the earlier records (rv_setup_check(), or rv_resume_read_earlier() for --dry-run).
 */
bool rv_review_keeps(struct rv_run *r, size_t ti, size_t i);

/** rv_review_run() - run the plan on every target; 0, or 1 when the run was interrupted. */
int rv_review_run(struct rv_run *r);

/** rv_review_end() - close the run: records, drive files, status, report. Return: the exit status.
 */
int rv_review_end(struct rv_run *r);

#endif
