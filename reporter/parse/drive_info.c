// SPDX-License-Identifier: GPL-2.0-only
/* drive_info.c - drive.json into struct sr_drive_info (see drive_info.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/drive_info.h"
#include "parse/json_get.h"

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

static bool same(const char *a, const char *b) { return a && b && !strcmp(a, b); }

/* The NVMe namespace the review used: the one named by @device, else the first. */
static json_object *namespace_of(json_object *nvme, const char *device)
{
	json_object *ns = sr_json_get(nvme, "namespaces");
	size_t n;

	if (!ns || json_object_get_type(ns) != json_type_array)
		return NULL;
	n = json_object_array_length(ns);
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(ns, i),
			    *g = sr_json_get(e, "generic_device"),
			    *b = sr_json_get(e, "block_device");

		if ((g && same(json_object_get_string(g), device)) ||
		    (b && same(json_object_get_string(b), device)))
			return e;
	}
	return n ? json_object_array_get_idx(ns, 0) : NULL;
}

static void metadata(json_object *id, struct sr_drive_info *out)
{
	json_object *nvme = sr_json_get(id, "nvme"), *scsi = sr_json_get(id, "scsi"), *v;

	if (nvme) {
		out->metadata_bytes =
		    sr_json_num(namespace_of(nvme, out->device), "metadata_bytes");
		return;
	}
	v = sr_json_get(scsi, "protection_enabled");
	if (v && json_object_get_type(v) == json_type_boolean)
		out->metadata_bytes = sr_val(json_object_get_boolean(v) ? 8 : 0);
}

int sr_drive_info_read(struct json_object *o, struct sr_drive_info *out)
{
	json_object *id = sr_json_get(o, "identity"), *scsi = sr_json_get(id, "scsi");
	int rc = 0;

	out->present = true;
	out->kind = sr_json_strdup(o, "kind", &rc);
	out->note = sr_json_strdup(o, "note", &rc);
	out->members = sr_json_strdup(o, "drives", &rc);
	out->device = sr_json_strdup(id, "device", &rc);
	if (!out->device)
		out->device = sr_json_strdup(o, "device", &rc);
	out->model = sr_json_strdup(id, "model", &rc);
	out->serial = sr_json_strdup(id, "serial", &rc);
	out->firmware = sr_json_strdup(id, "firmware", &rc);
	out->transport = sr_json_strdup(id, "transport", &rc);
	out->capacity_bytes = sr_json_num(id, "capacity_bytes");
	if (!sr_ok(out->capacity_bytes))
		out->capacity_bytes = sr_json_num(o, "size_bytes");
	if (sr_ok(out->capacity_bytes) && out->capacity_bytes.v <= 0) /* a file: size unknown */
		out->capacity_bytes = (struct sr_value){0, SR_ABSENT};
	out->logical_block_bytes = sr_json_num(id, "logical_block_bytes");
	out->span_bytes = sr_json_num(o, "span_bytes");
	if (!rc && sr_json_get(scsi, "sat")) {
		out->interface = strdup("SATA through SCSI-ATA translation");
		rc = out->interface ? 0 : -ENOMEM;
	}
	metadata(id, out);
	health(sr_json_get(o, "health_before"), &out->before);
	health(sr_json_get(o, "health_after"), &out->after);
	if (!out->before.at)
		out->before.at = sr_json_strdup(o, "health_before_at", &rc);
	if (!out->after.at)
		out->after.at = sr_json_strdup(o, "health_after_at", &rc);
	return rc;
}
