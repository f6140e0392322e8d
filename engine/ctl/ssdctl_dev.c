// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_dev.c - open a drive by any of its nodes (host/dev_class.h finds its sibling nodes),
 * list the namespaces of a controller, and open, report, close in one call (ssdctl_report()).
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

#include "ctl/libssdctl.h"
#include "ctl/ssdctl.h"

/* Copy @src into @dst (@len bytes), truncating. */
static void copy(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The namespace of @d's node (NVME_IOCTL_ID) and its controller; 0 for the controller node. */
static int open_nvme(struct ssdctl_dev *d, const struct ssd_host_dev *h, char *err, size_t errlen)
{
	int r;

	copy(d->ctrl, sizeof(d->ctrl), h->ctrl);
	if (d->kind == SSD_HOST_KIND_NVME_CTRL) {
		d->nsid = 0;
		return 0;
	}
	if (nvme_get_nsid(d->fd, &d->nsid) < 0) {
		r = -errno;
		snprintf(err, errlen, "%s: NVME_IOCTL_ID: %s", d->path, strerror(errno));
		return r;
	}
	if (!d->ctrl[0]) {
		snprintf(err, errlen, "%s: cannot find its NVMe controller in sysfs", d->path);
		return -ENOENT;
	}
	return 0;
}

static bool ssdctl_kind_usable(enum ssd_host_kind kind)
{
	switch (kind) {
	case SSD_HOST_KIND_NVME_CTRL:
	case SSD_HOST_KIND_NVME_NG:
	case SSD_HOST_KIND_NVME_BLK:
	case SSD_HOST_KIND_SCSI_SG:
	case SSD_HOST_KIND_SCSI_BLK:
		return true;
	default:
		return false;
	}
}

/* As ssdctl_usable(), with @h the classification of @path. */
static bool usable(const char *path, const struct ssd_host_dev *h, char *err, size_t errlen)
{
	char what[96];

	if (h->kind == SSD_HOST_KIND_MISSING)
		snprintf(err, errlen, "%s: no such device", path);
	else if (!ssdctl_kind_usable(h->kind))
		snprintf(err, errlen,
			 "%s is %s: ssdctl needs an NVMe controller (/dev/nvmeX), namespace "
			 "(/dev/nvmeXnY, /dev/ngXnY) or a SCSI device (/dev/sdX, /dev/sgN)",
			 path, ssd_host_describe(path, h, what, sizeof(what)));
	return ssdctl_kind_usable(h->kind);
}

bool ssdctl_usable(const char *path, char *err, size_t errlen)
{
	struct ssd_host_dev h;

	ssd_host_classify(path, &h);
	return usable(path, &h, err, errlen);
}

int ssdctl_open(const char *path, struct ssdctl_dev *d, char *err, size_t errlen)
{
	struct ssd_host_dev h;
	int r;

	memset(d, 0, sizeof(*d));
	d->fd = -1;
	d->path = path;
	ssd_host_classify(path, &h);
	d->kind = h.kind;
	if (!usable(path, &h, err, errlen))
		return d->kind == SSD_HOST_KIND_MISSING ? -ENOENT : -ENODEV;
	d->family = d->kind == SSD_HOST_KIND_SCSI_SG || d->kind == SSD_HOST_KIND_SCSI_BLK
			? SSDCTL_SCSI
			: SSDCTL_NVME;
	copy(d->disk, sizeof(d->disk), h.block);
	copy(d->sg, sizeof(d->sg), d->family == SSDCTL_SCSI ? h.generic : "");
	d->fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (d->fd < 0)
		d->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (d->fd < 0) {
		r = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		ssdctl_close(d);
		return r;
	}
	r = d->family == SSDCTL_NVME ? open_nvme(d, &h, err, errlen) : 0;
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

int ssdctl_report(const char *dev, ssdctl_build_fn build, json_object **out, char *err,
		  size_t errlen)
{
	struct ssdctl_dev d;
	int r = ssdctl_open(dev, &d, err, errlen);

	if (r)
		return r;
	r = build(&d, out, err, errlen);
	ssdctl_close(&d);
	return r;
}
