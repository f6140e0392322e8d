// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_geometry_test.c - Identify data built byte by byte from the spec layouts:
 * Identify Namespace (NVM Command Set 1.0 §4.1.5.1): NSZE bytes 7:0, NLBAF byte 25, FLBAS 26,
 * DPS 29, DLFEAT 33, LBA Format n at bytes 128+4n (MS bytes 1:0, LBADS byte 2, RP byte 3).
 * Identify Controller (NVMe Base 2.0 §5.17.2.1): MDTS byte 77, NN 519:516, ONCS 521:520,
 * VWC 525. The buffers are copied into libnvme's structures, so the test also checks that
 * libnvme's offsets agree with the spec.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>

#include "codec/nvme/nvme_geometry.h"

struct ns_buf {
	uint8_t b[4096];
};

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8;
}

static void ns_init(struct ns_buf *n, uint64_t nsze, uint8_t nlbaf, uint8_t flbas)
{
	memset(n->b, 0, sizeof(n->b));
	for (int i = 0; i < 8; i++)
		n->b[i] = (nsze >> (8 * i)) & 0xff;
	n->b[25] = nlbaf;
	n->b[26] = flbas;
}

static void ns_lbaf(struct ns_buf *n, unsigned int idx, uint16_t ms, uint8_t lbads)
{
	put16(&n->b[128 + 4 * idx], ms);
	n->b[128 + 4 * idx + 2] = lbads;
}

/* QEMU 7.2's eight formats (LAB-NOTES §2): 512+0, 512+8, 512+16, 512+64, 4096+0, ... */
static void ns_qemu(struct ns_buf *n, uint64_t nsze, uint8_t flbas)
{
	static const uint16_t ms[4] = {0, 8, 16, 64};

	ns_init(n, nsze, 7, flbas);
	for (unsigned int i = 0; i < 8; i++)
		ns_lbaf(n, i, ms[i % 4], i < 4 ? 9 : 12);
}

static int parse(const struct ns_buf *n, struct ssd_nvme_ns_info *info, char *err)
{
	struct nvme_id_ns id;

	_Static_assert(sizeof(id) == 4096, "Identify Namespace is 4096 bytes");
	memcpy(&id, n->b, sizeof(id));
	return ssd_nvme_parse_id_ns(&id, info, err, 256);
}

static void test_ctrl_fields(void **state)
{
	(void)state;
	uint8_t b[4096] = {0};
	struct nvme_id_ctrl id;
	struct ssd_nvme_ctrl_info c;

	_Static_assert(sizeof(id) == 4096, "Identify Controller is 4096 bytes");
	b[77] = 7;		      /* MDTS */
	b[516] = 0x00, b[517] = 0x01; /* NN = 256 */
	put16(&b[520], 0x15d);	      /* ONCS as QEMU 7.2 reports */
	b[525] = 0x7;		      /* VWC */
	memcpy(&id, b, sizeof(id));
	assert_int_equal(ssd_nvme_parse_id_ctrl(&id, &c), 0);
	assert_int_equal(c.mdts, 7);
	assert_int_equal(c.nn, 256);
	assert_int_equal(c.oncs, 0x15d);
	assert_true(c.oncs & SSD_NVME_ONCS_DSM);
	assert_true(c.oncs & SSD_NVME_ONCS_WRITE_ZEROES);
	assert_true(c.oncs & SSD_NVME_ONCS_COMPARE);
	assert_false(c.oncs & SSD_NVME_ONCS_VERIFY); /* QEMU 7.2: bit 7 clear */
	assert_int_equal(c.vwc, 7);
}

static void test_ns_512(void **state)
{
	(void)state;
	struct ns_buf n;
	struct ssd_nvme_ns_info info;
	struct ssd_nvme_ctrl_info c = {.mdts = 7};
	struct ssd_geometry geo;
	char err[256] = "", desc[SSD_DESC_LEN];

	ns_qemu(&n, 0x200000, 0x00);
	n.b[33] = 0x09; /* DLFEAT: read zeroes (bits 2:0 = 001b) | bit 3 */
	assert_int_equal(parse(&n, &info, err), 0);
	assert_int_equal(info.lbaf, 0);
	assert_int_equal(info.nlbaf, 8);
	assert_int_equal(info.lba_bytes, 512);
	assert_int_equal(info.md_bytes, 0);
	assert_false(info.md_extended);
	assert_int_equal(info.nsze, 0x200000);
	assert_int_equal(info.dlfeat & 7, 1);

	ssd_nvme_fill_geometry(&c, &info, 1, 4096, 0, &geo);
	assert_int_equal(geo.lba_bytes, 512);
	assert_int_equal(geo.capacity_bytes, 1073741824ull); /* 0x200000 * 512 = 1 GiB */
	assert_int_equal(geo.max_xfer_bytes, 524288);	     /* 4096 << 7 */
	assert_int_equal(geo.nsid, 1);
	ssd_nvme_describe(&info, 1, desc, sizeof(desc));
	assert_string_equal(desc, "NVMe nsid 1, LBA format 0 (512+0)");
}

