// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_sg.c - the scsi-sg transport: SCSI commands through the Linux sg driver.
 *
 * Async mode: sg v3 write() of a struct sg_io_hdr starts a command, read() collects a finished
 * one. Each device gets one fd per command in flight, opened as the queue first grows that
 * deep (slot i's commands go to fd i, up to SSD_TP_SG_MAX_FDS fds, then several commands share
 * an fd): a command alone on its fd uses that fd's reserved buffer, sized to the job's largest
 * transfer, where commands sharing an fd (the sg driver takes 16 each) get kernel pages
 * allocated and freed per command. Direct I/O is always asked for (SG_FLAG_DIRECT_IO); the
 * driver does it when its allow_dio is 1, else copies through that buffer (said once).
 * The fds block: a reap with one command in the kernel waits in its read(), one with more in
 * one epoll_wait() over every fd, set up when a second fd is opened.
 * Commands are written at commit() so fio's batch options decide how many go per submission;
 * trims queued in one batch for one device become one UNMAP with several block descriptors,
 * bounded by the Block Limits VPD page.
 * Sync mode (scsi_mode=sgio): the SG_IO ioctl, one command at a time, completed in queue().
 *
 * READ and WRITE take the device's CDB template (scsi_sg_dev.h, built at open) and the slot's
 * sg_io_hdr, whose fixed fields are set once per device and direction (sg_cmd.held).
 */
#include "transport/scsi_sg_lane.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "common/ssd_log.h"

/* epoll_wait(2) and poll(2) without libc's wrappers, which are thread-cancellation points and pay
 * for it on every call; fio never cancels its job threads. -1 and errno as usual. */
static inline int sg_epoll_wait(int ep, struct epoll_event *evs, int max, int timeout_ms)
{
	return (int)syscall(SYS_epoll_wait, ep, evs, max, timeout_ms);
}

static inline int sg_poll(struct pollfd *p, int timeout_ms)
{
	return (int)syscall(SYS_poll, p, 1, timeout_ms);
}

