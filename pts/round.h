/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * round.h - one round of a SNIA PTS phase read from its file (OUT/<label>/<test>/<phase>-round-
 * NN.json, fio's JSON with a job per cell, found by record/fio_doc.h's tolerant reader): every
 * cell's figures in the phase's order, the tracking variable and the bytes written. The one
 * reader of a round, for ssd-review (the tracking variable after each round, a resumed test's
 * rounds) and ssdreport (the tables and plots).
 */
#ifndef SSDENG_PTS_ROUND_H
#define SSDENG_PTS_ROUND_H

#include <stddef.h>

#include "catalogue/catalogue.h"
#include "pts/cells.h"

/* A round's figures. */
struct pts_round {
	struct pts_cell_result *cells; /* catalogue_pts_cells(phase) of them, mix-major as run
					* (a matrix phase: each cell's TC x QD points in turn);
					* found == false: the cell is not in the file */
	double tracking;	       /* the tracking cell's value (pts_tracking_value()), NaN:
					* missing */
	double written;		       /* bytes the round wrote over all its cells */
};

/**
 * pts_round_read() - round file @path of phase @ph.
 * @r:   output; its cells are allocated (pts_round_free()) also when the file cannot be read,
 *       all missing then
 * @err, @errlen: why the file could not be read ("PATH: No such file or directory", a JSON
 *       fault with its byte)
 * Return: 0; -ENOMEM; -errno or -EINVAL when the file cannot be read (the round is missing).
 */
int pts_round_read(const char *path, const struct catalogue_pts_phase *ph, struct pts_round *r,
		   char *err, size_t errlen);

void pts_round_free(struct pts_round *r);

#endif
