// SPDX-License-Identifier: GPL-2.0-only
/* drive_info.c - drive.json into struct sr_drive_info (see drive_info.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/drive_info.h"
#include "parse/json_get.h"
#include "record/drive.h"

static void health(json_object *h, struct sr_health *out)
{
	if (!h || json_object_get_type(h) != json_type_object)
		return;
	out->present = true;
	out->temperature_c = sr_json_num(h, "temperature_c");
	out->percentage_used = sr_json_num(h, "percentage_used");
	out->data_written_bytes = sr_json_num(h, "data_written_bytes");
	out->data_read_bytes = sr_json_num(h, "data_read_bytes");
	out->media_errors = sr_json_num(h, "media_errors");
	out->error_log_entries = sr_json_num(h, "error_log_entries");
	out->power_on_hours = sr_json_num(h, "power_on_hours");
	out->unsafe_shutdowns = sr_json_num(h, "unsafe_shutdowns");
	out->critical_warning = sr_json_num(h, "critical_warning");
	out->available_spare_pct = sr_json_num(h, "available_spare_pct");
}

static void metadata(json_object *id, struct sr_drive_info *out)
{
	json_object *nvme = sr_json_get(id, "nvme"), *scsi = sr_json_get(id, "scsi"), *v;

	if (nvme) {
		out->metadata_bytes = sr_json_num(rec_drive_namespace(id), "metadata_bytes");
		return;
	}
	v = sr_json_get(scsi, "protection_enabled");
	if (v && json_object_get_type(v) == json_type_boolean)
		out->metadata_bytes = sr_val(json_object_get_boolean(v) ? 8 : 0);
}

/* The transport a drive without one in its identity (ssdctl's, which names NVMe and SCSI) has,
 * from the driver's kind (the engine's classification): a block device the engine drives as
 * such (a loop device over a file: @backing, or a virtio disk), a regular file. NULL: unknown. */
static const char *transport_of(const char *kind, json_object *backing)
{
	if (!kind)
		return NULL;
	if (!strcmp(kind, "blk"))
		return backing ? "block (a loop device over a file)" : "block";
	if (!strcmp(kind, "file"))
		return "none (a regular file)";
	if (!strncmp(kind, "nvme-", 5))
		return "nvme";
	if (!strncmp(kind, "scsi-", 5))
		return "scsi";
	return NULL;
}

static char *dup(const char *s, int *rc)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

int sr_drive_info_read(const struct rec_drive *f, struct sr_drive_info *out)
{
	json_object *id = f->identity, *scsi = sr_json_get(id, "scsi");
	int rc = 0;

	out->present = true;
	out->kind = dup(f->kind, &rc);
	out->note = dup(f->note, &rc);
	out->members = dup(f->drives, &rc);
	out->device = sr_json_strdup(id, "device", &rc);
	if (!out->device)
		out->device = dup(f->device, &rc);
	out->model = sr_json_strdup(id, "model", &rc);
	out->serial = sr_json_strdup(id, "serial", &rc);
	out->firmware = sr_json_strdup(id, "firmware", &rc);
	out->transport = sr_json_strdup(id, "transport", &rc);
	if (!out->transport && !rc)
		out->transport = dup(transport_of(f->kind, sr_json_get(id, "backing_file")), &rc);
	out->capacity_bytes = sr_json_num(id, "capacity_bytes");
	if (!sr_ok(out->capacity_bytes) && f->size_bytes >= 0)
		out->capacity_bytes = sr_val((double)f->size_bytes);
	if (sr_ok(out->capacity_bytes) && out->capacity_bytes.v <= 0) /* a file: size unknown */
		out->capacity_bytes = (struct sr_value){0, SR_ABSENT};
	out->logical_block_bytes = sr_json_num(id, "logical_block_bytes");
	if (!sr_ok(out->logical_block_bytes) && f->logical_block_bytes > 0)
		out->logical_block_bytes = sr_val((double)f->logical_block_bytes);
	if (f->span_bytes >= 0)
		out->span_bytes = sr_val((double)f->span_bytes);
	if (!rc && sr_json_get(scsi, "sat")) {
		out->interface = strdup("SATA through SCSI-ATA translation");
		rc = out->interface ? 0 : -ENOMEM;
	}
	metadata(id, out);
	health(f->health_before, &out->before);
	health(f->health_after, &out->after);
	if (!out->before.at)
		out->before.at = dup(f->health_before_at, &rc);
	if (!out->after.at)
		out->after.at = dup(f->health_after_at, &rc);
	return rc;
}
