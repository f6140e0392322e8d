// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_uring_lane_test.c - nvme-uring's fast lane on a ring in memory (no kernel): every field
 * of a Read or Write the lane puts in an SQE is what the general builder (ssd_tp_nvme_prep())
 * gives for the same request, with the SQE header of a passthrough command; a slot that already
 * holds the template is reused; requests the lane must leave to queue() are left untouched; and
 * completions are read, handed to the failure handler and taken with one head update.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "transport/nvme_io.h"
#include "transport/nvme_uring_lane.h"

#define SLOTS 4

/* A ring in memory: SLOTS 128-byte SQEs and 2 * SLOTS 32-byte CQEs, the kernel's indices as
 * plain variables. */
struct fake_ring {
	struct ssd_tp_uring_lane lane;
	struct io_uring_sqe sqes[2 * SLOTS] __attribute__((aligned(64)));
	struct io_uring_cqe cqes[2 * 2 * SLOTS];
	const uint64_t *held[SLOTS];
	struct iovec bufs[SLOTS];
	unsigned int khead, ktail, cq_khead, cq_ktail, kflags;
};

static void fake_ring_init(struct fake_ring *f, bool fixed)
{
	memset(f, 0, sizeof(*f));
	f->lane.r.sq_mask = SLOTS - 1;
	f->lane.r.sq_entries = SLOTS;
	f->lane.r.cq_mask = 2 * SLOTS - 1;
	f->lane.r.sq_khead = &f->khead;
	f->lane.r.sq_ktail = &f->ktail;
	f->lane.r.sq_kflags = &f->kflags;
	f->lane.r.cq_khead = &f->cq_khead;
	f->lane.r.cq_ktail = &f->cq_ktail;
	f->lane.r.sqes = f->sqes;
	f->lane.r.cqes = f->cqes;
	f->lane.depth = SLOTS;
	f->lane.held = f->held;
	if (fixed) {
		for (int i = 0; i < SLOTS; i++)
			f->bufs[i] = (struct iovec){
			    .iov_base = (void *)(uintptr_t)(0x10000 + 4096 * i), .iov_len = 131072};
		f->lane.bufs = f->bufs;
	}
}

/* A 4096-byte-LBA namespace, nsid 7, file descriptor 9, its templates built as at open. */
static void namespace_4k(struct ssd_tp_nvme_dev *d, int file_index, uint32_t timeout_ms, bool fixed)
{
	memset(d, 0, sizeof(*d));
	d->fd = 9;
	d->file_index = file_index;
	d->nsid = 7;
	d->unit = 4096;
	d->unit_shift = 12;
	d->ns.lba_bytes = 4096;
	d->timeout_ms = timeout_ms;
	d->geo.max_xfer_bytes = 131072;
	assert_int_equal(ssd_tp_nvme_rw_templates(d, SSD_TP_NVME_TMPL_ALL), 0);
	ssd_tp_uring_sqe_templates(d, fixed);
}

/* The SQE the lane filled for @io against what the general builder gives for it. */
static void check_sqe(const struct io_uring_sqe *sqe, const struct ssd_tp_nvme_dev *d,
		      struct ssd_io *io, bool fixed)
{
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = SLOTS};
	struct nvme_uring_cmd want;

	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, io, &want), 0);
	assert_memory_equal(sqe->cmd, &want, sizeof(want));
	assert_int_equal(sqe->opcode, IORING_OP_URING_CMD);
	assert_int_equal(sqe->cmd_op, NVME_URING_CMD_IO);
	assert_int_equal(sqe->user_data, (uintptr_t)io);
	if (d->file_index >= 0) {
		assert_int_equal(sqe->fd, d->file_index);
		assert_true(sqe->flags & IOSQE_FIXED_FILE);
	} else {
		assert_int_equal(sqe->fd, d->fd);
		assert_false(sqe->flags & IOSQE_FIXED_FILE);
	}
	assert_int_equal(sqe->uring_cmd_flags, fixed ? IORING_URING_CMD_FIXED : 0);
	if (fixed)
		assert_int_equal(sqe->buf_index, io->slot);
	ssd_tp_nvme_scratch_free(&s);
}

/* Reads and writes, with FUA on writes, plain and registered file and buffer: field for field
 * what ssd_tp_nvme_prep() builds; the tail and the queued count move by one each. */
