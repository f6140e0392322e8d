/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * status.h - OUT/status.json: what a run is doing now, rewritten atomically every few seconds and
 * at each test's start and end, so another shell can read it (ssd-review --status OUT) and a
 * later run can find a fio its killed driver left behind. Schema "ssdeng.review-status.v1"
 * (docs/results-format.md, docs/schemas/status.schema.json, made from the table of fields it is
 * written and read with: doc_fields.h): state, the driver's and fio's pid
 * with their /proc start times, the running test with its elapsed time and ETA, the run's (by the
 * plan, and at the pace measured so far), and the live report's rebuilds (driver/README.md).
 */
#ifndef SSDENG_RECORD_STATUS_H
#define SSDENG_RECORD_STATUS_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#define REC_STATUS_SCHEMA "ssdeng.review-status.v1"

/*
 * The status of a run. Written from the driver's values (strings borrowed); read back with
 * the strings owned by @doc. A number that is not known is -1.
 */
struct rec_status {
	const char *state;		  /* "running", "complete", "failed", "interrupted" */
	long long pid;			  /* the driver */
	unsigned long long pid_starttime; /* its /proc start time (clock ticks since boot) */
	json_object *command;		  /* argv (borrowed when writing) */
	const char *resume_command;
	const char *out;		     /* the results directory, absolute */
	const char *started, *ended;	     /* ISO 8601, UTC; ended NULL while running */
	const char *updated;		     /* read back only: when it was written */
	const char *reason;		     /* how it ended when not complete, or NULL */
	long long total, done, failed, kept; /* tests of the run (each drive counts) */
	long long skipped;	       /* tests not run (-1: a file written before it was kept) */
	long run_elapsed_s, run_eta_s; /* this session's; run_eta_s -1 when ended or unknown */
	/* the seconds the run's earlier sessions ran (--resume), each from its start to its end as
	 * run.json's sessions say (rec_run_wall_s(); a killed one has no end: not counted); 0 for
	 * a run's first session (not written: read back -1, as from a file written before it) */
	long run_earlier_s;
	bool run_eta_lower_bound;
	/* The pace: the tests this session ended (done or failed) that have a planned duration,
	 * their measured seconds over their planned seconds; -1 before the first such test.
	 * run_eta_s already holds it (the plan plus the overhead measured per test). */
	double pace;
	/* the live report (OUT/report/ rebuilt while the run goes on), when live_every_s > 0 */
	long live_every_s;		      /* <= 0: off (--no-live); read back -1 */
	long long live_rebuilds, live_failed; /* rebuilds swapped in; rebuilds that failed */
	const char *live_built; /* ISO 8601: when the last one was swapped in, or NULL */
	double live_cpu_s;	/* user + system seconds of all of them (children too) */
	/* the running test, when test_id is not NULL */
	long long index;
	const char *label, *test_id, *title, *test_started;
	long elapsed_s, expected_s, eta_s; /* eta -1 unknown */
	const char *rate;
	long long fio_pid; /* 0: no fio (or ssd-apps) running */
	unsigned long long fio_starttime;
	int exit_status;  /* -1 while running */
	json_object *doc; /* read back: the document the strings belong to */
};

/** rec_status_write() - @s as OUT/status.json at @path, atomically ("updated": now). 0 / -errno. */
int rec_status_write(const char *path, const struct rec_status *s);

/**
 * rec_status_read() - OUT/status.json at @path.
 * @s: output (rec_status_free())
 * @err, @errlen: why it could not be read ("PATH: No such file or directory", "PATH: not a
 *                status file of ssd-review (schema ...)")
 * Return: 0, -ENOENT (no such file), -EINVAL (not JSON, or another schema), -ENOMEM.
 */
int rec_status_read(const char *path, struct rec_status *s, char *err, size_t errlen);

/** rec_status_is() - whether the JSON object @o is a status file (its schema). */
bool rec_status_is(json_object *o);

/**
 * rec_status_left() - the tests of the run not ended yet: total - done - failed - kept -
 * skipped (the running test among them), not below 0.
 */
long long rec_status_left(const struct rec_status *s);

/**
 * rec_status_schema_json() - status.json's JSON Schema (draft-07), made from the table the file
 * is written and read with (docs/schemas/status.schema.json). Return: a new object, or NULL.
 */
json_object *rec_status_schema_json(void);

void rec_status_free(struct rec_status *s);

#endif
