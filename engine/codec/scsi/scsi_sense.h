/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_sense.h - decoding what a SCSI command came back with: the status byte (SAM-5 §5.3),
 * the Linux SCSI host and driver status the sg driver reports, and sense data in fixed and
 * descriptor format (SPC-5 §4.4), with the sense key and ASC/ASCQ names from SPC-5.
 */
#ifndef SSDENG_SCSI_SENSE_H
#define SSDENG_SCSI_SENSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"

/* SCSI status codes (SAM-5 Table "Status codes"). */
enum ssd_scsi_status {
	SSD_SCSI_STATUS_GOOD = 0x00,
	SSD_SCSI_STATUS_CHECK_CONDITION = 0x02,
	SSD_SCSI_STATUS_CONDITION_MET = 0x04,
	SSD_SCSI_STATUS_BUSY = 0x08,
	SSD_SCSI_STATUS_RESERVATION_CONFLICT = 0x18,
	SSD_SCSI_STATUS_TASK_SET_FULL = 0x28,
	SSD_SCSI_STATUS_ACA_ACTIVE = 0x30,
	SSD_SCSI_STATUS_TASK_ABORTED = 0x40,
};

/* Sense keys (SPC-5 Table "Sense key descriptions"). */
enum ssd_scsi_sense_key {
	SSD_SCSI_SK_NO_SENSE = 0x0,
	SSD_SCSI_SK_RECOVERED_ERROR = 0x1,
	SSD_SCSI_SK_NOT_READY = 0x2,
	SSD_SCSI_SK_MEDIUM_ERROR = 0x3,
	SSD_SCSI_SK_HARDWARE_ERROR = 0x4,
	SSD_SCSI_SK_ILLEGAL_REQUEST = 0x5,
	SSD_SCSI_SK_UNIT_ATTENTION = 0x6,
	SSD_SCSI_SK_DATA_PROTECT = 0x7,
	SSD_SCSI_SK_BLANK_CHECK = 0x8,
	SSD_SCSI_SK_VENDOR_SPECIFIC = 0x9,
	SSD_SCSI_SK_COPY_ABORTED = 0xa,
	SSD_SCSI_SK_ABORTED_COMMAND = 0xb,
	SSD_SCSI_SK_VOLUME_OVERFLOW = 0xd,
	SSD_SCSI_SK_MISCOMPARE = 0xe,
	SSD_SCSI_SK_COMPLETED = 0xf,
};

/* Linux host byte values the sg driver puts in sg_io_hdr.host_status (<scsi/scsi_status.h>). */
enum ssd_scsi_host_status {
	SSD_SCSI_DID_OK = 0x00,
	SSD_SCSI_DID_NO_CONNECT = 0x01,
	SSD_SCSI_DID_BUS_BUSY = 0x02,
	SSD_SCSI_DID_TIME_OUT = 0x03,
	SSD_SCSI_DID_BAD_TARGET = 0x04,
	SSD_SCSI_DID_ABORT = 0x05,
	SSD_SCSI_DID_PARITY = 0x06,
	SSD_SCSI_DID_ERROR = 0x07,
	SSD_SCSI_DID_RESET = 0x08,
	SSD_SCSI_DID_BAD_INTR = 0x09,
	SSD_SCSI_DID_PASSTHROUGH = 0x0a,
	SSD_SCSI_DID_SOFT_ERROR = 0x0b,
	SSD_SCSI_DID_IMM_RETRY = 0x0c,
	SSD_SCSI_DID_REQUEUE = 0x0d,
	SSD_SCSI_DID_TRANSPORT_DISRUPTED = 0x0e,
	SSD_SCSI_DID_TRANSPORT_FAILFAST = 0x0f,
	SSD_SCSI_DID_TARGET_FAILURE = 0x10,
	SSD_SCSI_DID_NEXUS_FAILURE = 0x11,
	SSD_SCSI_DID_ALLOC_FAILURE = 0x12,
	SSD_SCSI_DID_MEDIUM_ERROR = 0x13,
	SSD_SCSI_DID_TRANSPORT_MARGINAL = 0x14,
};

/* Linux driver byte (sg_io_hdr.driver_status, low nibble): DRIVER_SENSE means sense is valid. */
#define SSD_SCSI_DRIVER_SENSE 0x08
#define SSD_SCSI_DRIVER_TIMEOUT 0x06

