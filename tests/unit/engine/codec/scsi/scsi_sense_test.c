// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_sense_test.c - sense parsing and formatting on sense buffers built by hand from the
 * SPC-5 fixed and descriptor layouts, including the exact bytes QEMU scsi-hd returns
 * (LAB-NOTES §3.2 and §4.1).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/scsi/scsi_sense.h"

/* Fixed format, current error, VALID, sense key MEDIUM ERROR, INFORMATION 2048 (0x800),
 * additional length 10, ASC/ASCQ 11/00. */
static const uint8_t fixed_medium[18] = {
    0xf0, 0x00, 0x03, 0x00, 0x00, 0x08, 0x00, 0x0a, 0x00,
    0x00, 0x00, 0x00, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00,
};

/* What QEMU returns for READ(10) beyond capacity: 70 00 05 ... 21 00, VALID clear. */
static const uint8_t fixed_lba_range[18] = {
    0x70, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x0a, 0x00,
    0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00,
};

/* Descriptor format, current, HARDWARE ERROR 44/00, additional length 12, one Information
 * descriptor (type 00h, length 0Ah, VALID) with INFORMATION 0x0000000123456789. */
static const uint8_t desc_info[20] = {
    0x72, 0x04, 0x44, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x0a,
    0x80, 0x00, 0x00, 0x00, 0x00, 0x01, 0x23, 0x45, 0x67, 0x89,
};

/* Descriptor format, deferred, MEDIUM ERROR 0C/02, a sense-key-specific descriptor (02h, 6
 * bytes) before the Information descriptor with LBA 4096. */
static const uint8_t desc_two[28] = {
    0x73, 0x03, 0x0c, 0x02, 0x00, 0x00, 0x00, 0x14, 0x02, 0x06, 0x00, 0x80, 0x00, 0x10,
    0x00, 0x00, 0x00, 0x0a, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00,
};

static void test_fixed(void **state)
{
	struct ssd_scsi_sense s;

	(void)state;
	assert_int_equal(ssd_scsi_sense_parse(fixed_medium, sizeof(fixed_medium), &s), 0);
	assert_int_equal(s.response_code, 0x70);
	assert_false(s.deferred);
	assert_int_equal(s.key, SSD_SCSI_SK_MEDIUM_ERROR);
	assert_int_equal(s.asc, 0x11);
	assert_int_equal(s.ascq, 0x00);
	assert_true(s.info_valid);
	assert_int_equal(s.info, 2048);

	assert_int_equal(ssd_scsi_sense_parse(fixed_lba_range, sizeof(fixed_lba_range), &s), 0);
	assert_int_equal(s.key, SSD_SCSI_SK_ILLEGAL_REQUEST);
	assert_int_equal(s.asc, 0x21);
	assert_false(s.info_valid);
}

static void test_fixed_truncated(void **state)
{
	struct ssd_scsi_sense s;
	uint8_t short_len[18];

	(void)state;
	/* 8 bytes: key and INFORMATION, but no ASC */
	assert_int_equal(ssd_scsi_sense_parse(fixed_medium, 8, &s), 0);
	assert_int_equal(s.key, SSD_SCSI_SK_MEDIUM_ERROR);
	assert_int_equal(s.asc, 0);
	assert_true(s.info_valid);
	/* ADDITIONAL SENSE LENGTH 4 says ASC is not there, whatever the buffer holds */
	memcpy(short_len, fixed_medium, sizeof(short_len));
	short_len[7] = 4;
	assert_int_equal(ssd_scsi_sense_parse(short_len, sizeof(short_len), &s), 0);
	assert_int_equal(s.asc, 0);
	assert_int_equal(ssd_scsi_sense_parse(fixed_medium, 2, &s), -EINVAL);
	assert_int_equal(ssd_scsi_sense_parse(NULL, 0, &s), -EINVAL);
}

static void test_bad_response_code(void **state)
{
	struct ssd_scsi_sense s;
	const uint8_t vendor[8] = {0x7f, 0, 3, 0, 0, 0, 0, 0};

	(void)state;
	assert_int_equal(ssd_scsi_sense_parse(vendor, sizeof(vendor), &s), -EINVAL);
}

