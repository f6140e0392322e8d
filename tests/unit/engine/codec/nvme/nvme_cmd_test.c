// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_cmd_test.c - SQE bytes checked against the spec layouts, computed by hand here:
 * bytes 40-63 of the SQE are CDW10..CDW15, each little-endian (NVMe Base 2.0 §4.2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>

#include "codec/nvme/nvme_cmd.h"

static void sqe_of(const struct nvme_uring_cmd *cmd, uint8_t sqe[64])
{
	ssd_nvme_cmd_sqe(cmd, sqe);
}

/* Read nsid 1, SLBA 0x12_3456_7890 (needs CDW11), 8 LBAs -> NLB field 7. */
static void test_read_slba_split_and_nlb_zero_based(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	struct ssd_nvme_rw rw = {
	    .nsid = 1, .slba = 0x1234567890ull, .nlb = 8, .data = 0x1000, .data_len = 4096};
	uint8_t sqe[64];
	const uint8_t cdw10_15[24] = {
	    0x90, 0x78, 0x56, 0x34, /* CDW10 SLBA 31:0 */
	    0x12, 0x00, 0x00, 0x00, /* CDW11 SLBA 63:32 */
	    0x07, 0x00, 0x00, 0x00, /* CDW12 NLB = 8 - 1 */
	    0,	  0,	0,    0,    0, 0, 0, 0, 0, 0, 0, 0,
	};

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_READ, &rw), 0);
	sqe_of(&cmd, sqe);
	assert_int_equal(sqe[0], 0x02);
	assert_memory_equal(sqe + 4, ((uint8_t[]){1, 0, 0, 0}), 4);		    /* NSID */
	assert_memory_equal(sqe + 24, ((uint8_t[]){0, 0x10, 0, 0, 0, 0, 0, 0}), 8); /* DPTR */
	assert_memory_equal(sqe + 40, cdw10_15, 24);
	assert_int_equal(cmd.data_len, 4096);
}

/* Write, 65536 LBAs (largest NLB: field 0xffff) with FUA (CDW12 bit 30). */
static void test_write_fua_max_nlb(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	struct ssd_nvme_rw rw = {
	    .nsid = 2, .slba = 0xffffffffull, .nlb = 65536, .flags = SSD_NVME_FUA};
	uint8_t sqe[64];

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_WRITE, &rw), 0);
	sqe_of(&cmd, sqe);
	assert_int_equal(sqe[0], 0x01);
	assert_memory_equal(sqe + 40, ((uint8_t[]){0xff, 0xff, 0xff, 0xff}), 4);
	assert_memory_equal(sqe + 44, ((uint8_t[]){0, 0, 0, 0}), 4);
	assert_memory_equal(sqe + 48, ((uint8_t[]){0xff, 0xff, 0x00, 0x40}), 4);
}

/* PRINFO = PRACT|PRCHK guard (0xc) -> bits 29:26 = 0x30000000; FUA 0x40000000; LR 0x80000000;
 * reference tag in CDW14, app tag 0x1234 with mask 0xffff in CDW15. */
static void test_prinfo_lr_tags(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	struct ssd_nvme_rw rw = {.nsid = 1,
				 .slba = 5,
				 .nlb = 1,
				 .flags = SSD_NVME_FUA | SSD_NVME_LR,
				 .prinfo = SSD_NVME_PRINFO_PRACT | SSD_NVME_PRINFO_PRCHK_GUARD,
				 .ilbrt = 0xa1b2c3d4,
				 .lbat = 0x1234,
				 .lbatm = 0xffff};
	uint8_t sqe[64];

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_WRITE, &rw), 0);
	sqe_of(&cmd, sqe);
	assert_memory_equal(sqe + 48, ((uint8_t[]){0x00, 0x00, 0x00, 0xf0}), 4);
	assert_memory_equal(sqe + 56, ((uint8_t[]){0xd4, 0xc3, 0xb2, 0xa1}), 4);
	assert_memory_equal(sqe + 60, ((uint8_t[]){0x34, 0x12, 0xff, 0xff}), 4);
}