static inline long sg_write(int fd, const void *buf, size_t len)
{
	long r = ssd_tp_sg_sys3(SYS_write, fd, buf, len);

	if (r < 0) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

static void done_push(struct ssd_tp_sg_ctx *c, struct ssd_io *io)
{
	unsigned int i = c->done_head + c->ndone;

	c->done[i >= c->depth ? i - c->depth : i] = io;
	c->ndone++;
}

static struct ssd_io *done_pop(struct ssd_tp_sg_ctx *c)
{
	struct ssd_io *io = c->done[c->done_head];

	if (++c->done_head == c->depth)
		c->done_head = 0;
	c->ndone--;
	return io;
}

/* The commands and the per-slot arrays live in the context's allocation, after it. */
static void ctx_free(struct ssd_tp_sg_ctx *c)
{
	if (!c)
		return;
	for (unsigned int i = 0; i < c->depth; i++)
		free(c->cmds[i].param);
	if (c->devs != &c->dev0)
		free(c->devs);
	if (c->ep >= 0)
		close(c->ep);
	free(c);
}

static struct ssd_tp_sg_ctx *sg_ctx(struct ssd_ctx *c) { return ssd_tp_sg_ctx_of(c); }

static int sg_ctx_init(struct ssd_ctx **out, const struct ssd_options *opt)
{
	const size_t per_slot = sizeof(struct ssd_tp_sg_cmd) + sizeof(struct ssd_io *) * 3 +
				sizeof(struct ssd_scsi_lba_range) + sizeof(struct epoll_event);
	/* the context, then its commands and per-slot arrays: one allocation */
	const size_t at = (sizeof(struct ssd_tp_sg_ctx) + _Alignof(struct ssd_tp_sg_cmd) - 1) /
			  _Alignof(struct ssd_tp_sg_cmd) * _Alignof(struct ssd_tp_sg_cmd);
	const unsigned int depth = opt->depth ? opt->depth : 1;
	struct ssd_tp_sg_ctx *c = calloc(1, at + depth * per_slot);
	char *p;

	*out = NULL;
	if (!c)
		return -ENOMEM;
	c->ep = -1;
	c->opt = *opt;
	c->depth = depth;
	c->sgio = opt->scsi_mode == SSD_SCSI_MODE_SGIO;
	c->write_same_unmap = opt->write_same_unmap;
	_Static_assert(_Alignof(struct ssd_tp_sg_cmd) >= _Alignof(struct ssd_scsi_lba_range) &&
			   _Alignof(struct ssd_tp_sg_cmd) >= _Alignof(struct epoll_event),
		       "the per-slot arrays follow the commands, aligned");
	p = (char *)c + at;
	c->cmds = (struct ssd_tp_sg_cmd *)p;
	p += c->depth * sizeof(*c->cmds);
	c->ranges = (struct ssd_scsi_lba_range *)p;
	p += c->depth * sizeof(*c->ranges);
	c->evs = (struct epoll_event *)p;
	p += c->depth * sizeof(*c->evs);
	c->next_in_batch = (struct ssd_io **)p;
	p += c->depth * sizeof(*c->next_in_batch);
	c->pending = (struct ssd_io **)p;
	p += c->depth * sizeof(*c->pending);
	c->done = (struct ssd_io **)p;
	for (unsigned int i = 0; i < c->depth; i++) {
		struct ssd_tp_sg_cmd *cmd = &c->cmds[i];

		/* what every command of the slot keeps; prepare_rw() fills the rest */
		cmd->hdr.interface_id = 'S';
		cmd->hdr.cmdp = cmd->cdb.b;
		cmd->hdr.mx_sb_len = SSD_HOST_SENSE_LEN;
		cmd->hdr.sbp = cmd->sense;
		cmd->hdr.usr_ptr = cmd;
		cmd->hdr.pack_id = (int)i;
	}
	c->base.ops = &ssd_tp_scsi_sg_ops;
	*out = &c->base;
	return 0;
}

static void sg_ctx_exit(struct ssd_ctx *ctx) { ctx_free(ctx ? sg_ctx(ctx) : NULL); }

/* Put fd @k of @d in the epoll set (made with the second fd open: one fd needs none, its
 * read() waits). The event names the fd by its entry in d->fd_tag. Return 0 or -errno. */
static int watch_fd(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k)
{
	struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &d->fd_tag[k]};

	if (c->ep < 0) {
		if (c->nopen < 2)
			return 0;
		c->ep = epoll_create1(EPOLL_CLOEXEC);
		if (c->ep < 0)
			return -errno;
		for (unsigned int i = 0; i < c->ndevs; i++) {
			struct ssd_tp_sg_dev *o = c->devs[i];

			for (unsigned int j = 0; j < o->nfds; j++) {
				struct epoll_event e = {.events = EPOLLIN,
							.data.ptr = &o->fd_tag[j]};

				if (o->fds[j] >= 0 && (o != d || j != k) &&
				    epoll_ctl(c->ep, EPOLL_CTL_ADD, o->fds[j], &e) < 0)
					return -errno;
			}
		}
	}
	return epoll_ctl(c->ep, EPOLL_CTL_ADD, d->fds[k], &ev) < 0 ? -errno : 0;
}

/* Open fd @k of @d for a command that needs it. Return 0 or -errno. */
static int open_fd(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k)
{
	int ret = ssd_tp_sg_open_fd(d, k, c->opt.max_bs);

	if (ret < 0)
		return ret;
	c->nopen++;
	return watch_fd(c, d, k);
}

/* @d, opened for a job, in context @c: in its list of devices, its first fd watched. On error
 * @d is closed. */
static int attach(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, const char *path,
		  struct ssd_dev **out, char *err, size_t errlen)
{
	struct ssd_tp_sg_dev **devs;
	int ret;

	/* the first device in the context itself (most jobs have one), then an array */
	if (!c->ndevs && (!c->devs || c->devs == &c->dev0)) {
		devs = &c->dev0;
	} else if (c->devs == &c->dev0) {
		devs = malloc((c->ndevs + 1) * sizeof(*devs));
		if (devs)
			devs[0] = c->dev0;
	} else {
		devs = realloc(c->devs, (c->ndevs + 1) * sizeof(*devs));
	}
	if (devs)
		c->devs = devs;
	ret = !devs ? -ENOMEM : 0;
	if (!ret) {
		c->devs[c->ndevs++] = d;
		c->nopen++;
		ret = c->sgio ? 0 : watch_fd(c, d, 0);
		if (ret)
			c->ndevs--;
	}
	if (ret) {
		snprintf(err, errlen, "%s: cannot watch its sg file descriptors: %s", path,
			 strerror(-ret));
		ssd_tp_sg_close(d, false);
		return ret;
	}
	*out = &d->base;
	return 0;
}

