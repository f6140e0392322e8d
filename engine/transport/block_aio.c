// SPDX-License-Identifier: GPL-2.0-only
/*
 * block_aio.c - the baseline transport: block devices and regular files through Linux native
 * AIO (libaio) with O_DIRECT, as fio's own libaio engine does. Reads and writes are asynchronous;
 * flush, trim and write-zeroes are done synchronously (the kernel has no async form of them for
 * AIO): a flush once what was queued before it is submitted, trim and write-zeroes once the
 * queue has drained.
 */
#include "core/transport_registry.h"
#include "host/dev_class.h"
#include "host/dio_align.h"

#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* One open file. */
struct ssd_tp_aio_dev {
	struct ssd_dev base;
	int fd;
	bool is_block;
	int lbs; /* logical block size of a block device, bytes */
};

/* One fio thread's aio context. */
struct ssd_tp_aio_ctx {
	struct ssd_ctx base;
	io_context_t aio;
	unsigned int depth;
	unsigned int inflight;	 /* submitted to the kernel, not reaped */
	unsigned int npending;	 /* queued, waiting for commit() */
	unsigned int ndone;	 /* finished without the kernel (submit errors) */
	struct iocb *iocbs;	 /* one per slot */
	struct iocb **pending;	 /* depth entries */
	struct ssd_io **done;	 /* depth entries */
	struct io_event *events; /* depth entries */
};

static struct ssd_tp_aio_ctx *aio_ctx(struct ssd_ctx *c)
{
	return ssd_container_of(c, struct ssd_tp_aio_ctx, base);
}

static struct ssd_tp_aio_dev *aio_dev(struct ssd_dev *d)
{
	return ssd_container_of(d, struct ssd_tp_aio_dev, base);
}

static int aio_ctx_init(struct ssd_ctx **out, const struct ssd_options *opt)
{
	struct ssd_tp_aio_ctx *c = calloc(1, sizeof(*c));
	int ret;

	if (!c)
		return -ENOMEM;
	c->depth = opt->depth ? opt->depth : 1;
	c->iocbs = calloc(c->depth, sizeof(*c->iocbs));
	c->pending = calloc(c->depth, sizeof(*c->pending));
	c->done = calloc(c->depth, sizeof(*c->done));
	c->events = calloc(c->depth, sizeof(*c->events));
	if (!c->iocbs || !c->pending || !c->done || !c->events) {
		ret = -ENOMEM;
		goto err;
	}
	ret = io_queue_init(c->depth, &c->aio);
	if (ret < 0)
		goto err;
	c->base.ops = &ssd_tp_block_aio_ops;
	*out = &c->base;
	return 0;
err:
	free(c->iocbs);
	free(c->pending);
	free(c->done);
	free(c->events);
	free(c);
	return ret;
}

static void aio_ctx_exit(struct ssd_ctx *ctx)
{
	struct ssd_tp_aio_ctx *c = ctx ? aio_ctx(ctx) : NULL;

	if (!c)
		return;
	io_queue_release(c->aio);
	free(c->iocbs);
	free(c->pending);
	free(c->done);
	free(c->events);
	free(c);
}

static int aio_open(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		    int oflags, struct ssd_dev **out, struct ssd_geometry *geo, char *err,
		    size_t errlen)
{
	struct ssd_tp_aio_dev *d;
	struct stat st;
	int fd, ret;

	(void)ctx, (void)opt;
	fd = open(path, oflags);
	if (fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: cannot open: %s%s", path, strerror(-ret),
			 ssd_host_open_errno_hint_file(path, -ret));
		return ret;
	}
	if (fstat(fd, &st) < 0)
		goto errno_out;
	memset(geo, 0, sizeof(*geo));
	if (S_ISBLK(st.st_mode)) {
		int lbs = 0;
		uint64_t bytes = 0;

		if (ioctl(fd, BLKSSZGET, &lbs) < 0 || ioctl(fd, BLKGETSIZE64, &bytes) < 0)
			goto errno_out;
		geo->lba_bytes = (uint32_t)lbs;
		geo->capacity_bytes = bytes;
	} else if (S_ISREG(st.st_mode)) {
		/* O_DIRECT needs the filesystem's alignment; buffered I/O takes any */
		geo->lba_bytes = (oflags & O_DIRECT) ? ssd_host_dio_align("/sys", path) : 1;
		geo->capacity_bytes = (uint64_t)st.st_size;
	} else {
		struct ssd_host_dev h;

		ssd_host_classify(path, &h);
		snprintf(err, errlen,
			 "%s: the block transport takes a block device or a regular file, not %s",
			 path, ssd_host_kind_name(h.kind, h.partition));
		close(fd);
		return -ENOTBLK;
	}
	d = calloc(1, sizeof(*d));
	if (!d) {
		close(fd);
		return -ENOMEM;
	}
	d->base.ops = &ssd_tp_block_aio_ops;
	d->fd = fd;
	d->is_block = S_ISBLK(st.st_mode);
	d->lbs = (int)geo->lba_bytes;
	*out = &d->base;
	return 0;
