/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * analysis.h - the analysis stage: everything computed from the model that the report shows,
 * computed once, before anything is rendered (render/ reads the model and this, nothing else).
 *
 * It holds the review (the tests matched to the catalogue and ordered, with each drive's results:
 * analyse/review.h), each drive's SNIA PTS tests judged (analyse/pts.h) and each drive's OCP
 * latency monitor beside fio's completion latencies (analyse/latmon.h). The figures a section
 * draws from one result (analyse/figures.h) are computed where they are drawn: they are functions
 * of the model, pure and cheap.
 */
#ifndef SSDREPORT_ANALYSE_ANALYSIS_H
#define SSDREPORT_ANALYSE_ANALYSIS_H

#include "analyse/latmon.h"
#include "analyse/pts.h"
#include "analyse/review.h"
#include "analyse/rounds.h"
#include "analyse/structure.h"
#include "catalogue/catalogue.h"
#include "model/model.h"
#include "util/diag.h"

struct sr_analysis {
	struct sr_review rv;	  /* the review of the model's tests */
	struct sr_pts_drive *pts; /* per drive of the model (same index), its PTS tests */
	size_t ndrives;		  /* the model's */
	size_t npts_tests;	  /* PTS tests over all drives; 0: no PTS section */
	struct sr_structure st;	  /* sweeps and comparisons of the tests no entry describes */
	struct sr_rounds rounds;  /* series of rounds of one job among them (st's repeats) */

	/* per drive of the model (same index): its tests' latency monitor beside fio */
	struct sr_lm_drive *latmon;
};

/**
 * sr_analyse() - the analysis of @m.
 * @m:   the model, fully loaded (the load stage's work is done)
 * @cat: the test catalogue, or NULL (every test is then "other")
 * @a:   output (sr_analysis_free(); also after a failure)
 * @d:   diagnostics (warnings: a PTS phase whose rounds disagree with run.json)
 *
 * Return: 0 or -ENOMEM.
 */
int sr_analyse(const struct sr_model *m, const struct catalogue *cat, struct sr_analysis *a,
	       struct sr_diag *d);

void sr_analysis_free(struct sr_analysis *a);

#endif
