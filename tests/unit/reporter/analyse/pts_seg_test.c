// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_seg_test.c - the DIRTH and XSR figures of analyse/pts_seg.c on constructed tests: DIRTH's
 * points come from the round run.json's choice names (not the last), each cell at its TC / QD
 * (TC outer, QD inner), a cell fio did not measure NaN; XSR's reference leaves out a second not
 * every thread ran through, and the recovery is found in group 3's samples.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analyse/pts.h"
#include "assert_near.h"
#include "model/pts.h"

static struct pts_cell_result cell(double iops, double art_ns, double usr, double sys)
{
	return (struct pts_cell_result){.found = true,
					.iops = iops,
					.lat_mean_ns = art_ns,
					.ios = 100,
					.usr_cpu = usr,
					.sys_cpu = sys};
}

static void dirth_points_of_the_chosen_round(void **state)
{
	unsigned int tc[] = {2, 1}, qd[] = {4, 1};
	int mixes[] = {65};
	char *bs[] = {"8k"};
	struct catalogue_pts_phase def = {.id = "dirth",
					  .mixes = mixes,
					  .nmixes = 1,
					  .block_sizes = bs,
					  .nbs = 1,
					  .tc = tc,
					  .ntc = 2,
					  .qd = qd,
					  .nqd = 2};
	/* round 1: the chosen one; round 2, the last, must not be used */
	struct pts_cell_result r1[4] = {
	    cell(900, 2e6, 1, 2), cell(700, 1e6, 3, 4), {.found = false}, cell(300, 5e5, 7, 8)};
	struct pts_cell_result r2[4] = {cell(1, 1, 1, 1), cell(1, 1, 1, 1), cell(1, 1, 1, 1),
					cell(1, 1, 1, 1)};
	struct sr_pts_round rounds[2] = {{.round = 1, .cells = r1}, {.round = 2, .cells = r2}};
	struct rec_pts_dirth choice = {.round = 1, .chosen = true};
	struct rec_pts rp = {.dirth = &choice};
	struct sr_pts_doc doc = {.rec = {.pts = &rp}};
	struct sr_pts_phase phases[2] = {
	    {.def = &(struct catalogue_pts_phase){.id = "precondition"}},
	    {.def = &def, .rounds = rounds, .nrounds = 2}};
	struct sr_pts_test t = {.phases = phases, .nphases = 2, .doc = &doc};
	static const unsigned int want_tc[] = {2, 2, 1, 1}, want_qd[] = {4, 1, 4, 1};

	(void)state;
	assert_int_equal(sr_pts_dirth_build(&t), 0);
	assert_int_equal(t.dirth.n, 4);
	assert_int_equal(t.dirth.phase, 1);
	assert_int_equal(t.dirth.round, 1);
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(t.dirth.pt[i].tc, want_tc[i]);
		assert_int_equal(t.dirth.pt[i].qd, want_qd[i]);
		if (i == 2) {
			assert_true(isnan(t.dirth.pt[i].iops) && isnan(t.dirth.pt[i].art_ns));
			continue;
		}
		assert_near(t.dirth.pt[i].iops, r1[i].iops, 1e-9);
		assert_near(t.dirth.pt[i].art_ns, r1[i].lat_mean_ns, 1e-9);
		assert_near(t.dirth.pt[i].usr_cpu, r1[i].usr_cpu, 1e-9);
		assert_near(t.dirth.pt[i].sys_cpu, r1[i].sys_cpu, 1e-9);
	}
	free(t.dirth.pt);
	/* without a recorded choice: the last round */
	rp.dirth = NULL;
	memset(&t.dirth, 0, sizeof(t.dirth));
	assert_int_equal(sr_pts_dirth_build(&t), 0);
	assert_int_equal(t.dirth.round, 2);
	free(t.dirth.pt);
}

static void xsr_reference_and_recovery(void **state)
{
	/* group 1: six full seconds at 100 MB/s then a partial one at 10 (one thread of two) */
	struct sr_pts_sample g1[7], g2[1] = {{.t_s = 1, .mbps = 5, .jobs = 2}}, g3[8];
	static const double g3v[8] = {40, 95, 60, 91, 92, 93, 94, 95};
	struct rec_pts_segment segs[3] = {
	    {.kind = "group", .tc = 2}, {.kind = "group", .tc = 2}, {.kind = "group", .tc = 2}};
	struct sr_pts_seg_doc sd[3] = {
	    {.has = true, .cell = {.mbps = 86}, .samples = g1, .nsamples = 7},
	    {.has = true, .cell = {.mbps = 5}, .samples = g2, .nsamples = 1},
	    {.has = true, .cell = {.mbps = 80}, .samples = g3, .nsamples = 8}};
	struct rec_pts rp = {.segments_kind = "xsr", .segments = segs, .nsegments = 3};
	struct sr_pts_doc doc = {.rec = {.pts = &rp}, .segs = sd};
	struct sr_pts_test t = {.doc = &doc};

	(void)state;
	for (size_t i = 0; i < 7; i++)
		g1[i] = (struct sr_pts_sample){
		    .t_s = (double)i + 1, .mbps = i < 6 ? 100 : 10, .jobs = i < 6 ? 2 : 1};
	for (size_t i = 0; i < 8; i++)
		g3[i] = (struct sr_pts_sample){.t_s = (double)i + 1, .mbps = g3v[i], .jobs = 2};
	sr_pts_xsr_build(&t);
	assert_true(t.xsr.has);
	assert_int_equal(t.xsr.rc, 0);
	assert_near(t.xsr.group_mbps[0], 86, 1e-9);
	assert_near(t.xsr.group_mbps[2], 80, 1e-9);
	/* the partial second (10) is not in the reference: the mean of the last 5 full ones */
	assert_near(t.xsr.rec.reference, 100, 1e-9);
	assert_near(t.xsr.rec.threshold, 90, 1e-9);
	/* 95 at 2 s is alone; 91 .. 95 from the 4th second hold 5 in a row: it starts at 3 s */
	assert_true(t.xsr.rec.recovered);
	assert_int_equal(t.xsr.rec.first, 3);
	assert_near(t.xsr.rec.recovery_s, 3, 1e-9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(dirth_points_of_the_chosen_round),
	    cmocka_unit_test(xsr_reference_and_recovery),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