static void test_rw_matches_general_builder(void **state)
{
	(void)state;
	static const struct {
		unsigned int dir;
		uint64_t off, len;
	} reqs[] = {{0, 0, 4096},
		    {1, 5ull << 12, 8192},
		    {0, 3ull << 40, 131072},
		    {1, 4096, 4096},
		    {0, 8192, 12288}};

	for (int variant = 0; variant < 2; variant++) {
		const bool fixed = variant == 1;
		struct fake_ring *f = calloc(1, sizeof(*f));
		struct ssd_tp_nvme_dev d;
		struct ssd_tp_uring_rw rw;
		struct ssd_io ios[5];

		assert_non_null(f);
		fake_ring_init(f, fixed);
		namespace_4k(&d, fixed ? 3 : -1, fixed ? 2500 : 0, fixed);
		assert_true(ssd_tp_uring_rw_of(&d.base, 0, SSD_IO_FUA, &rw));
		assert_int_equal(rw.max_len, 131071);
		for (unsigned int i = 0; i < 5; i++) {
			const unsigned int slot = f->lane.r.sq_tail & f->lane.r.sq_mask;

			ios[i] = (struct ssd_io){.op = reqs[i].dir ? SSD_OP_WRITE : SSD_OP_READ,
						 .flags = reqs[i].dir ? SSD_IO_FUA : 0,
						 .offset = reqs[i].off,
						 .len = reqs[i].len,
						 .buf = (void *)(uintptr_t)(0x10000 + 4096 * i),
						 .slot = i % SLOTS,
						 .dev = &d.base};
			assert_true(ssd_tp_uring_lane_rw(&f->lane, &rw, reqs[i].dir, reqs[i].off,
							 reqs[i].len, ios[i].buf, &ios[i]));
			assert_int_equal(f->lane.r.sq_tail, i + 1);
			assert_int_equal(f->lane.queued, i + 1);
			check_sqe(&f->sqes[2 * slot], &d, &ios[i], fixed);
			assert_ptr_equal(f->held[slot], rw.sqe[reqs[i].dir]);
		}
		free(f);
	}
}

/* A slot that holds the template already is not copied again: only the request's fields
 * change (a header byte scribbled on survives, proving no copy), and they are right. */
static void test_held_slot_reused(void **state)
{
	(void)state;
	struct fake_ring *f = calloc(1, sizeof(*f));
	struct ssd_tp_nvme_dev d;
	struct ssd_tp_uring_rw rw;
	struct ssd_io a = {.op = SSD_OP_READ, .offset = 4096, .len = 4096, .buf = (void *)0x1000};
	struct ssd_io b = {.op = SSD_OP_READ, .offset = 65536, .len = 8192, .buf = (void *)0x3000};

	assert_non_null(f);
	fake_ring_init(f, false);
	f->lane.r.sq_mask = 0; /* one slot: every request lands in SQE 0 */
	namespace_4k(&d, -1, 0, false);
	a.dev = b.dev = &d.base;
	assert_true(ssd_tp_uring_rw_of(&d.base, 0, -1, &rw));
	assert_null(rw.sqe[1]); /* writes are not Writes (nvme_write_mode): no template */
	assert_true(ssd_tp_uring_lane_rw(&f->lane, &rw, 0, a.offset, a.len, a.buf, &a));
	f->sqes[0].personality = 0x5a5a;
	assert_true(ssd_tp_uring_lane_rw(&f->lane, &rw, 0, b.offset, b.len, b.buf, &b));
	assert_int_equal(f->sqes[0].personality, 0x5a5a);
	f->sqes[0].personality = 0;
	check_sqe(&f->sqes[0], &d, &b, false);
	/* another command in the slot (queue()'s path forgets the template): copied again */
	f->held[0] = NULL;
	f->sqes[0].personality = 0x5a5a;
	assert_true(ssd_tp_uring_lane_rw(&f->lane, &rw, 0, a.offset, a.len, a.buf, &a));
	check_sqe(&f->sqes[0], &d, &a, false);
	free(f);
}

