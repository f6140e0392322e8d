// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_vpd_test.c - VPD pages 00h/80h/83h/B1h/B2h/89h built by hand from SPC-5 §7.7, SBC-4
 * §6.6 and SAT-4 §12.4.2, with the values QEMU scsi-hd and libata report (LAB-NOTES §3.2, §9).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/scsi/scsi_vpd.h"

static char err[256];

static void test_supported(void **state)
{
	/* QEMU scsi-hd: 00 80 83 b0 b1 b2 */
	static const uint8_t p[] = {0x00, 0x00, 0x00, 0x06, 0x00, 0x80, 0x83, 0xb0, 0xb1, 0xb2};
	struct ssd_scsi_vpd_list l;

	(void)state;
	assert_int_equal(ssd_scsi_parse_vpd_supported(p, sizeof(p), &l, err, sizeof(err)), 0);
	assert_int_equal(l.n, 6);
	assert_true(ssd_scsi_vpd_list_has(&l, 0xb2));
	assert_false(ssd_scsi_vpd_list_has(&l, 0x89));
	/* a truncated return: only the bytes returned count */
	assert_int_equal(ssd_scsi_parse_vpd_supported(p, 7, &l, err, sizeof(err)), 0);
	assert_int_equal(l.n, 3);
	/* wrong page code */
	assert_int_equal(
	    ssd_scsi_parse_vpd_supported((const uint8_t[]){0, 0x80, 0, 0}, 4, &l, err, sizeof(err)),
	    -EINVAL);
	assert_non_null(strstr(err, "PAGE CODE is 80h"));
}

static void test_serial(void **state)
{
	static const uint8_t p[] = {0x00, 0x80, 0x00, 0x0c, ' ', ' ', 'S', 'C',
				    'S',  'I',	'0',  '0',  '0', '1', ' ', ' '};
	char s[32];

	(void)state;
	assert_int_equal(ssd_scsi_parse_vpd_serial(p, sizeof(p), s, sizeof(s), err, sizeof(err)),
			 0);
	assert_string_equal(s, "SCSI0001");
	assert_int_equal(ssd_scsi_parse_vpd_serial(p, 3, s, sizeof(s), err, sizeof(err)), -EINVAL);
}

static void test_devid(void **state)
{
	/* three designators: NAA 6 (16 bytes, binary, LU), T10 vendor ID (ASCII, LU), and an
	 * NAA for the target port (association 1) that must not be taken as the LU's WWN */
	static const uint8_t p[] = {
	    0x00,
	    0x83,
	    0x00,
	    0x34,
	    /* NAA registered extended: code set 1, assoc 0, type 3, length 16 */
	    0x01,
	    0x03,
	    0x00,
	    0x10,
	    0x60,
	    0x01,
	    0x40,
	    0x50,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x12,
	    0x34,
	    /* T10 vendor ID: code set 2, type 1, length 16 */
	    0x02,
	    0x01,
	    0x00,
	    0x10,
	    'Q',
	    'E',
	    'M',
	    'U',
	    ' ',
	    ' ',
	    ' ',
	    ' ',
	    'S',
	    'C',
	    'S',
	    'I',
	    '0',
	    '0',
	    '0',
	    '1',
	    /* port NAA 5: assoc 1, type 3, length 8 */
	    0x61,
	    0x93,
	    0x00,
	    0x08,
	    0x50,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x00,
	    0x01,
	};
	struct ssd_scsi_device_id id;

	(void)state;
	assert_int_equal(sizeof(p), 0x34 + 4);
	assert_int_equal(ssd_scsi_parse_vpd_devid(p, sizeof(p), &id, err, sizeof(err)), 0);
	assert_int_equal(id.n, 3);
	assert_int_equal(id.d[0].type, 3);
	assert_string_equal(id.d[0].value, "0x60014050000000000000000000001234");
	assert_int_equal(id.d[1].type, 1);
	assert_int_equal(id.d[1].code_set, 2);
	assert_string_equal(id.d[1].value, "QEMU    SCSI0001");
	assert_int_equal(id.d[2].association, 1);
	assert_string_equal(id.d[2].value, "0x5000000000000001");
	assert_string_equal(ssd_scsi_devid_wwn(&id), "0x60014050000000000000000000001234");
	assert_string_equal(ssd_scsi_designator_type_name(3), "NAA");
	assert_string_equal(ssd_scsi_association_name(1), "target port");

	/* QEMU without wwn=: one vendor specific ASCII designator, no WWN */
	static const uint8_t q[] = {0x00, 0x83, 0x00, 0x0c, 0x02, 0x00, 0x00, 0x08,
				    'S',  'C',	'S',  'I',  '0',  '0',	'0',  '1'};
	assert_int_equal(ssd_scsi_parse_vpd_devid(q, sizeof(q), &id, err, sizeof(err)), 0);
	assert_int_equal(id.n, 1);
	assert_string_equal(id.d[0].value, "SCSI0001");
	assert_null(ssd_scsi_devid_wwn(&id));

	/* a descriptor that claims more bytes than the page has ends the list */
	static const uint8_t bad[] = {0x00, 0x83, 0x00, 0x06, 0x01, 0x03, 0x00, 0x10, 0x60, 0x01};
	assert_int_equal(ssd_scsi_parse_vpd_devid(bad, sizeof(bad), &id, err, sizeof(err)), 0);
	assert_int_equal(id.n, 0);
}

