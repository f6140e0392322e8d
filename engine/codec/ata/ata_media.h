/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ata_media.h - what a SATA drive says it wrote to its flash, for write amplification: the
 * vendor SMART attributes of the drive families that name host and NAND writes, matched on
 * the IDENTIFY DEVICE model string (ata_identify.h, words 27-46). Pure.
 *
 * SMART attribute raw values are vendor specific (ACS-4 §7.45.6 leaves the table to the
 * vendor); each row of the table in ata_media.c says which attribute counts what, in which
 * unit, and where that is documented (docs/telemetry.md lists them). A family whose counters
 * are NAND pages (Micron's 247/248) gives a ratio only: pages are never turned into bytes
 * with a guessed page size.
 */
#ifndef SSDENG_ATA_MEDIA_H
#define SSDENG_ATA_MEDIA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec/ata/ata_smart.h"

/* One drive family whose SMART attributes name its media writes. */
struct ssd_ata_media_family {
	const char *family;	   /* "Intel DC S3510/S3610", as the page names it */
	const char *const *models; /* fnmatch(3) patterns on the IDENTIFY model, NULL-ended */
	uint8_t media_attr;	   /* the attribute counting media (NAND) writes */
	const char *media_name;	   /* its name in the source ("NAND_Writes_32MiB") */
	uint64_t media_unit;	   /* bytes per count; 0: NAND pages (a ratio only) */
	bool media_adds_host;	   /* media = media_attr + host_attr (Micron: background program
				    * pages + host program pages) */
	uint8_t host_attr;	   /* the same family's host-writes attribute; 0: none */
	const char *host_name;
	uint64_t host_unit; /* bytes per count; 0: pages, as media_unit */
	const char *source; /* the document the row is taken from */
};

/* A drive's media writes at one sample. */
struct ssd_ata_media {
	const struct ssd_ata_media_family *family;
	bool pages;	  /* media and host are NAND page counts: only media / host is exact */
	bool has_media;	  /* the media attribute (and, when media_adds_host, the host one) read */
	bool has_host;	  /* the family's host attribute read */
	uint64_t media;	  /* bytes, or pages */
	uint64_t host;	  /* bytes, or pages */
	char source[192]; /* "SMART attribute 243 NAND_Writes_32MiB, Intel DC S3510/S3610" */
};

/**
 * ssd_ata_media_family() - the family of a drive model.
 * @model: the IDENTIFY model string, spaces trimmed (struct ssd_ata_identity.model)
 * Return: the table's row, or NULL when the model is in no family (its media writes are not
 * reported by the drive, as far as any source says).
 */
const struct ssd_ata_media_family *ssd_ata_media_family(const char *model);

/**
 * ssd_ata_media_read() - the media and host writes of @f from a SMART READ DATA table.
 * @f:     the family (ssd_ata_media_family()); NULL gives has_media false
 * @smart: the attributes (ssd_ata_parse_smart_data())
 * @out:   output; has_media false when the attribute is missing from the table, or a byte
 *         count would pass 2^64 - 1
 */
void ssd_ata_media_read(const struct ssd_ata_media_family *f, const struct ssd_ata_smart *smart,
			struct ssd_ata_media *out);

/**
 * ssd_ata_media_usable() - whether @cur's media count may be used after @prev (the last sample
 * that was used, NULL at the first).
 * Return: false when @cur has no media count, when it went backwards from @prev's, or when it
 * is 0 while the host count grew or is not 0 (an attribute the drive lists but does not keep).
 */
bool ssd_ata_media_usable(const struct ssd_ata_media *prev, const struct ssd_ata_media *cur);

/** ssd_ata_media_families() - the table, for documentation and tests. @n: its rows. */
const struct ssd_ata_media_family *ssd_ata_media_families(size_t *n);

#endif
