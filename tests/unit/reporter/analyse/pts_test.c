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
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyse/analysis.h"
#include "analyse/headline.h"
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

/* The summary's figures of a phase (sr_pts_phase_figures()), which the library keeps too
 * (sr_headline_figures()): the IOPS test's tracking window mean and the 4 KiB reads beside it. */
static void phase_figures_iops(void **state)
{
	struct pts_fixture f;
	struct sr_analysis a;
	struct sr_pts_fig out[SR_PTS_PHASE_FIGS];
	struct sr_headline *h = NULL;
	const struct sr_pts_phase *ph;
	long reads, n, seen = 0;

	(void)state;
	pts_fixture_copy(&f);
	pts_fixture_load(&f, f.cat);
	assert_int_equal(sr_analyse(&f.m, f.cat, &a, &f.d), 0);
	ph = &a.pts[0].tests[0].phases[0];
	reads = sr_pts_cell_index(ph->def, 100, "4k");
	assert_true(reads >= 0);
	assert_int_equal(sr_pts_phase_figures(&a.pts[0].tests[0], ph, out), 2);
	assert_string_equal(out[0].metric, "iops");
	assert_string_equal(out[0].bs, "4k");
	assert_int_equal(out[0].mix, 0);
	assert_near(out[0].value, ph->w.mean, 0);
	assert_int_equal(out[0].last, 0);
	assert_int_equal(out[1].mix, 100);
	assert_near(out[1].value, ph->cells[reads].iops, 0);
	n = sr_headline_figures(&a, f.cat, 0, &h);
	assert_true(n >= 2);
	for (long i = 0; i < n; i++) {
		if (strncmp(h[i].entry, "pts:", 4))
			continue;
		assert_string_equal(h[i].entry, seen ? "pts:enterprise:pts-iops:iops:4k:100"
						     : "pts:enterprise:pts-iops:iops:4k:0");
		assert_string_equal(h[i].metric, "pts_iops");
		assert_string_equal(h[i].unit, "IOPS");
		assert_string_equal(h[i].test, "pts-iops");
		assert_near(h[i].value, out[seen].value, 0);
		assert_int_equal(h[i].flags, SR_HL_NOT_STEADY); /* 5 rounds, cut short */
		seen++;
	}
	assert_int_equal(seen, 2);
	free(h);
	sr_analysis_free(&a);
	pts_fixture_free(&f);
}

/* WSAT (no window): the mean of its last 5 rounds; the latency test: the 4 KiB reads' average
 * total latency beside the tracked writes; a phase of fewer than 5 rounds: none. */
static void phase_figures_wsat_latency(void **state)
{
	char *bs4[] = {"4k"}, *bs3[] = {"8k", "4k", "512"};
	int w[] = {0}, mixes[] = {100, 65, 0};
	struct catalogue_pts wsat_pts = {.test = "wsat"}, lat_pts = {.test = "latency"};
	struct catalogue_entry wsat_e = {.id = "pts-wsat", .pts = &wsat_pts},
			       lat_e = {.id = "pts-latency", .pts = &lat_pts};
	struct catalogue_pts_phase wdef = {.id = "wsat",
					   .mixes = w,
					   .nmixes = 1,
					   .block_sizes = bs4,
					   .nbs = 1,
					   .track_bs = "4k",
					   .track_mix = 0,
					   .track_metric = "iops",
					   .stop_written = 4},
				   ldef = {.id = "latency",
					   .mixes = mixes,
					   .nmixes = 3,
					   .block_sizes = bs3,
					   .nbs = 3,
					   .track_bs = "4k",
					   .track_mix = 0,
					   .track_metric = "lat_mean"};
	struct sr_pts_round r[7];
	struct sr_pts_cell cells[9];
	struct sr_pts_phase wph = {.def = &wdef, .rounds = r, .nrounds = 7},
			    lph = {.def = &ldef, .has_window = true, .cells = cells};
	struct sr_pts_test wt = {.id = "pts-wsat", .entry = &wsat_e},
			   lt = {.id = "pts-latency", .entry = &lat_e};
	struct sr_pts_fig out[SR_PTS_PHASE_FIGS];

	(void)state;
	for (int k = 0; k < 7; k++)
		r[k] = (struct sr_pts_round){.round = k + 1, .tracking = 1000.0 * (k + 1)};
	assert_int_equal(sr_pts_phase_figures(&wt, &wph, out), 1);
	assert_near(out[0].value, (3000.0 + 4000 + 5000 + 6000 + 7000) / 5, 1e-9);
	assert_int_equal(out[0].last, 5);
	wph.nrounds = 3;
	assert_int_equal(sr_pts_phase_figures(&wt, &wph, out), 1);
	assert_near(out[0].value, 2000.0, 1e-9);
	assert_int_equal(out[0].last, 3);
	for (int c = 0; c < 9; c++)
		cells[c] = (struct sr_pts_cell){.lat_mean_ns = 10000.0 + c, .iops = NAN};
	lph.w.mean = 77000.0;
	assert_int_equal(sr_pts_phase_figures(&lt, &lph, out), 2);
	assert_string_equal(out[0].metric, "lat_mean");
	assert_near(out[0].value, 77000.0, 0);
	assert_int_equal(out[1].mix, 100);
	assert_string_equal(out[1].bs, "4k");
	assert_near(out[1].value, 10001.0, 0); /* mix 100 x 4k: cell 0 * 3 + 1 */
	lph.has_window = false;
	assert_int_equal(sr_pts_phase_figures(&lt, &lph, out), 0);
}

