/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * variant.h - the two variants of the SNIA PTS ssdeng runs, as data: Enterprise (PTS-E
 * v2.0.2) and Client (PTS-C v2.0). What differs is the outstanding I/O of the IOPS-type tests
 * (IOPS, WSAT, HIR: TC 4 / QD 32 against TC 2 / QD 16), the active range (Enterprise 100 % of
 * the LBAs, Client 75 %, applied to WIPC and every test) and the drive's volatile write cache
 * (Enterprise disabled, Client enabled). Pure.
 */
#ifndef SSDENG_PTS_VARIANT_H
#define SSDENG_PTS_VARIANT_H

#include <stdbool.h>

enum pts_variant {
	PTS_ENTERPRISE,
	PTS_CLIENT,
};

struct pts_variant_info {
	enum pts_variant variant;
	const char *name;	       /* "enterprise", "client": the --pts-variant value */
	const char *standard;	       /* "SNIA PTS-E", "SNIA PTS-C" */
	const char *version;	       /* "2.0.2", "2.0" */
	unsigned int tc, qd;	       /* IOPS, WSAT and HIR stimulus: threads × queue depth */
	unsigned int active_range_pct; /* share of the LBAs every test and WIPC use */
	bool write_cache_enabled;      /* the volatile write cache setting the tests run with */
};

/** pts_variant_info() - the variant's parameters. Return: a static entry, never NULL. */
const struct pts_variant_info *pts_variant_info(enum pts_variant v);

/**
 * pts_variant_parse() - "enterprise" or "client" (also "e", "c", case-insensitive).
 * Return: 0, or -EINVAL for anything else.
 */
int pts_variant_parse(const char *s, enum pts_variant *out);

/**
 * pts_variant_sets_outstanding() - whether the variant's TC/QD is the stimulus of PTS test
 * @test (the catalogue's "pts"."test": "iops", "wsat" and "hir" are; throughput, latency, XSR
 * and DIRTH fix their own outstanding I/O in both variants).
 */
bool pts_variant_sets_outstanding(const char *test);

/**
 * pts_active_range_bytes() - the bytes of a span a variant's tests use: @pct % of @span_bytes,
 * rounded down to a multiple of @align_bytes (the largest block size of the tests, so every
 * cell divides it; at least the logical block size).
 * @span_bytes: the drive's (or --span's) bytes
 * @pct: active range, 1..100
 * @align_bytes: > 0
 * Return: the bytes, 0 when @pct is out of range, @align_bytes is 0 or the result would be.
 */
unsigned long long pts_active_range_bytes(unsigned long long span_bytes, unsigned int pct,
					  unsigned long long align_bytes);

#endif
