/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * in_use.h - the safety checks `ssdctl purge` makes before it erases a drive, as pure
 * functions over text and a sysfs tree so they can be tested without a drive:
 *   - the operator typed the drive's serial number (--confirm);
 *   - the drive supports the method asked for (else the message lists those it supports);
 *   - no block device of the drive (the disk or namespace, and every partition) is mounted
 *     (/proc/self/mountinfo), used as swap (/proc/swaps) or held by another block device
 *     (device mapper, md, bcache: <sysfs>/class/block/<name>/holders/).
 * Each check returns 0 or a negative errno with a message that says what to do.
 */
#ifndef SSDENG_PURGE_CHECK_H
#define SSDENG_PURGE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "codec/nvme/nvme_identity.h"

enum ssd_purge_method {
	SSD_PURGE_FORMAT,	      /* NVMe Format NVM with Secure Erase Settings */
	SSD_PURGE_SANITIZE_BLOCK,     /* NVMe Sanitize / SCSI SANITIZE block erase */
	SSD_PURGE_SANITIZE_CRYPTO,    /* … cryptographic erase */
	SSD_PURGE_SANITIZE_OVERWRITE, /* … overwrite */
	SSD_PURGE_FORMAT_UNIT,	      /* SCSI FORMAT UNIT */
	SSD_PURGE_NMETHODS,
};

#define SSD_PURGE_BIT(m) (1u << (m))

/**
 * ssd_purge_method_parse() - the method named on the command line.
 * @name: "format", "sanitize-block", "sanitize-crypto", "sanitize-overwrite", "format-unit"
 * @out: output
 * Return: 0, or -EINVAL for any other name.
 */
int ssd_purge_method_parse(const char *name, enum ssd_purge_method *out);

/** ssd_purge_method_name() - the command-line name of @m. Return: static string. */
const char *ssd_purge_method_name(enum ssd_purge_method m);

/** ssd_purge_method_desc() - what @m sends ("NVMe Format NVM (Secure Erase Settings)"…). */
const char *ssd_purge_method_desc(enum ssd_purge_method m);

/**
 * ssd_purge_methods_list() - "format, sanitize-crypto" for the bits of @mask, or "none".
 * @mask: SSD_PURGE_BIT() of each supported method
 * @buf, @len: output, always NUL-terminated
 */
void ssd_purge_methods_list(unsigned int mask, char *buf, size_t len);

/**
 * ssd_purge_nvme_methods() - the purge methods an NVMe controller supports: format when OACS
 * bit 1 (Format NVM), each sanitize kind when its SANICAP bit is set (NVMe Base 2.0
 * §5.17.2.1: CES bit 0, BES bit 1, OWS bit 2) and OACS bit 9 (Sanitize command; not checked:
 * SANICAP alone says it, some controllers leave OACS 9 clear).
 */
unsigned int ssd_purge_nvme_methods(const struct ssd_nvme_identity *id);

/**
 * ssd_purge_scsi_methods() - the methods a SCSI device supports, from REPORT SUPPORTED
 * OPERATION CODES answers (1 supported, 0 not, negative unknown).
 * @format_unit: FORMAT UNIT; unknown counts as supported (SBC-4 makes it mandatory)
 * @block, @crypto, @overwrite: SANITIZE service actions 02h, 03h, 01h; unknown = not
 */
unsigned int ssd_purge_scsi_methods(int format_unit, int block, int crypto, int overwrite);

/**
 * ssd_purge_check_method() - refuse a method the drive does not support.
 * @supported: mask from ssd_purge_nvme_methods() / ssd_purge_scsi_methods()
 * @m: the method asked for
 * @err, @errlen: "the drive does not support sanitize-block (NVMe Sanitize, block erase);
 *                it supports: format"
 * Return: 0 or -EOPNOTSUPP.
 */
int ssd_purge_check_method(unsigned int supported, enum ssd_purge_method m, char *err,
			   size_t errlen);

/**
 * ssd_purge_check_serial() - refuse unless @confirm equals the drive's serial.
 * @serial: the serial the drive reports (Identify SN, VPD 80h, IDENTIFY words 10-19)
 * @confirm: the --confirm argument, or NULL when it was not given
 * @err, @errlen: message naming both values
 *
 * Leading and trailing spaces are ignored on both sides; the comparison is otherwise exact.
 * A drive that reports no serial (empty) cannot be confirmed.
 * Return: 0, -EINVAL (no --confirm), -EPERM (mismatch), -ENODATA (drive reports no serial).
 */
int ssd_purge_check_serial(const char *serial, const char *confirm, char *err, size_t errlen);

/* One block device of the drive: the disk (or namespace) or a partition. */
struct ssd_blockdev {
	char name[64]; /* kernel name: "nvme0n1", "nvme0n1p2", "sda1" */
	unsigned int major, minor;
};

