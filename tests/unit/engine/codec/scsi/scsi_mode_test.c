// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_mode_test.c - MODE SENSE(10) / MODE SELECT(10) CDBs and the Caching mode page, byte for
 * byte against SPC-5 (CDB layouts, mode parameter header(10), page_0 and sub_page formats) and
 * SBC-4 (Caching mode page 08h, PAGE LENGTH 12h, WCE byte 2 bit 2, RCD byte 2 bit 0).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/scsi/scsi_mode.h"

static void assert_cdb(const struct ssd_scsi_cdb *c, const uint8_t *want, size_t n)
{
	assert_int_equal(c->len, n);
	assert_memory_equal(c->b, want, n);
}

/* The Caching page as scsi_debug reports it: WCE set, RCD clear, PS clear. */
static const uint8_t caching[20] = {0x08, 0x12, 0x14, 0x00, 0xff, 0xff, 0x00, 0x00, 0xff, 0xff,
				    0xff, 0xff, 0x80, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};

static void test_cdbs(void **state)
{
	struct ssd_scsi_cdb c;

	(void)state;
	/* DBD (byte 1 bit 3), PC 00b + page 08h in byte 2, ALLOCATION LENGTH 252 in bytes 7-8 */
	ssd_scsi_cdb_mode_sense10(&c, SSD_SCSI_PC_CURRENT, SSD_SCSI_PAGE_CACHING, 252);
	assert_cdb(&c, (const uint8_t[]){0x5a, 0x08, 0x08, 0, 0, 0, 0, 0x00, 0xfc, 0}, 10);
	/* changeable values: PC 01b in bits 7:6 */
	ssd_scsi_cdb_mode_sense10(&c, SSD_SCSI_PC_CHANGEABLE, SSD_SCSI_PAGE_CACHING, 252);
	assert_int_equal(c.b[2], 0x48);
	ssd_scsi_cdb_mode_sense10(&c, SSD_SCSI_PC_SAVED, 0x3f, 0x1234);
	assert_cdb(&c, (const uint8_t[]){0x5a, 0x08, 0xff, 0, 0, 0, 0, 0x12, 0x34, 0}, 10);
	/* PF 1 (byte 1 bit 4), SP 0 / 1 (bit 0), PARAMETER LIST LENGTH in bytes 7-8 */
	ssd_scsi_cdb_mode_select10(&c, false, 28);
	assert_cdb(&c, (const uint8_t[]){0x55, 0x10, 0, 0, 0, 0, 0, 0x00, 0x1c, 0}, 10);
	ssd_scsi_cdb_mode_select10(&c, true, 28);
	assert_int_equal(c.b[1], 0x11);
}

/* header(10) with MODE DATA LENGTH = @total - 2 and BLOCK DESCRIPTOR LENGTH @bdl */
static void header10(uint8_t *b, size_t total, uint16_t bdl)
{
	memset(b, 0, 8);
	b[0] = (uint8_t)((total - 2) >> 8);
	b[1] = (uint8_t)(total - 2);
	b[3] = 0x10; /* DEVICE-SPECIFIC PARAMETER: DPOFUA */
	b[6] = (uint8_t)(bdl >> 8);
	b[7] = (uint8_t)bdl;
}

static void test_parse(void **state)
{
	uint8_t b[128];
	struct ssd_scsi_caching c;
	char err[160];

	(void)state;
	/* header, the page: WCE 1, RCD 0, PS 0 */
	header10(b, 28, 0);
	memcpy(b + 8, caching, 20);
	assert_int_equal(ssd_scsi_parse_caching(b, 28, &c, err, sizeof(err)), 0);
	assert_true(c.wce);
	assert_false(c.rcd);
	assert_false(c.ps);
	assert_memory_equal(c.page, caching, 20);

	/* an 8-byte block descriptor the device returned despite DBD, then a sub_page format page
	 * (SPF, 4-byte header, PAGE LENGTH 4), a page 01h of 0Ah bytes, then Caching with PS set,
	 * WCE clear, RCD set */
	header10(b, 8 + 8 + 8 + 12 + 20, 8);
	memset(b + 8, 0xee, 8);
	memcpy(b + 16, (const uint8_t[]){0x4a, 0x01, 0x00, 0x04, 1, 2, 3, 4}, 8);
	memset(b + 24, 0, 12);
	b[24] = 0x01, b[25] = 0x0a;
	memcpy(b + 36, caching, 20);
	b[36] = 0x88;
	b[38] = 0x11; /* RCD, WCE clear */
	assert_int_equal(ssd_scsi_parse_caching(b, 56, &c, err, sizeof(err)), 0);
	assert_false(c.wce);
	assert_true(c.rcd);
	assert_true(c.ps);
	assert_int_equal(c.page[0], 0x88);

	/* a device without the page: only page 01h */
	header10(b, 8 + 12, 0);
	memset(b + 8, 0, 12);
	b[8] = 0x01, b[9] = 0x0a;
	assert_int_equal(ssd_scsi_parse_caching(b, 20, &c, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "08h"));
	/* a Caching page cut short (PAGE LENGTH 0Ah): not taken */
	header10(b, 8 + 12, 0);
	b[8] = 0x08;
	assert_int_equal(ssd_scsi_parse_caching(b, 20, &c, err, sizeof(err)), -ENOENT);
	/* block descriptors beyond the data */
	header10(b, 28, 64);
	assert_int_equal(ssd_scsi_parse_caching(b, 28, &c, err, sizeof(err)), -EINVAL);
	/* less than a header */
	assert_int_equal(ssd_scsi_parse_caching(b, 7, &c, err, sizeof(err)), -EINVAL);
	/* MODE DATA LENGTH says more than came back: the page that did come is still found */
	header10(b, 60, 0);
	memcpy(b + 8, caching, 20);
	assert_int_equal(ssd_scsi_parse_caching(b, 28, &c, err, sizeof(err)), 0);
	assert_true(c.wce);
}

static void test_select_list(void **state)
{
	uint8_t b[64], list[28], want[28];
	struct ssd_scsi_caching cur;
	char err[160];

	(void)state;
	header10(b, 28, 0);
	memcpy(b + 8, caching, 20);
	b[8] |= 0x80;  /* PS: reported, reserved in MODE SELECT */
	b[10] |= 0x01; /* RCD set: must be sent back unchanged */
	assert_int_equal(ssd_scsi_parse_caching(b, 28, &cur, err, sizeof(err)), 0);

	/* WCE off: header all zero (MODE DATA LENGTH reserved, DEVICE-SPECIFIC 0, no block
	 * descriptors), the page as read with PS cleared and only WCE changed */
	memset(want, 0, 8);
	memcpy(want + 8, caching, 20);
	want[10] = 0x11; /* 0x14 | RCD, WCE cleared */
	assert_int_equal(ssd_scsi_caching_select_list(&cur, false, list), 28);
	assert_memory_equal(list, want, 28);
	/* WCE on */
	want[10] = 0x15;
	assert_int_equal(ssd_scsi_caching_select_list(&cur, true, list), 28);
	assert_memory_equal(list, want, 28);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cdbs),
	    cmocka_unit_test(test_parse),
	    cmocka_unit_test(test_select_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
