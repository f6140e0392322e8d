// SPDX-License-Identifier: GPL-2.0-only
/*
 * catalogue_pts_test.c - catalogue/catalogue_pts.c: a "pts" object's TC x QD matrix, its
 * pre-write and per-phase TC/QD, and its segments (HIR, XSR, DIRTH) per profile; the catalogue's
 * full profile held against the standard's plan in pts/ (pts/hir.h, pts/dirth.h); bad objects
 * refused naming the field.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <json.h>

#include "catalogue/catalogue.h"
#include "pts/dirth.h"
#include "pts/hir.h"

static char err[512];

/* A "pts" object's text loaded: 0 or the loader's error (@err names the field). */
static int load(const char *text, struct catalogue_pts **out)
{
	json_object *o = json_tokener_parse(text);
	int rc;

	assert_non_null(o);
	err[0] = '\0';
	rc = catalogue_pts_load(o, out, err, sizeof(err));
	json_object_put(o);
	return rc;
}

#define HEAD "{\"test\": \"t\", \"spec\": \"s\", \"wipc\": \"w.fio\", "
#define PH_MATRIX                                                                                  \
	"{\"id\": \"d\", \"access\": \"random\", \"purge\": true, \"mixes\": [65], "               \
	"\"block_sizes\": [\"8k\"], \"prewrite\": true, "                                          \
	"\"matrix\": {\"tc\": [4, 2, 1], \"qd\": [8, 1]}, "                                        \
	"\"tracking\": {\"bs\": \"8k\", \"mix\": 65, \"metric\": \"iops\", \"tc\": 4, \"qd\": 8}}"

static void matrix_phase(void **state)
{
	struct catalogue_pts *p;

	(void)state;
	assert_int_equal(load(HEAD "\"phases\": [" PH_MATRIX "]}", &p), 0);
	assert_int_equal(p->phases[0].ntc, 3);
	assert_int_equal(p->phases[0].nqd, 2);
	assert_int_equal(p->phases[0].tc[2], 1);
	assert_int_equal(p->phases[0].qd[0], 8);
	assert_int_equal(p->phases[0].track_tc, 4);
	assert_int_equal(p->phases[0].track_qd, 8);
	assert_true(p->phases[0].prewrite);
	/* 1 mix x 1 block size x (3 x 2) points */
	assert_int_equal(catalogue_pts_points(&p->phases[0]), 6);
	assert_int_equal(catalogue_pts_cells(&p->phases[0]), 6);
	assert_null(p->segments);
	catalogue_pts_free(p);
}

static void segments_per_profile(void **state)
{
	struct catalogue_pts *p;
	const struct catalogue_pts_seg_profile *q;

	(void)state;
	assert_int_equal(
	    load(HEAD
		 "\"phases\": [], \"segments\": {\"kind\": \"xsr\", \"groups\": [{\"rw\": "
		 "\"write\", \"bs\": \"1m\"}, {\"rw\": \"randwrite\", \"bs\": \"8k\"}], "
		 "\"profiles\": {\"a\": {\"group_s\": [3, 2]}, \"b\": {\"group_s\": [30, 20]}}}}",
		 &p),
	    0);
	assert_int_equal(p->nphases, 0);
	assert_string_equal(p->segments->kind, "xsr");
	assert_int_equal(p->segments->ngroups, 2);
	assert_string_equal(p->segments->group_rw[1], "randwrite");
	q = catalogue_pts_seg_profile(p->segments, "b");
	assert_non_null(q);
	assert_int_equal(q->group_s[0], 30);
	assert_null(catalogue_pts_seg_profile(p->segments, "c"));
	catalogue_pts_free(p);

	assert_int_equal(load(HEAD
			      "\"phases\": [" PH_MATRIX "], \"segments\": {\"kind\": \"dirth\", "
			      "\"art_ceiling_ms\": 2.5, \"profiles\": {\"a\": {\"point_s\": 7}}}}",
			      &p),
			 0);
	assert_true(p->segments->art_ceiling_ns == 2.5e6);
	assert_int_equal(catalogue_pts_seg_profile(p->segments, "a")->point_s, 7);
	catalogue_pts_free(p);
}

