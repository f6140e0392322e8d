/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ssd_ata_smart.h - decode SMART READ DATA attributes and Device Statistics log pages of a SATA
 * drive. Pure.
 *
 * SMART READ DATA (ACS-4 §7.45.6) returns 512 bytes whose attribute table is vendor specific;
 * every drive family uses the layout from the withdrawn ATA-3 / SFF-8035i: a 2-byte revision,
 * then 30 entries of 12 bytes (id, 2-byte flags, normalised value, worst value, 6-byte raw
 * value little-endian, 1 reserved byte). Attribute names are the de facto ones.
 *
 * The Device Statistics log (ACS-4 §9.5, log address 04h) is standard: each 512-byte page
 * is a list of 64-bit little-endian statistics, bit 63 "supported", bit 62 "valid", the value
 * in the low bits.
 */
#ifndef SSDENG_ATA_SMART_H
#define SSDENG_ATA_SMART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SSD_ATA_SMART_MAX_ATTRS 30

struct ssd_ata_smart_attr {
	uint8_t id;
	uint16_t flags;
	uint8_t value; /* normalised current value, 1..253 */
	uint8_t worst;
	uint64_t raw; /* 48-bit raw value */
};

struct ssd_ata_smart {
	unsigned int n;
	struct ssd_ata_smart_attr a[SSD_ATA_SMART_MAX_ATTRS];
};

/**
 * ssd_ata_parse_smart_data() - the attribute table of SMART READ DATA. Entries with id 0 are
 * empty and skipped.
 * @buf: 512 bytes
 * @len: bytes valid
 * @out: attributes in table order
 * @err, @errlen: message on failure
 * Return: 0 or -EINVAL for fewer than 362 bytes (2 + 30 × 12).
 */
int ssd_ata_parse_smart_data(const uint8_t *buf, size_t len, struct ssd_ata_smart *out, char *err,
			     size_t errlen);

/** ssd_ata_smart_find() - the attribute with @id, or NULL. */
const struct ssd_ata_smart_attr *ssd_ata_smart_find(const struct ssd_ata_smart *s, uint8_t id);

/** ssd_ata_smart_attr_name() - de facto name ("Power_On_Hours"); NULL for ids not in the table. */
const char *ssd_ata_smart_attr_name(uint8_t id);

/* Device Statistics pages and the statistics ssdctl reports (ACS-4 Table 216..). */
#define SSD_ATA_DEVSTAT_GENERAL 0x01	 /* page 01h General Statistics */
#define SSD_ATA_DEVSTAT_TEMPERATURE 0x05 /* page 05h Temperature Statistics */
#define SSD_ATA_DEVSTAT_SSD 0x07	 /* page 07h Solid State Device Statistics */

struct ssd_ata_devstat_value {
	bool valid; /* supported (bit 63) and valid (bit 62) */
	int64_t value;
};

struct ssd_ata_devstats {
	struct ssd_ata_devstat_value power_on_hours;	      /* page 01h offset 10h */
	struct ssd_ata_devstat_value logical_sectors_written; /* page 01h offset 18h */
	struct ssd_ata_devstat_value write_commands;	      /* page 01h offset 20h */
	struct ssd_ata_devstat_value logical_sectors_read;    /* page 01h offset 28h */
	struct ssd_ata_devstat_value read_commands;	      /* page 01h offset 30h */
	struct ssd_ata_devstat_value temperature_c;	      /* page 05h offset 08h, signed */
	struct ssd_ata_devstat_value percentage_used;	      /* page 07h offset 08h */
};

/**
 * ssd_ata_parse_devstat_page() - take the statistics of one Device Statistics page into @out.
 * @buf: one 512-byte page
 * @len: bytes valid
 * @page: the page number asked for (01h, 05h or 07h; others are ignored)
 * @out: statistics of that page set; the others untouched
 * @err, @errlen: message on failure
 * Return: 0; -EINVAL for fewer than 512 bytes or a header whose PAGE NUMBER (byte 2) is not
 * @page.
 */
int ssd_ata_parse_devstat_page(const uint8_t *buf, size_t len, uint8_t page,
			       struct ssd_ata_devstats *out, char *err, size_t errlen);

#endif
