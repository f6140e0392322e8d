// SPDX-License-Identifier: GPL-2.0-only
/*
 * xsr_test.c - the XSR recovery time (pts/xsr.h) on constructed throughput series: group 1
 * settles from a fresh-out-of-box 900 MB/s to 500 MB/s, group 3 starts low after group 2's
 * random writes and climbs back, with a dip that breaks an early run.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "assert_near.h"
#include "pts/xsr.h"

/* group 1, one sample a minute: the last 5 average (500 + 498 + 502 + 500 + 500) / 5 = 500 */
static const double g1[10] = {900, 800, 600, 520, 505, 500, 498, 502, 500, 500};
static double t3[12];

static void setup_times(void)
{
	for (int i = 0; i < 12; i++)
		t3[i] = 60.0 * (i + 1); /* each sample stamped at the end of its minute */
}

static void recovers_after_a_dip(void **state)
{
	/* 460 and 470 reach the 450 threshold in minutes 4-5, the dip in minute 6 breaks the run;
	 * minutes 7-11 (indices 6-10) hold it: recovered at the start of minute 7, 360 s */
	const double g3[12] = {200, 250, 300, 460, 470, 300, 455, 460, 470, 480, 490, 500};
	struct pts_xsr_params p = pts_xsr_default();
	struct pts_xsr_result r;

	(void)state;
	setup_times();
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, g3, 12, &p, &r), 0);
	assert_near(r.reference, 500.0, 1e-12);
	assert_near(r.threshold, 450.0, 1e-12);
	assert_true(r.recovered);
	assert_int_equal(r.first, 6);
	assert_near(r.recovery_s, 360.0, 1e-12);
	/* the whole of group 1 as the reference (its 900 MB/s start included: 582.5) would say
	 * group 3 never recovers; the settled end of group 1 is the level to get back to */
	p.ref_window = 10;
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, g3, 12, &p, &r), 0);
	assert_near(r.reference, 582.5, 1e-12);
	assert_false(r.recovered);
}

static void immediate_never_and_gaps(void **state)
{
	const double at_level[6] = {480, 490, 500, 505, 470, 451};
	const double never[6] = {100, 200, 300, 400, 449, 449.9};
	/* a NaN (an interval fio did not report) breaks the run: 4 + 1 + 5 */
	const double gap[11] = {460, 460, 460, 460, NAN, 460, 460, 460, 460, 460, 460};
	struct pts_xsr_params p = pts_xsr_default();
	struct pts_xsr_result r;

	(void)state;
	setup_times();
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, at_level, 6, &p, &r), 0);
	assert_true(r.recovered);
	assert_int_equal(r.first, 0);
	assert_near(r.recovery_s, 0.0, 0);
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, never, 6, &p, &r), 0);
	assert_false(r.recovered);
	assert_true(isnan(r.recovery_s));
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, gap, 11, &p, &r), 0);
	assert_true(r.recovered);
	assert_int_equal(r.first, 5);
	assert_near(r.recovery_s, 300.0, 1e-12);
	/* a 20 % tolerance and a hold of 2 recover at minute 4 of the dip series */
	p.tolerance_pct = 20.0;
	p.hold = 2;
	const double g3[6] = {200, 250, 300, 400, 410, 300};
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, g3, 6, &p, &r), 0);
	assert_true(r.recovered);
	assert_int_equal(r.first, 3);
	assert_near(r.recovery_s, 180.0, 1e-12);
}

static void refusals(void **state)
{
	const double g3[3] = {1, 2, 3};
	const double back[3] = {60, 120, 120};
	const double nan1[5] = {500, NAN, 500, 500, 500};
	const double zero[5] = {0, 0, 0, 0, 0};
	struct pts_xsr_params p = pts_xsr_default();
	struct pts_xsr_result r;

	(void)state;
	setup_times();
	assert_int_equal(pts_xsr_recovery(g1, 4, t3, g3, 3, &p, &r), -EINVAL); /* < 5 samples */
	assert_int_equal(pts_xsr_recovery(g1, 10, back, g3, 3, &p, &r), -EINVAL);
	assert_int_equal(pts_xsr_recovery(nan1, 5, t3, g3, 3, &p, &r), -EINVAL);
	assert_int_equal(pts_xsr_recovery(zero, 5, t3, g3, 3, &p, &r), -EINVAL);
	p.tolerance_pct = 100.0;
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, g3, 3, &p, &r), -EINVAL);
	p = pts_xsr_default();
	p.hold = 0;
	assert_int_equal(pts_xsr_recovery(g1, 10, t3, g3, 3, &p, &r), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(recovers_after_a_dip),
	    cmocka_unit_test(immediate_never_and_gaps),
	    cmocka_unit_test(refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
