/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_run.h - one SNIA PTS test being run, shared by its rounds (pts_suite.c) and its segments
 * (pts_segments.c): the test's place in the run, its folder and record, its progress lines.
 */
#ifndef SSDENG_DRIVER_PTS_RUN_H
#define SSDENG_DRIVER_PTS_RUN_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "record/run.h"
#include "state/run.h"

/* The jobfile (in jobfiles/) of one segment: one job, 1-s IOPS, bandwidth and latency logs. */
#define RV_PTS_SEGMENT_JOBFILE "pts-segment.fio"

struct pts_run {
	struct rv_run *r;
	size_t ti, i, index;
	const long *pending;
	size_t npending;
	const struct catalogue_test *ct;
	const struct catalogue_pts *pts;
	char drive_dir[PATH_MAX]; /* OUT/<label> */
	char dir[PATH_MAX + 300]; /* OUT/<label>/<id> */
	char errf[PATH_MAX + 400];
	char head[512];
	time_t t0;		       /* this session's start of the test */
	long before_s;		       /* the seconds earlier sessions ran it */
	long after_s;		       /* at least what the test needs after the fio run starting */
	struct rec_pts *rec;	       /* the test's record's "pts" (this run) */
	const struct rec_pts *earlier; /* the resumed run's, or NULL */
};

/* rv_pts_say() - a progress line of the test: its head, then @what. */
void rv_pts_say(struct pts_run *x, const char *what);

/* rv_pts_commit() - run.json rewritten with the test's record. */
void rv_pts_commit(struct pts_run *x);

/*
 * rv_pts_purge() - purge the drive as --purge says (or note --pts-no-purge) before @what.
 * @purged, @skipped, @method, @done, @skip_reason: the record's fields, set
 * Return: RV_TEST_DONE, or RV_TEST_FAILED with @reason (a refusal: nothing was written).
 */
int rv_pts_purge(struct pts_run *x, const char *what, bool *purged, bool *skipped, char **method,
		 char **done, char **skip_reason, char *reason, size_t rlen);

/*
 * rv_pts_segments() - the test's segments after its phases (HIR's wait states, XSR's access
 * groups after a purge, DIRTH's operating points), each recorded when it ended; always the
 * whole plan from its first segment (a resumed test cut short in them runs again whole).
 * Return: an enum rv_test_outcome, @reason set unless done.
 */
int rv_pts_segments(struct pts_run *x, char *reason, size_t rlen);

#endif