static void test_bdc(void **state)
{
	/* non-rotating, 2.5 inch, host aware zoned */
	static const uint8_t p[] = {0x00, 0xb1, 0x00, 0x3c, 0x00, 0x01, 0x00, 0x03, 0x10, 0};
	/* 7200 rpm 3.5 inch */
	static const uint8_t r[] = {0x00, 0xb1, 0x00, 0x3c, 0x1c, 0x20, 0x00, 0x02};
	struct ssd_scsi_bdc b;

	(void)state;
	assert_int_equal(ssd_scsi_parse_vpd_bdc(p, sizeof(p), &b, err, sizeof(err)), 0);
	assert_int_equal(b.rotation_rate, 1);
	assert_int_equal(b.form_factor, 3);
	assert_string_equal(ssd_scsi_form_factor_name(b.form_factor), "2.5 inch");
	assert_int_equal(b.zoned, 1);
	assert_int_equal(ssd_scsi_parse_vpd_bdc(r, sizeof(r), &b, err, sizeof(err)), 0);
	assert_int_equal(b.rotation_rate, 7200);
	assert_int_equal(b.zoned, 0);
	assert_null(ssd_scsi_form_factor_name(0));
	assert_int_equal(ssd_scsi_parse_vpd_bdc(r, 6, &b, err, sizeof(err)), -EINVAL);
}

static void test_lbp(void **state)
{
	/* QEMU scsi-hd: LBPU=1 LBPWS=1 LBPWS10=1 LBPRZ=0, provisioning type 2 (thin) */
	static const uint8_t q[] = {0x00, 0xb2, 0x00, 0x04, 0x00, 0xe0, 0x02, 0x00};
	/* LBPRZ=1 (bits 4:2 = 001b), ANC_SUP, full provisioning */
	static const uint8_t z[] = {0x00, 0xb2, 0x00, 0x04, 0x05, 0x86, 0x00, 0x00};
	struct ssd_scsi_lbp l;

	(void)state;
	assert_int_equal(ssd_scsi_parse_vpd_lbp(q, sizeof(q), &l, err, sizeof(err)), 0);
	assert_true(l.lbpu && l.lbpws && l.lbpws10);
	assert_int_equal(l.lbprz, 0);
	assert_int_equal(l.prov_type, 2);
	assert_string_equal(ssd_scsi_prov_type_name(l.prov_type), "thin");
	assert_int_equal(ssd_scsi_parse_vpd_lbp(z, sizeof(z), &l, err, sizeof(err)), 0);
	assert_true(l.lbpu);
	assert_false(l.lbpws);
	assert_int_equal(l.lbprz, 1);
	assert_true(l.anc_sup);
	assert_int_equal(l.threshold_exponent, 5);
	assert_int_equal(l.prov_type, 0);
}

static void test_ata_info(void **state)
{
	uint8_t p[SSD_SCSI_VPD_ATA_INFO_LEN] = {0x00, 0x89, 0x02, 0x38};
	struct ssd_scsi_ata_info a;

	(void)state;
	memcpy(p + 8, "linux   ", 8);
	memcpy(p + 16, "libata          ", 16);
	memcpy(p + 32, "3.00", 4);
	p[56] = 0xec;
	p[60] = 0x40; /* IDENTIFY word 0 */
	p[571] = 0x5a;
	assert_int_equal(ssd_scsi_parse_vpd_ata_info(p, sizeof(p), &a, err, sizeof(err)), 0);
	assert_string_equal(a.sat_vendor, "linux");
	assert_string_equal(a.sat_product, "libata");
	assert_string_equal(a.sat_revision, "3.00");
	assert_int_equal(a.command_code, 0xec);
	assert_true(a.identify_valid);
	assert_int_equal(a.identify[0], 0x40);
	assert_int_equal(a.identify[511], 0x5a);
	/* returned without the IDENTIFY data */
	assert_int_equal(ssd_scsi_parse_vpd_ata_info(p, 60, &a, err, sizeof(err)), 0);
	assert_false(a.identify_valid);
	assert_int_equal(ssd_scsi_parse_vpd_ata_info(p, 20, &a, err, sizeof(err)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_supported), cmocka_unit_test(test_serial),
	    cmocka_unit_test(test_devid),     cmocka_unit_test(test_bdc),
	    cmocka_unit_test(test_lbp),	      cmocka_unit_test(test_ata_info),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
