/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_mode.h - MODE SENSE(10) and MODE SELECT(10) and the Caching mode page (08h), for
 * `ssdctl cache`: read a drive's write cache enable (WCE) bit and change it through the drive.
 * Pure: CDBs, the parse of mode parameter data, and the parameter list MODE SELECT sends.
 *
 * Sources: SPC-5 (INCITS 502) MODE SENSE(10) and MODE SELECT(10) commands (CDB layouts; PC
 * field 00b current, 01b changeable, 10b default, 11b saved values; PF and SP bits), the mode
 * parameter header(10) (MODE DATA LENGTH bytes 0-1, reserved in MODE SELECT; MEDIUM TYPE,
 * DEVICE-SPECIFIC PARAMETER, LONGLBA, BLOCK DESCRIPTOR LENGTH bytes 6-7), the page_0 mode page
 * format (PS bit 7, SPF bit 6, PAGE CODE 5:0, PAGE LENGTH; PS is reserved in MODE SELECT); and
 * SBC-4 (INCITS 506) Caching mode page (page code 08h, PAGE LENGTH 12h; byte 2: WCE bit 2, RCD
 * bit 0). A SATA drive behind the kernel's SAT layer (libata) answers the same page, translated
 * to ATA IDENTIFY word 85 and SET FEATURES enable/disable write cache (SAT-5).
 */
#ifndef SSDENG_SCSI_MODE_H
#define SSDENG_SCSI_MODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"

#define SSD_SCSI_OP_MODE_SELECT_10 0x55
#define SSD_SCSI_OP_MODE_SENSE_10 0x5a

#define SSD_SCSI_MODE_HEADER10_LEN 8
#define SSD_SCSI_PAGE_CACHING 0x08
#define SSD_SCSI_CACHING_PAGE_LEN 20 /* page code, PAGE LENGTH 12h, 18 bytes */

/* PC field of MODE SENSE: which values the device returns. */
enum ssd_scsi_mode_pc {
	SSD_SCSI_PC_CURRENT = 0,
	SSD_SCSI_PC_CHANGEABLE = 1, /* a mask: 1 where the bit may be changed */
	SSD_SCSI_PC_DEFAULT = 2,
	SSD_SCSI_PC_SAVED = 3,
};

/**
 * ssd_scsi_cdb_mode_sense10() - MODE SENSE(10), opcode 5Ah, DBD 1 (no block descriptors asked
 * for; a device may still return them), LLBAA 0, SUBPAGE CODE 00h.
 * @cdb:       filled, len 10
 * @pc:        page control
 * @page:      PAGE CODE (5:0)
 * @alloc_len: ALLOCATION LENGTH, bytes
 */
void ssd_scsi_cdb_mode_sense10(struct ssd_scsi_cdb *cdb, enum ssd_scsi_mode_pc pc, uint8_t page,
			       uint16_t alloc_len);

/**
 * ssd_scsi_cdb_mode_select10() - MODE SELECT(10), opcode 55h, PF 1 (the pages follow SPC-5's
 * page format).
 * @cdb:       filled, len 10
 * @save:      SP: the device also saves the pages (they outlive a power cycle); false changes
 *             the current values only
 * @param_len: PARAMETER LIST LENGTH, bytes (header and pages)
 */
void ssd_scsi_cdb_mode_select10(struct ssd_scsi_cdb *cdb, bool save, uint16_t param_len);

/* The Caching mode page as the device returned it, and the bits ssdctl reads. */
struct ssd_scsi_caching {
	uint8_t page[SSD_SCSI_CACHING_PAGE_LEN]; /* the page, byte 0 = PS/SPF/PAGE CODE */
	bool ps;  /* PARAMETERS SAVEABLE: the device can save the page */
	bool wce; /* WRITE CACHE ENABLE */
	bool rcd; /* READ CACHE DISABLE */
};

/**
 * ssd_scsi_parse_caching() - find the Caching mode page in MODE SENSE(10) parameter data.
 * @buf: the data (mode parameter header(10), block descriptors, pages)
 * @len: valid bytes at @buf
 * @out: the page and its bits
 * @err, @errlen: on failure, what was wrong
 * Return: 0; -EINVAL when the header's lengths do not fit @len, -ENOENT when no page 08h with a
 * PAGE LENGTH of at least 12h follows the block descriptors (a device without the page).
 */
int ssd_scsi_parse_caching(const uint8_t *buf, size_t len, struct ssd_scsi_caching *out, char *err,
			   size_t errlen);

/**
 * ssd_scsi_caching_select_list() - the MODE SELECT(10) parameter list that sets WCE: a mode
 * parameter header(10) of zeroes (MODE DATA LENGTH is reserved in MODE SELECT, the
 * DEVICE-SPECIFIC PARAMETER is sent as 0 as Linux's sd does, no block descriptors), then the
 * page exactly as the device reported its current values, PS cleared, WCE set to @wce.
 * @cur: the current values (PC 00b), from ssd_scsi_parse_caching()
 * @wce: the WRITE CACHE ENABLE bit to send
 * @buf: output, SSD_SCSI_MODE_HEADER10_LEN + SSD_SCSI_CACHING_PAGE_LEN bytes
 * Return: the list length, bytes.
 */
size_t ssd_scsi_caching_select_list(const struct ssd_scsi_caching *cur, bool wce, uint8_t *buf);

#endif
