/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_io.h - what the two NVMe transports (nvme_uring.c, nvme_ioctl.c) share: the open
 * namespace, per-slot scratch (DSM range lists, metadata buffers), turning a struct ssd_io into
 * an NVMe command, and turning a completion into io->error with a logged, decoded status.
 */
#ifndef SSDENG_NVME_IO_H
#define SSDENG_NVME_IO_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "codec/nvme/nvme_cmd.h"
#include "codec/nvme/nvme_geometry.h"
#include "core/transport_registry.h"

/* One open namespace: the NVMe transports' struct ssd_dev. */
struct ssd_tp_nvme_dev {
	struct ssd_dev base;
	int fd;		/* the generic char device /dev/ngXnY, -1 when not open (a probe) */
	int oflags;	/* its open(2) flags */
	char path[256]; /* as opened (after block -> generic mapping) */
	uint32_t nsid;
	uint32_t unit;	       /* bytes per LBA in offsets/lengths: data (+ metadata if extended) */
	uint8_t unit_shift;    /* log2(unit) when unit is a power of two, else 0 (divide) */
	uint32_t md_sep_bytes; /* separate metadata bytes per LBA, 0 if none or extended */
	uint8_t prinfo;	       /* PRINFO for every command (pi_act/pi_chk on a PI format) */
	int file_index;	       /* registered file index (io_uring), -1 if none */
	uint32_t timeout_ms;   /* passthrough timeout_ms for every command, 0: kernel default */
	uint32_t eff_timeout_ms; /* the timeout in force: timeout_ms, or 0 for nvme_core.io_timeout
				  * (read when a command is cancelled) */
	bool ref_tag;		 /* ILBRT = SLBA (PI type 1 or 2 with the reference tag checked) */
	struct ssd_nvme_ctrl_info ctrl;
	struct ssd_nvme_ns_info ns;
	struct ssd_geometry geo;
	uint8_t tmpl_want;  /* the templates the job's options need (ssd_tp_nvme_tmpl_want()) */
	uint8_t tmpl_built; /* the templates built */
	/* Read and Write of this namespace, by [SSD_OP_READ/_WRITE][FUA]: those in @tmpl_built
	 * (SSD_TP_NVME_TMPL()) are built, at open, the ones the job's options issue; the others
	 * are not read (nor zeroed at open: ssd_tp_nvme_open() zeroes what comes before) */
	struct ssd_nvme_rw_tmpl rw_tmpl[2][2];
	/* nvme-uring: the whole 128-byte SQE of each built rw_tmpl (header, then the command) */
	uint64_t sqe_tmpl[2][2][16] __attribute__((aligned(64)));
};

/* Per-context scratch shared by both NVMe transports. */
struct ssd_tp_nvme_scratch {
	unsigned int depth;
	uint8_t *dsm; /* depth × 16-byte DSM range, 4 KiB aligned; NULL until the first trim */
	uint8_t *md;  /* depth × md_stride bytes of separate metadata, or NULL */
	size_t md_stride;
	void (*now)(struct timespec *ts); /* the clock of ssd_io.issued (ssd_options.now) */
	uint64_t seen_status[2048 / 64];  /* (SCT << 8 | SC) already logged */
	uint64_t seen_errno[4096 / 64];	  /* host errno already logged */
};

/**
 * ssd_tp_nvme_scratch_init() - scratch for @opt->depth slots (buffers made as first needed).
 * Return 0 or -ENOMEM.
 * @s:   output
 * @opt: the engine options (depth: the job's iodepth; now: the clock of ssd_io.issued)
 */
int ssd_tp_nvme_scratch_init(struct ssd_tp_nvme_scratch *s, const struct ssd_options *opt);
void ssd_tp_nvme_scratch_free(struct ssd_tp_nvme_scratch *s);

/* ssd_tp_nvme_clock() - the time now in the clock of ssd_io.issued (@s->now, else
 * CLOCK_MONOTONIC): what a transport that completes inside queue() stamps before it issues. */
void ssd_tp_nvme_clock(const struct ssd_tp_nvme_scratch *s, struct timespec *ts);

/**
 * ssd_tp_nvme_scratch_fit() - make the metadata scratch big enough for @dev's largest transfer
 * (call from open(), before any I/O on the context). Return 0 or -ENOMEM.
 */
