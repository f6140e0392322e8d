// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_test.c - the SNIA PTS tests judged by the analysis (pts.h, through analysis.h) from the
 * model the load stage filled, on the checked-in PTS IOPS results (pts_fixture.h): 5 rounds of an
 * interrupted run are incomplete, with the last 5 rounds as the window and each cell averaged over
 * it (the averages computed here from the rounds' cells); run.json saying another verdict than
 * the rounds is a warning; the analysis of a model without PTS tests has none.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analyse/analysis.h"
#include "assert_near.h"
#include "pts_fixture.h"

static void incomplete_window(void **state)
{
	struct pts_fixture f;
	struct sr_analysis a;
	const struct sr_pts_phase *ph;
	const struct sr_pts_round_doc *docs;

	(void)state;
	pts_fixture_copy(&f);
	pts_fixture_load(&f, f.cat);
	assert_int_equal(sr_analyse(&f.m, f.cat, &a, &f.d), 0);
	assert_int_equal(a.npts_tests, 1);
	assert_int_equal(a.pts[0].n, 1);
	assert_ptr_equal(a.pts[0].drv, &f.m.drives[0]);
	assert_string_equal(a.pts[0].tests[0].id, "pts-iops");
	assert_int_equal(a.pts[0].tests[0].nnot_compliant, 2);
	assert_int_equal(a.pts[0].tests[0].nphases, 1);
	ph = &a.pts[0].tests[0].phases[0];
	docs = f.m.drives[0].pts[0].rounds[0];
	assert_int_equal(ph->nrounds, 5);
	assert_int_equal(ph->verdict, SR_PTS_INCOMPLETE);
	assert_true(ph->driver_agrees); /* run.json: "interrupted" */
	assert_true(ph->has_window);
	assert_int_equal(ph->w.first, 0);
	assert_int_equal(ph->w.last, 4);
	for (size_t c = 0; c < 56; c++) {
		double iops = 0, lat_max = 0;

		for (size_t k = 0; k < 5; k++) {
			iops += docs[k].cells[c].iops;
			if (docs[k].cells[c].lat_max_ns > lat_max)
				lat_max = docs[k].cells[c].lat_max_ns;
		}
		assert_int_equal(ph->cells[c].rounds, 5);
		assert_near(ph->cells[c].iops, iops / 5, 1e-6 * iops);
		assert_near(ph->cells[c].lat_max_ns, lat_max, 1e-9);
	}
	for (size_t k = 0; k < 5; k++) /* the rounds' cells are the model's */
		assert_ptr_equal(ph->rounds[k].cells, docs[k].cells);
	sr_analysis_free(&a);
	pts_fixture_free(&f);
}

static void run_json_disagrees(void **state)
{
	struct pts_fixture f;
	struct sr_analysis a;
	char cmd[1024];

	(void)state;
	pts_fixture_copy(&f);
	/* the phase's status; the test's own stays "interrupted" */
	snprintf(
	    cmd, sizeof(cmd),
	    "jq '(.tests[] | select(.pts) | .pts.phases[0].status) = \"steady\"' '%s/run.json' "
	    "> '%s/r' && mv '%s/r' '%s/run.json'",
	    f.dir, f.root, f.root, f.dir);
	assert_int_equal(system(cmd), 0);
	pts_fixture_load(&f, f.cat);
	assert_int_equal(sr_analyse(&f.m, f.cat, &a, &f.d), 0);
	assert_false(a.pts[0].tests[0].phases[0].driver_agrees);
	assert_int_equal(a.pts[0].tests[0].phases[0].verdict, SR_PTS_INCOMPLETE);
	assert_non_null(strstr(f.d.err, "PTS phase iops: run.json says \"steady\""));
	sr_analysis_free(&a);
	pts_fixture_free(&f);
}

static void no_pts(void **state)
{
	struct pts_fixture f;
	struct sr_analysis a;

	(void)state;
	pts_fixture_copy(&f);
	pts_fixture_load(&f, NULL);
	assert_int_equal(sr_analyse(&f.m, f.cat, &a, &f.d), 0);
	assert_int_equal(a.npts_tests, 0);
	assert_int_equal(a.pts[0].n, 0);
	sr_analysis_free(&a);
	pts_fixture_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(incomplete_window),
	    cmocka_unit_test(run_json_disagrees),
	    cmocka_unit_test(no_pts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
