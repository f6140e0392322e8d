// SPDX-License-Identifier: GPL-2.0-only
/* nvme_io.c - shared NVMe transport pieces; see nvme_io.h. */
/* libnvme first: its <nvme/ioctl.h> must come before <linux/nvme_ioctl.h> (nvme_cmd.h) */
#include <libnvme.h>

#include "transport/nvme_io.h"
#include "host/dev_class.h"
#include "codec/nvme/nvme_status.h"
#include "common/ssd_log.h"
#include "core/dev_cache.h"
#include "common/ssd_str.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int ssd_tp_nvme_scratch_init(struct ssd_tp_nvme_scratch *s, const struct ssd_options *opt)
{
	memset(s, 0, sizeof(*s));
	s->depth = opt->depth ? opt->depth : 1;
	s->now = opt->now;
	return 0;
}

/* The DSM range list of every slot, made at the first Dataset Management (most jobs trim
 * nothing). Return 0 or -ENOMEM. */
static int dsm_ranges(struct ssd_tp_nvme_scratch *s)
{
	if (s->dsm)
		return 0;
	if (posix_memalign((void **)&s->dsm, 4096, s->depth * SSD_NVME_DSM_RANGE_BYTES))
		return -ENOMEM;
	memset(s->dsm, 0, s->depth * SSD_NVME_DSM_RANGE_BYTES);
	return 0;
}

void ssd_tp_nvme_clock(const struct ssd_tp_nvme_scratch *s, struct timespec *ts)
{
	if (s->now)
		s->now(ts);
	else
		clock_gettime(CLOCK_MONOTONIC, ts);
}

void ssd_tp_nvme_scratch_free(struct ssd_tp_nvme_scratch *s)
{
	free(s->dsm);
	free(s->md);
	memset(s, 0, sizeof(*s));
}

int ssd_tp_nvme_scratch_fit(struct ssd_tp_nvme_scratch *s, const struct ssd_tp_nvme_dev *dev)
{
	size_t need;
	void *md;

	if (!dev->md_sep_bytes)
		return 0;
	need = (size_t)(dev->geo.max_xfer_bytes / dev->unit) * dev->md_sep_bytes;
	need = (need + 4095) & ~(size_t)4095;
	if (need <= s->md_stride)
		return 0;
	if (posix_memalign(&md, 4096, need * s->depth))
		return -ENOMEM;
	memset(md, 0, need * s->depth);
	free(s->md);
	s->md = md;
	s->md_stride = need;
	return 0;
}

/* The generic char device of @path (host/dev_class.h; its classification @opt->host when the
 * caller made it): @path itself for an ng node, the ng sibling of a namespace block device.
 * Return 0, or -errno with @err saying why there is none. */
static int generic_of(const char *path, const struct ssd_options *opt, char *ng, size_t nglen,
		      char *err, size_t errlen)
{
	struct ssd_host_dev own;
	const struct ssd_host_dev *hp = opt ? opt->host : NULL;

	if (!hp) {
		ssd_classify(path, &own);
		hp = &own;
	}
	switch (hp->kind) {
	case SSD_HOST_KIND_MISSING:
		snprintf(err, errlen, "%s: %s", path, strerror(ENOENT));
		return -ENOENT;
	case SSD_HOST_KIND_NVME_NG:
		ssd_str_copy(ng, nglen, path);
		return 0;
	case SSD_HOST_KIND_NVME_BLK:
		if (!hp->generic[0]) {
			snprintf(
			    err, errlen,
			    "%s: NVMe namespace %s has no generic char device /dev/ng%s (kernel "
			    "5.13 or later is needed for /dev/ngXnY)",
			    path, hp->name, hp->name + 4);
			return -ENODEV;
		}
		ssd_str_copy(ng, nglen, hp->generic);
		return 0;
	default:
		if (hp->partition) {
			snprintf(err, errlen,
				 "%s is a partition of %s; the nvme transports take a whole "
				 "namespace (/dev/ngXnY or /dev/nvmeXnY)",
				 path, hp->disk);
			return -EINVAL;
		}
		snprintf(err, errlen,
			 "%s is not an NVMe namespace: the nvme transports take /dev/ngXnY or "
			 "/dev/nvmeXnY",
			 path);
		return -ENODEV;
	}
}

