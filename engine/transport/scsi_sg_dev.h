/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_sg_dev.h - state shared by the scsi-sg transport's files: scsi_sg_dev.c (open, geometry
 * through host/sgio.h) and scsi_sg.c (the queue: sg v3 write()/read() and SG_IO).
 */
#ifndef SSDENG_SCSI_SG_DEV_H
#define SSDENG_SCSI_SG_DEV_H

#include <scsi/sg.h>
#include <stdbool.h>
#include <stdint.h>

#include "codec/scsi/scsi_cdb.h"
#include "codec/scsi/scsi_geometry.h"
#include "codec/scsi/scsi_sense.h"
#include "core/transport_registry.h"
#include "host/sgio.h"

/* Commands the sg driver accepts on one file descriptor before write() fails (sg.c). */
#define SSD_TP_SG_PER_FD SG_MAX_QUEUE
/* Fds per device in async mode at most; deeper queues put several commands on an fd. */
#define SSD_TP_SG_MAX_FDS 256u
/* Largest reserved buffer asked per fd, and for all fds of a device (bytes). */
#define SSD_TP_SG_MAX_RESERVE (1u << 20)
#define SSD_TP_SG_MAX_RESERVE_TOTAL (64ull << 20)
#define SSD_TP_SG_DEFAULT_TIMEOUT_MS 30000u
/* The reserved buffer the sg driver gives each fd (its def_reserved_size parameter). */
#define SSD_TP_SG_DEFAULT_RESERVE 32768u

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
	int *fds;			 /* nfds sg file descriptors, -1 until a command needs one
					  * (fds[0] is opened with the device) */
	unsigned int *fd_busy;		 /* commands written and not yet read, per fd */
	struct ssd_tp_sg_fd_tag *fd_tag; /* per fd, for epoll; the allocation of all three */
	unsigned int nfds;
	unsigned int nopen; /* fds opened */
	int blk_fd;	    /* the /dev/sdX fd for fio's own calls, or -1 */
	bool is_disk;	    /* path names the disk (/dev/sdX), not its sg node */
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
	/* READ/WRITE CDBs by [write][FUA]: those in @tmpl_built (bit 2 * write + FUA) are built,
	 * READ without FUA at open (which checks scsi_cdb), the others at their first use
	 * (ssd_tp_sg_rw_tmpl()): a job uses one or two of the four */
	struct ssd_scsi_rw_tmpl rw_tmpl[2][2];
	uint8_t tmpl_built;
};

/**
 * ssd_tp_sg_fds_for_depth() - sg fds per device for @depth commands in flight: one per command
 * up to SSD_TP_SG_MAX_FDS, so each command has its fd's reserved buffer to itself (the sg
 * driver allocates and frees pages for each command that finds its fd's reserve in use). They
 * are opened as the queue first grows that deep: slot i's commands go to fd i % nfds.
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
 * INQUIRY, READ CAPACITY(16) (falling back to (10)), and where the job can meet them (@opt:
 * transfers above 4 KiB, trims, write zeroes) the Block Limits VPD page and the sg driver's
 * largest transfer; what the device said is kept per process (core/dev_cache.h).
 * @path:  the file
 * @nfds:  sg file descriptors the device will use (1 for geometry and SG_IO mode); only the
 *         first is opened here, unless @probe
 * @opt:   engine options (timeout, CDB size, max_bs, ops); NULL for defaults, every limit read
 * @probe: fio sizing the file: no file descriptor is needed (one opened to ask the device is
 *         kept by ssd_tp_sg_close() for the job's own open)
 * @dev:   the new device (its base.ops left for the transport that opened it to set)
 * @geo:   filled for the glue
 * @err, @errlen: a one-line message on failure, naming the file and what is wrong
 *
 * Return: 0, -ENODEV when @path is not a SCSI device (the message says what it is and
 * which transport to use), -EINVAL for geometry a disk cannot have, or -errno from open(2)
 * and the sg driver.
 */
int ssd_tp_sg_open(const char *path, unsigned int nfds, const struct ssd_options *opt, bool probe,
		   struct ssd_tp_sg_dev **dev, struct ssd_geometry *geo, char *err, size_t errlen);

/**
 * ssd_tp_sg_adopt() - finish for a job what ssd_tp_sg_open() opened as a probe: @nfds sg file
 * descriptors (the first opened now, or the probe's), the disk's block fd; nothing is asked
 * of the device again; @geo filled as ssd_tp_sg_open() fills it. On error @d is closed.
 * Return: 0, or -errno with @err (@errlen bytes) set
 */
int ssd_tp_sg_adopt(struct ssd_tp_sg_dev *d, unsigned int nfds, const struct ssd_options *opt,
		    struct ssd_geometry *geo, char *err, size_t errlen);

/* ssd_tp_sg_describe() - scsi-sg's describe(): INQUIRY's product and revision, the sg node,
 * the logical (and physical) block size, thin provisioning and PI, e.g.
 * "SCSI QEMU HARDDISK 2.5+ on sg0, LBA 512, thin LBPRZ=1". */
void ssd_tp_sg_describe(const struct ssd_dev *dev, char *buf, size_t len);

/**
 * ssd_tp_sg_open_fd() - open sg file descriptor @k of @d (O_RDWR, blocking: a read waits for a
 * command of that fd), its reserved buffer sized for @max_bs bytes when the default (32 KiB)
 * is short. Return the fd, or -errno.
 */
int ssd_tp_sg_open_fd(struct ssd_tp_sg_dev *d, unsigned int k, unsigned long long max_bs);

/** ssd_tp_sg_close() - close every fd (with @keep_fd, keep the first for the next open of the
 * same node: core/dev_cache.h) and free @dev (NULL is fine). */
void ssd_tp_sg_close(struct ssd_tp_sg_dev *dev, bool keep_fd);

/**
 * ssd_tp_sg_rw_tmpl() - @d's READ (@write false) or WRITE template with @fua
 * (ssd_scsi_rw_tmpl_init() for @d->cdb_size, which open checked), built at its first use.
 */
static inline const struct ssd_scsi_rw_tmpl *ssd_tp_sg_rw_tmpl(struct ssd_tp_sg_dev *d, bool write,
							       bool fua)
{
	const uint8_t bit = (uint8_t)(1u << (2 * write + fua));

	if (!(d->tmpl_built & bit)) {
		ssd_scsi_rw_tmpl_init(&d->rw_tmpl[write][fua], write, fua, d->cdb_size);
		d->tmpl_built |= bit;
	}
	return &d->rw_tmpl[write][fua];
}

/* ssd_tp_sg_dev_of() - the device behind the contract's handle @dev. */
static inline struct ssd_tp_sg_dev *ssd_tp_sg_dev_of(struct ssd_dev *dev)
{
	return ssd_container_of(dev, struct ssd_tp_sg_dev, base);
}

#endif
