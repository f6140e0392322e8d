/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * count_text.h - a count people read (IOPS, transactions), written one way by every program:
 * ssd-review's progress line and ssdreport's pages print the same figure for the same result.
 */
#ifndef SSDENG_RECORD_COUNT_TEXT_H
#define SSDENG_RECORD_COUNT_TEXT_H

#include <stddef.h>

#define REC_COUNT_TEXT_LEN 32 /* room for any double's text */

/**
 * rec_count_text() - @v rounded to the nearest integer (halves away from zero), with a ','
 * every three digits from the right: 1600.9 is "1,601", -0.4 is "0", 382932.5 is "382,933".
 * @buf: at least REC_COUNT_TEXT_LEN bytes
 * @v:   the count; not finite or of 1e18 or more in magnitude: printf's "%g" ("nan", "inf")
 *
 * Return: @buf.
 */
char *rec_count_text(char *buf, double v);

#endif
