/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drive_info.h - drive.json (written by driver/ssd-review from `ssdctl info --json` and
 * `ssdctl health --json`, before and after the review; read by record/drive.h) into struct
 * sr_drive_info: the identity a spec sheet shows and the health counters before and after.
 *
 * What is read (every one optional; a missing or null key leaves the field absent):
 *   device, kind, size_bytes, span_bytes, logical_block_bytes, note, drives (a group's members);
 *   identity.{model, serial, firmware, transport, device, capacity_bytes, logical_block_bytes};
 *   the NVMe namespace of the node the review opened (rec_drive_namespace(): by NSID):
 *     metadata_bytes;
 *   identity.scsi.protection_enabled (8 bytes of protection information per block, else 0),
 *   identity.scsi.sat (SATA behind the SCSI-ATA translation when not null);
 *   health_before / health_after: temperature_c, percentage_used, data_written_bytes,
 *     data_read_bytes, media_errors, error_log_entries, power_on_hours, unsafe_shutdowns,
 *     critical_warning, available_spare_pct; health_before_at / health_after_at.
 */
#ifndef SSDREPORT_DRIVE_INFO_H
#define SSDREPORT_DRIVE_INFO_H

#include "model/model.h"

struct rec_drive;

/**
 * sr_drive_info_read() - fill @out from a drive.json the record read.
 * @f:   the document
 * @out: the drive's info; strings owned by it (sr_drive_info_free())
 *
 * Return: 0 or -ENOMEM.
 */
int sr_drive_info_read(const struct rec_drive *f, struct sr_drive_info *out);

#endif
