// SPDX-License-Identifier: GPL-2.0-only
/*
 * hir_test.c - the HIR wait-state plan (pts/hir.h): the standard's (wait states 1, 2, 3, 5, 10:
 * 360 × (5 s writes + 5/10/15/25/50 s idle), each followed by 1,800 s of writes; 15.5 hours),
 * a shortened one as a quick profile would run, the refusals, and the mean IOPS of each wait
 * state on constructed segment figures.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "assert_near.h"
#include "pts/hir.h"

static struct pts_hir_segment plan[4000];

static void assert_seg(const struct pts_hir_segment *s, enum pts_hir_kind kind, unsigned int state,
		       unsigned int ws, unsigned int repeat, unsigned long long start,
		       unsigned int dur)
{
	assert_int_equal(s->kind, kind);
	assert_int_equal(s->state, state);
	assert_int_equal(s->wait_state, ws);
	assert_int_equal(s->repeat, repeat);
	assert_int_equal(s->start_s, start);
	assert_int_equal(s->duration_s, dur);
}

static void standard_plan(void **state)
{
	struct pts_hir_params p = pts_hir_standard();
	unsigned long long state_start[5] = {0, 5400, 12600, 21600, 34200};
	const unsigned int ws[5] = {1, 2, 3, 5, 10};
	size_t k;

	(void)state;
	/* 5 wait states × (360 writes + 360 idles + 1 baseline) */
	assert_int_equal(pts_hir_plan_len(&p), 3605);
	assert_int_equal(pts_hir_plan(&p, plan, 4000), 3605);
	/* 360 × 10 + 1800, 360 × 15 + 1800, 360 × 20 + 1800, 360 × 30 + 1800, 360 × 55 + 1800 */
	assert_int_equal(pts_hir_duration_s(&p), 55800);
	assert_seg(&plan[0], PTS_HIR_WRITE, 0, 1, 1, 0, 5);
	assert_seg(&plan[1], PTS_HIR_IDLE, 0, 1, 1, 5, 5);
	assert_seg(&plan[2], PTS_HIR_WRITE, 0, 1, 2, 10, 5);
	assert_seg(&plan[719], PTS_HIR_IDLE, 0, 1, 360, 3595, 5);
	assert_seg(&plan[720], PTS_HIR_BASELINE, 0, 1, 0, 3600, 1800);
	for (unsigned int s = 0; s < 5; s++) {
		k = s * 721;
		assert_seg(&plan[k], PTS_HIR_WRITE, s, ws[s], 1, state_start[s], 5);
		assert_seg(&plan[k + 1], PTS_HIR_IDLE, s, ws[s], 1, state_start[s] + 5, 5 * ws[s]);
		assert_seg(&plan[k + 720], PTS_HIR_BASELINE, s, ws[s], 0,
			   state_start[s] + 360ull * (5 + 5 * ws[s]), 1800);
	}
	/* the segments tile the time line without gaps and end at the duration */
	for (k = 1; k < 3605; k++)
		assert_int_equal(plan[k].start_s, plan[k - 1].start_s + plan[k - 1].duration_s);
	assert_int_equal(plan[3604].start_s + plan[3604].duration_s, 55800);
}

/* A quick profile's shape: 1 s writes, the same wait states (idle 1, 2, 3, 5, 10 s), 3
 * repeats, 6 s of baseline: 35 segments, 3×2+6 + 3×3+6 + 3×4+6 + 3×6+6 + 3×11+6 = 108 s. */
static const unsigned int quick_idle[5] = {1, 2, 3, 5, 10};
static const struct pts_hir_params quick = {1, quick_idle, 5, 3, 6};

static void quick_plan(void **state)
{
	(void)state;
	assert_int_equal(pts_hir_plan_len(&quick), 35);
	assert_int_equal(pts_hir_duration_s(&quick), 108);
	assert_int_equal(pts_hir_plan(&quick, plan, 35), 35);
	assert_seg(&plan[6], PTS_HIR_BASELINE, 0, 1, 0, 6, 6);
	assert_seg(&plan[7], PTS_HIR_WRITE, 1, 2, 1, 12, 1);
	assert_seg(&plan[34], PTS_HIR_BASELINE, 4, 10, 0, 102, 6);
	assert_int_equal(pts_hir_plan(&quick, plan, 34), -ENOSPC);
}

static void refusals(void **state)
{
	const unsigned int odd[5] = {5, 10, 12, 25, 50};  /* 12 s is not whole 5 s segments */
	const unsigned int down[5] = {5, 15, 10, 25, 50}; /* not increasing */
	struct pts_hir_params p = pts_hir_standard();

	(void)state;
	p.idle_s = odd;
	assert_int_equal(pts_hir_plan(&p, plan, 4000), -EINVAL);
	assert_int_equal(pts_hir_plan_len(&p), 0);
	assert_int_equal(pts_hir_duration_s(&p), 0);
	p.idle_s = down;
	assert_int_equal(pts_hir_plan(&p, plan, 4000), -EINVAL);
	p = pts_hir_standard();
	p.repeats = 0;
	assert_int_equal(pts_hir_plan(&p, plan, 4000), -EINVAL);
	p = pts_hir_standard();
	p.baseline_s = 0;
	assert_int_equal(pts_hir_plan(&p, plan, 4000), -EINVAL);
	p = pts_hir_standard();
	p.write_s = 0;
	assert_int_equal(pts_hir_plan(&p, plan, 4000), -EINVAL);
}

/* Write segment r of wait state s measured 100 (s + 1) + r IOPS: means 102, 202, 302, 402;
 * wait state 10's third segment is not run yet (NaN): (501 + 502) / 2. Idle and baseline
 * entries carry values that must not be read. */
static void state_means(void **state)
{
	double iops[35], means[5];
	int n = pts_hir_plan(&quick, plan, 35);

	(void)state;
	assert_int_equal(n, 35);
	for (int i = 0; i < n; i++)
		iops[i] = plan[i].kind == PTS_HIR_WRITE
			      ? 100.0 * (plan[i].state + 1) + plan[i].repeat
			  : plan[i].kind == PTS_HIR_IDLE ? NAN
							 : 1e9;
	iops[32] = NAN; /* state 4, repeat 3 */
	assert_int_equal(plan[32].kind, PTS_HIR_WRITE);
	assert_int_equal(plan[32].repeat, 3);
	assert_int_equal(pts_hir_state_means(plan, 35, iops, means, 5), 0);
	assert_near(means[0], 102, 1e-12);
	assert_near(means[1], 202, 1e-12);
	assert_near(means[2], 302, 1e-12);
	assert_near(means[3], 402, 1e-12);
	assert_near(means[4], 501.5, 1e-12);
	/* a state without any figure is NaN; a plan naming more states than given is refused */
	for (int i = 0; i < n; i++)
		if (plan[i].state == 2)
			iops[i] = NAN;
	assert_int_equal(pts_hir_state_means(plan, 35, iops, means, 5), 0);
	assert_true(isnan(means[2]));
	assert_int_equal(pts_hir_state_means(plan, 35, iops, means, 4), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(standard_plan),
	    cmocka_unit_test(quick_plan),
	    cmocka_unit_test(refusals),
	    cmocka_unit_test(state_means),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