/* Write Zeroes, 256 LBAs with DEAC (bit 25): CDW12 = 0x020000ff; no data pointer. */
static void test_write_zeroes_deac(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	struct ssd_nvme_rw rw = {.nsid = 1,
				 .slba = 0x100,
				 .nlb = 256,
				 .flags = SSD_NVME_DEAC,
				 .data = 0xdead000,
				 .data_len = 4096};
	uint8_t sqe[64];

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_WRITE_ZEROES, &rw), 0);
	sqe_of(&cmd, sqe);
	assert_int_equal(sqe[0], 0x08);
	assert_memory_equal(sqe + 40, ((uint8_t[]){0x00, 0x01, 0, 0}), 4);
	assert_memory_equal(sqe + 48, ((uint8_t[]){0xff, 0x00, 0x00, 0x02}), 4);
	assert_int_equal(cmd.addr, 0);
	assert_int_equal(cmd.data_len, 0);
}

static void test_compare_and_verify(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	struct ssd_nvme_rw rw = {.nsid = 3, .slba = 16, .nlb = 2, .data = 0x2000, .data_len = 1024};
	uint8_t sqe[64];

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_COMPARE, &rw), 0);
	sqe_of(&cmd, sqe);
	assert_int_equal(sqe[0], 0x05);
	assert_memory_equal(sqe + 40, ((uint8_t[]){16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}), 12);
	assert_int_equal(cmd.data_len, 1024);

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_VERIFY, &rw), 0);
	sqe_of(&cmd, sqe);
	assert_int_equal(sqe[0], 0x0c);
	assert_memory_equal(sqe + 48, ((uint8_t[]){1, 0, 0, 0}), 4);
	assert_int_equal(cmd.data_len, 0); /* Verify moves no data to the host */
}

static void test_rw_rejects(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	struct ssd_nvme_rw rw = {.nsid = 1, .slba = 0, .nlb = 0};

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_READ, &rw), -EINVAL);
	rw.nlb = 65537;
	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_READ, &rw), -EINVAL);
	rw.nlb = 2;
	rw.slba = UINT64_MAX; /* last LBA + 1 would wrap */
	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_READ, &rw), -EINVAL);
	rw.slba = 0;
	rw.flags = SSD_NVME_DEAC;
	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_WRITE, &rw), -EINVAL);
	rw.flags = 0;
	rw.prinfo = 0x10;
	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_READ, &rw), -EINVAL);
	rw.prinfo = 0;
	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_DSM, &rw), -EINVAL);
}

static void test_flush(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	uint8_t sqe[64], zero[24] = {0};

	ssd_nvme_build_flush(&cmd, 7);
	sqe_of(&cmd, sqe);
	assert_int_equal(sqe[0], 0x00);
	assert_memory_equal(sqe + 4, ((uint8_t[]){7, 0, 0, 0}), 4);
	assert_memory_equal(sqe + 40, zero, 24);
	assert_int_equal(cmd.data_len, 0);
}

/* Range: context attributes 0x01020304, 8 LBAs (a count: 8, not 7), SLBA 0x1_0000_1000. */
static void test_dsm_range_layout(void **state)
{
	(void)state;
	uint8_t r[16];
	const uint8_t want[16] = {0x04, 0x03, 0x02, 0x01, 0x08, 0x00, 0x00, 0x00,
				  0x00, 0x10, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00};

	ssd_nvme_dsm_range_encode(r, 0x01020304, 8, 0x100001000ull);
	assert_memory_equal(r, want, 16);
}

/* Three ranges with AD: CDW10 NR = 2 (zero-based), CDW11 = 0x4, 48 bytes of data. */
static void test_dsm_command(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	uint8_t sqe[64];

	assert_int_equal(ssd_nvme_build_dsm(&cmd, 1, 0x4000, 3, SSD_NVME_DSM_AD), 0);
	sqe_of(&cmd, sqe);
	assert_int_equal(sqe[0], 0x09);
	assert_memory_equal(sqe + 40, ((uint8_t[]){2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0}), 12);
	assert_int_equal(cmd.data_len, 48);

	assert_int_equal(ssd_nvme_build_dsm(&cmd, 1, 0x4000, 256, SSD_NVME_DSM_AD), 0);
	assert_int_equal(cmd.cdw10, 0xff);
	assert_int_equal(cmd.data_len, 4096);
	assert_int_equal(ssd_nvme_build_dsm(&cmd, 1, 0x4000, 257, SSD_NVME_DSM_AD), -EINVAL);
	assert_int_equal(ssd_nvme_build_dsm(&cmd, 1, 0x4000, 0, SSD_NVME_DSM_AD), -EINVAL);
	assert_int_equal(ssd_nvme_build_dsm(&cmd, 1, 0x4000, 1, 0x8), -EINVAL);
}