static int sg_open(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path, int oflags,
		   struct ssd_dev **out, struct ssd_geometry *geo, char *err, size_t errlen)
{
	struct ssd_tp_sg_ctx *c = ctx ? sg_ctx(ctx) : NULL;
	struct ssd_tp_sg_dev *d;
	unsigned int nfds = 1;
	int ret;

	(void)oflags; /* sg needs O_RDWR to submit with write(); O_DIRECT means nothing to it */
	if (c && !c->sgio)
		nfds = ssd_tp_sg_fds_for_depth(c->depth);
	*out = NULL;
	ret = ssd_tp_sg_open(path, nfds, opt, !c, &d, geo, err, errlen);
	if (ret)
		return ret;
	d->base.ops = &ssd_tp_scsi_sg_ops; /* the device is this transport's */
	if (!c) {
		*out = &d->base;
		return 0;
	}
	return attach(c, d, path, out, err, errlen);
}

/* A probe's @dev, made the job's on @ctx (ssd_tp_sg_adopt(), then attach()). */
static int sg_adopt(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		    struct ssd_dev *dev, struct ssd_geometry *geo, char *err, size_t errlen)
{
	struct ssd_tp_sg_ctx *c = sg_ctx(ctx);
	struct ssd_tp_sg_dev *d = ssd_tp_sg_dev_of(dev);
	struct ssd_dev *out;
	int ret = ssd_tp_sg_adopt(d, c->sgio ? 1 : ssd_tp_sg_fds_for_depth(c->depth), opt, geo, err,
				  errlen);

	if (ret)
		return ret;
	return attach(c, d, path, &out, err, errlen);
}

static void sg_close(struct ssd_ctx *ctx, struct ssd_dev *d)
{
	struct ssd_tp_sg_ctx *c = ctx ? sg_ctx(ctx) : NULL;
	struct ssd_tp_sg_dev *dev = d ? ssd_tp_sg_dev_of(d) : NULL;

	if (c && dev) {
		for (unsigned int i = 0; i < c->ndevs; i++) {
			if (c->devs[i] == dev) {
				c->devs[i] = c->devs[--c->ndevs];
				break;
			}
		}
		c->nopen -= dev->nopen;
		c->lone = NULL;
	}
	ssd_tp_sg_close(dev, !c);
}

static int sg_dev_fd(const struct ssd_dev *d)
{
	const struct ssd_tp_sg_dev *dev = ssd_container_of(d, const struct ssd_tp_sg_dev, base);

	return dev->blk_fd >= 0 ? dev->blk_fd : dev->fds[0];
}

/* Log a failed command once per distinct (opcode, status, host, driver, key, ASC, ASCQ). */
static void report_error(struct ssd_tp_sg_ctx *c, const struct ssd_tp_sg_cmd *cmd,
			 const struct ssd_scsi_outcome *o, const struct ssd_scsi_sense *s)
{
	uint64_t key = (uint64_t)cmd->cdb.b[0] | (uint64_t)o->status << 8 |
		       (uint64_t)(o->host_status & 0xff) << 16 |
		       (uint64_t)(o->driver_status & 0xff) << 24;
	char line[320];

	if (s)
		key |= (uint64_t)s->key << 32 | (uint64_t)s->asc << 40 | (uint64_t)s->ascq << 48;
	for (unsigned int i = 0; i < c->nseen; i++)
		if (c->seen[i] == key)
			return;
	if (c->nseen < SSD_TP_SG_SEEN_MAX)
		c->seen[c->nseen++] = key;
	ssd_scsi_outcome_format(line, sizeof(line), &cmd->cdb, cmd->lba, cmd->nlb, o);
	ssd_log(SSD_LOG_ERR, "%s: %s", cmd->dev->path, line);
}

static uint32_t unmap_lba_cap(const struct ssd_tp_sg_dev *d)
{
	return d->bl.max_unmap_lbas ? d->bl.max_unmap_lbas : UINT32_MAX;
}

