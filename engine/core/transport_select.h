/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * transport_select.h - choose the transport for one file (engine option transport=).
 */
#ifndef SSDENG_TRANSPORT_SELECT_H
#define SSDENG_TRANSPORT_SELECT_H

#include "core/transport.h"

enum ssd_transport_family {
	SSD_FAMILY_AUTO,  /* from what the file is */
	SSD_FAMILY_NVME,  /* NVMe commands: generic char device, or a namespace through it */
	SSD_FAMILY_SCSI,  /* SCSI commands through sg */
	SSD_FAMILY_BLOCK, /* the kernel block layer, libaio */
};

/*
 * ssd_select_transport() - the transport ops for @path.
 * @path:   the fio filename
 * @want:   the family the user asked for (SSD_FAMILY_AUTO decides from ssd_dev_kind_of())
 * @opt:    engine options (nvme_mode, scsi_mode pick the variant inside a family)
 * @err:    a one-line reason on failure, naming the file, what it is and what to use
 * Return: the ops, or NULL (missing file, a family that cannot drive this kind of file, or a
 * transport not built into this library).
 */
const struct ssd_transport_ops *ssd_select_transport(const char *path,
						     enum ssd_transport_family want,
						     const struct ssd_options *opt, char *err,
						     size_t errlen);

/*
 * ssd_transport_fallback() - what to use when @ops cannot start in this process (ctx_init
 * failed with @error, a negative errno) and the options allow it: nvme-uring -> nvme-ioctl
 * when nvme_mode=auto. Return: the fallback ops or NULL.
 */
const struct ssd_transport_ops *ssd_transport_fallback(const struct ssd_transport_ops *ops,
						       int error, const struct ssd_options *opt);

/* ssd_transport_by_name() - the built transport named @name ("block-aio", …), or NULL. */
const struct ssd_transport_ops *ssd_transport_by_name(const char *name);

#endif
