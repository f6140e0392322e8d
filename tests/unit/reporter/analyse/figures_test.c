// SPDX-License-Identifier: GPL-2.0-only
/*
 * figures_test.c - the review's figures (analyse/figures.h): a percentile at fio's histogram
 * ceiling below the maximum is clamped (a constructed json+ output, fixtures/truth), a job that
 * ended with an error never passes a spec-sheet claim (the real c31 output), the metrics of
 * reads and writes together, a curve's peak and highest rate under 1 ms; a percentile from
 * fewer I/Os than it needs is the maximum (the real c01 output).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cases.h"
#include "analyse/figures.h"

static const struct sr_value absent = {0, SR_ABSENT};

static void ceiling_is_clamped(void **state)
{
	(void)state;
	assert_true(sr_pct_clamped(sr_val(17112760320.0), sr_val(21474836480.0)));
	assert_true(sr_pct_clamped(sr_val(16711680000.0), sr_val(2e10))); /* fio 2.x, usec */
	/* the maximum is the ceiling: every I/O fitted, the percentile is true */
	assert_false(sr_pct_clamped(sr_val(17112760320.0), sr_val(17112760320.0)));
	assert_false(sr_pct_clamped(sr_val(17112760320.0), absent));
	assert_false(sr_pct_clamped(sr_val(530579456), sr_val(21474836480.0)));
}

static struct sr_test load(const char *path)
{
	struct sr_diag d = {0};
	struct sr_test t = {0};

	if (sr_fio_json_load(path, &t, &d))
		fail_msg("%s: %s", path, d.err);
	return t;
}

/* c01 (fio 2.18, usec): 4392 reads; fio printed p99.99 26240 us, above its maximum 26160 us:
 * 10,000 I/Os are needed, so the figure is the maximum; p99.9 (1,000 needed) is fio's. */
static void few_ios_percentile_is_max(void **state)
{
	char path[4096];
	struct sr_test t;
	struct sr_result *r;
	struct sr_fig f;
	size_t n;

	(void)state;
	assert_true(fabs(sr_pct_min_ios(99.999) - 100000) < 1e-6);
	assert_true(fabs(sr_pct_min_ios(99.99) - 10000) < 1e-6);
	case_path(path, sizeof(path),
		  "c01-fioplot-fio218-usec-dup-percentile-keys/randread-01.json");
	t = load(path);
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_num(r[0].dir[SR_W_READ].ios, 4392); /* "total_ios" : 4392 */
	f = sr_fig_of(&r[0], SR_W_READ, SR_M_PCT, 99.99);
	assert_true(f.is_max && !f.clamped);
	assert_num(f.v, 26160e3); /* clat "max" : 26160 (us) */
	f = sr_fig_of(&r[0], SR_W_READ, SR_M_PCT, 99.9);
	assert_false(f.is_max);
	assert_num(f.v, 24960e3);			  /* "99.900000" : 24960 */
	f = sr_fig_of(&r[0], SR_W_BOTH, SR_M_PCT, 99.99); /* reads alone: the same */
	assert_true(f.is_max);
	/* with enough I/Os, fio's value stands */
	f = sr_pct_fig(sr_val(26240e3), 99.99, sr_val(26160e3), sr_val(10000));
	assert_false(f.is_max);
	free(r);
	sr_test_free(&t);
}

static void clamped_in_a_result(void **state)
{
	struct sr_test t = load("tests/unit/reporter/fixtures/truth/spec-4k-randread-qd1.json");
	struct sr_result *r;
	struct sr_fig f;
	struct sr_claim c = {"spec-4k-randread-qd1", SR_W_READ, SR_M_PCT, 99.99, 0.37e6, false};
	size_t n;

	(void)state;
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(n, 1);
	f = sr_fig_of(&r[0], SR_W_READ, SR_M_PCT, 99.99);
	assert_true(sr_ok(f.v) && f.clamped);
	assert_true(f.v.v == 17112760320.0);
	f = sr_fig_of(&r[0], SR_W_BOTH, SR_M_PCT, 99.99); /* reads alone: the same */
	assert_true(f.clamped);
	/* p99.999 of 12,773 I/Os (100,000 needed) is the maximum, 21.5 s, not the ceiling */
	f = sr_fig_of(&r[0], SR_W_READ, SR_M_PCT, 99.999);
	assert_true(f.is_max && !f.clamped);
	assert_true(f.v.v == 21474836480.0);
	f = sr_fig_of(&r[0], SR_W_READ, SR_M_PCT, 99.9);
	assert_false(f.clamped);
	/* a sheet's 370 us: the clamped percentile is at least 17.1 s, so it fails */
	assert_int_equal(sr_claim_judge(&c, &r[0], &f), SR_V_FAIL);
	c.sheet = 20e9; /* even a sheet above the ceiling: the true value is not known to meet it */
	assert_int_equal(sr_claim_judge(&c, &r[0], &f), SR_V_FAIL);
	sr_results_free(r, n);
	sr_test_free(&t);
}

