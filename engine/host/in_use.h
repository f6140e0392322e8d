/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * in_use.h - whether the block devices behind a node are in use: mounted
 * (/proc/self/mountinfo), an active swap area (/proc/swaps), or held by another block device
 * (device mapper, md, bcache: <sysfs>/class/block/<name>/holders/). The engine refuses to write
 * through a node in use, `ssdctl purge` refuses to erase a drive in use, and `ssdctl probe`
 * lists every use. The readers of /proc text are pure functions, tested on text and fake trees.
 */
#ifndef SSDENG_HOST_IN_USE_H
#define SSDENG_HOST_IN_USE_H

#include <stdbool.h>
#include <stddef.h>

#include "host/dev_class.h"

/* One block device of a drive: the disk (or namespace) or a partition. */
struct ssd_host_blockdev {
	char name[64]; /* kernel name: "nvme0n1", "nvme0n1p2", "sda1" */
	unsigned int major, minor;
};

/* Block devices of one disk the checks look at (a disk with its partitions), at most. */
#define SSD_HOST_MAX_BLOCKDEVS 256

/**
 * ssd_host_disk_blockdevs() - the disk @disk and its partitions, from sysfs.
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
int ssd_host_disk_blockdevs(const char *sysfs, const char *disk, struct ssd_host_blockdev *out,
			    unsigned int max, char *err, size_t errlen);

/**
 * ssd_host_blockdevs_of() - the block devices a write through the node @dev reaches.
 * @sysfs: sysfs mount point
 * @dev:   the node, from ssd_host_classify() or ssd_host_classify_node()
 * @out, @max: output array
 * @err, @errlen: message on failure
 *
 * A partition: itself. Any other node with a block device behind it (a disk, an ng node of a
 * namespace with a disk, an sg node of a disk): that disk and its partitions.
 * Return: the number of entries; 0 when no block device is behind the node (a file, an sg node
 * of a non-disk, a namespace hidden from the block layer); -errno.
 */
int ssd_host_blockdevs_of(const char *sysfs, const struct ssd_host_dev *dev,
			  struct ssd_host_blockdev *out, unsigned int max, char *err,
			  size_t errlen);

enum ssd_host_use_kind {
	SSD_HOST_USE_MOUNTED, /* a filesystem is mounted on it */
	SSD_HOST_USE_SWAP,    /* an active swap area */
	SSD_HOST_USE_HELD,    /* another block device is stacked on it (dm, md, bcache) */
};

/* One reason a block device is in use. */
struct ssd_host_use {
	enum ssd_host_use_kind kind;
	char dev[64];	  /* kernel name of the block device: "nvme0n1p1" */
	char target[256]; /* MOUNTED: the mount point; HELD: the holder ("dm-0"); SWAP: "" */
	char fstype[32];  /* MOUNTED: the filesystem type ("ext4"); else "" */
};

/**
 * ssd_host_mounts_in() - the mounts of @devs in @mountinfo.
 * @mountinfo: the text of /proc/self/mountinfo (proc(5) format: field 3 is MAJOR:MINOR, the
 *             field after " - " is the filesystem type, the next one the mount source)
 * @devs, @n: the block devices
 * @uses, @max: output, one entry a mount, in mountinfo's order
 *
 * A line matches on MAJOR:MINOR, or on the source "/dev/<name>" (btrfs reports an anonymous
 * device number).
 * Return: how many mounts were found (only the first @max are written), or -ENOMEM.
 */
int ssd_host_mounts_in(const char *mountinfo, const struct ssd_host_blockdev *devs, unsigned int n,
		       struct ssd_host_use *uses, unsigned int max);

/**
 * ssd_host_swaps_in() - the active swap areas among @devs in @swaps, the text of /proc/swaps
 * (a header line, then "Filename Type Size Used Priority"). As ssd_host_mounts_in().
 */
int ssd_host_swaps_in(const char *swaps, const struct ssd_host_blockdev *devs, unsigned int n,
		      struct ssd_host_use *uses, unsigned int max);

/**
 * ssd_host_holders_in() - the devices stacked on @devs: the entries of
 * <@sysfs>/class/block/<name>/holders/. As ssd_host_mounts_in().
 */
int ssd_host_holders_in(const char *sysfs, const struct ssd_host_blockdev *devs, unsigned int n,
			struct ssd_host_use *uses, unsigned int max);

/**
 * ssd_host_uses() - every use of @devs: mounts, then swap areas, then holders.
 * @sysfs: sysfs mount point ("/sys")
 * @proc:  procfs mount point ("/proc"): <@proc>/self/mountinfo and <@proc>/swaps
 * @devs, @n: the block devices
 * @uses, @max: output
 * @err, @errlen: message when mountinfo cannot be read
 * Return: how many uses were found (only the first @max are written), or -errno when
 * mountinfo cannot be read (no /proc/swaps is a kernel without swap: no swap areas).
 */
int ssd_host_uses(const char *sysfs, const char *proc, const struct ssd_host_blockdev *devs,
		  unsigned int n, struct ssd_host_use *uses, unsigned int max, char *err,
		  size_t errlen);

/**
 * ssd_host_use_refusal() - the message refusing an action because of @use:
 * "sda1 is mounted on /mnt (ext4): unmount it <purpose>", "… is an active swap area: swapoff
 * it <purpose>", "… is held by dm-0 (device mapper, md RAID or bcache): stop that device
 * <purpose>".
 * @purpose: ends the message: "before a purge", "before writing to it"
 */
void ssd_host_use_refusal(const struct ssd_host_use *use, const char *purpose, char *buf,
			  size_t len);

/**
 * ssd_host_check_unused() - refuse if any of @devs is in use (ssd_host_uses()).
 * @err, @errlen: ssd_host_use_refusal() of the first use
 * Return: 0, -EBUSY (in use), or -errno when mountinfo cannot be read.
 */
int ssd_host_check_unused(const char *sysfs, const char *proc, const struct ssd_host_blockdev *devs,
			  unsigned int n, const char *purpose, char *err, size_t errlen);

/**
 * ssd_host_check_path_unused() - refuse to write through @path while a filesystem, swap or
 * another block device uses any block device behind it (ssd_host_blockdevs_of() over /sys,
 * then ssd_host_check_unused() over /proc).
 * @path:    the device node (a regular file or a missing path passes: not a drive)
 * @purpose: as for ssd_host_use_refusal()
 * @err, @errlen: "/dev/ng0n1: nvme0n1p1 is mounted on /mnt (ext4): unmount it …"
 * Return: 0, -EBUSY, or -errno.
 */
int ssd_host_check_path_unused(const char *path, const char *purpose, char *err, size_t errlen);

#endif
