// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_mgmt.c - management CDBs and the sense progress indication.
 */
#include <errno.h>
#include <string.h>

#include "codec/scsi/scsi_bytes.h"
#include "codec/scsi/scsi_mgmt.h"
#include "codec/scsi/scsi_mode.h"
#include "codec/scsi/scsi_sense.h"

static void cdb_init(struct ssd_scsi_cdb *cdb, uint8_t opcode, uint8_t len)
{
	memset(cdb, 0, sizeof(*cdb));
	cdb->b[0] = opcode;
	cdb->len = len;
}

#define LOG_SENSE_PC_CUMULATIVE 0x40

void ssd_scsi_cdb_log_sense(struct ssd_scsi_cdb *cdb, uint8_t page, uint8_t subpage,
			    uint16_t alloc_len)
{
	cdb_init(cdb, SSD_SCSI_OP_LOG_SENSE, 10);
	cdb->b[2] = (uint8_t)(LOG_SENSE_PC_CUMULATIVE | (page & 0x3f));
	cdb->b[3] = subpage;
	ssd_scsi_put_be16(cdb->b + 7, alloc_len);
}

void ssd_scsi_cdb_request_sense(struct ssd_scsi_cdb *cdb, uint8_t alloc_len)
{
	cdb_init(cdb, SSD_SCSI_OP_REQUEST_SENSE, 6);
	cdb->b[4] = alloc_len;
}

void ssd_scsi_cdb_report_opcode(struct ssd_scsi_cdb *cdb, uint8_t opcode, uint16_t sa, bool with_sa,
				uint32_t alloc_len)
{
	cdb_init(cdb, SSD_SCSI_OP_MAINTENANCE_IN, 12);
	cdb->b[1] = SSD_SCSI_SA_REPORT_SUPPORTED_OPCODES;
	cdb->b[2] = with_sa ? 0x02 : 0x01;
	cdb->b[3] = opcode;
	ssd_scsi_put_be16(cdb->b + 4, sa);
	ssd_scsi_put_be32(cdb->b + 6, alloc_len);
}

int ssd_scsi_parse_opcode_support(const uint8_t *buf, size_t len)
{
	if (len < 2)
		return -EINVAL;
	switch (buf[1] & 0x7) {
	case SSD_SCSI_SUPPORT_YES:
	case SSD_SCSI_SUPPORT_YES_VENDOR:
		return 1;
	case SSD_SCSI_SUPPORT_NO:
		return 0;
	default:
		return -ENODATA;
	}
}

#define FORMAT_FMTDATA 0x10

void ssd_scsi_cdb_format_unit(struct ssd_scsi_cdb *cdb)
{
	cdb_init(cdb, SSD_SCSI_OP_FORMAT_UNIT, 6);
	cdb->b[1] = FORMAT_FMTDATA;
}

void ssd_scsi_format_unit_params(uint8_t *buf, bool immed)
{
	memset(buf, 0, SSD_SCSI_FORMAT_SHORT_HEADER_LEN);
	if (immed)
		buf[1] = 0x02;
}

void ssd_scsi_cdb_sanitize(struct ssd_scsi_cdb *cdb, enum ssd_scsi_sanitize_sa sa, bool immed,
			   uint16_t param_len)
{
	cdb_init(cdb, SSD_SCSI_OP_SANITIZE, 10);
	cdb->b[1] = (uint8_t)((immed ? 0x80 : 0) | (sa & 0x1f));
	ssd_scsi_put_be16(cdb->b + 7, param_len);
}

void ssd_scsi_sanitize_overwrite_params(uint8_t *buf)
{
	memset(buf, 0, SSD_SCSI_SANITIZE_OVERWRITE_PARAM_LEN);
	buf[0] = 0x01; /* OVERWRITE COUNT 1 */
	ssd_scsi_put_be16(buf + 2, 4);
}

static bool progress_key(uint8_t key)
{
	return key == SSD_SCSI_SK_NOT_READY || key == SSD_SCSI_SK_NO_SENSE;
}