static int open_generic(const char *path, const char *ng, int oflags, char *err, size_t errlen)
{
	int ret = open(ng, oflags);

	if (ret < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: cannot open %s: %s%s", path, ng, strerror(errno),
			 ssd_host_open_errno_hint(errno));
	}
	return ret;
}

/* What Identify and the kernel's limits said about a namespace (the per-process cache entry).
 * Limits are read when a job's transfers could reach them (need_limits()). */
struct nvme_known {
	uint32_t nsid;
	struct ssd_nvme_ctrl_info ctrl;
	struct ssd_nvme_ns_info ns;
	uint64_t host_max; /* bytes, 0 unknown */
	bool ctrl_read;	   /* Identify Controller read (MDTS) */
	bool host_read;	   /* the kernel's limit read */
};

/*
 * Transfers that no limit can refuse: MDTS is at least two pages of CAP.MPSMIN (2^1 × 4 KiB;
 * 0 is no limit), and Linux sets no NVMe queue's max_hw_sectors below 64 KiB (the block
 * layer's default, BLK_SAFE_MAX_SECTORS, is 127.5 KiB; nvme-pci's own limits, NVME_MAX_KB_SZ
 * and the DMA mapping size, are larger; MDTS is read apart).
 */
#define NVME_MDTS_FLOOR (2u * SSD_NVME_ASSUMED_MPSMIN)
#define NVME_HOST_FLOOR (64u * 1024)

/* Which limits a job whose largest transfer is @max_bs bytes (0: unknown) needs read. */
static void need_limits(uint64_t max_bs, bool *ctrl, bool *host)
{
	*ctrl = !max_bs || max_bs > NVME_MDTS_FLOOR;
	*host = !max_bs || max_bs > NVME_HOST_FLOOR;
}

/* The kernel's own limit on one passthrough command: the namespace queue's max_hw_sectors_kb,
 * for the generic node @ng (its block device, from sysfs). */
static uint64_t host_max_bytes(const char *ng)
{
	struct ssd_host_dev h;
	uint64_t kb = 0;

	ssd_host_classify(ng, &h);
	if (!h.block[0] || ssd_host_block_attr_u64("/sys", h.block, "queue/max_hw_sectors_kb", &kb))
		return 0;
	return kb * 1024;
}

/* nvme_core's io_timeout module parameter (seconds; Linux default 30), in ms. */
static uint32_t kernel_io_timeout_ms(void)
{
	FILE *f = fopen("/sys/module/nvme_core/parameters/io_timeout", "r");
	unsigned int s = 30;

	if (f) {
		if (fscanf(f, "%u", &s) != 1 || s == 0 || s > 4000000)
			s = 30;
		fclose(f);
	}
	return s * 1000u;
}

static int identify_failed(const char *what, int ret, char *err, size_t errlen)
{
	if (ret > 0) {
		snprintf(err, errlen, "%s failed with NVMe status 0x%x", what, ret);
		return ret;
	}
	ret = -errno;
	snprintf(err, errlen, "%s failed: %s", what, strerror(errno));
	return ret ? ret : -EIO;
}

/*
 * The namespace behind @fd (a generic char device /dev/ngXnY or a namespace block device), and
 * with @ctrl the controller too, Identified with libnvme and parsed into @k. Return 0; a
 * positive NVMe status if a command failed on the drive; or -errno (ioctl failure, or -EINVAL
 * for absurd Identify data), with @err set.
 */
static int read_identify(int fd, bool ns, bool ctrl, struct nvme_known *k, char *err, size_t errlen)
{
	struct nvme_id_ctrl idc;
	struct nvme_id_ns idn;
	int ret;

	if (ns) {
		ret = ioctl(fd, NVME_IOCTL_ID);
		if (ret < 0) {
			ret = -errno;
			snprintf(err, errlen, "NVME_IOCTL_ID: %s (not an NVMe namespace?)",
				 strerror(errno));
			return ret;
		}
		if (ret == 0) {
			snprintf(err, errlen, "NVME_IOCTL_ID returned namespace id 0");
			return -ENOTTY;
		}
		k->nsid = (uint32_t)ret;
		ret = nvme_identify_ns(fd, k->nsid, &idn);
		if (ret)
			return identify_failed("Identify Namespace", ret, err, errlen);
		ret = ssd_nvme_parse_id_ns(&idn, &k->ns, err, errlen);
		if (ret)
			return ret;
	}
	if (ctrl) {
		ret = nvme_identify_ctrl(fd, &idc);
		if (ret)
			return identify_failed("Identify Controller", ret, err, errlen);
		ssd_nvme_parse_id_ctrl(&idc, &k->ctrl);
		k->ctrl_read = true;
	}
	return 0;
}

