// SPDX-License-Identifier: GPL-2.0-only
/*
 * dirth_test.c - the DIRTH matrix and operating points (pts/dirth.h) on a constructed drive:
 * IOPS(t) = 50,000 t / (t + 8) for t = TC × QD outstanding I/Os, ART by Little's law
 * t / IOPS = (t + 8) × 20 µs. Within the 5 ms ceiling t + 8 <= 250, so t <= 242: the highest
 * IOPS there is t = 192 (TC 32 / QD 6 and TC 6 / QD 32, 48,000 IOPS, 4 ms), not TC 32 / QD 32
 * (49,612 IOPS at 5.16 ms); MinIOPS is TC 1 / QD 1 (5,555.6 IOPS); their mean 26,777.8 IOPS is
 * nearest t = 8 (25,000 IOPS: TC 8/QD 1, 4/2, 2/4, 1/8).
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "assert_near.h"
#include "pts/dirth.h"

static void matrix(void **state)
{
	struct pts_toio m[49];
	const unsigned int up[3] = {1, 2, 4}, zero[2] = {2, 0}, flat[2] = {4, 4};

	(void)state;
	assert_int_equal(pts_dirth_matrix(pts_dirth_levels, 7, pts_dirth_levels, 7, m, 49), 49);
	/* TC outer, QD inner, both from 32 down to 1 */
	assert_int_equal(m[0].tc, 32);
	assert_int_equal(m[0].qd, 32);
	assert_int_equal(m[1].tc, 32);
	assert_int_equal(m[1].qd, 16);
	assert_int_equal(m[6].tc, 32);
	assert_int_equal(m[6].qd, 1);
	assert_int_equal(m[7].tc, 16);
	assert_int_equal(m[7].qd, 32);
	assert_int_equal(m[24].tc, 6);
	assert_int_equal(m[24].qd, 6);
	assert_int_equal(m[48].tc, 1);
	assert_int_equal(m[48].qd, 1);
	for (int i = 1; i < 49; i++)
		assert_true(m[i].tc < m[i - 1].tc ||
			    (m[i].tc == m[i - 1].tc && m[i].qd < m[i - 1].qd));
	assert_int_equal(pts_dirth_matrix(pts_dirth_levels, 7, pts_dirth_levels, 7, m, 48),
			 -ENOSPC);
	assert_int_equal(pts_dirth_matrix(up, 3, pts_dirth_levels, 7, m, 49), -EINVAL);
	assert_int_equal(pts_dirth_matrix(pts_dirth_levels, 7, zero, 2, m, 49), -EINVAL);
	assert_int_equal(pts_dirth_matrix(flat, 2, pts_dirth_levels, 7, m, 49), -EINVAL);
	assert_int_equal(pts_dirth_matrix(pts_dirth_levels, 0, pts_dirth_levels, 7, m, 49),
			 -EINVAL);
}

/* The constructed drive's round. */
static void round_of(struct pts_dirth_point *p)
{
	struct pts_toio m[49];

	assert_int_equal(pts_dirth_matrix(pts_dirth_levels, 7, pts_dirth_levels, 7, m, 49), 49);
	for (int i = 0; i < 49; i++) {
		double t = (double)m[i].tc * m[i].qd;

		p[i].toio = m[i];
		p[i].iops = 50000.0 * t / (t + 8.0);
		p[i].art_ns = (t + 8.0) * 20000.0;
	}
}

static size_t find(const struct pts_dirth_point *p, unsigned int tc, unsigned int qd)
{
	for (size_t i = 0; i < 49; i++)
		if (p[i].toio.tc == tc && p[i].toio.qd == qd)
			return i;
	fail_msg("no TC %u / QD %u", tc, qd);
	return 0;
}

static void operating_points(void **state)
{
	struct pts_dirth_point p[49];
	struct pts_dirth_choice c;

	(void)state;
	round_of(p);
	assert_int_equal(pts_dirth_choose(p, 49, PTS_DIRTH_ART_CEILING_NS, &c), 0);
	/* 192 outstanding either way: the tie goes to fewer threads, TC 6 / QD 32 */
	assert_int_equal(c.max, find(p, 6, 32));
	assert_near(p[c.max].iops, 48000.0, 1e-9);
	assert_near(p[c.max].art_ns, 4e6, 1e-3);
	assert_int_equal(c.min, find(p, 1, 1));
	assert_near(c.mid_target_iops, (48000.0 + 50000.0 / 9.0) / 2.0, 1e-9);
	/* t = 8 is nearest (|25,000 − 26,777.8| = 1,777.8; t = 12 gives 3,222.2): TC 1 / QD 8 */
	assert_int_equal(c.mid, find(p, 1, 8));
	/* the highest IOPS of all, TC 32 / QD 32, is over the ceiling and not chosen */
	assert_true(p[0].iops > p[c.max].iops);
	assert_true(p[0].art_ns > PTS_DIRTH_ART_CEILING_NS);

	/* a point exactly at the ceiling is within it */
	p[find(p, 16, 16)].art_ns = PTS_DIRTH_ART_CEILING_NS;
	assert_int_equal(pts_dirth_choose(p, 49, PTS_DIRTH_ART_CEILING_NS, &c), 0);
	assert_int_equal(c.max, find(p, 16, 16));
	/* a point with no figure is never chosen */
	p[find(p, 16, 16)].iops = NAN;
	assert_int_equal(pts_dirth_choose(p, 49, PTS_DIRTH_ART_CEILING_NS, &c), 0);
	assert_int_equal(c.max, find(p, 6, 32));
	/* a ceiling of 1 ms: t + 8 <= 50, t <= 42: t = 36, TC 6 / QD 6, 50,000 × 36 / 44 IOPS,
	 * ahead of the six t = 32 points (40,000) */
	assert_int_equal(pts_dirth_choose(p, 49, 1e6, &c), 0);
	assert_int_equal(c.max, find(p, 6, 6));
	assert_near(p[c.max].iops, 50000.0 * 36 / 44, 1e-9);
}

static void refusals(void **state)
{
	struct pts_dirth_point p[49];
	struct pts_dirth_choice c;

	(void)state;
	round_of(p);
	/* nothing within a 0.1 ms ceiling (TC 1 / QD 1 takes 0.18 ms) */
	assert_int_equal(pts_dirth_choose(p, 49, 1e5, &c), -ERANGE);
	/* no TC 1 / QD 1 point */
	assert_int_equal(pts_dirth_choose(p, 48, PTS_DIRTH_ART_CEILING_NS, &c), -ENOENT);
	assert_int_equal(pts_dirth_choose(p, 0, PTS_DIRTH_ART_CEILING_NS, &c), -EINVAL);
	/* only Max and Min within the ceiling: Mid falls back to Max */
	for (int i = 0; i < 49; i++)
		if (!(p[i].toio.tc == 1 && p[i].toio.qd <= 2))
			p[i].art_ns = 1e9;
	assert_int_equal(pts_dirth_choose(p, 49, PTS_DIRTH_ART_CEILING_NS, &c), 0);
	assert_int_equal(c.max, find(p, 1, 2));
	assert_int_equal(c.min, find(p, 1, 1));
	assert_int_equal(c.mid, c.max);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(matrix),
	    cmocka_unit_test(operating_points),
	    cmocka_unit_test(refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
