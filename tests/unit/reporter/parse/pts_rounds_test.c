// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_rounds_test.c - a drive folder's SNIA PTS tests into the model (pts_rounds.h), on the
 * checked-in PTS IOPS results (pts_fixture.h): the test's run.json record and its 5 rounds, each
 * round's tracking value as the driver recorded it in run.json and every cell of the phase found;
 * a round whose file is gone is kept with its cells missing and said in a warning, printed on the
 * diagnostics' stream as the other parsers print theirs and counted; without a catalogue no PTS
 * test is read.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "assert_near.h"
#include "pts_fixture.h"

/* The fixture's one test, its one phase (iops) and that phase's rounds. */
static const struct sr_pts_doc *the_test(const struct pts_fixture *f)
{
	const struct sr_drive *drv = &f->m.drives[0];

	assert_int_equal(drv->npts, 1);
	assert_string_equal(drv->pts[0].rec.id, "pts-iops");
	assert_string_equal(drv->pts[0].entry->id, "pts-iops");
	assert_non_null(drv->pts[0].rec.pts);
	assert_int_equal(drv->pts[0].rec.pts->nphases, 1);
	assert_string_equal(drv->pts[0].rec.pts->phases[0].id, "iops");
	return &drv->pts[0];
}

static size_t found(const struct sr_pts_round_doc *r, size_t ncells)
{
	size_t n = 0;

	for (size_t c = 0; c < ncells; c++)
		n += r->cells[c].found;
	return n;
}

static void rounds_read(void **state)
{
	struct pts_fixture f;
	const struct sr_pts_doc *t;
	const struct rec_pts_phase *ph;
	size_t ncells;

	(void)state;
	pts_fixture_copy(&f);
	pts_fixture_load(&f, f.cat);
	t = the_test(&f);
	ph = &t->rec.pts->phases[0];
	ncells = catalogue_pts_cells(&t->entry->pts->phases[0]);
	assert_int_equal(ncells, 56); /* 7 mixes x 8 block sizes */
	assert_int_equal(ph->nrounds, 5);
	assert_int_equal(t->rec.pts->threads, 4);
	assert_int_equal(t->rec.pts->depth, 32);
	assert_non_null(t->rounds[0]);
	for (size_t k = 0; k < ph->nrounds; k++) {
		const struct sr_pts_round_doc *r = &t->rounds[0][k];

		assert_true(r->has_file);
		assert_int_equal(found(r, ncells), ncells);
		/* the tracking cell read from the file is what the driver recorded after the round
		 */
		assert_near(r->tracking, ph->rounds[k].tracking, 1e-3);
		assert_true(r->written > 0);
	}
	assert_near(t->rounds[0][0].tracking, 30675.562969, 1e-3);
	pts_fixture_free(&f);
}

static void round_file_gone(void **state)
{
	struct pts_fixture f;
	const struct sr_pts_doc *t;
	char path[256], want[512], *printed = NULL;
	size_t len = 0;
	unsigned lines = 0;

	(void)state;
	pts_fixture_copy(&f);
	snprintf(path, sizeof(path), "%s/pts-iops/iops-round-03.json", f.dir);
	assert_int_equal(unlink(path), 0);
	assert_non_null(f.d.stream = open_memstream(&printed, &len));
	pts_fixture_load(&f, f.cat);
	fclose(f.d.stream);
	f.d.stream = NULL;
	/* one line naming the drive folder, the round, the phase and why, as the reader said it */
	snprintf(want, sizeof(want),
		 "ssdreport: warning: %s: PTS round 3 of iops: its file cannot be read: ", f.dir);
	assert_non_null(printed);
	assert_non_null(strstr(printed, want));
	assert_non_null(strstr(strstr(printed, want), "iops-round-03.json"));
	assert_null(strstr(strstr(printed, want) + strlen(want), "PTS round 3 of iops")); /* once */
	for (const char *c = printed; *c; c++) /* every warning counted is a line printed */
		lines += *c == '\n';
	assert_int_equal(f.d.nwarnings, lines);
	free(printed);
	t = the_test(&f);
	assert_true(t->rounds[0][2].has_file);
	assert_int_equal(found(&t->rounds[0][2], 56), 0);
	assert_true(isnan(t->rounds[0][2].tracking));
	assert_int_equal(found(&t->rounds[0][3], 56), 56);
	assert_non_null(strstr(f.d.err, "PTS round 3 of iops: its file cannot be read"));
	pts_fixture_free(&f);
}

static void no_catalogue(void **state)
{
	struct pts_fixture f;

	(void)state;
	pts_fixture_copy(&f);
	pts_fixture_load(&f, NULL);
	assert_int_equal(f.m.drives[0].npts, 0);
	assert_null(f.m.drives[0].pts);
	pts_fixture_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rounds_read),
	    cmocka_unit_test(round_file_gone),
	    cmocka_unit_test(no_catalogue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
