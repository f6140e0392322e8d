/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_bytes.h - big-endian field access for CDBs, parameter lists, sense data and VPD pages.
 * SCSI transfers every multi-byte field most significant byte first (SAM-5 §3.5 bit and byte
 * ordering); these helpers are the only place that knows it.
 */
#ifndef SSDENG_SCSI_BYTES_H
#define SSDENG_SCSI_BYTES_H

#include <stdint.h>

static inline void ssd_scsi_put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void ssd_scsi_put_be32(uint8_t *p, uint32_t v)
{
	ssd_scsi_put_be16(p, (uint16_t)(v >> 16));
	ssd_scsi_put_be16(p + 2, (uint16_t)v);
}

static inline void ssd_scsi_put_be64(uint8_t *p, uint64_t v)
{
	ssd_scsi_put_be32(p, (uint32_t)(v >> 32));
	ssd_scsi_put_be32(p + 4, (uint32_t)v);
}

static inline uint16_t ssd_scsi_get_be16(const uint8_t *p)
{
	return (uint16_t)((uint16_t)p[0] << 8 | p[1]);
}

static inline uint32_t ssd_scsi_get_be32(const uint8_t *p)
{
	return (uint32_t)ssd_scsi_get_be16(p) << 16 | ssd_scsi_get_be16(p + 2);
}

static inline uint64_t ssd_scsi_get_be64(const uint8_t *p)
{
	return (uint64_t)ssd_scsi_get_be32(p) << 32 | ssd_scsi_get_be32(p + 4);
}

#endif
