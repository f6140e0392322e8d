/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * transport_select.h - choose the transport for one file (engine option transport=), and the
 * one to fall back to when it cannot start.
 */
#ifndef SSDENG_CORE_TRANSPORT_SELECT_H
#define SSDENG_CORE_TRANSPORT_SELECT_H

#include "core/transport_registry.h"

struct ssd_host_dev;

/**
 * ssd_transport_family_of() - the family transport=auto picks for a file the host classified
 * as @dev: NVMe for ng nodes and namespace block devices, SCSI for sg nodes and SCSI disks,
 * block for regular files, partitions and other block devices; SSD_FAMILY_AUTO when no
 * transport drives it (a controller node, another char device, a directory, a missing path).
 */
enum ssd_transport_family ssd_transport_family_of(const struct ssd_host_dev *dev);

/**
 * ssd_select_transport() - the transport ops for @path.
 * @path:   the fio filename
 * @want:   the family the user asked for (SSD_FAMILY_AUTO decides from ssd_host_classify())
 * @opt:    engine options (nvme_mode picks the transport inside the NVMe family)
 * @err:    a one-line reason on failure, naming the file, what it is and what to use
 * @errlen: size of @err, bytes
 * Return: the ops, or NULL (a missing file, or a family that cannot drive this kind of file).
 */
const struct ssd_transport_ops *ssd_select_transport(const char *path,
						     enum ssd_transport_family want,
						     const struct ssd_options *opt, char *err,
						     size_t errlen);

/**
 * ssd_select_transport_of() - ssd_select_transport() for @path, already classified as @dev
 * (ssd_classify() or ssd_host_classify() of @path): the same answer and messages without
 * looking at @path again.
 */
const struct ssd_transport_ops *ssd_select_transport_of(const char *path,
							const struct ssd_host_dev *dev,
							enum ssd_transport_family want,
							const struct ssd_options *opt, char *err,
							size_t errlen);

/**
 * ssd_transport_fallback() - what to use when @ops cannot start in this process (ctx_init or
 * open failed with @error, a negative errno): @ops->caps.fallback, when @error says the way is
 * unavailable here (ENOSYS, EPERM, EACCES, EINVAL, EOPNOTSUPP: io_uring missing, disabled by
 * kernel.io_uring_disabled, or refused by a security policy) and the mode option of the family
 * is auto (nvme_mode=auto: nvme-uring falls back to nvme-ioctl).
 * Return: the fallback ops or NULL.
 */
const struct ssd_transport_ops *ssd_transport_fallback(const struct ssd_transport_ops *ops,
						       int error, const struct ssd_options *opt);

/** ssd_family_name() - the transport= value of @fam: "auto", "nvme", "scsi", "block". */
const char *ssd_family_name(enum ssd_transport_family fam);

#endif
