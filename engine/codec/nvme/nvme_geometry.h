/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_geometry.h - namespace geometry from Identify Controller (NVMe Base 2.0 §5.17.2.1,
 * CNS 01h) and Identify Namespace (NVM Command Set 1.0 §4.1.5.1, CNS 00h), in libnvme's layout
 * (struct nvme_id_ctrl / struct nvme_id_ns from <nvme/types.h>).
 *
 * Pure: the functions take the 4096-byte Identify data and check it; the transport reads it
 * (engine/transport/nvme_io.c).
 */
#ifndef SSDENG_NVME_GEOMETRY_H
#define SSDENG_NVME_GEOMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <nvme/types.h>

#include "core/transport.h"

/* ONCS bits, Identify Controller bytes 521:520 (NVMe Base 2.0 §5.17.2.1) */
#define SSD_NVME_ONCS_COMPARE (1u << 0)
#define SSD_NVME_ONCS_WRITE_UNCOR (1u << 1)
#define SSD_NVME_ONCS_DSM (1u << 2)
#define SSD_NVME_ONCS_WRITE_ZEROES (1u << 3)
#define SSD_NVME_ONCS_VERIFY (1u << 7)

/* The controller fields the transports use. */
struct ssd_nvme_ctrl_info {
	uint8_t mdts;  /* Maximum Data Transfer Size: 2^mdts units of CAP.MPSMIN; 0 = no limit */
	uint16_t oncs; /* Optional NVM Command Support (SSD_NVME_ONCS_*) */
	uint8_t vwc;   /* Volatile Write Cache: bit 0 present */
	uint32_t nn;   /* Number of Namespaces */
};

/* The namespace fields the transports use. */
struct ssd_nvme_ns_info {
	unsigned int lbaf;  /* formatted LBA format index, 0..63 (FLBAS bits 3:0 and 6:5) */
	unsigned int nlbaf; /* number of LBA formats (NLBAF + 1) */
	uint32_t lba_bytes; /* 2^LBADS */
	uint16_t md_bytes;  /* MS of the formatted LBA format */
	bool md_extended;   /* FLBAS bit 4: metadata at the end of each LBA's data */
	uint64_t nsze;	    /* Namespace Size, LBAs */
	uint8_t pi_type;    /* DPS bits 2:0: 0 none, 1..3 protection information type */
	bool pi_first;	    /* DPS bit 3: PI in the first 8 bytes of the metadata */
	uint8_t dlfeat; /* Deallocate Logical Block Features: bits 2:0 read value (1 = zeroes) */
	uint8_t nsfeat; /* Namespace Features */
};

/**
 * ssd_nvme_parse_id_ctrl() - take the fields of Identify Controller data.
 * @id:     the 4096-byte Identify Controller data
 * @out:    output
 * Return: 0 (every value of these fields is valid).
 */
int ssd_nvme_parse_id_ctrl(const struct nvme_id_ctrl *id, struct ssd_nvme_ctrl_info *out);

/**
 * ssd_nvme_parse_id_ns() - take and check the fields of Identify Namespace data.
 * @id:     the 4096-byte Identify Namespace data (NVM command set)
 * @out:    output
 * @err:    message naming the field and the value expected, on error
 * @errlen: size of @err, bytes
 *
 * The LBA format index is FLBAS bits 3:0, plus bits 6:5 as index bits 5:4 when NLBAF > 16
 * (NVM Command Set 1.0 §4.1.5.1, FLBAS).
 * Return: 0, or -EINVAL with @err set for NSZE 0, NLBAF above 63, a formatted index above
 * NLBAF, LBADS outside 9..16 (512 B .. 64 KiB), or an NSZE whose size in bytes (LBA data plus
 * extended metadata) does not fit 64 bits.
 */
int ssd_nvme_parse_id_ns(const struct nvme_id_ns *id, struct ssd_nvme_ns_info *out, char *err,
			 size_t errlen);

/**
 * ssd_nvme_mdts_bytes() - Maximum Data Transfer Size in bytes.
 * @mdts:         Identify Controller MDTS (a power of two of @mpsmin_bytes units)
 * @mpsmin_bytes: CAP.MPSMIN page size, bytes (2^(12 + MPSMIN), NVMe Base 2.0 §3.1.3.1)
 * Return: bytes, or 0 when MDTS is 0 (no limit) or the result would not fit 64 bits.
 */
uint64_t ssd_nvme_mdts_bytes(uint8_t mdts, uint32_t mpsmin_bytes);

/**
 * ssd_nvme_fill_geometry() - the transport contract's geometry from parsed Identify data.
 * @ctrl:         parsed controller data
 * @ns:           parsed namespace data
 * @nsid:         namespace id
 * @mpsmin_bytes: CAP.MPSMIN page size, bytes
 * @host_max:     the kernel's own limit for one passthrough command (max_hw_sectors_kb × 1024),
 *                0 = unknown
 * @geo:          output
 *
 * For extended-LBA formats the unit of offsets and lengths is one LBA with its metadata
 * (lba_bytes + md_bytes): capacity_bytes and max_xfer_bytes are in that unit, as fio's
 * io_uring_cmd engine counts them. max_xfer_bytes = min(MDTS, @host_max), and never above
 * 65536 LBAs (the 16-bit NLB field), rounded down to whole LBAs: 0 when that limit is below
 * one LBA (the caller must refuse the namespace; 0 is not "no limit" here).
 */
void ssd_nvme_fill_geometry(const struct ssd_nvme_ctrl_info *ctrl,
			    const struct ssd_nvme_ns_info *ns, uint32_t nsid, uint32_t mpsmin_bytes,
			    uint64_t host_max, struct ssd_geometry *geo);

/**
 * ssd_nvme_describe() - the namespace's format in words, for messages: "NVMe nsid 4, LBA
 * format 7 (4096+64 extended, PI type 1)" (data+metadata bytes per LBA, metadata extended or
 * separate, PI type from DPS; Identify Namespace, NVMe Command Set 1.0 §4.1.5.1).
 * @ns:   parsed namespace data
 * @nsid: namespace id
 * @buf:  output, @len bytes (SSD_DESC_LEN is enough), always terminated
 */
void ssd_nvme_describe(const struct ssd_nvme_ns_info *ns, uint32_t nsid, char *buf, size_t len);

/* CAP.MPSMIN is not visible to user space on PCIe (no sysfs attribute); the transports
 * assume the smallest page the spec allows, 4 KiB, which makes the MDTS limit conservative
 * for controllers whose MPSMIN is larger. */
#define SSD_NVME_ASSUMED_MPSMIN 4096u

#endif
