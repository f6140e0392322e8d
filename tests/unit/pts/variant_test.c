// SPDX-License-Identifier: GPL-2.0-only
/*
 * variant_test.c - the Enterprise and Client parameters (pts/variant.h) and the active range's
 * bytes.
 */
#include <errno.h>
#include <stdbool.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pts/variant.h"

static void assert_variant(enum pts_variant v, const char *name, const char *standard,
			   const char *version, unsigned int tc, unsigned int qd,
			   unsigned int range, bool cache)
{
	const struct pts_variant_info *i = pts_variant_info(v);

	assert_int_equal(i->variant, v);
	assert_string_equal(i->name, name);
	assert_string_equal(i->standard, standard);
	assert_string_equal(i->version, version);
	assert_int_equal(i->tc, tc);
	assert_int_equal(i->qd, qd);
	assert_int_equal(i->active_range_pct, range);
	assert_int_equal(i->write_cache_enabled, cache);
}

static void variants(void **state)
{
	enum pts_variant v;

	(void)state;
	/* PTS-E: TC 4 / QD 32, 100 % of the LBAs, cache disabled; PTS-C: 2 / 16, 75 %, enabled */
	assert_variant(PTS_ENTERPRISE, "enterprise", "SNIA PTS-E", "2.0.2", 4, 32, 100, false);
	assert_variant(PTS_CLIENT, "client", "SNIA PTS-C", "2.0", 2, 16, 75, true);

	assert_int_equal(pts_variant_parse("client", &v), 0);
	assert_int_equal(v, PTS_CLIENT);
	assert_int_equal(pts_variant_parse("Enterprise", &v), 0);
	assert_int_equal(v, PTS_ENTERPRISE);
	assert_int_equal(pts_variant_parse("c", &v), 0);
	assert_int_equal(v, PTS_CLIENT);
	assert_int_equal(pts_variant_parse("consumer", &v), -EINVAL);
	assert_int_equal(pts_variant_parse(NULL, &v), -EINVAL);
	/* the IOPS-type tests take the variant's TC/QD; the others keep their own */
	assert_true(pts_variant_sets_outstanding("iops"));
	assert_true(pts_variant_sets_outstanding("wsat"));
	assert_true(pts_variant_sets_outstanding("hir"));
	assert_false(pts_variant_sets_outstanding("throughput"));
	assert_false(pts_variant_sets_outstanding("latency"));
	assert_false(pts_variant_sets_outstanding("dirth"));
	assert_false(pts_variant_sets_outstanding(NULL));
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
