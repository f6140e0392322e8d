// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_dev.c - the drive under review as the block device a filesystem goes on. The only file of
 * ssd-apps that calls the engine's host functions (engine/host/dev_class.h: what a node is and
 * the block device behind it; engine/host/in_use.h: the in-use checks), so moving to another
 * host API touches this file alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "apps.h"
#include "host/dev_class.h"
#include "host/in_use.h"

/* the disk behind an NVMe generic or SCSI generic node, from sysfs (@h) */
static int disk_behind(const char *path, const struct ssd_host_dev *h, struct apps_dev *d,
		       char *err, size_t errlen)
{
	if (!h->block[0]) {
		snprintf(err, errlen,
			 "%s: no block device behind this %s (a namespace the block layer hides, "
			 "or not a disk): a filesystem needs one",
			 path, d->kind);
		return -ENOTBLK;
	}
	if (strlen(h->block) + 6 > sizeof(d->block)) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENAMETOOLONG));
		return -ENAMETOOLONG;
	}
	snprintf(d->block, sizeof(d->block), "/dev/%s", h->block);
	return 0;
}

static uint64_t block_size_bytes(const char *blk)
{
	uint64_t size = 0;
	int fd = open(blk, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	if (ioctl(fd, BLKGETSIZE64, &size) < 0)
		size = 0;
	close(fd);
	return size;
}

/* /sys/class/block/<name>/queue/write_cache (a partition's is its disk's) into @out */
static void write_cache(const char *blk, char *out, size_t len)
{
	const char *name = strrchr(blk, '/') ? strrchr(blk, '/') + 1 : blk;
	char p[PATH_MAX];
	FILE *f;

	out[0] = '\0';
	snprintf(p, sizeof(p), "/sys/class/block/%s/queue/write_cache", name);
	if (!(f = fopen(p, "re"))) {
		snprintf(p, sizeof(p), "/sys/class/block/%s/../queue/write_cache", name);
		f = fopen(p, "re");
	}
	if (!f)
		return;
	if (!fgets(out, (int)len, f))
		out[0] = '\0';
	out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

int apps_dev_resolve(const char *path, struct apps_dev *d, char *err, size_t errlen)
{
	struct ssd_host_dev h;
	char real[PATH_MAX];
	int r;

	memset(d, 0, sizeof(*d));
	snprintf(d->given, sizeof(d->given), "%s", path);
	ssd_host_classify(path, &h);
	ssd_host_describe(path, &h, d->kind, sizeof(d->kind));
	switch (h.kind) {
	case SSD_HOST_KIND_MISSING:
		snprintf(err, errlen, "%s: no such device", path);
		return -ENOENT;
	case SSD_HOST_KIND_NVME_CTRL:
		snprintf(err, errlen,
			 "%s is an NVMe controller: give a namespace (/dev/ngXnY or /dev/nvmeXnY)",
			 path);
		return -ENOTBLK;
	case SSD_HOST_KIND_NVME_NG:
	case SSD_HOST_KIND_SCSI_SG:
		r = disk_behind(path, &h, d, err, errlen);
		if (r)
			return r;
		break;
	case SSD_HOST_KIND_NVME_BLK:
	case SSD_HOST_KIND_SCSI_BLK:
	case SSD_HOST_KIND_BLK: /* a partition too */
		if (!realpath(path, real) || strlen(real) >= sizeof(d->block)) {
			snprintf(err, errlen, "%s: cannot resolve the path", path);
			return -ENAMETOOLONG;
		}
		memcpy(d->block, real, strlen(real) + 1);
		break;
	default:
		snprintf(err, errlen,
			 "%s is %s: give a drive's block device or NVMe/SCSI generic node", path,
			 h.kind == SSD_HOST_KIND_FILE ? "a regular file, not a drive" : d->kind);
		return -ENOTBLK;
	}
	d->size = block_size_bytes(d->block);
	write_cache(d->block, d->write_cache, sizeof(d->write_cache));
	return 0;
}

int apps_dev_check_unused(const struct apps_dev *d, char *err, size_t errlen)
{
	return ssd_host_check_path_unused(
	    d->block, "before making a filesystem on it (or --allow-mounted)", err, errlen);
}
