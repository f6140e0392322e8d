/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * status.h - `ssd-review --status OUT`: OUT/status.json (record/status.h, rewritten by the run
 * every few seconds and at each test's start and end) told to people, with whether the run and
 * its fio are still alive.
 */
#ifndef SSDENG_DRIVER_STATUS_H
#define SSDENG_DRIVER_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/**
 * rv_status_show() - `ssd-review --status DIR`: print DIR/status.json for people.
 * @dir: the results directory
 * @out: where to print
 * Return: 0 when a run is active in @dir; 1 when none is (no status file, the run ended: it
 * says how, or its driver is gone: killed, with the fio it left running if any).
 */
int rv_status_show(const char *dir, FILE *out);

#endif
