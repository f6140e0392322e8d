// SPDX-License-Identifier: GPL-2.0-only
/* nvme_geometry.c - Identify parsing and the transport geometry; see nvme_geometry.h. */
#include "codec/nvme/nvme_geometry.h"
#include "common/ssd_str.h"

#include <endian.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int ssd_nvme_parse_id_ctrl(const struct nvme_id_ctrl *id, struct ssd_nvme_ctrl_info *out)
{
	out->mdts = id->mdts;
	out->oncs = le16toh(id->oncs);
	out->vwc = id->vwc;
	out->nn = le32toh(id->nn);
	return 0;
}

int ssd_nvme_parse_id_ns(const struct nvme_id_ns *id, struct ssd_nvme_ns_info *out, char *err,
			 size_t errlen)
{
	unsigned int idx = id->flbas & 0xf;
	const struct nvme_lbaf *f;
	uint64_t unit;

	memset(out, 0, sizeof(*out));
	out->nsze = le64toh(id->nsze);
	if (out->nsze == 0) {
		snprintf(err, errlen,
			 "Identify Namespace: NSZE is 0 (namespace inactive or empty)");
		return -EINVAL;
	}
	if (id->nlbaf > 63) {
		snprintf(err, errlen, "Identify Namespace: NLBAF %u, expected 0..63", id->nlbaf);
		return -EINVAL;
	}
	out->nlbaf = id->nlbaf + 1u;
	if (out->nlbaf > 16)
		idx |= ((id->flbas >> 5) & 0x3u) << 4;
	if (idx >= out->nlbaf) {
		snprintf(err, errlen,
			 "Identify Namespace: FLBAS 0x%02x selects LBA format %u but NLBAF says "
			 "only %u formats",
			 id->flbas, idx, out->nlbaf);
		return -EINVAL;
	}
	f = &id->lbaf[idx];
	if (f->ds < 9 || f->ds > 16) {
		snprintf(
		    err, errlen,
		    "Identify Namespace: LBA format %u has LBADS %u (2^%u bytes), expected 9..16",
		    idx, f->ds, f->ds);
		return -EINVAL;
	}
	out->lbaf = idx;
	out->lba_bytes = 1u << f->ds;
	out->md_bytes = le16toh(f->ms);
	out->md_extended = out->md_bytes && (id->flbas & NVME_NS_FLBAS_META_EXT);
	unit = out->lba_bytes + (out->md_extended ? out->md_bytes : 0u);
	if (out->nsze > UINT64_MAX / unit) {
		snprintf(err, errlen,
			 "Identify Namespace: NSZE %" PRIu64 " LBAs of %" PRIu64
			 " bytes is more than 2^64 bytes",
			 out->nsze, unit);
		return -EINVAL;
	}
	out->pi_type = id->dps & 0x7;
	out->pi_first = (id->dps >> 3) & 1;
	out->dlfeat = id->dlfeat;
	out->nsfeat = id->nsfeat;
	return 0;
}

uint64_t ssd_nvme_mdts_bytes(uint8_t mdts, uint32_t mpsmin_bytes)
{
	if (mdts == 0 || mdts >= 52)
		return 0;
	return (uint64_t)mpsmin_bytes << mdts;
}

void ssd_nvme_fill_geometry(const struct ssd_nvme_ctrl_info *ctrl,
			    const struct ssd_nvme_ns_info *ns, uint32_t nsid, uint32_t mpsmin_bytes,
			    uint64_t host_max, struct ssd_geometry *geo)
{
	uint64_t unit = ns->lba_bytes + (ns->md_extended ? ns->md_bytes : 0);
	uint64_t max = ssd_nvme_mdts_bytes(ctrl->mdts, mpsmin_bytes);
	uint64_t nlb_max = 65536 * unit;

	/* MDTS counts data and, for extended LBAs, the interleaved metadata */
	if (host_max && (!max || host_max < max))
		max = host_max;
	if (!max || max > nlb_max)
		max = nlb_max;
	max -= max % unit;

	memset(geo, 0, sizeof(*geo));
	geo->lba_bytes = ns->lba_bytes;
	geo->md_bytes = ns->md_bytes;
	geo->md_extended = ns->md_extended;
	geo->capacity_bytes = ns->nsze * unit;
	geo->max_xfer_bytes = max;
	geo->nsid = nsid;
}

void ssd_nvme_describe(const struct ssd_nvme_ns_info *ns, uint32_t nsid, char *buf, size_t len)
{
	static const char *const pi[] = {"", ", PI type 1", ", PI type 2", ", PI type 3"};
	size_t n = ssd_str_put(buf, len, 0, "NVMe nsid ", SIZE_MAX);

	n = ssd_str_put_u(buf, len, n, nsid);
	n = ssd_str_put(buf, len, n, ", LBA format ", SIZE_MAX);
	n = ssd_str_put_u(buf, len, n, ns->lbaf);
	n = ssd_str_put(buf, len, n, " (", SIZE_MAX);
	n = ssd_str_put_u(buf, len, n, ns->lba_bytes);
	n = ssd_str_put(buf, len, n, "+", SIZE_MAX);
	n = ssd_str_put_u(buf, len, n, ns->md_bytes);
	n = ssd_str_put(buf, len, n,
			ns->md_extended ? " extended"
			: ns->md_bytes	? " separate"
					: "",
			SIZE_MAX);
	n = ssd_str_put(buf, len, n, ns->pi_type <= 3 ? pi[ns->pi_type] : "", SIZE_MAX);
	ssd_str_put(buf, len, n, ")", SIZE_MAX);
}