/* @d's file descriptor: the one kept by a probe of the same file, else a new one. */
static int dev_fd(struct ssd_tp_nvme_dev *d, const char *path, char *err, size_t errlen)
{
	if (d->fd < 0)
		d->fd = ssd_dev_cache_take_fd(d->path, d->oflags);
	if (d->fd < 0)
		d->fd = open_generic(path, d->path, d->oflags, err, errlen);
	return d->fd < 0 ? d->fd : 0;
}

/* What the cache keeps for @d, read from the drive and the kernel where it does not have what
 * a job with @opt needs. */
static int known_of(struct ssd_tp_nvme_dev *d, const struct ssd_options *opt, const char *path,
		    struct nvme_known *k, char *err, size_t errlen)
{
	bool cached = ssd_dev_cache_get("nvme", d->path, k, sizeof(*k));
	bool ctrl, host;
	char msg[256];
	int ret;

	need_limits(opt ? opt->max_bs : 0, &ctrl, &host);
	ctrl = ctrl && !(cached && k->ctrl_read);
	host = host && !(cached && k->host_read);
	if (cached && !ctrl && !host)
		return 0;
	if (!cached)
		memset(k, 0, sizeof(*k));
	if (!cached || ctrl) {
		ret = dev_fd(d, path, err, errlen);
		if (ret)
			return ret;
		ret = read_identify(d->fd, !cached, ctrl, k, msg, sizeof(msg));
		if (ret) {
			snprintf(err, errlen, "%s: %s", path, msg);
			return ret > 0 ? -EIO : ret;
		}
	}
	if (host) {
		k->host_max = host_max_bytes(d->path);
		k->host_read = true;
	}
	ssd_dev_cache_put("nvme", d->path, k, sizeof(*k));
	return 0;
}

static void set_protection(struct ssd_tp_nvme_dev *d, const struct ssd_options *opt)
{
	bool pract = opt && opt->pi_act;

	d->md_sep_bytes = d->ns.md_extended ? 0 : d->ns.md_bytes;
	if (!d->ns.pi_type) {
		char desc[SSD_DESC_LEN];

		if (opt && (opt->pi_act || opt->pi_chk)) {
			ssd_nvme_describe(&d->ns, d->nsid, desc, sizeof(desc));
			ssd_log(SSD_LOG_WARN,
				"%s: pi_act/pi_chk ignored: %s has no protection "
				"information",
				d->path, desc);
		}
		return;
	}
	d->prinfo = (pract ? SSD_NVME_PRINFO_PRACT : 0) | (opt ? (opt->pi_chk & 7) : 0);
	/* PRACT with 8-byte metadata: the controller inserts and strips PI, no buffer moves */
	if (pract && d->ns.md_bytes == 8)
		d->md_sep_bytes = 0;
}

uint8_t ssd_tp_nvme_tmpl_want(const struct ssd_options *opt)
{
	uint8_t want = SSD_TP_NVME_TMPL(SSD_OP_READ, 0);
	bool writes;

	if (!opt)
		return SSD_TP_NVME_TMPL_ALL;
	writes = !opt->ops || (opt->ops & SSD_OP_BIT(SSD_OP_WRITE));
	if (opt->readfua)
		want |= SSD_TP_NVME_TMPL(SSD_OP_READ, 1);
	if (writes)
		want |= SSD_TP_NVME_TMPL(SSD_OP_WRITE, 0);
	if (writes && opt->writefua)
		want |= SSD_TP_NVME_TMPL(SSD_OP_WRITE, 1);
	return want;
}

