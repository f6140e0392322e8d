/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_geometry.h - pure parsers for what a SCSI disk says about its shape: READ CAPACITY(16)
 * and (10) parameter data (SBC-4), the Block Limits VPD page B0h (SBC-4) and standard INQUIRY
 * data (SPC-5). Each rejects values no real disk returns, with a message naming the field.
 */
#ifndef SSDENG_SCSI_GEOMETRY_H
#define SSDENG_SCSI_GEOMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Allocation lengths we ask for. */
#define SSD_SCSI_READ_CAPACITY_16_LEN 32
#define SSD_SCSI_READ_CAPACITY_10_LEN 8
#define SSD_SCSI_INQUIRY_STD_LEN 36
#define SSD_SCSI_VPD_BLOCK_LIMITS 0xb0
#define SSD_SCSI_VPD_BLOCK_LIMITS_LEN 64

/* Logical block sizes we accept, bytes: 512 is the smallest any disk formats (and the unit
 * of the kernel's block layer), 64 KiB the largest NVMe allows (LBADS 16). */
#define SSD_SCSI_MIN_LBA_BYTES 512u
#define SSD_SCSI_MAX_LBA_BYTES 65536u

/* Peripheral device types (SPC-5 Table "Peripheral device type"). */
#define SSD_SCSI_TYPE_DISK 0x00
#define SSD_SCSI_TYPE_ZBC 0x14

struct ssd_scsi_capacity {
	uint64_t nblocks;	 /* RETURNED LOGICAL BLOCK ADDRESS + 1 */
	uint32_t lba_bytes;	 /* LOGICAL BLOCK LENGTH IN BYTES */
	uint8_t lbppbe;		 /* logical blocks per physical block exponent (RC16 only) */
	uint16_t lowest_aligned; /* LOWEST ALIGNED LOGICAL BLOCK ADDRESS (RC16 only) */
	bool lbpme;		 /* logical block provisioning management (thin) enabled */
	bool lbprz;		 /* unmapped blocks read back as zeroes */
	bool prot_en;		 /* protection information enabled */
	uint8_t p_type;		 /* P_TYPE: protection type - 1 when prot_en */
};

struct ssd_scsi_block_limits {
	uint32_t max_xfer_blocks;	/* MAXIMUM TRANSFER LENGTH, 0 = not reported */
	uint32_t opt_xfer_blocks;	/* OPTIMAL TRANSFER LENGTH, 0 = not reported */
	uint16_t opt_xfer_gran;		/* OPTIMAL TRANSFER LENGTH GRANULARITY */
	uint32_t max_unmap_lbas;	/* MAXIMUM UNMAP LBA COUNT, 0 = UNMAP not supported,
					 * 0xffffffff = no limit */
	uint32_t max_unmap_descs;	/* MAXIMUM UNMAP BLOCK DESCRIPTOR COUNT, same coding */
	uint32_t opt_unmap_gran;	/* OPTIMAL UNMAP GRANULARITY, blocks */
	uint64_t max_write_same_blocks; /* MAXIMUM WRITE SAME LENGTH, 0 = not reported */
};

struct ssd_scsi_inquiry {
	uint8_t qualifier; /* PERIPHERAL QUALIFIER (0 = a device is connected) */
	uint8_t type;	   /* PERIPHERAL DEVICE TYPE */
	char vendor[9], product[17], revision[5]; /* trailing spaces removed */
};

/**
 * ssd_scsi_parse_read_capacity16() - decode READ CAPACITY(16) parameter data (SBC-4 READ
 * CAPACITY (16) parameter data: returned LBA bytes 0-7, block length 8-11, P_TYPE/PROT_EN
 * byte 12, LBPPBE byte 13 bits 3:0, LBPME/LBPRZ byte 14 bits 7/6, lowest aligned LBA 14-15).
 * @buf: parameter data
 * @len: bytes returned; at least 16 (bytes 16-31 are reserved)
 * @cap: decoded
 * @err: message on failure, naming the field
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a truncated buffer, a block length that is not a power of two from
 * 512 B to 64 KiB, or a capacity that overflows 64 bits in bytes. (A capacity of 0 cannot be
 * coded: the field is the last LBA.)
 */
int ssd_scsi_parse_read_capacity16(const uint8_t *buf, size_t len, struct ssd_scsi_capacity *cap,
				   char *err, size_t errlen);

/**
 * ssd_scsi_parse_read_capacity10() - decode READ CAPACITY(10) parameter data (SBC-4: returned
 * LBA bytes 0-3, block length bytes 4-7). The provisioning and protection fields stay 0.
 * @buf, @len, @cap, @err, @errlen: as ssd_scsi_parse_read_capacity16(); @len at least 8
 *
 * Return: 0; -EOVERFLOW when the returned LBA is FFFFFFFFh (the device needs READ
 * CAPACITY(16)); -EINVAL as for READ CAPACITY(16).
 */
int ssd_scsi_parse_read_capacity10(const uint8_t *buf, size_t len, struct ssd_scsi_capacity *cap,
				   char *err, size_t errlen);

/**
 * ssd_scsi_parse_block_limits() - decode the Block Limits VPD page (SBC-4 Block Limits VPD page,
 * page code B0h). Fields past the returned page length are reported as 0 (not reported).
 * @buf: the page
 * @len: bytes returned
 * @bl: decoded
 * @err, @errlen: message on failure
 *
 * Return: 0, or -EINVAL if the page code is not B0h, or the page is shorter than 16 bytes
 * (no MAXIMUM TRANSFER LENGTH).
 */
int ssd_scsi_parse_block_limits(const uint8_t *buf, size_t len, struct ssd_scsi_block_limits *bl,
				char *err, size_t errlen);

/**
 * ssd_scsi_parse_inquiry() - decode standard INQUIRY data (SPC-5 standard INQUIRY data: byte 0
 * qualifier/type, T10 VENDOR IDENTIFICATION bytes 8-15, PRODUCT IDENTIFICATION 16-31, PRODUCT
 * REVISION LEVEL 32-35).
 * @buf, @len: data (at least 36 bytes)
 * @inq: decoded
 * @err, @errlen: message on failure
 *
 * Return: 0 or -EINVAL for fewer than 36 bytes.
 */
int ssd_scsi_parse_inquiry(const uint8_t *buf, size_t len, struct ssd_scsi_inquiry *inq, char *err,
			   size_t errlen);

/** ssd_scsi_device_type_name() - "direct access block device", ... Return: static string. */
const char *ssd_scsi_device_type_name(uint8_t type);

#endif
