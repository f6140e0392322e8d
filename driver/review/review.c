// SPDX-License-Identifier: GPL-2.0-only
/* review.c - the run's steps on every target, and its end (review.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "library/uri.h"
#include "record/layout.h"
#include "report/report.h"
#include "review/review.h"
#include "run/child.h"
#include "run/progress.h"
#include "state/drivefile.h"
#include "suites/apps_suite.h"
#include "suites/pts_suite.h"
#include "suites/testrun.h"
#include "util/proc.h"
#include "util/util.h"

/* Whether test @i of target @ti was completed by the run being resumed: its result is there
 * and that run's record says done. */
static bool kept(struct rv_run *r, size_t ti, size_t i)
{
	const char *id = r->plan.t[i].ct->id, *st;
	const struct rec_test *e = rv_record_earlier_test(&r->rec[ti], id);
	char path[PATH_MAX * 2], dir[PATH_MAX + 300];

	if (r->plan.t[i].ct->entry->pts)
		return rv_pts_kept(r, ti, i);
	if (rv_test_is_apps(&r->plan.t[i])) {
		rv_apps_dir(r, ti, i, dir, sizeof(dir));
		rec_path_apps(path, sizeof(path), dir, rv_apps_workload(&r->plan.t[i]));
	} else {
		rec_path_drive_dir(dir, sizeof(dir), r->out_abs, r->ts.t[ti].label);
		rec_path_result(path, sizeof(path), dir, id, REC_RESULT_DONE);
	}
	st = e ? e->status : NULL;
	return r->o->resume && st && !strcmp(st, "done") && access(path, F_OK) == 0;
}

bool rv_review_keeps(struct rv_run *r, size_t ti, size_t i)
{
	size_t s = i, e = i;

	while (s > 0 && r->plan.t[s - 1].ct->step == r->plan.t[i].ct->step)
		s--;
	while (e < r->plan.n && r->plan.t[e].ct->step == r->plan.t[i].ct->step)
		e++;
	/* a step cut short is rerun whole: the drive idled since its preconditioning */
	for (size_t k = s; r->o->resume && r->plan.t[i].atomic_step && k < e; k++)
		if (!kept(r, ti, k))
			return false;
	return kept(r, ti, i);
}

static void keep(struct rv_run *r, size_t ti, size_t i, size_t index)
{
	const struct rec_test *e = rv_record_earlier_test(&r->rec[ti], r->plan.t[i].ct->id);
	char line[512];

	rv_record_keep(rv_test(r, ti, i), e);
	rv_test_commit(r, ti);
	r->kept++;
	snprintf(line, sizeof(line), "[%zu/%zu] %s · %s · kept (--resume)", index, r->total,
		 r->ts.t[ti].label, r->plan.t[i].ct->id);
	rv_progress_print(line, r->tty, true);
}

/* The catalogue durations of the run's tests in run order (step, target, test). */
static long *durations(struct rv_run *r)
{
	long *d = calloc(r->total + 1, sizeof(*d));
	size_t k = 0;

	for (size_t s = 0; d && s < r->plan.n;) {
		size_t e = s;

		while (e < r->plan.n && r->plan.t[e].ct->step == r->plan.t[s].ct->step)
			e++;
		for (size_t ti = 0; ti < r->ts.nrun; ti++)
			for (size_t i = s; i < e; i++)
				d[k++] = r->plan.t[i].expected_s;
		s = e;
	}
	return d;
}

/* The live report (run/live.h): on unless --no-live, --no-report or no ssdreport. */
static void live_begin(struct rv_run *r)
{
	char **argv = NULL, log[PATH_MAX + 32];

	rv_live_init(&r->live, NULL, NULL, 0);
	if (r->o->no_live || r->o->no_report || !r->tools.ssdreport[0] ||
	    rv_report_argv(r->tools.ssdreport, r->out_abs,
			   r->ts.client_mode ? r->ts.t[0].label : NULL, true, &argv))
		return;
	snprintf(log, sizeof(log), "%s/live-report.log", r->state);
	rv_live_init(&r->live, argv, log, (long)r->o->live_every_s);
}