/* WSAT's two levels: round 1 fresh out of box, the mean of the last 5 the steady level (fewer
 * when fewer rounds ran); none for a phase that does not stop by bytes written, a phase without
 * rounds, or a round not measured. A burst of 873 IOPS that falls to 218 (the reference drive's
 * tests/host/pts_refdrive_burst.sh) reads back as such. */
static void wsat_levels(void **state)
{
	struct catalogue_pts_phase wdef = {.id = "wsat", .track_metric = "iops", .stop_written = 4},
				   idef = {.id = "iops", .track_metric = "iops"};
	double v[8] = {873, 873, 287, 219, 218, 217, 218, 216};
	struct sr_pts_round r[8];
	struct sr_pts_phase ph = {.def = &wdef, .rounds = r, .nrounds = 8};
	double fob = 0, steady = 0;
	size_t last = 0;

	(void)state;
	for (int k = 0; k < 8; k++)
		r[k] = (struct sr_pts_round){.round = k + 1, .tracking = v[k]};
	assert_true(sr_pts_wsat_levels(&ph, &fob, &steady, &last));
	assert_near(fob, 873.0, 0);
	assert_near(steady, (219.0 + 218 + 217 + 218 + 216) / 5, 1e-9);
	assert_int_equal(last, 5);
	ph.nrounds = 2;
	assert_true(sr_pts_wsat_levels(&ph, &fob, &steady, &last));
	assert_near(steady, 873.0, 0);
	assert_int_equal(last, 2);
	ph.nrounds = 8;
	r[5].tracking = NAN;
	assert_false(sr_pts_wsat_levels(&ph, &fob, &steady, &last));
	r[5].tracking = 217;
	ph.nrounds = 0;
	assert_false(sr_pts_wsat_levels(&ph, &fob, &steady, &last));
	ph.nrounds = 8;
	ph.def = &idef;
	assert_false(sr_pts_wsat_levels(&ph, &fob, &steady, &last));
}

/* Latency over the window: a round of fewer I/Os than a 99.999th percentile needs (100,000,
 * analyse/figures.h sr_pct_min_ios()) gives its maximum, marked, not fio's percentile; fio's
 * percentile (a histogram bin's value) above the maximum of the same I/Os is the maximum. */
static void window_p99999(void **state)
{
	char *bs[] = {"4k"};
	int mixes[] = {0};
	struct catalogue_pts_phase def = {.id = "latency",
					  .mixes = mixes,
					  .nmixes = 1,
					  .block_sizes = bs,
					  .nbs = 1,
					  .track_bs = "4k",
					  .track_mix = 0,
					  .track_metric = "lat_mean"};
	/* 5 rounds of 400 I/Os (the quick profile's 0.3 s at QD 1): the largest maximum is
	 * round 3's 8,330 µs, fio's p99.999 of every round its max's bin, 0.3 % above it */
	const double max_us[5] = {7000, 7500, 8330, 6000, 8000};
	struct pts_cell_result cells[5];
	struct sr_pts_round r[5];
	struct sr_pts_phase ph = {.def = &def, .rounds = r, .nrounds = 5};

	(void)state;
	for (int k = 0; k < 5; k++) {
		cells[k] = (struct pts_cell_result){.found = true,
						    .iops = 1300,
						    .lat_mean_ns = 750e3,
						    .lat_max_ns = max_us[k] * 1e3,
						    .p99999_ns = max_us[k] * 1.003e3,
						    .ios = 400};
		r[k] = (struct sr_pts_round){.round = k + 1, .cells = &cells[k], .tracking = 750e3};
	}
	assert_int_equal(sr_pts_phase_judge(&ph), 0);
	assert_true(ph.has_window);
	assert_near(ph.cells[0].lat_max_ns, 8330e3, 0);
	assert_near(ph.cells[0].p99999_ns, 8330e3, 0); /* the maximum, not 8,355 */
	assert_true(ph.cells[0].p99999_is_max);

	/* 200,000 I/Os a round: fio's percentiles stand, the largest of them ... */
	for (int k = 0; k < 5; k++) {
		cells[k].ios = 200000;
		cells[k].p99999_ns = max_us[k] * 0.9e3;
	}
	assert_int_equal(sr_pts_phase_judge(&ph), 0);
	assert_near(ph.cells[0].p99999_ns, 8330 * 0.9e3, 1e-6);
	assert_false(ph.cells[0].p99999_is_max);
	/* ... but never above the window's maximum: round 5's bin above 8,330 µs is 8,330 */
	cells[4].p99999_ns = 8400e3;
	assert_int_equal(sr_pts_phase_judge(&ph), 0);
	assert_near(ph.cells[0].p99999_ns, 8330e3, 0);
	assert_false(ph.cells[0].p99999_is_max);
	/* a round fio gave no percentile leaves the others' */
	cells[4].p99999_ns = NAN;
	assert_int_equal(sr_pts_phase_judge(&ph), 0);
	assert_near(ph.cells[0].p99999_ns, 8330 * 0.9e3, 1e-6);
	free(ph.cells);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(incomplete_window),
	    cmocka_unit_test(run_json_disagrees),
	    cmocka_unit_test(no_pts),
	    cmocka_unit_test(phase_figures_iops),
	    cmocka_unit_test(phase_figures_wsat_latency),
	    cmocka_unit_test(wsat_levels),
	    cmocka_unit_test(window_p99999),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