static void test_ioctl_copy(void **state)
{
	(void)state;
	struct nvme_uring_cmd cmd;
	struct nvme_passthru_cmd64 io;
	struct ssd_nvme_rw rw = {.nsid = 9,
				 .slba = 0x100000002ull,
				 .nlb = 3,
				 .data = 0x5000,
				 .data_len = 1536,
				 .md = 0x6000,
				 .md_len = 24};

	assert_int_equal(ssd_nvme_build_rw(&cmd, SSD_NVME_OP_READ, &rw), 0);
	ssd_nvme_cmd_to_ioctl(&cmd, &io);
	assert_int_equal(io.opcode, 0x02);
	assert_int_equal(io.nsid, 9);
	assert_int_equal(io.addr, 0x5000);
	assert_int_equal(io.data_len, 1536);
	assert_int_equal(io.metadata, 0x6000);
	assert_int_equal(io.metadata_len, 24);
	assert_int_equal(io.cdw10, 2);
	assert_int_equal(io.cdw11, 1);
	assert_int_equal(io.cdw12, 2);
}

static void test_opcode_names(void **state)
{
	(void)state;
	char buf[16];

	assert_string_equal(ssd_nvme_opcode_name(0x09, buf), "dsm");
	assert_string_equal(ssd_nvme_opcode_name(0x02, buf), "read");
	assert_string_equal(ssd_nvme_opcode_name(0x7f, buf), "opcode-0x7f");
}

/* Every field of @a and @b, named, so a failure says which one differs. */
static void assert_cmd_fields_equal(const struct nvme_uring_cmd *a, const struct nvme_uring_cmd *b)
{
	assert_int_equal(a->opcode, b->opcode);
	assert_int_equal(a->flags, b->flags);
	assert_int_equal(a->rsvd1, b->rsvd1);
	assert_int_equal(a->nsid, b->nsid);
	assert_int_equal(a->cdw2, b->cdw2);
	assert_int_equal(a->cdw3, b->cdw3);
	assert_int_equal(a->metadata, b->metadata);
	assert_int_equal(a->addr, b->addr);
	assert_int_equal(a->metadata_len, b->metadata_len);
	assert_int_equal(a->data_len, b->data_len);
	assert_int_equal(a->cdw10, b->cdw10);
	assert_int_equal(a->cdw11, b->cdw11);
	assert_int_equal(a->cdw12, b->cdw12);
	assert_int_equal(a->cdw13, b->cdw13);
	assert_int_equal(a->cdw14, b->cdw14);
	assert_int_equal(a->cdw15, b->cdw15);
	assert_int_equal(a->timeout_ms, b->timeout_ms);
	assert_int_equal(a->rsvd2, b->rsvd2);
	assert_memory_equal(a, b, sizeof(*a)); /* and nothing the names above miss */
}

/*
 * The per-file template (ssd_nvme_rw_tmpl) filled per I/O gives what the general builder builds,
 * field by field: for Read, Write and Compare, with and without FUA and Limited Retry, every
 * PRINFO, the reference tag on and off, tags, separate metadata, SLBAs across the 32-bit split,
 * NLB 1 and 65536, a timeout.
 */
