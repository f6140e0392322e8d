/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dio_align.h - the alignment O_DIRECT needs on a regular file: what the filesystem says
 * (statx(2) STATX_DIOALIGN, Linux 6.1+), else the logical block size of the block device
 * holding the file (Documentation/ABI/stable/sysfs-block: queue/logical_block_size), else 512.
 * Only for regular files (and paths fio will create): block and char devices have their own
 * geometry and pay nothing here.
 */
#ifndef SSDENG_HOST_DIO_ALIGN_H
#define SSDENG_HOST_DIO_ALIGN_H

#include <stdint.h>

/**
 * ssd_host_dev_lbs() - the logical block size of block device @major:@minor from sysfs
 * (<@sysfs>/dev/block/MAJ:MIN/queue/logical_block_size; a partition has no queue/ of its own:
 * its disk's, one directory up).
 * @sysfs: sysfs mount point ("/sys"; tests pass a fake tree)
 * @major, @minor: the device number (st_dev of a file)
 * Return: bytes, or 0 when sysfs does not know it (a filesystem with no block device: tmpfs,
 * overlayfs, NFS; btrfs' anonymous device numbers).
 */
uint32_t ssd_host_dev_lbs(const char *sysfs, unsigned int major, unsigned int minor);

/**
 * ssd_host_dio_align() - the offset and length alignment O_DIRECT needs on the regular file
 * @path, in bytes: statx(2)'s stx_dio_offset_align when the filesystem reports one (0 there
 * means it does not say), else ssd_host_dev_lbs() of the device holding it, else 512. A path
 * not created yet is answered for its directory's filesystem (statx without the DIO field).
 * @sysfs: sysfs mount point ("/sys")
 * @path:  a regular file, or where fio will create one
 * Return: bytes, never 0. One statx(2), two when @path is missing; one sysfs read when the
 * filesystem does not answer.
 */
uint32_t ssd_host_dio_align(const char *sysfs, const char *path);

#endif
