/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drive_sample.h - drive.json of every shape for drive_fields_test.c: one drive with every
 * member known (identity, a reference drive, health before and after), one drive with little
 * known (no identity, numbers not known), a group, a client run and a drive on a fio server.
 * tests/unit/record/fixtures/drive/<name>.json is each as main a1dcccb's member-by-member code
 * wrote it. The JSON values are the caller's (drive_sample_free()).
 */
#ifndef SSDENG_TESTS_DRIVE_SAMPLE_H
#define SSDENG_TESTS_DRIVE_SAMPLE_H

#include <json-c/json.h>

#include "record/drive.h"

#define DRIVE_SAMPLES 5

static const char *const drive_sample_name[DRIVE_SAMPLES] = {"full", "sparse", "group", "clients",
							     "remote"};

/* sample @k into @d (zeroed first) */
static inline void drive_sample(struct rec_drive *d, int k)
{
	*d = (struct rec_drive){.size_bytes = -1, .span_bytes = -1, .logical_block_bytes = -1};
	switch (k) {
	case 0:
		d->shape = REC_DRIVE_ONE;
		d->label = "ref";
		d->kind = "nvme-ng";
		d->device = "/dev/ng0n1";
		d->fio_filename = "/dev/ng0n1";
		d->size_bytes = 268435456;
		d->span_bytes = 134217728;
		d->logical_block_bytes = 4096;
		d->identity = json_tokener_parse(
		    "{\"schema\": \"ssdctl.info.v1\", \"model\": \"QEMU NVMe Ctrl\", \"nvme\": "
		    "{\"nsid\": 1, \"namespaces\": [{\"nsid\": 1, \"metadata_bytes\": 0}]}}");
		d->reference = json_tokener_parse(
		    "{\"model\": \"reference drive\", \"serial\": \"ref0\", \"size_bytes\": "
		    "268435456, \"limits\": {\"iops-total\": 800, \"iops-total-max\": 2400}, "
		    "\"qemu\": \"7.2.22\"}");
		d->health_before = json_tokener_parse("{\"percentage_used\": 3, \"temp_c\": 31.5}");
		d->health_before_at = "2026-12-02T10:00:00Z";
		d->health_after = json_tokener_parse("{\"percentage_used\": 4, \"temp_c\": 40.25}");
		d->health_after_at = "2026-12-02T11:30:07Z";
		break;
	case 1:
		d->shape = REC_DRIVE_ONE;
		d->label = "a";
		d->kind = "file";
		d->device = "/tmp/x \"quoted\"/f.img";
		d->fio_filename = "/tmp/x \"quoted\"/f.img";
		d->health_before_at = "2026-12-02T10:00:00Z";
		d->note = "ssdctl info could not describe this device: not a block device";
		break;
	case 2:
		d->shape = REC_DRIVE_GROUP;
		d->label = "g";
		d->devices = "/dev/loop1,/dev/loop2";
		d->drives = "d1 d2";
		d->note = "a group of drives tested at once; each drive is described in "
			  "drive-<name>.json";
		break;
	case 3:
		d->shape = REC_DRIVE_CLIENTS;
		d->label = "c";
		d->devices = "h1:8765:/dev/ng0n1,h2:8765:/dev/ng1n1";
		d->note = "drives on fio servers: identity and health are not read";
		break;
	default:
		d->shape = REC_DRIVE_REMOTE;
		d->label = "h1";
		d->device = "/dev/ng0n1";
		d->server = "127.0.0.1:8765";
		d->note = "a drive on a fio server";
		break;
	}
}

static inline void drive_sample_free(struct rec_drive *d)
{
	json_object_put(d->identity);
	json_object_put(d->reference);
	json_object_put(d->health_before);
	json_object_put(d->health_after);
}

#endif