static void test_rw_template_matches_builder(void **state)
{
	(void)state;
	const uint8_t ops[] = {SSD_NVME_OP_READ, SSD_NVME_OP_WRITE, SSD_NVME_OP_COMPARE};
	const uint32_t flags[] = {0, SSD_NVME_FUA, SSD_NVME_LR, SSD_NVME_FUA | SSD_NVME_LR};
	const uint64_t slbas[] = {0, 1, 0xffffffffull, 0x100000000ull, 0x123456789abcull};
	const uint32_t nlbs[] = {1, 8, 65536};
	unsigned int cases = 0;

	for (size_t o = 0; o < sizeof(ops); o++)
		for (size_t f = 0; f < sizeof(flags) / sizeof(flags[0]); f++)
			for (uint8_t prinfo = 0; prinfo < 16; prinfo += 5)
				for (int ref = 0; ref < 2; ref++)
					for (size_t i = 0; i < sizeof(slbas) / sizeof(slbas[0]);
					     i++)
						for (size_t j = 0;
						     j < sizeof(nlbs) / sizeof(nlbs[0]); j++) {
							const uint64_t md = j % 2 ? 0x7000 + i : 0;
							struct ssd_nvme_rw rw = {
							    .nsid = 3 + (uint32_t)o,
							    .slba = slbas[i],
							    .nlb = nlbs[j],
							    .data = 0x200000 + 4096 * i,
							    .data_len = nlbs[j] * 512,
							    .md = md,
							    .md_len = md ? nlbs[j] * 8 : 0,
							    .flags = flags[f],
							    .prinfo = prinfo,
							    .ilbrt = ref ? (uint32_t)slbas[i] : 0,
							    .lbat = 0x1234,
							    .lbatm = 0xff00,
							};
							struct nvme_uring_cmd want, got;
							struct ssd_nvme_rw_tmpl t;

							assert_int_equal(
							    ssd_nvme_build_rw(&want, ops[o], &rw),
							    0);
							want.timeout_ms = 7000;
							assert_int_equal(
							    ssd_nvme_rw_tmpl_init(&t, ops[o], &rw,
										  ref, 7000),
							    0);
							memset(&got, 0xa5, sizeof(got));
							ssd_nvme_rw_tmpl_fill(
							    &got, &t, rw.slba, rw.nlb, rw.data,
							    rw.data_len, rw.md, rw.md_len);
							assert_cmd_fields_equal(&got, &want);
							cases++;
						}
	assert_int_equal(cases, 3 * 4 * 4 * 2 * 5 * 3);
}

/* Templates exist for the commands that move data; the builder's refusals hold for them. */
static void test_rw_template_rejects(void **state)
{
	(void)state;
	struct ssd_nvme_rw rw = {.nsid = 1};
	struct ssd_nvme_rw_tmpl t;

	assert_int_equal(ssd_nvme_rw_tmpl_init(&t, SSD_NVME_OP_VERIFY, &rw, 0, 0), -EINVAL);
	assert_int_equal(ssd_nvme_rw_tmpl_init(&t, SSD_NVME_OP_WRITE_ZEROES, &rw, 0, 0), -EINVAL);
	assert_int_equal(ssd_nvme_rw_tmpl_init(&t, SSD_NVME_OP_FLUSH, &rw, 0, 0), -EINVAL);
	rw.prinfo = 16;
	assert_int_equal(ssd_nvme_rw_tmpl_init(&t, SSD_NVME_OP_READ, &rw, 0, 0), -EINVAL);
	rw.prinfo = 0;
	rw.flags = SSD_NVME_DEAC;
	assert_int_equal(ssd_nvme_rw_tmpl_init(&t, SSD_NVME_OP_WRITE, &rw, 0, 0), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_read_slba_split_and_nlb_zero_based),
	    cmocka_unit_test(test_write_fua_max_nlb),
	    cmocka_unit_test(test_prinfo_lr_tags),
	    cmocka_unit_test(test_write_zeroes_deac),
	    cmocka_unit_test(test_compare_and_verify),
	    cmocka_unit_test(test_rw_rejects),
	    cmocka_unit_test(test_flush),
	    cmocka_unit_test(test_dsm_range_layout),
	    cmocka_unit_test(test_dsm_command),
	    cmocka_unit_test(test_ioctl_copy),
	    cmocka_unit_test(test_opcode_names),
	    cmocka_unit_test(test_rw_template_matches_builder),
	    cmocka_unit_test(test_rw_template_rejects),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