errno_out:
	ret = -errno;
	snprintf(err, errlen, "%s: %s", path, strerror(errno));
	close(fd);
	return ret;
}

static void aio_close(struct ssd_ctx *ctx, struct ssd_dev *dev)
{
	struct ssd_tp_aio_dev *d = dev ? aio_dev(dev) : NULL;

	(void)ctx;
	if (!d)
		return;
	close(d->fd);
	free(d);
}

static int aio_dev_fd(const struct ssd_dev *d)
{
	return ssd_container_of(d, const struct ssd_tp_aio_dev, base)->fd;
}

/* Flush (fsync(2) with SSD_IO_FILE_SYNC, else fdatasync(2)), trim and write zeroes:
 * synchronous. */
static int aio_sync_op(struct ssd_tp_aio_dev *d, struct ssd_io *io)
{
	uint64_t range[2] = {io->offset, io->len};
	int ret = 0;

	switch (io->op) {
	case SSD_OP_FLUSH:
		ret = io->flags & SSD_IO_FILE_SYNC ? fsync(d->fd) : fdatasync(d->fd);
		break;
	case SSD_OP_TRIM:
		ret = d->is_block ? ioctl(d->fd, BLKDISCARD, range)
				  : fallocate(d->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
					      (off_t)io->offset, (off_t)io->len);
		break;
	case SSD_OP_WRITE_ZEROES:
		ret = d->is_block ? ioctl(d->fd, BLKZEROOUT, range)
				  : fallocate(d->fd, FALLOC_FL_ZERO_RANGE | FALLOC_FL_KEEP_SIZE,
					      (off_t)io->offset, (off_t)io->len);
		break;
	default:
		errno = EOPNOTSUPP;
		ret = -1;
	}
	io->error = ret < 0 ? errno : 0;
	io->resid = 0;
	return SSD_Q_COMPLETED;
}

static int aio_queue(struct ssd_ctx *ctx, struct ssd_io *io)
{
	struct ssd_tp_aio_ctx *c = aio_ctx(ctx);
	struct ssd_tp_aio_dev *d = aio_dev(io->dev);
	struct iocb *cb;

	if (io->op != SSD_OP_READ && io->op != SSD_OP_WRITE) {
		if (io->op == SSD_OP_COMPARE || io->op == SSD_OP_VERIFY)
			return -EOPNOTSUPP;
		/* A flush covers the writes that completed before it, as fsync(2) does: it waits
		 * only for those queued and not yet submitted (fio commits them on BUSY), so fio's
		 * fsync=N issues one per N writes at any iodepth, as fio's libaio engine does.
		 * Waiting for the queue to drain held fio's next sync until then: one per iodepth
		 * writes at most. Trim and write zeroes wait for everything in flight. */
		if (io->op == SSD_OP_FLUSH ? c->npending != 0
					   : c->inflight + c->npending + c->ndone)
			return SSD_Q_BUSY;
		return aio_sync_op(d, io);
	}
	if (c->inflight + c->npending + c->ndone >= c->depth || io->slot >= c->depth)
		return SSD_Q_BUSY;
	cb = &c->iocbs[io->slot];
	if (io->op == SSD_OP_READ)
		io_prep_pread(cb, d->fd, io->buf, io->len, (long long)io->offset);
	else
		io_prep_pwrite(cb, d->fd, io->buf, io->len, (long long)io->offset);
	if (io->flags & SSD_IO_FUA)
		cb->aio_rw_flags = RWF_DSYNC;
	cb->data = io;
	c->pending[c->npending++] = cb;
	return SSD_Q_QUEUED;
}

