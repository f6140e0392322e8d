/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drive.h - everything the review driver asks about a drive, answered by the engine's own code
 * (one device classifier, ssdctl's identity and health, the in-use checks, purge). This file
 * and drive.c are the one seam between the driver and the engine: nothing else in driver/
 * includes an engine header.
 */
#ifndef SSDENG_DRIVER_DRIVE_H
#define SSDENG_DRIVER_DRIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "run/lock.h"

/* What a path is, in the names results and messages use (run.json, drive.json "kind"). */
enum rv_kind {
	RV_KIND_MISSING,  /* nothing there and nowhere to create a file (or a /dev path) */
	RV_KIND_FILE,	  /* a regular file, or a new one (its directory exists) */
	RV_KIND_NVME_NG,  /* /dev/ngXnY */
	RV_KIND_NVME_BLK, /* /dev/nvmeXnY */
	RV_KIND_SCSI_SG,  /* /dev/sgN */
	RV_KIND_SCSI_BLK, /* /dev/sdX (SAS, SATA through libata) */
	RV_KIND_BLK,	  /* another block device or a partition (loop, dm, virtio-blk) */
	RV_KIND_CHR,	  /* another character device (an NVMe controller, /dev/null) */
	RV_KIND_OTHER,	  /* a directory, FIFO, socket */
};

/** rv_kind_name() - "file", "nvme-ng", "nvme-blk", "scsi-sg", "scsi-blk", "blk", "chr", ... */
const char *rv_kind_name(enum rv_kind kind);

#define RV_MAX_LOCKS 3

/* A drive as the host sees it. */
struct rv_probe {
	enum rv_kind kind;
	bool exists;
	uint64_t size;	/* bytes: a file's length, a device's capacity; 0 when unknown */
	uint32_t lbs;	/* a block device's logical block size (sysfs), 0 when unknown */
	bool detached;	/* a loop device with no file attached */
	char block[64]; /* the block device behind the node ("nvme0n1", "sdb"), "" none */
	char
	    generic[64]; /* the namespace's or disk's passthrough node ("/dev/ng0n1", "/dev/sg1") */
	char desc[256];	 /* what it is, for a message ("a character device 1:3 (mem), ...") */
	char locks[RV_MAX_LOCKS][RV_LOCK_NAME]; /* lock file names (rv_lock_name()) */
	size_t nlocks;
};

/**
 * rv_drive_probe() - classify and size @path with the engine's classifier (ssd_host_classify()).
 * A missing path under /dev is RV_KIND_MISSING (no device node appears by writing a file
 * there); elsewhere a missing path whose directory exists is a new RV_KIND_FILE.
 * Locks: the disk's major:minor (the parent of a partition; the disk behind an ng or sg node);
 * a char device's own numbers when no disk is behind it; a file's resolved path; a loop
 * device also its backing file's path.
 * @path: as given
 * @p:    output
 */
void rv_drive_probe(const char *path, struct rv_probe *p);

/**
 * rv_drive_node() - the node fio opens for @engine: ssdeng takes any node; io_uring_cmd the
 * namespace's /dev/ngXnY; sg the disk's /dev/sgN; libaio a block device or a file (the block
 * device behind an ng or sg node).
 * @path, @p: the drive
 * @engine:   "ssdeng", "io_uring_cmd", "sg", "libaio"
 * @node, @len: output
 * @err, @errlen: why the engine cannot drive it ("io_uring_cmd drives NVMe namespaces only
 *                (/tmp/f is file)")
 * Return: 0 or -ENODEV.
 */
int rv_drive_node(const char *path, const struct rv_probe *p, const char *engine, char *node,
		  size_t len, char *err, size_t errlen);

/**
 * rv_drive_check_unused() - refuse a device whose block devices are mounted, swap, or held
 * (the engine's ssd_host_check_path_unused()); files pass.
 * Return: 0, or -EBUSY / -errno with @err "PATH: nvme0n1p1 is mounted on /mnt (ext4): ...".
 */
int rv_drive_check_unused(const char *path, char *err, size_t errlen);

/**
 * rv_drive_check_writable() - open @path for writing and close it again, writing nothing: a
 * file made immutable or append-only (chattr +i, +a), a read-only device or a node without
 * permission is refused before the first test, in the engine's words.
 * Return: 0 (also for a file that does not exist yet), or -errno with @err set.
 */
int rv_drive_check_writable(const char *path, char *err, size_t errlen);

/**
 * rv_drive_file_room() - what a file target's span needs of its file system: the bytes of
 * [0, @span) the file does not hold yet (a new file: all; allocated blocks, written or only
 * reserved, count as held) and the bytes free there for an unprivileged writer (statvfs of its
 * directory), with the file system's id to add up targets sharing one.
 * Return: 0, or -errno (@need and @avail then unknown).
 */
int rv_drive_file_room(const char *path, uint64_t span, uint64_t *need, uint64_t *avail,
		       unsigned long *fsid);

/**
 * rv_drive_file_unwritten() - the bytes of [0, @span) of an existing file that were never
 * written (its holes, up to its length: fio lays out by writing what lies past it), which a
 * read returns as the file system's zeroes.
 * Return: the bytes (0 for a missing file), or -errno (holes cannot be seen here).
 */
long long rv_drive_file_unwritten(const char *path, uint64_t span);

/**
 * rv_drive_info() - `ssdctl info --json` of an NVMe or SCSI drive (schema ssdctl.info.v1).
 * @path, @p: the drive
 * @note, @notelen: why there is none ("ssdctl info could not describe this device (...)")
 * Return: a new object, or NULL (a file, a loop device, a drive that did not answer).
 */
json_object *rv_drive_info(const char *path, const struct rv_probe *p, char *note, size_t notelen);

/** rv_drive_health() - `ssdctl health --json` (ssdctl.health.v1), or NULL. */
json_object *rv_drive_health(const char *path, const struct rv_probe *p);

struct rv_tel; /* a drive opened for sampling (ssdctl_tel_*) */
struct rec_tel_sample;
struct rec_tel_latmon;

/**
 * rv_drive_tel_open() - open an NVMe or SCSI drive for telemetry samples through its admin
 * path (docs/telemetry.md), never the engine's I/O path.
 * Return: 0; -ENOTSUP for a file, a loop or another block device (nothing to ask); or as
 * ssdctl_tel_open() with @err set.
 */
int rv_drive_tel_open(const char *path, const struct rv_probe *p, struct rv_tel **out, char *err,
		      size_t errlen);

/**
 * rv_drive_tel_sample() - one sample into @s (rec_tel_sample_init()'ed here; strings static
 * or @t's): the figures the drive reports, REC_TEL_NONE for the others.
 * Return: 0, or non-zero with @err set (the caller records the sample's error).
 */
int rv_drive_tel_sample(struct rv_tel *t, struct rec_tel_sample *s, char *err, size_t errlen);

/**
 * rv_drive_tel_latmon() - the OCP latency monitor: @start configures it for a test (nothing
 * to record unless it is not supported or failed), else reads its buckets and restores the
 * drive's settings. @l's status and message are set (the message in @msg, @msglen bytes).
 * Return: true when @l holds something to record.
 */
bool rv_drive_tel_latmon(struct rv_tel *t, bool start, struct rec_tel_latmon *l, char *msg,
			 size_t msglen);

void rv_drive_tel_close(struct rv_tel *t);

/**
 * rv_drive_reference() - a reference drive's parameters (scripts/refdrive, docs/refdrive.md): a
 * loop device whose backing file is a refdrive state directory's export.img, beside it the
 * refdrive.json that names this loop device and the model "reference drive".
 * @p: the drive (its block device's name)
 * Return: a new object with the keys model, serial, size_bytes, limits and qemu of
 * refdrive.json, or NULL (not a reference drive, or refdrive.json unreadable).
 */
json_object *rv_drive_reference(const struct rv_probe *p);

/**
 * rv_drive_identity() - what identifies the drive in a run's manifest: from @info (transport,
 * model, serial, firmware, WWN, the namespace's NGUID and EUI64, capacity, LBA format); for a
 * file or another block device its kind, resolved path (a loop device: its backing file) and,
 * for a device, capacity; a reference drive adds "reference_drive": its limits and the time it
 * was started (refdrive.json), so that --resume refuses it restarted or with other limits.
 * Return: a new object.
 */
json_object *rv_drive_identity(const char *path, const struct rv_probe *p, json_object *info);

/**
 * rv_drive_purge() - `ssdctl purge PATH --method METHOD --confirm SERIAL [--dry-run]`: the
 * checks (method supported, serial confirmed, nothing mounted), then the erase unless
 * @dry_run. Progress goes to stderr.
 * Return: 0; -EINVAL (unknown method), -EPERM (a check refused), -EIO (the erase failed),
 * with @err set.
 */
int rv_drive_purge(const char *path, const char *method, const char *confirm, bool dry_run,
		   char *err, size_t errlen);

/* rv_drive_cache_set() and _restore(): the drive answered but did not take the setting. */
#define RV_CACHE_REFUSED 1

/**
 * rv_drive_cache_set() - enable or disable the drive's volatile write cache, the current
 * setting only (ssdctl_cache_set(): NVMe Set Features FID 06h; SCSI and SATA MODE SELECT of
 * the Caching mode page, WCE).
 * @path:   an NVMe or SCSI node
 * @enable: the WCE wanted
 * @before: output, the setting found first: 1, 0, or -1 when the drive reports none
 * @after:  output, the setting read back: 1, 0 or -1
 * @err, @errlen: the message on failure, in the drive's words on a refusal
 * Return: 0; RV_CACHE_REFUSED; -ENOENT or -ENODEV for a path that is not such a drive;
 * another negative errno when the setting could not be read or sent.
 */
int rv_drive_cache_set(const char *path, bool enable, int *before, int *after, char *err,
		       size_t errlen);

/**
 * rv_drive_cache_restore() - put the current setting back to @enabled (1 or 0; -1: nothing
 * to do, returns 0). Return: as rv_drive_cache_set().
 */
int rv_drive_cache_restore(const char *path, int enabled, char *err, size_t errlen);

#endif
