// SPDX-License-Identifier: GPL-2.0-only
/* transport_select.c on what the host has: regular files, /dev/null, missing paths. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/transport_select.h"

static const struct ssd_options opt = {.depth = 1, .nvme_mode = "auto"};

static void test_auto_picks_block_for_file(void **state)
{
	char err[256] = "";

	(void)state;
	assert_ptr_equal(ssd_select_transport("Makefile", SSD_FAMILY_AUTO, &opt, err, sizeof(err)),
			 &ssd_tp_block_aio_ops);
	assert_ptr_equal(ssd_select_transport("Makefile", SSD_FAMILY_BLOCK, &opt, err, sizeof(err)),
			 &ssd_tp_block_aio_ops);
}

static void test_forced_family_names_both(void **state)
{
	char err[256] = "";

	(void)state;
	assert_null(ssd_select_transport("Makefile", SSD_FAMILY_NVME, &opt, err, sizeof(err)));
	assert_string_equal(err, "Makefile is a regular file: transport=nvme cannot drive it "
				 "(use transport=block)");
	assert_null(ssd_select_transport("Makefile", SSD_FAMILY_SCSI, &opt, err, sizeof(err)));
	assert_non_null(strstr(err, "transport=scsi cannot drive it"));
}

static void test_missing_and_undrivable(void **state)
{
	char err[256] = "";

	(void)state;
	assert_null(
	    ssd_select_transport("/nonexistent/x", SSD_FAMILY_AUTO, &opt, err, sizeof(err)));
	assert_string_equal(err, "/nonexistent/x: no such file or device");
	assert_null(ssd_select_transport("/dev/null", SSD_FAMILY_AUTO, &opt, err, sizeof(err)));
	/* /dev/null is char major 1, minor 3 (Linux devices.txt), class mem */
	assert_non_null(strstr(err, "/dev/null is a character device 1:3 (mem), not a drive"));
	assert_non_null(strstr(err, "no transport drives it"));
}

static void test_fallback_only_from_uring_in_auto_mode(void **state)
{
	const struct ssd_transport_ops uring = {.name = "nvme-uring"};
	struct ssd_options forced = opt;

	(void)state;
	forced.nvme_mode = "uring";
	assert_null(ssd_transport_fallback(&ssd_tp_block_aio_ops, -EPERM, &opt));
	assert_null(ssd_transport_fallback(&uring, -EPERM, &forced)); /* the user asked for uring */
	assert_null(ssd_transport_fallback(&uring, -EIO, &opt)); /* not an availability error */
	assert_null(ssd_transport_by_name("no-such-transport"));
	assert_ptr_equal(ssd_transport_by_name("block-aio"), &ssd_tp_block_aio_ops);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_auto_picks_block_for_file),
	    cmocka_unit_test(test_forced_family_names_both),
	    cmocka_unit_test(test_missing_and_undrivable),
	    cmocka_unit_test(test_fallback_only_from_uring_in_auto_mode),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
