/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * summary.h - "ssdreport summary": one CSV row per job (and per host in client/server output).
 * Empty field where a value does not exist (absent or invalid in the input), never 0.
 */
#ifndef SSDREPORT_SUMMARY_H
#define SSDREPORT_SUMMARY_H

#include <stdio.h>

#include "model/model.h"

extern const char sr_summary_header[];

/**
 * sr_summary_rows() - write the rows of one parsed file.
 * @f:    output
 * @file: the file name for the "file" column
 * @t:    the parsed test
 */
void sr_summary_rows(FILE *f, const char *file, const struct sr_test *t);

/* Header of `ssdreport summary --intervals`: one row per --status-interval snapshot. */
extern const char sr_interval_header[];

/**
 * sr_interval_rows() - one CSV row per interval (sr_snapshot_intervals()).
 * @f:    output
 * @file: the file name for the first column
 * @iv:   intervals
 * @n:    their number
 *
 * Columns: file, snapshot (1-based), t_s (s), throughput_iops, avg_lat_ns, max_lat_ns,
 * lat_sd_ns; empty where a value is unknown (max when the running maximum did not grow).
 */
void sr_interval_rows(FILE *f, const char *file, const struct sr_interval *iv, size_t n);

#endif
