// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_cdb_test.c - every CDB builder against a byte array written by hand from the SBC-4 /
 * SPC-5 CDB tables.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/scsi/scsi_cdb.h"

static void expect_cdb(const struct ssd_scsi_cdb *cdb, const uint8_t *want, size_t len)
{
	assert_int_equal(cdb->len, len);
	assert_memory_equal(cdb->b, want, len);
}

static void test_read10(void **state)
{
	struct ssd_scsi_cdb c;
	/* opcode 28h, FUA (bit 3 of byte 1), LBA 0x12345678, group 0, length 0x0102, control 0 */
	const uint8_t want[10] = {0x28, 0x08, 0x12, 0x34, 0x56, 0x78, 0x00, 0x01, 0x02, 0x00};
	const uint8_t want_nofua[10] = {0x28, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x08, 0x00};

	(void)state;
	ssd_scsi_cdb_read10(&c, 0x12345678, 0x0102, true);
	expect_cdb(&c, want, 10);
	ssd_scsi_cdb_read10(&c, 2048, 8, false);
	expect_cdb(&c, want_nofua, 10);
}

static void test_write10(void **state)
{
	struct ssd_scsi_cdb c;
	const uint8_t want[10] = {0x2a, 0x00, 0xff, 0xff, 0xff, 0xfe, 0x00, 0xff, 0xff, 0x00};
	const uint8_t want_fua[10] = {0x2a, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x01, 0x00};

	(void)state;
	ssd_scsi_cdb_write10(&c, 0xfffffffe, 0xffff, false);
	expect_cdb(&c, want, 10);
	ssd_scsi_cdb_write10(&c, 1, 1, true);
	expect_cdb(&c, want_fua, 10);
}

static void test_read16_write16(void **state)
{
	struct ssd_scsi_cdb c;
	/* opcode 88h, LBA 0x0102030405060708 in bytes 2-9, length 0x0a0b0c0d in 10-13 */
	const uint8_t rd[16] = {0x88, 0x08, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06,
				0x07, 0x08, 0x0a, 0x0b, 0x0c, 0x0d, 0x00, 0x00};
	const uint8_t wr[16] = {0x8a, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
				0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00};

	(void)state;
	ssd_scsi_cdb_read16(&c, 0x0102030405060708ull, 0x0a0b0c0d, true);
	expect_cdb(&c, rd, 16);
	ssd_scsi_cdb_write16(&c, 0x100000000ull, 0x10000, false);
	expect_cdb(&c, wr, 16);
}

static void test_rw_chooser(void **state)
{
	struct ssd_scsi_cdb c;
	const uint8_t r10[10] = {0x28, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x08, 0x00};
	/* LBA 2^32 does not fit READ(10): READ(16) */
	const uint8_t r16_lba[16] = {0x88, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
				     0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00};
	/* 65536 blocks do not fit the 16-bit length: WRITE(16) */
	const uint8_t w16_len[16] = {0x8a, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
				     0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00};
	/* forced 16 for a small command */
	const uint8_t r16_forced[16] = {0x88, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
					0x08, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00};
	/* last block 0xffffffff still fits READ(10) */
	const uint8_t r10_edge[10] = {0x28, 0x00, 0xff, 0xff, 0xff, 0xf8, 0x00, 0x00, 0x08, 0x00};

	(void)state;
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 2048, 8, false, 0), 0);
	expect_cdb(&c, r10, 10);
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 0x100000000ull, 8, false, 0), 0);
	expect_cdb(&c, r16_lba, 16);
	assert_int_equal(ssd_scsi_cdb_rw(&c, true, 0, 65536, true, 0), 0);
	expect_cdb(&c, w16_len, 16);
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 2048, 8, false, 16), 0);
	expect_cdb(&c, r16_forced, 16);
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 0xfffffff8u, 8, false, 0), 0);
	expect_cdb(&c, r10_edge, 10);
	/* one block further crosses 2^32: needs (16) */
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 0xfffffff9u, 8, false, 0), 0);
	assert_int_equal(c.len, 16);
	assert_int_equal(c.b[0], 0x88);

	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 0x100000000ull, 8, false, 10), -ERANGE);
	assert_int_equal(ssd_scsi_cdb_rw(&c, true, 0, 65536, false, 10), -ERANGE);
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 0, 0, false, 0), -EINVAL);
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, 0, 8, false, 12), -EINVAL);
	assert_int_equal(ssd_scsi_cdb_rw(&c, false, UINT64_MAX - 2, 8, false, 0), -ERANGE);
}

