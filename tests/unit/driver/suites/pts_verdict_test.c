// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_verdict_test.c - driver/suites/pts_verdict.c: the verdict the console prints at a PTS
 * test's end, from records built here: a steady phase with its window, one not achieved after 25
 * rounds, WSAT's span multiple (bytes written / span), a round limit, segments counted, a buffer
 * too small.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "suites/pts_verdict.h"

static void phases(void **state)
{
	struct rec_pts_phase ph[2] = {
	    {.id = "128k-write",
	     .status = "steady",
	     .window = true,
	     .window_first = 3,
	     .window_last = 7,
	     .nrounds = 7},
	    {.id = "128k-read", .status = "steady state not achieved", .nrounds = 25}};
	struct rec_pts p = {.phases = ph, .nphases = 2, .span_bytes = 134217728};
	char out[512];

	(void)state;
	rv_pts_verdict(&p, out, sizeof(out));
	assert_string_equal(out, "128k-write: steady state reached (rounds 3-7 of 7); "
				 "128k-read: STEADY STATE NOT ACHIEVED in 25 rounds");
	/* cut short, NUL-terminated */
	rv_pts_verdict(&p, out, 12);
	assert_string_equal(out, "128k-write:");
}

static void wsat_written(void **state)
{
	/* 4 x 128 MiB + 1 MiB written in 9 rounds: 537919488 / 134217728 = 4.0078 */
	struct rec_pts_phase ph = {.id = "wsat",
				   .status = "written",
				   .nrounds = 9,
				   .stop_written_bytes = 4LL * 134217728,
				   .bytes_written = 537919488.0};
	struct rec_pts p = {.phases = &ph, .nphases = 1, .span_bytes = 134217728};
	char out[256];

	(void)state;
	rv_pts_verdict(&p, out, sizeof(out));
	assert_string_equal(out, "wsat: 4.01 x the span written in 9 rounds");
	ph.status = "round limit";
	ph.nrounds = 1440;
	rv_pts_verdict(&p, out, sizeof(out));
	assert_string_equal(out, "wsat: stopped at the round limit (1440 rounds) before the span "
				 "was written the times asked");
}

static void segments(void **state)
{
	struct rec_pts_segment seg[3] = {
	    {.status = "done"}, {.status = "done"}, {.status = "failed"}};
	struct rec_pts_phase ph = {.id = "hir",
				   .status = "steady",
				   .window = true,
				   .window_first = 1,
				   .window_last = 5,
				   .nrounds = 5};
	struct rec_pts p = {.phases = &ph,
			    .nphases = 1,
			    .segments_kind = "hir",
			    .segments = seg,
			    .nsegments = 3,
			    .segments_planned = 23};
	struct rec_pts xsr = {
	    .segments_kind = "xsr", .segments = seg, .nsegments = 2, .segments_planned = 3};
	char out[256];

	(void)state;
	rv_pts_verdict(&p, out, sizeof(out));
	assert_string_equal(out, "hir: steady state reached (rounds 1-5 of 5); segments: 2 of 23 "
				 "done");
	p.segments_status = "not run";
	ph.status = "failed";
	rv_pts_verdict(&p, out, sizeof(out));
	assert_string_equal(out, "hir: failed (5 rounds); segments: not run");
	/* XSR: no phase, its access groups only */
	rv_pts_verdict(&xsr, out, sizeof(out));
	assert_string_equal(out, "segments: 2 of 3 done");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(phases),
	    cmocka_unit_test(wsat_written),
	    cmocka_unit_test(segments),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