bool ssd_scsi_sense_progress(const uint8_t *buf, size_t len, unsigned int *per_mille)
{
	const uint8_t *sks = NULL;
	uint8_t rc;

	if (len < 3)
		return false;
	rc = buf[0] & 0x7f;
	if (rc == 0x70 || rc == 0x71) {
		if (len >= 18 && progress_key(buf[2] & 0xf))
			sks = buf + 15;
	} else if (rc == 0x72 || rc == 0x73) {
		size_t end = len < 8 ? len : 8 + (size_t)buf[7];

		if (end > len)
			end = len;
		if (!progress_key(buf[1] & 0xf))
			return false;
		for (size_t off = 8; off + 2 <= end; off += 2 + buf[off + 1])
			if (buf[off] == 0x02 && off + 7 <= end) {
				sks = buf + off + 4;
				break;
			}
	}
	if (!sks || !(sks[0] & 0x80))
		return false;
	*per_mille = (unsigned int)((uint32_t)ssd_scsi_get_be16(sks + 1) * 1000u / 65536u);
	return true;
}

/* ASC 04h "LOGICAL UNIT NOT READY" qualifiers that mean "wait": SPC-5 ASC/ASCQ assignments. */
static bool not_ready_waits(uint8_t ascq)
{
	static const uint8_t waits[] = {
	    0x01, /* in process of becoming ready */
	    0x04, /* format in progress */
	    0x05, /* rebuild in progress */
	    0x06, /* recalculation in progress */
	    0x07, /* operation in progress */
	    0x08, /* long write in progress */
	    0x09, /* self-test in progress */
	    0x1a, /* START STOP UNIT command in progress */
	    0x1b, /* sanitize in progress */
	    0x24, /* depopulation in progress */
	};

	for (size_t i = 0; i < sizeof(waits); i++)
		if (waits[i] == ascq)
			return true;
	return false;
}

enum ssd_scsi_poll ssd_scsi_poll_sense(const uint8_t *buf, size_t len, unsigned int *per_mille,
				       struct ssd_scsi_sense *sense)
{
	memset(sense, 0, sizeof(*sense));
	if (len == 0 || ssd_scsi_sense_parse(buf, len, sense) != 0) {
		memset(sense, 0, sizeof(*sense));
		return SSD_SCSI_POLL_DONE; /* no sense data: nothing pending */
	}
	if (ssd_scsi_sense_progress(buf, len, per_mille))
		return SSD_SCSI_POLL_RUNNING;
	if ((sense->key == SSD_SCSI_SK_NOT_READY || sense->key == SSD_SCSI_SK_NO_SENSE) &&
	    sense->asc == 0x04 && not_ready_waits(sense->ascq))
		return SSD_SCSI_POLL_RUNNING;
	switch (sense->key) {
	case SSD_SCSI_SK_NO_SENSE:
	case SSD_SCSI_SK_RECOVERED_ERROR:
	case SSD_SCSI_SK_COMPLETED:
		return SSD_SCSI_POLL_DONE;
	case SSD_SCSI_SK_UNIT_ATTENTION:
		return SSD_SCSI_POLL_ATTENTION;
	default:
		return SSD_SCSI_POLL_FAILED;
	}
}

const char *ssd_scsi_mgmt_opcode_name(uint8_t opcode)
{
	static const struct {
		uint8_t opcode;
		const char *name;
	} names[] = {
	    {SSD_SCSI_OP_REQUEST_SENSE, "REQUEST SENSE"},
	    {SSD_SCSI_OP_FORMAT_UNIT, "FORMAT UNIT"},
	    {SSD_SCSI_OP_SANITIZE, "SANITIZE"},
	    {SSD_SCSI_OP_LOG_SENSE, "LOG SENSE"},
	    {SSD_SCSI_OP_MAINTENANCE_IN, "REPORT SUPPORTED OPERATION CODES"},
	    {0x85, "ATA PASS-THROUGH(16)"},
	    {SSD_SCSI_OP_MODE_SENSE_10, "MODE SENSE(10)"},
	    {SSD_SCSI_OP_MODE_SELECT_10, "MODE SELECT(10)"},
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].opcode == opcode)
			return names[i].name;
	return NULL;
}
