/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts.h - a drive's SNIA PTS tests as the load stage found them: each test's record in run.json
 * (tests[].pts: purge, preconditioning, threads/depth, phases and rounds, what is not compliant)
 * and every round's fio document read into its cells (pts/round.h). A PTS round is one fio JSON
 * with a job per cell, so a test holds N documents; the verdicts, windows and cells over a window
 * are the analysis's (analyse/pts.h), never stored here.
 *
 * Units: IOPS, MB/s (10^6 bytes/s), ns, bytes.
 */
#ifndef SSDREPORT_MODEL_PTS_H
#define SSDREPORT_MODEL_PTS_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue/catalogue.h"
#include "pts/cells.h"
#include "record/run.h"

/* One round of a phase, read from the file run.json names. */
struct sr_pts_round_doc {
	bool has_file;		       /* run.json named a file for the round */
	struct pts_cell_result *cells; /* catalogue_pts_cells() of them; all missing (found
					* false) when the file could not be read */
	double tracking;	       /* the tracking cell's value, NaN when missing */
	double written;		       /* bytes the round wrote, all cells */
};

/* One segment of a test's record (rec.pts->segments, same index: HIR, XSR, DIRTH points): the
 * figures of its fio document's job (none for an idle segment). */
struct sr_pts_seg_doc {
	bool has;		     /* its file was read and held the segment's job */
	struct pts_cell_result cell; /* the job's figures over the segment */
};

/* One PTS test of a drive. */
struct sr_pts_doc {
	const struct catalogue_entry *entry; /* its catalogue entry (entry->pts: the phases) */
	struct rec_test rec;		     /* run.json's record; rec.pts is not NULL */
	/* per phase of rec.pts->phases (same index), its rounds' documents in order */
	struct sr_pts_round_doc **rounds;
	struct sr_pts_seg_doc *segs; /* per segment of rec.pts->segments, NULL when none */
};

/* sr_pts_docs_free() - the @n tests of @docs and the array. */
void sr_pts_docs_free(struct sr_pts_doc *docs, size_t n);

#endif
