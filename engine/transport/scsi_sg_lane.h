/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_sg_lane.h - scsi-sg's fast lane: READ and WRITE into the slot's sg_io_hdr, written to the
 * slot's fd at commit, and completions read back inline (the one command in the kernel in its
 * fd's blocking read(), several through one epoll_wait()), for a caller that drives the queue
 * itself (the fio glue, engine/fio/). Everything else (other commands, a command that is not
 * whole blocks or above the largest transfer, an fd to open first, an error, a retry, a
 * timeout) goes through the transport's ops (scsi_sg.c), on the same context and counts.
 *
 * One thread owns a context (fio's job thread); nothing here locks.
 */
#ifndef SSDENG_SCSI_SG_LANE_H
#define SSDENG_SCSI_SG_LANE_H

#include "transport/scsi_sg_dev.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SSD_TP_SG_SEEN_MAX 32

/* One command in flight; indexed by the slot of its first (or only) io. */
struct ssd_tp_sg_cmd {
	struct sg_io_hdr hdr;
	struct ssd_scsi_cdb cdb;
	uint8_t sense[SSD_HOST_SENSE_LEN];
	struct ssd_io *io;    /* the io that owns the command */
	struct ssd_io *batch; /* further trims answered by the same UNMAP */
	struct ssd_tp_sg_dev *dev;
	/* the READ/WRITE template hdr's direction, timeout and flags were set for (NULL:
	 * another command's) */
	const struct ssd_scsi_rw_tmpl *held;
	unsigned int fd_idx;
	uint64_t lba;
	uint32_t nlb;
	uint8_t *param; /* UNMAP parameter list, 8 + 16 * depth bytes, made for the first trim */
	bool ua_retried;
	bool in_kernel; /* written to fd fd_idx, not yet read back */
};

/* One fio thread's queue over every sg device it opened. */
struct ssd_tp_sg_ctx {
	struct ssd_ctx base;
	struct ssd_options opt;
	unsigned int depth;
	bool sgio;
	bool said_dio; /* a data command's direct-I/O answer was looked at (said once) */
	bool write_same_unmap;
	struct ssd_tp_sg_cmd *cmds;	   /* depth, after the context in its allocation */
	struct ssd_io **next_in_batch;	   /* depth, by slot */
	struct ssd_scsi_lba_range *ranges; /* depth: scratch for building an UNMAP */
	struct ssd_io **pending;	   /* depth: queued, written at commit() */
	unsigned int npending;
	struct ssd_io **done; /* depth, FIFO of finished ios not yet reaped */
	unsigned int done_head, ndone;
	unsigned int inkernel;	     /* commands written, not yet read */
	struct ssd_tp_sg_cmd *lone;  /* the one command in the kernel, when known */
	unsigned int nopen;	     /* fds open over every device */
	struct ssd_tp_sg_dev **devs; /* ndevs; &dev0 while one */
	struct ssd_tp_sg_dev *dev0;
	unsigned int ndevs;
	int ep;			 /* epoll set of every open fd, from the second one; -1 before */
	struct epoll_event *evs; /* depth */
	uint64_t seen[SSD_TP_SG_SEEN_MAX];
	unsigned int nseen;
};

/* ssd_tp_sg_sys3() - a three-argument system call, inline on x86-64 (libc's read() and write()
 * are thread-cancellation points and pay for it on every call; fio never cancels its job
 * threads). Return its result, -errno on failure. */
static inline long ssd_tp_sg_sys3(long nr, long a, const void *b, size_t c)
{
#if defined(__x86_64__)
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return ret;
#else
	long ret = syscall(nr, a, b, c);

	return ret < 0 ? -errno : ret;
#endif
}

/* ssd_tp_sg_sys4() - ssd_tp_sg_sys3() with a fourth argument. */
static inline long ssd_tp_sg_sys4(long nr, long a, const void *b, long c, long d)
{
#if defined(__x86_64__)
	register long r10 __asm__("r10") = d;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return ret;
#else
	long ret = syscall(nr, a, b, c, d);

	return ret < 0 ? -errno : ret;
#endif
}

/* ssd_tp_sg_ctx_of() - the context behind the contract's handle (a scsi-sg context). */
static inline struct ssd_tp_sg_ctx *ssd_tp_sg_ctx_of(struct ssd_ctx *c)
{
	return ssd_container_of(c, struct ssd_tp_sg_ctx, base);
}

/**
 * ssd_tp_sg_fill_rw() - READ (@write false) or WRITE of @len bytes at byte @off into @buf for
 * @io on @d in @io's slot, from template @t (the device's, for that direction and FUA): the CDB
 * from the template, the slot's header (its fixed fields set again only when the slot held
 * another kind of command).
 * Return: true when filled; false for an offset or length that is not whole blocks, empty,
 * above the largest transfer, or an LBA range the CDB size cannot hold (nothing done).
 */
static inline bool ssd_tp_sg_fill_rw(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d,
				     const struct ssd_scsi_rw_tmpl *t, bool write, uint64_t off,
				     uint64_t len, void *buf, struct ssd_io *io)
{
	struct ssd_tp_sg_cmd *cmd = &c->cmds[io->slot];
	uint64_t lba, nlb;

	if (!len || ((off | len) & (d->cap.lba_bytes - 1)))
		return false;
	lba = off >> d->lba_shift;
	nlb = len >> d->lba_shift;
	if ((d->max_xfer_blocks && nlb > d->max_xfer_blocks) || nlb > UINT32_MAX ||
	    ssd_scsi_rw_tmpl_fill(&cmd->cdb, t, lba, (uint32_t)nlb))
		return false;
	if (cmd->held != t) {
		cmd->held = t;
		cmd->dev = d;
		cmd->hdr.dxfer_direction = write ? SG_DXFER_TO_DEV : SG_DXFER_FROM_DEV;
		cmd->hdr.iovec_count = 0;
		cmd->hdr.timeout = d->timeout_ms;
		/* fio's buffers are page aligned (FIO_MEMALIGN): with the sg driver's allow_dio it
		 * maps them, else it copies */
		cmd->hdr.flags = SG_FLAG_Q_AT_TAIL | SG_FLAG_DIRECT_IO;
	}
	cmd->io = io;
	cmd->batch = NULL;
	cmd->ua_retried = false;
	cmd->lba = lba;
	cmd->nlb = (uint32_t)nlb;
	cmd->hdr.cmd_len = cmd->cdb.len;
	cmd->hdr.dxfer_len = (unsigned int)len;
	cmd->hdr.dxferp = buf;
	return true;
}

/**
 * ssd_tp_sg_lane_rw() - ssd_tp_sg_fill_rw(), and the command queued for commit.
 * Return: true when queued; false when it needs the transport's queue() (nothing done). The
 * caller keeps what is queued and in flight within the depth (fio never has more io_u) and
 * uses the lane only in async mode.
 */
static inline bool ssd_tp_sg_lane_rw(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d,
				     const struct ssd_scsi_rw_tmpl *t, bool write, uint64_t off,
				     uint64_t len, void *buf, struct ssd_io *io)
{
	if (!ssd_tp_sg_fill_rw(c, d, t, write, off, len, buf, io))
		return false;
	c->pending[c->npending++] = io;
	return true;
}

/* ssd_tp_sg_commit_from() - write pending commands @i on (out of line: the transport's commit,
 * for whatever ssd_tp_sg_lane_commit() does not write itself). Return 0. */
int ssd_tp_sg_commit_from(struct ssd_tp_sg_ctx *c, unsigned int i);

/**
 * ssd_tp_sg_lane_commit() - write what is queued: each READ or WRITE to its slot's open fd here,
 * anything else (an fd to open first, a trim that may join an UNMAP) by the transport.
 * Return: 0 (a command that cannot be written is finished with its error).
 */
static inline int ssd_tp_sg_lane_commit(struct ssd_tp_sg_ctx *c)
{
	for (unsigned int i = 0; i < c->npending; i++) {
		struct ssd_io *io = c->pending[i];
		struct ssd_tp_sg_cmd *cmd = &c->cmds[io->slot];
		struct ssd_tp_sg_dev *d = cmd->dev;
		const unsigned int k = d->nfds >= c->depth ? io->slot : io->slot % d->nfds;

		if (io->op > SSD_OP_WRITE || d->fds[k] < 0 ||
		    ssd_tp_sg_sys3(SYS_write, d->fds[k], &cmd->hdr, sizeof(cmd->hdr)) < 0)
			return ssd_tp_sg_commit_from(c, i);
		cmd->fd_idx = k;
		cmd->in_kernel = true;
		d->fd_busy[k]++;
		c->lone = c->inkernel++ ? NULL : cmd;
	}
	c->npending = 0;
	return 0;
}

/* ssd_tp_sg_settle() - the transport's handling of what a read() of fd @k of @d gave (@n: its
 * result into @h, or -errno) that the lane does not take itself, out of line: the command
 * lands on the done list or is sent again. */
void ssd_tp_sg_settle(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k,
		      const struct sg_io_hdr *h, long n);

/*
 * ssd_tp_sg_lane_take_one() - read a completion from fd @k of @d (one is there, or @d's fd is
 * where the one command in the kernel waits) and take it when it ended GOOD with nothing left
 * untransferred: its io's cookie to @cookie, 1. Else the transport settles it (its result or
 * its sending again then with the transport's reap), 0.
 */
static inline int ssd_tp_sg_lane_take_one(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d,
					  unsigned int k, void **cookie)
{
	struct ssd_tp_sg_cmd *cmd;
	struct sg_io_hdr h;
	long n = ssd_tp_sg_sys3(SYS_read, d->fds[k], &h, sizeof(h));

	if (n != (long)sizeof(h) || (h.status | h.host_status | h.driver_status) || h.resid > 0 ||
	    !c->said_dio) {
		ssd_tp_sg_settle(c, d, k, &h, n);
		return 0;
	}
	cmd = h.usr_ptr;
	cmd->in_kernel = false;
	d->fd_busy[k]--;
	c->inkernel--;
	if (c->lone == cmd)
		c->lone = NULL;
	*cookie = cmd->io->cookie;
	return 1;
}

/**
 * ssd_tp_sg_lane_take() - what a reap that waits with no time limit takes inline: the one
 * command in the kernel, waited for in its fd's read(); or, with several on several fds, what
 * one epoll_wait() reports, one read() each.
 * @c:   the context
 * @max: most to take
 * @out: each taken command's io's cookie
 * Return: how many were taken (GOOD, nothing left untransferred: their io's results stay what
 * the caller set before queueing, 0); 0 also when the lane does not apply (nothing in the
 * kernel, something already finished). What it read and did not take (an error, a retry) is
 * with the transport's reap, which the caller calls when it has fewer than it needs.
 */
static inline unsigned int ssd_tp_sg_lane_take(struct ssd_tp_sg_ctx *c, unsigned int max,
					       void **out)
{
	struct ssd_tp_sg_cmd *cmd = c->lone;
	unsigned int got = 0;
	long n;

	if (c->ndone || !c->inkernel)
		return 0;
	if (cmd)
		return (unsigned int)ssd_tp_sg_lane_take_one(c, cmd->dev, cmd->fd_idx, out);
	if (c->ep < 0)
		return 0;
	n = ssd_tp_sg_sys4(SYS_epoll_wait, c->ep, c->evs, max < c->depth ? max : c->depth, -1);
	for (long i = 0; i < n; i++) {
		const struct ssd_tp_sg_fd_tag *tag = c->evs[i].data.ptr;

		if (tag->dev->fd_busy[tag->k])
			got +=
			    (unsigned int)ssd_tp_sg_lane_take_one(c, tag->dev, tag->k, out + got);
	}
	return got;
}

#endif
