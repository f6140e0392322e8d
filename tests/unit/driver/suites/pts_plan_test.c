// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_plan_test.c - driver/suites/pts_plan.c: what --dry-run says of each SNIA PTS test, from the
 * plan of jobfiles/catalogue.json's pts suite: the IOPS test's 7 x 8 cells a round (7 x 7 on
 * 4096-byte blocks, the 0.5 KiB column left out), their runtime per profile, the rounds (5 to
 * 25), WSAT's rounds by bytes written (4 x the span at round_io_pct a round), HIR's segments
 * (5 wait states x (2 x repeats) + 5 baselines), DIRTH's pre-write and 49 points, XSR's groups.
 * Each figure here is worked out from the catalogue's own values, read through the plan.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "plan/plan.h"
#include "suites/pts_plan.h"

static char err[1024];

static void build(struct rv_plan *p, const char *profile)
{
	char *argv[] = {
	    "ssd-review", "--drive", "a=/tmp/x",  "--catalogue",   "jobfiles/catalogue.json",
	    "--suite",	  "pts",     "--profile", (char *)profile, NULL};
	struct rv_opts o;

	assert_int_equal(rv_opts_parse(9, argv, &o, err, sizeof(err)), 0);
	assert_int_equal(rv_plan_build(&o, p, err, sizeof(err)), 0);
	rv_opts_free(&o);
}

static const struct rv_test *find(const struct rv_plan *p, const char *id)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->t[i].ct->id, id))
			return &p->t[i];
	fail_msg("no test %s in the plan", id);
	return NULL;
}

static void has(const char *s, const char *want)
{
	if (!strstr(s, want))
		fail_msg("\"%s\" lacks \"%s\"", s, want);
}

/* "500 ms" or "60 s": a cell's runtime as the text says it */
static void cell(const struct rv_test *t, char *out, size_t len)
{
	long ms = t->ct->timing->runtime_ms;

	if (ms % 1000)
		snprintf(out, len, "of %ld ms", ms);
	else
		snprintf(out, len, "of %ld s", ms / 1000);
}

static void iops_cells(void **state)
{
	const char *profiles[] = {"quick", "full"};

	(void)state;
	for (size_t k = 0; k < 2; k++) {
		struct rv_plan p;
		const struct rv_test *t;
		char out[2048], want[128];

		build(&p, profiles[k]);
		t = find(&p, "pts-iops");
		assert_int_equal(t->ct->entry->pts->phases[0].nmixes, 7);
		assert_int_equal(t->ct->entry->pts->phases[0].nbs, 8);
		rv_pts_plan_text(t->ct, profiles[k], 512, t->expected_s, out, sizeof(out));
		has(out, "iops: 56 cells a round (7 mixes x 8 block sizes) ");
		cell(t, want, sizeof(want));
		has(out, want);
		has(out, "5-25 rounds (steady state)");
		/* 4096-byte blocks: the 512-byte column is planned out */
		rv_pts_plan_text(t->ct, profiles[k], 4096, t->expected_s, out, sizeof(out));
		has(out, "iops: 49 cells a round (7 mixes x 7 block sizes; 1 block size not whole "
			 "4096-byte blocks left out) ");
		rv_plan_free(&p);
	}
}

static void wsat_hir_dirth_xsr(void **state)
{
	struct rv_plan p;
	const struct rv_test *t;
	char out[2048], want[256];
	long pct;

	(void)state;
	build(&p, "quick");
	/* WSAT: 4 x the span at round_io_pct of it a round */
	t = find(&p, "pts-wsat");
	pct = t->ct->timing->round_io_pct;
	assert_true(pct > 0);
	rv_pts_plan_text(t->ct, "quick", 512, t->expected_s, out, sizeof(out));
	snprintf(want, sizeof(want), "each ending once %ld %% of the span is written", pct);
	has(out, want);
	snprintf(want, sizeof(want), "until 4 x the span: %ld rounds", (long)ceil(400.0 / pct));
	has(out, want);
	/* HIR: 5 wait states of (repeats x (write, idle)) and a baseline each */
	t = find(&p, "pts-hir");
	{
		const struct catalogue_pts_seg_profile *sp =
		    catalogue_pts_seg_profile(t->ct->entry->pts->segments, "quick");

		assert_non_null(sp);
		assert_int_equal(sp->nidle, 5);
		snprintf(want, sizeof(want),
			 "segments: %u (hir: 5 wait states of %u x (%u s of "
			 "writes, then idle), each followed by %u s",
			 5 * (2 * sp->repeats + 1), sp->repeats, sp->write_s, sp->baseline_s);
		rv_pts_plan_text(t->ct, "quick", 512, t->expected_s, out, sizeof(out));
		has(out, want);
	}
	/* DIRTH: its preconditioning at 32 x 32, then a pre-write and 7 x 7 points a round */
	t = find(&p, "pts-dirth");
	rv_pts_plan_text(t->ct, "quick", 512, t->expected_s, out, sizeof(out));
	has(out, "at TC 32 / QD 32; dirth: 50 cells a round (a pre-write, then 49 TC x QD points)");
	has(out, "segments: 3 (dirth: the Max, Mid and Min IOPS points again");
	/* XSR: no phase, three groups */
	t = find(&p, "pts-xsr");
	rv_pts_plan_text(t->ct, "quick", 512, t->expected_s, out, sizeof(out));
	assert_int_equal(strncmp(out, "segments: 3 (xsr: access groups of ", 35), 0);
	/* the least time closes every test's text */
	has(out, "; at least ");
	rv_plan_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(iops_cells),
	    cmocka_unit_test(wsat_hir_dirth_xsr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
