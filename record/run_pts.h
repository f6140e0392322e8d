/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_pts.h - a SNIA PTS test's record in run.json (run.h struct rec_pts: tests[].pts, its
 * phases, rounds, segments and DIRTH's choice; docs/results-format.md "PTS", "Segments") as a
 * table of fields (doc_fields.h), for record/run.c, the one module of run.json.
 */
#ifndef SSDENG_RECORD_RUN_PTS_H
#define SSDENG_RECORD_RUN_PTS_H

#include "record/doc_fields.h"
#include "record/run.h"

/* rec_run_pts_fields - the members of "pts" over struct rec_pts, in the order written. */
extern const struct rec_field rec_run_pts_fields[];

#endif
