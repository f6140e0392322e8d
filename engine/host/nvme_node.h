/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_node.h - recognise an NVMe namespace by its device numbers and sysfs, and map a
 * namespace block device (/dev/nvmeXnY) to its generic char device (/dev/ngXnY).
 *
 * Linux sysfs facts used (drivers/nvme/host/core.c, multipath.c): the generic node of a
 * namespace is a device of class "nvme-generic" named ng<A>n<B>, and it is a sibling (same
 * parent device: the controller, or the subsystem with native multipath) of the disk
 * nvme<A>n<B>. A partition's sysfs directory holds a "partition" file; an NVMe disk's holds
 * "nsid".
 */
#ifndef SSDENG_NVME_PATH_H
#define SSDENG_NVME_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Result of a classification. */
struct ssd_host_nvme_node {
	char ng_name[64];   /* "ng0n1" */
	char disk_name[64]; /* "nvme0n1" (may not exist as /dev node for hidden namespaces) */
	char sysdir[512];   /* sysfs directory of the generic device */
	dev_t ng_rdev;	    /* device number of the generic node */
};

/**
 * ssd_host_nvme_classify() - decide from sysfs what device @rdev is.
 * @sysfs:    sysfs mount point ("/sys"; a fake tree in tests)
 * @is_block: true for a block device, false for a char device
 * @rdev:     the device number (st_rdev)
 * @node:     output, filled when the return is 1
 * @err:      message on a negative return
 * @errlen:   size of @err, bytes
 *
 * Return: 1 if @rdev is an NVMe generic char device or NVMe namespace block device, 0 if it is
 * something else, -EINVAL for a partition of an NVMe namespace, -ENODEV when an NVMe disk has
 * no generic node (kernel older than 5.13 or CONFIG_NVME... without it).
 */
int ssd_host_nvme_classify(const char *sysfs, bool is_block, dev_t rdev,
			   struct ssd_host_nvme_node *node, char *err, size_t errlen);

/**
 * ssd_host_nvme_probe() - is @path an NVMe namespace the nvme transports can open?
 * @path:   a device path (/dev/ng0n1, /dev/nvme0n1, a symlink to either, ...)
 * @ng:     output: the generic char device path to open (e.g. "/dev/ng0n1")
 * @nglen:  size of @ng, bytes
 * @err:    message on a negative return
 * @errlen: size of @err, bytes
 *
 * Decides by device type and sysfs, not by name. For a block device the generic node is
 * looked up in /dev by name and checked to carry the device number sysfs gives.
 *
 * Return: 1 for an NVMe namespace (@ng set), 0 for anything else (a regular file, another
 * driver's device), or -errno with @err set: -ENOENT missing path, -EINVAL a partition,
 * -ENODEV no generic node.
 */
int ssd_host_nvme_probe(const char *path, char *ng, size_t nglen, char *err, size_t errlen);

/**
 * ssd_host_nvme_sysfs_read_u64() - read a decimal number from <@node->sysdir>/../<disk>/<@attr>,
 * the namespace disk's attribute (e.g. "queue/max_hw_sectors_kb").
 * @node: from ssd_host_nvme_classify()
 * @attr: path under the disk's sysfs directory
 * @val:  output
 * Return: 0 or -errno.
 */
int ssd_host_nvme_sysfs_read_u64(const struct ssd_host_nvme_node *node, const char *attr,
				 uint64_t *val);

#endif
