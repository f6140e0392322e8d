// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_status_test.c - status fields (SC 7:0, SCT 10:8, CRD 12:11, More 13, DNR 14) and names
 * from NVMe Base 2.0 §3.3.3.2; inputs are the values the lab measured (LAB-NOTES §2, §4).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>

#include "codec/nvme/nvme_status.h"

static void test_decode_fields(void **state)
{
	(void)state;
	/* 0x281: blkdebug read error in QEMU */
	struct ssd_nvme_status s = ssd_nvme_status_decode(0x281);
	assert_int_equal(s.sct, 2);
	assert_int_equal(s.sc, 0x81);
	assert_false(s.dnr);
	assert_false(s.more);
	assert_int_equal(s.crd, 0);
	assert_string_equal(s.name, "Unrecovered Read Error");

	/* 0x4080: read past the end: DNR (bit 14) set, SCT 0 */
	s = ssd_nvme_status_decode(0x4080);
	assert_int_equal(s.sct, 0);
	assert_int_equal(s.sc, 0x80);
	assert_true(s.dnr);
	assert_string_equal(s.name, "LBA Out of Range");

	/* More (bit 13) and CRD 3 (bits 12:11) with Invalid Field in Command */
	s = ssd_nvme_status_decode(0x2000 | 0x1800 | 0x002);
	assert_true(s.more);
	assert_false(s.dnr);
	assert_int_equal(s.crd, 3);
	assert_int_equal(s.sct, 0);
	assert_string_equal(s.name, "Invalid Field in Command");
}

static void test_names_per_table(void **state)
{
	(void)state;
	assert_string_equal(ssd_nvme_status_decode(0x280).name, "Write Fault");
	assert_string_equal(ssd_nvme_status_decode(0x285).name, "Compare Failure");
	assert_string_equal(ssd_nvme_status_decode(0x4287).name,
			    "Deallocated or Unwritten Logical Block");
	assert_string_equal(ssd_nvme_status_decode(0x4001).name, "Invalid Command Opcode");
	assert_string_equal(ssd_nvme_status_decode(0x0006).name, "Internal Error");
	assert_string_equal(ssd_nvme_status_decode(0x410a).name, "Invalid Format");
	assert_string_equal(ssd_nvme_status_decode(0x41bc).name, "Zone Invalid Write");
	assert_string_equal(ssd_nvme_status_decode(0x4181).name, "Invalid Protection Information");
	assert_string_equal(ssd_nvme_status_decode(0x0302).name, "Asymmetric Access Inaccessible");
	assert_string_equal(ssd_nvme_status_decode(0x0081).name, "Capacity Exceeded");
	/* not in any table */
	assert_string_equal(ssd_nvme_status_decode(0x07c5).name, "Vendor Specific"); /* SCT 7 */
	assert_string_equal(ssd_nvme_status_decode(0x00c3).name, "Vendor Specific"); /* SC C0-FF */
	assert_string_equal(ssd_nvme_status_decode(0x0401).name, "Reserved");	     /* SCT 4 */
	assert_string_equal(ssd_nvme_status_decode(0x0017).name, "Reserved");	     /* SC 17h */
}

static void test_errno_mapping(void **state)
{
	(void)state;
	assert_int_equal(ssd_nvme_status_errno(0x0000), 0);
	assert_int_equal(ssd_nvme_status_errno(0x4000), 0); /* DNR alone is not a failure */
	assert_int_equal(ssd_nvme_status_errno(0x0281), EIO);
	assert_int_equal(ssd_nvme_status_errno(0x0280), EIO);
	assert_int_equal(ssd_nvme_status_errno(0x0285), EILSEQ);
	assert_int_equal(ssd_nvme_status_errno(0x4001), EINVAL);
	assert_int_equal(ssd_nvme_status_errno(0x4002), EINVAL);
	assert_int_equal(ssd_nvme_status_errno(0x4080), EINVAL);
	assert_int_equal(ssd_nvme_status_errno(0x0081), ENOSPC);
	assert_int_equal(ssd_nvme_status_errno(0x4287), ENODATA);
	assert_int_equal(ssd_nvme_status_errno(0x0020), EROFS);
	assert_int_equal(ssd_nvme_status_errno(0x0083), EBADE);
	assert_int_equal(ssd_nvme_status_errno(0x07c5), EIO); /* vendor: EIO */
	assert_int_equal(ssd_nvme_status_errno(0x0017), EIO); /* reserved: EIO */
}

static void test_format_line(void **state)
{
	(void)state;
	char line[160];

	ssd_nvme_status_format(line, sizeof(line), "read", 1, 2048, 8, 0x281);
	assert_string_equal(line, "nvme: read nsid 1 slba 2048 nlb 8: SCT 0x2 SC 0x81 "
				  "Unrecovered Read Error (DNR=0 More=0)");
	ssd_nvme_status_format(line, sizeof(line), "write", 2, 0x7fffffff, 1, 0x6080);
	assert_string_equal(line, "nvme: write nsid 2 slba 2147483647 nlb 1: SCT 0x0 SC 0x80 "
				  "LBA Out of Range (DNR=1 More=1)");
	/* truncation keeps a terminated string */
	assert_int_equal(ssd_nvme_status_format(line, 10, "read", 1, 0, 1, 0x281) > 9, 1);
	assert_int_equal(strlen(line), 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_decode_fields),
	    cmocka_unit_test(test_names_per_table),
	    cmocka_unit_test(test_errno_mapping),
	    cmocka_unit_test(test_format_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
