// SPDX-License-Identifier: GPL-2.0-only
/*
 * progress_test.c - driver/run/progress.c: fio's status line read for its ETA and rate, the
 * test's and the run's ETA arithmetic, and the progress line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "run/progress.h"
#include "util/util.h"

static void fio_status_lines(void **state)
{
	struct rv_fio_status st;

	(void)state;
	assert_false(rv_fio_status_parse("fio-3.33\nStarting 16 threads\n", &st));
	assert_int_equal(st.eta_s, -1);
	assert_true(rv_fio_status_parse(
	    "Jobs: 16 (f=16): [w(16)][10.0%][w=20.0MiB/s][w=5120 IOPS][eta 00m:09s]\n"
	    "Jobs: 16 (f=16): [w(16)][20.0%][w=21.0MiB/s][w=5376 IOPS][eta 00m:08s]\n",
	    &st));
	assert_int_equal(st.eta_s, 8);
	assert_string_equal(st.rate, "w=5376 IOPS");
	assert_true(rv_fio_status_parse("Jobs: 1 (f=1): [m(1)][1.0%][r=14.0MiB/s,w=6.0MiB/s]"
					"[r=3587,w=1541 IOPS][eta 01h:02m:03s]",
					&st));
	assert_int_equal(st.eta_s, 3723);
	assert_string_equal(st.rate, "r=3587,w=1541 IOPS");
	assert_true(rv_fio_status_parse("Jobs: 1 (f=1): [W(1)][0.0%][eta 01d:00h:00m:05s]", &st));
	assert_int_equal(st.eta_s, 86405);
	assert_string_equal(st.rate, "");
	assert_true(rv_fio_status_parse("Jobs: 0 (f=0): [f(1)][-.-%][eta --]", &st));
	assert_int_equal(st.eta_s, -1);
}

static void eta_arithmetic(void **state)
{
	const long pending[] = {300, 120, 0, 60};
	bool lb;

	(void)state;
	/* fio's own ETA wins; else the catalogue duration less the time run; a fill unknown */
	assert_int_equal(rv_eta_test(300, 42, 18), 18);
	assert_int_equal(rv_eta_test(300, 42, -1), 258);
	assert_int_equal(rv_eta_test(300, 400, -1), 0);
	assert_int_equal(rv_eta_test(0, 10, -1), -1);
	assert_int_equal(rv_eta_test(0, 10, 7), 7);
	/* fio's overflowed ETA between a round's stonewalled cells: the expected duration instead
	 */
	assert_int_equal(rv_eta_test(300, 42, 5368709L * 3600 + 7 * 60 + 39), 258);
	assert_int_equal(rv_eta_test(300, 42, RV_FIO_ETA_MAX_S), RV_FIO_ETA_MAX_S);
	assert_int_equal(rv_eta_run(18, pending, 2, NULL, &lb), 438);
	assert_false(lb);
	assert_int_equal(rv_eta_run(18, pending, 4, NULL, &lb), 498);
	assert_true(lb); /* a fill of unknown duration is still to run */
	assert_int_equal(rv_eta_run(-1, pending, 2, NULL, &lb), 420);
	assert_true(lb);
	assert_int_equal(rv_eta_run(0, NULL, 0, NULL, &lb), 0);
	assert_false(lb);
}

/*
 * The run's ETA corrected as tests end: a plan of 60 tests, 58 of 3 s and two fills of unknown
 * duration (the quick profile's shape), each test taking 6 s more than its catalogue duration
 * and each fill 30 s. The catalogue alone says "≥ 2:54" where the run takes 9:00 more; after
 * one test of each kind ended, the estimate is the run's real remainder.
 */
static void eta_learned(void **state)
{
	struct rv_eta_learned l = {0};
	long pending[60], real = 0, eta;
	bool lb;

	(void)state;
	for (size_t i = 0; i < 60; i++) {
		pending[i] = i == 0 || i == 30 ? 0 : 3;
		real += pending[i] ? pending[i] + 6 : 30;
	}
	assert_int_equal(real, 58 * 9 + 60);
	/* nothing ended yet: the catalogue's sum, a lower bound */
	eta = rv_eta_run(-1, pending, 60, &l, &lb);
	assert_int_equal(eta, 58 * 3);
	assert_true(lb);
	assert_true(rv_eta_pace(&l) < 0); /* no pace before a test with a duration ended */
	/* the first fill ended (30 s), then a test of 3 s in 9 s */
	rv_eta_learn(&l, 0, 30);
	rv_eta_learn(&l, 3, 9);
	eta = rv_eta_run(0, pending + 2, 58, &l, &lb);
	assert_int_equal(eta, 57 * 9 + 30); /* what the 58 tests left really take */
	assert_false(lb);
	assert_int_equal(eta + 30 + 9, real);
	/* the pace counts the test with a catalogue duration only: 9 s for 3 */
	assert_true(rv_eta_pace(&l) > 2.999 && rv_eta_pace(&l) < 3.001);
	/* tests ending early (fio's steady state) lower it: 3 more of 3 s in 0 s make the overhead
	 * (9 - 12) / 4 = -0.75 s, each test of 3 s left 2.25 s */
	rv_eta_learn(&l, 3, 0);
	rv_eta_learn(&l, 3, 0);
	rv_eta_learn(&l, 3, 0);
	assert_int_equal(l.nknown, 4);
	assert_int_equal(rv_eta_run(10, pending + 2, 3, &l, &lb), 10 + 7); /* 6.75 rounded */
	/* never below 0 per test: a 10-s test in 0 s makes it (9 - 22) / 5 = -2.6 s */
	rv_eta_learn(&l, 10, 0);
	assert_int_equal(rv_eta_run(0, (const long[]){3, 2, 1}, 3, &l, &lb),
			 0);							/* 0.4, then 0, 0 */
	assert_int_equal(rv_eta_run(0, (const long[]){3, 13}, 2, &l, &lb), 11); /* 0.4 + 10.4 */
}

static void lines(void **state)
{
	struct rv_progress p = {.index = 3,
				.total = 24,
				.label = "nvme0",
				.id = "4k-randwrite",
				.elapsed_s = 42,
				.eta_s = 18,
				.rate = "w=5.1k IOPS",
				.run_elapsed_s = 3723,
				.run_eta_s = 36000};
	char out[256], t[32];

	(void)state;
	rv_progress_line(&p, out, sizeof(out));
	assert_string_equal(out, "[3/24] nvme0 · 4k-randwrite · elapsed 0:42 · eta 0:18 · w=5.1k "
				 "IOPS · run 1:02:03, eta 10:00:00");
	p.rate = "";
	p.eta_s = -1;
	p.run_eta_lower_bound = true;
	rv_progress_line(&p, out, sizeof(out));
	assert_string_equal(out, "[3/24] nvme0 · 4k-randwrite · elapsed 0:42 · eta ? · run "
				 "1:02:03, eta ≥ 10:00:00");
	assert_string_equal(rv_hms(0, t, sizeof(t)), "0:00");
	assert_string_equal(rv_hms(59, t, sizeof(t)), "0:59");
	assert_string_equal(rv_hms(3599, t, sizeof(t)), "59:59");
	assert_string_equal(rv_hms(3600, t, sizeof(t)), "1:00:00");
	assert_string_equal(rv_hms(-5, t, sizeof(t)), "0:00");
	assert_string_equal(rv_hms(129600, t, sizeof(t)), "36:00:00");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(fio_status_lines),
	    cmocka_unit_test(eta_arithmetic),
	    cmocka_unit_test(eta_learned),
	    cmocka_unit_test(lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
