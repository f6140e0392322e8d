/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dev_class.h - what the machine says about a path: the one device classifier of ssdeng.
 *
 * The engine picks a transport with it, ssdctl opens drives with it, and the review driver
 * links it from build/libssdcore.a (or reads `ssdctl probe DEV --json`, the same answer; schema
 * in engine/ctl/README.md). It reads only stat(2), sysfs and /proc: it opens no device and sends
 * no command, so any user may call it.
 *
 * Linux sysfs facts used (Documentation/ABI/testing/sysfs-dev, sysfs-block; drivers/nvme/host/
 * core.c, multipath.c; drivers/scsi/sg.c):
 *   - /sys/dev/{block,char}/MAJ:MIN links to the device's directory; its "subsystem" link names
 *     the class: "nvme-generic" (ngXnY), "nvme" (a controller nvmeX), "scsi_generic" (sgN);
 *   - a block device's "device" link is its NVMe controller (subsystem "nvme") or, with native
 *     multipath, the NVMe subsystem ("nvme-subsystem"), or a SCSI device ("scsi");
 *   - a partition's directory holds a "partition" file and sits inside its disk's directory;
 *   - a namespace's generic node ng<A>n<B> is a sibling (same parent) of its disk nvme<A>n<B>;
 *   - a SCSI device's directory lists its disk under block/ and its sg node under
 *     scsi_generic/;
 *   - <block device>/size counts 512-byte sectors whatever the logical block size.
 */
#ifndef SSDENG_HOST_DEV_CLASS_H
#define SSDENG_HOST_DEV_CLASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

/* What a path is. ssd_host_kind_id() gives the short names in quotes (ssdctl probe's "kind"). */
enum ssd_host_kind {
	SSD_HOST_KIND_MISSING,	 /* "missing": no such path */
	SSD_HOST_KIND_FILE,	 /* "file": a regular file */
	SSD_HOST_KIND_NVME_NG,	 /* "nvme-ng": NVMe namespace generic char device /dev/ngXnY */
	SSD_HOST_KIND_NVME_CTRL, /* "nvme-ctrl": NVMe controller char device /dev/nvmeX */
	SSD_HOST_KIND_NVME_BLK,	 /* "nvme-blk": NVMe namespace block device /dev/nvmeXnY */
	SSD_HOST_KIND_SCSI_SG,	 /* "scsi-sg": SCSI generic char device /dev/sgN */
	SSD_HOST_KIND_SCSI_BLK,	 /* "scsi-blk": SCSI disk /dev/sdX (SAS; SATA through libata) */
	SSD_HOST_KIND_BLK,	 /* "blk": any other block device, and every partition */
	SSD_HOST_KIND_CHR,	 /* "chr": any other character device (/dev/null) */
	SSD_HOST_KIND_OTHER,	 /* "other": a directory, FIFO or socket */
};

/* What the host says about one path (ssd_host_classify()). Names are kernel names, no /dev/. */
struct ssd_host_dev {
	enum ssd_host_kind kind;
	bool partition;		   /* a partition (kind SSD_HOST_KIND_BLK) */
	unsigned int major, minor; /* device number of the node; 0:0 for other files */
	char name[64];	  /* the node's kernel name ("ng0n1", "sda1", "nvme0"), "" if none */
	char block[64];	  /* the block device behind the path, "" if none: the node itself
			   * (a disk or partition), the namespace of an ng node ("" when the
			   * kernel shows it no disk: extended LBA formats), the disk of an
			   * sg node ("" for a device that is not a disk) */
	char disk[64];	  /* the whole disk of @block: @block, or the disk a partition is
			   * on; "" when @block is "" */
	char generic[64]; /* the passthrough node of the namespace or SCSI device:
			   * "/dev/ng0n1" or "/dev/sg0", checked in /dev against sysfs'
			   * device number; "" if none */
	char ctrl[32];	  /* NVMe: the controller ("nvme0"); with native multipath the
			   * first controller of the subsystem; "" elsewhere */
	bool capacity_known;
	uint64_t capacity_bytes; /* a file: its size; a block device: sysfs size × 512; an ng or sg
				  * node: its block device's; else unknown */
};

/**
 * ssd_host_classify() - what @path is (symlinks followed), its nodes and its capacity.
 * @path: any path
 * @out:  the answer; every field is set
 *
 * Never fails: a missing path is SSD_HOST_KIND_MISSING, a device node sysfs does not know is
 * SSD_HOST_KIND_BLK or SSD_HOST_KIND_CHR with no nodes.
 */
void ssd_host_classify(const char *path, struct ssd_host_dev *out);

