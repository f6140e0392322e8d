/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_vpd.h - pure parsers for the vital product data pages `ssdctl info` reads (SPC-5 §7.7
 * and SBC-4 §6.6): Supported VPD Pages (00h), Unit Serial Number (80h), Device Identification
 * (83h), Block Device Characteristics (B1h), Logical Block Provisioning (B2h) and the ATA
 * Information page of SAT-4 (89h). Block Limits (B0h) is in scsi_geometry.h.
 *
 * Every page starts with a 4-byte header: byte 0 peripheral qualifier/type, byte 1 page code,
 * bytes 2-3 PAGE LENGTH (bytes after the header). A page shorter than its header says is
 * parsed as far as it goes; a field beyond the data returned is "not reported".
 */
#ifndef SSDENG_SCSI_VPD_H
#define SSDENG_SCSI_VPD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SSD_SCSI_VPD_SUPPORTED 0x00
#define SSD_SCSI_VPD_UNIT_SERIAL 0x80
#define SSD_SCSI_VPD_DEVICE_ID 0x83
#define SSD_SCSI_VPD_ATA_INFO 0x89
#define SSD_SCSI_VPD_BDC 0xb1
#define SSD_SCSI_VPD_LBP 0xb2

/* The ATA Information page is 572 bytes: header, SAT identity, signature, IDENTIFY data. */
#define SSD_SCSI_VPD_ATA_INFO_LEN 572
#define SSD_SCSI_VPD_MAX_LEN 1024

struct ssd_scsi_vpd_list {
	unsigned int n;
	uint8_t pages[256];
};

/* One designation descriptor of the Device Identification page (SPC-5 §7.7.6.1). */
struct ssd_scsi_designator {
	uint8_t type; /* DESIGNATOR TYPE: 1 T10 vendor id, 2 EUI-64, 3 NAA, 8 SCSI name … */
	uint8_t association; /* 0 logical unit, 1 target port, 2 target device */
	uint8_t code_set;    /* 1 binary, 2 ASCII, 3 UTF-8 */
	char value[260];     /* ASCII/UTF-8 as text; binary as "0x" and lower-case hex digits */
};

#define SSD_SCSI_MAX_DESIGNATORS 16

struct ssd_scsi_device_id {
	unsigned int n;
	struct ssd_scsi_designator d[SSD_SCSI_MAX_DESIGNATORS];
};

/* Block Device Characteristics, page B1h (SBC-4 §6.6.2). */
struct ssd_scsi_bdc {
	uint16_t rotation_rate; /* MEDIUM ROTATION RATE: 0 not reported, 1 non-rotating, else rpm */
	uint8_t product_type;	/* PRODUCT TYPE: 0 not indicated */
	uint8_t form_factor;	/* NOMINAL FORM FACTOR: 0 not reported, 1 5.25", 2 3.5", 3 2.5",
				 * 4 1.8", 5 less than 1.8" */
	uint8_t zoned;		/* ZONED: 0 not reported, 1 host aware, 2 device managed */
};

/* Logical Block Provisioning, page B2h (SBC-4 §6.6.4). */
struct ssd_scsi_lbp {
	uint8_t threshold_exponent;
	bool lbpu;	   /* UNMAP supported */
	bool lbpws;	   /* WRITE SAME(16) with UNMAP supported */
	bool lbpws10;	   /* WRITE SAME(10) with UNMAP supported */
	uint8_t lbprz;	   /* LBPRZ (3 bits): 0 unmapped blocks read anything, 1 zeroes */
	bool anc_sup;	   /* ANCHOR supported */
	uint8_t prov_type; /* PROVISIONING TYPE: 0 full / not reported, 1 resource, 2 thin */
};

/* ATA Information page 89h (SAT-4 §12.4.2). */
struct ssd_scsi_ata_info {
	char sat_vendor[9], sat_product[17], sat_revision[5]; /* trailing spaces removed */
	uint8_t command_code; /* ECh IDENTIFY DEVICE, A1h IDENTIFY PACKET DEVICE, 0 none */
	bool identify_valid;  /* the page carries 512 bytes of IDENTIFY data */
	uint8_t identify[512];
};

