/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * transport_registry.h - the engine's transports, each registered once: the table that transport
 * selection (core/transport_select.c), the engine options (engine/fio/fio_options.c: transport=
 * values and help, which options act where), the transport line the driver reads
 * (core/transport_line.h) and docs/engine.md's transport list (scripts/transport-doc) read.
 *
 * Adding a transport: its lane's files under engine/transport/ (its struct ssd_transport_ops,
 * named there with its name and caps) and one row of SSD_TRANSPORTS below. A family (a transport=
 * value) is a row of the family table in transport_registry.c and a value of enum
 * ssd_transport_family.
 */
#ifndef SSDENG_CORE_TRANSPORT_REGISTRY_H
#define SSDENG_CORE_TRANSPORT_REGISTRY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/transport.h"

/* A row's mode: the transport its family picks when the family's mode option names no other. */
#define SSD_MODE_DEFAULT (-1)

/*
 * A transport's fast lane: Reads and Writes the fio glue (engine/fio/fio_engine.c) hands
 * straight to the transport's ring or sg queue, inline, instead of through ops->queue(). The
 * glue picks the lane by this value once, at open; the I/O path then tests only the lane
 * pointer it keeps per file, as before.
 */
enum ssd_lane_kind {
	SSD_LANE_NONE,	     /* every request through ops->queue() */
	SSD_LANE_NVME_URING, /* transport/nvme_uring_lane.h */
	SSD_LANE_SCSI_SG,    /* transport/scsi_sg_lane.h (async mode: scsi_mode= other than sgio) */
};

/*
 * SSD_TRANSPORTS(X) - the registry, one X(ops, family, mode, lane, help) per transport, in the
 * order of the docs' list and of the option notes:
 *   ops    its struct ssd_transport_ops (defined in its lane's file, which names it: ops.name)
 *   family the transport= value it serves (enum ssd_transport_family)
 *   mode   the value of the family's mode option (nvme_mode=, scsi_mode=) that picks it, or
 *          SSD_MODE_DEFAULT: the family's transport whenever no other row's mode is asked for
 *   lane   its fast lane (enum ssd_lane_kind)
 *   help   what it is, one line (docs/engine.md)
 */
#define SSD_TRANSPORTS(X)                                                                          \
	X(ssd_tp_nvme_uring_ops, SSD_FAMILY_NVME, SSD_MODE_DEFAULT, SSD_LANE_NVME_URING,           \
	  "NVMe I/O commands through io_uring passthrough (NVME_URING_CMD_IO), many in flight; "   \
	  "nvme_mode=auto falls back to nvme-ioctl where io_uring is unavailable")                 \
	X(ssd_tp_nvme_ioctl_ops, SSD_FAMILY_NVME, SSD_NVME_MODE_IOCTL, SSD_LANE_NONE,              \
	  "NVMe I/O commands, one NVME_IOCTL_IO64_CMD per I/O (synchronous)")                      \
	X(ssd_tp_scsi_sg_ops, SSD_FAMILY_SCSI, SSD_MODE_DEFAULT, SSD_LANE_SCSI_SG,                 \
	  "SCSI commands through sg: sg v3 write()/read() with several in flight, or SG_IO "       \
	  "(scsi_mode=sgio)")                                                                      \
	X(ssd_tp_block_aio_ops, SSD_FAMILY_BLOCK, SSD_MODE_DEFAULT, SSD_LANE_NONE,                 \
	  "the kernel block layer (or a file system) through libaio, O_DIRECT as fio's direct= "   \
	  "asks")

#define SSD_TRANSPORT_EXTERN(ops, family, mode, lane, help)                                        \
	extern const struct ssd_transport_ops ops;
SSD_TRANSPORTS(SSD_TRANSPORT_EXTERN)
#undef SSD_TRANSPORT_EXTERN

/* SSD_TRANSPORT_N: how many transports are registered, a constant (arrays by registry index). */
#define SSD_TRANSPORT_ONE(ops, family, mode, lane, help) +1
enum { SSD_TRANSPORT_N = 0 SSD_TRANSPORTS(SSD_TRANSPORT_ONE) };
#undef SSD_TRANSPORT_ONE

/* One registered transport. */
struct ssd_transport_reg {
	const struct ssd_transport_ops *ops; /* its name: ops->name */
	enum ssd_transport_family family;
	int mode; /* see SSD_TRANSPORTS() */
	enum ssd_lane_kind lane;
	const char *help;
};

/* One family: a value of the engine option transport=. */
struct ssd_family_reg {
	enum ssd_transport_family family;
	const char *name;  /* the transport= value: "auto", "nvme", "scsi", "block" */
	const char *help;  /* the option value's help (fio --enghelp, docs) */
	const char *nodes; /* the files it drives, in words (docs, the option's help) */
	uint32_t picks;	   /* SSD_HOST_KIND_* bits (1u << kind) transport=auto gives it */
	uint32_t drives;   /* SSD_HOST_KIND_* bits it can drive when asked by name */
	/* offsetof(struct ssd_options, its mode option) (an unsigned enum whose 0 is auto), or
	 * (size_t)-1: no mode option, its default transport always */
	size_t mode_off;
};

/** ssd_transport_count() - how many transports are registered: SSD_TRANSPORT_N. */
size_t ssd_transport_count(void);

/** ssd_transport_at() - registered transport @i (0 .. ssd_transport_count() - 1), else NULL. */
const struct ssd_transport_reg *ssd_transport_at(size_t i);

/**
 * ssd_transport_of() - the registered row of @ops (a pointer compare per row: for set-up, not
 * the I/O path). Return: its row, or NULL for ops the registry does not hold.
 */
const struct ssd_transport_reg *ssd_transport_of(const struct ssd_transport_ops *ops);

/**
 * ssd_transport_find() - the registered transport named @name (@len bytes, not terminated).
 * Return: its row, or NULL when no transport has that name.
 */
const struct ssd_transport_reg *ssd_transport_find(const char *name, size_t len);

/** ssd_family_count() - how many families (transport= values, "auto" first). */
size_t ssd_family_count(void);

/** ssd_family_at() - family row @i (0 .. ssd_family_count() - 1), else NULL. */
const struct ssd_family_reg *ssd_family_at(size_t i);

/** ssd_family_reg() - the row of @fam, or NULL for a value that is no family. */
const struct ssd_family_reg *ssd_family_reg(enum ssd_transport_family fam);

/**
 * ssd_family_mode() - the value @opt gives the mode option of family @f (0: auto, or a family
 * without one).
 */
int ssd_family_mode(const struct ssd_family_reg *f, const struct ssd_options *opt);

/**
 * ssd_family_transport() - the transport family @f uses under @opt: the row whose mode the
 * family's mode option names, else the family's SSD_MODE_DEFAULT row. NULL for "auto".
 */
const struct ssd_transport_ops *ssd_family_transport(const struct ssd_family_reg *f,
						     const struct ssd_options *opt);

/**
 * ssd_transport_doc() - the registry as docs/engine.md lists it, into @out: a markdown table of
 * the families (transport= value, the files each drives, its transports) and one of the
 * transports (name, family, what it is, its fast lane). Return 0, or -1 when writing failed.
 */
int ssd_transport_doc(FILE *out);

#endif
