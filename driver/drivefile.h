/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drivefile.h - OUT/<label>/drive.json (and drive-<M>.json per drive of a group): the drive's
 * identity (`ssdctl info`), its health before the first test and after the last
 * (`ssdctl health`), kind, node, size and span. Layout in engine/README.md ("drive.json").
 */
#ifndef SSDENG_DRIVER_DRIVEFILE_H
#define SSDENG_DRIVER_DRIVEFILE_H

#include <stdbool.h>

#include "targets.h"

/**
 * rv_drivefile_write() - write the drive files of @t in @out/<label>/: before the first test
 * (@before: identity and health_before) or after the last (health_after added).
 * Return: 0 or -errno.
 */
int rv_drivefile_write(const struct rv_target *t, const char *out, bool before);

#endif
