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

struct ssd_ctx {
	struct ssd_options opt;
	struct ssd_tp_nvme_scratch s;
};

static int ioctl_ctx_init(struct ssd_ctx **out, const struct ssd_options *opt)
{
	struct ssd_ctx *c = calloc(1, sizeof(*c));
	int ret;

	if (!c)
		return -ENOMEM;
	c->opt = *opt;
	ret = ssd_tp_nvme_scratch_init(&c->s, opt->depth);
	if (ret) {
		free(c);
		return ret;
	}
	*out = c;
	return 0;
}

static void ioctl_ctx_exit(struct ssd_ctx *c)
{
	if (!c)
		return;
	ssd_tp_nvme_scratch_free(&c->s);
	free(c);
}

static int ioctl_open(struct ssd_ctx *c, const char *path, int oflags, struct ssd_dev **dev,
		      struct ssd_geometry *geo, char *err, size_t errlen)
{
	int ret = ssd_tp_nvme_open(c ? &c->opt : NULL, path, oflags, dev, geo, err, errlen);

	if (ret || !c)
		return ret;
	ret = ssd_tp_nvme_scratch_fit(&c->s, *dev);
	if (ret) {
		ssd_tp_nvme_close(*dev);
		*dev = NULL;
	}
	return ret;
}

static void ioctl_close(struct ssd_ctx *c, struct ssd_dev *dev)
{
	(void)c;
	ssd_tp_nvme_close(dev);
}

static int ioctl_queue(struct ssd_ctx *c, struct ssd_io *io)
{
	struct nvme_uring_cmd cmd;
	struct nvme_passthru_cmd64 pt;
	int ret;

	ret = ssd_tp_nvme_prep(&c->opt, &c->s, io, &cmd);
	if (ret)
		return ret;
	ssd_nvme_cmd_to_ioctl(&cmd, &pt);
	/* > 0: the NVMe status; < 0: errno from the host */
	ret = ioctl(io->dev->fd, NVME_IOCTL_IO64_CMD, &pt);
	ssd_tp_nvme_complete(&c->s, io, ret < 0 ? -errno : ret);
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

static int ioctl_dev_fd(const struct ssd_dev *dev) { return dev->fd; }

const struct ssd_transport_ops ssd_tp_nvme_ioctl_ops = {
    .name = "nvme-ioctl",
    .ctx_init = ioctl_ctx_init,
    .ctx_exit = ioctl_ctx_exit,
    .open = ioctl_open,
    .close = ioctl_close,
    .queue = ioctl_queue,
    .commit = ioctl_commit,
    .reap = ioctl_reap,
    .inflight = ioctl_inflight,
    .dev_fd = ioctl_dev_fd,
};
