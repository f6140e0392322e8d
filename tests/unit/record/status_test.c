// SPDX-License-Identifier: GPL-2.0-only
/*
 * status_test.c - record/status.c: OUT/status.json written while a test runs and read back as
 * ssd-review --status and a later run's leftover check read it; another schema refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_DOC "status.json"
#include "scratch.h"

#include "record/json.h"
#include "record/status.h"

static void round_trip(void **state)
{
	json_object *cmd = json_tokener_parse("[\"ssd-review\", \"--drive\", \"a=x\"]");
	struct rec_status w = {.state = "running",
			       .pid = 1234,
			       .pid_starttime = 99999,
			       .command = cmd,
			       .resume_command = "ssd-review --resume --out /r",
			       .out = "/r",
			       .started = "2026-12-02T10:00:00Z",
			       .total = 5,
			       .done = 2,
			       .kept = 1,
			       .run_elapsed_s = 60,
			       .run_eta_s = 120,
			       .run_eta_lower_bound = true,
			       .index = 3,
			       .label = "a",
			       .test_id = "fc-4k-randwrite",
			       .title = "4K random write",
			       .test_started = "2026-12-02T10:01:00Z",
			       .elapsed_s = 5,
			       .expected_s = 30,
			       .eta_s = -1,
			       .rate = "",
			       .fio_pid = 1240,
			       .fio_starttime = 100000,
			       .exit_status = -1},
			  r;
	char err[256];

	(void)state;
	assert_int_equal(rec_status_write(scratch_doc, &w), 0);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_string_equal(r.state, "running");
	assert_int_equal(r.pid, 1234);
	assert_int_equal(r.pid_starttime, 99999);
	assert_non_null(r.updated);
	assert_null(r.ended);
	assert_int_equal(r.total, 5);
	assert_int_equal(r.kept, 1);
	assert_int_equal(r.run_eta_s, 120);
	assert_true(r.run_eta_lower_bound);
	assert_string_equal(r.test_id, "fc-4k-randwrite");
	assert_int_equal(r.eta_s, -1);
	assert_null(r.rate); /* "" is written as null */
	assert_int_equal(r.fio_pid, 1240);
	assert_int_equal(r.fio_starttime, 100000);
	assert_int_equal(r.exit_status, -1);
	rec_status_free(&r);
	/* between tests and after: no test, no fio */
	w.test_id = NULL;
	w.fio_pid = 0;
	w.state = "complete";
	w.exit_status = 0;
	assert_int_equal(rec_status_write(scratch_doc, &w), 0);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_null(r.test_id);
	assert_int_equal(r.fio_pid, 0);
	assert_int_equal(r.exit_status, 0);
	assert_true(rec_status_is(r.doc));
	rec_status_free(&r);
	json_object_put(cmd);
}

/* The pace, its ETA, the skipped tests and the live report's counts; a file written before them
 * reads them as not known; the tests left. */
static void pace_and_live(void **state)
{
	struct rec_status w = {.state = "running",
			       .pid = 1,
			       .total = 10,
			       .done = 3,
			       .failed = 1,
			       .kept = 2,
			       .skipped = 1,
			       .run_eta_s = 600,
			       .pace = 1.25,
			       .live_every_s = 300,
			       .live_rebuilds = 4,
			       .live_failed = 1,
			       .live_built = "2026-12-07T03:00:00Z",
			       .live_cpu_s = 12.5,
			       .exit_status = -1},
			  r;
	json_object *o;
	char err[256];

	(void)state;
	assert_int_equal(rec_status_write(scratch_doc, &w), 0);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.skipped, 1);
	assert_true(r.pace > 1.2499 && r.pace < 1.2501);
	assert_int_equal(r.live_every_s, 300);
	assert_int_equal(r.live_rebuilds, 4);
	assert_int_equal(r.live_failed, 1);
	assert_string_equal(r.live_built, "2026-12-07T03:00:00Z");
	assert_true(r.live_cpu_s > 12.49 && r.live_cpu_s < 12.51);
	assert_int_equal(rec_status_left(&r), 10 - 3 - 1 - 2 - 1);
	rec_status_free(&r);
	/* no pace yet, the live report off: null, read back as not known */
	w.pace = -1;
	w.live_every_s = -1;
	assert_int_equal(rec_status_write(scratch_doc, &w), 0);
	assert_non_null(o = rec_json_read(scratch_doc, NULL, err, sizeof(err)));
	assert_true(json_object_object_get_ex(o, "live", NULL));
	assert_null(rec_json_get(o, "live"));
	assert_null(rec_json_get(rec_json_get(o, "run"), "pace"));
	json_object_put(o);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_true(r.pace < 0);
	assert_int_equal(r.live_every_s, -1);
	rec_status_free(&r);
	/* a file written before these fields: skipped not known, left counts the others */
	static const char old[] =
	    "{\"schema\": \"ssdeng.review-status.v1\", \"state\": \"running\", "
	    "\"tests\": {\"total\": 5, \"done\": 2, \"failed\": 0, \"kept\": 1}, "
	    "\"run\": {\"elapsed_s\": 9, \"eta_s\": 40}}";
	assert_int_equal(rec_file_write(scratch_doc, old, strlen(old)), 0);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.skipped, -1);
	assert_true(r.pace < 0);
	assert_int_equal(r.live_every_s, -1);
	assert_int_equal(rec_status_left(&r), 2);
	rec_status_free(&r);
	/* never below 0 */
	r.total = 2;
	r.done = 3;
	r.failed = r.kept = r.skipped = 0;
	assert_int_equal(rec_status_left(&r), 0);
}

static void refusals(void **state)
{
	struct rec_status r;
	char err[256];

	(void)state;
	assert_int_equal(rec_file_write(scratch_doc, "{\"jobs\": []}", 12), 0);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "not a status file of ssd-review (schema missing)"));
	assert_int_equal(rec_status_read("/nonexistent/status.json", &r, err, sizeof(err)),
			 -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_trip),
	    cmocka_unit_test(pace_and_live),
	    cmocka_unit_test(refusals),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
