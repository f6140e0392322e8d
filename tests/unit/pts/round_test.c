// SPDX-License-Identifier: GPL-2.0-only
/*
 * round_test.c - pts/round.c on a real round (tests/host/fixtures/pts/iops: round 1 of pts-iops,
 * fio 3.33 on a file, 56 cells): every cell's figures as fio wrote them, the tracking variable
 * (4 KiB random write IOPS), the bytes written, a missing file.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "assert_near.h"
#include "catalogue/catalogue.h"
#include "pts/round.h"

#define FIX "tests/host/fixtures/pts/iops/pts-iops/"

static const struct catalogue_pts_phase *iops_phase(struct catalogue **cat)
{
	const struct catalogue_entry *e;
	char err[512];

	if (catalogue_load("jobfiles/catalogue.json", cat, err, sizeof(err)))
		fail_msg("%s", err);
	e = catalogue_entry(*cat, "pts-iops");
	assert_non_null(e);
	assert_non_null(e->pts);
	return &e->pts->phases[0];
}

/* The index of cell (@mix, @bs) in the phase's order (mix-major), -1 when none. */
static long cell(const struct catalogue_pts_phase *ph, int mix, const char *bs)
{
	for (size_t m = 0; m < ph->nmixes; m++)
		for (size_t b = 0; b < ph->nbs; b++)
			if (ph->mixes[m] == mix && !strcmp(ph->block_sizes[b], bs))
				return (long)(m * ph->nbs + b);
	return -1;
}

static void real_round(void **state)
{
	struct catalogue *cat;
	const struct catalogue_pts_phase *ph = iops_phase(&cat);
	struct pts_round r;
	char err[512];
	long w4k = cell(ph, 0, "4k"), r512 = cell(ph, 100, "512");

	(void)state;
	assert_int_equal(pts_round_read(FIX "iops-round-01.json", ph, &r, err, sizeof(err)), 0);
	assert_true(w4k >= 0 && r512 >= 0);
	/* the tracking cell: 0/100 at 4 KiB, its write IOPS (fixtures/pts/README.md: 30676) */
	assert_near(r.tracking, 30675.562969, 1e-6);
	assert_true(r.cells[w4k].found);
	assert_near(r.cells[w4k].iops, 30675.562969, 1e-6);
	assert_near(r.cells[w4k].mbps, 125.647105, 1e-6);
	assert_int_equal(r.cells[w4k].ios, 36780);
	assert_near(r.cells[w4k].lat_mean_ns, 3831407.048831, 1e-6);
	assert_near(r.cells[w4k].lat_max_ns, 401257473, 1e-9);
	assert_near(r.cells[w4k].p99999_ns, 400556032, 1e-9);
	assert_near(r.cells[w4k].write_bytes, 150650880, 1e-9);
	/* a read-only cell: the write side moved nothing and counts for nothing */
	assert_near(r.cells[r512].iops, 41566.205534, 1e-6);
	assert_near(r.cells[r512].lat_max_ns, 293057478, 1e-9);
	assert_near(r.cells[r512].p99999_ns, 291504128, 1e-9);
	assert_near(r.written, 26641307136.0, 1e-12); /* every cell's write io_bytes */
	pts_round_free(&r);
	catalogue_free(cat);
}

static void missing_file(void **state)
{
	struct catalogue *cat;
	const struct catalogue_pts_phase *ph = iops_phase(&cat);
	struct pts_round r;
	char err[512];

	(void)state;
	assert_int_equal(pts_round_read(FIX "iops-round-99.json", ph, &r, err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "iops-round-99.json: No such file"));
	assert_non_null(r.cells);
	assert_false(r.cells[0].found);
	assert_true(isnan(r.tracking));
	pts_round_free(&r);
	catalogue_free(cat);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(real_round),
	    cmocka_unit_test(missing_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