int ssd_tp_nvme_scratch_fit(struct ssd_tp_nvme_scratch *s, const struct ssd_tp_nvme_dev *dev);

/**
 * ssd_tp_nvme_open() - open @path (an NVMe generic char device, or a namespace block device
 * mapped to its generic node), Identify it, and fill @geo. What Identify and the kernel said
 * is kept per process (core/dev_cache.h); the controller's MDTS is read only for transfers
 * above two pages and the kernel's max_hw_sectors_kb above 64 KiB, the smallest each can be.
 * @opt:    engine options (max_bs decides which limits are read), or NULL: all are read
 * @probe:  fio sizing the file: no file descriptor is needed (one opened to Identify is kept
 *          by ssd_tp_nvme_close() for the job's own open)
 * @path:   fio filename
 * @oflags: open(2) flags; O_DIRECT is dropped (meaningless on a char device)
 * @out:    output, free with ssd_tp_nvme_close()
 * @geo:    output
 * @err:    one-line message on error, naming @path
 * @errlen: size of @err, bytes
 * Return: 0 or -errno (-ENODEV not an NVMe namespace, -EINVAL a partition or absurd Identify
 * data, -EIO an Identify command that failed on the drive).
 */
int ssd_tp_nvme_open(const struct ssd_options *opt, bool probe, const char *path, int oflags,
		     struct ssd_tp_nvme_dev **out, struct ssd_geometry *geo, char *err,
		     size_t errlen);

/* ssd_tp_nvme_describe() - the transports' describe(): @dev's namespace and LBA format
 * (ssd_nvme_describe()). */
void ssd_tp_nvme_describe(const struct ssd_dev *dev, char *buf, size_t len);

/**
 * ssd_tp_nvme_adopt() - finish for a job what ssd_tp_nvme_open() opened as a probe: the file
 * descriptor (the probe's, if it opened one to read Identify, else a new one) and the
 * Read/Write templates; nothing is read from the drive again. On error @d is closed.
 * @path:   the path the probe opened (for messages)
 * Return: 0, or -errno with @err (@errlen bytes) set
 */
int ssd_tp_nvme_adopt(struct ssd_tp_nvme_dev *d, const char *path, char *err, size_t errlen);

/* ssd_tp_nvme_close() - close @dev's fd (or, @keep_fd, keep it for the next open of the same
 * file: core/dev_cache.h) and free @dev (NULL is fine). */
void ssd_tp_nvme_close(struct ssd_tp_nvme_dev *dev, bool keep_fd);

/* The bit of template rw_tmpl[@op][@fua] (@op SSD_OP_READ or _WRITE, @fua 0 or 1) in
 * ssd_tp_nvme_dev.tmpl_want and .tmpl_built; SSD_TP_NVME_TMPL_ALL: all four. */
#define SSD_TP_NVME_TMPL(op, fua) ((uint8_t)(1u << (2 * (op) + (fua))))
#define SSD_TP_NVME_TMPL_ALL ((uint8_t)0xf)

/**
 * ssd_tp_nvme_tmpl_want() - the Read and Write templates a job with @opt issues commands from:
 * Read without FUA always (every namespace's check that its PRINFO fits a command), Read with
 * FUA under readfua, Write when the job writes plain writes (@opt->ops; 0: unknown), with FUA
 * under writefua. @opt NULL: all four. A command of a template not built is built by
 * ssd_tp_nvme_prep(), the general builder, field for field the same.
 */
uint8_t ssd_tp_nvme_tmpl_want(const struct ssd_options *opt);

/**
 * ssd_tp_nvme_rw_templates() - @d's Read and Write templates of @want (SSD_TP_NVME_TMPL() bits;
 * @d->rw_tmpl, @d->ref_tag, @d->tmpl_built), as ssd_tp_nvme_prep() builds those commands for
 * it: from @d->nsid, @d->prinfo, @d->ns.pi_type and @d->timeout_ms. Called by
 * ssd_tp_nvme_open() and _adopt() with @d->tmpl_want.
 * Return: 0, or -EINVAL for a PRINFO that does not fit a command.
 */
int ssd_tp_nvme_rw_templates(struct ssd_tp_nvme_dev *d, uint8_t want);

/* ssd_tp_nvme_dev_of() - the namespace behind the contract's handle @dev. */
static inline struct ssd_tp_nvme_dev *ssd_tp_nvme_dev_of(struct ssd_dev *dev)
{
	return ssd_container_of(dev, struct ssd_tp_nvme_dev, base);
}

