/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_rounds.h - the load stage's part for SNIA PTS: each results directory's PTS tests from
 * run.json (record/run.h) and the round files it names (pts/round.h, the reader the driver uses
 * too), into the model (model/pts.h).
 */
#ifndef SSDREPORT_PARSE_PTS_ROUNDS_H
#define SSDREPORT_PARSE_PTS_ROUNDS_H

#include "catalogue/catalogue.h"
#include "model/model.h"
#include "util/diag.h"

/**
 * sr_pts_rounds_load() - the PTS tests of every drive of @m with a results directory: the tests
 * of @drv->dir/run.json whose catalogue entry has "pts" and whose record has a "pts" object, in
 * run.json's order, with every round's document (drive->pts, drive->npts).
 * @m:   the model, its drives loaded (parse/inputs.h)
 * @cat: the catalogue (the phases' cells); NULL: no PTS test is read
 * @d:   diagnostics: a round file that cannot be read is a warning (d->err), its cells missing;
 *       a run.json that cannot be read gives no PTS test
 *
 * Return: 0, -ENOMEM.
 */
int sr_pts_rounds_load(struct sr_model *m, const struct catalogue *cat, struct sr_diag *d);

#endif
