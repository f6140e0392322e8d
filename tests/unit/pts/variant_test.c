// SPDX-License-Identifier: GPL-2.0-only
/*
 * variant_test.c - the Enterprise and Client parameters (pts/variant.h) and the active range's
 * bytes.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pts/variant.h"

static void variants(void **state)
{
	const struct pts_variant_info *e = pts_variant_info(PTS_ENTERPRISE);
	const struct pts_variant_info *c = pts_variant_info(PTS_CLIENT);
	enum pts_variant v;

	(void)state;
	assert_string_equal(e->name, "enterprise");
	assert_string_equal(e->standard, "SNIA PTS-E");
	assert_string_equal(e->version, "2.0.2");
	assert_int_equal(e->tc, 4);
	assert_int_equal(e->qd, 32);
	assert_int_equal(e->active_range_pct, 100);
	assert_false(e->write_cache_enabled);
	assert_string_equal(c->name, "client");
	assert_string_equal(c->standard, "SNIA PTS-C");
	assert_string_equal(c->version, "2.0");
	assert_int_equal(c->tc, 2);
	assert_int_equal(c->qd, 16);
	assert_int_equal(c->active_range_pct, 75);
	assert_true(c->write_cache_enabled);

	assert_int_equal(pts_variant_parse("client", &v), 0);
	assert_int_equal(v, PTS_CLIENT);
	assert_int_equal(pts_variant_parse("Enterprise", &v), 0);
	assert_int_equal(v, PTS_ENTERPRISE);
	assert_int_equal(pts_variant_parse("c", &v), 0);
	assert_int_equal(v, PTS_CLIENT);
	assert_int_equal(pts_variant_parse("consumer", &v), -EINVAL);
	assert_int_equal(pts_variant_parse(NULL, &v), -EINVAL);
}

static void active_range(void **state)
{
	(void)state;
	/* the quick profile's 128 MiB span: 75 % is 96 MiB, already a multiple of 1 MiB */
	assert_int_equal(pts_active_range_bytes(128ull << 20, 75, 1 << 20), 96ull << 20);
	assert_int_equal(pts_active_range_bytes(128ull << 20, 100, 1 << 20), 128ull << 20);
	/* 75 % of 1,000,000,007 bytes is 750,000,005.25: 750,000,005, down to 4 KiB: 183,105 ×
	 * 4096 = 749,998,080 */
	assert_int_equal(pts_active_range_bytes(1000000007ull, 75, 4096), 749998080ull);
	/* the whole 64-bit range does not overflow */
	assert_int_equal(pts_active_range_bytes(UINT64_MAX, 100, 1), UINT64_MAX);
	assert_int_equal(pts_active_range_bytes(UINT64_MAX, 75, 1), 13835058055282163711ull);
	/* refusals: 0 % or over 100 %, no alignment, a range smaller than one block */
	assert_int_equal(pts_active_range_bytes(1 << 20, 0, 4096), 0);
	assert_int_equal(pts_active_range_bytes(1 << 20, 101, 4096), 0);
	assert_int_equal(pts_active_range_bytes(1 << 20, 75, 0), 0);
	assert_int_equal(pts_active_range_bytes(4096, 75, 4096), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(variants),
	    cmocka_unit_test(active_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
