// SPDX-License-Identifier: GPL-2.0-only
/* drive.c - drive.json written and read (drive.h) from one table of fields (doc_fields.h),
 * a variant per shape. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/doc_fields.h"
#include "record/drive.h"
#include "record/json.h"
#include "record/legacy.h"

#define NSHAPES 4

/* "kind" of each shape but one drive's (the drive's own kind) */
static const char *const shape_kind[NSHAPES] = {
    [REC_DRIVE_GROUP] = "group",
    [REC_DRIVE_CLIENTS] = "fio client/server",
    [REC_DRIVE_REMOTE] = "remote",
};

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

static int nothing_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)o, (void)k, (void)p, (void)w;
	return 0;
}

static void schema_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)p, (void)w;
	add(o, k, json_object_new_string(REC_DRIVE_SCHEMA));
}

/* a group's, a client run's, a fio server's "kind": its shape's */
static void kind_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)p;
	add(o, k, json_object_new_string(shape_kind[w]));
}

static int kind_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)w;
	*(const char **)p = rec_json_str(o, k);
	return 0;
}

/* a fio server's drive: ssdctl does not describe it */
static void null_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)p, (void)w;
	add(o, k, NULL);
}

#define WHAT(text) "\"description\": \"" text "\""
#define TIME "\"pattern\": \"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$\""

static const struct rec_field_custom
    schema = {schema_write, nothing_read, "\"schema\": {\"const\": \"" REC_DRIVE_SCHEMA "\"}"},
    group_kind = {kind_write, kind_read, "\"kind\": {\"const\": \"group\"}"},
    clients_kind = {kind_write, kind_read, "\"kind\": {\"const\": \"fio client/server\"}"},
    remote_kind = {kind_write, kind_read, "\"kind\": {\"const\": \"remote\"}"},
    no_identity = {null_write, nothing_read,
		   "\"identity\": {\"type\": \"null\", " WHAT("ssdctl runs locally only") "}"};

/* a reference drive's refdrive.json as the run started (scripts/refdrive) */
static const char reference_schema[] =
    "\"required\": [\"model\", \"limits\"], \"properties\": {"
    "\"model\": {\"const\": \"reference drive\"}, "
    "\"serial\": {\"type\": \"string\", \"description\": \"the name of its state directory\"}, "
    "\"size_bytes\": {\"type\": \"integer\", \"minimum\": 0}, "
    "\"limits\": {\"type\": \"object\", "
    "\"additionalProperties\": {\"type\": \"integer\", \"minimum\": 0}, "
    "\"description\": \"QEMU throttle-group limits by their names (iops-total, bps-read-max, "
    "iops-size, ...): operations/s, bytes/s, seconds, bytes\"}, "
    "\"qemu\": {\"type\": \"string\", \"description\": \"qemu-storage-daemon's version\"}}, "
    "\"description\": \"a reference drive (scripts/refdrive, docs/refdrive.md): its "
    "refdrive.json when the run started; absent for any other drive\"";

#define D(m) offsetof(struct rec_drive, m)
#define ONE (1u << REC_DRIVE_ONE)
#define GROUP (1u << REC_DRIVE_GROUP)
#define CLIENTS (1u << REC_DRIVE_CLIENTS)
#define REMOTE (1u << REC_DRIVE_REMOTE)

/* The document, each shape's members in the order written. Revision 2 added
 * logical_block_bytes and "schema" (a drive.json without "schema" is revision 1). */
