/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ata_cmd.h - ATA PASS-THROUGH(16) CDBs (SAT-4 §12.2.2.3, opcode 85h) for the ATA commands
 * ssdctl sends to a SATA drive behind a SCSI/ATA Translation layer: IDENTIFY DEVICE (ECh),
 * SMART READ DATA (B0h/D0h) and READ LOG EXT (2Fh), all PIO data-in of 512-byte blocks.
 */
#ifndef SSDENG_ATA_CMD_H
#define SSDENG_ATA_CMD_H

#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"

#define SSD_SCSI_OP_ATA_PASS_THROUGH_16 0x85

/* ATA command codes (ACS-4 Table 47). */
#define SSD_ATA_CMD_IDENTIFY_DEVICE 0xec
#define SSD_ATA_CMD_SMART 0xb0
#define SSD_ATA_CMD_READ_LOG_EXT 0x2f
/* SMART subcommand in FEATURES, and the signature in LBA 23:8 (ACS-4 §7.45) */
#define SSD_ATA_SMART_READ_DATA 0xd0
#define SSD_ATA_SMART_LBA_MID 0x4f
#define SSD_ATA_SMART_LBA_HIGH 0xc2
/* Device Statistics log address (ACS-4 §9.5) */
#define SSD_ATA_LOG_DEVICE_STATISTICS 0x04

/** ssd_ata_cdb_identify() - ATA PASS-THROUGH(16) carrying IDENTIFY DEVICE; 512 bytes in. */
void ssd_ata_cdb_identify(struct ssd_scsi_cdb *cdb);

/** ssd_ata_cdb_smart_read_data() - ATA PASS-THROUGH(16) carrying SMART READ DATA; 512 bytes in. */
void ssd_ata_cdb_smart_read_data(struct ssd_scsi_cdb *cdb);

/**
 * ssd_ata_cdb_read_log_ext() - ATA PASS-THROUGH(16) carrying READ LOG EXT (48-bit command).
 * @cdb:  filled, len 16
 * @log:  log address (LBA 7:0)
 * @page: page number within the log: bits 7:0 in LBA 15:8, bits 15:8 in LBA 39:32
 *        (ACS-4 §7.24 READ LOG EXT)
 * @count: pages to read (512 bytes each)
 */
void ssd_ata_cdb_read_log_ext(struct ssd_scsi_cdb *cdb, uint8_t log, uint16_t page, uint16_t count);

#endif
