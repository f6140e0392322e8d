/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libssdctl.h - what `ssdctl info|health|probe DEV --json` print, as a library for other
 * programs (the review driver): build/libssdctl.a, linked with build/libssdcore.a, libnvme,
 * liburing, libaio and json-c:
 *
 *   cc -Iengine prog.c build/libssdctl.a build/libssdcore.a -lnvme -luring -laio -ljson-c
 *
 * Each call returns a new json-c object with exactly the fields the command prints (schemas
 * ssdctl.info.v1, ssdctl.health.v1, ssdctl.probe.v1 in engine/ctl/README.md: null means the
 * drive or the host does not report it). The caller releases it with json_object_put().
 * Warnings (a SCSI UNIT ATTENTION retried, say) go to stderr (core/ssd_log.h).
 */
#ifndef SSDENG_CTL_LIBSSDCTL_H
#define SSDENG_CTL_LIBSSDCTL_H

#include <stddef.h>

struct json_object;

/**
 * ssdctl_info_json() - the identity of a drive: model, serial, firmware, capacity, LBA
 * formats, optional commands (NVMe Identify; SCSI INQUIRY, VPD pages, READ CAPACITY; ATA
 * IDENTIFY DEVICE behind SAT).
 * @dev:    /dev/nvmeX, /dev/nvmeXnY, /dev/ngXnY, /dev/sgN or /dev/sdX
 * @out:    a new object, schema "ssdctl.info.v1"
 * @err:    a one-line message on failure, naming @dev
 * @errlen: size of @err, bytes
 * Return: 0; -ENOENT or -ENODEV when @dev is missing or not a drive ssdctl reads (`ssdctl`
 * exits 2); another negative errno, or a positive NVMe status, when the identity could not be
 * read (exit 1).
 */
int ssdctl_info_json(const char *dev, struct json_object **out, char *err, size_t errlen);

/**
 * ssdctl_health_json() - temperature, wear and error counters (NVMe SMART / Health log, SCSI
 * LOG SENSE, ATA SMART and Device Statistics). As ssdctl_info_json(); schema
 * "ssdctl.health.v1".
 */
int ssdctl_health_json(const char *dev, struct json_object **out, char *err, size_t errlen);

/**
 * ssdctl_probe_json() - what the host says about any path, without opening it: its kind
 * (host/dev_class.h), the block device, disk, ng or sg node and NVMe controller behind it,
 * its capacity, the transport transport=auto picks, and every reason its block devices are in
 * use (mounted, swap, held by device mapper / md / bcache).
 * @path:   any path (a missing one is kind "missing")
 * @out:    a new object, schema "ssdctl.probe.v1"
 * @err:    a one-line message on failure
 * @errlen: size of @err, bytes
 * Return: 0, or -ENOMEM. What cannot be read (/proc/self/mountinfo) is null in the object.
 */
int ssdctl_probe_json(const char *path, struct json_object **out, char *err, size_t errlen);

#endif
