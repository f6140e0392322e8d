// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_ioctl.c - the synchronous NVMe transport: one NVME_IOCTL_IO64_CMD per I/O on the
 * generic char device. Used where io_uring passthrough is unavailable (old kernel,
 * kernel.io_uring_disabled, an LSM refusing uring_cmd) or asked for with nvme_mode=ioctl.
 * queue() runs the command to completion and returns SSD_Q_COMPLETED.
 */
#include "transport/nvme_io.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/ioctl.h>

/* One fio thread's state: the options and the per-slot scratch. */
struct ssd_tp_ioctl_ctx {
	struct ssd_ctx base;
	struct ssd_options opt;
	struct ssd_tp_nvme_scratch s;
};

static struct ssd_tp_ioctl_ctx *ioctl_ctx(struct ssd_ctx *c)
{
	return ssd_container_of(c, struct ssd_tp_ioctl_ctx, base);
}

static int ioctl_ctx_init(struct ssd_ctx **out, const struct ssd_options *opt)
{
	struct ssd_tp_ioctl_ctx *c = calloc(1, sizeof(*c));
	int ret;

	if (!c)
		return -ENOMEM;
	c->opt = *opt;
	ret = ssd_tp_nvme_scratch_init(&c->s, opt);
	if (ret) {
		free(c);
		return ret;
	}
	c->base.ops = &ssd_tp_nvme_ioctl_ops;
	*out = &c->base;
	return 0;
}

static void ioctl_ctx_exit(struct ssd_ctx *ctx)
{
	struct ssd_tp_ioctl_ctx *c = ctx ? ioctl_ctx(ctx) : NULL;

	if (!c)
		return;
	ssd_tp_nvme_scratch_free(&c->s);
	free(c);
}

static int ioctl_open(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		      int oflags, struct ssd_dev **dev, struct ssd_geometry *geo, char *err,
		      size_t errlen)
{
	struct ssd_tp_ioctl_ctx *c = ctx ? ioctl_ctx(ctx) : NULL;
	struct ssd_tp_nvme_dev *d;
	int ret = ssd_tp_nvme_open(opt, !c, path, oflags, &d, geo, err, errlen);

	if (ret)
		return ret;
	ret = c ? ssd_tp_nvme_scratch_fit(&c->s, d) : 0;
	if (ret) {
		ssd_tp_nvme_close(d, false);
		return ret;
	}
	d->base.ops = &ssd_tp_nvme_ioctl_ops;
	*dev = &d->base;
	return 0;
}

/* A probe's @dev, made the job's on @ctx. */
static int ioctl_adopt(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		       struct ssd_dev *dev, struct ssd_geometry *geo, char *err, size_t errlen)
{
	struct ssd_tp_nvme_dev *d = ssd_tp_nvme_dev_of(dev);
	int ret = ssd_tp_nvme_adopt(d, path, err, errlen);

	(void)opt; /* the probe was opened with the job's options */
	if (ret)
		return ret;
	ret = ssd_tp_nvme_scratch_fit(&ioctl_ctx(ctx)->s, d);
	if (ret) {
		ssd_tp_nvme_close(d, false);
		return ret;
	}
	*geo = d->geo;
	return 0;
}

static void ioctl_close(struct ssd_ctx *ctx, struct ssd_dev *dev)
{
	ssd_tp_nvme_close(dev ? ssd_tp_nvme_dev_of(dev) : NULL, !ctx);
}

static int ioctl_queue(struct ssd_ctx *ctx, struct ssd_io *io)
{
	struct ssd_tp_ioctl_ctx *c = ioctl_ctx(ctx);
	struct nvme_uring_cmd cmd;
	struct nvme_passthru_cmd64 pt;
	struct timespec start;
	int ret;

	ret = ssd_tp_nvme_prep(&c->opt, &c->s, io, &cmd);
	if (ret)
		return ret;
	ssd_nvme_cmd_to_ioctl(&cmd, &pt);
	ssd_tp_nvme_clock(&c->s, &start);
	/* > 0: the NVMe status; < 0: errno from the host */
	ret = ioctl(ssd_tp_nvme_dev_of(io->dev)->fd, NVME_IOCTL_IO64_CMD, &pt);
	ssd_tp_nvme_complete(&c->s, io, ret < 0 ? -errno : ret, &start);
	return SSD_Q_COMPLETED;
}

static int ioctl_commit(struct ssd_ctx *c)
{
	(void)c;
	return 0;
}

static int ioctl_reap(struct ssd_ctx *c, unsigned int min, unsigned int max, struct ssd_io **out,
		      const struct timespec *t)
{
	(void)c, (void)min, (void)max, (void)out, (void)t;
	return 0;
}

static unsigned int ioctl_inflight(const struct ssd_ctx *c)
{
	(void)c;
	return 0;
}

static int ioctl_dev_fd(const struct ssd_dev *dev)
{
	return ssd_container_of(dev, const struct ssd_tp_nvme_dev, base)->fd;
}

const struct ssd_transport_ops ssd_tp_nvme_ioctl_ops = {
    .name = "nvme-ioctl",
    .caps =
	{
	    .family = SSD_FAMILY_NVME,
	    .ops = SSD_OP_BIT(SSD_OP_READ) | SSD_OP_BIT(SSD_OP_WRITE) | SSD_OP_BIT(SSD_OP_FLUSH) |
		   SSD_OP_BIT(SSD_OP_TRIM) | SSD_OP_BIT(SSD_OP_WRITE_ZEROES) |
		   SSD_OP_BIT(SSD_OP_COMPARE) | SSD_OP_BIT(SSD_OP_VERIFY),
	    .flags = SSD_CAP_READ_FUA | SSD_CAP_WRITE_FUA,
	},
    .ctx_init = ioctl_ctx_init,
    .ctx_exit = ioctl_ctx_exit,
    .open = ioctl_open,
    .close = ioctl_close,
    .adopt = ioctl_adopt,
    .queue = ioctl_queue,
    .commit = ioctl_commit,
    .reap = ioctl_reap,
    .inflight = ioctl_inflight,
    .dev_fd = ioctl_dev_fd,
    .describe = ssd_tp_nvme_describe,
};
