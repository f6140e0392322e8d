// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_dev.c - open a drive by any of its nodes and find its sibling nodes in sysfs.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <libnvme.h>

#include "host/nvme_node.h"
#include "host/scsi_node.h"
#include "ctl/ssdctl.h"

/* Copy @src into @dst (@len bytes), truncating. */
static void copy(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* First entry of @dir whose name is "nvme" followed by digits only (a controller). */
static int first_ctrl_in(const char *dir, char *buf, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int r = -ENOENT;

	if (!d)
		return -errno;
	while ((de = readdir(d)))
		if (!strncmp(de->d_name, "nvme", 4) && de->d_name[4] &&
		    strspn(de->d_name + 4, "0123456789") == strlen(de->d_name + 4)) {
			copy(buf, len, de->d_name);
			r = 0;
			break;
		}
	closedir(d);
	return r;
}

/* The controller behind a namespace node: its sysfs "device" link names the controller, or
 * the subsystem with native multipath (then take the first controller of the subsystem). */
static int nvme_ctrl_of(const struct stat *st, char *buf, size_t len)
{
	char path[256], name[64];
	int r;

	snprintf(path, sizeof(path), "/sys/dev/%s/%u:%u/device",
		 S_ISBLK(st->st_mode) ? "block" : "char", major(st->st_rdev), minor(st->st_rdev));
	r = ssd_link_basename(path, name, sizeof(name));
	if (r < 0)
		return r;
	if (!strncmp(name, "nvme-subsys", 11)) {
		snprintf(path, sizeof(path), "/sys/class/nvme-subsystem/%s", name);
		return first_ctrl_in(path, buf, len);
	}
	copy(buf, len, name);
	return 0;
}

static int open_nvme(struct ssdctl_dev *d, const struct stat *st, char *err, size_t errlen)
{
	struct ssd_host_nvme_node node;
	int r;

	if (d->kind == SSD_KIND_NVME_CTRL) {
		const char *b = strrchr(d->path, '/');
		char real[PATH_MAX];

		/* the controller's kernel name, even through a symlink */
		if (realpath(d->path, real))
			b = strrchr(real, '/');
		copy(d->ctrl, sizeof(d->ctrl), b ? b + 1 : d->path);
		d->nsid = 0;
		return 0;
	}
	if (nvme_get_nsid(d->fd, &d->nsid) < 0) {
		r = -errno;
		snprintf(err, errlen, "%s: NVME_IOCTL_ID: %s", d->path, strerror(errno));
		return r;
	}
	r = nvme_ctrl_of(st, d->ctrl, sizeof(d->ctrl));
	if (r < 0) {
		snprintf(err, errlen, "%s: cannot find its NVMe controller in sysfs: %s", d->path,
			 strerror(-r));
		return r;
	}
	if (ssd_host_nvme_classify("/sys", d->kind == SSD_KIND_NVME_BLOCK, st->st_rdev, &node, err,
				   errlen) == 1)
		copy(d->disk, sizeof(d->disk), node.disk_name);
	return 0;
}

/* The sd disk behind an sg node: /sys/class/scsi_generic/sgN/device/block/<sdX>. */
static void sg_disk(const char *sg, char *buf, size_t len)
{
	char dir[256];
	const char *b = strrchr(sg, '/');
	DIR *d;
	struct dirent *de;

	buf[0] = '\0';
	snprintf(dir, sizeof(dir), "/sys/class/scsi_generic/%s/device/block", b ? b + 1 : sg);
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.') {
			copy(buf, len, de->d_name);
			break;
		}
	closedir(d);
}

static int open_scsi(struct ssdctl_dev *d, char *err, size_t errlen)
{
	struct scsi_node node;
	int r = scsi_node_classify("/sys", d->path, &node);

	if (r < 0) {
		snprintf(err, errlen, "%s: %s", d->path, strerror(-r));
		return r;
	}
	copy(d->sg, sizeof(d->sg), node.sg_path);
	if (d->kind == SSD_KIND_SCSI_BLOCK) {
		char real[PATH_MAX];
		const char *b;

		b = realpath(d->path, real) ? strrchr(real, '/') : strrchr(d->path, '/');
		copy(d->disk, sizeof(d->disk), b ? b + 1 : d->path);
	} else {
		sg_disk(d->sg, d->disk, sizeof(d->disk));
	}
	return 0;
}

