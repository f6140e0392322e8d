// SPDX-License-Identifier: GPL-2.0-only
/*
 * hostile_data_test.c - what a broken or malicious drive could answer, fed to the parsers the
 * engine and ssdctl run at setup: Identify Controller/Namespace (NVMe Base 2.0 §5.17.2.1, NVM
 * Command Set 1.0 §4.1.5.1), the SMART / Health and Sanitize Status logs (NVMe Base 2.0
 * §5.16.1.3, §5.16.1.25), READ CAPACITY(10/16) (SBC-4 §5.20/§5.21), VPD pages 00h/80h/83h/89h/
 * B0h/B1h/B2h (SPC-5 §7.7, SBC-4 §6.6, SAT-4 §12.4.2), LOG SENSE pages (SPC-5 §7.3) and
 * IDENTIFY DEVICE / SMART READ DATA / Device Statistics (ACS-4 §9.11, §7.45.6, §9.5).
 *
 * Absurd values (zero or huge LBA size, capacity 0 or beyond 2^64 bytes, more LBA formats than
 * allowed) must be refused with a message naming the field. Length fields larger than the
 * data returned are normal SCSI (a device returns min(allocation length, page length) and keeps
 * PAGE LENGTH at the full size, SPC-5 §4.2.5.6): the parsers must then read only what was
 * returned, and refuse the page only when a field they need is missing. Under `make check
 * SANITIZE=1` ASan checks that no parser reads past the buffer it is given; every buffer here
 * is malloc'd to its exact length so a one-byte over-read is caught.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "codec/ata/ata_identify.h"
#include "codec/ata/ata_smart.h"
#include "codec/nvme/nvme_geometry.h"
#include "codec/nvme/nvme_health.h"
#include "codec/nvme/nvme_identity.h"
#include "codec/scsi/scsi_geometry.h"
#include "codec/scsi/scsi_logsense.h"
#include "codec/scsi/scsi_vpd.h"

static char err[256];

/* A heap copy of exactly @len bytes, so ASan sees any read past @len. */
static uint8_t *exact(const uint8_t *src, size_t len)
{
	uint8_t *p = malloc(len ? len : 1);

	assert_non_null(p);
	memcpy(p, src, len);
	return p;
}

