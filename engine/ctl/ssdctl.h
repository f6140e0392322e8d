/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ssdctl.h - the pieces of the `ssdctl` tool (engine/ctl/ssdctl_main.c): opening a drive by any of
 * its nodes, the info / health / purge subcommands, and the one output writer. Identity and
 * health are built as json-c objects; the writer prints them as JSON (--json) or as indented
 * "key: value" text. Field names and units are documented in engine/ctl/README.md.
 */
#ifndef SSDENG_SSDCTL_H
#define SSDENG_SSDCTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "codec/ata/ata_identify.h"
#include "host/dev_class.h"
#include "ctl/purge_policy.h"
#include "codec/scsi/scsi_cdb.h"

/* Exit codes of ssdctl. */
enum ssdctl_exit {
	SSDCTL_EXIT_OK = 0,
	SSDCTL_EXIT_FAIL = 1,	 /* a command failed or the device could not be read */
	SSDCTL_EXIT_USAGE = 2,	 /* bad command line, or DEV not a drive ssdctl drives */
	SSDCTL_EXIT_REFUSED = 3, /* purge refused by a safety check */
};

enum ssdctl_family { SSDCTL_NVME, SSDCTL_SCSI };

/* An opened drive. */
struct ssdctl_dev {
	const char *path;	 /* as given */
	enum ssd_host_kind kind; /* ssd_host_classify(path) */
	enum ssdctl_family family;
	int fd;	       /* open on @path (admin commands go through any NVMe node) */
	uint32_t nsid; /* NVMe: namespace of @path, 0 for the controller node */
	char ctrl[32]; /* NVMe: controller name, "nvme0" */
	char disk[64]; /* the block device of @path: "nvme0n1", "sda"; "" if none */
	char sg[64];   /* SCSI: "/dev/sgN" */
};

/**
 * ssdctl_usable() - whether @path is a node ssdctl drives (NVMe controller, namespace, SCSI
 * disk or sg), by ssd_host_classify(); a missing path, a file, a partition or another device is
 * bad input (SSDCTL_EXIT_USAGE).
 * @err, @errlen: on false, a message naming the path and what it is
 * Return: true or false.
 */
bool ssdctl_usable(const char *path, char *err, size_t errlen);

/**
 * ssdctl_open() - classify @path (ssd_host_classify()) and open it.
 * @path: /dev/nvmeX, /dev/nvmeXnY, /dev/ngXnY, /dev/sgN or /dev/sdX
 * @d: output
 * @err, @errlen: message naming the path and what it is, on error
 * Return: 0; -ENODEV for a path that is not an NVMe or SCSI device (a partition, a file, a
 * loop device…), or -errno from open(2) / sysfs.
 */
int ssdctl_open(const char *path, struct ssdctl_dev *d, char *err, size_t errlen);

/** ssdctl_close() - close @d's descriptor. */
void ssdctl_close(struct ssdctl_dev *d);

/* A report of an open drive (ssdctl_info(), ssdctl_health()): 0 or -errno with @err set. */
typedef int (*ssdctl_build_fn)(struct ssdctl_dev *d, json_object **out, char *err, size_t errlen);

/**
 * ssdctl_report() - open @dev, build one report of it with @build, close it (libssdctl.h's
 * ssdctl_info_json() and ssdctl_health_json()).
 * Return: @build's, or ssdctl_open()'s -errno with @err set.
 */
int ssdctl_report(const char *dev, ssdctl_build_fn build, json_object **out, char *err,
		  size_t errlen);

/* One NVMe namespace of a controller, as the kernel shows it. */
struct ssdctl_ns_node {
	uint32_t nsid;
	char disk[64]; /* "nvme0n1" (the block device; may be hidden) */
	char ng[64];   /* "ng0n1" or "" */
};

/**
 * ssdctl_nvme_ns_nodes() - the namespaces sysfs lists under controller @ctrl
 * (/sys/class/nvme/<ctrl>/): their nsid, block device and generic device names.
 * Return: the count (at most @max), or -errno.
 */
int ssdctl_nvme_ns_nodes(const char *ctrl, struct ssdctl_ns_node *out, unsigned int max);

