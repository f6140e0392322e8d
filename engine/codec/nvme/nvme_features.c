// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_features.c - Get/Set Features dwords and the Volatile Write Cache feature; see
 * nvme_features.h.
 */
#include <string.h>

#include "codec/nvme/nvme_features.h"

#define CDW10_FID_MASK 0xffu
#define CDW10_SEL_SHIFT 8
#define CDW10_SEL_MASK 0x7u
#define CDW10_SV (1u << 31)
#define VWC_WCE (1u << 0)

void ssd_nvme_cmd_get_features(struct ssd_nvme_admin_cmd *cmd, uint8_t fid,
			       enum ssd_nvme_feat_sel sel, uint32_t nsid)
{
	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = SSD_NVME_ADMIN_GET_FEATURES;
	cmd->nsid = nsid;
	cmd->cdw10 = (fid & CDW10_FID_MASK) | ((uint32_t)sel & CDW10_SEL_MASK) << CDW10_SEL_SHIFT;
}

void ssd_nvme_cmd_set_features(struct ssd_nvme_admin_cmd *cmd, uint8_t fid, uint32_t cdw11,
			       bool save)
{
	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = SSD_NVME_ADMIN_SET_FEATURES;
	cmd->cdw10 = (fid & CDW10_FID_MASK) | (save ? CDW10_SV : 0);
	cmd->cdw11 = cdw11;
}

void ssd_nvme_cmd_vwc_set(struct ssd_nvme_admin_cmd *cmd, bool enable, bool save)
{
	ssd_nvme_cmd_set_features(cmd, SSD_NVME_FID_VOLATILE_WC, enable ? VWC_WCE : 0, save);
}

bool ssd_nvme_vwc_enabled(uint32_t dw0) { return dw0 & VWC_WCE; }

struct ssd_nvme_feat_caps ssd_nvme_feat_caps_decode(uint32_t dw0)
{
	return (struct ssd_nvme_feat_caps){
	    .saveable = dw0 & (1u << 0),
	    .per_namespace = dw0 & (1u << 1),
	    .changeable = dw0 & (1u << 2),
	};
}
