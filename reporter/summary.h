/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * summary.h - "ssdreport summary": one CSV row per job (and per host in client/server output).
 * Empty field where a value does not exist (absent or invalid in the input), never 0.
 */
#ifndef SSDREPORT_SUMMARY_H
#define SSDREPORT_SUMMARY_H

#include <stdio.h>

#include "model.h"

extern const char sr_summary_header[];

/**
 * sr_summary_rows() - write the rows of one parsed file.
 * @f:    output
 * @file: the file name for the "file" column
 * @t:    the parsed test
 */
void sr_summary_rows(FILE *f, const char *file, const struct sr_test *t);

#endif
