// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_sg.c - the scsi-sg transport: SCSI commands through the Linux sg driver.
 *
 * Async mode: sg v3 write() of a struct sg_io_hdr starts a command, read() collects a finished
 * one, an epoll set says which fds have one. Each device gets one fd per command in flight (up
 * to SSD_TP_SG_MAX_FDS fds, then several commands share an fd): a command alone on its fd uses
 * that fd's reserved buffer, sized here to the job's largest transfer, where commands sharing
 * an fd (the sg driver takes 16 each) get kernel pages allocated and freed per command. Data
 * is still copied through that buffer unless the sg driver's allow_dio is 1 (direct I/O).
 * Commands are written at commit() so fio's batch options decide how many go per submission;
 * trims queued in one batch for one device become one UNMAP with several block descriptors,
 * bounded by the Block Limits VPD page.
 * Sync mode (scsi_mode=sgio): the SG_IO ioctl, one command at a time, completed in queue().
 *
 * READ and WRITE take the device's CDB template (scsi_sg.h, built at open) and the slot's
 * sg_io_hdr, whose fixed fields are set once at ctx_init(); a reap waits in one epoll_wait()
 * and reads what it reported.
 */
#include "transport/scsi_sg.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/ssd_log.h"

#define SEEN_ERRORS_MAX 32

/*
 * write(2), read(2) and epoll_wait(2) without libc's wrappers, which are thread-cancellation
 * points and pay for it on every call; fio never cancels its job threads. -1 and errno as usual.
 */
static inline long sg_write(int fd, const void *buf, size_t len)
{
	return syscall(SYS_write, fd, buf, len);
}

static inline long sg_read(int fd, void *buf, size_t len)
{
	return syscall(SYS_read, fd, buf, len);
}

static inline int sg_epoll_wait(int ep, struct epoll_event *evs, int max, int timeout_ms)
{
	return (int)syscall(SYS_epoll_wait, ep, evs, max, timeout_ms);
}

/* One command in flight; indexed by the slot of its first (or only) io. */
struct sg_cmd {
	struct sg_io_hdr hdr;
	struct ssd_scsi_cdb cdb;
	uint8_t sense[SSD_HOST_SENSE_LEN];
	struct ssd_io *io;    /* the io that owns the command */
	struct ssd_io *batch; /* further trims answered by the same UNMAP */
	struct ssd_tp_sg_dev *dev;
	unsigned int fd_idx;
	uint64_t lba;
	uint32_t nlb;
	uint8_t *param; /* UNMAP parameter list, 8 + 16 * depth bytes */
	bool ua_retried;
	bool in_kernel; /* written to fd fd_idx, not yet read back */
};

/* One fio thread's queue over every sg device it opened. */
struct ssd_tp_sg_ctx {
	struct ssd_ctx base;
	struct ssd_options opt;
	unsigned int depth;
	bool sgio;
	bool dio;      /* /proc/scsi/sg/allow_dio is 1: ask for direct I/O */
	bool said_dio; /* the direct/indirect I/O note was logged */
	bool write_same_unmap;
	struct sg_cmd *cmds;		   /* depth */
	struct ssd_io **next_in_batch;	   /* depth, by slot */
	struct ssd_scsi_lba_range *ranges; /* depth: scratch for building an UNMAP */
	struct ssd_io **pending;	   /* depth: queued, written at commit() */
	unsigned int npending;
	struct ssd_io **done; /* depth, FIFO of finished ios not yet reaped */
	unsigned int done_head, ndone;
	unsigned int inkernel; /* commands written, not yet read */
	struct ssd_tp_sg_dev **devs;
	unsigned int ndevs;
	int ep;			 /* epoll set of every fd of every device (async mode) */
	struct epoll_event *evs; /* depth */
	uint64_t seen[SEEN_ERRORS_MAX];
	unsigned int nseen;
};

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

static void ctx_free(struct ssd_tp_sg_ctx *c)
{
	if (!c)
		return;
	if (c->cmds)
		for (unsigned int i = 0; i < c->depth; i++)
			free(c->cmds[i].param);
	free(c->cmds);
	free(c->next_in_batch);
	free(c->ranges);
	free(c->pending);
	free(c->done);
	free(c->devs);
	free(c->evs);
	if (c->ep >= 0)
		close(c->ep);
	free(c);
}