static unsigned int unmap_desc_cap(const struct ssd_tp_sg_ctx *c, const struct ssd_tp_sg_dev *d)
{
	unsigned int n = d->bl.max_unmap_descs ? d->bl.max_unmap_descs : 1;

	if (n > SSD_SCSI_UNMAP_MAX_DESCS)
		n = SSD_SCSI_UNMAP_MAX_DESCS;
	return n < c->depth ? n : c->depth;
}

static void set_data(struct ssd_tp_sg_cmd *cmd, int dir, void *buf, uint32_t len)
{
	ssd_host_sg_hdr_init(&cmd->hdr, &cmd->cdb, dir, buf, len, cmd->sense, cmd->dev->timeout_ms);
	cmd->hdr.usr_ptr = cmd;
	cmd->hdr.pack_id = (int)cmd->io->slot;
	cmd->held = NULL;
}

static void build_flush(struct ssd_tp_sg_cmd *cmd)
{
	if (cmd->dev->sync16_rejected)
		ssd_scsi_cdb_sync_cache10(&cmd->cdb, 0, 0, false);
	else
		ssd_scsi_cdb_sync_cache16(&cmd->cdb, 0, 0, false);
	set_data(cmd, SG_DXFER_NONE, NULL, 0);
}

/* Build the UNMAP for cmd->io and the trims linked after it (cmd->batch). */
static int build_unmap(struct ssd_tp_sg_cmd *cmd, struct ssd_tp_sg_ctx *c)
{
	uint32_t shift = (uint32_t)__builtin_ctz(cmd->dev->cap.lba_bytes);
	unsigned int n = 0;
	int len;

	if (!cmd->param)
		cmd->param =
		    calloc(1, SSD_SCSI_UNMAP_HEADER_LEN + SSD_SCSI_UNMAP_DESC_LEN * c->depth);
	if (!cmd->param)
		return -ENOMEM;
	c->ranges[n++] = (struct ssd_scsi_lba_range){cmd->lba, cmd->nlb};
	for (struct ssd_io *io = cmd->batch; io; io = c->next_in_batch[io->slot])
		c->ranges[n++] =
		    (struct ssd_scsi_lba_range){io->offset >> shift, (uint32_t)(io->len >> shift)};
	len = ssd_scsi_unmap_params(cmd->param,
				    SSD_SCSI_UNMAP_HEADER_LEN + SSD_SCSI_UNMAP_DESC_LEN * c->depth,
				    c->ranges, n);
	if (len < 0)
		return len;
	ssd_scsi_cdb_unmap(&cmd->cdb, (uint16_t)len);
	set_data(cmd, SG_DXFER_TO_DEV, cmd->param, (uint32_t)len);
	return 0;
}

/* Bytes -> blocks for @io; -EINVAL when not whole blocks. */
static int to_blocks(const struct ssd_tp_sg_dev *d, const struct ssd_io *io, uint64_t *lba,
		     uint32_t *nlb)
{
	uint64_t mask = d->cap.lba_bytes - 1;
	uint32_t shift = (uint32_t)__builtin_ctz(d->cap.lba_bytes);

	if ((io->offset & mask) || (io->len & mask) || !io->len || (io->len >> shift) > UINT32_MAX)
		return -EINVAL;
	*lba = io->offset >> shift;
	*nlb = (uint32_t)(io->len >> shift);
	return 0;
}

/* The template of @io's READ or WRITE on @d. */
static const struct ssd_scsi_rw_tmpl *rw_tmpl_of(struct ssd_tp_sg_dev *d, const struct ssd_io *io)
{
	return ssd_tp_sg_rw_tmpl(d, io->op == SSD_OP_WRITE, io->flags & SSD_IO_FUA);
}

/* READ or WRITE of @io in its slot (ssd_tp_sg_fill_rw()), saying why when it cannot be. */
static int prepare_rw(struct ssd_tp_sg_ctx *c, struct ssd_io *io)
{
	struct ssd_tp_sg_dev *d = ssd_tp_sg_dev_of(io->dev);
	const uint64_t nlb = io->len >> d->lba_shift;

	if (!io->len || ((io->offset | io->len) & (d->cap.lba_bytes - 1)) || nlb > UINT32_MAX)
		return -EINVAL;
	if (d->max_xfer_blocks && nlb > d->max_xfer_blocks) {
		if (!d->said_xfer_limit)
			ssd_log(SSD_LOG_ERR,
				"%s: a transfer of %" PRIu64
				" blocks is above the largest the drive "
				"and the sg driver take, %u blocks",
				d->path, nlb, d->max_xfer_blocks);
		d->said_xfer_limit = true;
		return -EINVAL;
	}
	if (!ssd_tp_sg_fill_rw(c, d, rw_tmpl_of(d, io), io->op == SSD_OP_WRITE, io->offset, io->len,
			       io->buf, io))
		return -ERANGE; /* the CDB size cannot hold the LBA range */
	return 0;
}

