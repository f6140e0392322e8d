// SPDX-License-Identifier: GPL-2.0-only
/*
 * structure_test.c - analyse/structure.c's sweeps on constructed jobs: a grid of block sizes by
 * iodepths is one sweep against iodepth with a line per bs, not also its transpose against bs at
 * each iodepth; a grid per rw is one such sweep per rw; sweeps of two numjobs lines each stay
 * apart, and their transposes are still not drawn; a lone sweep against bs (its jobs in no other
 * sweep) is kept; two sources keep their own lines and are not merged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyse/structure.h"

#define MAXP 64

/* Constructed jobs: their parameters and sources only (what the grouping reads). */
struct fake {
	struct sr_point pts[MAXP];
	bool repeat[MAXP];
	struct sr_structure s;
	size_t n;
};

static void job(struct fake *f, const char *rw, uint64_t bs, unsigned numjobs, unsigned iodepth,
		size_t source)
{
	size_t i = f->n++;

	assert_true(i < MAXP);
	f->pts[i] = (struct sr_point){.source = source};
	f->pts[i].p = (struct sr_params){.rw = rw,
					 .bs = bs,
					 .numjobs = numjobs,
					 .iodepth = iodepth,
					 .ioengine = "io_uring",
					 .target = source ? "/dev/sdc" : "/dev/sdb",
					 .host = ""};
}

static void group(struct fake *f)
{
	f->s = (struct sr_structure){.pts = f->pts, .npts = f->n, .repeat = f->repeat};
	assert_int_equal(sr_structure_group(&f->s), 0);
}

static void done(struct fake *f)
{
	f->s.pts = NULL; /* the fake's own arrays */
	f->s.repeat = NULL;
	sr_structure_free(&f->s);
}

static size_t of_axis(const struct fake *f, enum sr_axis a)
{
	size_t n = 0;

	for (size_t i = 0; i < f->s.nsweeps; i++)
		n += f->s.sweeps[i].axis == a;
	return n;
}

static const uint64_t bss[] = {4096, 16384, 65536, 1048576};
static const unsigned qds[] = {1, 4, 32, 256};

/* 4 block sizes x 4 iodepths of one job on one device: one sweep, its lines ordered by bs and
 * each line's points by iodepth. */
static void grid_is_one_sweep(void **state)
{
	struct fake f = {0};

	(void)state;
	for (size_t q = 0; q < 4; q++) /* the jobs in file order: iodepth outer */
		for (size_t b = 0; b < 4; b++)
			job(&f, "write", bss[b], 1, qds[q], 0);
	group(&f);
	assert_int_equal(f.s.nsweeps, 1);
	assert_int_equal(f.s.sweeps[0].axis, SR_AX_IODEPTH);
	assert_int_equal(f.s.sweeps[0].series, SR_P_BIT(SR_P_BS));
	assert_int_equal(f.s.sweeps[0].n, 16);
	assert_int_equal(f.s.sweeps[0].nx, 4);
	for (size_t k = 0; k < 16; k++) {
		const struct sr_point *p = &f.pts[f.s.sweeps[0].pts[k]];

		assert_int_equal(p->p.bs, bss[k / 4]);
		assert_int_equal(p->p.iodepth, qds[k % 4]);
	}
	assert_int_equal(of_axis(&f, SR_AX_BS), 0);
	done(&f);
}

/* Two rw, each a grid of 2 block sizes by 3 iodepths: a sweep per rw, a line per bs; the sweeps
 * against bs at each iodepth (a line per rw) would draw the same jobs again. */
static void grid_per_rw(void **state)
{
	static const char *const rws[] = {"randread", "randwrite"};
	struct fake f = {0};

	(void)state;
	for (size_t r = 0; r < 2; r++)
		for (size_t b = 0; b < 2; b++)
			for (size_t q = 0; q < 3; q++)
				job(&f, rws[r], bss[b], 1, qds[q], 0);
	group(&f);
	assert_int_equal(f.s.nsweeps, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct sr_sweep *g = &f.s.sweeps[i];

		assert_int_equal(g->axis, SR_AX_IODEPTH);
		assert_int_equal(g->series, SR_P_BIT(SR_P_BS));
		assert_int_equal(g->n, 6);
		for (size_t k = 0; k < g->n; k++)
			assert_string_equal(f.pts[g->pts[k]].p.rw, rws[i]);
	}
	done(&f);
}

/* Sweeps against iodepth with two numjobs lines each (one per bs) are not merged; the sweeps
 * against bs (and numjobs) of the same jobs are still not drawn. */
static void two_lines_stay_apart(void **state)
{
	struct fake f = {0};

	(void)state;
	for (size_t b = 0; b < 2; b++)
		for (unsigned t = 1; t <= 4; t *= 4)
			for (size_t q = 0; q < 3; q++)
				job(&f, "randread", bss[b], t, qds[q], 0);
	group(&f);
	assert_int_equal(f.s.nsweeps, 2);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(f.s.sweeps[i].axis, SR_AX_IODEPTH);
		assert_int_equal(f.s.sweeps[i].series, SR_P_BIT(SR_P_NUMJOBS));
		assert_int_equal(f.s.sweeps[i].n, 6);
	}
	done(&f);
}

/* Block sizes at one iodepth beside an iodepth sweep at 4 KiB: the sweep against bs holds jobs
 * the iodepth sweep does not, and is kept whole (its 4 KiB point too). */
static void new_jobs_keep_a_sweep(void **state)
{
	struct fake f = {0};

	(void)state;
	for (size_t q = 0; q < 4; q++)
		job(&f, "randread", 4096, 1, qds[q], 0);
	for (size_t b = 1; b < 4; b++)
		job(&f, "randread", bss[b], 1, 32, 0);
	group(&f);
	assert_int_equal(f.s.nsweeps, 2);
	assert_int_equal(f.s.sweeps[0].axis, SR_AX_IODEPTH);
	assert_int_equal(f.s.sweeps[0].n, 4);
	assert_int_equal(f.s.sweeps[1].axis, SR_AX_BS);
	assert_int_equal(f.s.sweeps[1].n, 4);
	assert_int_equal(f.s.sweeps[1].series, SR_P_BIT(SR_P_RW) | SR_P_BIT(SR_P_MIX));
	done(&f);
}

/* The grid on two devices: each sweep draws a line per device, so none is merged; the jobs are
 * compared device against device too. */
static void two_sources_not_merged(void **state)
{
	struct fake f = {0};

	(void)state;
	for (size_t src = 0; src < 2; src++)
		for (size_t b = 0; b < 2; b++)
			for (size_t q = 0; q < 3; q++)
				job(&f, "write", bss[b], 1, qds[q], src);
	group(&f);
	assert_int_equal(of_axis(&f, SR_AX_IODEPTH), 2);
	assert_int_equal(of_axis(&f, SR_AX_BS), 0);
	for (size_t i = 0; i < f.s.nsweeps; i++) {
		assert_int_equal(f.s.sweeps[i].series, SR_P_BIT(SR_P_NUMJOBS));
		assert_int_equal(f.s.sweeps[i].n, 6);
	}
	assert_int_equal(f.s.ncmps, 6);
	done(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(grid_is_one_sweep),      cmocka_unit_test(grid_per_rw),
	    cmocka_unit_test(two_lines_stay_apart),   cmocka_unit_test(new_jobs_keep_a_sweep),
	    cmocka_unit_test(two_sources_not_merged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
