/* SPDX-License-Identifier: GPL-2.0-only */
/* csv.h - CSV fields (RFC 4180 quoting) and number formatting shared by the renderers. */
#ifndef SSDREPORT_CSV_H
#define SSDREPORT_CSV_H

#include <stdio.h>

#include "model/model.h"

/**
 * sr_fmt_num() - a number as the shortest "%.6f" text: trailing zeros and '.' dropped.
 * @buf: out, at least 64 bytes
 * @v:   the number
 *
 * Return: @buf.
 */
char *sr_fmt_num(char *buf, double v);

/* sr_csv_str() - write one CSV field, quoted when it holds ',', '"', CR or LF; NULL -> empty. */
void sr_csv_str(FILE *f, const char *s);

/* sr_csv_val() - write a value as a CSV field: empty unless valid. */
void sr_csv_val(FILE *f, struct sr_value v);

#endif