int ssd_tp_nvme_rw_templates(struct ssd_tp_nvme_dev *d, uint8_t want)
{
	static const uint8_t opcode[2] = {
	    [SSD_OP_READ] = SSD_NVME_OP_READ, [SSD_OP_WRITE] = SSD_NVME_OP_WRITE};

	d->ref_tag =
	    (d->ns.pi_type == 1 || d->ns.pi_type == 2) && (d->prinfo & SSD_NVME_PRINFO_PRCHK_REF);
	d->tmpl_built = 0;
	for (unsigned int bits = want & SSD_TP_NVME_TMPL_ALL; bits; bits &= bits - 1) {
		const unsigned int i = (unsigned int)__builtin_ctz(bits), op = i / 2, fua = i % 2;
		struct ssd_nvme_rw rw = {
		    .nsid = d->nsid, .prinfo = d->prinfo, .flags = fua ? SSD_NVME_FUA : 0};
		int ret = ssd_nvme_rw_tmpl_init(&d->rw_tmpl[op][fua], opcode[op], &rw, d->ref_tag,
						d->timeout_ms);

		if (ret)
			return ret;
		d->tmpl_built |= SSD_TP_NVME_TMPL(op, fua);
	}
	return 0;
}

int ssd_tp_nvme_open(const struct ssd_options *opt, bool probe, const char *path, int oflags,
		     struct ssd_tp_nvme_dev **out, struct ssd_geometry *geo, char *err,
		     size_t errlen)
{
	struct ssd_tp_nvme_dev *d = malloc(sizeof(*d));
	struct nvme_known known; /* what the drive and kernel said, once per process */
	int ret;

	if (!d)
		return -ENOMEM;
	/* zeroed up to the templates: 832 bytes that are built before they are read */
	memset(d, 0, offsetof(struct ssd_tp_nvme_dev, rw_tmpl));
	d->file_index = -1;
	d->fd = -1;
	d->oflags = (oflags & ~O_DIRECT) | O_CLOEXEC;
	ret = generic_of(path, opt, d->path, sizeof(d->path), err, errlen);
	if (!ret)
		ret = known_of(d, opt, path, &known, err, errlen);
	/* a probe (fio sizing the file) needs no file descriptor; a job does */
	if (!ret && !probe)
		ret = dev_fd(d, path, err, errlen);
	if (ret < 0)
		goto fail;
	d->nsid = known.nsid;
	d->ctrl = known.ctrl;
	d->ns = known.ns;
	ssd_nvme_fill_geometry(&d->ctrl, &d->ns, d->nsid, SSD_NVME_ASSUMED_MPSMIN, known.host_max,
			       &d->geo);
	d->unit = d->ns.lba_bytes + (d->ns.md_extended ? d->ns.md_bytes : 0);
	if (d->unit && !(d->unit & (d->unit - 1)))
		d->unit_shift = (uint8_t)__builtin_ctz(d->unit);
	if (!d->geo.max_xfer_bytes) {
		snprintf(err, errlen,
			 "%s: the largest transfer (MDTS %u, kernel max_hw_sectors_kb) is smaller "
			 "than one LBA of %u bytes: no I/O is possible",
			 path, d->ctrl.mdts, d->unit);
		ret = -EINVAL;
		goto fail;
	}
	set_protection(d, opt);
	d->timeout_ms = opt ? opt->nvme_timeout_ms : 0;
	d->eff_timeout_ms = d->timeout_ms; /* 0: the kernel's, read when a command is cancelled */
	d->tmpl_want = ssd_tp_nvme_tmpl_want(opt);
	/* a probe sizes the file: its commands are the job's open's to build */
	ret = probe ? 0 : ssd_tp_nvme_rw_templates(d, d->tmpl_want);
	if (ret) {
		snprintf(err, errlen, "%s: PRINFO 0x%x does not fit a command", path, d->prinfo);
		goto fail;
	}
	*geo = d->geo;
	*out = d;
	return 0;
fail:
	ssd_tp_nvme_close(d, false);
	return ret;
}

int ssd_tp_nvme_adopt(struct ssd_tp_nvme_dev *d, const char *path, char *err, size_t errlen)
{
	int ret = dev_fd(d, path, err, errlen);

	if (!ret && ssd_tp_nvme_rw_templates(d, d->tmpl_want)) {
		snprintf(err, errlen, "%s: PRINFO 0x%x does not fit a command", path, d->prinfo);
		ret = -EINVAL;
	}
	if (ret)
		ssd_tp_nvme_close(d, false);
	return ret;
}