static const struct rec_field document[] = {
    {"schema", REC_FIELD_CUSTOM, 0, .custom = &schema},
    {"label", REC_FIELD_TEXT, D(label),
     .schema = "\"type\": \"string\", " WHAT("the drive folder's label; a group member's "
					     "<group>/<M>")},
    {"device", REC_FIELD_TEXT, D(device), .variants = ONE | REMOTE,
     .schema = "\"type\": \"string\", " WHAT("as given")},
    {"kind", REC_FIELD_TEXT, D(kind), .variants = ONE,
     .schema = "\"type\": \"string\", \"enum\": [\"file\", \"nvme-ng\", \"nvme-blk\", "
	       "\"scsi-sg\", \"scsi-blk\", \"blk\"]"},
    {"kind", REC_FIELD_CUSTOM, D(kind), .variants = GROUP, .custom = &group_kind},
    {"kind", REC_FIELD_CUSTOM, D(kind), .variants = CLIENTS, .custom = &clients_kind},
    {"kind", REC_FIELD_CUSTOM, D(kind), .variants = REMOTE, .custom = &remote_kind},
    {"fio_filename", REC_FIELD_TEXT, D(fio_filename), .variants = ONE,
     .schema = "\"type\": \"string\", " WHAT("the node fio opens")},
    {"size_bytes", REC_FIELD_I64, D(size_bytes), .variants = ONE,
     .schema = "\"minimum\": 0, " WHAT("bytes: a file's length, a device's capacity")},
    {"span_bytes", REC_FIELD_I64, D(span_bytes), .variants = ONE,
     .schema = "\"minimum\": 0, " WHAT("bytes the review tests")},
    {"logical_block_bytes", REC_FIELD_I64, D(logical_block_bytes), .since = 2, .variants = ONE,
     .schema = "\"minimum\": 1, " WHAT("bytes: the kernel's logical block size of a block "
				       "device; absent in files written before it")},
    {"identity", REC_FIELD_JSON_OBJECT, D(identity), .variants = ONE,
     .schema = WHAT("ssdctl info --json (ssdctl.info.v1); null when ssdctl cannot describe the "
		    "device (note says why)")},
    {"reference", REC_FIELD_JSON_OBJECT, D(reference), .flags = REC_FIELD_OMIT, .variants = ONE,
     .schema = reference_schema},
    {"health_before", REC_FIELD_JSON_OBJECT, D(health_before), .variants = ONE,
     .schema = WHAT("ssdctl health --json before the first test")},
    {"health_before_at", REC_FIELD_TEXT, D(health_before_at), "UTC, ISO 8601", .variants = ONE,
     .schema = TIME},
    {"health_after", REC_FIELD_JSON_OBJECT, D(health_after), .variants = ONE,
     .schema = WHAT("ssdctl health --json after the last test; null until then")},
    {"health_after_at", REC_FIELD_TEXT, D(health_after_at), "UTC, ISO 8601", .variants = ONE,
     .schema = TIME},
    {"devices", REC_FIELD_TEXT, D(devices), .variants = GROUP | CLIENTS,
     .schema = "\"type\": \"string\", " WHAT("a group's devices a,b; a client run's "
					     "host:port:dev,...")},
    {"drives", REC_FIELD_TEXT, D(drives), .variants = GROUP,
     .schema = "\"type\": \"string\", " WHAT("the group's members' names d1 d2: each has its "
					     "drive-<M>.json")},
    {"server", REC_FIELD_TEXT, D(server), .variants = REMOTE,
     .schema = "\"type\": \"string\", " WHAT("host:port of the fio server")},
    {"identity", REC_FIELD_CUSTOM, 0, .variants = REMOTE, .custom = &no_identity},
    {"note", REC_FIELD_TEXT, D(note),
     .schema = WHAT("why there is no identity; what a group's or a server's file is")},
    {NULL}};

int rec_drive_write(const char *path, const struct rec_drive *d)
{
	return rec_fields_write_file(path, document, d, d->shape);
}

/* the shape whose "kind" @kind is; one drive's for any other */
static enum rec_drive_shape shape_of(const char *kind)
{
	for (unsigned i = 1; kind && i < NSHAPES; i++)
		if (!strcmp(kind, shape_kind[i]))
			return (enum rec_drive_shape)i;
	return REC_DRIVE_ONE;
}

int rec_drive_read(const char *path, struct rec_drive *d, char *err, size_t errlen)
{
	json_object *o;
	bool missing;
	int rc;

	memset(d, 0, sizeof(*d));
	d->size_bytes = d->span_bytes = d->logical_block_bytes = -1;
	if (!(o = rec_json_read(path, &missing, err, errlen)))
		return missing ? -ENOENT : -EINVAL;
	if (!json_object_is_type(o, json_type_object)) {
		snprintf(err, errlen, "%s: expected a JSON object (drive.json)", path);
		json_object_put(o);
		return -EINVAL;
	}
	if ((d->version = rec_legacy_version(o, "ssdeng.drive.v", 2)) < 0) {
		snprintf(err, errlen, "%s: schema %s is newer than this program reads (%s)", path,
			 rec_json_str(o, "schema"), REC_DRIVE_SCHEMA);
		json_object_put(o);
		return -EINVAL;
	}
	d->shape = shape_of(rec_json_str(o, "kind"));
	/* a file of the driver before v2 may leave out any member */
	rc =
	    rec_fields_read(o, document, d, d->shape | (d->version < 2 ? REC_FIELDS_MISSING_OK : 0),
			    path, err, errlen);
	if (rc) { /* nothing borrowed from the document left behind */
		json_object_put(o);
		memset(d, 0, sizeof(*d));
		return rc;
	}
	d->doc = o;
	return 0;
}

json_object *rec_drive_schema_json(void)
{
	return rec_fields_doc_schema_by(
	    document, "kind", shape_kind, NSHAPES, "drive",
	    "OUT/<label>/drive.json and drive-<M>.json: the drive of a drive folder "
	    "(" REC_DRIVE_SCHEMA ")",
	    "One drive (a --drive, or a group's member M), a group, a client run's combined "
	    "results or a drive on a fio server, told apart by kind (docs/results-format.md). "
	    "Made from record/drive.c's table of fields (scripts/schema-sync).");
}

void rec_drive_free(struct rec_drive *d)
{
	json_object_put(d->doc);
	memset(d, 0, sizeof(*d));
}

json_object *rec_drive_namespace(json_object *identity)
{
	json_object *nvme = rec_json_get(identity, "nvme"), *arr = rec_json_get(nvme, "namespaces");
	double nsid, id;

	if (!rec_json_num(nvme, "nsid", &nsid) || !arr ||
	    !json_object_is_type(arr, json_type_array))
		return NULL;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *n = json_object_array_get_idx(arr, i);

		if (rec_json_num(n, "nsid", &id) && id == nsid)
			return n;
	}
	return NULL;
}
