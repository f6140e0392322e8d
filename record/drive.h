/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drive.h - OUT/<label>/drive.json (and drive-<M>.json per drive of a group): the drive a drive
 * folder holds the results of. Schema "ssdeng.drive.v2" (docs/results-format.md,
 * docs/schemas/drive.schema.json): its identity (`ssdctl info --json`, schema ssdctl.info.v1),
 * its health before the first test and after the last (`ssdctl health --json`), kind, node, size,
 * span and logical block size; a reference drive's limits (scripts/refdrive, docs/refdrive.md).
 * A group's, a client run's and a fio server's drive.json say what they stand for instead. A
 * drive.json without "schema" (ssd-review before v2) is read as v1: the same keys, without
 * logical_block_bytes. Written, read, type-checked and described (its JSON Schema) from one
 * table of fields in drive.c (doc_fields.h), a variant per shape.
 */
#ifndef SSDENG_RECORD_DRIVE_H
#define SSDENG_RECORD_DRIVE_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#define REC_DRIVE_SCHEMA "ssdeng.drive.v2"

/* What a drive.json describes. */
enum rec_drive_shape {
	REC_DRIVE_ONE,	   /* one drive (a --drive, or a group's member in drive-<M>.json) */
	REC_DRIVE_GROUP,   /* a --group: its drives are in drive-<M>.json ("kind": "group") */
	REC_DRIVE_CLIENTS, /* a --client run's combined results ("kind": "fio client/server") */
	REC_DRIVE_REMOTE,  /* a drive on a fio server ("kind": "remote") */
};

/*
 * drive.json. Written from the driver's values (borrowed); read back, the strings and objects
 * belong to @doc (rec_drive_free()). A number not known is -1.
 */
struct rec_drive {
	int version; /* read back: 1 for a drive.json without "schema", 2 */
	enum rec_drive_shape shape;
	const char *label;	  /* the drive folder's label; a group member's "<group>/<M>" */
	const char *kind;	  /* "nvme-ng", "scsi-sg", "file", "blk", ...; "group", "remote" */
	const char *device;	  /* as given */
	const char *fio_filename; /* the node fio opens */
	long long size_bytes;	  /* a file's length, a device's capacity */
	long long span_bytes;	  /* bytes the review tests */
	long long logical_block_bytes; /* the kernel's logical block size of a block device */
	json_object *identity;	       /* ssdctl info --json, or NULL (a file, a loop device) */
	json_object *reference;	       /* a reference drive (scripts/refdrive): its model,
					* serial, size_bytes, limits (QEMU's throttle-group names:
					* "iops-total", "bps-read-max", ...) and qemu version, as
					* its refdrive.json said them when the run started; NULL
					* for any other drive (the key is then left out) */
	json_object *health_before;    /* ssdctl health --json before the first test, or NULL */
	const char *health_before_at;  /* when it was read, ISO 8601 UTC */
	json_object *health_after;     /* ... after the last test, or NULL until then */
	const char *health_after_at;
	const char *note;    /* why there is no identity, what a group's or server's file is */
	const char *devices; /* a group's devices "a,b", a client run's "host:port:dev,..." */
	const char *drives;  /* a group's member names "d1 d2" */
	const char *server;  /* a fio server's "host:port" */
	json_object *doc;    /* read back: the whole document (every field, for the report) */
};

/**
 * rec_drive_write() - @d as drive.json at @path, atomically, in the keys of its shape.
 * Return: 0 or -errno.
 */
int rec_drive_write(const char *path, const struct rec_drive *d);

/**
 * rec_drive_read() - the drive.json at @path (v2, or an older one without "schema").
 * @d: output (rec_drive_free()), zeroed first
 * @err, @errlen: why not: "PATH: No such file or directory", "PATH: not JSON (...)", "PATH:
 *                expected a JSON object", "PATH: schema ... is newer than this program reads
 *                (ssdeng.drive.v2)", "PATH: span_bytes: expected an integer, found a string",
 *                "PATH: identity: expected an object, found an array", "PATH: note: missing"
 *                (a v2 file; any member of a v1 file may be missing, read as not known)
 * Return: 0, -ENOENT, -EINVAL, -ENOMEM.
 */
int rec_drive_read(const char *path, struct rec_drive *d, char *err, size_t errlen);

/**
 * rec_drive_schema_json() - drive.json's JSON Schema (draft-07), made from its table of fields:
 * an "if" "kind" is a shape's "then" its members, per shape (docs/schemas/drive.schema.json).
 * Return: a new object, or NULL (out of memory).
 */
json_object *rec_drive_schema_json(void);

void rec_drive_free(struct rec_drive *d);

/**
 * rec_drive_namespace() - the NVMe namespace a drive's identity is about: the element of
 * identity.nvme.namespaces[] whose "nsid" is identity.nvme.nsid (the namespace of the node the
 * review opened, ssdctl info). The one rule ssd-review's manifest and ssdreport's spec sheet
 * pick it by; there is no guess by device path or order.
 * @identity: ssdctl info --json
 * Return: the namespace object (owned by @identity), or NULL (not NVMe, no nsid, not listed).
 */
json_object *rec_drive_namespace(json_object *identity);

#endif
