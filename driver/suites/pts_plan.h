/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_plan.h - what a SNIA PTS test of the plan will run, in words, for --dry-run: per phase its
 * cells per round, the cell's runtime and the rounds it takes (5 to its limit, or until the span
 * is written the times asked), its segments, and the least time the catalogue gives it.
 */
#ifndef SSDENG_DRIVER_PTS_PLAN_H
#define SSDENG_DRIVER_PTS_PLAN_H

#include <stddef.h>

#include "catalogue/catalogue.h"

/*
 * rv_pts_plan_text() - the plan of PTS test @ct on profile @profile on a drive of @lbs-byte
 * logical blocks (cells whose block size is not a whole number of them are not counted: the
 * driver plans them out), @expected_s being the plan's least duration (struct rv_test); e.g.
 * "iops: 56 cells a round (7 mixes x 8 block sizes) of 500 ms, 5-25 rounds; at least 0:02:20".
 * Phases are "; "-separated, then "segments: 23 (hir: 5 wait states x 2 + baselines, 2:34)".
 * @out holds at most @len bytes, NUL-terminated. Nothing for a test without "pts".
 */
void rv_pts_plan_text(const struct catalogue_test *ct, const char *profile, unsigned int lbs,
		      long expected_s, char *out, size_t len);

/*
 * rv_pts_durations_text() - the PTS tests' durations on every profile of catalogue @c, for
 * --help: per profile a line "  quick:", then a line per timing and per test with segments:
 * "    pts-iops, pts-throughput, ...: cells of 500 ms", "    pts-wsat: rounds that end once 12 %
 * of the span is written (10 s at most)", "    pts-hir: 2 s of writes, then 2, 4, 6, 10, 20 s
 * idle, 2 times each, then 10 s back to baseline". Lines end with '\n'; @out holds at most @len
 * bytes, NUL-terminated.
 */
void rv_pts_durations_text(const struct catalogue *c, char *out, size_t len);

#endif