/* The sg driver's allow_dio parameter: /proc/scsi/sg/allow_dio (CONFIG_SCSI_PROC_FS) or the
 * module parameter in sysfs (Debian's kernel has only the latter). */
static const char *const allow_dio_paths[] = {
    "/proc/scsi/sg/allow_dio",
    "/sys/module/sg/parameters/allow_dio",
};

static bool allow_dio(void)
{
	for (size_t i = 0; i < sizeof(allow_dio_paths) / sizeof(allow_dio_paths[0]); i++) {
		FILE *f = fopen(allow_dio_paths[i], "r");
		int v = 0;

		if (!f)
			continue;
		if (fscanf(f, "%d", &v) != 1)
			v = 0;
		fclose(f);
		return v == 1;
	}
	return false;
}

static struct ssd_tp_sg_ctx *sg_ctx(struct ssd_ctx *c)
{
	return ssd_container_of(c, struct ssd_tp_sg_ctx, base);
}

static int sg_ctx_init(struct ssd_ctx **out, const struct ssd_options *opt)
{
	struct ssd_tp_sg_ctx *c = calloc(1, sizeof(*c));

	*out = NULL;
	if (!c)
		return -ENOMEM;
	c->ep = -1;
	c->opt = *opt;
	c->depth = opt->depth ? opt->depth : 1;
	c->sgio = opt->scsi_mode == SSD_SCSI_MODE_SGIO;
	c->write_same_unmap = opt->write_same_unmap;
	c->dio = allow_dio();
	c->cmds = calloc(c->depth, sizeof(*c->cmds));
	c->next_in_batch = calloc(c->depth, sizeof(*c->next_in_batch));
	c->ranges = calloc(c->depth, sizeof(*c->ranges));
	c->pending = calloc(c->depth, sizeof(*c->pending));
	c->done = calloc(c->depth, sizeof(*c->done));
	c->evs = calloc(c->depth, sizeof(*c->evs));
	if (!c->cmds || !c->next_in_batch || !c->ranges || !c->pending || !c->done || !c->evs)
		goto nomem;
	if (!c->sgio) {
		c->ep = epoll_create1(EPOLL_CLOEXEC);
		if (c->ep < 0) {
			int e = errno;

			ctx_free(c);
			return -e;
		}
	}
	for (unsigned int i = 0; i < c->depth; i++) {
		struct sg_cmd *cmd = &c->cmds[i];

		cmd->param =
		    calloc(1, SSD_SCSI_UNMAP_HEADER_LEN + SSD_SCSI_UNMAP_DESC_LEN * c->depth);
		if (!cmd->param)
			goto nomem;
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
nomem:
	ctx_free(c);
	return -ENOMEM;
}

static void sg_ctx_exit(struct ssd_ctx *ctx) { ctx_free(ctx ? sg_ctx(ctx) : NULL); }

/* Add every fd of @d to the epoll set; the event names the fd by its entry in d->fd_tag. */
static int watch_fds(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d)
{
	for (unsigned int k = 0; k < d->nfds; k++) {
		struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &d->fd_tag[k]};

		if (epoll_ctl(c->ep, EPOLL_CTL_ADD, d->fds[k], &ev) < 0)
			return -errno;
	}
	return 0;
}

/*
 * Size each fd's reserved buffer to the largest transfer (bytes) so a command alone on its fd
 * never needs pages allocated; the driver may cap it (max sectors), which only costs speed, and
 * a default larger than the job needs shrinks to it.
 */
static void reserve_buffers(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d)
{
	int want = (int)c->opt.max_bs;

	if (!c->opt.max_bs || c->opt.max_bs > SSD_TP_SG_MAX_RESERVE ||
	    (uint64_t)c->opt.max_bs * d->nfds > SSD_TP_SG_MAX_RESERVE_TOTAL)
		return;
	for (unsigned int k = 0; k < d->nfds; k++)
		ioctl(d->fds[k], SG_SET_RESERVED_SIZE, &want);
}

