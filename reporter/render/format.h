/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * format.h - numbers for people, in one place: IOPS as integers with thousands separators,
 * latency with three significant figures in a unit chosen for a whole column (µs, ms or s),
 * MB/s, sizes in GB and GiB, and the two marks for a missing value: SR_NOT_MEASURED ("–", the
 * test or direction was not run) and SR_UNKNOWN ("?", fio or the drive did not say). Every
 * function writes into @buf (at least SR_FMT_LEN bytes) and returns it.
 */
#ifndef SSDREPORT_FORMAT_H
#define SSDREPORT_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "analyse/figures.h"
#include "model/model.h"

#define SR_FMT_LEN 64
#define SR_NOT_MEASURED "\xe2\x80\x93" /* U+2013 en dash */
#define SR_UNKNOWN "?"

enum sr_lat_unit { SR_UNIT_US, SR_UNIT_MS, SR_UNIT_S };

/* sr_fmt_int() - @v rounded to an integer with thousands separators: "382,932". */
char *sr_fmt_int(char *buf, double v);

/* sr_fmt_sig() - @v with three significant figures: "0.0853", "1.28", "17.9", "1,280". */
char *sr_fmt_sig(char *buf, double v);

/* sr_fmt_short() - a count in a narrow column: as an integer below 10,000 ("8,731"), else to
 * three significant figures with k or M ("245k", "1.02M"). */
char *sr_fmt_short(char *buf, double v);

/* sr_fmt_iops() - IOPS as an integer; "–" when absent, "?" when invalid. */
char *sr_fmt_iops(char *buf, struct sr_value v);

/* sr_fmt_mbps() - bytes/s as MB/s (10^6): integers from 100 up, else three significant
 * figures; "–" / "?" as sr_fmt_iops(). */
char *sr_fmt_mbps(char *buf, struct sr_value bytes_per_s);

/**
 * sr_lat_unit_for() - the unit a column of latencies reads best in.
 * @ns: the column's values, ns (NaN for none)
 * @n:  their number
 *
 * Return: µs when every value is under 1 ms, s when every value is at least 1 s, else ms.
 */
enum sr_lat_unit sr_lat_unit_for(const double *ns, size_t n);

/* sr_lat_unit_name() - "µs", "ms" or "s". */
const char *sr_lat_unit_name(enum sr_lat_unit u);

/* sr_lat_in() - @ns in unit @u. */
double sr_lat_in(double ns, enum sr_lat_unit u);

/**
 * sr_fmt_lat() - a latency in the column's unit with three significant figures ("1.28"); a
 * percentile clamped at fio's histogram ceiling as "≥ 17.1 s" (its own unit, whatever the
 * column's); "–" / "?" as sr_fmt_iops().
 * @buf: out
 * @f:   the figure, ns
 * @u:   the column's unit
 */
char *sr_fmt_lat(char *buf, struct sr_fig f, enum sr_lat_unit u);

/**
 * sr_csv_lat() - the same latency for a CSV file: the full number in unit @u ("1.284113"),
 * ">=" before a clamped percentile, empty when absent, "?" when invalid.
 */
char *sr_csv_lat(char *buf, struct sr_fig f, enum sr_lat_unit u);

/* sr_fmt_bytes() - a capacity or amount: "2.15 GB (2.00 GiB)", "512 B"; "?" when absent. */
char *sr_fmt_bytes(char *buf, struct sr_value bytes);

/* sr_fmt_si() - an amount of data in decimal units only: "5.86 GB", "512 kB"; "?" when absent. */
char *sr_fmt_si(char *buf, struct sr_value bytes);

/* sr_fmt_bs() - a block size: "4 KiB", "128 KiB", "512 B"; "?" for 0 (unknown). */
char *sr_fmt_bs(char *buf, uint64_t bytes);

/* sr_fmt_mix() - the read share of a mixed workload, as a reader says it: "70 % read", and at
 * its ends "100 % read" (rwmixread=100), "100 % write" (rwmixread=0). */
char *sr_fmt_mix(char *buf, unsigned pct_read);

/* sr_fmt_count() - a counter ("0", "12,345"), "?" when absent. */
char *sr_fmt_count(char *buf, struct sr_value v);

#endif
