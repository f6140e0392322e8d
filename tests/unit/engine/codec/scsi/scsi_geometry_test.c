// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_geometry_test.c - READ CAPACITY, Block Limits and INQUIRY parsing on buffers built by
 * hand from the SBC-4/SPC-5 layouts, with values QEMU scsi-hd reports (LAB-NOTES §3.2).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/scsi/scsi_geometry.h"

/* QEMU 1 GiB scsi-hd: last LBA 2097151 (0x1fffff), 512-byte blocks, LBPME=1, LBPRZ=0. */
static const uint8_t rc16_qemu[32] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x1f, 0xff, 0xff, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x80, 0x00,
};

/* 4Kn drive, last LBA 0x1_0000_0000
 * (beyond READ(10)), 4096-byte blocks, PROT_EN with P_TYPE 1 (type 2 protection), LBPPBE 0,
 * LBPME=1, LBPRZ=1, lowest aligned LBA 0. */
static const uint8_t rc16_big[32] = {
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x03, 0x00, 0xc0, 0x00,
};

/* 512e: 512-byte logical, LBPPBE 3 (4096-byte physical), lowest aligned LBA 7 */
static const uint8_t rc16_512e[32] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, 0x02, 0x00, 0x00, 0x03, 0x00, 0x07,
};

static void test_rc16(void **state)
{
	struct ssd_scsi_capacity c;
	char err[128];

	(void)state;
	assert_int_equal(ssd_scsi_parse_read_capacity16(rc16_qemu, 32, &c, err, sizeof(err)), 0);
	assert_int_equal(c.nblocks, 2097152);
	assert_int_equal(c.lba_bytes, 512);
	assert_true(c.lbpme);
	assert_false(c.lbprz);
	assert_false(c.prot_en);
	assert_int_equal(c.lbppbe, 0);

	assert_int_equal(ssd_scsi_parse_read_capacity16(rc16_big, 32, &c, err, sizeof(err)), 0);
	assert_int_equal(c.nblocks, 0x100000001ull);
	assert_int_equal(c.lba_bytes, 4096);
	assert_true(c.prot_en);
	assert_int_equal(c.p_type, 1);
	assert_true(c.lbpme);
	assert_true(c.lbprz);

	assert_int_equal(ssd_scsi_parse_read_capacity16(rc16_512e, 16, &c, err, sizeof(err)), 0);
	assert_int_equal(c.nblocks, 65536);
	assert_int_equal(c.lbppbe, 3);
	assert_int_equal(c.lowest_aligned, 7);
	assert_false(c.lbpme);
}

static void test_rc16_reject(void **state)
{
	struct ssd_scsi_capacity c;
	uint8_t b[32];
	char err[128];

	(void)state;
	assert_int_equal(ssd_scsi_parse_read_capacity16(rc16_qemu, 12, &c, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "12 bytes"));

	memcpy(b, rc16_qemu, sizeof(b));
	b[10] = 0x00; /* block length 0 */
	assert_int_equal(ssd_scsi_parse_read_capacity16(b, 32, &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "LOGICAL BLOCK LENGTH 0 bytes"));
	b[10] = 0x02;
	b[11] = 0x08; /* 520: not a power of two */
	assert_int_equal(ssd_scsi_parse_read_capacity16(b, 32, &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "520"));
	b[9] = 0x02;
	b[10] = 0x00;
	b[11] = 0x00; /* 128 KiB */
	assert_int_equal(ssd_scsi_parse_read_capacity16(b, 32, &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "131072"));

	memset(b, 0xff, 8); /* last LBA 2^64-1: block count overflows */
	b[9] = 0x00;
	b[10] = 0x02;
	assert_int_equal(ssd_scsi_parse_read_capacity16(b, 32, &c, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "RETURNED LOGICAL BLOCK ADDRESS"));
}

