/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_sg.h - state shared by the scsi-sg transport's files: scsi_sg_dev.c (open, geometry
 * through host/sgio.h) and scsi_sg.c (the queue: sg v3 write()/read() and SG_IO).
 */
#ifndef SSDENG_SCSI_SG_H
#define SSDENG_SCSI_SG_H

#include <scsi/sg.h>
#include <stdbool.h>
#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"
#include "codec/scsi/scsi_geometry.h"
#include "codec/scsi/scsi_sense.h"
#include "core/transport.h"
#include "host/sgio.h"

/* Commands the sg driver accepts on one file descriptor before write() fails (sg.c). */
#define SSD_TP_SG_PER_FD SG_MAX_QUEUE
/* Fds per device in async mode at most; deeper queues put several commands on an fd. */
#define SSD_TP_SG_MAX_FDS 256u
/* Largest reserved buffer asked per fd, and for all fds of a device (bytes). */
#define SSD_TP_SG_MAX_RESERVE (1u << 20)
#define SSD_TP_SG_MAX_RESERVE_TOTAL (64ull << 20)
#define SSD_TP_SG_DEFAULT_TIMEOUT_MS 30000u

/* What an epoll event names: fd @k of @dev. */
struct ssd_tp_sg_fd_tag {
	struct ssd_tp_sg_dev *dev;
	unsigned int k;
};

/* One open SCSI device: the scsi-sg transport's struct ssd_dev. */
struct ssd_tp_sg_dev {
	struct ssd_dev base;
	char path[256];			 /* what fio was given */
	char sg_path[64];		 /* the sg node used */
	int *fds;			 /* nfds sg file descriptors, O_NONBLOCK */
	unsigned int *fd_busy;		 /* commands written and not yet read, per fd */
	struct ssd_tp_sg_fd_tag *fd_tag; /* per fd, for epoll */
	unsigned int nfds;
	unsigned int per_fd; /* commands one fd takes (ssd_tp_sg_per_fd()), set by the transport */
	int blk_fd;	     /* the /dev/sdX fd for fio's own calls, or -1 */
	struct ssd_scsi_inquiry inq;
	struct ssd_scsi_capacity cap;
	struct ssd_scsi_block_limits bl;
	uint32_t max_xfer_blocks; /* from Block Limits and the sg driver, 0 = no limit known */
	uint8_t *zero_block;	  /* one logical block of zeroes for WRITE SAME */
	bool sync16_rejected;	  /* SYNCHRONIZE CACHE(16) was refused: use (10) */
	bool said_trim_limit;	  /* the trim-too-large message was logged */
	bool said_xfer_limit;	  /* the transfer-too-large message was logged */
	unsigned int timeout_ms;
	enum ssd_cdb_size cdb_size;
	int sg_version;
	uint32_t lba_shift; /* log2(logical block size) */
	/* READ/WRITE CDBs by [write][FUA], built at open */
	struct ssd_scsi_rw_tmpl rw_tmpl[2][2];
};

/**
 * ssd_tp_sg_fds_for_depth() - sg fds to open per device for @depth commands in flight: one per
 * command up to SSD_TP_SG_MAX_FDS, so each command has its fd's reserved buffer to itself.
 * Return: 1..SSD_TP_SG_MAX_FDS.
 */
unsigned int ssd_tp_sg_fds_for_depth(unsigned int depth);

/**
 * ssd_tp_sg_per_fd() - commands to put on one of @nfds fds for @depth in flight.
 * Return: ceil(@depth / @nfds), at least 1 (at most SSD_TP_SG_PER_FD when @nfds came from
 * ssd_tp_sg_fds_for_depth() and @depth <= 16 * SSD_TP_SG_MAX_FDS).
 */
unsigned int ssd_tp_sg_per_fd(unsigned int nfds, unsigned int depth);

/**
 * ssd_tp_sg_open() - open @path (an sg node or a SCSI disk) and read its geometry with
 * INQUIRY, READ CAPACITY(16) (falling back to (10)) and the Block Limits VPD page.
 * @path: the file
 * @nfds: sg file descriptors to open (1 for geometry and SG_IO mode)
 * @opt: engine options (timeout, CDB size); NULL for defaults
 * @dev: the new device
 * @geo: filled for the glue
 * @err, @errlen: a one-line message on failure, naming the file and what is wrong
 *
 * Return: 0, -ENODEV when @path is not a SCSI device (the message says what it is and
 * which transport to use), -EINVAL for geometry a disk cannot have, or -errno from open(2)
 * and the sg driver.
 */
int ssd_tp_sg_open(const char *path, unsigned int nfds, const struct ssd_options *opt,
		   struct ssd_tp_sg_dev **dev, struct ssd_geometry *geo, char *err, size_t errlen);

/** ssd_tp_sg_close() - close every fd and free @dev (NULL is fine). */
void ssd_tp_sg_close(struct ssd_tp_sg_dev *dev);

/* ssd_tp_sg_dev_of() - the device behind the contract's handle @dev. */
static inline struct ssd_tp_sg_dev *ssd_tp_sg_dev_of(struct ssd_dev *dev)
{
	return ssd_container_of(dev, struct ssd_tp_sg_dev, base);
}

#endif
