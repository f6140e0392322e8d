/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_segments.h - the load stage's part for a SNIA PTS test's segments (HIR, XSR, DIRTH
 * points; record/run.h struct rec_pts_segment): each segment's fio JSON into its figures, an
 * XSR group's 1-s logs into per-second samples, a DIRTH point's json+ clat bins into its
 * response-time histogram (model/pts.h struct sr_pts_seg_doc).
 */
#ifndef SSDREPORT_PARSE_PTS_SEGMENTS_H
#define SSDREPORT_PARSE_PTS_SEGMENTS_H

#include "model/model.h"
#include "model/pts.h"
#include "util/diag.h"

/**
 * sr_pts_segments_load() - every segment of @t's record read from the files it names, relative
 * to @drv->dir (an idle segment has none): t->segs, one per segment.
 *  - every segment with a file: its job's figures (pts/cells.h, the driver's reader);
 *  - an XSR group (kind "group"): its logs <log>_iops.N.log, _bw.N.log, _lat.N.log, N = 1 ..
 *    tc, merged into 1-s samples (parse/log_interval.h): IOPS and MB/s summed over the
 *    threads, total latency (fio lat) the mean of their rows, the maximum as fio logged it;
 *  - a DIRTH point (kind "point"): its json+ clat bins, read and write summed (fio's bin
 *    values, ns), and the largest completion and total latency.
 * A file that cannot be read leaves that part missing and is a warning naming the file (d).
 * Return: 0, -ENOMEM.
 */
int sr_pts_segments_load(const struct sr_drive *drv, struct sr_pts_doc *t, struct sr_diag *d);

#endif
