// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_sg_dev.c - opening a SCSI device for the scsi-sg transport: find its sg node, make sure
 * the sg driver answers, and read the geometry (SPC-5 INQUIRY, SBC-4 READ CAPACITY(16)/(10),
 * SBC-4 Block Limits VPD page).
 */
#include "transport/scsi_sg_dev.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
#include <unistd.h>

#include "host/dev_class.h"
#include "common/ssd_log.h"
#include "core/dev_cache.h"
#include "common/ssd_str.h"

/* The sg driver that introduced the v3 interface (struct sg_io_hdr) is 3.0.0 = 30000. */
#define SG_V3_VERSION 30000

static void say(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* Run a data-in command during open (host/sgio.h: a UNIT ATTENTION is retried once and said
 * so). Return 0, or -errno with @err naming the command; @sense is the failure's sense. */
static int data_in(struct ssd_tp_sg_dev *d, struct ssd_scsi_cdb *cdb, uint8_t *buf, uint32_t len,
		   uint32_t *got, struct ssd_scsi_sense *sense, char *err, size_t errlen)
{
	struct ssd_host_sg_result res;
	char line[256];
	int ret =
	    ssd_host_sgio(d->fds[0], cdb, SSD_HOST_SG_IN, buf, len, d->timeout_ms, d->path, &res);

	memset(sense, 0, sizeof(*sense));
	if (ret < 0) {
		say(err, errlen, "%s: %s: SG_IO failed: %s", d->path, ssd_scsi_opcode_name(cdb),
		    strerror(-ret));
		return ret;
	}
	if (ret > 0) {
		if (res.have_sense)
			*sense = res.key;
		ssd_host_sgio_describe(line, sizeof(line), cdb, &res);
		say(err, errlen, "%s: %s", d->path, line);
		return -ret;
	}
	*got = res.resid < len ? len - res.resid : len;
	return 0;
}

static bool is_invalid_request(const struct ssd_scsi_sense *s)
{
	return s->key == SSD_SCSI_SK_ILLEGAL_REQUEST;
}

static int read_inquiry(struct ssd_tp_sg_dev *d, char *err, size_t errlen)
{
	uint8_t buf[SSD_SCSI_INQUIRY_STD_LEN + 60];
	struct ssd_scsi_sense s;
	struct ssd_scsi_cdb c;
	uint32_t got;
	int ret;

	ssd_scsi_cdb_inquiry(&c, false, 0, sizeof(buf));
	ret = data_in(d, &c, buf, sizeof(buf), &got, &s, err, errlen);
	if (ret)
		return ret;
	ret = ssd_scsi_parse_inquiry(buf, got, &d->inq, err, errlen);
	if (ret)
		return ret;
	if (d->inq.qualifier != 0 ||
	    (d->inq.type != SSD_SCSI_TYPE_DISK && d->inq.type != SSD_SCSI_TYPE_ZBC)) {
		say(err, errlen, "%s: %s %s is a %s (peripheral qualifier %u), not a disk", d->path,
		    d->inq.vendor, d->inq.product, ssd_scsi_device_type_name(d->inq.type),
		    d->inq.qualifier);
		return -ENODEV;
	}
	return 0;
}

static int read_capacity(struct ssd_tp_sg_dev *d, char *err, size_t errlen)
{
	uint8_t buf[SSD_SCSI_READ_CAPACITY_16_LEN];
	struct ssd_scsi_sense s;
	struct ssd_scsi_cdb c;
	uint32_t got;
	int ret;

	ssd_scsi_cdb_read_capacity16(&c, sizeof(buf));
	ret = data_in(d, &c, buf, sizeof(buf), &got, &s, err, errlen);
	if (ret == 0)
		return ssd_scsi_parse_read_capacity16(buf, got, &d->cap, err, errlen);
	if (!is_invalid_request(&s))
		return ret;
	ssd_scsi_cdb_read_capacity10(&c);
	ret = data_in(d, &c, buf, SSD_SCSI_READ_CAPACITY_10_LEN, &got, &s, err, errlen);
	if (ret)
		return ret;
	return ssd_scsi_parse_read_capacity10(buf, got, &d->cap, err, errlen);
}

/* The Block Limits page is optional (SBC-4 makes it mandatory only with thin provisioning);
 * a device that rejects it simply reports no limits. */
static int read_block_limits(struct ssd_tp_sg_dev *d, char *err, size_t errlen)
{
	uint8_t buf[SSD_SCSI_VPD_BLOCK_LIMITS_LEN];
	struct ssd_scsi_sense s;
	struct ssd_scsi_cdb c;
	uint32_t got;
	int ret;

	ssd_scsi_cdb_inquiry(&c, true, SSD_SCSI_VPD_BLOCK_LIMITS, sizeof(buf));
	ret = data_in(d, &c, buf, sizeof(buf), &got, &s, err, errlen);
	if (ret) {
		if (!is_invalid_request(&s))
			return ret;
		memset(&d->bl, 0, sizeof(d->bl));
		err[0] = '\0';
		return 0;
	}
	return ssd_scsi_parse_block_limits(buf, got, &d->bl, err, errlen);
}

/* Largest transfer in blocks: Block Limits MAXIMUM TRANSFER LENGTH and what the sg driver maps
 * (BLKSECTGET on an sg fd gives the request queue's max_sectors in bytes). */
static void set_max_xfer(struct ssd_tp_sg_dev *d)
{
	uint32_t blocks = d->bl.max_xfer_blocks;
	int bytes = 0;

	if (ioctl(d->fds[0], BLKSECTGET, &bytes) == 0 && bytes > 0) {
		uint32_t drv = (uint32_t)bytes / d->cap.lba_bytes;

		if (drv && (!blocks || drv < blocks))
			blocks = drv;
	}
	d->max_xfer_blocks = blocks;
}

void ssd_tp_sg_describe(const struct ssd_dev *dev, char *buf, size_t len)
{
	const struct ssd_tp_sg_dev *d = ssd_container_of(dev, const struct ssd_tp_sg_dev, base);
	const char *sg = strrchr(d->sg_path, '/');
	size_t n = ssd_str_put(buf, len, 0, "SCSI ", SIZE_MAX);

	n = ssd_str_put(buf, len, n, d->inq.product, 16);
	n = ssd_str_put(buf, len, n, " ", SIZE_MAX);
	n = ssd_str_put(buf, len, n, d->inq.revision, 4);
	n = ssd_str_put(buf, len, n, " on ", SIZE_MAX);
	n = ssd_str_put(buf, len, n, sg ? sg + 1 : d->sg_path, 8);
	n = ssd_str_put(buf, len, n, ", LBA ", SIZE_MAX);
	n = ssd_str_put_u(buf, len, n, d->cap.lba_bytes);
	if (d->cap.lbppbe) {
		n = ssd_str_put(buf, len, n, "/", SIZE_MAX);
		n = ssd_str_put_u(buf, len, n, (uint32_t)(d->cap.lba_bytes << d->cap.lbppbe));
	}
	n = ssd_str_put(buf, len, n,
			d->cap.lbpme ? (d->cap.lbprz ? ", thin LBPRZ=1" : ", thin LBPRZ=0") : "",
			SIZE_MAX);
	ssd_str_put(buf, len, n, d->cap.prot_en ? ", PI on" : "", SIZE_MAX);
}

/* What to do about @path, a file the SCSI transport cannot drive. */
static const char *refusal_hint(const char *path, const struct ssd_host_dev *h)
{
	switch (h->kind) {
	case SSD_HOST_KIND_NVME_NG:
	case SSD_HOST_KIND_NVME_BLK:
	case SSD_HOST_KIND_NVME_CTRL:
		return "use transport=nvme (or transport=auto)";
	case SSD_HOST_KIND_SCSI_SG:
	case SSD_HOST_KIND_SCSI_BLK:
		return "it has no sg node (load the sg module), or use transport=block";
	case SSD_HOST_KIND_FILE:
	case SSD_HOST_KIND_BLK:
		return h->partition ? "give the whole SCSI disk or its /dev/sgN node"
				    : "use transport=block";
	default:
		return ssd_host_not_a_drive_hint(path, h);
	}
}

/* Find the sg node behind @path (host/dev_class.h; its classification @opt->host when the
 * caller made it), or say why there is none. */
static int find_sg_node(const char *path, const struct ssd_options *opt, char *sg_path, size_t len,
			int *blk_kind, char *err, size_t errlen)
{
	struct ssd_host_dev own;
	const struct ssd_host_dev *hp = opt ? opt->host : NULL;

	if (!hp) {
		ssd_classify(path, &own);
		hp = &own;
	}
	if (hp->kind == SSD_HOST_KIND_MISSING) {
		say(err, errlen, "%s: %s", path, strerror(ENOENT));
		return -ENOENT;
	}
	if ((hp->kind != SSD_HOST_KIND_SCSI_SG && hp->kind != SSD_HOST_KIND_SCSI_BLK) ||
	    !hp->generic[0]) {
		say(err, errlen, "%s: %s%s%s%s, not a SCSI device; %s", path,
		    ssd_host_kind_name(hp->kind, hp->partition), hp->name[0] ? " (" : "", hp->name,
		    hp->name[0] ? ")" : "", refusal_hint(path, hp));
		return -ENODEV;
	}
	*blk_kind = hp->kind == SSD_HOST_KIND_SCSI_BLK;
	ssd_str_copy(sg_path, len, hp->generic);
	return 0;
}

unsigned int ssd_tp_sg_fds_for_depth(unsigned int depth)
{
	if (!depth)
		return 1;
	return depth < SSD_TP_SG_MAX_FDS ? depth : SSD_TP_SG_MAX_FDS;
}

unsigned int ssd_tp_sg_per_fd(unsigned int nfds, unsigned int depth)
{
	if (!nfds || depth <= nfds)
		return 1;
	return (depth + nfds - 1) / nfds;
}

int ssd_tp_sg_open_fd(struct ssd_tp_sg_dev *d, unsigned int k, unsigned long long max_bs)
{
	int want = (int)max_bs;
	int fd = k ? -1 : ssd_dev_cache_take_fd(d->sg_path, O_RDWR);

	if (fd < 0)
		fd = open(d->sg_path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* a command alone on its fd never needs pages allocated when the fd's reserved buffer
	 * holds the largest transfer; the driver may cap it (max sectors), which only costs
	 * speed */
	if (max_bs > SSD_TP_SG_DEFAULT_RESERVE && max_bs <= SSD_TP_SG_MAX_RESERVE &&
	    max_bs * d->nfds <= SSD_TP_SG_MAX_RESERVE_TOTAL)
		ioctl(fd, SG_SET_RESERVED_SIZE, &want);
	d->fds[k] = fd;
	d->nopen++;
	return fd;
}

/* @d's per-fd arrays for @nfds fds, grown from its @d->nfds (0 at first) keeping what is
 * there; the new fds not open. The three arrays are one allocation (at @d->fd_tag, then
 * @d->fds, then @d->fd_busy): one malloc at open, not three reallocs. Only before the fds are
 * watched (epoll names the tags by address). */
static int alloc_fds(struct ssd_tp_sg_dev *d, unsigned int nfds)
{
	_Static_assert(_Alignof(struct ssd_tp_sg_fd_tag) >= _Alignof(int) &&
			   sizeof(struct ssd_tp_sg_fd_tag) % _Alignof(int) == 0,
		       "the fds follow the tags aligned");
	struct ssd_tp_sg_fd_tag *tag =
	    malloc(nfds * (sizeof(*tag) + sizeof(*d->fds) + sizeof(*d->fd_busy)));
	unsigned int *busy;
	int *fds;

	if (!tag)
		return -ENOMEM;
	fds = (int *)(tag + nfds);
	busy = (unsigned int *)(fds + nfds);
	if (d->nfds) {
		memcpy(tag, d->fd_tag, d->nfds * sizeof(*tag));
		memcpy(fds, d->fds, d->nfds * sizeof(*fds));
		memcpy(busy, d->fd_busy, d->nfds * sizeof(*busy));
	}
	free(d->fd_tag);
	d->fd_tag = tag;
	d->fds = fds;
	d->fd_busy = busy;
	for (unsigned int k = d->nfds; k < nfds; k++) {
		d->fds[k] = -1;
		d->fd_busy[k] = 0;
		d->fd_tag[k] = (struct ssd_tp_sg_fd_tag){.dev = d, .k = k};
	}
	d->nfds = nfds;
	return 0;
}

/* The sg driver must speak v3 (struct sg_io_hdr). */
static int check_version(struct ssd_tp_sg_dev *d, char *err, size_t errlen)
{
	if (ioctl(d->fds[0], SG_GET_VERSION_NUM, &d->sg_version) < 0 ||
	    d->sg_version < SG_V3_VERSION) {
		say(err, errlen,
		    "%s: %s does not answer SG_GET_VERSION_NUM as an sg v3 driver; not a "
		    "SCSI generic device",
		    d->path, d->sg_path);
		return -ENODEV;
	}
	return 0;
}

/* What the device and the sg driver said at open (the per-process cache entry). Limits are
 * read when a job can meet them (need_limits()). */
struct scsi_known {
	int sg_version;
	struct ssd_scsi_inquiry inq;
	struct ssd_scsi_capacity cap;
	struct ssd_scsi_block_limits bl;
	uint32_t max_xfer_blocks;
	bool limits_read; /* Block Limits and the sg driver's largest transfer */
};

/*
 * Whether a job with @opt can meet the device's limits: a transfer above one page (4 KiB: the
 * block layer never limits a request below a page, and no disk's MAXIMUM TRANSFER LENGTH is
 * shorter), or an operation that Block Limits bounds on its own (UNMAP, WRITE SAME).
 */
static bool need_limits(const struct ssd_options *opt)
{
	return !opt || !opt->ops || opt->max_bs > 4096 ||
	       (opt->ops & (SSD_OP_BIT(SSD_OP_TRIM) | SSD_OP_BIT(SSD_OP_WRITE_ZEROES)));
}

/* fds[0] of @d: taken over from a probe, or opened. */
static int first_fd(struct ssd_tp_sg_dev *d, const struct ssd_options *opt, char *err,
		    size_t errlen)
{
	int ret = d->fds[0] >= 0 ? 0 : ssd_tp_sg_open_fd(d, 0, opt ? opt->max_bs : 0);

	if (ret < 0)
		say(err, errlen, "%s: cannot open %s: %s%s", d->path, d->sg_path, strerror(-ret),
		    ssd_host_open_errno_hint(-ret));
	return ret < 0 ? ret : 0;
}

/* What the cache keeps for @d, asked of the device where it lacks what a job with @opt
 * needs. */
static int known_of(struct ssd_tp_sg_dev *d, const struct ssd_options *opt, struct scsi_known *k,
		    char *err, size_t errlen)
{
	bool cached = ssd_dev_cache_get("scsi", d->sg_path, k, sizeof(*k));
	bool limits = need_limits(opt) && !(cached && k->limits_read);
	int ret;

	if (cached && !limits)
		return 0;
	ret = first_fd(d, opt, err, errlen);
	if (ret)
		return ret;
	if (!cached) {
		ret = check_version(d, err, errlen);
		if (!ret)
			ret = read_inquiry(d, err, errlen);
		if (!ret)
			ret = read_capacity(d, err, errlen);
		if (ret)
			return ret;
		*k = (struct scsi_known){.sg_version = d->sg_version, .inq = d->inq, .cap = d->cap};
	} else {
		d->cap = k->cap; /* set_max_xfer() counts in its blocks */
	}
	if (limits) {
		ret = read_block_limits(d, err, errlen);
		if (ret)
			return ret;
		set_max_xfer(d);
		k->bl = d->bl;
		k->max_xfer_blocks = d->max_xfer_blocks;
		k->limits_read = true;
	}
	ssd_dev_cache_put("scsi", d->sg_path, k, sizeof(*k));
	return 0;
}

/* What the glue needs of @d's geometry. */
static void geometry_of(const struct ssd_tp_sg_dev *d, struct ssd_geometry *geo)
{
	memset(geo, 0, sizeof(*geo));
	geo->lba_bytes = d->cap.lba_bytes;
	geo->capacity_bytes = d->cap.nblocks * d->cap.lba_bytes;
	geo->max_xfer_bytes = (uint64_t)d->max_xfer_blocks * d->cap.lba_bytes;
}

int ssd_tp_sg_open(const char *path, unsigned int nfds, const struct ssd_options *opt, bool probe,
		   struct ssd_tp_sg_dev **out, struct ssd_geometry *geo, char *err, size_t errlen)
{
	struct ssd_tp_sg_dev *d = calloc(1, sizeof(*d));
	struct scsi_known known; /* what the device said, once per process */
	int is_disk = 0, ret;

	*out = NULL;
	if (!d)
		return -ENOMEM;
	d->blk_fd = -1;
	d->timeout_ms =
	    opt && opt->scsi_timeout_ms ? opt->scsi_timeout_ms : SSD_TP_SG_DEFAULT_TIMEOUT_MS;
	d->cdb_size = opt ? opt->scsi_cdb : SSD_CDB_AUTO;
	ssd_str_copy(d->path, sizeof(d->path), path);
	ret = find_sg_node(path, opt, d->sg_path, sizeof(d->sg_path), &is_disk, err, errlen);
	if (!ret)
		ret = alloc_fds(d, nfds ? nfds : 1);
	if (!ret)
		ret = known_of(d, opt, &known, err, errlen);
	/* a probe (fio sizing the file) needs no file descriptor; a job does */
	if (!ret && !probe)
		ret = first_fd(d, opt, err, errlen);
	if (ret)
		goto fail;
	d->sg_version = known.sg_version;
	d->inq = known.inq;
	d->cap = known.cap;
	d->bl = known.bl;
	d->max_xfer_blocks = known.max_xfer_blocks;
	d->is_disk = is_disk;
	/* fio treats /dev/sdX as a block device (cache flush, disk stats): give it that fd */
	if (is_disk && !probe)
		d->blk_fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	d->lba_shift = (uint32_t)__builtin_ctz(d->cap.lba_bytes);
	/* READ without FUA checks the CDB size; the other templates are built as first used */
	if (ssd_scsi_rw_tmpl_init(&d->rw_tmpl[0][0], false, false, d->cdb_size)) {
		say(err, errlen, "%s: scsi_cdb=%u: expected 10 or 16", path,
		    (unsigned int)d->cdb_size);
		ret = -EINVAL;
		goto fail;
	}
	d->tmpl_built = 1;
	geometry_of(d, geo);
	*out = d;
	return 0;
fail:
	ssd_tp_sg_close(d, false);
	return ret;
}

int ssd_tp_sg_adopt(struct ssd_tp_sg_dev *d, unsigned int nfds, const struct ssd_options *opt,
		    struct ssd_geometry *geo, char *err, size_t errlen)
{
	int ret = nfds > d->nfds ? alloc_fds(d, nfds) : 0;

	if (ret)
		say(err, errlen, "%s: out of memory", d->path);
	if (!ret)
		ret = first_fd(d, opt, err, errlen);
	if (ret) {
		ssd_tp_sg_close(d, false);
		return ret;
	}
	if (d->is_disk)
		d->blk_fd = open(d->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	geometry_of(d, geo);
	return 0;
}

void ssd_tp_sg_close(struct ssd_tp_sg_dev *d, bool keep_fd)
{
	if (!d)
		return;
	for (unsigned int i = 0; i < d->nfds; i++) {
		if (d->fds[i] < 0)
			continue;
		if (i == 0 && keep_fd)
			ssd_dev_cache_keep_fd(d->sg_path, O_RDWR, d->fds[0]);
		else
			close(d->fds[i]);
	}
	if (d->blk_fd >= 0)
		close(d->blk_fd);
	free(d->fd_tag); /* and fds, fd_busy: one allocation */
	free(d->zero_block);
	free(d);
}
