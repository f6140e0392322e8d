/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_identity.h - what a drive says about itself in Identify Controller (NVMe Base 2.0
 * §5.17.2.1, CNS 01h) and the LBA format list of Identify Namespace (NVM Command Set 1.0
 * §4.1.5.1, CNS 00h), for `ssdctl info`. Pure: the input is libnvme's struct nvme_id_ctrl /
 * struct nvme_id_ns as the drive returned it (little-endian fields).
 */
#ifndef SSDENG_NVME_IDENTITY_H
#define SSDENG_NVME_IDENTITY_H

#include <stdbool.h>
#include <stdint.h>

#include <nvme/types.h>

/* Identify Controller fields ssdctl reports. Strings have trailing spaces removed. */
struct ssd_nvme_identity {
	char model[41];		/* MN, bytes 63:24 */
	char serial[21];	/* SN, bytes 23:04 */
	char firmware[9];	/* FR, bytes 71:64 */
	uint16_t pci_vid;	/* VID, bytes 01:00 */
	uint16_t pci_ssvid;	/* SSVID, bytes 03:02 */
	uint16_t cntlid;	/* CNTLID, bytes 79:78 */
	uint32_t ieee_oui;	/* IEEE, bytes 75:73, as the 24-bit OUI value */
	bool tnvmcap_valid;	/* TNVMCAP is not 0 and fits 64 bits */
	uint64_t tnvmcap_bytes; /* Total NVM Capacity, bytes 295:280 */
	uint8_t mdts;		/* Maximum Data Transfer Size, 2^n × CAP.MPSMIN; 0 = no limit */
	uint32_t nn;		/* Number of Namespaces */
	uint16_t oacs;		/* Optional Admin Command Support (NVME_CTRL_OACS_*) */
	uint16_t oncs;		/* Optional NVM Command Support (NVME_CTRL_ONCS_*) */
	uint8_t fna;		/* Format NVM Attributes (NVME_CTRL_FNA_*) */
	uint32_t sanicap;	/* Sanitize Capabilities (NVME_CTRL_SANICAP_*) */
	bool vwc_present;	/* VWC bit 0: a volatile write cache is present */
};

/* One LBA format (LBAF) entry of Identify Namespace (NVM Command Set 1.0 Figure 98). */
struct ssd_nvme_lbaf {
	uint32_t data_bytes; /* 2^LBADS; 0 when LBADS is 0 (format not available) */
	uint16_t md_bytes;   /* MS, metadata bytes per LBA */
	uint8_t rp;	     /* Relative Performance: 0 best .. 3 degraded */
};

#define SSD_NVME_MAX_LBAF 64

/**
 * ssd_nvme_parse_identity() - take the reported fields of Identify Controller data.
 * @id:  the 4096-byte Identify Controller data
 * @out: output
 *
 * TNVMCAP is a 128-bit byte count; values above 2^64 - 1 and 0 (not reported: the field is
 * only required with Namespace Management) leave @out->tnvmcap_valid false.
 */
void ssd_nvme_parse_identity(const struct nvme_id_ctrl *id, struct ssd_nvme_identity *out);

/**
 * ssd_nvme_parse_lbafs() - the LBA format table of Identify Namespace data.
 * @id:  the 4096-byte Identify Namespace data (NVM command set)
 * @out: array of SSD_NVME_MAX_LBAF entries, output
 * Return: the number of formats (NLBAF + 1, at most 64).
 */
unsigned int ssd_nvme_parse_lbafs(const struct nvme_id_ns *id, struct ssd_nvme_lbaf *out);

/** ssd_nvme_rp_name() - "best", "better", "good", "degraded" for RP 0..3. */
const char *ssd_nvme_rp_name(uint8_t rp);

/**
 * ssd_nvme_le128_to_u64() - a 128-bit little-endian counter (SMART log, TNVMCAP) as 64 bits.
 * @b:   16 bytes, least significant first
 * @out: the value when it fits
 * Return: true when the upper 64 bits are 0 (the value fits), false otherwise.
 */
bool ssd_nvme_le128_to_u64(const uint8_t b[16], uint64_t *out);

/**
 * ssd_nvme_copy_str() - copy a space-padded ASCII Identify field, dropping trailing spaces
 * and NULs.
 * @dst:    output, @srclen + 1 bytes at least
 * @src:    the field
 * @srclen: field size, bytes
 */
void ssd_nvme_copy_str(char *dst, const char *src, unsigned int srclen);

#endif
