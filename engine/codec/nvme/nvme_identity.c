// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_identity.c - Identify Controller identity fields and the LBA format table.
 */
#include <endian.h>
#include <string.h>

#include "codec/nvme/nvme_identity.h"

void ssd_nvme_copy_str(char *dst, const char *src, unsigned int srclen)
{
	unsigned int n = srclen;

	while (n > 0 && (src[n - 1] == ' ' || src[n - 1] == '\0'))
		n--;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

bool ssd_nvme_le128_to_u64(const uint8_t b[16], uint64_t *out)
{
	uint64_t v = 0;

	for (int i = 8; i < 16; i++)
		if (b[i])
			return false;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	*out = v;
	return true;
}

void ssd_nvme_parse_identity(const struct nvme_id_ctrl *id, struct ssd_nvme_identity *out)
{
	memset(out, 0, sizeof(*out));
	ssd_nvme_copy_str(out->model, id->mn, sizeof(id->mn));
	ssd_nvme_copy_str(out->serial, id->sn, sizeof(id->sn));
	ssd_nvme_copy_str(out->firmware, id->fr, sizeof(id->fr));
	out->pci_vid = le16toh(id->vid);
	out->pci_ssvid = le16toh(id->ssvid);
	out->cntlid = le16toh(id->cntlid);
	/* IEEE OUI: bytes 75:73, least significant byte first */
	out->ieee_oui = (uint32_t)id->ieee[2] << 16 | (uint32_t)id->ieee[1] << 8 | id->ieee[0];
	out->tnvmcap_valid =
	    ssd_nvme_le128_to_u64(id->tnvmcap, &out->tnvmcap_bytes) && out->tnvmcap_bytes != 0;
	if (!out->tnvmcap_valid)
		out->tnvmcap_bytes = 0;
	out->mdts = id->mdts;
	out->nn = le32toh(id->nn);
	out->oacs = le16toh(id->oacs);
	out->oncs = le16toh(id->oncs);
	out->fna = id->fna;
	out->sanicap = le32toh(id->sanicap);
	out->vwc_present = id->vwc & 1;
}

unsigned int ssd_nvme_parse_lbafs(const struct nvme_id_ns *id, struct ssd_nvme_lbaf *out)
{
	unsigned int n = (unsigned int)id->nlbaf + 1;

	if (n > SSD_NVME_MAX_LBAF)
		n = SSD_NVME_MAX_LBAF;
	for (unsigned int i = 0; i < n; i++) {
		uint8_t ds = id->lbaf[i].ds;

		/* LBADS below 9 is "not supported" (NVM Command Set 1.0 Figure 98) */
		out[i].data_bytes = (ds >= 9 && ds < 32) ? 1u << ds : 0;
		out[i].md_bytes = le16toh(id->lbaf[i].ms);
		out[i].rp = id->lbaf[i].rp & NVME_LBAF_RP_MASK;
	}
	return n;
}

const char *ssd_nvme_rp_name(uint8_t rp)
{
	static const char *const names[4] = {"best", "better", "good", "degraded"};

	return names[rp & 3];
}
