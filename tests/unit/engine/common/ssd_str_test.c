// SPDX-License-Identifier: GPL-2.0-only
/* ssd_str_test.c - common/ssd_str.h: copy and append give what snprintf gives, truncation too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "common/ssd_str.h"

/* "pre" + at most @max bytes of @s + @v, built both ways into @len bytes */
static void check_put(size_t len, const char *s, size_t max, unsigned long long v)
{
	char got[64], want[64];
	size_t n;

	assert_true(len <= sizeof(got));
	memset(got, 'x', sizeof(got));
	n = ssd_str_put(got, len, 0, "pre", SIZE_MAX);
	n = ssd_str_put(got, len, n, s, max);
	n = ssd_str_put_u(got, len, n, v);
	snprintf(want, len, "pre%.*s%llu", (int)(max > 64 ? 64 : max), s, v);
	assert_string_equal(got, want);
	assert_int_equal(n, strlen(want));
}

static void test_put_as_snprintf(void **state)
{
	static const unsigned long long vs[] = {
	    0, 7, 10, 512, 4294967295ull, 18446744073709551615ull};
	static const char *const ss[] = {"", "a", "QEMU HARDDISK", "0123456789abcdefXYZ"};
	static const size_t lens[] = {1, 2, 4, 9, 17, 40, 64};
	static const size_t maxes[] = {0, 4, 16, SIZE_MAX};

	(void)state;
	for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
		for (size_t s = 0; s < sizeof(ss) / sizeof(ss[0]); s++)
			for (size_t m = 0; m < sizeof(maxes) / sizeof(maxes[0]); m++)
				for (size_t v = 0; v < sizeof(vs) / sizeof(vs[0]); v++)
					check_put(lens[l], ss[s], maxes[m], vs[v]);
}

static void test_copy_reports_fit(void **state)
{
	char buf[6];

	(void)state;
	assert_true(ssd_str_copy(buf, sizeof(buf), "sg12"));
	assert_string_equal(buf, "sg12");
	assert_false(ssd_str_copy(buf, sizeof(buf), "/dev/ng0n1"));
	assert_string_equal(buf, "/dev/");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_put_as_snprintf),
	    cmocka_unit_test(test_copy_reports_fit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