/**
 * ssd_scsi_vpd_check() - check a page's header and return the usable length.
 * @buf, @len: the page as returned (@len bytes valid)
 * @page: the page code expected
 * @err, @errlen: message on failure, naming the page
 * Return: bytes of the page that are both returned and inside PAGE LENGTH + 4; -EINVAL for
 * fewer than 4 bytes or a different page code.
 */
int ssd_scsi_vpd_check(const uint8_t *buf, size_t len, uint8_t page, char *err, size_t errlen);

/** ssd_scsi_parse_vpd_supported() - page 00h (SPC-5 §7.7.17). Return: 0 or -EINVAL. */
int ssd_scsi_parse_vpd_supported(const uint8_t *buf, size_t len, struct ssd_scsi_vpd_list *out,
				 char *err, size_t errlen);

/** ssd_scsi_vpd_list_has() - whether @page is in the supported list. */
bool ssd_scsi_vpd_list_has(const struct ssd_scsi_vpd_list *list, uint8_t page);

/**
 * ssd_scsi_parse_vpd_serial() - page 80h PRODUCT SERIAL NUMBER (SPC-5 §7.7.19), ASCII with
 * leading and trailing spaces removed.
 * @out, @outlen: output buffer (the serial is truncated to fit)
 * Return: 0 or -EINVAL.
 */
int ssd_scsi_parse_vpd_serial(const uint8_t *buf, size_t len, char *out, size_t outlen, char *err,
			      size_t errlen);

/**
 * ssd_scsi_parse_vpd_devid() - page 83h designation descriptors (SPC-5 §7.7.6). At most
 * SSD_SCSI_MAX_DESIGNATORS are kept; a descriptor running past the page ends the list.
 * Return: 0 or -EINVAL.
 */
int ssd_scsi_parse_vpd_devid(const uint8_t *buf, size_t len, struct ssd_scsi_device_id *out,
			     char *err, size_t errlen);

/**
 * ssd_scsi_devid_wwn() - the logical unit's NAA designator (association 0, type 3), else its
 * EUI-64 (type 2), as the "0x…" hex text; NULL if neither is present.
 */
const char *ssd_scsi_devid_wwn(const struct ssd_scsi_device_id *id);

/** ssd_scsi_designator_type_name() - "NAA", "EUI-64", … Return: static string. */
const char *ssd_scsi_designator_type_name(uint8_t type);
/** ssd_scsi_association_name() - "logical unit", "target port", "target device". */
const char *ssd_scsi_association_name(uint8_t association);

/** ssd_scsi_parse_vpd_bdc() - page B1h. Return: 0 or -EINVAL (fewer than 8 bytes). */
int ssd_scsi_parse_vpd_bdc(const uint8_t *buf, size_t len, struct ssd_scsi_bdc *out, char *err,
			   size_t errlen);
/** ssd_scsi_form_factor_name() - "3.5 inch", …; NULL for 0 (not reported) or reserved codes. */
const char *ssd_scsi_form_factor_name(uint8_t ff);

/** ssd_scsi_parse_vpd_lbp() - page B2h. Return: 0 or -EINVAL (fewer than 8 bytes). */
int ssd_scsi_parse_vpd_lbp(const uint8_t *buf, size_t len, struct ssd_scsi_lbp *out, char *err,
			   size_t errlen);
/** ssd_scsi_prov_type_name() - "full", "resource", "thin"; NULL for reserved codes. */
const char *ssd_scsi_prov_type_name(uint8_t type);

/**
 * ssd_scsi_parse_vpd_ata_info() - page 89h: SAT VENDOR IDENTIFICATION (bytes 8-15), SAT PRODUCT
 * IDENTIFICATION (16-31), SAT PRODUCT REVISION LEVEL (32-35), COMMAND CODE (56) and the
 * IDENTIFY data (60-571).
 * Return: 0 or -EINVAL (fewer than 36 bytes).
 */
int ssd_scsi_parse_vpd_ata_info(const uint8_t *buf, size_t len, struct ssd_scsi_ata_info *out,
				char *err, size_t errlen);

#endif
