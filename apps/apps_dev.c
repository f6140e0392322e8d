// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_dev.c - the drive under review as the block device a filesystem goes on. The only file of
 * ssd-apps that calls the engine's host functions (engine/dev_kind.h: what a node is;
 * engine/purge_check.h: the block devices behind a node and the in-use checks), so moving to
 * another host API touches this file alone.
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

/* the disk behind an NVMe generic or SCSI generic node, from sysfs */
static int disk_behind(const char *path, const struct stat *st, struct apps_dev *d, char *err,
		       size_t errlen)
{
	struct ssd_blockdevs_buf {
		struct ssd_blockdev v[SSD_MAX_BLOCKDEVS];
	} * b;
	char msg[384] = "";
	int n;

	b = malloc(sizeof(*b));
	if (!b)
		return -ENOMEM;
	n = ssd_blockdevs_of_node("/sys", S_ISBLK(st->st_mode), st->st_rdev, b->v,
				  SSD_MAX_BLOCKDEVS, msg, sizeof(msg));
	if (n > 0) {
		size_t l = strnlen(b->v[0].name, sizeof(b->v[0].name));

		if (l + 6 > sizeof(d->block))
			n = -ENAMETOOLONG;
		else
			memcpy(d->block, "/dev/", 5), memcpy(d->block + 5, b->v[0].name, l),
			    d->block[5 + l] = '\0';
	}
	free(b);
	if (n < 0) {
		snprintf(err, errlen, "%s: %s", path, msg[0] ? msg : strerror(-n));
		return n;
	}
	if (n == 0) {
		snprintf(err, errlen,
			 "%s: no block device behind this %s (a namespace the block layer hides, "
			 "or not a disk): a filesystem needs one",
			 path, d->kind);
		return -ENOTBLK;
	}
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

int apps_dev_resolve(const char *path, struct apps_dev *d, char *err, size_t errlen)
{
	enum ssd_dev_kind kind = ssd_dev_kind_of(path);
	char real[PATH_MAX];
	struct stat st;
	int r;

	memset(d, 0, sizeof(*d));
	snprintf(d->given, sizeof(d->given), "%s", path);
	ssd_dev_kind_describe(path, kind, d->kind, sizeof(d->kind));
	switch (kind) {
	case SSD_KIND_MISSING:
		snprintf(err, errlen, "%s: no such device", path);
		return -ENOENT;
	case SSD_KIND_NVME_CTRL:
		snprintf(err, errlen,
			 "%s is an NVMe controller: give a namespace (/dev/ngXnY or /dev/nvmeXnY)",
			 path);
		return -ENOTBLK;
	case SSD_KIND_NVME_GENERIC:
	case SSD_KIND_SCSI_SG:
		if (stat(path, &st) < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -errno;
		}
		r = disk_behind(path, &st, d, err, errlen);
		if (r)
			return r;
		break;
	case SSD_KIND_NVME_BLOCK:
	case SSD_KIND_SCSI_BLOCK:
	case SSD_KIND_PARTITION:
	case SSD_KIND_BLOCK:
		if (!realpath(path, real) || strlen(real) >= sizeof(d->block)) {
			snprintf(err, errlen, "%s: cannot resolve the path", path);
			return -ENAMETOOLONG;
		}
		memcpy(d->block, real, strlen(real) + 1);
		break;
	default:
		snprintf(err, errlen,
			 "%s is %s: give a drive's block device or NVMe/SCSI generic node", path,
			 kind == SSD_KIND_FILE ? "a regular file, not a drive" : d->kind);
		return -ENOTBLK;
	}
	d->size = block_size_bytes(d->block);
	return 0;
}

int apps_dev_check_unused(const struct apps_dev *d, char *err, size_t errlen)
{
	return ssd_dev_check_unused(
	    d->block, "before making a filesystem on it (or --allow-mounted)", err, errlen);
}