/* What the lane leaves to queue(): nothing written, nothing counted. */
static void test_refused_untouched(void **state)
{
	(void)state;
	struct fake_ring *f = calloc(1, sizeof(*f));
	struct ssd_tp_nvme_dev d, md;
	struct ssd_tp_uring_rw rw;
	struct ssd_io io = {.op = SSD_OP_WRITE};
	char zero[sizeof(f->sqes)] = {0};

	assert_non_null(f);
	fake_ring_init(f, false);
	namespace_4k(&d, -1, 0, false);
	io.dev = &d.base;
	assert_true(ssd_tp_uring_rw_of(&d.base, 0, -1, &rw));
	assert_false(ssd_tp_uring_lane_rw(&f->lane, &rw, 1, 0, 4096, NULL, &io));   /* no Write */
	assert_false(ssd_tp_uring_lane_rw(&f->lane, &rw, 0, 512, 4096, NULL, &io)); /* offset */
	assert_false(ssd_tp_uring_lane_rw(&f->lane, &rw, 0, 0, 6144, NULL, &io));   /* length */
	assert_false(ssd_tp_uring_lane_rw(&f->lane, &rw, 0, 0, 0, NULL, &io));	    /* empty */
	assert_false(ssd_tp_uring_lane_rw(&f->lane, &rw, 0, 0, 135168, NULL, &io)); /* > MDTS */
	assert_int_equal(f->lane.r.sq_tail, 0);
	assert_int_equal(f->lane.queued, 0);
	assert_memory_equal(f->sqes, zero, sizeof(zero));
	/* separate metadata or a reference tag: everything goes through queue() */
	namespace_4k(&md, -1, 0, false);
	md.md_sep_bytes = 8;
	assert_false(ssd_tp_uring_rw_of(&md.base, 0, 0, &rw));
	md.md_sep_bytes = 0;
	md.ref_tag = true;
	assert_false(ssd_tp_uring_rw_of(&md.base, 0, 0, &rw));
	free(f);
}

static struct ssd_io *failed_io[4];
static int failed_res[4], nfailed;

static void on_failed(struct ssd_tp_uring_lane *l, struct ssd_io *io, int res)
{
	(void)l;
	failed_io[nfailed] = io;
	failed_res[nfailed++] = res;
	io->error = 99; /* what ssd_tp_uring_lane_status() would decide */
}

/* Completions: the cookies in order, a failure seen by the handler before they are taken, the
 * head published once, the in-flight count down by what was taken, at most @max. */
static void test_peek_take(void **state)
{
	(void)state;
	struct fake_ring *f = calloc(1, sizeof(*f));
	struct ssd_io ios[3];
	void *out[3];
	int bad;

	assert_non_null(f);
	fake_ring_init(f, false);
	for (int i = 0; i < 3; i++) {
		ios[i] = (struct ssd_io){.cookie = &ios[i].slot, .error = -1, .resid = 7};
		f->cqes[2 * i] = (struct io_uring_cqe){.user_data = (uintptr_t)&ios[i],
						       .res = i == 1 ? 0x281 : 0};
	}
	f->cq_ktail = 3;
	f->lane.inflight = 3;
	assert_int_equal(ssd_tp_uring_lane_peek(&f->lane, 2, out, true, &bad), 2);
	assert_ptr_equal(out[0], ios[0].cookie);
	assert_ptr_equal(out[1], ios[1].cookie);
	assert_int_not_equal(bad, 0);
	assert_int_equal(f->cq_khead, 0);   /* peeking takes nothing */
	assert_int_equal(ios[0].error, -1); /* with cookies a success is not written */
	nfailed = 0;
	assert_int_equal(ssd_tp_uring_lane_take(&f->lane, 8, out, false, on_failed), 3);
	assert_int_equal(nfailed, 1);
	assert_ptr_equal(failed_io[0], &ios[1]);
	assert_int_equal(failed_res[0], 0x281);
	assert_ptr_equal(out[2], &ios[2]);
	assert_int_equal(ios[0].error, 0);
	assert_int_equal(ios[0].resid, 0);
	assert_int_equal(ios[1].error, 99);
	assert_int_equal(f->cq_khead, 3);
	assert_int_equal(f->lane.inflight, 0);
	assert_int_equal(ssd_tp_uring_lane_take(&f->lane, 8, out, true, on_failed), 0);
	free(f);
}

/* The templates a job's options need: Read always, Write when it writes (or unknown), each
 * with FUA only under readfua/writefua; no options: all. */