/* Each refusal names the field at fault. */
static void refused(void **state)
{
	static const struct {
		const char *text, *names;
	} bad[] = {
	    {HEAD "\"phases\": []}", "\"phases\""},
	    {HEAD "\"phases\": [], \"segments\": {\"kind\": \"hir\", \"profiles\": {\"a\": "
		  "{\"write_s\": 2, \"idle_s\": [2, 3], \"repeats\": 1, \"baseline_s\": 5}}}}",
	     "\"idle_s\"[1] must be a multiple"},
	    {HEAD "\"phases\": [], \"segments\": {\"kind\": \"hir\", \"profiles\": {\"a\": "
		  "{\"write_s\": 2, \"idle_s\": [4, 2], \"repeats\": 1, \"baseline_s\": 5}}}}",
	     "\"idle_s\" must increase"},
	    {HEAD "\"phases\": [], \"segments\": {\"kind\": \"xsr\", \"groups\": [{\"rw\": "
		  "\"write\", \"bs\": \"1m\"}], \"profiles\": {\"a\": {\"group_s\": [1, 2]}}}}",
	     "each of the 1 groups"},
	    {HEAD "\"phases\": [], \"segments\": {\"kind\": \"xsr\", \"groups\": [{\"rw\": "
		  "\"read\", \"bs\": \"1m\"}], \"profiles\": {\"a\": {\"group_s\": [1]}}}}",
	     "\"rw\" must be write or randwrite"},
	    {HEAD "\"phases\": [], \"segments\": {\"kind\": \"dirth\", \"profiles\": {\"a\": "
		  "{\"point_s\": 1}}}}",
	     "a last phase with a \"matrix\""},
	    {HEAD "\"phases\": [], \"segments\": {\"kind\": \"iops\", \"profiles\": {}}}",
	     "expected hir, xsr or dirth"},
	    {HEAD
	     "\"phases\": [{\"id\": \"d\", \"access\": \"random\", \"purge\": true, "
	     "\"mixes\": [65], \"block_sizes\": [\"8k\"], \"matrix\": {\"tc\": [1, 2], \"qd\": "
	     "[1]}, \"tracking\": {\"bs\": \"8k\", \"mix\": 65, \"metric\": \"iops\", \"tc\": 1, "
	     "\"qd\": 1}}]}",
	     "\"tc\" must decrease"},
	    {HEAD
	     "\"phases\": [{\"id\": \"d\", \"access\": \"random\", \"purge\": true, "
	     "\"mixes\": [65], \"block_sizes\": [\"8k\"], \"matrix\": {\"tc\": [2, 1], \"qd\": "
	     "[1]}, \"tracking\": {\"bs\": \"8k\", \"mix\": 65, \"metric\": \"iops\", \"tc\": 4, "
	     "\"qd\": 1}}]}",
	     "must name a point of the matrix"},
	    {HEAD "\"phases\": [{\"id\": \"d\", \"access\": \"random\", \"purge\": true, "
		  "\"mixes\": [0], \"block_sizes\": [\"8k\"], \"prewrite\": true, \"tracking\": "
		  "{\"bs\": \"8k\", \"mix\": 0, \"metric\": \"iops\"}}]}",
	     "\"prewrite\" goes with a \"matrix\""},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct catalogue_pts *p = NULL;

		if (load(bad[i].text, &p) != -EINVAL)
			fail_msg("case %zu loaded: %s", i, bad[i].text);
		if (!strstr(err, bad[i].names))
			fail_msg("case %zu: \"%s\" does not say %s", i, err, bad[i].names);
		assert_null(p);
	}
}

/* The catalogue's own entries: the full profile is the standard's plan. */
static void catalogue_entries(void **state)
{
	struct catalogue *c;
	const struct catalogue_entry *e;
	const struct catalogue_pts_seg_profile *q;
	struct pts_hir_params std = pts_hir_standard();

	(void)state;
	if (catalogue_load("jobfiles/catalogue.json", &c, err, sizeof(err)))
		fail_msg("%s", err);
	e = catalogue_entry(c, "pts-hir");
	assert_non_null(e);
	q = catalogue_pts_seg_profile(e->pts->segments, "full");
	assert_non_null(q);
	assert_int_equal(q->write_s, std.write_s);
	assert_int_equal(q->nidle, std.n_states);
	for (size_t k = 0; k < q->nidle; k++)
		assert_int_equal(q->idle_s[k], std.idle_s[k]);
	assert_int_equal(q->repeats, std.repeats);
	assert_int_equal(q->baseline_s, std.baseline_s);
	assert_false(e->pts->phases[0].wipc); /* HIR: no WIPC */

	e = catalogue_entry(c, "pts-dirth");
	assert_non_null(e);
	assert_int_equal(e->pts->nphases, 2);
	assert_int_equal(e->pts->phases[0].threads, 32);
	assert_int_equal(e->pts->phases[0].depth, 32);
	assert_int_equal(e->pts->phases[1].ntc, PTS_DIRTH_LEVELS);
	assert_int_equal(e->pts->phases[1].nqd, PTS_DIRTH_LEVELS);
	for (size_t k = 0; k < PTS_DIRTH_LEVELS; k++) {
		assert_int_equal(e->pts->phases[1].tc[k], pts_dirth_levels[k]);
		assert_int_equal(e->pts->phases[1].qd[k], pts_dirth_levels[k]);
	}
	assert_true(e->pts->segments->art_ceiling_ns == PTS_DIRTH_ART_CEILING_NS);

	e = catalogue_entry(c, "pts-xsr");
	assert_non_null(e);
	assert_int_equal(e->pts->nphases, 0);
	assert_int_equal(e->pts->segments->ngroups, 3);
	assert_string_equal(e->pts->segments->group_bs[0], e->pts->segments->group_bs[2]);
	assert_int_equal(e->threads, 1);
	assert_int_equal(e->depth, 32);
	catalogue_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(matrix_phase),
	    cmocka_unit_test(segments_per_profile),
	    cmocka_unit_test(refused),
	    cmocka_unit_test(catalogue_entries),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