/* FLBAS 0x04: format 4 = 4096+0; host limit below MDTS wins. */
static void test_ns_4096_host_limit(void **state)
{
	(void)state;
	struct ns_buf n;
	struct ssd_nvme_ns_info info;
	struct ssd_nvme_ctrl_info c = {.mdts = 7};
	struct ssd_geometry geo;
	char err[256] = "";

	ns_qemu(&n, 0x40000, 0x04);
	assert_int_equal(parse(&n, &info, err), 0);
	assert_int_equal(info.lbaf, 4);
	assert_int_equal(info.lba_bytes, 4096);
	ssd_nvme_fill_geometry(&c, &info, 2, 4096, 128 * 1024, &geo);
	assert_int_equal(geo.capacity_bytes, 0x40000ull * 4096);
	assert_int_equal(geo.max_xfer_bytes, 131072);
	/* MDTS 0 (no limit) and no host limit: 65536 LBAs, the NLB field's maximum */
	c.mdts = 0;
	ssd_nvme_fill_geometry(&c, &info, 2, 4096, 0, &geo);
	assert_int_equal(geo.max_xfer_bytes, 65536ull * 4096);
}

/* FLBAS 0x17: format 7 (4096+64) with bit 4, extended LBA: the unit is 4160 bytes. */
static void test_ns_extended_lba(void **state)
{
	(void)state;
	struct ns_buf n;
	struct ssd_nvme_ns_info info;
	struct ssd_nvme_ctrl_info c = {.mdts = 7};
	struct ssd_geometry geo;
	char err[256] = "", desc[SSD_DESC_LEN];

	ns_qemu(&n, 1000, 0x17);
	assert_int_equal(parse(&n, &info, err), 0);
	assert_int_equal(info.lbaf, 7);
	assert_int_equal(info.lba_bytes, 4096);
	assert_int_equal(info.md_bytes, 64);
	assert_true(info.md_extended);
	ssd_nvme_fill_geometry(&c, &info, 4, 4096, 0, &geo);
	assert_int_equal(geo.capacity_bytes, 1000ull * 4160);
	/* 524288 rounded down to whole 4160-byte blocks: 126 * 4160 */
	assert_int_equal(geo.max_xfer_bytes, 524160);
	ssd_nvme_describe(&info, 4, desc, sizeof(desc));
	assert_string_equal(desc, "NVMe nsid 4, LBA format 7 (4096+64 extended)");
}

/* FLBAS 0x01 with DPS 0x09: format 1 (512+8) separate metadata, PI type 1, PI first. */
static void test_ns_pi_separate(void **state)
{
	(void)state;
	struct ns_buf n;
	struct ssd_nvme_ns_info info;
	char err[256] = "", desc[SSD_DESC_LEN];

	ns_qemu(&n, 2064888, 0x01);
	n.b[29] = 0x09;
	assert_int_equal(parse(&n, &info, err), 0);
	assert_int_equal(info.lbaf, 1);
	assert_int_equal(info.md_bytes, 8);
	assert_false(info.md_extended);
	assert_int_equal(info.pi_type, 1);
	assert_true(info.pi_first);
	ssd_nvme_describe(&info, 1, desc, sizeof(desc));
	assert_string_equal(desc, "NVMe nsid 1, LBA format 1 (512+8 separate, PI type 1)");
	/* FLBAS bit 4 without metadata in the format means nothing */
	ns_qemu(&n, 100, 0x10);
	assert_int_equal(parse(&n, &info, err), 0);
	assert_false(info.md_extended);
}