/**
 * ssd_tp_nvme_rw_fields() - what a Read or Write of @io (SSD_OP_READ or _WRITE) fills into its
 * template, checked as ssd_tp_nvme_prep() checks it.
 * @s:   scratch (@io->slot's metadata buffer)
 * @io:  the request on a struct ssd_tp_nvme_dev
 * @slba, @nlb, @md, @md_len: output
 * Return: 0, or -EINVAL for a misaligned offset/length, an empty or oversize transfer.
 */
static inline int ssd_tp_nvme_rw_fields(const struct ssd_tp_nvme_scratch *s, struct ssd_io *io,
					uint64_t *slba, uint32_t *nlb, uint64_t *md,
					uint32_t *md_len)
{
	const struct ssd_tp_nvme_dev *d = ssd_tp_nvme_dev_of(io->dev);
	uint64_t n;

	if (d->unit_shift) {
		if (!io->len || ((io->offset | io->len) & (d->unit - 1)))
			return -EINVAL;
		*slba = io->offset >> d->unit_shift;
		n = io->len >> d->unit_shift;
	} else {
		if (!io->len || io->offset % d->unit || io->len % d->unit)
			return -EINVAL;
		*slba = io->offset / d->unit;
		n = io->len / d->unit;
	}
	if (n > SSD_NVME_MAX_NLB || io->len > UINT32_MAX)
		return -EINVAL;
	*nlb = (uint32_t)n;
	*md = 0;
	*md_len = 0;
	if (d->md_sep_bytes) {
		*md_len = *nlb * d->md_sep_bytes;
		if (io->md_buf) {
			*md = (uintptr_t)io->md_buf;
		} else {
			if (*md_len > s->md_stride)
				return -EINVAL;
			*md = (uintptr_t)(s->md + (size_t)io->slot * s->md_stride);
		}
	}
	return 0;
}

/**
 * ssd_tp_nvme_prep() - the NVMe command for @io, built by the general builders (the transports'
 * templates cover Read and Write; this covers everything).
 * @opt: engine options (deac)
 * @s:   scratch; @io->slot's DSM range and metadata buffer are used
 * @io:  the request on a struct ssd_tp_nvme_dev: byte offset and length must be whole units
 * @cmd: output
 *
 * Read -> Read; Write -> Write; Flush -> Flush; Trim -> Dataset Management with one range and
 * AD; Write Zeroes (DEAC if opt->deac), Compare, Verify -> the command of that name (the glue
 * asks for these for fio's writes under nvme_write_mode). SSD_IO_FUA sets FUA.
 * Return: 0, or -EINVAL for a misaligned offset/length, an empty or oversize transfer.
 */
int ssd_tp_nvme_prep(const struct ssd_options *opt, struct ssd_tp_nvme_scratch *s,
		     struct ssd_io *io, struct nvme_uring_cmd *cmd);

/**
 * ssd_tp_nvme_complete() - set @io->error and @io->resid from @res and log the first occurrence
 * of each distinct NVMe status (decoded) or host errno.
 * @s:     scratch (seen sets, clock)
 * @io:    the request
 * @res:   0 success, > 0 the NVMe status (SC 7:0, SCT 10:8, CRD, More, DNR), < 0 -errno from
 *         the host (never turned into an NVMe status)
 * @start: when the command was issued, in the clock of @s->now (@io->issued for a command
 *         issued by commit(); the transport's own stamp for one run inside queue()), or NULL
 *
 * -EINTR is what Linux returns for a passthrough command it cancelled (NVME_REQ_CANCELLED,
 * drivers/nvme/host/ioctl.c): after the command timeout expired twice (first an Abort, then a
 * controller reset), or in a reset or removal started by something else. When the command had
 * been outstanding for at least the timeout in force (@io->dev->eff_timeout_ms, else the kernel's
 * nvme_core.io_timeout) it is reported as a timeout (io->error ETIMEDOUT), else as cancelled
 * (ECANCELED, also when @start is NULL); never as a media error. Only this case reads the clock.
 */
void ssd_tp_nvme_complete(struct ssd_tp_nvme_scratch *s, struct ssd_io *io, int res,
			  const struct timespec *start);

#endif