static void test_descriptor(void **state)
{
	struct ssd_scsi_sense s;

	(void)state;
	assert_int_equal(ssd_scsi_sense_parse(desc_info, sizeof(desc_info), &s), 0);
	assert_int_equal(s.response_code, 0x72);
	assert_int_equal(s.key, SSD_SCSI_SK_HARDWARE_ERROR);
	assert_int_equal(s.asc, 0x44);
	assert_true(s.info_valid);
	assert_int_equal(s.info, 0x123456789ull);

	assert_int_equal(ssd_scsi_sense_parse(desc_two, sizeof(desc_two), &s), 0);
	assert_true(s.deferred);
	assert_int_equal(s.key, SSD_SCSI_SK_MEDIUM_ERROR);
	assert_int_equal(s.asc, 0x0c);
	assert_int_equal(s.ascq, 0x02);
	assert_true(s.info_valid);
	assert_int_equal(s.info, 4096);

	/* cut inside the Information descriptor: no INFORMATION */
	assert_int_equal(ssd_scsi_sense_parse(desc_info, 16, &s), 0);
	assert_int_equal(s.asc, 0x44);
	assert_false(s.info_valid);
}

static void test_descriptor_info_not_valid(void **state)
{
	struct ssd_scsi_sense s;
	uint8_t b[20];

	(void)state;
	memcpy(b, desc_info, sizeof(b));
	b[10] = 0x00; /* VALID clear */
	assert_int_equal(ssd_scsi_sense_parse(b, sizeof(b), &s), 0);
	assert_false(s.info_valid);
}

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(ssd_scsi_sense_key_name(3), "MEDIUM ERROR");
	assert_string_equal(ssd_scsi_sense_key_name(6), "UNIT ATTENTION");
	assert_string_equal(ssd_scsi_sense_key_name(0xb), "ABORTED COMMAND");
	assert_string_equal(ssd_scsi_asc_name(0x11, 0x00), "Unrecovered read error");
	assert_string_equal(ssd_scsi_asc_name(0x0c, 0x02),
			    "Write error - auto reallocation failed");
	assert_string_equal(ssd_scsi_asc_name(0x27, 0x07), "Space allocation failed write protect");
	assert_string_equal(ssd_scsi_asc_name(0x00, 0x06), "I/O process terminated");
	assert_string_equal(ssd_scsi_asc_name(0x29, 0x00),
			    "Power on, reset, or bus device reset occurred");
	assert_string_equal(ssd_scsi_asc_name(0x5d, 0x00), "Failure prediction threshold exceeded");
	assert_null(ssd_scsi_asc_name(0x11, 0x7e));
	assert_string_equal(ssd_scsi_status_name(0x02), "CHECK CONDITION");
	assert_string_equal(ssd_scsi_status_name(0x28), "TASK SET FULL");
	assert_string_equal(ssd_scsi_status_name(0x18), "RESERVATION CONFLICT");
	assert_null(ssd_scsi_status_name(0x01));
	assert_string_equal(ssd_scsi_host_status_name(0x07), "DID_ERROR");
	assert_string_equal(ssd_scsi_host_status_name(0x03), "DID_TIME_OUT");
	assert_null(ssd_scsi_host_status_name(0x99));
}

static int errno_of(uint8_t status, uint16_t host, const uint8_t *sense, size_t len)
{
	struct ssd_scsi_outcome o = {
	    .status = status, .host_status = host, .sense = sense, .sense_len = len};
	struct ssd_scsi_sense s;
	bool have = ssd_scsi_sense_parse(sense, len, &s) == 0;

	return ssd_scsi_outcome_errno(&o, have ? &s : NULL);
}