static void job_error_never_passes(void **state)
{
	char p[4096];
	struct sr_test t;
	struct sr_result *r;
	struct sr_claim c = {"x", SR_W_WRITE, SR_M_IOPS, 0, 1, true};
	struct sr_fig f;
	size_t n;

	(void)state;
	case_path(p, sizeof(p), "c31-bug-fio731-warning-lines-before-json/repro-synthetic.txt");
	t = load(p);
	assert_int_equal(t.runs[0].error, 5);
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(r[0].error, 5);
	assert_int_equal(sr_claim_judge(&c, &r[0], &f), SR_V_ERROR);
	sr_results_free(r, n);
	sr_test_free(&t);
}

static void both_directions(void **state)
{
	struct sr_result r = {0};
	struct sr_fig f;

	(void)state;
	r.dir[0] = (struct sr_dir_fig){.present = true,
				       .iops = sr_val(700),
				       .bw = sr_val(700 * 8192.0),
				       .mean = sr_val(100),
				       .max = sr_val(1000),
				       .sd = sr_val(10)};
	r.dir[1] = (struct sr_dir_fig){.present = true,
				       .iops = sr_val(300),
				       .bw = sr_val(300 * 8192.0),
				       .mean = sr_val(200),
				       .max = sr_val(5000),
				       .sd = sr_val(10)};
	assert_true(sr_fig_of(&r, SR_W_BOTH, SR_M_IOPS, 0).v.v == 1000);
	assert_true(sr_fig_of(&r, SR_W_BOTH, SR_M_BW, 0).v.v == 1000 * 8192.0);
	f = sr_fig_of(&r, SR_W_BOTH, SR_M_LAT_MEAN, 0); /* weighted by I/Os: 0.7*100 + 0.3*200 */
	assert_true(fabs(f.v.v - 130) < 1e-9);
	assert_true(sr_fig_of(&r, SR_W_BOTH, SR_M_LAT_MAX, 0).v.v == 5000);
	/* all I/Os together: sqrt(10^2 + 0.7*0.3*100^2) */
	f = sr_fig_of(&r, SR_W_BOTH, SR_M_LAT_SD, 0);
	assert_true(fabs(f.v.v - sqrt(100 + 0.21 * 10000)) < 0.05);
	r.dir[1].present = false; /* one side only: it is the figure */
	assert_true(sr_fig_of(&r, SR_W_BOTH, SR_M_LAT_MEAN, 0).v.v == 100);
	assert_false(sr_ok(sr_fig_of(&r, SR_W_WRITE, SR_M_IOPS, 0).v));
	assert_false(sr_ok(sr_fig_of(NULL, SR_W_READ, SR_M_IOPS, 0).v));
}

static void curve(void **state)
{
	const struct sr_curve_pt p[] = {
	    {100, 4e5, 0.2e6}, {500, 2e6, 0.6e6}, {1000, 4e6, 1.5e6}, {NAN, NAN, 0.1e6}};
	const struct sr_curve_pt unknown[] = {{68411, NAN, NAN}};
	struct sr_curve_fig f;

	(void)state;
	sr_curve_figures(p, 4, 1e6, &f);
	assert_true(f.peak_iops == 1000 && f.peak_lat_ns == 1.5e6 && f.peak_bw == 4e6);
	assert_true(f.under_iops == 500 && f.under_lat_ns == 0.6e6);
	assert_true(f.all_lat);
	sr_curve_figures(unknown, 1, 1e6, &f); /* a published peak without its latency */
	assert_true(f.peak_iops == 68411 && isnan(f.peak_lat_ns) && isnan(f.under_iops));
	assert_false(f.all_lat);
}

static void metric_names(void **state)
{
	enum sr_metric m;
	double pct;

	(void)state;
	assert_int_equal(sr_metric_parse("p99.99", &m, &pct), 0);
	assert_int_equal(m, SR_M_PCT);
	assert_true(pct == 99.99);
	assert_int_equal(sr_metric_parse("lat_max", &m, &pct), 0);
	assert_int_equal(m, SR_M_LAT_MAX);
	assert_int_equal(sr_metric_parse("verdict", &m, &pct), -EINVAL);
	assert_int_equal(sr_metric_parse("p100", &m, &pct), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(ceiling_is_clamped),
	    cmocka_unit_test(clamped_in_a_result),
	    cmocka_unit_test(few_ios_percentile_is_max),
	    cmocka_unit_test(job_error_never_passes),
	    cmocka_unit_test(both_directions),
	    cmocka_unit_test(curve),
	    cmocka_unit_test(metric_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