static int sg_open(struct ssd_ctx *ctx, const char *path, int oflags, struct ssd_dev **out,
		   struct ssd_geometry *geo, char *err, size_t errlen)
{
	struct ssd_tp_sg_ctx *c = ctx ? sg_ctx(ctx) : NULL;
	struct ssd_tp_sg_dev **devs, *d;
	unsigned int nfds = 1;
	int ret;

	(void)oflags; /* sg needs O_RDWR to submit with write(); O_DIRECT means nothing to it */
	if (c && !c->sgio)
		nfds = ssd_tp_sg_fds_for_depth(c->depth);
	*out = NULL;
	ret = ssd_tp_sg_open(path, nfds, c ? &c->opt : NULL, &d, geo, err, errlen);
	if (ret)
		return ret;
	if (!c) {
		*out = &d->base;
		return 0;
	}
	devs = realloc(c->devs, (c->ndevs + 1) * sizeof(*devs));
	if (devs)
		c->devs = devs;
	ret = !devs ? -ENOMEM : c->sgio ? 0 : watch_fds(c, d);
	if (ret) {
		snprintf(err, errlen, "%s: cannot watch its sg file descriptors: %s", path,
			 strerror(-ret));
		ssd_tp_sg_close(d);
		return ret;
	}
	reserve_buffers(c, d);
	d->per_fd = ssd_tp_sg_per_fd(d->nfds, c->depth);
	c->devs[c->ndevs++] = d;
	*out = &d->base;
	if (!c->dio && !c->sgio && !c->said_dio) {
		c->said_dio = true;
		ssd_log(SSD_LOG_INFO, "ssdeng: scsi-sg: the sg driver's allow_dio is 0, so data is "
				      "copied through its "
				      "buffers (indirect I/O); echo 1 > "
				      "/sys/module/sg/parameters/allow_dio for direct "
				      "I/O");
	}
	return 0;
}

static void sg_close(struct ssd_ctx *ctx, struct ssd_dev *d)
{
	struct ssd_tp_sg_ctx *c = ctx ? sg_ctx(ctx) : NULL;
	struct ssd_tp_sg_dev *dev = d ? ssd_tp_sg_dev_of(d) : NULL;

	if (c) {
		for (unsigned int i = 0; i < c->ndevs; i++) {
			if (c->devs[i] == dev) {
				c->devs[i] = c->devs[--c->ndevs];
				break;
			}
		}
	}
	ssd_tp_sg_close(dev);
}

static int sg_dev_fd(const struct ssd_dev *d)
{
	const struct ssd_tp_sg_dev *dev = ssd_container_of(d, const struct ssd_tp_sg_dev, base);

	return dev->blk_fd >= 0 ? dev->blk_fd : dev->fds[0];
}

