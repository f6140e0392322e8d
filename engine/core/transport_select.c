// SPDX-License-Identifier: GPL-2.0-only
/* transport_select.c - the transport of a file, and its fallback; see transport_select.h. */
#include "core/transport_select.h"
#include "host/dev_class.h"
#include "core/dev_cache.h"

#include <errno.h>
#include <stdio.h>

enum ssd_transport_family ssd_transport_family_of(const struct ssd_host_dev *h)
{
	for (size_t i = 0; i < ssd_family_count(); i++)
		if (ssd_family_at(i)->picks & (1u << h->kind))
			return ssd_family_at(i)->family;
	return SSD_FAMILY_AUTO; /* nothing can drive it */
}

static bool family_accepts(enum ssd_transport_family fam, const struct ssd_host_dev *h)
{
	const struct ssd_family_reg *f = ssd_family_reg(fam);

	return f && (f->drives & (1u << h->kind));
}

const char *ssd_family_name(enum ssd_transport_family fam)
{
	const struct ssd_family_reg *f = ssd_family_reg(fam);

	return f ? f->name : "?";
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
	return ssd_family_transport(ssd_family_reg(fam), opt);
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
	const struct ssd_family_reg *f = ssd_family_reg(ops->caps.family);

	if (!ops->caps.fallback || (f && ssd_family_mode(f, opt) != 0))
		return NULL;
	/* io_uring missing, disabled (kernel.io_uring_disabled), or refused by an LSM */
	if (error == -ENOSYS || error == -EPERM || error == -EACCES || error == -EINVAL ||
	    error == -EOPNOTSUPP)
		return ops->caps.fallback;
	return NULL;
}
