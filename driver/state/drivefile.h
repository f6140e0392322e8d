/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drivefile.h - OUT/<label>/drive.json (and drive-<M>.json per drive of a group): the drive's
 * identity (`ssdctl info`), its health before the first test and after the last
 * (`ssdctl health`), kind, node, size, span and logical block size (record/drive.h writes it;
 * docs/results-format.md).
 */
#ifndef SSDENG_DRIVER_DRIVEFILE_H
#define SSDENG_DRIVER_DRIVEFILE_H

#include <stdbool.h>

#include "targets/targets.h"

/* When the drive files are written. */
enum rv_drivefile_when {
	RV_DRIVEFILE_BEFORE,  /* before the first test: identity and health_before */
	RV_DRIVEFILE_RESUMED, /* before a --resume's first test: the earlier health_before kept */
	RV_DRIVEFILE_AFTER,   /* after the last test: health_after added, a file's length */
};

/**
 * rv_drivefile_write() - write the drive files of @t in @out/<label>/ (@when).
 * Return: 0 or -errno.
 */
int rv_drivefile_write(const struct rv_target *t, const char *out, enum rv_drivefile_when when);

#endif
