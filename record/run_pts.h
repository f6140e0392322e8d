/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_pts.h - the segments part of a PTS test's record in run.json (run.h rec_pts_segment,
 * rec_pts_dirth; docs/results-format.md "Segments"): written and read for record/run.c, the
 * one module of run.json.
 */
#ifndef SSDENG_RECORD_RUN_PTS_H
#define SSDENG_RECORD_RUN_PTS_H

#include <json.h>

#include "record/run.h"

/* rec_pts_segments_json() - @p's segments keys added to its "pts" object @o (none without). */
void rec_pts_segments_json(json_object *o, const struct rec_pts *p);

/* rec_pts_segments_of() - @p's segments keys read from "pts" object @o. Return: 0, -ENOMEM. */
int rec_pts_segments_of(json_object *o, struct rec_pts *p);

/* rec_pts_segments_copy() - @to's segments keys as a copy of @from's (@to's pointers are
 * @from's on entry, replaced). Return: 0, -ENOMEM. */
int rec_pts_segments_copy(struct rec_pts *to, const struct rec_pts *from);

/* rec_pts_segments_free() - the memory of @p's segments keys. */
void rec_pts_segments_free(struct rec_pts *p);

#endif
