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

/* One second of a segment from its 1-s logs (rec_pts_segment: <log>_iops.N.log, _bw, _lat),
 * the segment's threads together: IOPS and bandwidth summed, latency the mean of the threads'
 * rows. @t_s is the second's end, s from the segment's start (fio stamps a row at its end). */
struct sr_pts_sample {
	double t_s;
	double iops;	    /* read + write */
	double mbps;	    /* read + write, MB/s (10^6 bytes/s); NaN without bw logs */
	double lat_mean_ns; /* total latency (fio lat log), mean of the threads' rows */
	double lat_max_ns;  /* the second's largest: a true maximum when @max_exact (fio's
			     * log_window_value=both), else the largest row (a thread's mean) */
	unsigned int jobs;  /* threads whose logs ran through the whole second (< tc: partial) */
};

struct sr_bin; /* model/model.h */

/* A segment's response-time histogram from fio's json+ clat bins, read and write together. */
struct sr_pts_hist {
	struct sr_bin *bins; /* ascending by ns (fio's bin values), counts summed over directions */
	size_t nbins;
	double clat_max_ns; /* the largest completion latency (fio clat_ns max), NaN: none */
	double lat_max_ns;  /* the largest total latency (fio lat_ns max), NaN: none */
};

/* One segment of a test's record (rec.pts->segments, same index: HIR, XSR, DIRTH points): the
 * figures of its fio document's job (none for an idle segment), and for an XSR group its
 * per-second samples, for a DIRTH point its response-time histogram. */
struct sr_pts_seg_doc {
	bool has;		       /* its file was read and held the segment's job */
	struct pts_cell_result cell;   /* the job's figures over the segment */
	struct sr_pts_sample *samples; /* XSR groups: one per second; NULL otherwise or when its
					* logs could not be read */
	size_t nsamples;
	bool max_exact;		 /* every latency row carried a true window maximum */
	struct sr_pts_hist hist; /* DIRTH points: nbins 0 otherwise or without json+ bins */
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