/* Log a failed command once per distinct (opcode, status, host, driver, key, ASC, ASCQ). */
static void report_error(struct ssd_tp_sg_ctx *c, const struct sg_cmd *cmd,
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
	if (c->nseen < SEEN_ERRORS_MAX)
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

static void set_data(struct sg_cmd *cmd, int dir, void *buf, uint32_t len)
{
	ssd_host_sg_hdr_init(&cmd->hdr, &cmd->cdb, dir, buf, len, cmd->sense, cmd->dev->timeout_ms);
	cmd->hdr.usr_ptr = cmd;
	cmd->hdr.pack_id = (int)cmd->io->slot;
}

static void build_flush(struct sg_cmd *cmd)
{
	if (cmd->dev->sync16_rejected)
		ssd_scsi_cdb_sync_cache10(&cmd->cdb, 0, 0, false);
	else
		ssd_scsi_cdb_sync_cache16(&cmd->cdb, 0, 0, false);
	set_data(cmd, SG_DXFER_NONE, NULL, 0);
}

/* Build the UNMAP for cmd->io and the trims linked after it (cmd->batch). */
static int build_unmap(struct sg_cmd *cmd, struct ssd_tp_sg_ctx *c)
{
	uint32_t shift = (uint32_t)__builtin_ctz(cmd->dev->cap.lba_bytes);
	unsigned int n = 0;
	int len;

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

/* READ or WRITE of @io in its slot: the device's CDB template, the slot's header. */
static int prepare_rw(struct ssd_tp_sg_ctx *c, struct ssd_io *io)
{
	struct sg_cmd *cmd = &c->cmds[io->slot];
	struct ssd_tp_sg_dev *d = ssd_tp_sg_dev_of(io->dev);
	const bool write = io->op == SSD_OP_WRITE;
	uint64_t lba, nlb;
	int ret;

	if (!io->len || ((io->offset | io->len) & (d->cap.lba_bytes - 1)))
		return -EINVAL;
	lba = io->offset >> d->lba_shift;
	nlb = io->len >> d->lba_shift;
	if (nlb > UINT32_MAX)
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
	ret = ssd_scsi_rw_tmpl_fill(&cmd->cdb, &d->rw_tmpl[write][!!(io->flags & SSD_IO_FUA)], lba,
				    (uint32_t)nlb);
	if (ret)
		return ret;
	cmd->io = io;
	cmd->batch = NULL;
	cmd->dev = d;
	cmd->ua_retried = false;
	cmd->lba = lba;
	cmd->nlb = (uint32_t)nlb;
	cmd->hdr.dxfer_direction = write ? SG_DXFER_TO_DEV : SG_DXFER_FROM_DEV;
	cmd->hdr.cmd_len = cmd->cdb.len;
	cmd->hdr.iovec_count = 0;
	cmd->hdr.dxfer_len = (unsigned int)io->len;
	cmd->hdr.dxferp = io->buf;
	cmd->hdr.timeout = d->timeout_ms;
	/* fio's buffers are page aligned (FIO_MEMALIGN); with allow_dio the driver maps them */
	cmd->hdr.flags = SG_FLAG_Q_AT_TAIL | (c->dio ? SG_FLAG_DIRECT_IO : 0);
	return 0;
}

/* Build the command of any other operation for @io in its slot. Return 0 or -errno (nothing
 * was sent). */
static int prepare(struct ssd_tp_sg_ctx *c, struct ssd_io *io)
{
	struct sg_cmd *cmd = &c->cmds[io->slot];
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
		ssd_scsi_cdb_write_same16(&cmd->cdb, cmd->lba, cmd->nlb, io->op == SSD_OP_TRIM);
		set_data(cmd, SG_DXFER_TO_DEV, d->zero_block, d->cap.lba_bytes);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* Write the command to the least busy fd of its device. Return 0 or -errno. */
static int submit(struct ssd_tp_sg_ctx *c, struct sg_cmd *cmd)
{
	struct ssd_tp_sg_dev *d = cmd->dev;
	unsigned int best = 0;

	if (d->nfds >= c->depth) {
		/* an fd per slot: the slot's own is idle (slots in flight are distinct) */
		best = cmd->io->slot;
	} else {
		for (unsigned int i = 1; i < d->nfds; i++)
			if (d->fd_busy[i] < d->fd_busy[best])
				best = i;
	}
	if (d->fd_busy[best] >= d->per_fd)
		return -EBUSY;
	if (sg_write(d->fds[best], &cmd->hdr, sizeof(cmd->hdr)) < 0)
		return -errno;
	cmd->fd_idx = best;
	cmd->in_kernel = true;
	d->fd_busy[best]++;
	c->inkernel++;
	return 0;
}

/* Give every io of @cmd its result and move them to the done list. */
static void finish(struct ssd_tp_sg_ctx *c, struct sg_cmd *cmd, int error, uint64_t resid)
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
static bool complete(struct ssd_tp_sg_ctx *c, struct sg_cmd *cmd)
{
	struct ssd_scsi_outcome o;
	struct ssd_scsi_sense s;
	char line[320];
	bool have;

	if ((cmd->hdr.flags & SG_FLAG_DIRECT_IO) && !c->said_dio &&
	    (cmd->hdr.info & SG_INFO_DIRECT_IO_MASK) != SG_INFO_DIRECT_IO) {
		c->said_dio = true;
		ssd_log(SSD_LOG_INFO,
			"%s: the sg driver did indirect I/O although direct was asked "
			"(buffer alignment or HBA limits)",
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
static int run_sync(struct ssd_tp_sg_ctx *c, struct sg_cmd *cmd)
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
	ret = io->op <= SSD_OP_WRITE ? prepare_rw(c, io) : prepare(c, io);
	if (ret)
		return ret;
	if (c->sgio)
		return run_sync(c, &c->cmds[io->slot]);
	c->pending[c->npending++] = io;
	return SSD_Q_QUEUED;
}

/* Attach later pending trims of the same device to the UNMAP of @lead, within the limits. */
static void gather_trims(struct ssd_tp_sg_ctx *c, unsigned int from, struct sg_cmd *lead)
{
	struct ssd_tp_sg_dev *d = lead->dev;
	unsigned int ndesc = 1, cap = unmap_desc_cap(c, d);
	uint64_t nlb = lead->nlb;
	struct ssd_io **tail = &lead->batch;

	for (unsigned int j = from; j < c->npending && ndesc < cap; j++) {
		struct ssd_io *io = c->pending[j];
		struct sg_cmd *other;

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

static int sg_commit(struct ssd_ctx *ctx)
{
	struct ssd_tp_sg_ctx *c = sg_ctx(ctx);

	for (unsigned int i = 0; i < c->npending; i++) {
		struct ssd_io *io = c->pending[i];
		struct sg_cmd *cmd;
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

/* The fd cannot be read any more (device gone): fail what was in flight on it. */
static void fail_fd(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k, int error)
{
	for (unsigned int i = 0; i < c->depth && d->fd_busy[k]; i++) {
		struct sg_cmd *cmd = &c->cmds[i];

		if (!cmd->in_kernel || cmd->dev != d || cmd->fd_idx != k)
			continue;
		cmd->in_kernel = false;
		d->fd_busy[k]--;
		c->inkernel--;
		ssd_log(SSD_LOG_ERR, "%s: %s: reading the completion failed: %s", d->path,
			ssd_scsi_opcode_name(&cmd->cdb) ? ssd_scsi_opcode_name(&cmd->cdb)
							: "command",
			strerror(error));
		finish(c, cmd, error, cmd->hdr.dxfer_len);
	}
}

/* Read one finished command from fd @k of @d. Return true if something finished. */
static bool read_one(struct ssd_tp_sg_ctx *c, struct ssd_tp_sg_dev *d, unsigned int k)
{
	struct sg_io_hdr h;
	struct sg_cmd *cmd;

	if (sg_read(d->fds[k], &h, sizeof(h)) < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return false; /* nothing finished on this fd yet */
		fail_fd(c, d, k, errno);
		return true;
	}
	cmd = h.usr_ptr;
	cmd->in_kernel = false;
	d->fd_busy[k]--;
	c->inkernel--;
	/* GOOD, DID_OK, nothing from the driver, and no direct-I/O note due: done, as complete()
	 * decides it, without copying the header back */
	if (!(h.status | h.host_status | h.driver_status) &&
	    (!(h.flags & SG_FLAG_DIRECT_IO) || c->said_dio)) {
		finish(c, cmd, 0, h.resid > 0 ? (uint64_t)h.resid : 0);
		return true;
	}
	cmd->hdr = h;
	if (complete(c, cmd)) {
		int ret = submit(c, cmd);

		if (ret)
			finish(c, cmd, -ret, cmd->hdr.dxfer_len);
	}
	return true;
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
		int ret;

		while (n < max && c->ndone)
			out[n++] = done_pop(c);
		/* enough, or nothing left to wait for: no further epoll_wait() */
		if (n >= max || !c->inkernel || (n && n >= min))
			return (int)n;
		left = n >= min || zero ? 0 : t ? deadline - now_ns() : -1;
		if (t && left < 0)
			left = 0;
		ret = read_ready(c, max - n, left < 0 ? -1 : (int)((left + 999999) / 1000000));
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
    .dev_fd = sg_dev_fd,
    .queue = sg_queue,
    .commit = sg_commit,
    .reap = sg_reap,
    .inflight = sg_inflight,
};