/* A test ended: the ETA learns what it took when it ran to an end (done or failed; one
 * skipped or interrupted took nothing of its plan); the live report is due. */
static void test_ended(struct rv_run *r, int outcome, long planned_s, time_t t0, bool skipped)
{
	if ((outcome == RV_TEST_DONE || outcome == RV_TEST_FAILED) && !skipped)
		rv_eta_learn(&r->eta, planned_s, (long)(time(NULL) - t0));
	rv_live_poll(r, true, false);
}

int rv_review_run(struct rv_run *r)
{
	long *dur = durations(r);
	size_t index = 0;
	bool stop = false;

	live_begin(r);

	for (size_t s = 0; s < r->plan.n;) {
		size_t e = s;

		while (e < r->plan.n && r->plan.t[e].ct->step == r->plan.t[s].ct->step)
			e++;
		for (size_t ti = 0; ti < r->ts.nrun; ti++) {
			for (size_t i = s; i < e; i++) {
				index++;
				stop |= rv_stop_signal != 0;
				if (stop) {
					/* recorded as skipped with its reason, counted as left:
					 * --resume runs it */
					rv_test_state(rv_test(r, ti, i), "skipped",
						      "the run was interrupted before this test");
					rv_test_commit(r, ti);
					continue;
				}
				if (rv_review_keeps(r, ti, i)) {
					keep(r, ti, i, index);
					rv_live_poll(r, true, false);
					continue;
				}
				time_t t0 = time(NULL);
				size_t skipped = r->skipped;
				int outcome =
				    (r->plan.t[i].ct->entry->pts ? rv_pts_run : rv_test_run)(
					r, ti, i, index, dur ? dur + index : NULL,
					dur ? r->total - index : 0);

				stop |= outcome == RV_TEST_INTERRUPTED;
				test_ended(r, outcome, r->plan.t[i].expected_s, t0,
					   r->skipped != skipped);
			}
		}
		s = e;
	}
	free(dur);
	r->interrupted = stop;
	return stop;
}

/* The report over OUT's drive directories. */
static int report(struct rv_run *r)
{
	char err[1024], dir[PATH_MAX + 16];
	int rc;

	if (r->o->no_report)
		return 0;
	if (r->done + r->kept == 0) {
		fprintf(stderr,
			"ssd-review: no test completed, so no report; the records are in %s/\n",
			r->out_abs);
		return 0;
	}
	rec_path_report(dir, sizeof(dir), r->out_abs);
	if (!r->tools.ssdreport[0]) {
		fprintf(stderr,
			"ssd-review: ssdreport not built: report skipped (make; then ssdreport -o "
			"%s %s)\n",
			dir, r->out_abs);
		return 0;
	}
	rc = rv_report_run(r->tools.ssdreport, r->out_abs,
			   r->ts.client_mode ? r->ts.t[0].label : NULL, err, sizeof(err));
	if (rc == 0) {
		fprintf(stderr, "ssd-review: report: %s/index.html\n", dir);
		return 0;
	}
	fprintf(stderr, "ssd-review: ssdreport failed (%s); results are in %s/\n", err, r->out_abs);
	return 1;
}