static void test_tmpl_want(void **state)
{
	(void)state;
	const uint8_t r = SSD_TP_NVME_TMPL(SSD_OP_READ, 0), rf = SSD_TP_NVME_TMPL(SSD_OP_READ, 1),
		      w = SSD_TP_NVME_TMPL(SSD_OP_WRITE, 0), wf = SSD_TP_NVME_TMPL(SSD_OP_WRITE, 1);
	struct ssd_options o = {.ops = SSD_OP_BIT(SSD_OP_READ)};

	assert_int_equal(ssd_tp_nvme_tmpl_want(NULL), r | rf | w | wf);
	assert_int_equal(ssd_tp_nvme_tmpl_want(&o), r);
	o.readfua = true;
	assert_int_equal(ssd_tp_nvme_tmpl_want(&o), r | rf);
	o = (struct ssd_options){.ops = SSD_OP_BIT(SSD_OP_WRITE), .writefua = true};
	assert_int_equal(ssd_tp_nvme_tmpl_want(&o), r | w | wf);
	o = (struct ssd_options){.ops = SSD_OP_BIT(SSD_OP_WRITE_ZEROES), .writefua = true};
	assert_int_equal(ssd_tp_nvme_tmpl_want(&o), r);
	o = (struct ssd_options){.ops = 0, .readfua = true};
	assert_int_equal(ssd_tp_nvme_tmpl_want(&o), r | rf | w);
	o = (struct ssd_options){.ops = SSD_OP_BIT(SSD_OP_TRIM)};
	assert_int_equal(ssd_tp_nvme_tmpl_want(&o), r);
}

/* Each template built on its own is, byte for byte, the one built with all four, and its SQE on
 * the lane is what the general builder makes; a direction whose template is not built takes
 * queue() (the lane refuses it, nothing queued). */
static void test_tmpl_built_alone(void **state)
{
	(void)state;
	struct ssd_tp_nvme_dev all, one;

	namespace_4k(&all, -1, 1500, false);
	for (int op = 0; op < 2; op++) {
		for (int fua = 0; fua < 2; fua++) {
			const uint8_t bit = SSD_TP_NVME_TMPL(op, fua);
			struct fake_ring *f = calloc(1, sizeof(*f));
			struct ssd_tp_uring_rw rw;
			struct ssd_io io = {.op = op ? SSD_OP_WRITE : SSD_OP_READ,
					    .flags = fua ? SSD_IO_FUA : 0,
					    .offset = 3 << 12,
					    .len = 8192,
					    .buf = (void *)(uintptr_t)0x10000,
					    .slot = 1};

			assert_non_null(f);
			fake_ring_init(f, false);
			namespace_4k(&one, -1, 1500, false);
			memset(one.rw_tmpl, 0, sizeof(one.rw_tmpl));
			memset(one.sqe_tmpl, 0, sizeof(one.sqe_tmpl));
			assert_int_equal(ssd_tp_nvme_rw_templates(&one, bit), 0);
			ssd_tp_uring_sqe_templates(&one, false);
			assert_int_equal(one.tmpl_built, bit);
			assert_memory_equal(&one.rw_tmpl[op][fua], &all.rw_tmpl[op][fua],
					    sizeof(all.rw_tmpl[op][fua]));
			assert_memory_equal(one.sqe_tmpl[op][fua], all.sqe_tmpl[op][fua],
					    sizeof(all.sqe_tmpl[op][fua]));
			io.dev = &one.base;
			assert_true(ssd_tp_uring_rw_of(&one.base, fua ? SSD_IO_FUA : 0,
						       fua ? SSD_IO_FUA : 0, &rw));
			assert_non_null(rw.sqe[op]);
			assert_null(rw.sqe[!op]);
			assert_false(
			    ssd_tp_uring_lane_rw(&f->lane, &rw, !op, 0, 4096, io.buf, &io));
			assert_int_equal(f->lane.queued, 0);
			assert_true(ssd_tp_uring_lane_rw(&f->lane, &rw, op, io.offset, io.len,
							 io.buf, &io));
			check_sqe(&f->sqes[0], &one, &io, false);
			free(f);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rw_matches_general_builder),
	    cmocka_unit_test(test_held_slot_reused),
	    cmocka_unit_test(test_refused_untouched),
	    cmocka_unit_test(test_peek_take),
	    cmocka_unit_test(test_tmpl_want),
	    cmocka_unit_test(test_tmpl_built_alone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
