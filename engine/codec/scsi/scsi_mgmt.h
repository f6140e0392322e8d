/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_mgmt.h - CDBs and pure decoders for the drive management commands of `ssdctl`:
 * LOG SENSE (SPC-5 §6.6), REQUEST SENSE (SPC-5 §6.39), REPORT SUPPORTED OPERATION CODES
 * (SPC-5 §6.34), FORMAT UNIT (SBC-4 §5.3) and SANITIZE (SBC-4 §5.30), and the progress
 * indication a device reports in sense data while a format or sanitize runs (SPC-5 §4.4.2.4.4).
 * The I/O CDBs are in scsi_cdb.h.
 */
#ifndef SSDENG_SCSI_MGMT_H
#define SSDENG_SCSI_MGMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"
#include "codec/scsi/scsi_sense.h"

#define SSD_SCSI_OP_FORMAT_UNIT 0x04
#define SSD_SCSI_OP_REQUEST_SENSE 0x03
#define SSD_SCSI_OP_SANITIZE 0x48
#define SSD_SCSI_OP_LOG_SENSE 0x4d
#define SSD_SCSI_OP_MAINTENANCE_IN 0xa3
#define SSD_SCSI_SA_REPORT_SUPPORTED_OPCODES 0x0c

/* SANITIZE service actions (SBC-4 Table "SANITIZE service action codes"). */
enum ssd_scsi_sanitize_sa {
	SSD_SCSI_SANITIZE_OVERWRITE = 0x01,
	SSD_SCSI_SANITIZE_BLOCK_ERASE = 0x02,
	SSD_SCSI_SANITIZE_CRYPTO_ERASE = 0x03,
	SSD_SCSI_SANITIZE_EXIT_FAILURE_MODE = 0x1f,
};

/* The OVERWRITE parameter list we send: 4-byte header and a 4-byte zero pattern. */
#define SSD_SCSI_SANITIZE_OVERWRITE_PARAM_LEN 8
/* The FORMAT UNIT short parameter list header (SBC-4 Table "Short parameter list header"). */
#define SSD_SCSI_FORMAT_SHORT_HEADER_LEN 4

/**
 * ssd_scsi_cdb_log_sense() - LOG SENSE, 10 bytes, PC = 01b (cumulative values), PPC 0, SP 0.
 * @cdb: filled
 * @page: PAGE CODE (5:0)
 * @subpage: SUBPAGE CODE
 * @alloc_len: ALLOCATION LENGTH, bytes
 */
void ssd_scsi_cdb_log_sense(struct ssd_scsi_cdb *cdb, uint8_t page, uint8_t subpage,
			    uint16_t alloc_len);

/** ssd_scsi_cdb_request_sense() - REQUEST SENSE, 6 bytes, fixed format (DESC 0). */
void ssd_scsi_cdb_request_sense(struct ssd_scsi_cdb *cdb, uint8_t alloc_len);

/**
 * ssd_scsi_cdb_report_opcode() - REPORT SUPPORTED OPERATION CODES for one command.
 * @cdb: filled, 12 bytes
 * @opcode: REQUESTED OPERATION CODE
 * @sa: REQUESTED SERVICE ACTION
 * @with_sa: REPORTING OPTIONS 010b (opcode and service action) instead of 001b (opcode)
 * @alloc_len: ALLOCATION LENGTH, bytes
 */
void ssd_scsi_cdb_report_opcode(struct ssd_scsi_cdb *cdb, uint8_t opcode, uint16_t sa, bool with_sa,
				uint32_t alloc_len);

/* SUPPORT field of the one-command parameter data (SPC-5 Table "SUPPORT values"). */
enum ssd_scsi_opcode_support {
	SSD_SCSI_SUPPORT_UNKNOWN = 0,	 /* 000b: data about the command not available */
	SSD_SCSI_SUPPORT_NO = 1,	 /* 001b */
	SSD_SCSI_SUPPORT_YES = 3,	 /* 011b: in conformance with a standard */
	SSD_SCSI_SUPPORT_YES_VENDOR = 5, /* 101b: in a vendor specific manner */
};

/**
 * ssd_scsi_parse_opcode_support() - the SUPPORT field (byte 1 bits 2:0) of one-command REPORT
 * SUPPORTED OPERATION CODES data.
 * Return: 1 supported, 0 not supported, -ENODATA unknown, -EINVAL for fewer than 2 bytes.
 */