static void put_le(uint8_t *p, uint64_t v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put_be(uint8_t *p, uint64_t v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		p[n - 1 - i] = (uint8_t)(v >> (8 * i));
}

#define assert_err_has(text) assert_non_null(strstr(err, (text)))

/* ---- NVMe Identify Namespace: NSZE bytes 7:0, NLBAF 25, FLBAS 26, LBAF n at 128 + 4n ---- */

static struct nvme_id_ns ns_with(uint64_t nsze, uint8_t nlbaf, uint8_t flbas, uint16_t ms,
				 uint8_t lbads)
{
	struct nvme_id_ns id;
	uint8_t *b = (uint8_t *)&id;

	memset(&id, 0, sizeof(id));
	put_le(b, nsze, 8);
	b[25] = nlbaf;
	b[26] = flbas;
	put_le(b + 128 + 4 * (flbas & 0xf), ms, 2);
	b[128 + 4 * (flbas & 0xf) + 2] = lbads;
	return id;
}

static int parse_ns(struct nvme_id_ns id, struct ssd_nvme_ns_info *info)
{
	err[0] = '\0';
	return ssd_nvme_parse_id_ns(&id, info, err, sizeof(err));
}

static void test_nvme_ns_absurd(void **state)
{
	struct ssd_nvme_ns_info info;

	(void)state;
	/* capacity 0 */
	assert_int_equal(parse_ns(ns_with(0, 0, 0, 0, 9), &info), -EINVAL);
	assert_err_has("NSZE is 0");
	/* NLBAF is a 0's based count of at most 64 formats: 64 and 255 are beyond it */
	assert_int_equal(parse_ns(ns_with(1000, 64, 0, 0, 9), &info), -EINVAL);
	assert_err_has("NLBAF 64");
	assert_int_equal(parse_ns(ns_with(1000, 255, 0, 0, 9), &info), -EINVAL);
	assert_err_has("NLBAF 255");
	/* FLBAS selects format 3 of 2 */
	assert_int_equal(parse_ns(ns_with(1000, 1, 3, 0, 9), &info), -EINVAL);
	assert_err_has("FLBAS 0x03");
	/* LBA size 0 (LBADS 0), 256 bytes (LBADS 8), 128 KiB (LBADS 17), 2^255 (LBADS 255) */
	assert_int_equal(parse_ns(ns_with(1000, 0, 0, 0, 0), &info), -EINVAL);
	assert_err_has("LBADS 0");
	assert_int_equal(parse_ns(ns_with(1000, 0, 0, 0, 8), &info), -EINVAL);
	assert_err_has("LBADS 8");
	assert_int_equal(parse_ns(ns_with(1000, 0, 0, 0, 17), &info), -EINVAL);
	assert_err_has("LBADS 17");
	assert_int_equal(parse_ns(ns_with(1000, 0, 0, 0, 255), &info), -EINVAL);
	assert_err_has("LBADS 255");
}

static void test_nvme_ns_capacity_overflow(void **state)
{
	struct ssd_nvme_ns_info info;
	struct ssd_nvme_ctrl_info ctrl = {0};
	struct ssd_geometry geo;

	(void)state;
	/* 2^55 LBAs of 512 bytes is exactly 2^64 bytes: one too many */
	assert_int_equal(parse_ns(ns_with(1ull << 55, 0, 0, 0, 9), &info), -EINVAL);
	assert_err_has("NSZE 36028797018963968");
	/* 2^55 - 1 LBAs fit: capacity 2^64 - 512 bytes */
	assert_int_equal(parse_ns(ns_with((1ull << 55) - 1, 0, 0, 0, 9), &info), 0);
	ssd_nvme_fill_geometry(&ctrl, &info, 1, SSD_NVME_ASSUMED_MPSMIN, 0, &geo);
	assert_true(geo.capacity_bytes == UINT64_MAX - 511);
	/* all ones */
	assert_int_equal(parse_ns(ns_with(UINT64_MAX, 0, 0, 0, 12), &info), -EINVAL);
	/* extended LBAs count the metadata: 4096 + 64 bytes per LBA.
	 * floor((2^64 - 1) / 4160) = 4434313479257103, one more overflows. */
	assert_int_equal(parse_ns(ns_with(4434313479257104ull, 0, 0x10, 64, 12), &info), -EINVAL);
	assert_int_equal(parse_ns(ns_with(4434313479257103ull, 0, 0x10, 64, 12), &info), 0);
	/* the same NSZE with separate metadata: only the 4096 data bytes count, no overflow */
	assert_int_equal(parse_ns(ns_with(4434313479257104ull, 0, 0x00, 64, 12), &info), 0);
}

static void test_nvme_xfer_below_one_lba(void **state)
{
	struct ssd_nvme_ns_info info;
	struct ssd_nvme_ctrl_info ctrl = {.mdts = 1};
	struct ssd_geometry geo;

	(void)state;
	/* 64 KiB LBAs (LBADS 16), MDTS 1 = 2 × 4 KiB = 8 KiB: not one LBA fits a command */
	assert_int_equal(parse_ns(ns_with(1000, 0, 0, 0, 16), &info), 0);
	ssd_nvme_fill_geometry(&ctrl, &info, 1, SSD_NVME_ASSUMED_MPSMIN, 0, &geo);
	assert_int_equal(geo.max_xfer_bytes, 0);
	/* no MDTS, a kernel limit of 36 KiB (found by the device_data fuzzer) */
	ctrl.mdts = 0;
	ssd_nvme_fill_geometry(&ctrl, &info, 1, SSD_NVME_ASSUMED_MPSMIN, 36864, &geo);
	assert_int_equal(geo.max_xfer_bytes, 0);
	/* 128 KiB kernel limit: two LBAs */
	ssd_nvme_fill_geometry(&ctrl, &info, 1, SSD_NVME_ASSUMED_MPSMIN, 131072, &geo);
	assert_int_equal(geo.max_xfer_bytes, 131072);
}

static void test_nvme_lbaf_table_clamped(void **state)
{
	struct ssd_nvme_lbaf lbaf[SSD_NVME_MAX_LBAF];
	struct nvme_id_ns id = ns_with(1, 255, 0, 8, 40);

	(void)state;
	/* ssdctl info lists at most the 64 entries the structure holds */
	assert_int_equal(ssd_nvme_parse_lbafs(&id, lbaf), 64);
	/* LBADS 40 is no size a 32-bit field can hold: reported as not available */
	assert_int_equal(lbaf[0].data_bytes, 0);
	assert_int_equal(lbaf[0].md_bytes, 8);
}

static void test_nvme_ctrl_absurd(void **state)
{
	struct nvme_id_ctrl id;
	struct ssd_nvme_identity out;
	uint8_t *b = (uint8_t *)&id;

	(void)state;
	memset(&id, 0xff, sizeof(id));
	/* TNVMCAP (bytes 295:280) = 2^128 - 1 does not fit 64 bits */
	ssd_nvme_parse_identity(&id, &out);
	assert_false(out.tnvmcap_valid);
	assert_int_equal(out.tnvmcap_bytes, 0);
	/* strings of 0xff bytes stay inside their fields: MN is 40 bytes */
	assert_int_equal(strlen(out.model), 40);
	/* MDTS 255 is no limit the engine can shift by: treated as "none", capped at NLB 65536 */
	assert_int_equal(ssd_nvme_mdts_bytes(b[77], 4096), 0);
}

static void test_nvme_smart_absurd(void **state)
{
	struct nvme_smart_log log;
	struct ssd_nvme_health h;
	struct nvme_sanitize_log_page san;
	struct ssd_nvme_sanitize_status st;

	(void)state;
	memset(&log, 0xff, sizeof(log));
	ssd_nvme_parse_smart(&log, &h);
	/* 2^128 - 1 data units: neither the count nor its bytes fit 64 bits */
	assert_false(h.data_read_bytes.valid);
	assert_false(h.data_written_bytes.valid);
	assert_false(h.power_on_hours.valid);
	assert_false(h.media_errors.valid);
	/* Composite Temperature FFFFh K = 65535 - 273 °C; a value, not a crash */
	assert_true(h.temperature_valid);
	assert_int_equal(h.temperature_c, 65262);

	/* 2^64 / 512000 data units overflow in bytes while the count itself fits */
	memset(&log, 0, sizeof(log));
	put_le(log.data_units_read, UINT64_MAX / 512000 + 1, 8);
	put_le(log.data_units_written, UINT64_MAX / 512000, 8);
	ssd_nvme_parse_smart(&log, &h);
	assert_false(h.data_read_bytes.valid);
	assert_true(h.data_written_bytes.valid);
	assert_true(h.data_written_bytes.value == UINT64_MAX / 512000 * 512000);
	assert_false(h.temperature_valid);

	memset(&san, 0xff, sizeof(san));
	ssd_nvme_parse_sanitize_log(&san, &st);
	assert_int_equal(st.state, 7);
	assert_string_equal(ssd_nvme_sanitize_state_name(st.state), "reserved");
	assert_int_equal(st.passes, 31);
	/* SPROG FFFFh = 65535/65536 */
	assert_int_equal(st.progress_per_mille, 999);
}

/* ---- READ CAPACITY(16): returned LBA 0-7, block length 8-11; (10): LBA 0-3, length 4-7 ---- */

static int rc16(uint64_t last_lba, uint32_t lba_bytes, size_t len, struct ssd_scsi_capacity *c)
{
	uint8_t b[32] = {0}, *p;
	int ret;

	put_be(b, last_lba, 8);
	put_be(b + 8, lba_bytes, 4);
	p = exact(b, len);
	err[0] = '\0';
	ret = ssd_scsi_parse_read_capacity16(p, len, c, err, sizeof(err));
	free(p);
	return ret;
}

static int rc10(uint32_t last_lba, uint32_t lba_bytes, size_t len, struct ssd_scsi_capacity *c)
{
	uint8_t b[8] = {0}, *p;
	int ret;

	put_be(b, last_lba, 4);
	put_be(b + 4, lba_bytes, 4);
	p = exact(b, len);
	err[0] = '\0';
	ret = ssd_scsi_parse_read_capacity10(p, len, c, err, sizeof(err));
	free(p);
	return ret;
}

static void test_read_capacity_absurd(void **state)
{
	static const uint32_t bad_sizes[] = {0,	   1,	   256,		520,
					     4097, 131072, 0x80000000u, 0xffffffffu};
	struct ssd_scsi_capacity c;

	(void)state;
	for (size_t i = 0; i < sizeof(bad_sizes) / sizeof(bad_sizes[0]); i++) {
		assert_int_equal(rc16(1000, bad_sizes[i], 32, &c), -EINVAL);
		assert_err_has("READ CAPACITY(16): LOGICAL BLOCK LENGTH");
		assert_int_equal(rc10(1000, bad_sizes[i], 8, &c), -EINVAL);
		assert_err_has("READ CAPACITY(10): LOGICAL BLOCK LENGTH");
	}
	/* the smallest and largest sizes accepted */
	assert_int_equal(rc16(1000, 512, 32, &c), 0);
	assert_int_equal(rc16(1000, 65536, 32, &c), 0);
	/* truncated: 15 bytes miss the block length's last byte; 0 bytes */
	assert_int_equal(rc16(1000, 512, 15, &c), -EINVAL);
	assert_err_has("15 bytes returned");
	assert_int_equal(rc16(1000, 512, 0, &c), -EINVAL);
	assert_int_equal(rc10(1000, 512, 7, &c), -EINVAL);
	assert_err_has("7 bytes returned");
	/* the last LBA all ones: 2^64 blocks */
	assert_int_equal(rc16(UINT64_MAX, 512, 32, &c), -EINVAL);
	assert_err_has("RETURNED LOGICAL BLOCK ADDRESS 0xffffffffffffffff");
	/* 2^55 blocks of 512 bytes = 2^64 bytes; 2^55 - 1 blocks fit */
	assert_int_equal(rc16((1ull << 55) - 1, 512, 32, &c), -EINVAL);
	assert_int_equal(rc16((1ull << 55) - 2, 512, 32, &c), 0);
	assert_true(c.nblocks == (1ull << 55) - 1);
	/* READ CAPACITY(10) FFFFFFFFh means "ask READ CAPACITY(16)", not a capacity */
	assert_int_equal(rc10(0xffffffffu, 512, 8, &c), -EOVERFLOW);
	assert_err_has("READ CAPACITY(16)");
}

/* ---- VPD pages: byte 1 PAGE CODE, bytes 2-3 PAGE LENGTH ---- */

static uint8_t *vpd(uint8_t page, uint16_t page_len, size_t len, uint8_t fill)
{
	uint8_t *p = malloc(len ? len : 1);

	assert_non_null(p);
	memset(p, fill, len);
	if (len > 1)
		p[1] = page;
	if (len > 3)
		put_be(p + 2, page_len, 2);
	if (len > 0)
		p[0] = 0;
	return p;
}

static void test_block_limits_absurd(void **state)
{
	struct ssd_scsi_block_limits bl;
	uint8_t *p;

	(void)state;
	/* 3 bytes: no header */
	p = vpd(0xb0, 0x3c, 3, 0);
	assert_int_equal(ssd_scsi_parse_block_limits(p, 3, &bl, err, sizeof(err)), -EINVAL);
	assert_err_has("truncated header");
	free(p);
	/* another page returned */
	p = vpd(0x80, 0x3c, 64, 0);
	assert_int_equal(ssd_scsi_parse_block_limits(p, 64, &bl, err, sizeof(err)), -EINVAL);
	assert_err_has("wrong page code");
	free(p);
	/* PAGE LENGTH 3Ch but only 12 bytes returned: no MAXIMUM TRANSFER LENGTH (bytes 8-11
	 * are there, the page needs 16 for OPTIMAL TRANSFER LENGTH too) */
	p = vpd(0xb0, 0x3c, 12, 0);
	assert_int_equal(ssd_scsi_parse_block_limits(p, 12, &bl, err, sizeof(err)), -EINVAL);
	assert_err_has("12 bytes, expected at least 16");
	free(p);
	/* PAGE LENGTH 0 with 64 bytes returned: the page says it is empty */
	p = vpd(0xb0, 0, 64, 0xff);
	assert_int_equal(ssd_scsi_parse_block_limits(p, 64, &bl, err, sizeof(err)), -EINVAL);
	assert_err_has("4 bytes");
	free(p);
	/* PAGE LENGTH FFFFh with 20 bytes returned: fields past byte 19 not reported */
	p = vpd(0xb0, 0xffff, 20, 0xff);
	assert_int_equal(ssd_scsi_parse_block_limits(p, 20, &bl, err, sizeof(err)), 0);
	assert_int_equal(bl.max_xfer_blocks, 0xffffffffu);
	assert_int_equal(bl.max_unmap_lbas, 0);
	assert_true(bl.max_write_same_blocks == 0);
	free(p);
}

static void test_vpd_absurd(void **state)
{
	struct ssd_scsi_vpd_list list;
	struct ssd_scsi_device_id id;
	struct ssd_scsi_bdc bdc;
	struct ssd_scsi_lbp lbp;
	struct ssd_scsi_ata_info ai;
	char serial[64];
	uint8_t *p;

	(void)state;
	/* no header */
	p = vpd(0x80, 0, 2, 0);
	assert_int_equal(ssd_scsi_parse_vpd_serial(p, 2, serial, sizeof(serial), err, sizeof(err)),
			 -EINVAL);
	assert_err_has("VPD page 80h: 2 bytes returned");
	free(p);
	/* 00h with PAGE LENGTH FFFFh and 1024 bytes of page codes: at most 256 kept */
	p = vpd(0x00, 0xffff, 1024, 0xb0);
	assert_int_equal(ssd_scsi_parse_vpd_supported(p, 1024, &list, err, sizeof(err)), 0);
	assert_int_equal(list.n, 256);
	free(p);
	/* 80h PAGE LENGTH FFFFh, 10 bytes returned: the 6 serial bytes there are taken */
	p = vpd(0x80, 0xffff, 10, 'A');
	assert_int_equal(ssd_scsi_parse_vpd_serial(p, 10, serial, sizeof(serial), err, sizeof(err)),
			 0);
	assert_string_equal(serial, "AAAAAA");
	free(p);
	/* 80h whose serial is longer than the caller's buffer: truncated, terminated */
	p = vpd(0x80, 200, 204, 'B');
	assert_int_equal(ssd_scsi_parse_vpd_serial(p, 204, serial, 8, err, sizeof(err)), 0);
	assert_string_equal(serial, "BBBBBBB");
	free(p);
	/* 83h: one descriptor of 8 bytes (header 4 + 4), then a descriptor whose DESIGNATOR
	 * LENGTH (byte 3) says 255 bytes with 4 left: the list ends after the first */
	p = vpd(0x83, 16, 20, 0);
	p[4] = 0x01; /* binary */
	p[5] = 0x03; /* NAA, logical unit */
	p[7] = 4;
	memcpy(p + 8, "\x50\x01\x02\x03", 4);
	p[12] = 0x01;
	p[13] = 0x02;
	p[15] = 255;
	assert_int_equal(ssd_scsi_parse_vpd_devid(p, 20, &id, err, sizeof(err)), 0);
	assert_int_equal(id.n, 1);
	assert_string_equal(id.d[0].value, "0x50010203");
	free(p);
	/* 83h: a binary designator of 255 bytes does not overrun the 260-byte text */
	p = vpd(0x83, 259, 263, 0xab);
	p[4] = 0x01;
	p[5] = 0x03;
	p[6] = 0;
	p[7] = 255;
	assert_int_equal(ssd_scsi_parse_vpd_devid(p, 263, &id, err, sizeof(err)), 0);
	assert_int_equal(id.n, 1);
	assert_true(strlen(id.d[0].value) < sizeof(id.d[0].value));
	assert_memory_equal(id.d[0].value, "0xabab", 6);
	free(p);
	/* B1h and B2h need 8 bytes */
	p = vpd(0xb1, 0x3c, 7, 0);
	assert_int_equal(ssd_scsi_parse_vpd_bdc(p, 7, &bdc, err, sizeof(err)), -EINVAL);
	assert_err_has("VPD page B1h: 7 bytes, at least 8");
	free(p);
	p = vpd(0xb2, 2, 64, 0);
	assert_int_equal(ssd_scsi_parse_vpd_lbp(p, 64, &lbp, err, sizeof(err)), -EINVAL);
	assert_err_has("VPD page B2h: 6 bytes, at least 8");
	free(p);
	/* 89h: PAGE LENGTH 238h (572 bytes) but 100 bytes returned: no IDENTIFY data */
	p = vpd(0x89, 0x238, 100, 0);
	p[56] = 0xec;
	assert_int_equal(ssd_scsi_parse_vpd_ata_info(p, 100, &ai, err, sizeof(err)), 0);
	assert_int_equal(ai.command_code, 0xec);
	assert_false(ai.identify_valid);
	free(p);
	p = vpd(0x89, 0x238, 35, 0);
	assert_int_equal(ssd_scsi_parse_vpd_ata_info(p, 35, &ai, err, sizeof(err)), -EINVAL);
	assert_err_has("VPD page 89h: 35 bytes, at least 36");
	free(p);
}

/* ---- LOG SENSE: byte 0 PAGE CODE, 2-3 PAGE LENGTH; parameters: code 0-1, length 3 ---- */

static void test_log_pages_absurd(void **state)
{
	struct ssd_scsi_log_list list;
	struct ssd_scsi_log_errors e;
	struct ssd_scsi_log_temperature t;
	struct ssd_scsi_log_self_tests st;
	struct ssd_scsi_log_value v;
	uint8_t *p;

	(void)state;
	p = vpd(0, 0, 3, 0);
	assert_int_equal(ssd_scsi_parse_log_temperature(p, 3, &t, err, sizeof(err)), -EINVAL);
	assert_err_has("log page 0Dh: 3 bytes returned");
	free(p);
	/* the Temperature page asked, the Supported Pages page returned */
	p = vpd(0, 8, 12, 0);
	assert_int_equal(ssd_scsi_parse_log_temperature(p, 12, &t, err, sizeof(err)), -EINVAL);
	assert_err_has("PAGE CODE is 00h");
	free(p);
	/* 00h with PAGE LENGTH FFFFh and 300 page codes returned: at most 64 kept */
	p = vpd(0, 0xffff, 304, 0x2f);
	p[0] = 0x00;
	assert_int_equal(ssd_scsi_parse_log_supported(p, 304, &list, err, sizeof(err)), 0);
	assert_int_equal(list.n, 64);
	free(p);
	/* 0Dh: parameter 0000h says 255 value bytes, the page ends after 2: not found */
	p = vpd(0, 0xffff, 10, 0);
	p[0] = 0x0d;
	p[1] = 0;
	p[7] = 255;
	p[9] = 40;
	assert_int_equal(ssd_scsi_parse_log_temperature(p, 10, &t, err, sizeof(err)), 0);
	assert_false(t.temperature_c.valid);
	free(p);
	/* 03h: TOTAL UNCORRECTED ERRORS (0006h) as a 9-byte counter: kept invalid */
	p = vpd(0, 13, 17, 0x01);
	p[0] = 0x03;
	p[1] = 0;
	p[4] = 0x00;
	p[5] = 0x06;
	p[7] = 9;
	assert_int_equal(ssd_scsi_parse_log_errors(p, 17, 0x03, &e, err, sizeof(err)), 0);
	assert_false(e.uncorrected.valid);
	assert_false(e.corrected.valid);
	free(p);
	/* 10h: a parameter 0001h of 16 bytes, cut at 12 by the data returned: skipped */
	p = vpd(0, 20, 16, 0x11);
	p[0] = 0x10;
	p[1] = 0;
	p[4] = 0x00;
	p[5] = 0x01;
	p[7] = 16;
	assert_int_equal(ssd_scsi_parse_log_self_test(p, 16, &st, err, sizeof(err)), 0);
	assert_int_equal(st.n, 0);
	free(p);
	/* 11h and 15h with value lengths shorter than their fields */
	p = vpd(0, 6, 10, 0);
	p[0] = 0x11;
	p[1] = 0;
	p[5] = 0x01;
	p[7] = 2;
	assert_int_equal(ssd_scsi_parse_log_ssd(p, 10, &v, err, sizeof(err)), 0);
	assert_false(v.valid);
	p[0] = 0x15;
	p[5] = 0x00;
	assert_int_equal(ssd_scsi_parse_log_bgscan(p, 10, &v, err, sizeof(err)), 0);
	assert_false(v.valid);
	free(p);
}

/* ---- ATA IDENTIFY DEVICE: word 83 bit 10 48-bit, words 100-103 sectors, 106/117-118 ---- */

static void put_word(uint8_t *b, unsigned int w, uint16_t v)
{
	b[2 * w] = (uint8_t)v;
	b[2 * w + 1] = (uint8_t)(v >> 8);
}

static void identify_base(uint8_t *b, uint64_t sectors)
{
	memset(b, 0, 512);
	put_word(b, 83, 1u << 10);
	for (unsigned int i = 0; i < 4; i++)
		put_word(b, 100 + i, (uint16_t)(sectors >> (16 * i)));
}

/* word 106 valid (bit 14), logical sector size in words 117-118 (bit 12) */
static void identify_sector_words(uint8_t *b, uint32_t words, unsigned int phys_exp)
{
	put_word(b, 106, (uint16_t)(0x4000 | 1u << 12 | (phys_exp ? 1u << 13 : 0) | phys_exp));
	put_word(b, 117, (uint16_t)words);
	put_word(b, 118, (uint16_t)(words >> 16));
}

static int identify(const uint8_t *b, size_t len, struct ssd_ata_identity *id)
{
	uint8_t *p = exact(b, len);
	int ret;

	err[0] = '\0';
	ret = ssd_ata_parse_identify(p, len, id, err, sizeof(err));
	free(p);
	return ret;
}

static void test_ata_identify_absurd(void **state)
{
	static const uint32_t bad_words[] = {0, 128, 260, 0x10000u / 2 * 2, 0xffffffffu};
	uint8_t b[512];
	struct ssd_ata_identity id;

	(void)state;
	identify_base(b, 1000);
	assert_int_equal(identify(b, 511, &id), -EINVAL);
	assert_err_has("511 bytes, 512 expected");
	/* capacity 0, 48-bit and 28-bit */
	identify_base(b, 0);
	assert_int_equal(identify(b, 512, &id), -EINVAL);
	assert_err_has("words 100-103 is 0");
	put_word(b, 83, 0);
	assert_int_equal(identify(b, 512, &id), -EINVAL);
	assert_err_has("words 60-61 is 0");
	/* sector sizes of 0, 256, 520 and 128 KiB bytes, and 2 × (2^32 - 1) */
	for (size_t i = 0; i < sizeof(bad_words) / sizeof(bad_words[0]); i++) {
		identify_base(b, 1000);
		identify_sector_words(b, bad_words[i], 0);
		assert_int_equal(identify(b, 512, &id), -EINVAL);
		assert_err_has("logical sector size");
	}
	/* 64 KiB logical with a 2^15 physical exponent: 2 GiB physical, still a value */
	identify_base(b, 1000);
	identify_sector_words(b, 32768, 15);
	assert_int_equal(identify(b, 512, &id), 0);
	assert_int_equal(id.logical_bytes, 65536);
	assert_int_equal(id.physical_bytes, 0x80000000u);
	/* a signature A5h with a wrong checksum */
	identify_base(b, 1000);
	b[510] = 0xa5;
	b[511] = 0x00;
	assert_int_equal(identify(b, 512, &id), -EINVAL);
	assert_err_has("checksum");
}

static void test_ata_smart_absurd(void **state)
{
	uint8_t b[512];
	uint8_t *p;
	struct ssd_ata_smart s;
	struct ssd_ata_devstats ds = {0};

	(void)state;
	memset(b, 0xff, sizeof(b));
	p = exact(b, 361);
	assert_int_equal(ssd_ata_parse_smart_data(p, 361, &s, err, sizeof(err)), -EINVAL);
	assert_err_has("361 bytes, 362 expected");
	free(p);
	/* 30 entries of id FFh: all kept, raw value 48 bits */
	p = exact(b, 362);
	assert_int_equal(ssd_ata_parse_smart_data(p, 362, &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 30);
	assert_true(s.a[29].raw == 0xffffffffffffull);
	free(p);
	p = exact(b, 511);
	assert_int_equal(ssd_ata_parse_devstat_page(p, 511, 1, &ds, err, sizeof(err)), -EINVAL);
	assert_err_has("511 bytes");
	free(p);
	/* page header names page FFh */
	assert_int_equal(ssd_ata_parse_devstat_page(b, 512, 1, &ds, err, sizeof(err)), -EINVAL);
	assert_err_has("header names page FFh");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_nvme_ns_absurd),
	    cmocka_unit_test(test_nvme_ns_capacity_overflow),
	    cmocka_unit_test(test_nvme_xfer_below_one_lba),
	    cmocka_unit_test(test_nvme_lbaf_table_clamped),
	    cmocka_unit_test(test_nvme_ctrl_absurd),
	    cmocka_unit_test(test_nvme_smart_absurd),
	    cmocka_unit_test(test_read_capacity_absurd),
	    cmocka_unit_test(test_block_limits_absurd),
	    cmocka_unit_test(test_vpd_absurd),
	    cmocka_unit_test(test_log_pages_absurd),
	    cmocka_unit_test(test_ata_identify_absurd),
	    cmocka_unit_test(test_ata_smart_absurd),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
