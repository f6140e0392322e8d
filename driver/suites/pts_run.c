// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_run.c - what a SNIA PTS test does the same way in its rounds (pts_suite.c) and its
 * segments (pts_segments.c): its progress lines, its record committed, the drive purged
 * (pts_run.h).
 */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include "drive/drive.h"
#include "record/json.h"
#include "run/progress.h"
#include "suites/pts_cache.h"
#include "suites/pts_run.h"
#include "suites/testrun.h"
#include "util/util.h"

void rv_pts_commit(struct pts_run *x) { rv_test_commit(x->r, x->ti); }

void rv_pts_say(struct pts_run *x, const char *what)
{
	char line[2048];

	rv_fmt(line, sizeof(line), "%s · %s", x->head, what);
	rv_progress_print(line, x->r->tty, true);
}

int rv_pts_purge(struct pts_run *x, const char *what, bool *purged, bool *skipped, char **method,
		 char **done, char **skip_reason, char *reason, size_t rlen)
{
	struct rv_run *r = x->r;
	const struct rv_target *t = &r->ts.t[x->ti];
	char now[32], err[1024], line[1024];
	int rc;

	if (r->o->pts_no_purge) {
		*skipped = true;
		rec_str_set(skip_reason, "--pts-no-purge");
		return RV_TEST_DONE;
	}
	snprintf(line, sizeof(line), "%s · %s: purge (%s)", x->head, what, r->o->purge);
	rv_progress_print(line, r->tty, true);
	rc = rv_drive_purge(t->devs[0].path, r->o->purge, r->o->confirm, false, err, sizeof(err));
	if (rc) {
		if (rc == -EPERM)
			rv_fmt(reason, rlen, "purge (%s) refused: %s; nothing was written",
			       r->o->purge, err);
		else
			rv_fmt(reason, rlen, "purge (%s) failed: %s", r->o->purge, err);
		return RV_TEST_FAILED;
	}
	*purged = true;
	rec_str_set(method, r->o->purge);
	rec_str_set(done, rv_iso_time(time(NULL), now, sizeof(now)));
	rv_pts_cache_after_purge(t->devs[0].path, t->devs[0].probe.kind, x->rec, line,
				 sizeof(line));
	if (line[0])
		rv_pts_say(x, line);
	return RV_TEST_DONE;
}
