// SPDX-License-Identifier: GPL-2.0-only
/*
 * steady_state_test.c - SNIA PTS window on constructed series (pass, fail on range only, fail
 * on slope only, first attained window) and fio's ss criterion on the real c04 output.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "assert_near.h"
#include "analyse/steady_state.h"
#include "cases.h"

static const double rounds[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

/*
 * y = 100, 102, 98, 101, 99 on rounds 1..5: mean 100, range (102 - 98) / 100 = 4%.
 * x - 3 = -2..2, y - 100 = 0, 2, -2, 1, -1: Sxy = 0 - 2 + 0 + 1 - 2 = -3, Sxx = 10,
 * slope -0.3 per round, excursion 0.3 * (5 - 1) / 100 = 1.2%. Attained.
 */
static void test_snia_pass(void **state)
{
	const double y[5] = {100, 102, 98, 101, 99};
	struct pts_ss_result r;

	(void)state;
	assert_int_equal(pts_ss_series(rounds, y, 5, &r), 0);
	assert_true(r.attained);
	assert_int_equal(r.last.first, 0);
	assert_int_equal(r.last.last, 4);
	assert_near(r.last.mean, 100, 1e-12);
	assert_near(r.last.range_pct, 4, 1e-12);
	assert_near(r.last.slope, -0.3, 1e-12);
	assert_near(r.last.excursion_pct, 1.2, 1e-12);
	assert_true(r.ever_attained);
	assert_int_equal(r.first_attained.first, 0);
}

/*
 * y = 80, 120, 100, 120, 80: mean 100, range 40% > 20% (fails);
 * Sxy = (-2)(-20) + (-1)(20) + 0 + (1)(20) + (2)(-20) = 0: slope 0, excursion 0% (passes).
 */
static void test_snia_fail_range_only(void **state)
{
	const double y[5] = {80, 120, 100, 120, 80};
	struct pts_ss_result r;

	(void)state;
	assert_int_equal(pts_ss_series(rounds, y, 5, &r), 0);
	assert_false(r.attained);
	assert_false(r.last.range_ok);
	assert_true(r.last.slope_ok);
	assert_near(r.last.range_pct, 40, 1e-12);
	assert_near(r.last.excursion_pct, 0, 1e-12);
	assert_false(r.ever_attained);
}

/*
 * y = 91, 95.5, 100, 104.5, 109: mean 100, range 18% (passes);
 * slope 4.5 per round, excursion 4.5 * 4 / 100 = 18% > 10% (fails).
 */
static void test_snia_fail_slope_only(void **state)
{
	const double y[5] = {91, 95.5, 100, 104.5, 109};
	struct pts_ss_result r;

	(void)state;
	assert_int_equal(pts_ss_series(rounds, y, 5, &r), 0);
	assert_false(r.attained);
	assert_true(r.last.range_ok);
	assert_false(r.last.slope_ok);
	assert_near(r.last.range_pct, 18, 1e-12);
	assert_near(r.last.slope, 4.5, 1e-12);
	assert_near(r.last.excursion_pct, 18, 1e-12);
}

/*
 * Time as x (60 s rounds): the excursion uses the window's width in x, 240 s.
 * Window [1..5] of y = 200, 150, 120, 105, 100, 101, 99, 100, 100, 100:
 *   window 1 (150, 120, 105, 100, 101): range 50 / 115.2 = 43% -> fails.
 *   window 2 (120, 105, 100, 101, 99): mean 105, range 21 / 105 = 20% (passes, <=);
 *     y - 105 = 15, 0, -5, -4, -6: Sxy = -30 + 0 + 0 - 4 - 12 = -46 (x in rounds),
 *     slope -4.6 per round, excursion 4.6 * 4 / 105 = 17.52% -> fails on slope.
 *   window 3 (105, 100, 101, 99, 100): mean 101, range 6 / 101 = 5.94%;
 *     y - 101 = 4, -1, 0, -2, -1: Sxy = -8 + 1 + 0 - 2 - 2 = -11, slope -1.1 per round,
 *     excursion 4.4 / 101 = 4.356% -> first attained window, rounds 3..7.
 *   last window (rounds 5..9): 101, 99, 100, 100, 100: mean 100, range 2% -> attained.
 */
static void test_snia_first_window(void **state)
{
	const double y[10] = {200, 150, 120, 105, 100, 101, 99, 100, 100, 100};
	double t[10];
	struct pts_ss_window w;
	struct pts_ss_result r;
	int i;

	(void)state;
	for (i = 0; i < 10; i++)
		t[i] = 60.0 * (i + 1);
	assert_int_equal(pts_ss_window_eval(t, y, 2, 5, &w), 0);
	assert_true(w.range_ok);
	assert_false(w.slope_ok);
	assert_near(w.slope, -4.6 / 60.0, 1e-12);
	assert_near(w.excursion_pct, 4.6 * 4 / 105 * 100, 1e-9);

	assert_int_equal(pts_ss_series(t, y, 10, &r), 0);
	assert_true(r.attained);
	assert_int_equal(r.last.first, 5);
	assert_int_equal(r.last.last, 9);
	assert_near(r.last.range_pct, 2, 1e-12);
	assert_true(r.ever_attained);
	assert_int_equal(r.first_attained.first, 3);
	assert_int_equal(r.first_attained.last, 7);
	assert_near(r.first_attained.mean, 101, 1e-12);
	assert_near(r.first_attained.excursion_pct, 4.4 / 101 * 100, 1e-9);
}

