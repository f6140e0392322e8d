// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_node.c - classify a device path through sysfs (/sys/dev/{block,char}/MAJ:MIN).
 */
#include "host/scsi_node.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* snprintf() that reports truncation: 0, or -ENAMETOOLONG. */
static int format_path(char *dst, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int format_path(char *dst, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(dst, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* @fmt has one %s, for the device name. */
static void set_what(struct scsi_node *out, enum scsi_node_kind kind, const char *fmt,
		     const char *name)
{
	out->kind = kind;
	format_path(out->what, sizeof(out->what), fmt, name);
}

/* The first "sgN" entry of @dir, as "/dev/sgN". Return 0 or -ENOENT. */
static int first_sg_entry(const char *dir, char *sg_path, size_t len)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int ret = -ENOENT;

	if (!d)
		return -ENOENT;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "sg", 2) == 0 && de->d_name[2] >= '0' &&
		    de->d_name[2] <= '9') {
			ret = format_path(sg_path, len, "/dev/%s", de->d_name);
			break;
		}
	}
	closedir(d);
	return ret;
}

static bool path_exists(const char *dir, const char *leaf)
{
	char p[PATH_MAX];

	return format_path(p, sizeof(p), "%s/%s", dir, leaf) == 0 && access(p, F_OK) == 0;
}

static void classify_block(const char *real, const char *name, struct scsi_node *out)
{
	char dir[PATH_MAX];

	if (strstr(real, "/nvme/")) {
		set_what(out, SCSI_NODE_NVME, "an NVMe namespace block device (%s)", name);
		return;
	}
	if (path_exists(real, "partition")) {
		set_what(out, SCSI_NODE_PARTITION, "a partition (%s), not a whole disk", name);
		return;
	}
	if (format_path(dir, sizeof(dir), "%s/device/scsi_generic", real) == 0 &&
	    first_sg_entry(dir, out->sg_path, sizeof(out->sg_path)) == 0) {
		set_what(out, SCSI_NODE_DISK, "a SCSI disk (%s)", name);
		return;
	}
	set_what(out, SCSI_NODE_OTHER, "a block device without a SCSI generic node (%s)", name);
}

static void classify_char(const char *real, const char *name, struct scsi_node *out)
{
	if (strstr(real, "/scsi_generic/")) {
		format_path(out->sg_path, sizeof(out->sg_path), "/dev/%s", name);
		set_what(out, SCSI_NODE_SG, "a SCSI generic device (%s)", name);
		return;
	}
	if (strstr(real, "/nvme/") || strstr(real, "nvme-generic")) {
		set_what(out, SCSI_NODE_NVME, "an NVMe character device (%s)", name);
		return;
	}
	set_what(out, SCSI_NODE_OTHER, "a character device that is not SCSI generic (%s)", name);
}

int scsi_node_classify_dev(const char *sysfs, bool is_block, unsigned int major, unsigned int minor,
			   struct scsi_node *out)
{
	char link[PATH_MAX], real[PATH_MAX];
	const char *name;

	memset(out, 0, sizeof(*out));
	if (format_path(link, sizeof(link), "%s/dev/%s/%u:%u", sysfs, is_block ? "block" : "char",
			major, minor))
		return -ENAMETOOLONG;
	if (!realpath(link, real))
		return -errno;
	name = strrchr(real, '/');
	name = name ? name + 1 : real;
	if (is_block)
		classify_block(real, name, out);
	else
		classify_char(real, name, out);
	return 0;
}

int scsi_node_classify(const char *sysfs, const char *path, struct scsi_node *out)
{
	struct stat st;

	memset(out, 0, sizeof(*out));
	if (stat(path, &st))
		return -errno;
	if (S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode))
		return scsi_node_classify_dev(sysfs, S_ISBLK(st.st_mode), major(st.st_rdev),
					      minor(st.st_rdev), out);
	out->kind = SCSI_NODE_OTHER;
	format_path(out->what, sizeof(out->what), "%s",
		    S_ISREG(st.st_mode)	  ? "a regular file"
		    : S_ISDIR(st.st_mode) ? "a directory"
					  : "not a device");
	return 0;
}

void scsi_node_refusal(const char *path, const struct scsi_node *node, char *err, size_t errlen)
{
	const char *hint;

	switch (node->kind) {
	case SCSI_NODE_NVME:
		hint = "use transport=nvme-uring (or transport=auto)";
		break;
	case SCSI_NODE_PARTITION:
		hint = "give the whole SCSI disk or its /dev/sgN node";
		break;
	default:
		hint = "use transport=block-aio";
		break;
	}
	format_path(err, errlen, "%s: %s, not a SCSI device; %s", path, node->what, hint);
}
