/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_node.h - what a device path is, seen from sysfs: a SCSI generic node (/dev/sgN), a SCSI
 * disk (/dev/sdX, mapped to its sg node through /sys/block/sdX/device/scsi_generic/), an NVMe
 * namespace, or something else, so the SCSI transport can say clearly why it refuses a file.
 */
#ifndef SSDENG_SCSI_NODE_H
#define SSDENG_SCSI_NODE_H

#include <stdbool.h>
#include <stddef.h>

enum scsi_node_kind {
	SCSI_NODE_SG,	     /* a SCSI generic character device */
	SCSI_NODE_DISK,	     /* a SCSI block device with an sg node */
	SCSI_NODE_NVME,	     /* an NVMe namespace (block or generic char device) */
	SCSI_NODE_PARTITION, /* a partition of a block device */
	SCSI_NODE_OTHER,     /* anything else: regular file, virtio-blk, dm, ... */
};

struct scsi_node {
	enum scsi_node_kind kind;
	char sg_path[64]; /* "/dev/sgN" for SCSI_NODE_SG and SCSI_NODE_DISK */
	char what[160];	  /* what the file is, for messages ("an NVMe namespace block device") */
};

/**
 * scsi_node_classify_dev() - classify a device number from a sysfs tree.
 * @sysfs: sysfs mount point ("/sys"; tests pass a fake tree)
 * @is_block: block device (else character device)
 * @major, @minor: the device number
 * @out: the classification
 *
 * Return: 0, or -errno if sysfs has no entry for the device.
 */
int scsi_node_classify_dev(const char *sysfs, bool is_block, unsigned int major, unsigned int minor,
			   struct scsi_node *out);

/**
 * scsi_node_classify() - stat() @path and classify it with scsi_node_classify_dev().
 * @sysfs: sysfs mount point
 * @path: the file fio was given
 * @out: the classification (regular files and others are SCSI_NODE_OTHER)
 *
 * Return: 0 or -errno from stat() / sysfs.
 */
int scsi_node_classify(const char *sysfs, const char *path, struct scsi_node *out);

/**
 * scsi_node_refusal() - the setup message for a file the SCSI transport cannot drive, naming
 * what it is and which transport to use instead.
 * @path: the file
 * @node: its classification (kind is not SCSI_NODE_SG or SCSI_NODE_DISK)
 * @err, @errlen: output
 */
void scsi_node_refusal(const char *path, const struct scsi_node *node, char *err, size_t errlen);

#endif
