/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_dir.h - where a report is built and how it takes the place of the old one, so that no
 * failure or interruption leaves a half-written report or removes anything that is not a report.
 *
 * A report is written into a hidden sibling of the output directory, "<parent>/.<name>.tmp-XXXXXX",
 * marked with a SR_REPORT_MARKER file, and swapped into place with one renameat2(RENAME_EXCHANGE)
 * (two renames where the file system cannot exchange). Until the swap the old report is untouched.
 * SIGINT, SIGTERM and SIGHUP remove the temporary directory before ending the process
 * (sr_report_dir_trap_signals()); a process killed otherwise (SIGKILL) leaves it, hidden (the
 * reporter's own directory scan skips it), and the next report into the same output removes it:
 * the writing process holds an flock() on it, which the kernel drops when it dies. An existing
 * output directory is replaced only when it is empty or is a report: it holds the marker, or
 * index.html and report.md (reports written before the marker existed).
 */
#ifndef SSDREPORT_REPORT_DIR_H
#define SSDREPORT_REPORT_DIR_H

#include <stddef.h>

#include "record/layout.h"
#include "util/diag.h"

/* the report directory's marker: record/layout.h's REC_REPORT_MARKER (no drive folder) */
#define SR_REPORT_MARKER REC_REPORT_MARKER

/**
 * sr_report_dir_begin() - check that @outdir may be replaced and create the temporary directory;
 * the temporary directories of @outdir that killed reports left (no process holds them) are
 * removed first, each named on d->stream.
 * @outdir: the final report directory as given (-o)
 * @tmp:    out: the temporary directory's path
 * @tmplen: size of @tmp, bytes
 * @d:      diagnostics (d->err names @outdir on failure)
 *
 * Return: 0; -EEXIST when @outdir exists and is not a report (nothing is touched); -ENOENT when
 * @outdir's parent directory does not exist or is not a directory (d->err names the parent);
 * -ENAMETOOLONG, or -errno of stat()/mkdtemp()/writing the marker.
 */
int sr_report_dir_begin(const char *outdir, char *tmp, size_t tmplen, struct sr_diag *d);

/**
 * sr_report_dir_commit() - put the finished report @tmp in the place of @outdir and remove the
 * report it replaces.
 * @tmp:    the temporary directory from sr_report_dir_begin()
 * @outdir: the final report directory
 * @d:      diagnostics
 *
 * Return: 0 or -errno of the rename (the old report is then still in place and @tmp is left for
 * the caller to remove).
 */
int sr_report_dir_commit(const char *tmp, const char *outdir, struct sr_diag *d);

/**
 * sr_report_dir_remove() - remove a directory tree (a temporary or replaced report); errors are
 * ignored.
 * @dir: the directory
 */
void sr_report_dir_remove(const char *dir);

/**
 * sr_report_dir_trap_signals() - have SIGINT, SIGTERM and SIGHUP remove the temporary directory
 * of the report being written (if any), then end the process by the same signal. A signal that
 * was ignored when the process started (nohup, a shell's background job) stays ignored.
 */
void sr_report_dir_trap_signals(void);

/**
 * sr_report_dir_abandon() - remove the temporary directory of the report being written, if any.
 * Async-signal-safe (the handler's work; no malloc or stdio).
 */
void sr_report_dir_abandon(void);

#endif
