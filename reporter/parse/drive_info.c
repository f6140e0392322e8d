// SPDX-License-Identifier: GPL-2.0-only
/* drive_info.c - drive.json into struct sr_drive_info (see drive_info.h). */
#include <errno.h>
#include <stdio.h>
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

/* "12 MiB/s", "1500 KiB/s", "1000000 B/s": @v bytes per second in the largest binary unit
 * that divides it. */
static void rate_bytes(char *buf, size_t len, long long v)
{
	static const char *const units[] = {"B", "KiB", "MiB", "GiB"};
	size_t u = 0;

	while (u < 3 && v && v % 1024 == 0) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, "%lld %s/s", v, units[u]);
}

/* Limit @key of @lim (QEMU's name: "iops-total", "bps-read-max", ...); 0 when unset. */
static long long limit(json_object *lim, const char *key)
{
	struct sr_value v = sr_json_num(lim, key);

	return sr_ok(v) && v.v > 0 ? (long long)v.v : 0;
}

static void append(char *buf, size_t len, const char *text)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? "; " : "", text);
}

/* The reference drive's limits as the Drives table shows them (drive.json "reference"). */
static int reference(json_object *ref, struct sr_drive_info *out)
{
	static const char *const dirs[] = {"total", "read", "write"};
	json_object *lim = sr_json_get(ref, "limits");
	char iops[256] = "", bw[256] = "", burst[512] = "", one[128], key[48], rate[48];
	long long size = limit(lim, "iops-size");

	for (size_t k = 0; k < 2; k++) /* IOPS, then bandwidth */
		for (size_t d = 0; d < 3; d++) {
			long long avg, max, secs;

			snprintf(key, sizeof(key), "%s-%s", k ? "bps" : "iops", dirs[d]);
			if (!(avg = limit(lim, key)))
				continue;
			if (k)
				rate_bytes(rate, sizeof(rate), avg);
			else
				snprintf(rate, sizeof(rate), "%lld/s", avg);
			snprintf(one, sizeof(one), "%s %s", dirs[d], rate);
			append(k ? bw : iops, k ? sizeof(bw) : sizeof(iops), one);
			snprintf(key, sizeof(key), "%s-%s-max", k ? "bps" : "iops", dirs[d]);
			if (!(max = limit(lim, key)))
				continue;
			snprintf(key, sizeof(key), "%s-%s-max-length", k ? "bps" : "iops", dirs[d]);
			secs = limit(lim, key) ?: 1; /* QEMU's default burst length */
			if (k)
				rate_bytes(rate, sizeof(rate), max);
			else
				snprintf(rate, sizeof(rate), "%lld/s", max);
			snprintf(one, sizeof(one), "%s %s %s for %lld s", k ? "bandwidth" : "IOPS",
				 dirs[d], rate, secs);
			append(burst, sizeof(burst), one);
		}
	if (iops[0] && size) {
		snprintf(one, sizeof(one), "an I/O over %lld B counts as size/%lld", size, size);
		append(iops, sizeof(iops), one);
	}
	out->limit_iops = strdup(iops[0] ? iops : "none");
	out->limit_bandwidth = strdup(bw[0] ? bw : "none");
	out->limit_burst = strdup(burst[0] ? burst
					   : "none (after an idle gap the bucket lets a tenth of "
					     "a second's operations through at once)");
	return out->limit_iops && out->limit_bandwidth && out->limit_burst ? 0 : -ENOMEM;
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
	if (!rc && f->reference) {
		const char *q = sr_json_str(f->reference, "qemu");
		char fw[96];

		snprintf(fw, sizeof(fw), "QEMU %s throttle", q ? q : "(version not recorded)");
		free(out->model);
		free(out->serial);
		free(out->firmware);
		free(out->transport);
		out->model = sr_json_strdup(f->reference, "model", &rc);
		out->serial = sr_json_strdup(f->reference, "serial", &rc);
		out->firmware = dup(fw, &rc);
		out->transport = dup("loop device", &rc);
		if (!rc && !out->interface)
			out->interface = dup("QEMU's throttle filter through FUSE", &rc);
		if (!rc)
			rc = reference(f->reference, out);
	}
	health(f->health_before, &out->before);
	health(f->health_after, &out->after);
	if (!out->before.at)
		out->before.at = dup(f->health_before_at, &rc);
	if (!out->after.at)
		out->after.at = dup(f->health_after_at, &rc);
	return rc;
}
