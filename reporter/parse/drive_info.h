/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drive_info.h - drive.json (written by driver/ssd-review from `ssdctl info --json` and
 * `ssdctl health --json`, before and after the review) into struct sr_drive_info: the identity a
 * spec sheet shows and the health counters before and after.
 *
 * Keys read (every one optional; a missing or null key leaves the field absent):
 *   label, device, kind, span_bytes, note, drives (a group's member labels);
 *   identity.{model, serial, firmware, transport, device, capacity_bytes, logical_block_bytes};
 *   identity.nvme.namespaces[]: the one whose generic_device or block_device is the device
 *     (else the first): metadata_bytes;
 *   identity.scsi.protection_enabled (8 bytes of protection information per block, else 0),
 *   identity.scsi.sat (SATA behind the SCSI-ATA translation when not null);
 *   health_before / health_after: temperature_c, percentage_used, data_written_bytes,
 *     data_read_bytes, media_errors, error_log_entries, power_on_hours, unsafe_shutdowns,
 *     critical_warning, available_spare_pct; health_before_at / health_after_at.
 */
#ifndef SSDREPORT_DRIVE_INFO_H
#define SSDREPORT_DRIVE_INFO_H

#include "model/model.h"

struct json_object;

/**
 * sr_drive_info_read() - fill @out from a parsed drive.json.
 * @o:   the document (a JSON object)
 * @out: the drive's info; strings owned by it (sr_drive_info_free())
 *
 * Return: 0 or -ENOMEM.
 */
int sr_drive_info_read(struct json_object *o, struct sr_drive_info *out);

#endif