void ssd_tp_nvme_describe(const struct ssd_dev *dev, char *buf, size_t len)
{
	const struct ssd_tp_nvme_dev *d = ssd_container_of(dev, const struct ssd_tp_nvme_dev, base);

	ssd_nvme_describe(&d->ns, d->nsid, buf, len);
}

void ssd_tp_nvme_close(struct ssd_tp_nvme_dev *dev, bool keep_fd)
{
	if (!dev)
		return;
	if (dev->fd >= 0 && keep_fd)
		ssd_dev_cache_keep_fd(dev->path, dev->oflags, dev->fd);
	else if (dev->fd >= 0)
		close(dev->fd);
	free(dev);
}

static uint8_t opcode_of(enum ssd_op op)
{
	switch (op) {
	case SSD_OP_READ:
		return SSD_NVME_OP_READ;
	case SSD_OP_WRITE:
		return SSD_NVME_OP_WRITE;
	case SSD_OP_FLUSH:
		return SSD_NVME_OP_FLUSH;
	case SSD_OP_TRIM:
		return SSD_NVME_OP_DSM;
	case SSD_OP_WRITE_ZEROES:
		return SSD_NVME_OP_WRITE_ZEROES;
	case SSD_OP_COMPARE:
		return SSD_NVME_OP_COMPARE;
	case SSD_OP_VERIFY:
		return SSD_NVME_OP_VERIFY;
	}
	return 0xff;
}

static int prep_rw(const struct ssd_options *opt, struct ssd_tp_nvme_scratch *s, struct ssd_io *io,
		   uint8_t opcode, uint64_t slba, uint64_t nlb, struct nvme_uring_cmd *cmd)
{
	const struct ssd_tp_nvme_dev *d = ssd_tp_nvme_dev_of(io->dev);
	struct ssd_nvme_rw rw = {
	    .nsid = d->nsid,
	    .slba = slba,
	    .nlb = (uint32_t)nlb,
	    .data = (uintptr_t)io->buf,
	    .data_len = (uint32_t)io->len,
	    .prinfo = d->prinfo,
	};

	if (nlb > SSD_NVME_MAX_NLB || io->len > UINT32_MAX)
		return -EINVAL;
	if (io->flags & SSD_IO_FUA)
		rw.flags |= SSD_NVME_FUA;
	if (opcode == SSD_NVME_OP_WRITE_ZEROES && opt && opt->deac)
		rw.flags |= SSD_NVME_DEAC;
	if (d->md_sep_bytes) {
		rw.md_len = (uint32_t)nlb * d->md_sep_bytes;
		if (io->md_buf) {
			rw.md = (uintptr_t)io->md_buf;
		} else {
			if (rw.md_len > s->md_stride)
				return -EINVAL;
			rw.md = (uintptr_t)(s->md + (size_t)io->slot * s->md_stride);
		}
	}
	if (d->ref_tag)
		rw.ilbrt = (uint32_t)slba;
	return ssd_nvme_build_rw(cmd, opcode, &rw);
}

int ssd_tp_nvme_prep(const struct ssd_options *opt, struct ssd_tp_nvme_scratch *s,
		     struct ssd_io *io, struct nvme_uring_cmd *cmd)
{
	const struct ssd_tp_nvme_dev *d = ssd_tp_nvme_dev_of(io->dev);
	uint8_t opcode = opcode_of(io->op);
	uint64_t slba = 0, nlb = 0;
	uint8_t *range;
	int ret;

	if (io->slot >= s->depth)
		return -EINVAL;
	if (opcode != SSD_NVME_OP_FLUSH) {
		if (d->unit_shift) {
			if (io->len == 0 || ((io->offset | io->len) & (d->unit - 1)))
				return -EINVAL;
			slba = io->offset >> d->unit_shift;
			nlb = io->len >> d->unit_shift;
		} else {
			if (io->len == 0 || io->offset % d->unit || io->len % d->unit)
				return -EINVAL;
			slba = io->offset / d->unit;
			nlb = io->len / d->unit;
		}
	}
	switch (opcode) {
	case SSD_NVME_OP_FLUSH:
		ssd_nvme_build_flush(cmd, d->nsid);
		ret = 0;
		break;
	case SSD_NVME_OP_DSM:
		if (nlb > UINT32_MAX)
			return -EINVAL;
		if (dsm_ranges(s))
			return -ENOMEM;
		range = s->dsm + (size_t)io->slot * SSD_NVME_DSM_RANGE_BYTES;
		ssd_nvme_dsm_range_encode(range, 0, (uint32_t)nlb, slba);
		ret = ssd_nvme_build_dsm(cmd, d->nsid, (uintptr_t)range, 1, SSD_NVME_DSM_AD);
		break;
	default:
		ret = prep_rw(opt, s, io, opcode, slba, nlb, cmd);
		break;
	}
	if (ret)
		return ret;
	cmd->timeout_ms = d->timeout_ms;
	return 0;
}

