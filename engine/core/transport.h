/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * transport.h - the contract between the fio glue (engine/fio/fio_engine.c) and one way of talking
 * to a drive (block-aio, nvme-uring/ioctl, scsi-sg).
 *
 * Nothing here knows fio. The glue turns each fio io_u into a struct ssd_io, hands it to the
 * transport of the io's file, and turns completed ssd_io back into io_u results.
 *
 * Lifetimes:
 *   ctx  - one per fio thread and transport kind, created on first use by a file of that kind;
 *          holds the queue (io_uring, aio context, sg fds) sized for the job's iodepth.
 *   dev  - one per open file; holds the fd and the geometry read from the drive.
 *   io   - one per fio io_u, allocated once at job start; io->slot is stable (0..depth-1) so a
 *          transport can keep per-io state in an array indexed by it.
 *
 * Each transport declares what it is and can do (struct ssd_transport_caps): the glue asks only
 * for operations a transport lists, and says which engine options have no effect on it from
 * the same declaration. Engine options reach the transports as the enums below, parsed once by
 * the glue; no transport compares option strings or transport names.
 */
#ifndef SSDENG_CORE_TRANSPORT_H
#define SSDENG_CORE_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>
#include <time.h>

enum ssd_op {
	SSD_OP_READ,
	SSD_OP_WRITE,
	SSD_OP_FLUSH,	     /* fio fsync/fdatasync: NVMe Flush, SYNCHRONIZE CACHE, fsync(2) */
	SSD_OP_TRIM,	     /* NVMe DSM deallocate, SCSI UNMAP, BLKDISCARD */
	SSD_OP_WRITE_ZEROES, /* NVMe Write Zeroes, SCSI WRITE SAME with zeroes */
	SSD_OP_COMPARE,	     /* NVMe Compare (opt-in write/verify modes) */
	SSD_OP_VERIFY,	     /* NVMe Verify */
};

/* SSD_OP_BIT(op): the bit of @op in struct ssd_transport_caps.ops. */
#define SSD_OP_BIT(op) (1u << (op))

enum ssd_io_flags {
	SSD_IO_FUA = 1u << 0, /* force unit access (readfua/writefua) */
	/* a FLUSH that also writes the file's metadata (fio fsync=, end_fsync=): fsync(2) on
	 * block-aio, fdatasync(2) without it (fio fdatasync=); NVMe Flush and SCSI SYNCHRONIZE
	 * CACHE either way (a drive has no file metadata) */
	SSD_IO_FILE_SYNC = 1u << 1,
};

/* One I/O request. Offsets and lengths are bytes; transports convert to LBAs. */
struct ssd_io {
	enum ssd_op op;
	uint32_t flags;	   /* enum ssd_io_flags */
	uint64_t offset;   /* bytes from the start of the device/namespace */
	uint64_t len;	   /* bytes; 0 for FLUSH */
	void *buf;	   /* data buffer, len bytes (NULL for FLUSH/TRIM) */
	void *md_buf;	   /* separate metadata buffer or NULL */
	unsigned int slot; /* stable index 0..depth-1 */
	struct ssd_dev *dev;
	void *cookie; /* the caller's handle (fio io_u) */
	/* when the caller handed the command to the transport's commit(), in the clock of
	 * ssd_options.now (the glue: fio's issue time, stamped once per commit for fio's
	 * submission latency): what tells a command timeout from a reset. NULL: unknown (a
	 * transport completing inside queue() notes the time itself). */
	const struct timespec *issued;
	/* results, set by the transport on completion */
	int error;	/* 0 or a positive errno */
	uint64_t resid; /* bytes not transferred */
};

/* What the transport learned from the drive at open. */
struct ssd_geometry {
	uint32_t lba_bytes;	 /* logical block data size, bytes */
	uint32_t md_bytes;	 /* metadata bytes per LBA (0 if none) */
	bool md_extended;	 /* metadata interleaved with data (extended LBA): offsets,
				  * lengths, capacity_bytes and max_xfer_bytes then count
				  * lba_bytes + md_bytes per block, so bs must be a multiple of
				  * that sum (fio's io_uring_cmd counts the same way) */
	uint64_t capacity_bytes; /* usable size, bytes */
	uint64_t max_xfer_bytes; /* largest single transfer (MDTS, Block Limits), 0 = unknown */
	uint32_t nsid;		 /* NVMe namespace id, 0 elsewhere */
};