/* --library FILE or URI: each drive's run added to the results library (docs/library.md). */
static int library(struct rv_run *r)
{
	char err[1024], shown[1024];

	if (!r->o->library)
		return 0;
	/* a PostgreSQL URI printed without its password */
	if (lib_is_uri(r->o->library))
		lib_uri_shown(r->o->library, shown, sizeof(shown));
	else
		snprintf(shown, sizeof(shown), "%s", r->o->library);
	if (r->done + r->kept == 0) {
		fprintf(stderr, "ssd-review: no test completed: nothing added to the library %s\n",
			shown);
		return 0;
	}
	if (!r->tools.ssdreport[0]) {
		fprintf(stderr,
			"ssd-review: ssdreport not built: not added to the library (make; then "
			"ssdreport library add --library %s %s)\n",
			shown, r->out_abs);
		return 1;
	}
	if (!rv_library_add(r->tools.ssdreport, r->o->library, r->out_abs,
			    r->ts.client_mode ? r->ts.t[0].label : NULL, err, sizeof(err))) {
		fprintf(stderr, "ssd-review: added to the library %s%s\n", shown,
			r->interrupted ? " as an interrupted run (listed, not ranked)" : "");
		return 0;
	}
	fprintf(stderr, "ssd-review: ssdreport library add failed (%s); results are in %s/\n", err,
		r->out_abs);
	return 1;
}

static int ended(struct rv_run *r, const char *state, const char *reason, int code)
{
	char now[32];

	rv_iso_time(time(NULL), now, sizeof(now));
	r->st.state = state;
	r->st.ended = now;
	r->st.reason = reason;
	r->st.exit_status = code;
	r->st.test_id = NULL;
	r->st.run_eta_s = -1;
	rv_status_update(r);
	return code;
}

int rv_review_end(struct rv_run *r)
{
	const char *state = r->interrupted ? "interrupted" : r->failed ? "failed" : "complete";
	char now[32], sig[32];

	for (size_t i = 0; i < r->ts.n; i++)
		rv_drivefile_write(&r->ts.t[i], r->out_abs, RV_DRIVEFILE_AFTER);
	rv_write_records(r, state, rv_iso_time(time(NULL), now, sizeof(now)));
	rv_live_stop(&r->live); /* the final report is the last one swapped in */
	if (r->interrupted) {
		int signo = rv_stop_signal ? rv_stop_signal : SIGINT;
		bool again = false;

		snprintf(r->stop_reason, sizeof(r->stop_reason), "stopped by %s",
			 rv_sig_name(signo, sig, sizeof(sig)));
		fprintf(stderr, "ssd-review: interrupted (%s); resume with:\n  %s\n",
			r->stop_reason, r->resume_cmd);
		if (r->live.rebuilds > 0) {
			/* the page must not go on saying the run is live: the report of the tests
			 * so far (run.json says interrupted); another stop request ends it */
			fprintf(stderr, "ssd-review: the report of the tests so far (interrupt "
					"again to skip it)\n");
			rv_stop_signal = 0;
			report(r);
			again = rv_stop_signal != 0;
		}
		if (r->o->library && !again) {
			/* the tests that completed go to the library as an interrupted run (its
			 * page lists it, never ranks it); another stop request skips it */
			rv_stop_signal = 0;
			library(r);
		}
		if (!rv_stop_signal)
			rv_stop_signal = signo;
		return ended(r, state, r->stop_reason, RV_EXIT_INTERRUPTED);
	}
	fprintf(stderr, "ssd-review: %zu test%s run, %zu failed\n", r->done,
		r->done == 1 ? "" : "s", r->failed);
	if (r->kept)
		fprintf(stderr, "ssd-review: %zu test%s kept from the earlier run\n", r->kept,
			r->kept == 1 ? "" : "s");
	if (report(r))
		r->failed++;
	if (library(r))
		r->failed++;
	if (rv_stop_signal) {
		snprintf(r->stop_reason, sizeof(r->stop_reason), "the report stopped by %s",
			 rv_sig_name(rv_stop_signal, sig, sizeof(sig)));
		fprintf(stderr, "ssd-review: %s; resume with:\n  %s\n", r->stop_reason,
			r->resume_cmd);
		return ended(r, "interrupted", r->stop_reason, RV_EXIT_INTERRUPTED);
	}
	return ended(r, r->failed ? "failed" : "complete", NULL,
		     r->failed ? RV_EXIT_FAILED : RV_EXIT_OK);
}
