/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_fixture.h - a copy of the checked-in SNIA PTS IOPS results (tests/host/fixtures/pts/iops:
 * one drive folder, run.json with the test's record and 5 round files; README there) in a scratch
 * tree, loaded as ssdreport loads it: the results (parse/inputs.h), then the PTS rounds
 * (parse/pts_rounds.h), with the catalogue of jobfiles/. Header-only: each test is one binary.
 */
#ifndef SSDREPORT_TEST_PTS_FIXTURE_H
#define SSDREPORT_TEST_PTS_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "catalogue/catalogue.h"
#include "fake_tree.h"
#include "model/model.h"
#include "model/pts.h"
#include "parse/inputs.h"
#include "parse/pts_rounds.h"

struct pts_fixture {
	char root[64];
	char dir[128]; /* the drive folder: <root>/iops */
	struct catalogue *cat;
	struct sr_model m;
	struct sr_diag d;
};

/* pts_fixture_copy() - the fixture copied into a new scratch tree, and the catalogue. */
static inline void pts_fixture_copy(struct pts_fixture *f)
{
	char cmd[256], err[512];

	memset(f, 0, sizeof(*f));
	assert_int_equal(ft_new(f->root, "/tmp/pts-fixture.XXXXXX"), 0);
	snprintf(cmd, sizeof(cmd), "cp -r tests/host/fixtures/pts/iops '%s/'", f->root);
	assert_int_equal(system(cmd), 0);
	snprintf(f->dir, sizeof(f->dir), "%s/iops", f->root);
	if (catalogue_load("jobfiles/catalogue.json", &f->cat, err, sizeof(err)))
		fail_msg("catalogue: %s", err);
}

/* pts_fixture_load() - the copy loaded as ssdreport loads it (@cat may be NULL). */
static inline void pts_fixture_load(struct pts_fixture *f, const struct catalogue *cat)
{
	const char *in[] = {f->dir};

	if (sr_inputs_load(&f->m, in, 1, NULL, &f->d))
		fail_msg("%s: %s", f->dir, f->d.err);
	assert_int_equal(f->m.ndrives, 1);
	assert_int_equal(sr_pts_rounds_load(&f->m, cat, &f->d), 0);
}

static inline void pts_fixture_free(struct pts_fixture *f)
{
	sr_model_free(&f->m);
	catalogue_free(f->cat);
	assert_int_equal(ft_remove(f->root), 0);
}

#endif
