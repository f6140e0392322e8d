/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_uring_lane.h - nvme-uring's fast lane: Read and Write of a namespace straight into the
 * thread's ring, for a caller that drives the ring inline (the fio glue, engine/fio/), and the
 * submit and reap every command of the ring goes through.
 *
 * A lane is one nvme-uring context's ring (struct ssd_tp_ring) with its counts; a struct
 * ssd_tp_uring_rw is what one open namespace needs for its Reads and Writes on it: the 128-byte
 * SQE templates made at open (nvme_io.h, nvme_uring.c) and the checks decided there. A Read or
 * Write that fits (whole logical blocks, no larger than the largest transfer) costs a copy of
 * the template when its SQE slot holds another command, and five fields; everything else (other
 * operations, separate metadata, reference tags, registered buffers) goes through the
 * transport's queue() (struct ssd_transport_ops), which fills SQEs of the same ring. Both count
 * in the same lane, so commit and reap see every command.
 *
 * One thread owns a lane (fio's job thread); nothing here locks.
 */
#ifndef SSDENG_NVME_URING_LANE_H
#define SSDENG_NVME_URING_LANE_H

#include "transport/uring_ring.h"
#include "core/transport_registry.h"

#include <linux/nvme_ioctl.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* One nvme-uring context's ring and its counts. */
struct ssd_tp_uring_lane {
	struct ssd_tp_ring r;
	unsigned int depth;    /* the job's iodepth: at most this many queued + in flight */
	unsigned int queued;   /* in the SQ, not yet submitted */
	unsigned int inflight; /* submitted, not reaped */
	/* per SQ slot, the template whose whole SQE the slot holds (NULL: another command);
	 * sq_entries entries */
	const uint64_t **held;
	/* fixedbufs: each slot's buffer (ssd_options.io_bufs) is registered, buffer index = slot,
	 * and the templates say so (IORING_URING_CMD_FIXED); NULL: none */
	const struct iovec *bufs;
};

/* What one open namespace's Reads and Writes need on the lane (ssd_tp_uring_rw_of()). */
struct ssd_tp_uring_rw {
	const uint64_t *sqe[2]; /* by direction (0 read, 1 write): the SQE template, FUA
				 * decided; NULL: that direction takes queue() */
	uint32_t cdw12[2];	/* the template's CDW12 (FUA, PRINFO; NLB 0) by direction */
	uint64_t unit_mask;	/* bytes per LBA - 1: offsets and lengths are whole LBAs */
	uint64_t max_len;	/* bytes - 1: the largest transfer, at most 65536 LBAs */
	uint8_t unit_shift;	/* log2(bytes per LBA) */
};

/**
 * ssd_tp_uring_lane_rw() - queue a Read (@dir 0) or Write (@dir 1) of @len bytes at byte
 * @off into @buf for @io, from @rw's template, when it can take the lane.
 * @l:   the lane of the context @rw was made for
 * @rw:  the namespace
 * @buf: inside the buffer of @io's slot (ssd_options.io_bufs), which the templates may name
 *       as registered buffer @io->slot
 * @io:  the request's handle, the CQE's user_data (its pointer and slot are used here)
 * Return: true when queued; false when the request needs queue() (no template for @dir, an
 * offset or length that is not whole LBAs, empty, or above the largest transfer), nothing
 * done. The caller keeps queued + in flight within @l->depth (fio never has more io_u).
 */
static inline bool ssd_tp_uring_lane_rw(struct ssd_tp_uring_lane *l,
					const struct ssd_tp_uring_rw *rw, unsigned int dir,
					uint64_t off, uint64_t len, void *buf, struct ssd_io *io)
{
	const uint64_t *t = rw->sqe[dir];
	unsigned int idx = l->r.sq_tail & l->r.sq_mask;
	struct io_uring_sqe *sqe = l->r.sqes + 2 * idx;
	struct nvme_uring_cmd *cmd = (struct nvme_uring_cmd *)sqe->cmd;
	uint64_t slba;

	if (!t || ((off | len) & rw->unit_mask) || len - 1 > rw->max_len)
		return false;
	if (l->held[idx] != t) {
		memcpy(sqe, t, 128);
		l->held[idx] = t;
	}
	slba = off >> rw->unit_shift;
	sqe->user_data = (uintptr_t)io;
	sqe->buf_index = (uint16_t)io->slot; /* read by the kernel only with the template's FIXED */
	cmd->addr = (uintptr_t)buf;
	cmd->cdw12 = rw->cdw12[dir] | (uint32_t)((len >> rw->unit_shift) - 1);
	memcpy(&cmd->cdw10, &slba, sizeof(slba)); /* CDW10, CDW11: SLBA little-endian */
	cmd->data_len = (uint32_t)len;
	l->r.sq_tail++;
	l->queued++;
	return true;
}

/**
 * ssd_tp_uring_lane_submit() - have the kernel take what is queued: one io_uring_enter(), which
 * also waits there for a completion when queued + in flight fill the depth (what the caller
 * would wait for next anyway).
 * Return: 0, or -errno (EAGAIN, EBUSY and EINTR are 0: retried on the next commit or reap).
 */
static inline int ssd_tp_uring_lane_submit(struct ssd_tp_uring_lane *l)
{
	int ret;

	if (!l->queued)
		return 0;
	ret = ssd_tp_ring_submit(&l->r, l->queued, l->queued + l->inflight >= l->depth);
	if (ret < 0)
		return ret == -EAGAIN || ret == -EINTR || ret == -EBUSY ? 0 : ret;
	l->inflight += (unsigned int)ret;
	l->queued -= (unsigned int)ret < l->queued ? (unsigned int)ret : l->queued;
	return 0;
}

/**
 * ssd_tp_uring_lane_status() - @io ended with @res (nonzero) in a CQE of lane @l: set
 * @io->error and @io->resid, log a first occurrence (nvme_io.h ssd_tp_nvme_complete(); @io's
 * op, range and dev must be set).
 */
void ssd_tp_uring_lane_status(struct ssd_tp_uring_lane *l, struct ssd_io *io, int res);

/* A command of a lane that ended with a nonzero CQE result @res (an NVMe status or -errno): the
 * caller's handler, which must call ssd_tp_uring_lane_status(). */
typedef void ssd_tp_uring_failed_fn(struct ssd_tp_uring_lane *l, struct ssd_io *io, int res);

/* ssd_tp_uring_lane_failures() - call @failed for each of the @n oldest CQEs with a nonzero
 * result (out of line: the callers' loops stay free of calls). */
void ssd_tp_uring_lane_failures(struct ssd_tp_uring_lane *l, unsigned int n,
				ssd_tp_uring_failed_fn *failed);

/**
 * ssd_tp_uring_lane_peek() - read up to @max completions from the ring without taking them.
 * @l:       the lane
 * @max:     most to read
 * @out:     each completed request, in completion order: its @io->cookie (@cookies), or @io
 * @cookies: what @out gets (a constant: the call folds to one of the two)
 * @bad:     output: nonzero when one of them ended with a nonzero CQE result (an NVMe status or
 *           -errno): ssd_tp_uring_lane_failures() must then see them before they are taken
 * Return: how many were read. With @cookies a successful request's @io is not written (its
 * results stay what the caller set before queueing: 0); without, io->error and io->resid are
 * set for every one (a failed one's again by its handler).
 */
static inline unsigned int ssd_tp_uring_lane_peek(struct ssd_tp_uring_lane *l, unsigned int max,
						  void **out, bool cookies, int *bad)
{
	unsigned int n = ssd_tp_ring_ready(&l->r);
	int res = 0;

	if (n > max)
		n = max;
	for (unsigned int i = 0; i < n; i++) {
		const struct io_uring_cqe *cqe = ssd_tp_ring_cqe(&l->r, i);
		struct ssd_io *io = (struct ssd_io *)(uintptr_t)cqe->user_data;

		res |= cqe->res;
		if (cookies) {
			out[i] = io->cookie;
		} else {
			io->error = 0;
			io->resid = 0;
			out[i] = io;
		}
	}
	*bad = res;
	return n;
}

/* ssd_tp_uring_lane_consume() - the @n oldest completions are taken: one head update. */
static inline void ssd_tp_uring_lane_consume(struct ssd_tp_uring_lane *l, unsigned int n)
{
	ssd_tp_ring_advance(&l->r, n);
	l->inflight -= n;
}

/**
 * ssd_tp_uring_lane_take() - ssd_tp_uring_lane_peek(), the failures' handler for each that
 * failed, ssd_tp_uring_lane_consume().
 * Return: how many were taken.
 */
static inline unsigned int ssd_tp_uring_lane_take(struct ssd_tp_uring_lane *l, unsigned int max,
						  void **out, bool cookies,
						  ssd_tp_uring_failed_fn *failed)
{
	int bad;
	unsigned int n = ssd_tp_uring_lane_peek(l, max, out, cookies, &bad);

	if (__builtin_expect(bad != 0, 0))
		ssd_tp_uring_lane_failures(l, n, failed);
	if (n)
		ssd_tp_uring_lane_consume(l, n);
	return n;
}

/**
 * ssd_tp_uring_lane_reap() - ssd_tp_uring_lane_take() after making sure at least @min are
 * there: submit what is queued, then wait for (or poll for, or run the task work that posts)
 * what is missing.
 * @t: longest wait, NULL for no bound
 * Return: how many were taken, or -errno.
 */
int ssd_tp_uring_lane_reap(struct ssd_tp_uring_lane *l, unsigned int min, unsigned int max,
			   void **out, bool cookies, const struct timespec *t,
			   ssd_tp_uring_failed_fn *failed);

/**
 * ssd_tp_uring_lane_of() - the lane of an nvme-uring context (ssd_tp_nvme_uring_ops).
 */
struct ssd_tp_uring_lane *ssd_tp_uring_lane_of(struct ssd_ctx *ctx);

struct ssd_tp_nvme_dev;

/**
 * ssd_tp_uring_sqe_templates() - the whole 128-byte SQE of each of @dev's Read/Write templates
 * built (@dev->tmpl_built; @dev->sqe_tmpl from @dev->rw_tmpl): the header (IORING_OP_URING_CMD,
 * NVME_URING_CMD_IO, the file or registered file index, registered buffer 0 when @fixed_buf), then
 * the command. Called at open.
 */
void ssd_tp_uring_sqe_templates(struct ssd_tp_nvme_dev *dev, bool fixed_buf);

/**
 * ssd_tp_uring_rw_of() - whether Reads and Writes of @dev (a namespace opened on an nvme-uring
 * context) can take that context's lane, and what they need there.
 * @dev:         the namespace
 * @read_flags:  enum ssd_io_flags of every Read (SSD_IO_FUA)
 * @write_flags: enum ssd_io_flags of every Write; -1: writes are not Writes (nvme_write_mode)
 * @out:         output
 * Return: true when they can (no separate metadata, no reference tag; a direction whose
 * template is not built, @dev->tmpl_built, takes queue()); false: everything goes through
 * queue().
 */
bool ssd_tp_uring_rw_of(struct ssd_dev *dev, uint32_t read_flags, int64_t write_flags,
			struct ssd_tp_uring_rw *out);

#endif
