// SPDX-License-Identifier: GPL-2.0-only
/*
 * drive_info_test.c - parse/drive_info.c on a reference drive's drive.json (scripts/refdrive):
 * model, serial, firmware and transport from its "reference", and its limits as the Drives table
 * shows them (total and per-direction IOPS and bandwidth in the largest binary unit, bursts with
 * their length, iops-size); a drive without a burst says what the bucket lets through; a drive
 * without "reference" gets none of these rows.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"
#include "parse/drive_info.h"
#include "record/drive.h"

/* @ref (JSON text or NULL) as a drive.json's "reference", read into @out. */
static void read_ref(const char *ref, struct sr_drive_info *out)
{
	struct rec_drive f = {.shape = REC_DRIVE_ONE,
			      .kind = "blk",
			      .device = "/dev/loop1",
			      .size_bytes = 268435456,
			      .span_bytes = -1,
			      .logical_block_bytes = 512};

	f.reference = ref ? json_tokener_parse(ref) : NULL;
	if (ref)
		assert_non_null(f.reference);
	memset(out, 0, sizeof(*out));
	assert_int_equal(sr_drive_info_read(&f, out), 0);
	json_object_put(f.reference);
}

static void bursting(void **state)
{
	struct sr_drive_info i;

	(void)state;
	read_ref("{\"model\": \"reference drive\", \"serial\": \"ref0\", \"qemu\": \"7.2.22\", "
		 "\"limits\": {\"iops-total\": 800, \"iops-total-max\": 2400, "
		 "\"iops-total-max-length\": 2, \"bps-total\": 67108864}}",
		 &i);
	assert_string_equal(i.model, "reference drive");
	assert_string_equal(i.serial, "ref0");
	assert_string_equal(i.firmware, "QEMU 7.2.22 throttle");
	assert_string_equal(i.transport, "loop device");
	assert_string_equal(i.limit_iops, "total 800/s");
	assert_string_equal(i.limit_bandwidth, "total 64 MiB/s");
	assert_string_equal(i.limit_burst, "IOPS total 2400/s for 2 s");
	sr_drive_info_free(&i);
}

static void per_direction(void **state)
{
	struct sr_drive_info i;

	(void)state;
	/* a burst without a length is QEMU's 1 s; bytes not a whole KiB stay in B/s */
	read_ref("{\"model\": \"reference drive\", \"limits\": {\"iops-read\": 1000, "
		 "\"iops-write\": 300, \"iops-size\": 8192, \"bps-read\": 1536000, "
		 "\"bps-write\": 1000000, \"bps-write-max\": 2097152}}",
		 &i);
	assert_string_equal(i.limit_iops,
			    "read 1000/s; write 300/s; an I/O over 8192 B counts as size/8192");
	assert_string_equal(i.limit_bandwidth, "read 1500 KiB/s; write 1000000 B/s");
	assert_string_equal(i.limit_burst, "bandwidth write 2 MiB/s for 1 s");
	assert_null(i.serial);
	assert_string_equal(i.firmware, "QEMU (version not recorded) throttle");
	sr_drive_info_free(&i);
}

static void no_burst_no_limit(void **state)
{
	struct sr_drive_info i;

	(void)state;
	read_ref("{\"model\": \"reference drive\", \"limits\": {}}", &i);
	assert_string_equal(i.limit_iops, "none");
	assert_string_equal(i.limit_bandwidth, "none");
	assert_non_null(strstr(i.limit_burst, "none (after an idle gap"));
	sr_drive_info_free(&i);
}

static void other_drive(void **state)
{
	struct sr_drive_info i;

	(void)state;
	read_ref(NULL, &i);
	assert_null(i.model);
	assert_null(i.limit_iops);
	assert_null(i.limit_bandwidth);
	assert_null(i.limit_burst);
	sr_drive_info_free(&i);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(bursting),
	    cmocka_unit_test(per_direction),
	    cmocka_unit_test(no_burst_no_limit),
	    cmocka_unit_test(other_drive),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
