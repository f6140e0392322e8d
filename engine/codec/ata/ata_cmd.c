// SPDX-License-Identifier: GPL-2.0-only
/*
 * ata_cmd.c - ATA PASS-THROUGH(16) CDB builders (SAT-4 §12.2.2.3).
 *
 * CDB bytes: 1 PROTOCOL (4:1) and EXTEND (0); 2 CK_COND/T_TYPE/T_DIR/BYTE_BLOCK/T_LENGTH;
 * 3-4 FEATURES 15:0; 5-6 COUNT 15:0; 7 LBA 31:24; 8 LBA 7:0; 9 LBA 39:32; 10 LBA 15:8;
 * 11 LBA 47:40; 12 LBA 23:16; 13 DEVICE; 14 COMMAND.
 */
#include <string.h>

#include "codec/ata/ata_cmd.h"

#define ATA_PROTO_PIO_IN 4
/* T_DIR=1 (from the device), BYTE_BLOCK=1 (count in blocks), T_LENGTH=2 (in COUNT) */
#define ATA_PT_PIO_IN_FLAGS 0x0e

static void pio_in(struct ssd_scsi_cdb *cdb, uint8_t command, int extend)
{
	memset(cdb, 0, sizeof(*cdb));
	cdb->len = 16;
	cdb->b[0] = SSD_SCSI_OP_ATA_PASS_THROUGH_16;
	cdb->b[1] = (uint8_t)(ATA_PROTO_PIO_IN << 1 | (extend ? 1 : 0));
	cdb->b[2] = ATA_PT_PIO_IN_FLAGS;
	cdb->b[14] = command;
}

void ssd_ata_cdb_identify(struct ssd_scsi_cdb *cdb)
{
	pio_in(cdb, SSD_ATA_CMD_IDENTIFY_DEVICE, 0);
	cdb->b[6] = 1;
}

void ssd_ata_cdb_smart_read_data(struct ssd_scsi_cdb *cdb)
{
	pio_in(cdb, SSD_ATA_CMD_SMART, 0);
	cdb->b[4] = SSD_ATA_SMART_READ_DATA;
	cdb->b[6] = 1;
	cdb->b[10] = SSD_ATA_SMART_LBA_MID;
	cdb->b[12] = SSD_ATA_SMART_LBA_HIGH;
}

void ssd_ata_cdb_read_log_ext(struct ssd_scsi_cdb *cdb, uint8_t log, uint16_t page, uint16_t count)
{
	pio_in(cdb, SSD_ATA_CMD_READ_LOG_EXT, 1);
	cdb->b[5] = (uint8_t)(count >> 8);
	cdb->b[6] = (uint8_t)count;
	cdb->b[8] = log;
	cdb->b[10] = (uint8_t)page;
	cdb->b[9] = (uint8_t)(page >> 8);
}