static void test_sync_cache(void **state)
{
	struct ssd_scsi_cdb c;
	const uint8_t s10[10] = {0x35, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
	const uint8_t s10_immed[10] = {0x35, 0x02, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x20, 0x00};
	const uint8_t s16[16] = {0x91, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
				 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
	const uint8_t s16_range[16] = {0x91, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
				       0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00};

	(void)state;
	ssd_scsi_cdb_sync_cache10(&c, 0, 0, false);
	expect_cdb(&c, s10, 10);
	ssd_scsi_cdb_sync_cache10(&c, 0x1000, 0x20, true);
	expect_cdb(&c, s10_immed, 10);
	ssd_scsi_cdb_sync_cache16(&c, 0, 0, false);
	expect_cdb(&c, s16, 16);
	ssd_scsi_cdb_sync_cache16(&c, 0x200000000ull, 0x100, true);
	expect_cdb(&c, s16_range, 16);
}

static void test_unmap(void **state)
{
	struct ssd_scsi_cdb c;
	uint8_t buf[64];
	const struct ssd_scsi_lba_range r[2] = {{0x1000, 8}, {0x123456789aull, 0x10000}};
	/* opcode 42h, ANCHOR 0, group 0, parameter list length 40 (0x28) in bytes 7-8 */
	const uint8_t cdb[10] = {0x42, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x28, 0x00};
	/* UNMAP DATA LENGTH 38 = 40 - 2, BLOCK DESCRIPTOR DATA LENGTH 32, 4 reserved, 2 descriptors
	 */
	const uint8_t params[40] = {
	    0x00, 0x26, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	    0x10, 0x00, 0x00, 0x00, 0x00, 0x08, 0,    0,    0,	  0,	0x00, 0x00, 0x00, 0x12,
	    0x34, 0x56, 0x78, 0x9a, 0x00, 0x01, 0x00, 0x00, 0,	  0,	0,    0,
	};

	(void)state;
	ssd_scsi_cdb_unmap(&c, 40);
	expect_cdb(&c, cdb, 10);
	memset(buf, 0xee, sizeof(buf));
	assert_int_equal(ssd_scsi_unmap_params(buf, sizeof(buf), r, 2), 40);
	assert_memory_equal(buf, params, 40);
	assert_int_equal(buf[40], 0xee); /* nothing written past the list */
	assert_int_equal(ssd_scsi_unmap_params(buf, 39, r, 2), -ENOSPC);
	assert_int_equal(ssd_scsi_unmap_params(buf, sizeof(buf), r, 0), -EINVAL);
	assert_int_equal(ssd_scsi_unmap_params(buf, sizeof(buf), r, 4096), -EINVAL);
}

static void test_unmap_max_descs(void **state)
{
	static uint8_t buf[8 + 16 * 4095];
	static struct ssd_scsi_lba_range r[4095];

	(void)state;
	/* 8 + 16 * 4095 = 65528: the largest list the 16-bit length field can carry */
	assert_int_equal(ssd_scsi_unmap_params(buf, sizeof(buf), r, 4095), 65528);
	assert_int_equal(buf[0], 0xff);
	assert_int_equal(buf[1], 0xf6); /* 65526 */
	assert_int_equal(buf[2], 0xff);
	assert_int_equal(buf[3], 0xf0); /* 65520 */
}

static void test_write_same16(void **state)
{
	struct ssd_scsi_cdb c;
	const uint8_t ws_unmap[16] = {0x93, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
				      0x40, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00};
	const uint8_t ws[16] = {0x93, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
				0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00};

	(void)state;
	ssd_scsi_cdb_write_same16(&c, 0x4000, 0x800, true);
	expect_cdb(&c, ws_unmap, 16);
	ssd_scsi_cdb_write_same16(&c, 1, 1, false);
	expect_cdb(&c, ws, 16);
}

static void test_read_capacity(void **state)
{
	struct ssd_scsi_cdb c;
	const uint8_t rc10[10] = {0x25, 0, 0, 0, 0, 0, 0, 0, 0, 0};
	/* SERVICE ACTION IN(16) 9Eh, service action 10h, allocation length 32 in bytes 10-13 */
	const uint8_t rc16[16] = {0x9e, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x00, 0x20, 0, 0};

	(void)state;
	ssd_scsi_cdb_read_capacity10(&c);
	expect_cdb(&c, rc10, 10);
	ssd_scsi_cdb_read_capacity16(&c, 32);
	expect_cdb(&c, rc16, 16);
}

static void test_inquiry_tur(void **state)
{
	struct ssd_scsi_cdb c;
	const uint8_t std[6] = {0x12, 0x00, 0x00, 0x00, 0x24, 0x00};
	const uint8_t b0[6] = {0x12, 0x01, 0xb0, 0x01, 0x00, 0x00};
	const uint8_t tur[6] = {0, 0, 0, 0, 0, 0};

	(void)state;
	assert_int_equal(ssd_scsi_cdb_inquiry(&c, false, 0, 36), 0);
	expect_cdb(&c, std, 6);
	assert_int_equal(ssd_scsi_cdb_inquiry(&c, true, 0xb0, 256), 0);
	expect_cdb(&c, b0, 6);
	assert_int_equal(ssd_scsi_cdb_inquiry(&c, false, 0x80, 36), -EINVAL);
	memset(&c, 0xaa, sizeof(c));
	ssd_scsi_cdb_test_unit_ready(&c);
	expect_cdb(&c, tur, 6);
}

static void test_opcode_names(void **state)
{
	struct ssd_scsi_cdb c;

	(void)state;
	ssd_scsi_cdb_read16(&c, 0, 1, false);
	assert_string_equal(ssd_scsi_opcode_name(&c), "READ(16)");
	ssd_scsi_cdb_sync_cache10(&c, 0, 0, false);
	assert_string_equal(ssd_scsi_opcode_name(&c), "SYNCHRONIZE CACHE(10)");
	ssd_scsi_cdb_read_capacity16(&c, 32);
	assert_string_equal(ssd_scsi_opcode_name(&c), "READ CAPACITY(16)");
	c.b[1] = 0x12; /* another SERVICE ACTION IN(16) action (GET LBA STATUS) */
	assert_null(ssd_scsi_opcode_name(&c));
	c.b[0] = 0x5a; /* MODE SENSE(10): not in the table */
	assert_null(ssd_scsi_opcode_name(&c));
}

/*
 * The per-device READ/WRITE template filled per command gives what ssd_scsi_cdb_rw() builds,
 * byte for byte and in length: both directions, FUA on and off, every size rule, LBAs and lengths
 * on each side of the (10) limits; the refusals (-ERANGE) agree too.
 */
static void test_rw_template_matches_builder(void **state)
{
	(void)state;
	const uint64_t lbas[] = {
	    0, 1, 0xfffffffeull, 0xffffffffull, 0x100000000ull, 0xfffffffffffffff0ull};
	const uint32_t nlbs[] = {1, 2, 0xffff, 0x10000, 0xffffffffu};
	const unsigned int sizes[] = {0, 10, 16};
	unsigned int cases = 0, refused = 0;

	for (int write = 0; write < 2; write++)
		for (int fua = 0; fua < 2; fua++)
			for (size_t z = 0; z < 3; z++)
				for (size_t i = 0; i < sizeof(lbas) / sizeof(lbas[0]); i++)
					for (size_t j = 0; j < sizeof(nlbs) / sizeof(nlbs[0]);
					     j++) {
						struct ssd_scsi_rw_tmpl t;
						struct ssd_scsi_cdb want, got;
						int rw, rt;

						memset(&want, 0x5a, sizeof(want));
						memset(&got, 0x5a, sizeof(got));
						rw = ssd_scsi_cdb_rw(&want, write, lbas[i], nlbs[j],
								     fua, sizes[z]);
						assert_int_equal(
						    ssd_scsi_rw_tmpl_init(&t, write, fua, sizes[z]),
						    0);
						rt = ssd_scsi_rw_tmpl_fill(&got, &t, lbas[i],
									   nlbs[j]);
						assert_int_equal(rt, rw);
						if (rw) {
							refused++;
							continue;
						}
						assert_int_equal(got.len, want.len);
						assert_memory_equal(got.b, want.b, sizeof(got.b));
						cases++;
					}
	assert_int_equal(cases + refused, 2 * 2 * 3 * 6 * 5);
	assert_true(refused > 0 && cases > refused);
	{
		struct ssd_scsi_rw_tmpl t;

		assert_int_equal(ssd_scsi_rw_tmpl_init(&t, false, false, 12), -EINVAL);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_read10),
	    cmocka_unit_test(test_write10),
	    cmocka_unit_test(test_read16_write16),
	    cmocka_unit_test(test_rw_chooser),
	    cmocka_unit_test(test_sync_cache),
	    cmocka_unit_test(test_unmap),
	    cmocka_unit_test(test_unmap_max_descs),
	    cmocka_unit_test(test_write_same16),
	    cmocka_unit_test(test_read_capacity),
	    cmocka_unit_test(test_inquiry_tur),
	    cmocka_unit_test(test_opcode_names),
	    cmocka_unit_test(test_rw_template_matches_builder),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