/* Decoded sense data. Fields the buffer was too short to carry are 0 / false. */
struct ssd_scsi_sense {
	uint8_t response_code; /* 0x70/0x71 fixed, 0x72/0x73 descriptor */
	bool deferred;	       /* 0x71/0x73: the error belongs to an earlier command */
	uint8_t key;	       /* enum ssd_scsi_sense_key */
	uint8_t asc, ascq;
	bool info_valid; /* INFORMATION field present and VALID */
	uint64_t info;	 /* INFORMATION: for read/write errors, the first failing LBA */
};

/* What one command came back with, as the sg driver reports it (struct sg_io_hdr). */
struct ssd_scsi_outcome {
	uint8_t status;		/* SCSI status byte, enum ssd_scsi_status */
	uint16_t host_status;	/* enum ssd_scsi_host_status */
	uint16_t driver_status; /* SCSI_DRIVER_* */
	const uint8_t *sense;	/* sense buffer or NULL */
	size_t sense_len;	/* valid bytes at @sense (sg_io_hdr.sb_len_wr) */
};

/**
 * ssd_scsi_sense_parse() - decode fixed (SPC-5 §4.4.3) or descriptor (SPC-5 §4.4.2) format sense.
 * @buf: sense data as returned
 * @len: valid bytes at @buf
 * @out: decoded fields; the INFORMATION field comes from the fixed header when its VALID bit is
 *	 set, or from an Information sense data descriptor (type 00h) with VALID set
 *
 * Return: 0, or -EINVAL if @len < 3 (no sense key) or the response code is not 70h-73h.
 */
int ssd_scsi_sense_parse(const uint8_t *buf, size_t len, struct ssd_scsi_sense *out);

/** ssd_scsi_sense_key_name() - "MEDIUM ERROR", ...; "RESERVED" for 0Ch. Return: a static string. */
const char *ssd_scsi_sense_key_name(uint8_t key);

/**
 * ssd_scsi_asc_name() - the SPC-5 name of an ASC/ASCQ pair (SPC-5 Table "ASC and ASCQ
 * assignments"). Return: a static string, or NULL when the pair is not in our table.
 */
const char *ssd_scsi_asc_name(uint8_t asc, uint8_t ascq);

/** ssd_scsi_status_name() - "CHECK CONDITION", ... Return: a static string or NULL if unknown. */
const char *ssd_scsi_status_name(uint8_t status);

/** ssd_scsi_host_status_name() - "DID_ERROR", ... Return: a static string or NULL if unknown. */
const char *ssd_scsi_host_status_name(uint16_t host_status);

/**
 * ssd_scsi_outcome_ok() - whether the command succeeded: GOOD or CONDITION MET status, no host
 * error, or CHECK CONDITION with sense key NO SENSE, RECOVERED ERROR or COMPLETED.
 */
bool ssd_scsi_outcome_ok(const struct ssd_scsi_outcome *o);

/**
 * ssd_scsi_outcome_errno() - a positive errno that fits a failed command.
 * @o: the outcome
 * @sense: decoded sense of @o, or NULL if it had none
 *
 * MEDIUM ERROR -> ENODATA (as the Linux block layer does), LBA out of range -> ERANGE,
 * invalid opcode -> EOPNOTSUPP, invalid field -> EINVAL, write protect -> EROFS, space
 * allocation failed -> ENOSPC, NOT READY -> EBUSY (medium not present -> ENOMEDIUM),
 * MISCOMPARE -> EILSEQ, BUSY/TASK SET FULL -> EBUSY, RESERVATION CONFLICT -> EBADE,
 * DID_TIME_OUT -> ETIMEDOUT, DID_NO_CONNECT/BAD_TARGET -> ENODEV, anything else -> EIO.
 *
 * Return: 0 if ssd_scsi_outcome_ok(), else the errno.
 */
int ssd_scsi_outcome_errno(const struct ssd_scsi_outcome *o, const struct ssd_scsi_sense *sense);

/**
 * ssd_scsi_outcome_format() - one line describing a failed command, e.g.
 * "scsi: READ(16) lba 2048 blocks 8: CHECK CONDITION, sense key MEDIUM ERROR,
 *  ASC/ASCQ 11/00 Unrecovered read error, info 2048".
 * @buf: output, always NUL-terminated
 * @len: size of @buf
 * @cdb: the command (its opcode names it)
 * @lba: first LBA of the command
 * @nlb: number of blocks; 0 leaves the range out
 * @o: the outcome
 *
 * Return: the snprintf()-style length of the full line.
 */
int ssd_scsi_outcome_format(char *buf, size_t len, const struct ssd_scsi_cdb *cdb, uint64_t lba,
			    uint32_t nlb, const struct ssd_scsi_outcome *o);

#endif
