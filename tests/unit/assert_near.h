/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * assert_near.h - double comparison for cmocka tests (cmocka 1.1.5's assert_float_equal
 * compares as float, too coarse for ns latencies).
 */
#ifndef SSD_TEST_ASSERT_NEAR_H
#define SSD_TEST_ASSERT_NEAR_H

#include <math.h>

#define assert_near(actual, expected, eps)                                                         \
	do {                                                                                       \
		double a_ = (actual), e_ = (expected);                                             \
		if (!(fabs(a_ - e_) <= (eps)))                                                     \
			fail_msg("%s = %.12g, expected %.12g (+-%g)", #actual, a_, e_,             \
				 (double)(eps));                                                   \
	} while (0)

#endif
