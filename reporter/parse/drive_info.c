// SPDX-License-Identifier: GPL-2.0-only
/* drive_info.c - drive.json into struct sr_drive_info (see drive_info.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/drive_info.h"

static json_object *member(json_object *o, const char *key)
{
	json_object *v;

	if (!o || json_object_get_type(o) != json_type_object ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v; /* NULL for a JSON null */
}

/* A string member copied, NULL when absent, null or not a string; -ENOMEM in @rc. */
static char *text(json_object *o, const char *key, int *rc)
{
	json_object *v = member(o, key);
	char *s;

	if (!v || json_object_get_type(v) != json_type_string)
		return NULL;
	s = strdup(json_object_get_string(v));
	if (!s)
		*rc = -ENOMEM;
	return s;
}

static struct sr_value number(json_object *o, const char *key)
{
	json_object *v = member(o, key);
	enum json_type t = v ? json_object_get_type(v) : json_type_null;

	if (t == json_type_int || t == json_type_double)
		return sr_val(json_object_get_double(v));
	if (t == json_type_boolean) /* a flag counted as 0/1 */
		return sr_val(json_object_get_boolean(v) ? 1 : 0);
	return (struct sr_value){0, SR_ABSENT};
}

static void health(json_object *h, struct sr_health *out)
{
	if (!h || json_object_get_type(h) != json_type_object)
		return;
	out->present = true;
	out->temperature_c = number(h, "temperature_c");
	out->percentage_used = number(h, "percentage_used");
	out->data_written_bytes = number(h, "data_written_bytes");
	out->data_read_bytes = number(h, "data_read_bytes");
	out->media_errors = number(h, "media_errors");
	out->error_log_entries = number(h, "error_log_entries");
	out->power_on_hours = number(h, "power_on_hours");
	out->unsafe_shutdowns = number(h, "unsafe_shutdowns");
	out->critical_warning = number(h, "critical_warning");
	out->available_spare_pct = number(h, "available_spare_pct");
}

static bool same(const char *a, const char *b) { return a && b && !strcmp(a, b); }

/* The NVMe namespace the review used: the one named by @device, else the first. */
static json_object *namespace_of(json_object *nvme, const char *device)
{
	json_object *ns = member(nvme, "namespaces");
	size_t n;

	if (!ns || json_object_get_type(ns) != json_type_array)
		return NULL;
	n = json_object_array_length(ns);
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(ns, i), *g = member(e, "generic_device"),
			    *b = member(e, "block_device");

		if ((g && same(json_object_get_string(g), device)) ||
		    (b && same(json_object_get_string(b), device)))
			return e;
	}
	return n ? json_object_array_get_idx(ns, 0) : NULL;
}

static void metadata(json_object *id, struct sr_drive_info *out)
{
	json_object *nvme = member(id, "nvme"), *scsi = member(id, "scsi"), *v;

	if (nvme) {
		out->metadata_bytes = number(namespace_of(nvme, out->device), "metadata_bytes");
		return;
	}
	v = member(scsi, "protection_enabled");
	if (v && json_object_get_type(v) == json_type_boolean)
		out->metadata_bytes = sr_val(json_object_get_boolean(v) ? 8 : 0);
}

int sr_drive_info_read(struct json_object *o, struct sr_drive_info *out)
{
	json_object *id = member(o, "identity"), *scsi = member(id, "scsi");
	int rc = 0;

	out->present = true;
	out->kind = text(o, "kind", &rc);
	out->note = text(o, "note", &rc);
	out->members = text(o, "drives", &rc);
	out->device = text(id, "device", &rc);
	if (!out->device)
		out->device = text(o, "device", &rc);
	out->model = text(id, "model", &rc);
	out->serial = text(id, "serial", &rc);
	out->firmware = text(id, "firmware", &rc);
	out->transport = text(id, "transport", &rc);
	out->capacity_bytes = number(id, "capacity_bytes");
	if (!sr_ok(out->capacity_bytes))
		out->capacity_bytes = number(o, "size_bytes");
	if (sr_ok(out->capacity_bytes) && out->capacity_bytes.v <= 0) /* a file: size unknown */
		out->capacity_bytes = (struct sr_value){0, SR_ABSENT};
	out->logical_block_bytes = number(id, "logical_block_bytes");
	out->span_bytes = number(o, "span_bytes");
	if (!rc && member(scsi, "sat")) {
		out->interface = strdup("SATA through SCSI-ATA translation");
		rc = out->interface ? 0 : -ENOMEM;
	}
	metadata(id, out);
	health(member(o, "health_before"), &out->before);
	health(member(o, "health_after"), &out->after);
	if (!out->before.at)
		out->before.at = text(o, "health_before_at", &rc);
	if (!out->after.at)
		out->after.at = text(o, "health_after_at", &rc);
	return rc;
}
