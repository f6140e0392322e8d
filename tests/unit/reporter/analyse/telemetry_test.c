// SPDX-License-Identifier: GPL-2.0-only
/*
 * telemetry_test.c - sr_tel_track(): a test's telemetry samples on its time axis (seconds from
 * run.json's started), where the line breaks and which seconds the drive throttled, against
 * hand-made samples; sr_tel_figures() of a SATA family that counts NAND pages.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "analyse/telemetry.h"

/* A test started at Unix second 1000 sampled at @t (Unix s), @temp °C, @thr throttle flags,
 * @err: an unanswered sample came before. */
static struct sr_tel_test mk(struct sr_tel_point *p, size_t n, const double *t, const double *temp,
			     const bool *thr, const bool *err)
{
	for (size_t i = 0; i < n; i++) {
		p[i] = (struct sr_tel_point){
		    .t = t[i], .temp_c = temp[i], .throttle = thr[i], .after_error = err[i]};
		for (int s = 0; s < 8; s++)
			p[i].sensors_c[s] = NAN;
	}
	p[0].sensors_c[0] = 33; /* sensor 1 of the first sample alone */
	return (struct sr_tel_test){.id = "precond", .t0 = 1000, .points = p, .npoints = n};
}

/*
 * Samples every 1 s from 1001 to 1004, an unanswered one, 1005.5, then nothing until 1009
 * (3.5 s after: more than 2.5 x the usual 1 s and 1 s more), 1010. Spacings 1 1 1 1.5 3.5 1:
 * sorted 1 1 1 1 1.5 3.5, median (1 + 1) / 2 = 1.
 * Throttle flags at 1003 and 1004 (merged: 1002 -> 1004) and at 1010 (1009 -> 1010).
 */
static void test_track(void **state)
{
	static const double t[] = {1001, 1002, 1003, 1004, 1005.5, 1009, 1010};
	static const double temp[] = {40, 45, 50, 52, 49, 47, 46};
	static const bool thr[] = {true, false, true, true, false, false, true};
	static const bool err[] = {false, false, false, false, true, false, false};
	static const bool gap[] = {false, false, false, false, true, true, false};
	struct sr_tel_point p[7];
	struct sr_tel_test x = mk(p, 7, t, temp, thr, err);
	struct sr_tel_mark *m;
	struct sr_tel_span *s;
	size_t nm, ns;

	(void)state;
	assert_int_equal(sr_tel_track(&x, &m, &nm, &s, &ns), 0);
	assert_int_equal(nm, 7);
	for (size_t i = 0; i < nm; i++) {
		assert_true(m[i].x_s == t[i] - 1000);
		assert_true(m[i].temp_c == temp[i]);
		assert_int_equal(m[i].gap_before, gap[i]);
	}
	assert_true(m[0].sensors_c[0] == 33 && isnan(m[1].sensors_c[0]) &&
		    isnan(m[0].sensors_c[7]));
	/* the first sample's flag has no sample before it: no span */
	assert_int_equal(ns, 2);
	assert_true(s[0].x0_s == 2 && s[0].x1_s == 4);
	assert_true(s[1].x0_s == 9 && s[1].x1_s == 10);
	free(m);
	free(s);
}

/* A spacing of exactly 2.5 x the usual one is no gap; neither is one more than 2.5 x but less
 * than 1 s over it (samples every 0.2 s, one 0.6 s later). */
static void test_gap_edges(void **state)
{
	static const double t[] = {1000, 1001, 1002, 1003, 1005.5, 1005.7, 1005.9, 1006.1, 1006.7};
	static const double temp[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
	static const bool no[9] = {false};
	struct sr_tel_point p[9];
	struct sr_tel_test x;
	struct sr_tel_mark *m;
	struct sr_tel_span *s;
	size_t nm, ns;

	(void)state;
	/* 1000 1001 1002 1003 then 1005.5: 2.5 s after, the usual 1 s */
	x = mk(p, 5, t, temp, no, no);
	assert_int_equal(sr_tel_track(&x, &m, &nm, &s, &ns), 0);
	assert_int_equal(nm, 5);
	assert_false(m[4].gap_before);
	assert_null(s);
	assert_int_equal(ns, 0);
	free(m);
	/* 1005.5 .. 1006.1 every 0.2 s, then 1006.7: 0.6 s, 3 x the usual 0.2 s, under 1.2 s */
	x = mk(p, 5, &t[4], &temp[4], no, no);
	assert_int_equal(sr_tel_track(&x, &m, &nm, &s, &ns), 0);
	assert_false(m[4].gap_before);
	free(m);
}

/* No sample: no mark, no span, nothing to free. */
static void test_none(void **state)
{
	struct sr_tel_test x = {.id = "t", .t0 = 1000};
	struct sr_tel_mark *m = (void *)1;
	struct sr_tel_span *s = (void *)1;
	size_t nm = 9, ns = 9;

	(void)state;
	assert_int_equal(sr_tel_track(&x, &m, &nm, &s, &ns), 0);
	assert_null(m);
	assert_null(s);
	assert_int_equal(nm, 0);
	assert_int_equal(ns, 0);
}

/* A model counter that was never reported. */
#define NONE_C ((struct sr_tel_counter){-1, -1})

/*
 * A SATA family counting NAND pages: (247 + 248) / 247 from 590000 / 500000 to 609400 / 512000
 * pages is 19400 / 12000; the host's bytes are SMART's (Device Statistics) 1 GB, never the
 * pages; no bytes of media writes.
 */
static void test_pages(void **state)
{
	struct sr_tel_test x = {.id = "4k-randwrite",
				.host_smart = {3000000000, 4000000000},
				.media = NONE_C,
				.media_host = NONE_C,
				.media_pages = {590000, 609400},
				.media_host_pages = {500000, 512000},
				.media_source = "SATA SMART vendor attribute: Micron",
				.tmt = NONE_C,
				.tmt_s = NONE_C};
	struct sr_tel_figures f;

	(void)state;
	sr_tel_figures(&x, sr_val(5e9), &f);
	assert_true(f.pages);
	assert_string_equal(f.media_source, "SATA SMART vendor attribute: Micron");
	assert_true(sr_ok(f.waf));
	assert_true(f.waf.v == 19400.0 / 12000.0);
	assert_true(f.media_pages.v == 19400 && f.host_pages.v == 12000);
	assert_false(sr_ok(f.media_bytes));
	assert_true(f.host_bytes.v == 1e9);
	assert_string_equal(f.host_source, "SMART data units written");
	/* no host pages: no ratio, whatever the bytes say */
	x.media_host_pages = NONE_C;
	sr_tel_figures(&x, sr_val(5e9), &f);
	assert_true(f.pages);
	assert_false(sr_ok(f.waf));
	/* a drive of no family: nothing on the media side, no ratio */
	x.media_source = NULL;
	x.media_pages = NONE_C;
	sr_tel_figures(&x, sr_val(5e9), &f);
	assert_null(f.media_source);
	assert_false(f.pages);
	assert_false(sr_ok(f.waf));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_track),
	    cmocka_unit_test(test_gap_edges),
	    cmocka_unit_test(test_none),
	    cmocka_unit_test(test_pages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
