// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_mgmt_test.c - the poll of a format or sanitize through REQUEST SENSE
 * (ssd_scsi_poll_sense()) on sense data built from SPC-5's fixed and descriptor layouts: in
 * progress with and without a progress indication, done, a unit attention, a failed format,
 * and what QEMU's emulated disks return.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "codec/scsi/scsi_mgmt.h"

/* Fixed-format sense: response code 70h, @key, ASC/ASCQ, SKSV + progress when @sks. */
static void fixed(uint8_t *b, uint8_t key, uint8_t asc, uint8_t ascq, int sks, uint16_t prog)
{
	for (int i = 0; i < 18; i++)
		b[i] = 0;
	b[0] = 0x70;
	b[2] = key;
	b[7] = 10;
	b[12] = asc;
	b[13] = ascq;
	if (sks) {
		b[15] = 0x80;
		b[16] = (uint8_t)(prog >> 8);
		b[17] = (uint8_t)prog;
	}
}

static void test_running(void **state)
{
	uint8_t b[18];
	struct ssd_scsi_sense s;
	unsigned int pm = ~0u;

	(void)state;
	/* NOT READY, FORMAT IN PROGRESS 04/04, progress 4000h = 25 % */
	fixed(b, 0x2, 0x04, 0x04, 1, 0x4000);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_RUNNING);
	assert_int_equal(pm, 250);
	assert_int_equal(s.asc, 0x04);
	/* SANITIZE IN PROGRESS 04/1B without a progress indication: still running */
	pm = ~0u;
	fixed(b, 0x2, 0x04, 0x1b, 0, 0);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_RUNNING);
	assert_int_equal(pm, ~0u);
	/* NO SENSE with 04/04 (REQUEST SENSE may carry the condition with key NO SENSE) */
	fixed(b, 0x0, 0x04, 0x04, 0, 0);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_RUNNING);
	/* descriptor format, NOT READY 04/04, sense key specific descriptor with 8000h = 50 % */
	static const uint8_t d[] = {0x72, 0x02, 0x04, 0x04, 0,	  0,	0,    8,
				    0x02, 0x06, 0,    0,    0x80, 0x80, 0x00, 0};
	assert_int_equal(ssd_scsi_poll_sense(d, sizeof(d), &pm, &s), SSD_SCSI_POLL_RUNNING);
	assert_int_equal(pm, 500);
}

static void test_done_and_failed(void **state)
{
	uint8_t b[18];
	struct ssd_scsi_sense s;
	unsigned int pm = ~0u;

	(void)state;
	/* what QEMU scsi-hd returns after its (no-op) FORMAT UNIT: 70 00 00 ... 00/00 */
	fixed(b, 0x0, 0x00, 0x00, 0, 0);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_DONE);
	assert_int_equal(pm, ~0u);
	/* no sense data at all, or a buffer of zeroes (no response code) */
	assert_int_equal(ssd_scsi_poll_sense(b, 0, &pm, &s), SSD_SCSI_POLL_DONE);
	for (int i = 0; i < 18; i++)
		b[i] = 0;
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_DONE);
	assert_int_equal(s.key, 0);
	/* UNIT ATTENTION (capacity data has changed 2A/09 after a format): ask again */
	fixed(b, 0x6, 0x2a, 0x09, 0, 0);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_ATTENTION);
	/* MEDIUM ERROR, FORMAT COMMAND FAILED 31/01: failed, the sense kept for the message */
	fixed(b, 0x3, 0x31, 0x01, 0, 0);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_FAILED);
	assert_int_equal(s.key, 0x3);
	assert_int_equal(s.asc, 0x31);
	assert_int_equal(s.ascq, 0x01);
	/* NOT READY for a reason that does not pass (04/03 manual intervention required) */
	fixed(b, 0x2, 0x04, 0x03, 0, 0);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_FAILED);
	/* HARDWARE ERROR 44/00, what QEMU's MegaRAID answers a command without data */
	fixed(b, 0x4, 0x44, 0x00, 0, 0);
	assert_int_equal(ssd_scsi_poll_sense(b, 18, &pm, &s), SSD_SCSI_POLL_FAILED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_running),
	    cmocka_unit_test(test_done_and_failed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