static void test_errno(void **state)
{
	uint8_t b[18];

	(void)state;
	assert_int_equal(errno_of(SSD_SCSI_STATUS_GOOD, 0, NULL, 0), 0);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, fixed_medium, 18), ENODATA);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, fixed_lba_range, 18), ERANGE);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, desc_info, 20), EIO);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, NULL, 0), EIO);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_TASK_SET_FULL, 0, NULL, 0), EBUSY);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_RESERVATION_CONFLICT, 0, NULL, 0), EBADE);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_GOOD, SSD_SCSI_DID_TIME_OUT, NULL, 0), ETIMEDOUT);
	assert_int_equal(errno_of(SSD_SCSI_STATUS_GOOD, SSD_SCSI_DID_ERROR, NULL, 0), EIO);

	memcpy(b, fixed_lba_range, sizeof(b));
	b[12] = 0x20; /* invalid opcode */
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), EOPNOTSUPP);
	b[12] = 0x24; /* invalid field in CDB */
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), EINVAL);
	b[2] = SSD_SCSI_SK_DATA_PROTECT;
	b[12] = 0x27;
	b[13] = 0x07;
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), ENOSPC);
	b[13] = 0x00;
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), EROFS);
	b[2] = SSD_SCSI_SK_NOT_READY;
	b[12] = 0x3a;
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), ENOMEDIUM);
	b[12] = 0x04;
	b[13] = 0x01;
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), EBUSY);
	b[2] = SSD_SCSI_SK_RECOVERED_ERROR; /* recovered: the command succeeded */
	b[12] = 0x17;
	b[13] = 0x01;
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), 0);
	b[2] = SSD_SCSI_SK_UNIT_ATTENTION;
	b[12] = 0x29;
	b[13] = 0x00;
	assert_int_equal(errno_of(SSD_SCSI_STATUS_CHECK_CONDITION, 0, b, 18), EIO);
}

static void test_format(void **state)
{
	struct ssd_scsi_cdb c;
	struct ssd_scsi_outcome o = {.status = SSD_SCSI_STATUS_CHECK_CONDITION,
				     .sense = fixed_medium,
				     .sense_len = sizeof(fixed_medium)};
	char line[256];
	const char *want = "scsi: READ(16) lba 2048 blocks 8: CHECK CONDITION, sense key MEDIUM "
			   "ERROR, ASC/ASCQ 11/00 Unrecovered read error, info 2048";

	(void)state;
	ssd_scsi_cdb_read16(&c, 2048, 8, false);
	assert_int_equal(ssd_scsi_outcome_format(line, sizeof(line), &c, 2048, 8, &o),
			 strlen(want));
	assert_string_equal(line, want);

	/* truncation keeps the buffer terminated and still returns the full length */
	assert_int_equal(ssd_scsi_outcome_format(line, 10, &c, 2048, 8, &o), strlen(want));
	assert_string_equal(line, "scsi: REA");

	o.sense = desc_two;
	o.sense_len = sizeof(desc_two);
	ssd_scsi_cdb_write10(&c, 4096, 16, true);
	ssd_scsi_outcome_format(line, sizeof(line), &c, 4096, 16, &o);
	assert_string_equal(line, "scsi: WRITE(10) lba 4096 blocks 16: CHECK CONDITION, deferred "
				  "sense key MEDIUM ERROR, ASC/ASCQ 0C/02 Write error - auto "
				  "reallocation failed, info 4096");

	ssd_scsi_cdb_sync_cache16(&c, 0, 0, false);
	o.sense = fixed_lba_range;
	o.sense_len = sizeof(fixed_lba_range);
	ssd_scsi_outcome_format(line, sizeof(line), &c, 0, 0, &o);
	assert_string_equal(line, "scsi: SYNCHRONIZE CACHE(16): CHECK CONDITION, sense key ILLEGAL "
				  "REQUEST, ASC/ASCQ 21/00 Logical block address out of range");

	o = (struct ssd_scsi_outcome){.status = 0, .host_status = SSD_SCSI_DID_ERROR};
	ssd_scsi_cdb_read10(&c, 0, 1, false);
	ssd_scsi_outcome_format(line, sizeof(line), &c, 0, 1, &o);
	assert_string_equal(line, "scsi: READ(10) lba 0 blocks 1: host status DID_ERROR");

	o = (struct ssd_scsi_outcome){.status = SSD_SCSI_STATUS_TASK_SET_FULL};
	c.b[0] = 0x5a;
	ssd_scsi_outcome_format(line, sizeof(line), &c, 0, 0, &o);
	assert_string_equal(line, "scsi: opcode 0x5a: TASK SET FULL");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fixed),
	    cmocka_unit_test(test_fixed_truncated),
	    cmocka_unit_test(test_bad_response_code),
	    cmocka_unit_test(test_descriptor),
	    cmocka_unit_test(test_descriptor_info_not_valid),
	    cmocka_unit_test(test_names),
	    cmocka_unit_test(test_errno),
	    cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
