/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * status.h - OUT/status.json: what a run is doing now, rewritten atomically every few seconds
 * and at each test's start and end, so another shell can read it (ssd-review --status OUT).
 * Schema "ssdeng.review-status.v1" (driver/README.md): state, the driver's and fio's pid with
 * their /proc start times, the running test with its elapsed time and ETA, the run's.
 */
#ifndef SSDENG_DRIVER_STATUS_H
#define SSDENG_DRIVER_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include <json-c/json.h>

#define RV_STATUS_SCHEMA "ssdeng.review-status.v1"

struct rv_status {
	const char *state; /* "running", "complete", "failed", "interrupted" */
	pid_t pid;
	unsigned long long pid_starttime;
	json_object *command; /* argv (borrowed) */
	const char *resume_command;
	const char *out;		  /* the results directory, absolute */
	const char *started, *ended;	  /* ISO; ended NULL while running */
	const char *reason;		  /* how it ended when not complete, or NULL */
	size_t total, done, failed, kept; /* tests of the run (each drive counts) */
	long run_elapsed_s, run_eta_s;	  /* run_eta_s -1 when ended */
	bool run_eta_lower_bound;
	/* the running test, when test_id is not NULL */
	size_t index;
	const char *label, *test_id, *title, *test_started;
	long elapsed_s, expected_s, eta_s; /* eta -1 unknown */
	const char *rate;
	pid_t fio_pid; /* 0: no fio running */
	unsigned long long fio_starttime;
	int exit_status; /* -1 while running */
};

/** rv_status_write() - @s as OUT/status.json at @path, atomically. Return 0 or -errno. */
int rv_status_write(const char *path, const struct rv_status *s);

/**
 * rv_status_show() - `ssd-review --status DIR`: print DIR/status.json for people.
 * @dir: the results directory
 * @out: where to print
 * Return: 0 when a run is active in @dir; 1 when none is (no status file, the run ended: it
 * says how, or its driver is gone: killed, with the fio it left running if any).
 */
int rv_status_show(const char *dir, FILE *out);

#endif