static int aio_commit(struct ssd_ctx *ctx)
{
	struct ssd_tp_aio_ctx *c = aio_ctx(ctx);
	unsigned int off = 0;

	while (off < c->npending) {
		int r = io_submit(c->aio, (long)(c->npending - off), c->pending + off);

		if (r > 0) {
			c->inflight += (unsigned int)r;
			off += (unsigned int)r;
		} else if (r == -EAGAIN || r == -EINTR || r == 0) {
			break; /* the rest stays pending; fio calls commit again */
		} else {
			/* the first iocb was refused: complete it with the error, go on */
			struct ssd_io *io = c->pending[off]->data;

			io->error = -r;
			io->resid = io->len;
			c->done[c->ndone++] = io;
			off++;
		}
	}
	memmove(c->pending, c->pending + off, (c->npending - off) * sizeof(*c->pending));
	c->npending -= off;
	return 0;
}

static int aio_reap(struct ssd_ctx *ctx, unsigned int min, unsigned int max, struct ssd_io **out,
		    const struct timespec *t)
{
	struct ssd_tp_aio_ctx *c = aio_ctx(ctx);
	unsigned int n = 0;
	struct timespec left;

	while (c->ndone && n < max)
		out[n++] = c->done[--c->ndone];
	if (t)
		left = *t;
	while (n < max && c->inflight) {
		unsigned int want = n >= min ? 0 : min - n;
		int r = io_getevents(c->aio, want, max - n, c->events, t ? &left : NULL);

		if (r == -EINTR)
			continue;
		if (r < 0)
			return n ? (int)n : r;
		for (int i = 0; i < r; i++) {
			struct ssd_io *io = c->events[i].data;
			long res = (long)c->events[i].res;

			if (res < 0) {
				io->error = (int)-res;
				io->resid = io->len;
			} else {
				io->error = 0;
				io->resid = io->len - (uint64_t)res;
			}
			out[n++] = io;
		}
		c->inflight -= (unsigned int)r;
		if (r == 0 || n >= min)
			break;
	}
	return (int)n;
}

static unsigned int aio_inflight(const struct ssd_ctx *ctx)
{
	const struct ssd_tp_aio_ctx *c = ssd_container_of(ctx, const struct ssd_tp_aio_ctx, base);

	return c->inflight + c->npending + c->ndone;
}

static void aio_describe(const struct ssd_dev *dev, char *buf, size_t len)
{
	const struct ssd_tp_aio_dev *d = ssd_container_of(dev, const struct ssd_tp_aio_dev, base);

	if (d->is_block)
		snprintf(buf, len, "block device, %d-byte logical blocks", d->lbs);
	else
		snprintf(buf, len, "regular file");
}

const struct ssd_transport_ops ssd_tp_block_aio_ops = {
    .name = "block-aio",
    .caps =
	{
	    .family = SSD_FAMILY_BLOCK,
	    .ops = SSD_OP_BIT(SSD_OP_READ) | SSD_OP_BIT(SSD_OP_WRITE) | SSD_OP_BIT(SSD_OP_FLUSH) |
		   SSD_OP_BIT(SSD_OP_TRIM) | SSD_OP_BIT(SSD_OP_WRITE_ZEROES),
	    .flags = SSD_CAP_WRITE_FUA, /* RWF_DSYNC */
	},
    .ctx_init = aio_ctx_init,
    .ctx_exit = aio_ctx_exit,
    .open = aio_open,
    .close = aio_close,
    .dev_fd = aio_dev_fd,
    .describe = aio_describe,
    .queue = aio_queue,
    .commit = aio_commit,
    .reap = aio_reap,
    .inflight = aio_inflight,
};
