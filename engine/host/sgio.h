/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sgio.h - one synchronous SCSI command through the SG_IO ioctl (Linux sg(4), struct
 * sg_io_hdr from <scsi/sg.h>), for the management commands of ssdctl. Works on /dev/sgN and on
 * SCSI block devices (/dev/sdX). The fio transport queues its I/O elsewhere.
 */
#ifndef SSDENG_SCSI_SGIO_H
#define SSDENG_SCSI_SGIO_H

#include <stddef.h>
#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"
#include "codec/scsi/scsi_sense.h"

enum scsi_dir {
	SCSI_DIR_NONE,
	SCSI_DIR_IN,  /* data from the device */
	SCSI_DIR_OUT, /* data to the device */
};

/* What came back; outcome.sense points into sense[]. */
struct scsi_result {
	struct ssd_scsi_outcome outcome;
	uint8_t sense[64];
	unsigned int resid; /* bytes of the buffer not transferred */
};

/**
 * scsi_sgio() - send @cdb and wait for it.
 * @fd: an open sg node or SCSI disk
 * @cdb: the command
 * @dir: data direction
 * @buf: data buffer (NULL with SCSI_DIR_NONE)
 * @len: bytes at @buf
 * @timeout_ms: command timeout, milliseconds
 * @res: outcome, sense and residual
 *
 * Return: 0 when the command succeeded (ssd_scsi_outcome_ok()); a positive errno from
 * ssd_scsi_outcome_errno() when the device or host reported a failure (EOPNOTSUPP for an
 * invalid opcode, …; @res says which); or -errno when the ioctl itself failed.
 */
int scsi_sgio(int fd, const struct ssd_scsi_cdb *cdb, enum scsi_dir dir, void *buf, size_t len,
	      unsigned int timeout_ms, struct scsi_result *res);

/**
 * scsi_sgio_describe() - one line for a failed command: its name, status, sense key and
 * ASC/ASCQ (ssd_scsi_outcome_format()).
 * @buf, @len: output
 * @cdb: the command sent
 * @res: its result
 */
void scsi_sgio_describe(char *buf, size_t len, const struct ssd_scsi_cdb *cdb,
			const struct scsi_result *res);

#endif