/* More than 16 formats: FLBAS bits 6:5 are index bits 5:4. */
static void test_ns_high_index(void **state)
{
	(void)state;
	struct ns_buf n;
	struct ssd_nvme_ns_info info;
	char err[256] = "";

	ns_init(&n, 4096, 19, (1u << 5) | 0x2); /* 20 formats, index 0x12 = 18 */
	for (unsigned int i = 0; i < 20; i++)
		ns_lbaf(&n, i, 0, 9);
	ns_lbaf(&n, 18, 8, 12);
	assert_int_equal(parse(&n, &info, err), 0);
	assert_int_equal(info.lbaf, 18);
	assert_int_equal(info.lba_bytes, 4096);
	assert_int_equal(info.md_bytes, 8);

	/* with 16 or fewer formats bits 6:5 are reserved and ignored */
	ns_qemu(&n, 4096, (1u << 5) | 0x2);
	assert_int_equal(parse(&n, &info, err), 0);
	assert_int_equal(info.lbaf, 2);
}

static void test_ns_rejects(void **state)
{
	(void)state;
	struct ns_buf n;
	struct ssd_nvme_ns_info info;
	char err[256];

	ns_qemu(&n, 0, 0);
	assert_int_equal(parse(&n, &info, err), -EINVAL);
	assert_non_null(strstr(err, "NSZE is 0"));

	ns_qemu(&n, 8, 0);
	n.b[25] = 64;
	assert_int_equal(parse(&n, &info, err), -EINVAL);
	assert_non_null(strstr(err, "NLBAF 64"));

	ns_qemu(&n, 8, 0);
	ns_lbaf(&n, 0, 0, 8);
	assert_int_equal(parse(&n, &info, err), -EINVAL);
	assert_non_null(strstr(err, "LBADS 8"));

	ns_qemu(&n, 8, 0);
	ns_lbaf(&n, 0, 0, 17);
	assert_int_equal(parse(&n, &info, err), -EINVAL);
	assert_non_null(strstr(err, "LBADS 17"));

	ns_qemu(&n, 8, 0x05);
	n.b[25] = 3; /* 4 formats, FLBAS selects format 5 */
	assert_int_equal(parse(&n, &info, err), -EINVAL);
	assert_non_null(strstr(err, "LBA format 5"));
}

static void test_mdts_bytes(void **state)
{
	(void)state;
	assert_int_equal(ssd_nvme_mdts_bytes(0, 4096), 0);
	assert_int_equal(ssd_nvme_mdts_bytes(5, 4096), 131072);
	assert_int_equal(ssd_nvme_mdts_bytes(7, 4096), 524288);
	assert_int_equal(ssd_nvme_mdts_bytes(3, 65536), 524288);
	assert_int_equal(ssd_nvme_mdts_bytes(255, 4096), 0);
}

/* The namespace in words: as the printf format it replaced, "NVMe nsid %u, LBA format %u
 * (%u+%u[ extended| separate][, PI type N])", for every metadata layout and PI type, and
 * truncated alike. */
static void test_describe_as_printf(void **state)
{
	static const char *const pi[] = {"", ", PI type 1", ", PI type 2", ", PI type 3", ""};
	struct ssd_nvme_ns_info ns;
	char got[SSD_DESC_LEN], want[SSD_DESC_LEN];

	(void)state;
	for (unsigned int k = 0; k < 40; k++) {
		memset(&ns, 0, sizeof(ns));
		ns.lbaf = k % 16;
		ns.lba_bytes = k & 1 ? 4096 : 512;
		ns.md_bytes = k & 2 ? (k & 4 ? 64 : 8) : 0;
		ns.md_extended = ns.md_bytes && (k & 4);
		ns.pi_type = (uint8_t)(k / 8);
		snprintf(want, sizeof(want), "NVMe nsid %u, LBA format %u (%u+%u%s%s)",
			 k * 1000003u, ns.lbaf, (unsigned int)ns.lba_bytes,
			 (unsigned int)ns.md_bytes,
			 ns.md_extended ? " extended"
			 : ns.md_bytes	? " separate"
					: "",
			 pi[ns.pi_type]);
		ssd_nvme_describe(&ns, k * 1000003u, got, sizeof(got));
		assert_string_equal(got, want);
		ssd_nvme_describe(&ns, k * 1000003u, got, 24);
		want[23] = '\0';
		assert_string_equal(got, want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ctrl_fields),	       cmocka_unit_test(test_ns_512),
	    cmocka_unit_test(test_ns_4096_host_limit), cmocka_unit_test(test_ns_extended_lba),
	    cmocka_unit_test(test_ns_pi_separate),     cmocka_unit_test(test_ns_high_index),
	    cmocka_unit_test(test_ns_rejects),	       cmocka_unit_test(test_mdts_bytes),
	    cmocka_unit_test(test_describe_as_printf),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
