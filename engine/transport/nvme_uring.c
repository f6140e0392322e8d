// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_uring.c - the asynchronous NVMe transport: io_uring passthrough (IORING_OP_URING_CMD,
 * cmd_op NVME_URING_CMD_IO) on the generic char device /dev/ngXnY, one ring per fio thread
 * with 128-byte SQEs and 32-byte CQEs (Linux 5.19+). The ring has a power-of-two size >= the
 * job's iodepth; queue() refuses (SSD_Q_BUSY) beyond iodepth, so the in-flight count never
 * exceeds it. cqe->res is 0, the NVMe status (> 0), or -errno from the host.
 *
 * Read and Write are built from the namespace's templates (nvme_io.h: a whole SQE per direction
 * and FUA, made at open) with the range and buffers filled in, on the context's lane
 * (nvme_uring_lane.h), which the fio glue also drives inline; the rings are driven directly
 * (uring_ring.h): one io_uring_enter() per commit (which also waits for a completion when the
 * queue is full, as fio's reap would next), none to reap completions already in the ring, the CQ
 * head published once per batch. No clock is read per command: a command's start is the caller's
 * issue time (ssd_io.issued), read back only when the kernel cancels it.
 *
 * Optional features, each tried at ctx_init()/open() with a warning and a fallback:
 * sqthread_poll (IORING_SETUP_SQPOLL), hipri (IORING_SETUP_IOPOLL; needs nvme poll_queues),
 * registerfiles (a file table registered with the first file), fixedbufs (each slot's buffer,
 * ssd_options.io_bufs, registered under the slot's index, which the templates name;
 * IORING_URING_CMD_FIXED, Linux 6.1+).
 */
#include "transport/nvme_io.h"
#include "transport/nvme_uring_lane.h"
#include "host/dev_class.h"
#include "core/dev_cache.h"
#include "common/ssd_log.h"

#include <errno.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>

#define NVME_URING_FILES 64 /* registered file table size */

/* One fio thread's ring. */
struct ssd_tp_uring_ctx {
	struct ssd_ctx base;
	struct ssd_options opt;
	struct ssd_tp_nvme_scratch s; /* ssd_tp_nvme_scratch_init() zeroes it */
	struct io_uring ring;	      /* set up by liburing, driven through lane.r; follows @s */
	struct ssd_tp_uring_lane lane;
	bool iopoll;
	bool files_tried; /* registerfiles: the table was registered, or that failed */
	bool fixed_files; /* the table is registered */
	bool file_used[NVME_URING_FILES];
	unsigned int nheld;	   /* entries of held_at: the ring's size asked for */
	const uint64_t *held_at[]; /* lane.held, in the same allocation when the ring has nheld */
};

static unsigned int pow2_at_least(unsigned int n)
{
	unsigned int p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

#define NVME_POLL_QUEUES "/sys/module/nvme/parameters/poll_queues"

/* nvme poll queues (module parameter poll_queues) are what IOPOLL needs on PCIe; read once per
 * process (a module parameter set at load) */
static unsigned int nvme_poll_queues(void)
{
	uint64_t n = 0;

	if (ssd_dev_cache_fact(NVME_POLL_QUEUES, &n, sizeof(n)))
		return (unsigned int)n;
	if (ssd_host_read_u64(NVME_POLL_QUEUES, &n) < 0)
		n = 0;
	ssd_dev_cache_put_fact(NVME_POLL_QUEUES, &n, sizeof(n));
	return (unsigned int)n;
}

/*
 * Why io_uring_setup() failed with @ret: EPERM comes from kernel.io_uring_disabled (Linux 6.6
 * and later: 1 = only root/io_uring_group, 2 = nobody) or, where that sysctl does not exist or
 * is 0, from a seccomp filter or an LSM.
 */
static void refusal_hint(int ret, char *buf, size_t len)
{
	FILE *f;
	int v = -1;

	buf[0] = '\0';
	if (ret == -EINVAL) {
		snprintf(buf, len, " (kernel older than 5.19?)");
		return;
	}
	if (ret != -EPERM)
		return;
	f = fopen("/proc/sys/kernel/io_uring_disabled", "r");
	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = -1;
		fclose(f);
	}
	if (v > 0)
		snprintf(buf, len, " (kernel.io_uring_disabled=%d: io_uring is %s)", v,
			 v == 1 ? "limited to root and kernel.io_uring_group" : "disabled for all");
	else
		snprintf(buf, len, " (refused by a seccomp filter or an LSM%s)",
			 f ? "; kernel.io_uring_disabled is 0"
			   : "; this kernel has no kernel.io_uring_disabled, added in Linux 6.6");
}

static int ring_init(struct ssd_tp_uring_ctx *c, unsigned int entries)
{
	struct io_uring_params p;
	unsigned int base = IORING_SETUP_SQE128 | IORING_SETUP_CQE32, extra = 0;
	int ret;

	if (c->opt.sqthread_poll)
		extra |= IORING_SETUP_SQPOLL;
	if (c->opt.hipri) {
		if (nvme_poll_queues())
			extra |= IORING_SETUP_IOPOLL;
		else
			ssd_log(SSD_LOG_WARN,
				"nvme-uring: hipri ignored: the nvme driver has no poll "
				"queues (load it with poll_queues=N); completions use interrupts");
	}
	/* Completions of passthrough commands run as task work: with one submitter per ring
	 * (each fio thread has its own), defer it to our io_uring_enter() calls instead of
	 * interrupting the thread for each one (kernel 6.1+; COOP_TASKRUN alone on 5.19+). */
	memset(&p, 0, sizeof(p));
	p.flags = base | extra | IORING_SETUP_COOP_TASKRUN;
	if (!(extra & IORING_SETUP_SQPOLL))
		p.flags |= IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
	p.sq_thread_idle = 1000;
	ret = io_uring_queue_init_params(entries, &c->ring, &p);
	if (ret == -EINVAL) {
		memset(&p, 0, sizeof(p));
		p.flags = base | extra;
		p.sq_thread_idle = 1000;
		ret = io_uring_queue_init_params(entries, &c->ring, &p);
	}
	if (ret < 0 && extra) {
		ssd_log(SSD_LOG_WARN, "nvme-uring: %s%s unavailable (%s); continuing without",
			extra & IORING_SETUP_SQPOLL ? "sqthread_poll " : "",
			extra & IORING_SETUP_IOPOLL ? "hipri" : "", strerror(-ret));
		extra = 0;
		memset(&p, 0, sizeof(p));
		p.flags = base;
		ret = io_uring_queue_init_params(entries, &c->ring, &p);
	}
	if (ret < 0) {
		char why[160];

		refusal_hint(ret, why, sizeof(why));
		ssd_log(SSD_LOG_WARN,
			"nvme-uring: io_uring with 128-byte SQEs and 32-byte CQEs "
			"unavailable: %s%s",
			strerror(-ret), why);
		return ret;
	}
	c->iopoll = extra & IORING_SETUP_IOPOLL;
	ssd_tp_ring_attach(&c->lane.r, &c->ring, p.flags);
	c->lane.held = c->lane.r.sq_entries <= c->nheld
			   ? c->held_at
			   : calloc(c->lane.r.sq_entries, sizeof(*c->lane.held));
	if (!c->lane.held) {
		io_uring_queue_exit(&c->ring);
		return -ENOMEM;
	}
	return 0;
}

/* fixedbufs: each slot's buffer registered under the slot's index (one io_uring_register()
 * call). Not a region holding them all: Linux 6.1 maps a fixed buffer's pages from the
 * command's start to the buffer's end, and refuses more than the queue's max_segments. */
static void register_buffers(struct ssd_tp_uring_ctx *c)
{
	int ret;

	if (!c->opt.fixedbufs || !c->opt.io_bufs)
		return;
	ret = io_uring_register_buffers(&c->ring, c->opt.io_bufs, c->lane.depth);
	if (ret < 0) {
		ssd_log(SSD_LOG_WARN,
			"nvme-uring: fixedbufs unavailable (%s); using unregistered buffers",
			strerror(-ret));
		return;
	}
	c->lane.bufs = c->opt.io_bufs;
}

static struct ssd_tp_uring_ctx *uring_ctx(struct ssd_ctx *c)
{
	return ssd_container_of(c, struct ssd_tp_uring_ctx, base);
}

/*
 * IORING_SETUP_SQE128 and IORING_OP_URING_CMD came in the same release (Linux 5.19): a ring
 * with 128-byte SQEs has passthrough commands, so no opcode probe is needed.
 */
static int uring_ctx_init(struct ssd_ctx **out, const struct ssd_options *opt)
{
	const unsigned int entries = pow2_at_least(opt->depth ? opt->depth : 1);
	const size_t size = sizeof(struct ssd_tp_uring_ctx) + entries * sizeof(const uint64_t *);
	struct ssd_tp_uring_ctx *c = malloc(size);
	int ret;

	if (!c)
		return -ENOMEM;
	/* zeroed once: all but the scratch here, the scratch by its init (calloc zeroed its
	 * 800 bytes of logged-status bitmaps twice) */
	_Static_assert(offsetof(struct ssd_tp_uring_ctx, ring) >=
			   offsetof(struct ssd_tp_uring_ctx, s) +
			       sizeof(struct ssd_tp_nvme_scratch),
		       "the scratch lies between the two zeroed parts");
	memset(c, 0, offsetof(struct ssd_tp_uring_ctx, s));
	memset((char *)c + offsetof(struct ssd_tp_uring_ctx, ring), 0,
	       size - offsetof(struct ssd_tp_uring_ctx, ring));
	c->opt = *opt;
	c->lane.depth = opt->depth ? opt->depth : 1;
	c->nheld = entries;
	ret = ssd_tp_nvme_scratch_init(&c->s, opt);
	if (ret)
		goto fail;
	ret = ring_init(c, entries);
	if (ret)
		goto fail_scratch;
	register_buffers(c);
	c->base.ops = &ssd_tp_nvme_uring_ops;
	*out = &c->base;
	return 0;
fail_scratch:
	ssd_tp_nvme_scratch_free(&c->s);
fail:
	free(c);
	return ret;
}

static void uring_ctx_exit(struct ssd_ctx *ctx)
{
	struct ssd_tp_uring_ctx *c = ctx ? uring_ctx(ctx) : NULL;

	if (!c)
		return;
	io_uring_queue_exit(&c->ring);
	ssd_tp_nvme_scratch_free(&c->s);
	if (c->lane.held != c->held_at)
		free(c->lane.held);
	free(c);
}

struct ssd_tp_uring_lane *ssd_tp_uring_lane_of(struct ssd_ctx *ctx)
{
	return &uring_ctx(ctx)->lane;
}

/* The SQE's header for a passthrough command of @dev; the command itself goes in sqe->cmd. */
static void fill_sqe(struct io_uring_sqe *sqe, const struct ssd_tp_nvme_dev *dev, void *data)
{
	/* a 128-byte SQE spans two 64-byte slots: the header, then 80 bytes of command */
	memset(sqe, 0, offsetof(struct io_uring_sqe, cmd));
	sqe->opcode = IORING_OP_URING_CMD;
	sqe->cmd_op = NVME_URING_CMD_IO;
	if (dev->file_index >= 0) {
		sqe->fd = dev->file_index;
		sqe->flags |= IOSQE_FIXED_FILE;
	} else {
		sqe->fd = dev->fd;
	}
	io_uring_sqe_set_data(sqe, data);
}

/* The next SQE for a command that is not a template's whole copy (the caller keeps queued + in
 * flight within the depth). */
static struct io_uring_sqe *lane_sqe(struct ssd_tp_uring_lane *l)
{
	l->held[l->r.sq_tail & l->r.sq_mask] = NULL;
	return ssd_tp_ring_sqe_fast(&l->r);
}

/* The NVMe command area of a 128-byte SQE, zeroed past struct nvme_uring_cmd. */
static struct nvme_uring_cmd *sqe_cmd(struct io_uring_sqe *sqe)
{
	_Static_assert(offsetof(struct io_uring_sqe, cmd) + sizeof(struct nvme_uring_cmd) + 8 ==
			   128,
		       "struct nvme_uring_cmd fills a 128-byte SQE's command area but 8 bytes");
	memset((uint8_t *)sqe + 120, 0, 8);
	return (struct nvme_uring_cmd *)sqe->cmd;
}

/*
 * On an IOPOLL (hipri) ring, a command without data (Flush, Write Zeroes, Verify) runs here,
 * synchronously through NVME_IOCTL_IO64_CMD. Linux 6.1 polls a passthrough command through its
 * bio (nvme_ns_chr_uring_cmd_iopoll()): one without a bio completes only when another command's
 * poll reaps its queue, and then through task work, which overwrites the poll cookie it shares
 * a union with in struct io_uring_cmd; the next poll follows that pointer and the kernel
 * faults (general protection fault in bio_poll, seen in the lab on Debian's 6.1.192).
 */
static int no_data_sync(struct ssd_tp_uring_ctx *c, struct ssd_io *io,
			const struct nvme_uring_cmd *cmd)
{
	struct nvme_passthru_cmd64 pt;
	struct timespec start;
	int ret;

	ssd_nvme_cmd_to_ioctl(cmd, &pt);
	ssd_tp_nvme_clock(&c->s, &start);
	ret = ioctl(ssd_tp_nvme_dev_of(io->dev)->fd, NVME_IOCTL_IO64_CMD, &pt);
	ssd_tp_nvme_complete(&c->s, io, ret < 0 ? -errno : ret, &start);
	return SSD_Q_COMPLETED;
}

/* registerfiles: @dev's fd in the ring's file table, registered with the first file (one
 * io_uring_register() call), updated for later ones. */
static void register_file(struct ssd_tp_uring_ctx *c, struct ssd_tp_nvme_dev *dev)
{
	int fds[NVME_URING_FILES];
	int ret;

	if (!c->files_tried) {
		c->files_tried = true;
		for (int i = 0; i < NVME_URING_FILES; i++)
			fds[i] = -1; /* sparse: filled by updates */
		fds[0] = dev->fd;
		ret = io_uring_register_files(&c->ring, fds, NVME_URING_FILES);
		if (ret < 0) {
			ssd_log(SSD_LOG_WARN,
				"nvme-uring: registerfiles unavailable (%s); "
				"using plain file descriptors",
				strerror(-ret));
			return;
		}
		c->fixed_files = true;
		c->file_used[0] = true;
		dev->file_index = 0;
		return;
	}
	for (int i = 0; c->fixed_files && i < NVME_URING_FILES; i++) {
		if (c->file_used[i])
			continue;
		if (io_uring_register_files_update(&c->ring, i, &dev->fd, 1) == 1) {
			c->file_used[i] = true;
			dev->file_index = i;
		}
		return;
	}
}

void ssd_tp_uring_sqe_templates(struct ssd_tp_nvme_dev *dev, bool fixed_buf)
{
	for (int op = 0; op < 2; op++) {
		for (int fua = 0; fua < 2; fua++) {
			struct io_uring_sqe *sqe = (struct io_uring_sqe *)dev->sqe_tmpl[op][fua];

			_Static_assert(sizeof(dev->sqe_tmpl[op][fua]) == 2 * sizeof(*sqe),
				       "an SQE template is one 128-byte SQE");
			if (!(dev->tmpl_built & SSD_TP_NVME_TMPL(op, fua)))
				continue;
			fill_sqe(sqe, dev, NULL);
			if (fixed_buf) {
				sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
			}
			*sqe_cmd(sqe) = dev->rw_tmpl[op][fua].cmd;
		}
	}
}

/* No SQE slot holds a template any more: a device opened or closed may reuse a template's
 * address with another file descriptor. */
static void forget_templates(struct ssd_tp_uring_ctx *c)
{
	memset(c->lane.held, 0, c->lane.r.sq_entries * sizeof(*c->lane.held));
}

/* @dev, opened for a job, on ring @c: the scratch fitted, the file registered, the SQE
 * templates built. On error @dev is closed. */
static int attach(struct ssd_tp_uring_ctx *c, struct ssd_tp_nvme_dev *dev, struct ssd_dev **out)
{
	/* An LSM that refuses io_uring passthrough (security_uring_cmd) does so per command: the
	 * glue falls back to nvme-ioctl when a command comes back refused, nothing is tried here */
	int ret = ssd_tp_nvme_scratch_fit(&c->s, dev);

	if (ret) {
		ssd_tp_nvme_close(dev, false);
		return ret;
	}
	if (c->opt.registerfiles)
		register_file(c, dev);
	ssd_tp_uring_sqe_templates(dev, c->lane.bufs != NULL);
	forget_templates(c);
	*out = &dev->base;
	return 0;
}

static int uring_open(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		      int oflags, struct ssd_dev **out, struct ssd_geometry *geo, char *err,
		      size_t errlen)
{
	struct ssd_tp_uring_ctx *c = ctx ? uring_ctx(ctx) : NULL;
	struct ssd_tp_nvme_dev *dev;
	int ret = ssd_tp_nvme_open(opt, !c, path, oflags, &dev, geo, err, errlen);

	if (ret)
		return ret;
	dev->base.ops = &ssd_tp_nvme_uring_ops;
	if (!c) {
		*out = &dev->base;
		return 0;
	}
	return attach(c, dev, out);
}

/* A probe's @d, made the job's on @ctx (ssd_tp_nvme_adopt(), then attach()). */
static int uring_adopt(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		       struct ssd_dev *d, struct ssd_geometry *geo, char *err, size_t errlen)
{
	struct ssd_tp_nvme_dev *dev = ssd_tp_nvme_dev_of(d);
	struct ssd_dev *out;
	int ret = ssd_tp_nvme_adopt(dev, path, err, errlen);

	(void)opt; /* the probe was opened with the job's options */
	if (ret)
		return ret;
	*geo = dev->geo;
	return attach(uring_ctx(ctx), dev, &out);
}

static void uring_close(struct ssd_ctx *ctx, struct ssd_dev *d)
{
	struct ssd_tp_uring_ctx *c = ctx ? uring_ctx(ctx) : NULL;
	struct ssd_tp_nvme_dev *dev = d ? ssd_tp_nvme_dev_of(d) : NULL;
	int none = -1;

	if (c && dev && dev->file_index >= 0) {
		io_uring_register_files_update(&c->ring, dev->file_index, &none, 1);
		c->file_used[dev->file_index] = false;
	}
	if (c)
		forget_templates(c);
	ssd_tp_nvme_close(dev, !c);
}

/* Whether @io's buffer lies in its slot's registered buffer. */
static bool in_registered(const struct ssd_tp_uring_lane *l, const struct ssd_io *io)
{
	const struct iovec *iov = l->bufs ? &l->bufs[io->slot] : NULL;

	return iov && io->len <= iov->iov_len &&
	       (uintptr_t)io->buf - (uintptr_t)iov->iov_base <= iov->iov_len - io->len;
}

/* Read or Write: the namespace's template SQE with the range and buffers filled in (the lane's
 * own path when it applies; here also separate metadata, reference tags, registered buffers). */
static int queue_rw(struct ssd_tp_uring_ctx *c, struct ssd_io *io)
{
	const struct ssd_tp_nvme_dev *d = ssd_tp_nvme_dev_of(io->dev);
	const unsigned int fua = !!(io->flags & SSD_IO_FUA);
	struct io_uring_sqe *sqe;
	uint64_t slba, md;
	uint32_t nlb, md_len;
	int ret = ssd_tp_nvme_rw_fields(&c->s, io, &slba, &nlb, &md, &md_len);

	if (ret)
		return ret;
	sqe = lane_sqe(&c->lane);
	memcpy(sqe, d->sqe_tmpl[io->op][fua], sizeof(d->sqe_tmpl[io->op][fua]));
	sqe->user_data = (uintptr_t)io;
	ssd_nvme_rw_tmpl_patch((struct nvme_uring_cmd *)sqe->cmd, &d->rw_tmpl[io->op][fua], slba,
			       nlb, (uintptr_t)io->buf, (uint32_t)io->len, md, md_len);
	sqe->buf_index = (uint16_t)io->slot;
	if (!in_registered(&c->lane, io))
		sqe->uring_cmd_flags = 0; /* the template names a registered buffer */
	return SSD_Q_QUEUED;
}

/* Everything else: the general builders (ssd_tp_nvme_prep()). Kept out of line: the Read/Write
 * path then needs fewer registers saved. */
static __attribute__((noinline)) int queue_other(struct ssd_tp_uring_ctx *c, struct ssd_io *io)
{
	struct nvme_uring_cmd *cmd;
	struct io_uring_sqe *sqe = lane_sqe(&c->lane);
	int ret;

	/* the command is built in the SQE itself, never copied; on an error the SQE is given
	 * back (the tail is published to the kernel only at submit) */
	cmd = sqe_cmd(sqe);
	ret = ssd_tp_nvme_prep(&c->opt, &c->s, io, cmd);
	if (ret || (c->iopoll && !cmd->data_len)) {
		ssd_tp_ring_unget(&c->lane.r);
		if (ret)
			return ret;
		return no_data_sync(c, io, cmd);
	}
	fill_sqe(sqe, ssd_tp_nvme_dev_of(io->dev), io);
	if (io->buf && cmd->addr == (uintptr_t)io->buf && in_registered(&c->lane, io)) {
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = (uint16_t)io->slot;
	}
	return SSD_Q_QUEUED;
}

static int uring_queue(struct ssd_ctx *ctx, struct ssd_io *io)
{
	struct ssd_tp_uring_ctx *c = uring_ctx(ctx);
	int ret;

	if (c->lane.queued + c->lane.inflight >= c->lane.depth || io->slot >= c->lane.depth)
		return SSD_Q_BUSY;
	_Static_assert(SSD_OP_READ == 0 && SSD_OP_WRITE == 1, "templates are indexed by op");
	/* a Read or Write with a template built for it (the job's options), else the builder */
	ret = io->op <= SSD_OP_WRITE && (ssd_tp_nvme_dev_of(io->dev)->tmpl_built &
					 SSD_TP_NVME_TMPL(io->op, !!(io->flags & SSD_IO_FUA)))
		  ? queue_rw(c, io)
		  : queue_other(c, io);
	if (ret == SSD_Q_QUEUED)
		c->lane.queued++;
	return ret;
}

static int uring_commit(struct ssd_ctx *ctx)
{
	return ssd_tp_uring_lane_submit(&uring_ctx(ctx)->lane);
}

void ssd_tp_uring_lane_status(struct ssd_tp_uring_lane *l, struct ssd_io *io, int res)
{
	struct ssd_tp_uring_ctx *c = ssd_container_of(l, struct ssd_tp_uring_ctx, lane);

	ssd_tp_nvme_complete(&c->s, io, res, io->issued);
}

void ssd_tp_uring_lane_failures(struct ssd_tp_uring_lane *l, unsigned int n,
				ssd_tp_uring_failed_fn *failed)
{
	for (unsigned int i = 0; i < n; i++) {
		const struct io_uring_cqe *cqe = ssd_tp_ring_cqe(&l->r, i);

		if (cqe->res)
			failed(l, (struct ssd_io *)(uintptr_t)cqe->user_data, cqe->res);
	}
}

int ssd_tp_uring_lane_reap(struct ssd_tp_uring_lane *l, unsigned int min, unsigned int max,
			   void **out, bool cookies, const struct timespec *t,
			   ssd_tp_uring_failed_fn *failed)
{
	unsigned int n;
	int ret;

	ret = ssd_tp_uring_lane_submit(l);
	if (ret < 0)
		return ret;
	if (min > l->inflight)
		min = l->inflight;
	n = ssd_tp_uring_lane_take(l, max, out, cookies, failed);
	/* asked for what is done, nothing in the ring: with deferred task work or polling the
	 * kernel posts completions only inside io_uring_enter() */
	if (!n && !min && l->inflight && (l->r.defer || l->r.iopoll)) {
		ret = ssd_tp_ring_wait(&l->r, 0, NULL);
		if (ret < 0)
			return ret;
		return (int)ssd_tp_uring_lane_take(l, max, out, cookies, failed);
	}
	while (n < min) {
		unsigned int got;

		ret = ssd_tp_ring_wait(&l->r, min - n, t);
		if (ret < 0)
			return n ? (int)n : ret;
		got = ssd_tp_uring_lane_take(l, max - n, out + n, cookies, failed);
		n += got;
		if (!got && t)
			break; /* the wait's time is up */
	}
	return (int)n;
}

static void reap_failed(struct ssd_tp_uring_lane *l, struct ssd_io *io, int res)
{
	ssd_tp_uring_lane_status(l, io, res);
}

static int uring_reap(struct ssd_ctx *ctx, unsigned int min, unsigned int max, struct ssd_io **out,
		      const struct timespec *t)
{
	return ssd_tp_uring_lane_reap(&uring_ctx(ctx)->lane, min, max, (void **)out, false, t,
				      reap_failed);
}

bool ssd_tp_uring_rw_of(struct ssd_dev *dev, uint32_t read_flags, int64_t write_flags,
			struct ssd_tp_uring_rw *out)
{
	const struct ssd_tp_nvme_dev *d = ssd_tp_nvme_dev_of(dev);
	const unsigned int rfua = !!(read_flags & SSD_IO_FUA), wfua = !!(write_flags & SSD_IO_FUA);
	uint64_t max = d->geo.max_xfer_bytes;

	memset(out, 0, sizeof(*out));
	if (d->md_sep_bytes || d->ref_tag || !d->unit_shift || !max)
		return false;
	if (max > (uint64_t)SSD_NVME_MAX_NLB << d->unit_shift)
		max = (uint64_t)SSD_NVME_MAX_NLB << d->unit_shift;
	if (max > UINT32_MAX)
		max = UINT32_MAX;
	out->unit_mask = d->unit - 1;
	out->unit_shift = d->unit_shift;
	out->max_len = max - 1;
	/* a direction without its template built (the job does not issue it) takes queue() */
	if (d->tmpl_built & SSD_TP_NVME_TMPL(SSD_OP_READ, rfua)) {
		out->sqe[0] = d->sqe_tmpl[SSD_OP_READ][rfua];
		out->cdw12[0] = d->rw_tmpl[SSD_OP_READ][rfua].cmd.cdw12;
	}
	if (write_flags >= 0 && (d->tmpl_built & SSD_TP_NVME_TMPL(SSD_OP_WRITE, wfua))) {
		out->sqe[1] = d->sqe_tmpl[SSD_OP_WRITE][wfua];
		out->cdw12[1] = d->rw_tmpl[SSD_OP_WRITE][wfua].cmd.cdw12;
	}
	return true;
}

static unsigned int uring_inflight(const struct ssd_ctx *ctx)
{
	const struct ssd_tp_uring_ctx *c =
	    ssd_container_of(ctx, const struct ssd_tp_uring_ctx, base);

	return c->lane.queued + c->lane.inflight;
}

static int uring_dev_fd(const struct ssd_dev *dev)
{
	return ssd_container_of(dev, const struct ssd_tp_nvme_dev, base)->fd;
}

const struct ssd_transport_ops ssd_tp_nvme_uring_ops = {
    .name = "nvme-uring",
    .caps =
	{
	    .family = SSD_FAMILY_NVME,
	    .ops = SSD_OP_BIT(SSD_OP_READ) | SSD_OP_BIT(SSD_OP_WRITE) | SSD_OP_BIT(SSD_OP_FLUSH) |
		   SSD_OP_BIT(SSD_OP_TRIM) | SSD_OP_BIT(SSD_OP_WRITE_ZEROES) |
		   SSD_OP_BIT(SSD_OP_COMPARE) | SSD_OP_BIT(SSD_OP_VERIFY),
	    .flags = SSD_CAP_READ_FUA | SSD_CAP_WRITE_FUA | SSD_CAP_IO_URING,
	    .fallback = &ssd_tp_nvme_ioctl_ops,
	},
    .ctx_init = uring_ctx_init,
    .ctx_exit = uring_ctx_exit,
    .open = uring_open,
    .close = uring_close,
    .adopt = uring_adopt,
    .dev_fd = uring_dev_fd,
    .describe = ssd_tp_nvme_describe,
    .queue = uring_queue,
    .commit = uring_commit,
    .reap = uring_reap,
    .inflight = uring_inflight,
};
