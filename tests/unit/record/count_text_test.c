// SPDX-License-Identifier: GPL-2.0-only
/*
 * count_text_test.c - record/count_text.c: a count rounded to the nearest (never floored: the
 * progress line of ssd-review and the report print the same figure), thousands grouped.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "record/count_text.h"

static const char *text(double v)
{
	static char buf[REC_COUNT_TEXT_LEN];

	return rec_count_text(buf, v);
}

static void rounded(void **state)
{
	(void)state;
	assert_string_equal(text(0), "0");
	assert_string_equal(text(999.49), "999");
	assert_string_equal(text(999.5), "1,000"); /* floor would print 999 */
	assert_string_equal(text(1600.9), "1,601");
	assert_string_equal(text(382932.5), "382,933");
	assert_string_equal(text(1234567.2), "1,234,567");
	assert_string_equal(text(-0.4), "0");
	assert_string_equal(text(-1500.6), "-1,501");
}

static void extremes(void **state)
{
	(void)state;
	assert_string_equal(text(NAN), "nan");
	assert_string_equal(text(INFINITY), "inf");
	assert_string_equal(text(999999999999999999.0), "1e+18");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rounded),
	    cmocka_unit_test(extremes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
