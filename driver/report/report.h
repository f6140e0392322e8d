/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report.h - the report at the end of a run, and the live one while it runs (run/live.h):
 * ssdreport over the drive directories of the results directory (OUT/<label>/ with a run.json
 * naming a drive; not a client run's per-server copies), into OUT/report/.
 */
#ifndef SSDENG_DRIVER_REPORT_H
#define SSDENG_DRIVER_REPORT_H

#include <stdbool.h>
#include <stddef.h>

/**
 * rv_report_argv() - the command `ssdreport -o OUT/report [--live OUT] DIR...`.
 * @ssdreport: the program
 * @out:       the results directory (absolute)
 * @clients:   a client run's combined label (the report reads only it), or NULL
 * @live:      the live report: the page says the run is going on (ssdreport --help)
 * @argv:      output: NULL-terminated, each string and the array owned (rv_report_argv_free())
 * Return: 0 or -ENOMEM.
 */
int rv_report_argv(const char *ssdreport, const char *out, const char *clients, bool live,
		   char ***argv);

/** rv_report_argv_free() - free what rv_report_argv() made. */
void rv_report_argv_free(char **argv);

/**
 * rv_report_run() - run `ssdreport -o OUT/report DIR...`.
 * @ssdreport: the program
 * @out:       the results directory (absolute)
 * @clients:   a client run's combined label (the report reads only it), or NULL
 * @err, @errlen: why it failed ("exit 1")
 * Return: 0, -EIO, or -ENOMEM.
 */
int rv_report_run(const char *ssdreport, const char *out, const char *clients, char *err,
		  size_t errlen);

/**
 * rv_library_add() - run `ssdreport library add -q --library FILE DIR...` over OUT's drive
 * folders (a client run: its combined one), each drive's run one entry of the results library.
 * @ssdreport: the program
 * @library:   the library (--library FILE)
 * @out:       the results directory (absolute)
 * @clients:   a client run's combined label, or NULL
 * @err, @errlen: why it failed ("exit 2")
 * Return: 0, or -EIO.
 */
int rv_library_add(const char *ssdreport, const char *library, const char *out, const char *clients,
		   char *err, size_t errlen);

#endif
