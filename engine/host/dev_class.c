// SPDX-License-Identifier: GPL-2.0-only
#include "host/dev_class.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

int ssd_link_basename(const char *link, char *buf, size_t len)
{
	char target[PATH_MAX];
	ssize_t n = readlink(link, target, sizeof(target) - 1);
	const char *base;

	if (n < 0)
		return -errno;
	target[n] = '\0';
	base = strrchr(target, '/');
	snprintf(buf, len, "%s", base ? base + 1 : target);
	return 0;
}

static void sysfs_dev_dir(const struct stat *st, char *buf, size_t len)
{
	snprintf(buf, len, "/sys/dev/%s/%u:%u", S_ISBLK(st->st_mode) ? "block" : "char",
		 major(st->st_rdev), minor(st->st_rdev));
}

int ssd_sysfs_subsystem(const char *path, char *buf, size_t len)
{
	char dir[128], link[160];
	struct stat st;

	if (stat(path, &st) < 0)
		return -errno;
	if (!S_ISBLK(st.st_mode) && !S_ISCHR(st.st_mode))
		return -ENODEV;
	sysfs_dev_dir(&st, dir, sizeof(dir));
	snprintf(link, sizeof(link), "%s/subsystem", dir);
	return ssd_link_basename(link, buf, len);
}

enum ssd_dev_kind ssd_dev_kind_of(const char *path)
{
	char dir[128], probe[192], sub[64];
	struct stat st;

	if (stat(path, &st) < 0)
		return SSD_KIND_MISSING;
	if (S_ISREG(st.st_mode))
		return SSD_KIND_FILE;
	if (!S_ISBLK(st.st_mode) && !S_ISCHR(st.st_mode))
		return SSD_KIND_OTHER;
	sysfs_dev_dir(&st, dir, sizeof(dir));
	if (S_ISCHR(st.st_mode)) {
		if (ssd_sysfs_subsystem(path, sub, sizeof(sub)) < 0)
			return SSD_KIND_OTHER;
		if (!strcmp(sub, "nvme-generic"))
			return SSD_KIND_NVME_GENERIC;
		if (!strcmp(sub, "nvme"))
			return SSD_KIND_NVME_CTRL;
		if (!strcmp(sub, "scsi_generic"))
			return SSD_KIND_SCSI_SG;
		return SSD_KIND_OTHER;
	}
	snprintf(probe, sizeof(probe), "%s/partition", dir);
	if (access(probe, F_OK) == 0)
		return SSD_KIND_PARTITION;
	/* a namespace's "device" is its controller (subsystem nvme), or the subsystem head
	 * (nvme-subsystem) with native multipath; a SCSI disk's is a scsi_device */
	snprintf(probe, sizeof(probe), "%s/device/subsystem", dir);
	if (ssd_link_basename(probe, sub, sizeof(sub)) == 0) {
		if (!strcmp(sub, "nvme") || !strcmp(sub, "nvme-subsystem"))
			return SSD_KIND_NVME_BLOCK;
		if (!strcmp(sub, "scsi"))
			return SSD_KIND_SCSI_BLOCK;
	}
	return SSD_KIND_BLOCK;
}

const char *ssd_dev_kind_name(enum ssd_dev_kind kind)
{
	static const char *const names[] = {
	    [SSD_KIND_MISSING] = "a missing file",
	    [SSD_KIND_FILE] = "a regular file",
	    [SSD_KIND_NVME_GENERIC] = "an NVMe namespace generic char device",
	    [SSD_KIND_NVME_CTRL] = "an NVMe controller char device",
	    [SSD_KIND_NVME_BLOCK] = "an NVMe namespace block device",
	    [SSD_KIND_SCSI_SG] = "a SCSI generic (sg) device",
	    [SSD_KIND_SCSI_BLOCK] = "a SCSI disk block device",
	    [SSD_KIND_PARTITION] = "a partition",
	    [SSD_KIND_BLOCK] = "a block device",
	    [SSD_KIND_OTHER] = "neither a drive nor a regular file",
	};
	return (unsigned int)kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "unknown";
}

const char *ssd_dev_kind_describe(const char *path, enum ssd_dev_kind kind, char *buf, size_t len)
{
	char sub[64];
	struct stat st;

	if (kind != SSD_KIND_OTHER || stat(path, &st) < 0) {
		snprintf(buf, len, "%s", ssd_dev_kind_name(kind));
	} else if (S_ISCHR(st.st_mode)) {
		if (ssd_sysfs_subsystem(path, sub, sizeof(sub)) < 0)
			snprintf(sub, sizeof(sub), "unknown");
		snprintf(buf, len, "a character device %u:%u (%s), not a drive", major(st.st_rdev),
			 minor(st.st_rdev), sub);
	} else {
		snprintf(buf, len, "%s, not a drive",
			 S_ISDIR(st.st_mode)	? "a directory"
			 : S_ISFIFO(st.st_mode) ? "a FIFO"
			 : S_ISSOCK(st.st_mode) ? "a socket"
						: "neither a drive nor a regular file");
	}
	return buf;
}

const char *ssd_open_errno_hint(int err)
{
	switch (err) {
	case EACCES:
		return "; run fio as root, or give its user read-write access to the node (owner, "
		       "group, mode; a udev rule) and the capability the passthrough needs "
		       "(CAP_SYS_ADMIN for NVMe on Linux before 6.2, CAP_SYS_RAWIO for some SCSI "
		       "commands)";
	case EPERM:
		return "; refused by a security policy, not by the file mode: an LSM (SELinux, "
		       "AppArmor), a seccomp filter, a device cgroup, or a missing capability";
	case EROFS:
		return "; the device is read-only (blockdev --setrw, or the drive's write protect)";
	default:
		return "";
	}
}
