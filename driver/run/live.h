/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * live.h - the live report: OUT/report/ rebuilt in the background while a run goes on, by one
 * child at low priority (nice 19, the idle I/O class: run/child.h) that the driver never waits
 * for, so it holds up neither fio nor the next test. ssdreport builds each report aside and swaps
 * it in whole (reporter/output/report_dir.h), so a reader always has a complete page.
 *
 * When one starts: after each test (rv_live_tick() with @test_ended), as soon as the next one
 * runs (so the page names it; the last test's results are the final report's), and while a test
 * runs every @every_s seconds (RV_LIVE_EVERY_S by default); never two at once (one due while
 * another runs starts when that one has ended: not stacked); and never sooner after the last one
 * started than RV_LIVE_DUTY times the CPU time (user + system, its gnuplots included) that one
 * took, so the rebuilds take at most 1/RV_LIVE_DUTY of the run's time however large the results
 * grow. The first is due when the first test runs.
 */
#ifndef SSDENG_DRIVER_LIVE_H
#define SSDENG_DRIVER_LIVE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "run/child.h"

#define RV_LIVE_EVERY_S 300 /* while a test runs: a rebuild every 5 min */
#define RV_LIVE_DUTY 10	    /* a rebuild's CPU time at most a tenth of the time between two */

struct rv_live {
	char **argv;	    /* the rebuild's command (owned; NULL-terminated), NULL: off */
	char log[PATH_MAX]; /* its stdout and stderr, rewritten by each rebuild */
	long every_s;	    /* while a test runs */
	bool due;	    /* a test ended since the last rebuild started */
	bool running;	    /* a rebuild is under way: @c */
	struct rv_child c;  /* the running rebuild */
	time_t started;	    /* when the last rebuild started, 0: none yet */
	double last_cpu_s;  /* the CPU seconds of the last rebuild that ended */
	long long rebuilds; /* rebuilds swapped in */
	long long failed;   /* rebuilds that failed (not those the driver stopped) */
	double cpu_s;	    /* the CPU seconds of all of them */
	char built[32];	    /* when the last good one ended (ISO 8601 UTC), "" none */
	int last_code;	    /* the last one's exit status (128 + N: signal N) */
};

/**
 * rv_live_init() - a live report that runs @argv (taken: freed by rv_live_free()), its output
 * to @log. @argv NULL: off (every call below does nothing).
 * @every_s: seconds between rebuilds while a test runs (> 0)
 */
void rv_live_init(struct rv_live *l, char **argv, const char *log, long every_s);

/**
 * rv_live_tick() - reap a rebuild that ended; start one when it is due (above).
 * @test_ended:   a test has just ended (or was kept): a rebuild is due
 * @test_running: a test is running (status.json names it): a due rebuild may start; one is due
 *                every @every_s
 * @now:          the time
 * Return: true when a rebuild ended (the counts changed: the caller rewrites status.json);
 * a rebuild that failed sets @l->last_code.
 */
bool rv_live_tick(struct rv_live *l, bool test_ended, bool test_running, time_t now);

/**
 * rv_live_wait_s() - seconds until a rebuild may start after one started at @started that took
 * @last_cpu_s of CPU (RV_LIVE_DUTY times it), 0 when it may start now. Pure: the rule above.
 */
long rv_live_wait_s(time_t started, double last_cpu_s, time_t now);

/**
 * rv_live_stop() - end a running rebuild (SIGTERM: ssdreport removes its half-built report; the
 * one in place stays) and wait for it, up to 10 s before SIGKILL. Before the final report.
 */
void rv_live_stop(struct rv_live *l);

/** rv_live_free() - stop a rebuild and release @l->argv. */
void rv_live_free(struct rv_live *l);

#endif
