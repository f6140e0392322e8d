// SPDX-License-Identifier: GPL-2.0-only
/*
 * cells_test.c - pts/cells.c: a tracking value written for people in the PTS's units (latency
 * in µs from ns, never in scientific notation), cell names and block sizes.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "pts/cells.h"

static void formats(void **state)
{
	char b[64];

	(void)state;
	/* the lab's 4 KiB write latency of a slow round: 588,704,000 ns = 588,704.0 µs */
	assert_string_equal(pts_tracking_format("lat_mean", 5.88704e+08, b, sizeof(b)),
			    "mean latency 588704.0 µs");
	assert_string_equal(pts_tracking_format("lat_mean", 27512.0, b, sizeof(b)),
			    "mean latency 27.5 µs");
	assert_string_equal(pts_tracking_format("iops", 52608.8, b, sizeof(b)), "52609 IOPS");
	assert_string_equal(pts_tracking_format("mbps", 812.34, b, sizeof(b)), "812.3 MB/s");
	assert_string_equal(pts_tracking_format("iops", NAN, b, sizeof(b)), "no value");
}

static void names_and_sizes(void **state)
{
	char b[64];

	(void)state;
	assert_int_equal(pts_cell_name("iops", 65, "4k", b, sizeof(b)), 0);
	assert_string_equal(b, "iops.r65.4k");
	assert_string_equal(pts_cell_rw(true, 65), "randrw");
	assert_string_equal(pts_cell_rw(false, 100), "read");
	assert_string_equal(pts_cell_rw(true, 0), "randwrite");
	assert_int_equal(pts_block_bytes("512"), 512);
	assert_int_equal(pts_block_bytes("1024k"), 1048576);
	assert_int_equal(pts_block_bytes("4q"), 0);
	/* whole logical blocks only: 512 B on 4096-byte blocks cannot run, 8 KiB can */
	assert_false(pts_cell_applicable("512", 4096));
	assert_true(pts_cell_applicable("512", 512));
	assert_true(pts_cell_applicable("8k", 4096));
	assert_true(pts_cell_applicable("512", 0));
	assert_false(pts_cell_applicable("4k", 16384));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(formats),
	    cmocka_unit_test(names_and_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