static void test_snia_bad_input(void **state)
{
	const double y[5] = {1, 2, 3, 4, 5}, x_dup[5] = {1, 2, 2, 3, 4};
	const double zero[5] = {0, 0, 0, 0, 0};
	struct pts_ss_result r;

	(void)state;
	assert_int_equal(pts_ss_series(rounds, y, 4, &r), -ENODATA);
	assert_int_equal(pts_ss_series(x_dup, y, 5, &r), -EINVAL);
	assert_int_equal(pts_ss_series(rounds, zero, 5, &r), -EINVAL);
}

/* Read jobs[0].steadystate from a c04 file: data.iops[], criterion "x%" and max_deviation. */
static size_t load_c04(const char *path, double *y, size_t max, double *criterion, double *maxdev)
{
	struct json_object *root = json_object_from_file(path), *jobs, *ss, *data, *iops, *o;
	size_t i, n;

	if (!root)
		fail_msg("%s: cannot parse", path);
	assert_true(json_object_object_get_ex(root, "jobs", &jobs));
	assert_true(
	    json_object_object_get_ex(json_object_array_get_idx(jobs, 0), "steadystate", &ss));
	assert_true(json_object_object_get_ex(ss, "data", &data));
	assert_true(json_object_object_get_ex(data, "iops", &iops));
	n = json_object_array_length(iops);
	assert_true(n <= max);
	for (i = 0; i < n; i++)
		y[i] = json_object_get_double(json_object_array_get_idx(iops, i));
	assert_true(json_object_object_get_ex(ss, "criterion", &o));
	*criterion = strtod(json_object_get_string(o), NULL);
	assert_true(json_object_object_get_ex(ss, "max_deviation", &o));
	*maxdev = json_object_get_double(o);
	json_object_put(root);
	return n;
}

/*
 * c04 (fio 3.33, ss=iops:10%, ss_dur=10): fio printed attained, criterion 2.255639% and
 * max_deviation 315.9 for randread-1-1 (iops sum 140049, mean 14004.9, min 13689), and
 * 3.413476% / 57.5 for randread-16-16 (mean 1684.5, min 1627).
 */
static void test_fio_ss_deviation_c04(void **state)
{
	static const char *const files[2] = {
	    "c04-samyaple-fio333-steadystate/randread-1-1.json",
	    "c04-samyaple-fio333-steadystate/randread-16-16.json",
	};
	static const double want_crit[2] = {2.255639, 3.413476}, want_dev[2] = {315.9, 57.5};
	double y[16], crit, maxdev, c;
	char path[PATH_MAX];
	size_t n;
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		case_path(path, sizeof(path), files[i]);
		n = load_c04(path, y, 16, &crit, &maxdev);
		assert_int_equal(n, 10);
		assert_near(crit, want_crit[i], 1e-6);
		assert_near(maxdev, want_dev[i], 1e-9);
		assert_true(sr_fio_ss_check(y, n, SR_FIO_SS_DEVIATION, true, 10.0, &c));
		assert_near(c, crit, 5e-7);
		assert_true(sr_fio_ss_check(y, n, SR_FIO_SS_DEVIATION, false, 1e6, &c));
		assert_near(c, maxdev, 1e-9);
		/* strict comparison, as fio: a limit equal to the criterion is not attained */
		assert_false(sr_fio_ss_check(y, n, SR_FIO_SS_DEVIATION, false, c, &c));
	}
}

/* y = 10, 12, 14, 16, 18 (x = 0..4): slope 2 per sample, 2 / 14 = 14.2857% of the mean. */
static void test_fio_ss_slope(void **state)
{
	const double y[5] = {10, 12, 14, 16, 18};
	double c;

	(void)state;
	assert_true(sr_fio_ss_check(y, 5, SR_FIO_SS_SLOPE, true, 15.0, &c));
	assert_near(c, 100.0 * 2 / 14, 1e-12);
	assert_false(sr_fio_ss_check(y, 5, SR_FIO_SS_SLOPE, true, 14.0, &c));
	assert_true(sr_fio_ss_check(y, 5, SR_FIO_SS_SLOPE, false, 2.5, &c));
	assert_near(c, 2.0, 1e-12);
	assert_false(sr_fio_ss_check(y, 1, SR_FIO_SS_SLOPE, false, 2.5, &c));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_snia_pass),
	    cmocka_unit_test(test_snia_fail_range_only),
	    cmocka_unit_test(test_snia_fail_slope_only),
	    cmocka_unit_test(test_snia_first_window),
	    cmocka_unit_test(test_snia_bad_input),
	    cmocka_unit_test(test_fio_ss_deviation_c04),
	    cmocka_unit_test(test_fio_ss_slope),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