/* Room for a transport's describe(): "NVMe nsid 1, LBA format 4 (4096+0)". */
#define SSD_DESC_LEN 96

/* How to talk to a file (engine option transport=): a family of transports. */
enum ssd_transport_family {
	SSD_FAMILY_AUTO,  /* from what the file is (host/dev_class.h) */
	SSD_FAMILY_NVME,  /* NVMe commands: generic char device, or a namespace through it */
	SSD_FAMILY_SCSI,  /* SCSI commands through sg */
	SSD_FAMILY_BLOCK, /* the kernel block layer, libaio */
};

/* nvme_mode=: which NVMe transport. */
enum ssd_nvme_mode {
	SSD_NVME_MODE_AUTO,  /* nvme-uring, nvme-ioctl where io_uring is unavailable */
	SSD_NVME_MODE_URING, /* nvme-uring only */
	SSD_NVME_MODE_IOCTL, /* nvme-ioctl */
};

/* scsi_mode=: how scsi-sg submits. */
enum ssd_scsi_mode {
	SSD_SCSI_MODE_AUTO,  /* async */
	SSD_SCSI_MODE_ASYNC, /* sg v3 write()/read(), several commands in flight */
	SSD_SCSI_MODE_SGIO,  /* the SG_IO ioctl, one command at a time */
};

/* scsi_cdb=: READ/WRITE CDB size; the values are the sizes in bytes (ssd_scsi_cdb_rw()). */
enum ssd_cdb_size {
	SSD_CDB_AUTO = 0, /* (10) where LBA and length fit, else (16) */
	SSD_CDB_10 = 10,
	SSD_CDB_16 = 16,
};

struct ssd_host_dev;

/* Options the glue passes to transports (parsed from fio engine options). */
struct ssd_options {
	unsigned int depth;	   /* fio iodepth */
	unsigned long long max_bs; /* the job's largest read or write, bytes */
	uint32_t ops;		   /* SSD_OP_BIT() of every operation the job issues; 0 unknown */
	enum ssd_nvme_mode nvme_mode;
	enum ssd_scsi_mode scsi_mode;
	unsigned int scsi_timeout_ms;
	unsigned int nvme_timeout_ms; /* NVMe passthrough command timeout; 0: the kernel's
				       * nvme_core.io_timeout (30 s by default) */
	enum ssd_cdb_size scsi_cdb;
	bool fixedbufs, registerfiles, sqthread_poll, hipri;
	bool readfua, writefua;
	bool deac; /* Write Zeroes with Deallocate */
	bool write_same_unmap;
	unsigned int pi_act, pi_chk;
	unsigned int md_per_io_size;
	/* the clock of ssd_io.issued (read only when a command ends in a way that its age
	 * explains); NULL: CLOCK_MONOTONIC */
	void (*now)(struct timespec *ts);
	/* the caller's data buffer of each slot, depth entries (io_bufs[io->slot] holds every
	 * buffer that slot's requests use); NULL: unknown. With fixedbufs they are registered,
	 * buffer index = slot. */
	const struct iovec *io_bufs;
	/* what the caller classified the path it opens as (host/dev_class.h, core/dev_cache.h
	 * ssd_classify(): a probe sizing the file has just done so); NULL: open classifies it */
	const struct ssd_host_dev *host;
};

/*
 * The contract's handles. A transport embeds them as the first member ("base") of its own
 * types (struct ssd_tp_aio_ctx, struct ssd_tp_nvme_dev, …) and converts back with
 * ssd_container_of(); the glue and core only pass them around.
 */
struct ssd_ctx {
	const struct ssd_transport_ops *ops;
};

struct ssd_dev {
	const struct ssd_transport_ops *ops;
};

/* ssd_container_of() - the @type whose member @member is at @ptr. */
#define ssd_container_of(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))

/* What a transport can do besides reads and writes (struct ssd_transport_caps.flags). */
enum ssd_transport_cap {
	SSD_CAP_READ_FUA = 1u << 0,	    /* SSD_IO_FUA on reads */
	SSD_CAP_WRITE_FUA = 1u << 1,	    /* SSD_IO_FUA on writes */
	SSD_CAP_MULTI_RANGE_TRIM = 1u << 2, /* trims queued together go as one command */
	SSD_CAP_IO_URING = 1u << 3,	    /* an io_uring ring: fixedbufs, registerfiles,
					     * sqthread_poll and hipri act on it */
};