static void test_rc10(void **state)
{
	struct ssd_scsi_capacity c;
	char err[128];
	const uint8_t qemu4k[8] = {0x00, 0x03, 0xff, 0xff, 0x00, 0x00, 0x10, 0x00};
	const uint8_t big[8] = {0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x02, 0x00};
	const uint8_t zero_len[8] = {0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00};

	(void)state;
	assert_int_equal(ssd_scsi_parse_read_capacity10(qemu4k, 8, &c, err, sizeof(err)), 0);
	assert_int_equal(c.nblocks, 262144);
	assert_int_equal(c.lba_bytes, 4096);
	assert_int_equal(ssd_scsi_parse_read_capacity10(big, 8, &c, err, sizeof(err)), -EOVERFLOW);
	assert_int_equal(ssd_scsi_parse_read_capacity10(zero_len, 8, &c, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(ssd_scsi_parse_read_capacity10(qemu4k, 7, &c, err, sizeof(err)), -EINVAL);
}

/* QEMU's Block Limits page (512-byte blocks): page length 3Ch, max transfer 4194303
 * (0x3fffff), max unmap LBA count 2097152 (0x200000), 255 descriptors, optimal unmap
 * granularity 8, max write same 0x3fffff. */
static const uint8_t b0_qemu[64] = {
    0x00, 0xb0, 0x00, 0x3c, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3f, 0xff, 0xff, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0x00, 0x00,
    0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3f, 0xff, 0xff,
};

static void test_block_limits(void **state)
{
	struct ssd_scsi_block_limits bl;
	uint8_t b[64];
	char err[128];

	(void)state;
	assert_int_equal(ssd_scsi_parse_block_limits(b0_qemu, 64, &bl, err, sizeof(err)), 0);
	assert_int_equal(bl.max_xfer_blocks, 4194303);
	assert_int_equal(bl.opt_xfer_blocks, 0);
	assert_int_equal(bl.max_unmap_lbas, 2097152);
	assert_int_equal(bl.max_unmap_descs, 255);
	assert_int_equal(bl.opt_unmap_gran, 8);
	assert_int_equal(bl.max_write_same_blocks, 0x3fffff);

	/* an SBC-2 era page: length 0Ch, no unmap fields */
	memcpy(b, b0_qemu, sizeof(b));
	b[3] = 0x0c;
	assert_int_equal(ssd_scsi_parse_block_limits(b, 64, &bl, err, sizeof(err)), 0);
	assert_int_equal(bl.max_xfer_blocks, 4194303);
	assert_int_equal(bl.max_unmap_lbas, 0);
	assert_int_equal(bl.max_unmap_descs, 0);

	/* returned fewer bytes than the page length says: fields past the end are 0 */
	assert_int_equal(ssd_scsi_parse_block_limits(b0_qemu, 24, &bl, err, sizeof(err)), 0);
	assert_int_equal(bl.max_unmap_lbas, 0x200000);
	assert_int_equal(bl.max_unmap_descs, 0);

	assert_int_equal(ssd_scsi_parse_block_limits(b0_qemu, 12, &bl, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "12 bytes"));
	b[3] = 0x08;
	assert_int_equal(ssd_scsi_parse_block_limits(b, 64, &bl, err, sizeof(err)), -EINVAL);
	b[1] = 0x80;
	assert_int_equal(ssd_scsi_parse_block_limits(b, 64, &bl, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "wrong page code"));
	assert_int_equal(ssd_scsi_parse_block_limits(b0_qemu, 3, &bl, err, sizeof(err)), -EINVAL);
}

static void test_inquiry(void **state)
{
	struct ssd_scsi_inquiry inq;
	char err[128];
	uint8_t b[36] = {0x00, 0x00, 0x05, 0x02, 0x1f, 0x00, 0x00, 0x02};

	(void)state;
	memcpy(&b[8], "QEMU    QEMU HARDDISK   2.5+", 28);
	assert_int_equal(ssd_scsi_parse_inquiry(b, 36, &inq, err, sizeof(err)), 0);
	assert_int_equal(inq.type, SSD_SCSI_TYPE_DISK);
	assert_int_equal(inq.qualifier, 0);
	assert_string_equal(inq.vendor, "QEMU");
	assert_string_equal(inq.product, "QEMU HARDDISK");
	assert_string_equal(inq.revision, "2.5+");
	assert_string_equal(ssd_scsi_device_type_name(inq.type), "direct access block device");

	b[0] = 0x65; /* qualifier 3 (no device), type 5 */
	assert_int_equal(ssd_scsi_parse_inquiry(b, 36, &inq, err, sizeof(err)), 0);
	assert_int_equal(inq.qualifier, 3);
	assert_int_equal(inq.type, 5);
	assert_string_equal(ssd_scsi_device_type_name(5), "CD/DVD device");
	assert_string_equal(ssd_scsi_device_type_name(0x15), "reserved device type");
	assert_int_equal(ssd_scsi_parse_inquiry(b, 35, &inq, err, sizeof(err)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rc16),    cmocka_unit_test(test_rc16_reject),
	    cmocka_unit_test(test_rc10),    cmocka_unit_test(test_block_limits),
	    cmocka_unit_test(test_inquiry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