int ssd_scsi_parse_opcode_support(const uint8_t *buf, size_t len);

/**
 * ssd_scsi_cdb_format_unit() - FORMAT UNIT, 6 bytes, FMTDATA 1 with a short parameter list
 * header, defect list format 000b, FMTPINFO 0 (the format keeps no protection information).
 * @cdb: filled
 */
void ssd_scsi_cdb_format_unit(struct ssd_scsi_cdb *cdb);

/**
 * ssd_scsi_format_unit_params() - the 4-byte short parameter list header.
 * @buf: 4 bytes, filled
 * @immed: IMMED: return status as soon as the parameter list is checked
 */
void ssd_scsi_format_unit_params(uint8_t *buf, bool immed);

/**
 * ssd_scsi_cdb_sanitize() - SANITIZE, 10 bytes, AUSE 0.
 * @cdb: filled
 * @sa: service action
 * @immed: IMMED bit
 * @param_len: PARAMETER LIST LENGTH (SSD_SCSI_SANITIZE_OVERWRITE_PARAM_LEN for OVERWRITE, else 0)
 */
void ssd_scsi_cdb_sanitize(struct ssd_scsi_cdb *cdb, enum ssd_scsi_sanitize_sa sa, bool immed,
			   uint16_t param_len);

/**
 * ssd_scsi_sanitize_overwrite_params() - OVERWRITE parameter list: INVERT 0, TEST 00b, OVERWRITE
 * COUNT 1, a 4-byte pattern of zeroes.
 * @buf: SSD_SCSI_SANITIZE_OVERWRITE_PARAM_LEN bytes, filled
 */
void ssd_scsi_sanitize_overwrite_params(uint8_t *buf);

/**
 * ssd_scsi_sense_progress() - the PROGRESS INDICATION of sense data, when the sense-key specific
 * field carries one (SKSV set: fixed format byte 15 bit 7 and bytes 16-17, or a sense key
 * specific descriptor, type 02h, in descriptor format) and the sense key is NOT READY or
 * NO SENSE.
 * @buf, @len: sense data
 * @per_mille: output, PROGRESS INDICATION / 65536 × 1000
 * Return: true when a progress indication is present.
 */
bool ssd_scsi_sense_progress(const uint8_t *buf, size_t len, unsigned int *per_mille);

/* What REQUEST SENSE says about a format or sanitize started with IMMED. */
enum ssd_scsi_poll {
	SSD_SCSI_POLL_RUNNING,	 /* still running (a progress indication, or LOGICAL UNIT NOT READY
				  * with a "… in progress" / "becoming ready" ASCQ) */
	SSD_SCSI_POLL_DONE,	 /* nothing pending: NO SENSE, or no sense data at all */
	SSD_SCSI_POLL_ATTENTION, /* UNIT ATTENTION (a reported capacity or mode change): ask again
				  */
	SSD_SCSI_POLL_FAILED,	 /* any other sense: the operation failed (FORMAT COMMAND FAILED
				  * 31h/01h, SANITIZE COMMAND FAILED 31h/03h, …) */
};

/**
 * ssd_scsi_poll_sense() - the state of an operation from the sense data REQUEST SENSE returned
 * while it runs (SPC-5 REQUEST SENSE command and progress indication §4.4.2.4.4; SBC-4 FORMAT
 * UNIT and SANITIZE with IMMED set: the device reports LOGICAL UNIT NOT READY, FORMAT IN
 * PROGRESS 04h/04h or SANITIZE IN PROGRESS 04h/1Bh, with the progress, until it ends, and the
 * sense of a failure after). This is how completion is polled without TEST UNIT READY.
 * @buf, @len: the REQUEST SENSE data (@len 0: the device returned none)
 * @per_mille: output, the progress when one is reported, else left alone
 * @sense: output, the decoded sense (zeroed when there is none)
 * Return: the state.
 */
enum ssd_scsi_poll ssd_scsi_poll_sense(const uint8_t *buf, size_t len, unsigned int *per_mille,
				       struct ssd_scsi_sense *sense);

/**
 * ssd_scsi_mgmt_opcode_name() - "LOG SENSE", "FORMAT UNIT", "ATA PASS-THROUGH(16)", … for the
 * opcodes of this file and ata_cmd.h. Return: a static string or NULL.
 */
const char *ssd_scsi_mgmt_opcode_name(uint8_t opcode);

#endif
