/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dev_class.h - what a path is, from stat(2) and sysfs, so a transport can be chosen per file.
 */
#ifndef SSDENG_DEV_KIND_H
#define SSDENG_DEV_KIND_H

#include <stddef.h>

enum ssd_dev_kind {
	SSD_KIND_MISSING,      /* does not exist */
	SSD_KIND_FILE,	       /* regular file */
	SSD_KIND_NVME_GENERIC, /* /dev/ngXnY: NVMe namespace generic char device */
	SSD_KIND_NVME_CTRL,    /* /dev/nvmeX: NVMe controller char device */
	SSD_KIND_NVME_BLOCK,   /* /dev/nvmeXnY: NVMe namespace block device */
	SSD_KIND_SCSI_SG,      /* /dev/sgN: SCSI generic */
	SSD_KIND_SCSI_BLOCK,   /* /dev/sdX: SCSI disk (SAS, SATA through libata) */
	SSD_KIND_PARTITION,    /* a partition of any disk */
	SSD_KIND_BLOCK,	       /* another block device (loop, virtio-blk, dm, md) */
	SSD_KIND_OTHER,	       /* anything else: other char device, directory, fifo */
};

/*
 * ssd_dev_kind_of() - classify @path. Symlinks are followed. Never fails: unreadable sysfs
 * makes a block device SSD_KIND_BLOCK and a char device SSD_KIND_OTHER.
 */
enum ssd_dev_kind ssd_dev_kind_of(const char *path);

/* ssd_dev_kind_name() - a short human name for @kind ("NVMe generic char device", …). */
const char *ssd_dev_kind_name(enum ssd_dev_kind kind);

/**
 * ssd_dev_kind_describe() - what @path is, for a message: ssd_dev_kind_name() of @kind, and for
 * SSD_KIND_OTHER its file type from stat(2): "a character device 1:3 (mem), not a drive" (major,
 * minor and sysfs class), "a directory, not a drive", "a FIFO, …", "a socket, …".
 * @path: the path @kind was found for
 * @kind: ssd_dev_kind_of(@path)
 * @buf, @len: output
 * Return: @buf.
 */
const char *ssd_dev_kind_describe(const char *path, enum ssd_dev_kind kind, char *buf, size_t len);

/*
 * ssd_sysfs_subsystem() - name of the sysfs subsystem of the device node at @path
 * ("nvme-generic", "scsi_generic", "block" …) into @buf. Return 0, or -errno.
 */
int ssd_sysfs_subsystem(const char *path, char *buf, size_t len);

/*
 * ssd_link_basename() - the last component of the target of symlink @link (a sysfs
 * "subsystem" or "driver" link, say) into @buf of @len bytes. Return 0, or -errno.
 */
int ssd_link_basename(const char *link, char *buf, size_t len);

/**
 * ssd_open_errno_hint() - what to do about an open(2) or passthrough failure @err (a positive
 * errno) on a device node: EACCES (permissions, capabilities), EPERM (a security policy),
 * EROFS (a read-only device). Return: a static string starting with "; ", or "" for any other
 * errno. Appended to the "cannot open" messages.
 */
const char *ssd_open_errno_hint(int err);

#endif