/* What a transport is and can do, declared with its ops. */
struct ssd_transport_caps {
	enum ssd_transport_family family;
	uint32_t ops;	/* SSD_OP_BIT() of each enum ssd_op it carries out */
	uint32_t flags; /* enum ssd_transport_cap */
	/* the transport of the same family to use when this one cannot start in this process
	 * (io_uring disabled, refused by a security policy) and the family's mode option is
	 * auto; NULL if none */
	const struct ssd_transport_ops *fallback;
};

/* Return values of ->queue(), matching fio's enum fio_q_status. Errors are negative errno. */
enum ssd_q_status {
	SSD_Q_COMPLETED = 0,
	SSD_Q_QUEUED = 1,
	SSD_Q_BUSY = 2,
};

struct ssd_transport_ops {
	const char *name; /* "block-aio", "nvme-uring", "nvme-ioctl", "scsi-sg": for messages */
	struct ssd_transport_caps caps;
	/* ctx_init() - create per-thread state for @opt->depth I/Os (the transport's own type,
	 * its base's ops set). Return 0 or -errno. */
	int (*ctx_init)(struct ssd_ctx **ctx, const struct ssd_options *opt);
	void (*ctx_exit)(struct ssd_ctx *ctx);
	/* open() - open @path (flags from open(2): O_RDONLY/O_RDWR plus O_DIRECT if asked), read
	 * the geometry, as far as the job's options @opt need it (a limit that cannot bite its
	 * largest transfer is not read). @ctx is NULL when the glue only probes the geometry
	 * (fio sizes files before its threads start): fill @geo and expect close(NULL, dev)
	 * next, which may keep the file descriptor for the job's own open (core/dev_cache.h),
	 * or adopt() by the same thread.
	 * Return 0 or -errno; on error write a one-line message to @err (size @errlen). */
	int (*open)(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		    int oflags, struct ssd_dev **dev, struct ssd_geometry *geo, char *err,
		    size_t errlen);
	void (*close)(struct ssd_ctx *ctx, struct ssd_dev *dev);
	/* adopt() - make @dev, which open(NULL, @opt, @path, …) returned to a probe in this
	 * thread, the job's own on @ctx, as open(@ctx, @opt, @path, …) would have opened it,
	 * without opening, classifying or asking the drive again; @geo as open() fills it.
	 * On error @dev is closed and @err says why (as open() would). NULL: the glue closes the
	 * probe and opens the file. Return 0 or -errno. */
	int (*adopt)(struct ssd_ctx *ctx, const struct ssd_options *opt, const char *path,
		     struct ssd_dev *dev, struct ssd_geometry *geo, char *err, size_t errlen);
	/* dev_fd() - the file descriptor fio may use for its own calls (fadvise, disk stats). */
	int (*dev_fd)(const struct ssd_dev *dev);
	/* describe() - what the open @dev is, in words, into @buf (@len bytes, SSD_DESC_LEN is
	 * enough), e.g. "NVMe nsid 1, LBA format 4 (4096+0)": built only when a message needs it
	 * (a refusal, the transport line), never per job. */
	void (*describe)(const struct ssd_dev *dev, char *buf, size_t len);
	/* queue() - start @io. Return enum ssd_q_status or -errno (error known before issue). */
	int (*queue)(struct ssd_ctx *ctx, struct ssd_io *io);
	/* commit() - submit what queue() batched. Return 0 or -errno. */
	int (*commit)(struct ssd_ctx *ctx);
	/* reap() - wait for at least @min and take at most @max completions into @out.
	 * @t is the longest wait (NULL = forever). Return the count or -errno. */
	int (*reap)(struct ssd_ctx *ctx, unsigned int min, unsigned int max, struct ssd_io **out,
		    const struct timespec *t);
	/* inflight() - number of I/Os queued and not yet reaped. */
	unsigned int (*inflight)(const struct ssd_ctx *ctx);
};

/* The engine's transports are registered in core/transport_registry.h (SSD_TRANSPORTS()). */

#endif
