// SPDX-License-Identifier: GPL-2.0-only
/*
 * hist_pct_test.c - percentiles per window from histogram rows (parse/hist_pct.c): rows of two
 * jobs merged bucket by bucket, percentiles by fio's rule at the bucket's midpoint (values by
 * hand from fio's bucket layout, fio_hist_log.h), windows kept apart, a row of another layout
 * or too late refused. The real logs are checked against fio's own files in
 * tests/host/report_charts.sh.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "assert_near.h"
#include "parse/hist_pct.h"

#define NB 1856 /* fio 3.x, coarseness 0 */

static uint64_t cnt[2][NB];
static uint16_t nz[2][NB];
static double mid[NB], delta[NB];

/* A row of @n (column, count) pairs, ascending columns. */
static struct sr_hist_row row(int k, uint8_t ddir, const unsigned (*cc)[2], unsigned n)
{
	memset(cnt[k], 0, sizeof(cnt[k]));
	for (unsigned i = 0; i < n; i++) {
		cnt[k][cc[i][0]] = cc[i][1];
		nz[k][i] = (uint16_t)cc[i][0];
	}
	return (struct sr_hist_row){.ddir = ddir,
				    .count = cnt[k],
				    .nbuckets = NB,
				    .stride = 1,
				    .nz = nz[k],
				    .nnz = n,
				    .mid = mid,
				    .delta = delta};
}

static void merged_percentiles(void **state)
{
	static const unsigned a[][2] = {{10, 3}, {200, 1}}, b[][2] = {{10, 1}, {130, 6}};
	static const double pct[] = {50, 99, 1};
	struct sr_hist_pct *p;
	struct sr_hist_row r;
	double v[3], e[3];

	(void)state;
	assert_int_equal(sr_hist_pct_new(&p, 1000), 0);
	r = row(0, 0, a, 2);
	assert_int_equal(sr_hist_pct_add(p, 0, &r), 0); /* job 1, first second */
	r = row(1, 0, b, 2);
	assert_int_equal(sr_hist_pct_add(p, 500, &r), 0); /* job 2, same window */
	r = row(1, 1, b, 2);
	assert_int_equal(sr_hist_pct_add(p, 1500, &r), 0); /* writes, the next second */
	assert_int_equal(sr_hist_pct_count(p), 2);
	/* window 0, reads: column 10 holds 4, 130 holds 6, 200 holds 1 (11 I/Os) */
	assert_int_equal(sr_hist_pct_get(p, 0, 0, pct, 3, 1.0, v, e), 11);
	/* p50: 5.5 I/Os reached in column 130 = integers 128 + 2 x 2 .. 133: 132.5 +- 0.5 */
	assert_near(v[0], 132.5, 0);
	assert_near(e[0], 0.5, 0);
	/* p99: 10.89 reached in column 200 = group 2, 256 + 8 x 4 .. 291: 289.5 +- 1.5 */
	assert_near(v[1], 289.5, 0);
	assert_near(e[1], 1.5, 0);
	/* p1: column 10 is the value 10 exactly; in fio 2.x units (us) 1000 times that in ns */
	assert_near(v[2], 10, 0);
	assert_int_equal(sr_hist_pct_get(p, 0, 0, pct, 3, 1000.0, v, NULL), 11);
	assert_near(v[2], 10000, 0);
	/* window 0 has no writes; window 1 only job 2's writes */
	assert_int_equal(sr_hist_pct_get(p, 0, 1, pct, 3, 1.0, v, e), 0);
	assert_true(isnan(v[0]));
	assert_int_equal(sr_hist_pct_get(p, 1, 1, pct, 3, 1.0, v, e), 7);
	assert_near(v[0], 132.5, 0);
	assert_int_equal(sr_hist_pct_get(p, 5, 0, pct, 3, 1.0, v, e), 0);
	sr_hist_pct_free(p);
}

static void refused_rows(void **state)
{
	static const unsigned a[][2] = {{10, 3}};
	struct sr_hist_pct *p;
	struct sr_hist_row r;

	(void)state;
	assert_int_equal(sr_hist_pct_new(&p, 0), -EINVAL);
	assert_int_equal(sr_hist_pct_new(&p, 1000), 0);
	r = row(0, 0, a, 1);
	assert_int_equal(sr_hist_pct_add(p, 0, &r), 0);
	r.stride = 16; /* log_hist_coarseness=4: another layout */
	r.nbuckets = NB / 16;
	assert_int_equal(sr_hist_pct_add(p, 0, &r), -EINVAL);
	r = row(0, 0, a, 1);
	assert_int_equal(sr_hist_pct_add(p, (uint64_t)SR_HIST_PCT_MAX_WINDOWS * 1000, &r), -EINVAL);
	r.ddir = 3;
	assert_int_equal(sr_hist_pct_add(p, 0, &r), -EINVAL);
	assert_int_equal(sr_hist_pct_count(p), 1);
	sr_hist_pct_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(merged_percentiles),
	    cmocka_unit_test(refused_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
