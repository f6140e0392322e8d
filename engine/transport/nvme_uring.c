// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_uring.c - the asynchronous NVMe transport: io_uring passthrough (IORING_OP_URING_CMD,
 * cmd_op NVME_URING_CMD_IO) on the generic char device /dev/ngXnY, one ring per fio thread
 * with 128-byte SQEs and 32-byte CQEs (Linux 5.19+). The ring has a power-of-two size >= the
 * job's iodepth; queue() refuses (SSD_Q_BUSY) beyond iodepth, so the in-flight count never
 * exceeds it. cqe->res is 0, the NVMe status (> 0), or -errno from the host.
 *
 * Read and Write are built from the namespace's templates (nvme_io.h: a whole SQE per direction
 * and FUA, made at open) with the range and buffers filled in; the rings are driven directly
 * (uring_ring.h): one io_uring_enter() per commit (which also waits for a completion when the
 * queue is full, as fio's reap would next), none to reap completions already in the ring, the CQ
 * head published once per batch, the clock read once per commit.
 *
 * Optional features, each tried at ctx_init()/open() with a warning and a fallback:
 * sqthread_poll (IORING_SETUP_SQPOLL), hipri (IORING_SETUP_IOPOLL; needs nvme poll_queues),
 * registerfiles (sparse file table), fixedbufs (sparse buffer table: each slot's buffer is
 * registered the first time it is seen, and again when a larger transfer uses it;
 * IORING_URING_CMD_FIXED, Linux 6.1+).
 */
#include "transport/nvme_io.h"
#include "transport/uring_ring.h"
#include "core/dev_cache.h"
#include "core/ssd_log.h"

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
	struct ssd_tp_nvme_scratch s;
	struct io_uring ring; /* set up by liburing, driven through r */
	struct ssd_tp_ring r;
	unsigned int depth;
	unsigned int *fresh; /* slots queued since the last commit (their start time), depth */
	unsigned int nfresh;
	unsigned int queued;   /* in the SQ, not yet submitted */
	unsigned int inflight; /* submitted, not reaped */
	bool fixed_files, fixed_bufs, iopoll;
	bool defer_taskrun; /* IORING_SETUP_DEFER_TASKRUN in effect */
	bool file_used[NVME_URING_FILES];
	struct iovec *bufs; /* registered buffer per slot; iov_base NULL = none */
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
	unsigned int n = 0;
	FILE *f;

	if (ssd_dev_cache_get("kernel", NVME_POLL_QUEUES, &n, sizeof(n)))
		return n;
	f = fopen(NVME_POLL_QUEUES, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%u", &n) != 1)
		n = 0;
	fclose(f);
	ssd_dev_cache_put("kernel", NVME_POLL_QUEUES, &n, sizeof(n));
	return n;
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
	c->defer_taskrun = ret >= 0 && (p.flags & IORING_SETUP_DEFER_TASKRUN);
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
	ssd_tp_ring_attach(&c->r, &c->ring, p.flags);
	return 0;
}

/* Whether the kernel's io_uring has IORING_OP_URING_CMD; asked once per process (kept under
 * /proc/self: the answer is the running kernel's) */
static int uring_cmd_supported(struct io_uring *ring)
{
	struct io_uring_probe *p;
	int ok;

	if (ssd_dev_cache_get("kernel", "/proc/self", &ok, sizeof(ok)))
		return ok;
	p = io_uring_get_probe_ring(ring);
	if (!p)
		return 1; /* no probe (old kernel): let the first command tell */
	ok = io_uring_opcode_supported(p, IORING_OP_URING_CMD);
	io_uring_free_probe(p);
	ssd_dev_cache_put("kernel", "/proc/self", &ok, sizeof(ok));
	return ok;
}

static void register_tables(struct ssd_tp_uring_ctx *c)
{
	int ret;

	if (c->opt.registerfiles) {
		ret = io_uring_register_files_sparse(&c->ring, NVME_URING_FILES);
		if (ret < 0)
			ssd_log(SSD_LOG_WARN,
				"nvme-uring: registerfiles unavailable (%s); "
				"using plain file descriptors",
				strerror(-ret));
		c->fixed_files = ret == 0;
	}
	if (c->opt.fixedbufs) {
		c->bufs = calloc(c->depth, sizeof(*c->bufs));
		ret = c->bufs ? io_uring_register_buffers_sparse(&c->ring, c->depth) : -ENOMEM;
		if (ret < 0) {
			ssd_log(SSD_LOG_WARN,
				"nvme-uring: fixedbufs unavailable (%s); using "
				"unregistered buffers",
				strerror(-ret));
			free(c->bufs);
			c->bufs = NULL;
		}
		c->fixed_bufs = ret == 0;
	}
}

static struct ssd_tp_uring_ctx *uring_ctx(struct ssd_ctx *c)
{
	return ssd_container_of(c, struct ssd_tp_uring_ctx, base);
}

static int uring_ctx_init(struct ssd_ctx **out, const struct ssd_options *opt)
{
	struct ssd_tp_uring_ctx *c = calloc(1, sizeof(*c));
	int ret;

	if (!c)
		return -ENOMEM;
	c->opt = *opt;
	c->depth = opt->depth ? opt->depth : 1;
	ret = ssd_tp_nvme_scratch_init(&c->s, c->depth);
	if (ret)
		goto fail;
	c->fresh = calloc(c->depth, sizeof(*c->fresh));
	if (!c->fresh) {
		ret = -ENOMEM;
		goto fail_scratch;
	}
	ret = ring_init(c, pow2_at_least(c->depth));
	if (ret)
		goto fail_scratch;
	if (!uring_cmd_supported(&c->ring)) {
		ssd_log(SSD_LOG_WARN,
			"nvme-uring: this kernel's io_uring has no IORING_OP_URING_CMD");
		ret = -EOPNOTSUPP;
		goto fail_ring;
	}
	register_tables(c);
	c->base.ops = &ssd_tp_nvme_uring_ops;
	*out = &c->base;
	return 0;
fail_ring:
	io_uring_queue_exit(&c->ring);
fail_scratch:
	ssd_tp_nvme_scratch_free(&c->s);
fail:
	free(c->fresh);
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
	free(c->bufs);
	free(c->fresh);
	free(c);
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
 * One synchronous command at open, on an idle ring: an LSM (security_uring_cmd) or missing
 * privilege refuses uring_cmd only when a command is issued, so find out now, not mid-run.
 * Flush is harmless and moves no data. An IOPOLL ring must not carry it (see no_data_sync()):
 * the probe then goes through a one-entry ring of its own.
 */
static int probe_passthrough(struct ssd_tp_uring_ctx *c, const struct ssd_tp_nvme_dev *dev,
			     char *err, size_t errlen)
{
	struct io_uring own;
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;
	int ret = 0;

	if (c->iopoll) {
		if (io_uring_queue_init(1, &own, IORING_SETUP_SQE128 | IORING_SETUP_CQE32) < 0)
			return 0; /* no probe: the first command will tell */
		sqe = io_uring_get_sqe(&own);
		if (!sqe) {
			io_uring_queue_exit(&own);
			return 0;
		}
		fill_sqe(sqe, dev, NULL);
		sqe->fd = dev->fd; /* the registered file table is c->ring's */
		ssd_nvme_build_flush(sqe_cmd(sqe), dev->nsid);
		ret = io_uring_submit_and_wait(&own, 1);
		if (ret >= 0)
			ret = io_uring_wait_cqe(&own, &cqe);
		if (ret >= 0) {
			ret = cqe->res;
			io_uring_cqe_seen(&own, cqe);
		}
		io_uring_queue_exit(&own);
	} else {
		if (c->queued || c->inflight)
			return 0;
		sqe = ssd_tp_ring_sqe(&c->r);
		if (!sqe)
			return 0;
		fill_sqe(sqe, dev, NULL);
		ssd_nvme_build_flush(sqe_cmd(sqe), dev->nsid);
		ret = ssd_tp_ring_submit(&c->r, 1);
		while (ret >= 0 && !ssd_tp_ring_ready(&c->r))
			ret = ssd_tp_ring_wait(&c->r, 1, NULL);
		if (ret >= 0) {
			ret = ssd_tp_ring_cqe(&c->r, 0)->res;
			ssd_tp_ring_advance(&c->r, 1);
		}
	}
	if (ret < 0)
		snprintf(err, errlen,
			 "%s: io_uring passthrough refused: %s (an LSM, or no CAP_SYS_ADMIN); use "
			 "nvme_mode=ioctl",
			 dev->path, strerror(-ret));
	else
		ret = 0; /* a drive status on Flush is the drive's business, not the path's */
	return ret;
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
	int ret;

	ssd_nvme_cmd_to_ioctl(cmd, &pt);
	ret = ioctl(ssd_tp_nvme_dev_of(io->dev)->fd, NVME_IOCTL_IO64_CMD, &pt);
	ssd_tp_nvme_complete(&c->s, io, ret < 0 ? -errno : ret);
	return SSD_Q_COMPLETED;
}

static void register_file(struct ssd_tp_uring_ctx *c, struct ssd_tp_nvme_dev *dev)
{
	for (int i = 0; i < NVME_URING_FILES; i++) {
		if (c->file_used[i])
			continue;
		if (io_uring_register_files_update(&c->ring, i, &dev->fd, 1) == 1) {
			c->file_used[i] = true;
			dev->file_index = i;
		}
		return;
	}
}

/* The 128-byte SQE of each of @dev's Read/Write templates: the header, then the command. */
static void build_sqe_templates(struct ssd_tp_nvme_dev *dev)
{
	for (int op = 0; op < 2; op++) {
		for (int fua = 0; fua < 2; fua++) {
			struct io_uring_sqe *sqe = (struct io_uring_sqe *)dev->sqe_tmpl[op][fua];

			_Static_assert(sizeof(dev->sqe_tmpl[op][fua]) == 2 * sizeof(*sqe),
				       "an SQE template is one 128-byte SQE");
			fill_sqe(sqe, dev, NULL);
			*sqe_cmd(sqe) = dev->rw_tmpl[op][fua].cmd;
		}
	}
}

static int uring_open(struct ssd_ctx *ctx, const char *path, int oflags, struct ssd_dev **out,
		      struct ssd_geometry *geo, char *err, size_t errlen)
{
	struct ssd_tp_uring_ctx *c = ctx ? uring_ctx(ctx) : NULL;
	struct ssd_tp_nvme_dev *dev;
	char passed = 1;
	int ret = ssd_tp_nvme_open(c ? &c->opt : NULL, path, oflags, &dev, geo, err, errlen);

	if (ret)
		return ret;
	dev->base.ops = &ssd_tp_nvme_uring_ops;
	if (!c) {
		*out = &dev->base;
		return 0;
	}
	ret = ssd_tp_nvme_scratch_fit(&c->s, dev);
	/* once per process and namespace: a refusal would have failed the job that met it */
	if (!ret && !ssd_dev_cache_get("nvprobe", dev->path, &passed, sizeof(passed))) {
		ret = probe_passthrough(c, dev, err, errlen);
		if (!ret)
			ssd_dev_cache_put("nvprobe", dev->path, &passed, sizeof(passed));
	}
	if (ret) {
		ssd_tp_nvme_close(dev);
		return ret;
	}
	if (c->fixed_files)
		register_file(c, dev);
	build_sqe_templates(dev);
	*out = &dev->base;
	return 0;
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
	ssd_tp_nvme_close(dev);
}

static bool register_buffer(struct ssd_tp_uring_ctx *c, const struct ssd_io *io);

/* Register @io's buffer in its slot unless the slot already covers it. false: use it unfixed. */
static inline bool fixed_buffer(struct ssd_tp_uring_ctx *c, const struct ssd_io *io)
{
	const struct iovec *iov = &c->bufs[io->slot];

	if (iov->iov_base == io->buf && iov->iov_len >= io->len)
		return true;
	return register_buffer(c, io);
}

static __attribute__((noinline)) bool register_buffer(struct ssd_tp_uring_ctx *c,
						      const struct ssd_io *io)
{
	struct iovec *iov = &c->bufs[io->slot];
	struct iovec want = {.iov_base = io->buf, .iov_len = io->len};

	if (io_uring_register_buffers_update_tag(&c->ring, io->slot, &want, NULL, 1) != 1)
		return false;
	*iov = want;
	return true;
}

/* Read or Write: the namespace's template SQE with the range and buffers filled in. */
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
	/* room: uring_queue() keeps queued + in flight under iodepth, at most the ring's size */
	sqe = ssd_tp_ring_sqe_fast(&c->r);
	memcpy(sqe, d->sqe_tmpl[io->op][fua], sizeof(d->sqe_tmpl[io->op][fua]));
	sqe->user_data = (uintptr_t)io;
	ssd_nvme_rw_tmpl_patch((struct nvme_uring_cmd *)sqe->cmd, &d->rw_tmpl[io->op][fua], slba,
			       nlb, (uintptr_t)io->buf, (uint32_t)io->len, md, md_len);
	if (c->fixed_bufs && fixed_buffer(c, io)) {
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = (uint16_t)io->slot;
	}
	return SSD_Q_QUEUED;
}

/* Everything else: the general builders (ssd_tp_nvme_prep()). Kept out of line: the Read/Write
 * path then needs fewer registers saved. */
static __attribute__((noinline)) int queue_other(struct ssd_tp_uring_ctx *c, struct ssd_io *io)
{
	struct nvme_uring_cmd *cmd;
	struct io_uring_sqe *sqe = ssd_tp_ring_sqe(&c->r);
	int ret;

	if (!sqe)
		return SSD_Q_BUSY;
	/* the command is built in the SQE itself, never copied; on an error the SQE is given
	 * back (the tail is published to the kernel only at submit) */
	cmd = sqe_cmd(sqe);
	ret = ssd_tp_nvme_prep(&c->opt, &c->s, io, cmd);
	if (ret || (c->iopoll && !cmd->data_len)) {
		ssd_tp_ring_unget(&c->r);
		if (ret)
			return ret;
		c->s.slots[io->slot].start_ms = ssd_tp_nvme_now_ms();
		return no_data_sync(c, io, cmd);
	}
	fill_sqe(sqe, ssd_tp_nvme_dev_of(io->dev), io);
	if (c->fixed_bufs && io->buf && cmd->addr == (uintptr_t)io->buf && fixed_buffer(c, io)) {
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = (uint16_t)io->slot;
	}
	return SSD_Q_QUEUED;
}

static int uring_queue(struct ssd_ctx *ctx, struct ssd_io *io)
{
	struct ssd_tp_uring_ctx *c = uring_ctx(ctx);
	int ret;

	if (c->queued + c->inflight >= c->depth || io->slot >= c->depth)
		return SSD_Q_BUSY;
	_Static_assert(SSD_OP_READ == 0 && SSD_OP_WRITE == 1, "templates are indexed by op");
	ret = io->op <= SSD_OP_WRITE ? queue_rw(c, io) : queue_other(c, io);
	if (ret == SSD_Q_QUEUED) {
		c->fresh[c->nfresh++] = io->slot;
		c->queued++;
	}
	return ret;
}

static int submit(struct ssd_tp_uring_ctx *c)
{
	uint64_t now;
	int ret;

	if (!c->queued)
		return 0;
	/* one clock read per batch: the start time that tells a timeout from a reset */
	if (c->nfresh) {
		now = ssd_tp_nvme_now_ms();
		for (unsigned int i = 0; i < c->nfresh; i++)
			c->s.slots[c->fresh[i]].start_ms = now;
		c->nfresh = 0;
	}
	/* a full queue: fio reaps next, waiting for one; wait for it in this same call */
	ret = ssd_tp_ring_submit(&c->r, c->queued + c->inflight >= c->depth);
	if (ret == -EAGAIN || ret == -EINTR || ret == -EBUSY)
		return 0; /* retried on the next commit; reap() makes room */
	if (ret < 0)
		return ret;
	c->inflight += (unsigned int)ret;
	c->queued -= (unsigned int)ret < c->queued ? (unsigned int)ret : c->queued;
	return 0;
}

static int uring_commit(struct ssd_ctx *ctx)
{
	struct ssd_tp_uring_ctx *c = uring_ctx(ctx);

	return c->queued ? submit(c) : 0;
}

/* Take up to @max completions from the ring into @out; one head update. Return how many. */
static inline __attribute__((always_inline)) unsigned int
take(struct ssd_tp_uring_ctx *c, unsigned int max, struct ssd_io **out)
{
	unsigned int ready = ssd_tp_ring_ready(&c->r), n = 0;

	if (ready > max)
		ready = max;
	for (unsigned int i = 0; i < ready; i++) {
		const struct io_uring_cqe *cqe = ssd_tp_ring_cqe(&c->r, i);
		struct ssd_io *io = (struct ssd_io *)(uintptr_t)cqe->user_data;

		if (!io)
			continue; /* not an I/O (cannot happen after open's probe) */
		ssd_tp_nvme_done(&c->s, io, cqe->res);
		out[n++] = io;
	}
	if (ready)
		ssd_tp_ring_advance(&c->r, ready);
	c->inflight -= n < c->inflight ? n : c->inflight;
	return n;
}

static int uring_reap(struct ssd_ctx *ctx, unsigned int min, unsigned int max, struct ssd_io **out,
		      const struct timespec *t)
{
	struct ssd_tp_uring_ctx *c = uring_ctx(ctx);
	unsigned int n;
	int ret;

	if (c->queued) {
		ret = submit(c);
		if (ret < 0)
			return ret;
	}
	if (min > c->inflight)
		min = c->inflight;
	n = take(c, max, out);
	/* asked for what is done, nothing in the ring: with deferred task work or polling the
	 * kernel posts completions only inside io_uring_enter() */
	if (!n && !min && c->inflight && (c->r.defer || c->r.iopoll)) {
		ret = ssd_tp_ring_wait(&c->r, 0, NULL);
		if (ret < 0)
			return ret;
		return (int)take(c, max, out);
	}
	while (n < min) {
		unsigned int got;

		ret = ssd_tp_ring_wait(&c->r, min - n, t);
		if (ret < 0)
			return n ? (int)n : ret;
		got = take(c, max - n, out + n);
		n += got;
		if (!got && t)
			break; /* the wait's time is up */
	}
	return (int)n;
}

static unsigned int uring_inflight(const struct ssd_ctx *ctx)
{
	const struct ssd_tp_uring_ctx *c =
	    ssd_container_of(ctx, const struct ssd_tp_uring_ctx, base);

	return c->queued + c->inflight;
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
    .dev_fd = uring_dev_fd,
    .queue = uring_queue,
    .commit = uring_commit,
    .reap = uring_reap,
    .inflight = uring_inflight,
};
