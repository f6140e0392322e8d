// SPDX-License-Identifier: GPL-2.0-only
/* drive.c - drive.json written and read (drive.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/drive.h"
#include "record/json.h"
#include "record/legacy.h"

static const char *const shape_kind[] = {
    [REC_DRIVE_GROUP] = "group",
    [REC_DRIVE_CLIENTS] = "fio client/server",
    [REC_DRIVE_REMOTE] = "remote",
};

static void add(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

int rec_drive_write(const char *path, const struct rec_drive *d)
{
	json_object *o = json_object_new_object();
	int r;

	add(o, "schema", json_object_new_string(REC_DRIVE_SCHEMA));
	add(o, "label", rec_json_text(d->label));
	switch (d->shape) {
	case REC_DRIVE_ONE:
		add(o, "device", rec_json_text(d->device));
		add(o, "kind", rec_json_text(d->kind));
		add(o, "fio_filename", rec_json_text(d->fio_filename));
		add(o, "size_bytes", rec_json_i64(d->size_bytes));
		add(o, "span_bytes", rec_json_i64(d->span_bytes));
		add(o, "logical_block_bytes", rec_json_i64(d->logical_block_bytes));
		add(o, "identity", json_object_get(d->identity));
		if (d->reference)
			add(o, "reference", json_object_get(d->reference));
		add(o, "health_before", json_object_get(d->health_before));
		add(o, "health_before_at", rec_json_text(d->health_before_at));
		add(o, "health_after", json_object_get(d->health_after));
		add(o, "health_after_at", rec_json_text(d->health_after_at));
		break;
	case REC_DRIVE_GROUP:
		add(o, "kind", json_object_new_string(shape_kind[d->shape]));
		add(o, "devices", rec_json_text(d->devices));
		add(o, "drives", rec_json_text(d->drives));
		break;
	case REC_DRIVE_CLIENTS:
		add(o, "kind", json_object_new_string(shape_kind[d->shape]));
		add(o, "devices", rec_json_text(d->devices));
		break;
	case REC_DRIVE_REMOTE:
		add(o, "device", rec_json_text(d->device));
		add(o, "kind", json_object_new_string(shape_kind[d->shape]));
		add(o, "server", rec_json_text(d->server));
		add(o, "identity", NULL);
		break;
	}
	add(o, "note", rec_json_text(d->note));
	r = rec_json_write(path, o);
	json_object_put(o);
	return r;
}

static enum rec_drive_shape shape_of(const char *kind)
{
	for (size_t i = 1; kind && i < sizeof(shape_kind) / sizeof(shape_kind[0]); i++)
		if (!strcmp(kind, shape_kind[i]))
			return (enum rec_drive_shape)i;
	return REC_DRIVE_ONE;
}

int rec_drive_read(const char *path, struct rec_drive *d, char *err, size_t errlen)
{
	json_object *o;
	bool missing;

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
	d->doc = o;
	d->label = rec_json_str(o, "label");
	d->kind = rec_json_str(o, "kind");
	d->shape = shape_of(d->kind);
	d->device = rec_json_str(o, "device");
	d->fio_filename = rec_json_str(o, "fio_filename");
	d->size_bytes = rec_json_i64_or(o, "size_bytes", -1);
	d->span_bytes = rec_json_i64_or(o, "span_bytes", -1);
	d->logical_block_bytes = rec_json_i64_or(o, "logical_block_bytes", -1);
	d->identity = rec_json_get(o, "identity");
	d->reference = rec_json_get(o, "reference");
	if (d->reference && !json_object_is_type(d->reference, json_type_object))
		d->reference = NULL;
	d->health_before = rec_json_get(o, "health_before");
	d->health_after = rec_json_get(o, "health_after");
	d->health_before_at = rec_json_str(o, "health_before_at");
	d->health_after_at = rec_json_str(o, "health_after_at");
	d->note = rec_json_str(o, "note");
	d->devices = rec_json_str(o, "devices");
	d->drives = rec_json_str(o, "drives");
	d->server = rec_json_str(o, "server");
	return 0;
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