/* true the first time @bit is seen */
static bool first_time(uint64_t *set, unsigned int bit)
{
	uint64_t mask = 1ull << (bit % 64);

	if (set[bit / 64] & mask)
		return false;
	set[bit / 64] |= mask;
	return true;
}

/* Milliseconds from @start to now in @s's clock; UINT64_MAX when @start is unknown. */
static uint64_t age_ms(const struct ssd_tp_nvme_scratch *s, const struct timespec *start)
{
	struct timespec now;
	int64_t ms;

	if (!start)
		return UINT64_MAX;
	ssd_tp_nvme_clock(s, &now);
	ms =
	    (int64_t)(now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
	return ms < 0 ? 0 : (uint64_t)ms;
}

void ssd_tp_nvme_complete(struct ssd_tp_nvme_scratch *s, struct ssd_io *io, int res,
			  const struct timespec *start)
{
	const struct ssd_tp_nvme_dev *d = io->dev ? ssd_tp_nvme_dev_of(io->dev) : NULL;
	struct {
		uint32_t nsid, nlb;
		uint64_t slba;
	} cmd = {0};
	char line[256], opbuf[16], after[32];
	const char *op;

	io->error = 0;
	io->resid = 0;
	if (res == 0)
		return;
	/* the command as prep built it, for the log line */
	if (d && d->unit && io->op != SSD_OP_FLUSH) {
		cmd.slba = io->offset / d->unit;
		cmd.nlb = (uint32_t)(io->len / d->unit);
	}
	cmd.nsid = d ? d->nsid : 0;
	op = ssd_nvme_opcode_name(opcode_of(io->op), opbuf);
	if (res > 0) {
		uint16_t status = (uint16_t)(res & 0x7fff);

		io->error = ssd_nvme_status_errno(status);
		if (io->error && first_time(s->seen_status, status & 0x7ff)) {
			ssd_nvme_status_format(line, sizeof(line), op, cmd.nsid, cmd.slba, cmd.nlb,
					       status);
			ssd_log(SSD_LOG_ERR, "%s", line);
		}
	} else if (res == -EINTR) {
		uint64_t waited = age_ms(s, start);
		uint32_t in_force =
		    d && d->eff_timeout_ms ? d->eff_timeout_ms : kernel_io_timeout_ms();
		bool timed_out = d && waited != UINT64_MAX && waited >= in_force;

		if (waited == UINT64_MAX)
			snprintf(after, sizeof(after), "after an unknown time");
		else
			snprintf(after, sizeof(after), "after %" PRIu64 " ms", waited);
		io->error = timed_out ? ETIMEDOUT : ECANCELED;
		if (first_time(s->seen_errno, (unsigned int)io->error))
			ssd_log(SSD_LOG_ERR,
				"nvme: %s nsid %" PRIu32 " slba %" PRIu64 " nlb %" PRIu32 ": %s "
				"%s (command timeout %" PRIu32 " ms%s): the kernel "
				"cancelled it (EINTR)%s, no NVMe status",
				op, cmd.nsid, cmd.slba, cmd.nlb,
				timed_out ? "command timed out" : "command cancelled", after,
				in_force,
				d && d->timeout_ms ? ", nvme_timeout" : ", kernel default",
				timed_out ? " with an Abort and a controller reset"
					  : " in a controller reset or removal");
	} else if (res < 0) {
		io->error = -res;
		if (-res < 4096 && first_time(s->seen_errno, (unsigned int)-res))
			ssd_log(SSD_LOG_ERR,
				"nvme: %s nsid %" PRIu32 " slba %" PRIu64 " nlb %" PRIu32
				": host error %d (%s), no NVMe status",
				op, cmd.nsid, cmd.slba, cmd.nlb, -res, strerror(-res));
	}
	if (io->error)
		io->resid = io->len;
}