/**
 * ssd_purge_collect_disk() - the disk @disk and its partitions, from sysfs.
 * @sysfs: sysfs mount point ("/sys"; a fake tree in tests)
 * @disk: kernel name of the disk
 * @out: array, filled from the start
 * @max: entries available
 * @err, @errlen: message on failure
 *
 * Reads <sysfs>/class/block/<disk>/dev, and every subdirectory holding a "partition" file.
 * Return: the number of entries (at least 1), or -errno (-ENOENT: no such disk; -ENOSPC: more
 * partitions than @max).
 */
int ssd_purge_collect_disk(const char *sysfs, const char *disk, struct ssd_blockdev *out,
			   unsigned int max, char *err, size_t errlen);

/**
 * ssd_purge_check_mounts() - refuse if any of @devs is mounted.
 * @mountinfo: the text of /proc/self/mountinfo (proc(5) format: field 3 is MAJOR:MINOR, the
 *             field after " - " is the filesystem type, the next one the mount source)
 * @devs, @n: the drive's block devices
 * @err, @errlen: "nvme0n1p1 is mounted on /mnt (ext4): unmount it first"
 *
 * A line matches on MAJOR:MINOR, or on the source "/dev/<name>" (btrfs reports an anonymous
 * device number).
 * Return: 0 or -EBUSY.
 */
int ssd_purge_check_mounts(const char *mountinfo, const struct ssd_blockdev *devs, unsigned int n,
			   char *err, size_t errlen);

/**
 * ssd_purge_check_swaps() - refuse if any of @devs is an active swap area.
 * @swaps: the text of /proc/swaps (a header line, then "Filename Type Size Used Priority")
 * Return: 0 or -EBUSY.
 */
int ssd_purge_check_swaps(const char *swaps, const struct ssd_blockdev *devs, unsigned int n,
			  char *err, size_t errlen);

/**
 * ssd_purge_check_holders() - refuse if another block device is stacked on any of @devs
 * (an entry in <sysfs>/class/block/<name>/holders/).
 * Return: 0 or -EBUSY ("nvme0n1p1 is held by dm-0 (device mapper, md RAID or bcache)").
 */
int ssd_purge_check_holders(const char *sysfs, const struct ssd_blockdev *devs, unsigned int n,
			    char *err, size_t errlen);

/* Block devices of one drive the checks below look at (a disk with its partitions). */
#define SSD_MAX_BLOCKDEVS 256

/**
 * ssd_blockdevs_check_unused() - refuse if any of @devs is mounted, an active swap area, or
 * held by another block device: the three checks above over <@proc>/self/mountinfo,
 * <@proc>/swaps and <@sysfs>/class/block/NAME/holders.
 * @sysfs:   sysfs mount point ("/sys")
 * @proc:    procfs mount point ("/proc")
 * @devs, @n: the block devices
 * @purpose: ends each message, after the remedy: "before a purge", "before writing to it"
 * @err, @errlen: "sda1 is mounted on /mnt (ext4): unmount it before writing to it"
 * Return: 0, -EBUSY (in use), or -errno when mountinfo cannot be read.
 */
int ssd_blockdevs_check_unused(const char *sysfs, const char *proc, const struct ssd_blockdev *devs,
			       unsigned int n, const char *purpose, char *err, size_t errlen);

/**
 * ssd_blockdevs_of_node() - the block devices a write through device node @rdev reaches.
 * @sysfs:    sysfs mount point ("/sys"; a fake tree in tests)
 * @is_block: @rdev is a block device (else a char device)
 * @rdev:     st_rdev of the node
 * @out, @max: output array
 * @err, @errlen: message on failure
 *
 * A partition: itself. A disk (sdX, nvmeXnY): it and its partitions. An NVMe generic char
 * device (ngXnY): its namespace's disk nvmeXnY and partitions. An sg node: the disk of the same
 * SCSI device (<sysfs>/dev/char/M:m/device/block/). Linux sysfs layout (Documentation/ABI
 * sysfs-dev, sysfs-block).
 * Return: the number of entries; 0 when no block device is behind the node (an sg node of a
 * non-disk, a namespace hidden from the block layer, a node sysfs does not know); -errno.
 */
int ssd_blockdevs_of_node(const char *sysfs, bool is_block, dev_t rdev, struct ssd_blockdev *out,
			  unsigned int max, char *err, size_t errlen);

/**
 * ssd_dev_check_unused() - refuse to write through @path while a filesystem, swap or another
 * block device uses any block device behind it (ssd_blockdevs_of_node() over /sys, then
 * ssd_blockdevs_check_unused() over /proc).
 * @path:    the device node (a regular file or a missing path passes: not a drive)
 * @purpose: as for ssd_blockdevs_check_unused()
 * @err, @errlen: "/dev/ng0n1: nvme0n1p1 is mounted on /mnt (ext4): unmount it …"
 * Return: 0, -EBUSY, or -errno.
 */
int ssd_dev_check_unused(const char *path, const char *purpose, char *err, size_t errlen);

#endif
