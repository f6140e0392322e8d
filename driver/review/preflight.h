/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * preflight.h - check before the first write that every test can start: every jobfile of the
 * plan expanded for every drive (a variable the driver does not set, an unreadable jobfile),
 * parsed by fio with the engine loaded (fio --parse-only: the engine's options and their
 * ranges), and a read-only probe per drive with the engine and its option (fio --readonly: a
 * 16 KiB read, so the engine's setup checks run on the drive itself); with --client, each fio
 * server runs that probe; with --purge, ssdctl's purge checks.
 */
#ifndef SSDENG_DRIVER_PREFLIGHT_H
#define SSDENG_DRIVER_PREFLIGHT_H

#include <stddef.h>

#include "plan/plan.h"
#include "state/run.h"

/**
 * rv_preflight() - run the checks.
 * @r: the run (plan, targets, tools, scratch directory)
 * @err, @errlen: the first refusal: it names the drive or test, the jobfile and the engine's or
 *                fio's own message
 * Return: 0, or -EINVAL.
 */
int rv_preflight(struct rv_run *r, char *err, size_t errlen);

#endif
