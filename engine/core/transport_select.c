// SPDX-License-Identifier: GPL-2.0-only
#include "core/transport_select.h"
#include "host/dev_class.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Built transports: every ssd_transport_ops the library carries, by name. */
static const struct ssd_transport_ops *const built[] = {
    &ssd_tp_block_aio_ops,
    &ssd_tp_nvme_uring_ops,
    &ssd_tp_nvme_ioctl_ops,
    &ssd_tp_scsi_sg_ops,
};

const struct ssd_transport_ops *ssd_transport_by_name(const char *name)
{
	for (size_t i = 0; i < sizeof(built) / sizeof(built[0]); i++)
		if (!strcmp(built[i]->name, name))
			return built[i];
	return NULL;
}

static enum ssd_transport_family natural_family(const struct ssd_host_dev *h)
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

static const char *family_name(enum ssd_transport_family fam)
{
	static const char *const names[] = {"auto", "nvme", "scsi", "block"};
	return names[fam];
}

static const char *variant_name(enum ssd_transport_family fam, const struct ssd_options *opt)
{
	switch (fam) {
	case SSD_FAMILY_NVME:
		return opt->nvme_mode && !strcmp(opt->nvme_mode, "ioctl") ? "nvme-ioctl"
									  : "nvme-uring";
	case SSD_FAMILY_SCSI:
		return "scsi-sg";
	default:
		return "block-aio";
	}
}

const struct ssd_transport_ops *ssd_select_transport(const char *path,
						     enum ssd_transport_family want,
						     const struct ssd_options *opt, char *err,
						     size_t errlen)
{
	struct ssd_host_dev h;
	enum ssd_transport_family fam;
	const struct ssd_transport_ops *ops;
	const char *name;
	char what[96];

	ssd_host_classify(path, &h);
	fam = want == SSD_FAMILY_AUTO ? natural_family(&h) : want;
	if (h.kind == SSD_HOST_KIND_MISSING) {
		snprintf(err, errlen, "%s: no such file or device", path);
		return NULL;
	}
	if (fam == SSD_FAMILY_AUTO || !family_accepts(fam, &h)) {
		const char *hint = natural_family(&h) == SSD_FAMILY_AUTO
				       ? "no transport drives it"
				       : family_name(natural_family(&h));
		if (h.partition && fam == SSD_FAMILY_NVME)
			hint = "block (NVMe commands address a whole namespace, not a partition)";
		snprintf(err, errlen, "%s is %s: transport=%s cannot drive it (use transport=%s)",
			 path, ssd_host_describe(path, &h, what, sizeof(what)), family_name(fam),
			 hint);
		return NULL;
	}
	name = variant_name(fam, opt);
	ops = ssd_transport_by_name(name);
	if (!ops)
		snprintf(err, errlen, "%s: the %s transport is not built into this libssdeng.so",
			 path, name);
	return ops;
}

const struct ssd_transport_ops *ssd_transport_fallback(const struct ssd_transport_ops *ops,
						       int error, const struct ssd_options *opt)
{
	bool auto_mode = !opt->nvme_mode || !strcmp(opt->nvme_mode, "auto");

	if (strcmp(ops->name, "nvme-uring") || !auto_mode)
		return NULL;
	/* io_uring missing, disabled (kernel.io_uring_disabled), or refused by an LSM */
	if (error == -ENOSYS || error == -EPERM || error == -EACCES || error == -EINVAL ||
	    error == -EOPNOTSUPP)
		return ssd_transport_by_name("nvme-ioctl");
	return NULL;
}
