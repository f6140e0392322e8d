/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sgio.h - the one synchronous SCSI command path: the SG_IO ioctl (Linux sg(4), struct
 * sg_io_hdr from <scsi/sg.h>), on /dev/sgN or a SCSI block device (/dev/sdX). The scsi-sg
 * transport reads a drive's geometry through it at open, and ssdctl sends every management
 * command through it; the transport's I/O queue builds its headers with ssd_host_sg_hdr_init().
 */
#ifndef SSDENG_HOST_SGIO_H
#define SSDENG_HOST_SGIO_H

#include <scsi/sg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"
#include "codec/scsi/scsi_sense.h"

/* Bytes of sense data asked for with every command (SPC-5 §4.4: 252 at most; 64 is ample). */
#define SSD_HOST_SENSE_LEN 64

/* Queue at the tail of the device queue: sg's default is the head, which reorders deep queues
 * (include/scsi/sg.h in the kernel; glibc's copy lacks it). */
#ifndef SG_FLAG_Q_AT_TAIL
#define SG_FLAG_Q_AT_TAIL 0x10
#endif

/* Data direction of a command. */
enum ssd_host_sg_dir {
	SSD_HOST_SG_NONE,
	SSD_HOST_SG_IN,	 /* data from the device */
	SSD_HOST_SG_OUT, /* data to the device */
};

/* What came back. */
struct ssd_host_sg_result {
	struct ssd_scsi_outcome outcome; /* outcome.sense points into sense[] */
	uint8_t sense[SSD_HOST_SENSE_LEN];
	bool have_sense;	   /* sense[] parsed into @key */
	struct ssd_scsi_sense key; /* sense key, ASC, ASCQ (when @have_sense) */
	unsigned int resid;	   /* bytes of the buffer not transferred */
};

/**
 * ssd_host_sg_hdr_init() - fill an sg v3 header for one command, queued at the tail.
 * @hdr: output
 * @cdb: the command (must stay valid until completion)
 * @dir: SG_DXFER_NONE, SG_DXFER_TO_DEV or SG_DXFER_FROM_DEV
 * @buf, @len: data buffer and its length in bytes (@len 0: no data, whatever @dir)
 * @sense: SSD_HOST_SENSE_LEN bytes for sense data
 * @timeout_ms: command timeout, milliseconds
 */
void ssd_host_sg_hdr_init(struct sg_io_hdr *hdr, struct ssd_scsi_cdb *cdb, int dir, void *buf,
			  uint32_t len, uint8_t *sense, unsigned int timeout_ms);

/** ssd_host_sg_outcome() - the struct ssd_scsi_outcome view of a completed sg header. */
void ssd_host_sg_outcome(const struct sg_io_hdr *hdr, struct ssd_scsi_outcome *o);

/**
 * ssd_host_sg_run() - the SG_IO ioctl on @hdr, nothing more (no retry).
 * @fd: an sg file descriptor or SCSI block device
 * @hdr: from ssd_host_sg_hdr_init(); results are written back into it
 * Return: 0 when the command ran (its SCSI outcome is in @hdr), -errno when the ioctl failed.
 */
int ssd_host_sg_run(int fd, struct sg_io_hdr *hdr);

/**
 * ssd_host_sgio() - send @cdb and wait for it. A UNIT ATTENTION (after a reset, a power on, a
 * capacity change: SAM-5 §5.14, the command was not run) is sent again once, and said on the
 * log as "<who>: <command> … UNIT ATTENTION …; retrying once".
 * @fd: an open sg node or SCSI disk
 * @cdb: the command
 * @dir: data direction
 * @buf: data buffer (NULL with SSD_HOST_SG_NONE); zeroed first for SSD_HOST_SG_IN
 * @len: bytes at @buf
 * @timeout_ms: command timeout, milliseconds
 * @who: the device for the log line (a path), or NULL
 * @res: outcome, sense and residual of the last attempt
 *
 * Return: 0 when the command succeeded (ssd_scsi_outcome_ok()); a positive errno from
 * ssd_scsi_outcome_errno() when the device or host reported a failure (EOPNOTSUPP for an
 * invalid opcode, …; @res says which); or -errno when the ioctl itself failed.
 */
int ssd_host_sgio(int fd, const struct ssd_scsi_cdb *cdb, enum ssd_host_sg_dir dir, void *buf,
		  size_t len, unsigned int timeout_ms, const char *who,
		  struct ssd_host_sg_result *res);

/**
 * ssd_host_sgio_describe() - one line for a failed command: its name, status, sense key and
 * ASC/ASCQ (ssd_scsi_outcome_format()).
 * @buf, @len: output
 * @cdb: the command sent
 * @res: its result
 */
void ssd_host_sgio_describe(char *buf, size_t len, const struct ssd_scsi_cdb *cdb,
			    const struct ssd_host_sg_result *res);

#endif
