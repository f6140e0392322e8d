/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_features.h - Get Features and Set Features admin commands in plain values, and the
 * Volatile Write Cache feature (Feature Identifier 06h), for `ssdctl cache`. Pure: the builders
 * fill the command dwords ssdctl hands to libnvme's admin passthrough, the decoders read the
 * completion's Dword 0.
 *
 * Sources: NVMe Base Specification 2.0 — Get Features §5.15 (CDW10: SEL bits 10:08, FID bits
 * 07:00; SEL 000b current, 001b default, 010b saved, 011b supported capabilities, whose Dword 0
 * has bit 0 saveable, bit 1 namespace specific, bit 2 changeable), Set Features §5.27 (CDW10:
 * SV bit 31, FID bits 07:00), Volatile Write Cache §5.27.1.4 (CDW11 of Set Features and Dword 0
 * of Get Features: bit 0 WCE), and Identify Controller VWC (§5.17.2.1, byte 525, bit 0: a
 * volatile write cache is present).
 */
#ifndef SSDENG_NVME_FEATURES_H
#define SSDENG_NVME_FEATURES_H

#include <stdbool.h>
#include <stdint.h>

#define SSD_NVME_ADMIN_SET_FEATURES 0x09
#define SSD_NVME_ADMIN_GET_FEATURES 0x0a
#define SSD_NVME_FID_VOLATILE_WC 0x06

/* Get Features SEL: which value the controller returns. */
enum ssd_nvme_feat_sel {
	SSD_NVME_SEL_CURRENT = 0,
	SSD_NVME_SEL_DEFAULT = 1,
	SSD_NVME_SEL_SAVED = 2,
	SSD_NVME_SEL_SUPPORTED = 3, /* Dword 0: the feature's capabilities, not its value */
};

/* One admin command without data: what the SQE carries besides the command identifier. */
struct ssd_nvme_admin_cmd {
	uint8_t opcode;
	uint32_t nsid;
	uint32_t cdw10;
	uint32_t cdw11;
};

/**
 * ssd_nvme_cmd_get_features() - Get Features for one feature.
 * @cmd:  filled
 * @fid:  Feature Identifier
 * @sel:  which value (current, default, saved, or the capabilities)
 * @nsid: namespace for a namespace-specific feature, else 0
 */
void ssd_nvme_cmd_get_features(struct ssd_nvme_admin_cmd *cmd, uint8_t fid,
			       enum ssd_nvme_feat_sel sel, uint32_t nsid);

/**
 * ssd_nvme_cmd_set_features() - Set Features for one feature.
 * @cmd:   filled
 * @fid:   Feature Identifier
 * @cdw11: the feature's value (feature specific)
 * @save:  SV: the controller keeps the value across power cycles and resets; false changes
 *         the current value only
 */
void ssd_nvme_cmd_set_features(struct ssd_nvme_admin_cmd *cmd, uint8_t fid, uint32_t cdw11,
			       bool save);

/**
 * ssd_nvme_cmd_vwc_set() - Set Features Volatile Write Cache: WCE in CDW11 bit 0.
 * @cmd:    filled
 * @enable: WCE
 * @save:   SV (see ssd_nvme_cmd_set_features())
 */
void ssd_nvme_cmd_vwc_set(struct ssd_nvme_admin_cmd *cmd, bool enable, bool save);

/** ssd_nvme_vwc_enabled() - WCE, bit 0 of Get Features Volatile Write Cache Dword 0. */
bool ssd_nvme_vwc_enabled(uint32_t dw0);

/* What a controller says about a feature in Dword 0 of Get Features with SEL 011b. */
struct ssd_nvme_feat_caps {
	bool saveable;	    /* bit 0 */
	bool per_namespace; /* bit 1 */
	bool changeable;    /* bit 2 */
};

/** ssd_nvme_feat_caps_decode() - Dword 0 of Get Features with SEL 011b. */
struct ssd_nvme_feat_caps ssd_nvme_feat_caps_decode(uint32_t dw0);

#endif
