/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * resume.h - earlier results in the results directory: a new run into OUT/<label> that holds
 * results is refused unless --resume (continue them: only when this run's manifest matches
 * theirs) or --overwrite (move them aside to OUT/.overwritten/, never delete them);
 * `ssd-review --resume --out DIR` alone takes the whole run from DIR's manifests; and a fio
 * left running by a killed run is found (OUT/status.json: its pid and /proc start time) before
 * anything touches the drive.
 */
#ifndef SSDENG_DRIVER_RESUME_H
#define SSDENG_DRIVER_RESUME_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/options.h"
#include "state/run.h"

/**
 * rv_resume_from_manifest() - `ssd-review --resume --out DIR` without drives: the command of
 * the run whose manifests DIR holds, with --resume and this --out; the process moves to that
 * run's directory (its cwd), where its relative paths mean what they meant.
 * @o: the options given; replaced by the run's (--no-report, --allow-mounted and --dry-run
 *     given now are kept; --yes is implied: the run was allowed to write its drives when it
 *     started)
 * @err, @errlen: no manifest in DIR, several runs' manifests (named), the directory gone
 * Return: 0, or -EINVAL (exit status 2).
 */
int rv_resume_from_manifest(struct rv_opts *o, char *err, size_t errlen);

/** rv_holds_results() - whether directory @dir exists and holds anything. */
bool rv_holds_results(const char *dir);

/**
 * rv_leftover_fio() - refuse while a fio of an earlier run in @out_abs still runs after its
 * driver died (status.json: the driver's pid and start time match no process, fio's match a
 * live fio). While the driver runs, its lock on OUT names it instead.
 * Return: 0, or -EBUSY with @err naming the fio, its command and how to stop it.
 */
int rv_leftover_fio(const char *out_abs, char *err, size_t errlen);

/**
 * rv_results_check() - the earlier results of each target: refused without --resume or
 * --overwrite; with --resume, their run.json must carry a manifest equal to this run's (else
 * every difference is named). Loads the earlier run.json into @earlier[i] (NULL when none;
 * rec_run_free() and free() it), a record still "running" marked "killed".
 * @manifests: this run's manifest per target
 * Return: 0, or -EINVAL.
 */
int rv_results_check(struct rv_run *r, json_object **manifests, struct rec_run **earlier, char *err,
		     size_t errlen);

/**
 * rv_resume_read_earlier() - --resume --dry-run: each target's OUT/<label>/run.json read as the
 * run's earlier record (r->rec, allocated here; none for a folder without one), so the dry run
 * lists what the run would keep and what it would run. The manifests are not compared: the
 * run itself refuses results of another request (rv_results_check()).
 * Return: 0, or -EINVAL with @err naming a run.json that cannot be read, -ENOMEM.
 */
int rv_resume_read_earlier(struct rv_run *r, char *err, size_t errlen);

/**
 * rv_move_aside() - --overwrite: move OUT/<label> of each target that holds results, and
 * OUT/report, to OUT/.overwritten/<name>-<time>/ (hidden from ssdreport).
 * Return: 0 or -errno with @err.
 */
int rv_move_aside(struct rv_run *r, char *err, size_t errlen);

#endif
