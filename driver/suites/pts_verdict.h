/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_verdict.h - a SNIA PTS test's verdict in words, for the console line that ends the test:
 * each phase's end as the report says it (pts/steady.h's rule, WSAT's bytes written), then its
 * segments.
 */
#ifndef SSDENG_DRIVER_PTS_VERDICT_H
#define SSDENG_DRIVER_PTS_VERDICT_H

#include <stddef.h>

#include "record/run.h"

/*
 * rv_pts_verdict() - the verdict of the test recorded in @p: "; "-separated, one part per phase
 * ("iops: steady state reached (rounds 3-7 of 7)", "iops: STEADY STATE NOT ACHIEVED in 25
 * rounds", "wsat: 4 x the span written in 9 rounds", "hir: incomplete (3 rounds)"), then the
 * segments' ("segments: 23 of 23 done"; "segments: not run"). @out holds at most @len bytes,
 * NUL-terminated (cut short, never overrun). Words as ssdreport's pts.html says them
 * (reporter/render/section_pts.c sr_pts_verdict_text()).
 */
void rv_pts_verdict(const struct rec_pts *p, char *out, size_t len);

#endif