/* Build the command of any other operation for @io in its slot. Return 0 or -errno (nothing
 * was sent). */
static int prepare(struct ssd_tp_sg_ctx *c, struct ssd_io *io)
{
	struct ssd_tp_sg_cmd *cmd = &c->cmds[io->slot];
	struct ssd_tp_sg_dev *d = ssd_tp_sg_dev_of(io->dev);
	int ret;

	cmd->io = io;
	cmd->batch = NULL;
	cmd->dev = d;
	cmd->ua_retried = false;
	cmd->lba = 0;
	cmd->nlb = 0;
	c->next_in_batch[io->slot] = NULL;
	if (io->op == SSD_OP_FLUSH) {
		build_flush(cmd);
		return 0;
	}
	ret = to_blocks(d, io, &cmd->lba, &cmd->nlb);
	if (ret)
		return ret;
	switch (io->op) {
	case SSD_OP_TRIM:
		if (!c->write_same_unmap) {
			if (cmd->nlb > unmap_lba_cap(d)) {
				if (!d->said_trim_limit)
					ssd_log(SSD_LOG_ERR,
						"%s: trim of %u blocks is above the Block "
						"Limits MAXIMUM UNMAP LBA COUNT, %u",
						d->path, cmd->nlb, d->bl.max_unmap_lbas);
				d->said_trim_limit = true;
				return -EINVAL;
			}
			return build_unmap(cmd, c);
		}
		/* WRITE SAME(16) with the UNMAP bit */
		__attribute__((fallthrough));
	case SSD_OP_WRITE_ZEROES:
		if (d->bl.max_write_same_blocks && cmd->nlb > d->bl.max_write_same_blocks)
			return -EINVAL;
		if (!d->zero_block)
			d->zero_block = calloc(1, d->cap.lba_bytes);
		if (!d->zero_block)
			return -ENOMEM;
		ssd_scsi_cdb_write_same16(&cmd->cdb, cmd->lba, cmd->nlb, io->op == SSD_OP_TRIM);
		set_data(cmd, SG_DXFER_TO_DEV, d->zero_block, d->cap.lba_bytes);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* Write the command to the fd of its slot (opened on first use). Return 0 or -errno. */
static int submit(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_cmd *cmd)
{
	struct ssd_tp_sg_dev *d = cmd->dev;
	const unsigned int k = cmd->io->slot % d->nfds;
	int ret;

	if (d->fds[k] < 0) {
		ret = open_fd(c, d, k);
		if (ret < 0)
			return ret;
	}
	if (sg_write(d->fds[k], &cmd->hdr, sizeof(cmd->hdr)) < 0)
		return -errno;
	cmd->fd_idx = k;
	cmd->in_kernel = true;
	d->fd_busy[k]++;
	c->lone = c->inkernel++ ? NULL : cmd;
	return 0;
}

/* Give every io of @cmd its result and move them to the done list. */
static void finish(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_cmd *cmd, int error, uint64_t resid)
{
	cmd->io->error = error;
	cmd->io->resid = resid;
	done_push(c, cmd->io);
	for (struct ssd_io *io = cmd->batch; io; io = c->next_in_batch[io->slot]) {
		io->error = error;
		io->resid = error ? io->len : 0;
		done_push(c, io);
	}
}

static bool is_invalid_opcode(const struct ssd_scsi_sense *s)
{
	return s->key == SSD_SCSI_SK_ILLEGAL_REQUEST && s->asc == 0x20 && s->ascq == 0x00;
}

/*
 * Decide what a finished command means. Return true when it must be sent again (a first
 * UNIT ATTENTION, or SYNCHRONIZE CACHE(16) refused so (10) is used); else set the results.
 */
static bool complete(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_cmd *cmd)
{
	struct ssd_scsi_outcome o;
	struct ssd_scsi_sense s;
	char line[320];
	bool have;

	if (!c->said_dio && (cmd->hdr.flags & SG_FLAG_DIRECT_IO)) {
		c->said_dio = true;
		if ((cmd->hdr.info & SG_INFO_DIRECT_IO_MASK) != SG_INFO_DIRECT_IO)
			ssd_log(SSD_LOG_INFO,
				"%s: the sg driver copies data through its buffers (indirect "
				"I/O): its allow_dio is 0 (echo 1 > "
				"/sys/module/sg/parameters/allow_dio for direct I/O), or the "
				"buffer alignment or HBA limits refuse direct I/O",
				cmd->dev->path);
	}
	/* GOOD from the device, DID_OK from the HBA, nothing from the driver: done */
	if (!(cmd->hdr.status | cmd->hdr.host_status | cmd->hdr.driver_status)) {
		finish(c, cmd, 0, cmd->hdr.resid > 0 ? (uint64_t)cmd->hdr.resid : 0);
		return false;
	}
	ssd_host_sg_outcome(&cmd->hdr, &o);
	if (ssd_scsi_outcome_ok(&o)) {
		finish(c, cmd, 0, cmd->hdr.resid > 0 ? (uint64_t)cmd->hdr.resid : 0);
		return false;
	}
	have = ssd_scsi_sense_parse(o.sense, o.sense_len, &s) == 0;
	if (have && cmd->cdb.b[0] == SSD_SCSI_OP_SYNCHRONIZE_CACHE_16 && is_invalid_opcode(&s)) {
		cmd->dev->sync16_rejected = true;
		ssd_log(SSD_LOG_INFO,
			"%s: SYNCHRONIZE CACHE(16) is an invalid opcode here; using "
			"SYNCHRONIZE CACHE(10)",
			cmd->dev->path);
		build_flush(cmd);
		return true;
	}
	if (have && s.key == SSD_SCSI_SK_UNIT_ATTENTION && !cmd->ua_retried) {
		cmd->ua_retried = true;
		ssd_scsi_outcome_format(line, sizeof(line), &cmd->cdb, cmd->lba, cmd->nlb, &o);
		ssd_log(SSD_LOG_WARN, "%s: %s; retrying once", cmd->dev->path, line);
		return true;
	}
	report_error(c, cmd, &o, have ? &s : NULL);
	finish(c, cmd, ssd_scsi_outcome_errno(&o, have ? &s : NULL), cmd->hdr.dxfer_len);
	return false;
}

/* scsi_mode=sgio: run @io to completion with SG_IO. */
static int run_sync(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_cmd *cmd)
{
	int ret;

	do {
		ret = ssd_host_sg_run(cmd->dev->fds[0], &cmd->hdr);
		if (ret) {
			finish(c, cmd, -ret, cmd->hdr.dxfer_len);
			break;
		}
	} while (complete(c, cmd));
	done_pop(c); /* finish() queued the single io; queue() reports it directly */
	return SSD_Q_COMPLETED;
}

static int sg_queue(struct ssd_ctx *ctx, struct ssd_io *io)
{
	struct ssd_tp_sg_ctx *c = sg_ctx(ctx);
	int ret;

	if (c->npending + c->inkernel + c->ndone >= c->depth)
		return SSD_Q_BUSY;
	if (!c->sgio && io->op <= SSD_OP_WRITE &&
	    ssd_tp_sg_lane_rw(c, ssd_tp_sg_dev_of(io->dev),
			      rw_tmpl_of(ssd_tp_sg_dev_of(io->dev), io), io->op == SSD_OP_WRITE,
			      io->offset, io->len, io->buf, io))
		return SSD_Q_QUEUED;
	ret = io->op <= SSD_OP_WRITE ? prepare_rw(c, io) : prepare(c, io);
	if (ret)
		return ret;
	if (c->sgio)
		return run_sync(c, &c->cmds[io->slot]);
	c->pending[c->npending++] = io;
	return SSD_Q_QUEUED;
}

/* Attach later pending trims of the same device to the UNMAP of @lead, within the limits. */
static void gather_trims(struct ssd_tp_sg_ctx *c, unsigned int from, struct ssd_tp_sg_cmd *lead)
{
	struct ssd_tp_sg_dev *d = lead->dev;
	unsigned int ndesc = 1, cap = unmap_desc_cap(c, d);
	uint64_t nlb = lead->nlb;
	struct ssd_io **tail = &lead->batch;

	for (unsigned int j = from; j < c->npending && ndesc < cap; j++) {
		struct ssd_io *io = c->pending[j];
		struct ssd_tp_sg_cmd *other;

		if (!io || io->op != SSD_OP_TRIM || io->dev != &d->base)
			continue;
		other = &c->cmds[io->slot];
		if (nlb + other->nlb > unmap_lba_cap(d))
			continue;
		nlb += other->nlb;
		*tail = io;
		tail = &c->next_in_batch[io->slot];
		c->pending[j] = NULL;
		ndesc++;
	}
	if (ndesc > 1)
		build_unmap(lead, c);
}

int ssd_tp_sg_commit_from(struct ssd_tp_sg_ctx *c, unsigned int from)
{
	for (unsigned int i = from; i < c->npending; i++) {
		struct ssd_io *io = c->pending[i];
		struct ssd_tp_sg_cmd *cmd;
		int ret;

		if (!io)
			continue;
		cmd = &c->cmds[io->slot];
		if (io->op == SSD_OP_TRIM && !c->write_same_unmap)
			gather_trims(c, i + 1, cmd);
		ret = submit(c, cmd);
		if (ret)
			finish(c, cmd, -ret, io->len);
	}
	c->npending = 0;
	return 0;
}

static int sg_commit(struct ssd_ctx *ctx) { return ssd_tp_sg_lane_commit(sg_ctx(ctx)); }

/* The fd cannot be read any more (device gone): fail what was in flight on it. */
static void fail_fd(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k, int error)
{
	for (unsigned int i = 0; i < c->depth && d->fd_busy[k]; i++) {
		struct ssd_tp_sg_cmd *cmd = &c->cmds[i];

		if (!cmd->in_kernel || cmd->dev != d || cmd->fd_idx != k)
			continue;
		cmd->in_kernel = false;
		d->fd_busy[k]--;
		c->inkernel--;
		if (c->lone == cmd)
			c->lone = NULL;
		ssd_log(SSD_LOG_ERR, "%s: %s: reading the completion failed: %s", d->path,
			ssd_scsi_opcode_name(&cmd->cdb) ? ssd_scsi_opcode_name(&cmd->cdb)
							: "command",
			strerror(error));
		finish(c, cmd, error, cmd->hdr.dxfer_len);
	}
}

/* @n is what read(2) gave (or -errno) for fd @k of @d into @h: account for the command it
 * finished, decide what it means. Return true if something finished. */
static bool settle(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k,
		   const struct sg_io_hdr *h, long n)
{
	struct ssd_tp_sg_cmd *cmd;

	if (n < 0) {
		if (n == -EAGAIN || n == -EINTR)
			return false; /* nothing finished on this fd yet */
		fail_fd(c, d, k, (int)-n);
		return true;
	}
	cmd = h->usr_ptr;
	cmd->in_kernel = false;
	d->fd_busy[k]--;
	c->inkernel--;
	if (c->lone == cmd)
		c->lone = NULL;
	/* GOOD, DID_OK, nothing from the driver, and no direct-I/O note due: done, as complete()
	 * decides it, without copying the header back */
	if (!(h->status | h->host_status | h->driver_status) && c->said_dio) {
		finish(c, cmd, 0, h->resid > 0 ? (uint64_t)h->resid : 0);
		return true;
	}
	cmd->hdr = *h;
	if (complete(c, cmd)) {
		int ret = submit(c, cmd);

		if (ret)
			finish(c, cmd, -ret, cmd->hdr.dxfer_len);
	}
	return true;
}

void ssd_tp_sg_settle(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k,
		      const struct sg_io_hdr *h, long n)
{
	settle(c, d, k, h, n);
}

/* Read one finished command from fd @k of @d. Return true if something finished. */
static bool read_one(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k)
{
	struct sg_io_hdr h;

	return settle(c, d, k, &h, ssd_tp_sg_sys3(SYS_read, d->fds[k], &h, sizeof(h)));
}

/*
 * Read the commands the epoll set reports finished, waiting up to @timeout_ms (-1: no bound,
 * 0: only what is ready) for the first. Return 0 or -errno from epoll_wait().
 */
static int read_ready(struct ssd_tp_sg_ctx *c, unsigned int want, int timeout_ms)
{
	int n = sg_epoll_wait(c->ep, c->evs, (int)(want < c->depth ? want : c->depth), timeout_ms);

	if (n < 0)
		return errno == EINTR ? 0 : -errno;
	for (int i = 0; i < n; i++) {
		const struct ssd_tp_sg_fd_tag *tag = c->evs[i].data.ptr;

		if (tag->dev->fd_busy[tag->k])
			read_one(c, tag->dev, tag->k);
	}
	return 0;
}

/*
 * The commands in the kernel are all on one fd (one command, or one fd open in all): read the
 * next to finish there, waiting in read() itself (@timeout_ms -1), else in poll() first.
 * Return 0 or -errno from poll().
 */
static int read_one_fd(struct ssd_tp_sg_ctx *c, int timeout_ms)
{
	struct ssd_tp_sg_cmd *cmd = c->lone;
	struct pollfd p;

	for (unsigned int i = 0; !cmd && i < c->depth; i++)
		if (c->cmds[i].in_kernel)
			cmd = &c->cmds[i];
	if (!cmd)
		return 0;
	if (timeout_ms >= 0) {
		p = (struct pollfd){.fd = cmd->dev->fds[cmd->fd_idx], .events = POLLIN};
		if (sg_poll(&p, timeout_ms) < 0)
			return errno == EINTR ? 0 : -errno;
		if (!(p.revents & (POLLIN | POLLERR | POLLHUP)))
			return 0;
	}
	read_one(c, cmd->dev, cmd->fd_idx);
	return 0;
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int sg_reap(struct ssd_ctx *ctx, unsigned int min, unsigned int max, struct ssd_io **out,
		   const struct timespec *t)
{
	struct ssd_tp_sg_ctx *c = sg_ctx(ctx);
	/* a zero @t (fio's "take what is done") needs no clock */
	bool zero = t && !t->tv_sec && !t->tv_nsec;
	int64_t deadline = t && !zero ? now_ns() + t->tv_sec * 1000000000LL + t->tv_nsec : 0;
	unsigned int n = 0;

	for (;;) {
		int64_t left;
		int ret, ms;

		while (n < max && c->ndone)
			out[n++] = done_pop(c);
		/* enough, or nothing left to wait for: no further wait */
		if (n >= max || !c->inkernel || (n && n >= min))
			return (int)n;
		left = n >= min || zero ? 0 : t ? deadline - now_ns() : -1;
		if (t && left < 0)
			left = 0;
		ms = left < 0 ? -1 : (int)((left + 999999) / 1000000);
		ret = c->lone || c->ep < 0 ? read_one_fd(c, ms) : read_ready(c, max - n, ms);
		if (ret < 0)
			return n ? (int)n : ret;
		if (!c->ndone && (n >= min || zero || (t && deadline <= now_ns())))
			return (int)n;
	}
}

static unsigned int sg_inflight(const struct ssd_ctx *ctx)
{
	const struct ssd_tp_sg_ctx *c = ssd_container_of(ctx, const struct ssd_tp_sg_ctx, base);

	return c->npending + c->inkernel + c->ndone;
}

const struct ssd_transport_ops ssd_tp_scsi_sg_ops = {
    .name = "scsi-sg",
    .caps =
	{
	    .family = SSD_FAMILY_SCSI,
	    /* write zeroes: WRITE SAME(16) of a zeroed block */
	    .ops = SSD_OP_BIT(SSD_OP_READ) | SSD_OP_BIT(SSD_OP_WRITE) | SSD_OP_BIT(SSD_OP_FLUSH) |
		   SSD_OP_BIT(SSD_OP_TRIM) | SSD_OP_BIT(SSD_OP_WRITE_ZEROES),
	    .flags = SSD_CAP_READ_FUA | SSD_CAP_WRITE_FUA | SSD_CAP_MULTI_RANGE_TRIM,
	},
    .ctx_init = sg_ctx_init,
    .ctx_exit = sg_ctx_exit,
    .open = sg_open,
    .close = sg_close,
    .adopt = sg_adopt,
    .dev_fd = sg_dev_fd,
    .describe = ssd_tp_sg_describe,
    .queue = sg_queue,
    .commit = sg_commit,
    .reap = sg_reap,
    .inflight = sg_inflight,
};
