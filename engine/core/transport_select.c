// SPDX-License-Identifier: GPL-2.0-only
/* transport_select.c - the transport of a file, and its fallback; see transport_select.h. */
#include "core/transport_select.h"
#include "host/dev_class.h"
#include "core/dev_cache.h"

#include <errno.h>
#include <stdio.h>

enum ssd_transport_family ssd_transport_family_of(const struct ssd_host_dev *h)
{
	switch (h->kind) {
	case SSD_HOST_KIND_NVME_NG:
	case SSD_HOST_KIND_NVME_BLK:
		return SSD_FAMILY_NVME;
	case SSD_HOST_KIND_SCSI_SG:
	case SSD_HOST_KIND_SCSI_BLK:
		return SSD_FAMILY_SCSI;
	case SSD_HOST_KIND_FILE:
	case SSD_HOST_KIND_BLK:
		return SSD_FAMILY_BLOCK;
	default:
		return SSD_FAMILY_AUTO; /* nothing can drive it */
	}
}

static bool family_accepts(enum ssd_transport_family fam, const struct ssd_host_dev *h)
{
	switch (fam) {
	case SSD_FAMILY_NVME:
		return h->kind == SSD_HOST_KIND_NVME_NG || h->kind == SSD_HOST_KIND_NVME_BLK;
	case SSD_FAMILY_SCSI:
		return h->kind == SSD_HOST_KIND_SCSI_SG || h->kind == SSD_HOST_KIND_SCSI_BLK;
	case SSD_FAMILY_BLOCK:
		return h->kind == SSD_HOST_KIND_FILE || h->kind == SSD_HOST_KIND_BLK ||
		       h->kind == SSD_HOST_KIND_NVME_BLK || h->kind == SSD_HOST_KIND_SCSI_BLK;
	default:
		return false;
	}
}

const char *ssd_family_name(enum ssd_transport_family fam)
{
	static const char *const names[] = {
	    [SSD_FAMILY_AUTO] = "auto",
	    [SSD_FAMILY_NVME] = "nvme",
	    [SSD_FAMILY_SCSI] = "scsi",
	    [SSD_FAMILY_BLOCK] = "block",
	};
	return (unsigned int)fam < sizeof(names) / sizeof(names[0]) ? names[fam] : "?";
}

/* The transport of family @fam the options ask for. */
static const struct ssd_transport_ops *family_transport(enum ssd_transport_family fam,
							const struct ssd_options *opt)
{
	switch (fam) {
	case SSD_FAMILY_NVME:
		return opt->nvme_mode == SSD_NVME_MODE_IOCTL ? &ssd_tp_nvme_ioctl_ops
							     : &ssd_tp_nvme_uring_ops;
	case SSD_FAMILY_SCSI:
		return &ssd_tp_scsi_sg_ops;
	default:
		return &ssd_tp_block_aio_ops;
	}
}

/* Whether the mode option of @fam lets the engine choose the transport inside the family. */
static bool family_mode_auto(enum ssd_transport_family fam, const struct ssd_options *opt)
{
	switch (fam) {
	case SSD_FAMILY_NVME:
		return opt->nvme_mode == SSD_NVME_MODE_AUTO;
	case SSD_FAMILY_SCSI:
		return opt->scsi_mode == SSD_SCSI_MODE_AUTO;
	default:
		return true;
	}
}

const struct ssd_transport_ops *ssd_select_transport_of(const char *path,
							const struct ssd_host_dev *h,
							enum ssd_transport_family want,
							const struct ssd_options *opt, char *err,
							size_t errlen)
{
	const enum ssd_transport_family fam =
	    want == SSD_FAMILY_AUTO ? ssd_transport_family_of(h) : want;
	char what[96];

	if (h->kind == SSD_HOST_KIND_MISSING) {
		snprintf(err, errlen, "%s: no such file or device", path);
		return NULL;
	}
	if (ssd_transport_family_of(h) == SSD_FAMILY_AUTO) {
		/* whatever transport= says: there is no transport to point to */
		snprintf(err, errlen, "%s is %s, and no transport drives it: %s", path,
			 ssd_host_describe(path, h, what, sizeof(what)),
			 ssd_host_not_a_drive_hint(path, h));
		return NULL;
	}
	if (!family_accepts(fam, h)) {
		const char *hint = ssd_family_name(ssd_transport_family_of(h));

		if (h->partition && fam == SSD_FAMILY_NVME)
			hint = "block (NVMe commands address a whole namespace, not a partition)";
		snprintf(err, errlen, "%s is %s: transport=%s cannot drive it (use transport=%s)",
			 path, ssd_host_describe(path, h, what, sizeof(what)), ssd_family_name(fam),
			 hint);
		return NULL;
	}
	return family_transport(fam, opt);
}

const struct ssd_transport_ops *ssd_select_transport(const char *path,
						     enum ssd_transport_family want,
						     const struct ssd_options *opt, char *err,
						     size_t errlen)
{
	struct ssd_host_dev h;

	ssd_classify(path, &h);
	return ssd_select_transport_of(path, &h, want, opt, err, errlen);
}

const struct ssd_transport_ops *ssd_transport_fallback(const struct ssd_transport_ops *ops,
						       int error, const struct ssd_options *opt)
{
	if (!ops->caps.fallback || !family_mode_auto(ops->caps.family, opt))
		return NULL;
	/* io_uring missing, disabled (kernel.io_uring_disabled), or refused by an LSM */
	if (error == -ENOSYS || error == -EPERM || error == -EACCES || error == -EINVAL ||
	    error == -EOPNOTSUPP)
		return ops->caps.fallback;
	return NULL;
}