/**
 * ssdctl_serial() - the serial number the drive reports, as `ssdctl info` shows it: NVMe
 * Identify Controller SN; for SATA behind SAT the ATA IDENTIFY serial; else VPD page 80h.
 * Return: 0 or a negative errno / positive NVMe status, with @err set.
 */
int ssdctl_serial(struct ssdctl_dev *d, char *serial, size_t len, char *err, size_t errlen);

/**
 * ssdctl_info() - identity of the drive (ssdctl info).
 * @d: the drive
 * @out: a new json object (ssdctl.info.v1), the caller puts it
 * @err, @errlen: message when nothing could be read
 * Return: 0, or negative errno / positive NVMe status when the identity could not be read.
 * Optional pages the drive rejects become null fields, not errors.
 */
int ssdctl_info(struct ssdctl_dev *d, json_object **out, char *err, size_t errlen);

/** ssdctl_health() - health and wear (ssdctl health); as ssdctl_info(), schema ssdctl.health.v1. */
int ssdctl_health(struct ssdctl_dev *d, json_object **out, char *err, size_t errlen);

struct ssdctl_purge_opts {
	enum ssdctl_purge_method method;
	const char *confirm; /* --confirm, or NULL */
	bool dry_run;
	unsigned int ses; /* NVMe Format Secure Erase Settings: 1 user data, 2 cryptographic */
};

/**
 * ssdctl_purge() - check, then erase (ssdctl purge). Progress and the result go to @log.
 * Return: SSDCTL_EXIT_OK, SSDCTL_EXIT_REFUSED (a check refused: @err says which) or
 * SSDCTL_EXIT_FAIL (a command failed: @err has the drive's status).
 */
int ssdctl_purge(struct ssdctl_dev *d, const struct ssdctl_purge_opts *o, FILE *log, char *err,
		 size_t errlen);

/**
 * ssdctl_emit() - print @obj as JSON (pretty, 2-space indent) or as text.
 * @obj: the object
 * @json: JSON instead of text
 * @out: stream
 * Return: 0 or -EIO when the stream failed.
 */
int ssdctl_emit(json_object *obj, bool json, FILE *out);

/* Shared command helpers (ssdctl_cmd.c). */

/**
 * ssdctl_nvme_err() - "<what>: <NVMe status name> (SCT x SC y)" for a positive libnvme return,
 * "<what>: <strerror(errno)>" for -1.
 */
void ssdctl_nvme_err(char *err, size_t errlen, const char *what, int r);

/**
 * ssdctl_scsi_in() - send a data-in CDB through SG_IO (10 s timeout).
 * @fd: SCSI device
 * @cdb: the command
 * @buf, @len: buffer, zeroed first
 * @got: output, bytes transferred (len - residual)
 * @err, @errlen: message on failure (command name, status, sense)
 * Return: 0, a positive errno for a failed command, or -errno.
 */
int ssdctl_scsi_in(int fd, const struct ssd_scsi_cdb *cdb, uint8_t *buf, size_t len, size_t *got,
		   char *err, size_t errlen);

/** ssdctl_scsi_vpd() - INQUIRY for VPD page @page; as ssdctl_scsi_in(). */
int ssdctl_scsi_vpd(int fd, uint8_t page, uint8_t *buf, size_t len, size_t *got, char *err,
		    size_t errlen);

/**
 * ssdctl_ata_identify() - IDENTIFY DEVICE through ATA PASS-THROUGH(16), else the copy in VPD
 * page 89h; parsed.
 * Return: 0, or an error as ssdctl_scsi_in() with @err set.
 */
int ssdctl_ata_identify(int fd, struct ssd_ata_identity *id, char *err, size_t errlen);

/** ssdctl_is_sat() - whether the SCSI device lists the ATA Information VPD page (89h). */
bool ssdctl_is_sat(int fd);

/* Helpers for building objects: a null value when @valid is false or @s is NULL/empty. */
void ssdctl_put_u64(json_object *o, const char *key, bool valid, uint64_t v);
void ssdctl_put_i64(json_object *o, const char *key, bool valid, int64_t v);
void ssdctl_put_str(json_object *o, const char *key, const char *s);
void ssdctl_put_bool(json_object *o, const char *key, bool valid, bool v);
void ssdctl_put_hex(json_object *o, const char *key, unsigned int width, uint64_t v);

#endif