static bool ssdctl_kind_usable(enum ssd_dev_kind kind)
{
	switch (kind) {
	case SSD_KIND_NVME_CTRL:
	case SSD_KIND_NVME_GENERIC:
	case SSD_KIND_NVME_BLOCK:
	case SSD_KIND_SCSI_SG:
	case SSD_KIND_SCSI_BLOCK:
		return true;
	default:
		return false;
	}
}

bool ssdctl_usable(const char *path, char *err, size_t errlen)
{
	enum ssd_dev_kind kind = ssd_dev_kind_of(path);
	char what[96];

	if (kind == SSD_KIND_MISSING)
		snprintf(err, errlen, "%s: no such device", path);
	else if (!ssdctl_kind_usable(kind))
		snprintf(err, errlen,
			 "%s is %s: ssdctl needs an NVMe controller (/dev/nvmeX), namespace "
			 "(/dev/nvmeXnY, /dev/ngXnY) or a SCSI device (/dev/sdX, /dev/sgN)",
			 path, ssd_dev_kind_describe(path, kind, what, sizeof(what)));
	return ssdctl_kind_usable(kind);
}

int ssdctl_open(const char *path, struct ssdctl_dev *d, char *err, size_t errlen)
{
	struct stat st;
	int r;

	memset(d, 0, sizeof(*d));
	d->fd = -1;
	d->path = path;
	d->kind = ssd_dev_kind_of(path);
	if (!ssdctl_usable(path, err, errlen))
		return d->kind == SSD_KIND_MISSING ? -ENOENT : -ENODEV;
	d->family = d->kind == SSD_KIND_SCSI_SG || d->kind == SSD_KIND_SCSI_BLOCK ? SSDCTL_SCSI
										  : SSDCTL_NVME;
	d->fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (d->fd < 0)
		d->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (d->fd < 0 || fstat(d->fd, &st) < 0) {
		r = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		ssdctl_close(d);
		return r;
	}
	r = d->family == SSDCTL_NVME ? open_nvme(d, &st, err, errlen) : open_scsi(d, err, errlen);
	if (r < 0)
		ssdctl_close(d);
	return r;
}

void ssdctl_close(struct ssdctl_dev *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

/* "nvme0c1n2" (a multipath path device) -> "nvme0n2" (its head disk); others unchanged. */
static void head_name(const char *name, char *buf, size_t len)
{
	const char *c = strchr(name + 4, 'c'), *n = c ? strchr(c, 'n') : NULL;

	if (c && n && strspn(c + 1, "0123456789") == (size_t)(n - c - 1))
		snprintf(buf, len, "%.*s%s", (int)(c - name), name, n);
	else
		copy(buf, len, name);
}

static int read_u32(const char *path, uint32_t *v)
{
	FILE *f = fopen(path, "r");
	int r;

	if (!f)
		return -errno;
	r = fscanf(f, "%u", v) == 1 ? 0 : -EINVAL;
	fclose(f);
	return r;
}

int ssdctl_nvme_ns_nodes(const char *ctrl, struct ssdctl_ns_node *out, unsigned int max)
{
	char dir[128], path[512];
	struct dirent *de;
	unsigned int n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "/sys/class/nvme/%s", ctrl);
	d = opendir(dir);
	if (!d)
		return -errno;
	while ((de = readdir(d)) && n < max) {
		struct ssdctl_ns_node *o = &out[n];

		if (strncmp(de->d_name, "nvme", 4) || !strchr(de->d_name + 4, 'n'))
			continue;
		snprintf(path, sizeof(path), "%s/%s/nsid", dir, de->d_name);
		if (read_u32(path, &o->nsid) < 0)
			continue;
		head_name(de->d_name, o->disk, sizeof(o->disk));
		/* the generic node carries the disk's name with "ng" for "nvme" */
		snprintf(o->ng, sizeof(o->ng), "ng%s", o->disk + 4);
		snprintf(path, sizeof(path), "/dev/%s", o->ng);
		if (access(path, F_OK))
			o->ng[0] = '\0';
		n++;
	}
	closedir(d);
	return (int)n;
}