/**
 * ssd_host_classify_quick() - what the node @path is, told without sysfs when its name and
 * number say it: an sg node by its major number (SCSI_GENERIC_MAJOR, 21, fixed), an NVMe
 * namespace generic node by its name (ngXnY, a character device; the transport confirms it
 * with NVME_IOCTL_ID on the fd it opens). Only kind, name, major/minor and generic (@path
 * itself) are set: the block device, controller and capacity stay unknown (ssd_host_classify()
 * finds them).
 * @path: the path @st describes
 * @st:   stat(2) of @path (st_mode, st_rdev)
 * @out:  the answer when true is returned
 * Return: true when told; false: ask ssd_host_classify().
 */
bool ssd_host_classify_quick(const char *path, const struct stat *st, struct ssd_host_dev *out);

/**
 * ssd_host_classify_node() - classify a device number from a sysfs tree (the path-free part of
 * ssd_host_classify(), for tests on a fake tree).
 * @sysfs:    sysfs mount point ("/sys"; tests pass a fake tree)
 * @is_block: a block device (else a character device)
 * @rdev:     the device number (st_rdev)
 * @devdir:   where the nodes live ("/dev"), to check @out->generic; NULL: not checked
 * @out:      the answer (capacity from sysfs; major/minor from @rdev)
 */
void ssd_host_classify_node(const char *sysfs, bool is_block, dev_t rdev, const char *devdir,
			    struct ssd_host_dev *out);

/** ssd_host_kind_id() - the short name of @kind ("nvme-ng", "blk", …; see the enum). */
const char *ssd_host_kind_id(enum ssd_host_kind kind);

/**
 * ssd_host_kind_name() - a human name for @kind, for messages: "an NVMe namespace generic char
 * device", "a partition" (@partition), …
 */
const char *ssd_host_kind_name(enum ssd_host_kind kind, bool partition);

/**
 * ssd_host_describe() - what @path is, for a message: ssd_host_kind_name(), and for
 * SSD_HOST_KIND_CHR and SSD_HOST_KIND_OTHER the file type from stat(2): "a character device
 * 1:3 (mem), not a drive" (major, minor and sysfs class), "a directory, not a drive", "a FIFO,
 * …", "a socket, …".
 * @path: the path @dev was classified from
 * @dev:  ssd_host_classify(@path)
 * @buf, @len: output
 * Return: @buf.
 */
const char *ssd_host_describe(const char *path, const struct ssd_host_dev *dev, char *buf,
			      size_t len);

/**
 * ssd_host_not_a_drive_hint() - what to name instead of @path, which no transport drives (an NVMe
 * controller, a character device that is not an ng or sg node, a directory, a FIFO, a socket), for
 * a message after ssd_host_describe(): "name a drive (its block device, …) or a regular file".
 * @path: the path @dev was classified from (stat(2) tells a directory from a FIFO)
 * @dev:  ssd_host_classify(@path)
 * Return: a constant string, never NULL.
 */
const char *ssd_host_not_a_drive_hint(const char *path, const struct ssd_host_dev *dev);

/**
 * ssd_host_block_attr_u64() - read a decimal sysfs attribute of block device @block
 * (<@sysfs>/class/block/<@block>/<@attr>, e.g. "queue/max_hw_sectors_kb").
 * Return: 0, or -errno (-EINVAL when the file holds no number).
 */
int ssd_host_block_attr_u64(const char *sysfs, const char *block, const char *attr, uint64_t *val);

/**
 * ssd_host_read_u64() - read the decimal number a small file (a sysfs attribute, a module
 * parameter, a /proc/sys entry) starts with: one open(2), one read(2), one close(2).
 * Return: 0, or -errno (-EINVAL when the file starts with no number).
 */
int ssd_host_read_u64(const char *path, uint64_t *val);

/**
 * ssd_host_open_errno_hint() - what to do about an open(2) or passthrough failure @err (a
 * positive errno) on a device node: EACCES (permissions, capabilities), EPERM (a security
 * policy), EROFS (a read-only device).
 * Return: a static string starting with "; ", or "" for any other errno. Appended to the
 * "cannot open" messages.
 */
const char *ssd_host_open_errno_hint(int err);

/**
 * ssd_host_open_errno_hint_file() - ssd_host_open_errno_hint() for an open(2) of @path that
 * failed with @err: an EPERM on a regular file whose inode flags forbid the write
 * (FS_IOC_GETFLAGS: FS_IMMUTABLE_FL, FS_APPEND_FL, set with chattr(1)) says so instead of
 * blaming a security policy.
 * @path: the file that failed to open
 * @err:  the positive errno of that open(2)
 * Return: a static string starting with "; " ("; the file is immutable (chattr -i)"), or "".
 * errno is left as it was.
 */
const char *ssd_host_open_errno_hint_file(const char *path, int err);

#endif
