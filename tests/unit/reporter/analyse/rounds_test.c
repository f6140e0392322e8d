// SPDX-License-Identifier: GPL-2.0-only
/*
 * rounds_test.c - analyse/rounds.c on constructed rounds of one job: the series ordered by fio's
 * timestamp, equal or missing timestamps by the file name's natural order (round2 before
 * round10); the measurement window the first 5 rounds meeting both SNIA criteria, else the last
 * 5 (found here by the test's own mean, range and least-squares slope over rounds 1..n); a round
 * that was interrupted or did no I/O has no value, and no window holding it is steady; two jobs
 * or two sources are two series.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyse/rounds.h"
#include "assert_near.h"

#define MAXR 16

/* A constructed model of up to MAXR rounds: each a test (timestamp), its result (read IOPS) and
 * its review test (id), one point each. */
struct fake {
	struct sr_test test[MAXR];
	struct sr_result res[MAXR];
	struct sr_result *per_drive[MAXR][1];
	struct sr_rtest rt[MAXR];
	struct sr_point pts[MAXR];
	bool repeat[MAXR];
	char ids[MAXR][16];
	struct sr_structure s;
	size_t n;
};

/* Round @id: @iops read IOPS (NaN: no I/O), fio's @timestamp (0: none), job @rw on @source. */
static void add(struct fake *f, const char *id, double iops, int64_t timestamp, const char *rw,
		size_t source)
{
	size_t i = f->n++;

	assert_true(i < MAXR);
	f->test[i] = (struct sr_test){.id = (char *)id, .timestamp = timestamp};
	f->res[i] = (struct sr_result){.test = &f->test[i]};
	if (!isnan(iops)) {
		f->res[i].dir[0].present = true;
		f->res[i].dir[0].iops = sr_val(iops);
	}
	f->per_drive[i][0] = &f->res[i];
	f->rt[i] = (struct sr_rtest){.id = (char *)id, .per_drive = f->per_drive[i]};
	f->pts[i] = (struct sr_point){.t = &f->rt[i], .source = source};
	f->pts[i].p = (struct sr_params){.rw = rw,
					 .bs = 4096,
					 .numjobs = 1,
					 .iodepth = 32,
					 .ioengine = "libaio",
					 .target = "/dev/sdb",
					 .host = ""};
	f->repeat[i] = true;
	f->s = (struct sr_structure){.pts = f->pts, .npts = f->n, .repeat = f->repeat};
}

/* Rounds "round1".."roundN" of a random-write job with @y's IOPS, fio's timestamps a minute apart.
 */
static void add_rounds(struct fake *f, const double *y, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		snprintf(f->ids[f->n], sizeof(f->ids[f->n]), "round%zu", i + 1);
		add(f, f->ids[f->n], y[i], 1700000000 + 60 * (int64_t)i, "randwrite", 0);
	}
}

/* The series' round @k's test id. */
static const char *id_at(const struct fake *f, const struct sr_round_series *g, size_t k)
{
	return f->rt[g->pts[k]].id;
}

/* The window the SNIA rule picks over @y[0..n): the first 5 rounds with data excursion <= 20 %
 * and slope excursion <= 10 % of their mean, else the last 5. Computed here, independently of
 * pts/steady.c. Return: its first index; *@steady whether it met both; *@mean its mean. */
static size_t expected_window(const double *y, size_t n, bool *steady, double *mean)
{
	for (size_t first = 0; first + 5 <= n; first++) {
		double sx = 0, sy = 0, sxx = 0, sxy = 0, lo = INFINITY, hi = -INFINITY, slope;
		bool nan = false;

		for (size_t i = first; i < first + 5; i++) {
			double x = (double)(i + 1);

			nan |= isnan(y[i]);
			sx += x;
			sy += y[i];
			sxx += x * x;
			sxy += x * y[i];
			lo = fmin(lo, y[i]);
			hi = fmax(hi, y[i]);
		}
		*mean = sy / 5;
		slope = (5 * sxy - sx * sy) / (5 * sxx - sx * sx);
		*steady = !nan && (hi - lo) / *mean <= 0.20 && fabs(slope) * 4 / *mean <= 0.10;
		if (*steady || first + 5 == n)
			return first;
	}
	fail_msg("fewer than 5 rounds");
	return 0;
}

/* Rounds given out of order: fio's timestamps order them, whatever the names say. */
static void ordered_by_timestamp(void **state)
{
	static struct fake f;
	struct sr_rounds r;
	const char *want[] = {"b_round1", "a_round2", "c_round3"};

	(void)state;
	memset(&f, 0, sizeof(f));
	add(&f, "c_round3", 300, 1700000300, "randwrite", 0);
	add(&f, "a_round2", 200, 1700000200, "randwrite", 0);
	add(&f, "b_round1", 100, 1700000100, "randwrite", 0);
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.g[0].n, 3);
	assert_true(r.g[0].by_time);
	for (size_t k = 0; k < 3; k++) {
		assert_string_equal(id_at(&f, &r.g[0], k), want[k]);
		assert_near(r.g[0].iops[k], f.res[r.g[0].pts[k]].dir[0].iops.v, 0);
	}
	assert_false(r.g[0].has_window); /* 3 rounds: no window of 5 */
	sr_rounds_free(&r);
}

/* Without timestamps (or with equal ones) the names' natural order: round2 before round10, not
 * strcmp's; such a series is not said to be ordered by time. */
static void natural_name_order(void **state)
{
	static struct fake f;
	struct sr_rounds r;
	char ids[12][16];

	(void)state;
	memset(&f, 0, sizeof(f));
	for (int i = 12; i >= 1; i--) { /* round12 first, as a directory listing might give them */
		snprintf(ids[i - 1], sizeof(ids[i - 1]), "round%d", i);
		add(&f, ids[i - 1], 1000.0 + i, i == 7 ? 1700000000 : 0, "randread", 0);
	}
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.g[0].n, 12);
	assert_false(r.g[0].by_time);
	/* the one with a timestamp sorts after those without (0: none), the rest by name */
	for (size_t k = 0, want = 1; k < 11; k++, want++) {
		char name[16];

		want += want == 7;
		snprintf(name, sizeof(name), "round%zu", want);
		assert_string_equal(id_at(&f, &r.g[0], k), name);
	}
	assert_string_equal(id_at(&f, &r.g[0], 11), "round7");

	/* equal timestamps: the names break the tie */
	sr_rounds_free(&r);
	memset(&f, 0, sizeof(f));
	add(&f, "r10", 10, 1700000000, "randread", 0);
	add(&f, "r9", 9, 1700000000, "randread", 0);
	add(&f, "r1", 1, 1600000000, "randread", 0);
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	assert_string_equal(id_at(&f, &r.g[0], 0), "r1");
	assert_string_equal(id_at(&f, &r.g[0], 1), "r9");
	assert_string_equal(id_at(&f, &r.g[0], 2), "r10");
	assert_false(r.g[0].by_time); /* two rounds share a timestamp */
	sr_rounds_free(&r);
}

/* Check @g's window and verdict against the test's own computation over @y. */
static void check_window(const struct sr_round_series *g, const double *y, size_t n,
			 size_t want_first, bool want_steady)
{
	bool steady;
	double mean;
	size_t first = expected_window(y, n, &steady, &mean);

	assert_int_equal(first, want_first); /* the data were built for this window */
	assert_int_equal(steady, want_steady);
	assert_true(g->has_window);
	assert_int_equal(g->steady, steady);
	assert_int_equal(g->w.first, first);
	assert_int_equal(g->w.last, first + 4);
	assert_near(g->w.mean, mean, 1e-9 * mean);
}

/* A drive settling: rounds 1-3 fall, rounds 3-7 are the first 5 within both criteria, later
 * rounds (also steady) are not the window. */
static void first_passing_window(void **state)
{
	static struct fake f;
	struct sr_rounds r;
	const double y[] = {90000, 60000, 41000, 40000, 40500, 39800, 40100, 40000, 40200, 39900};

	(void)state;
	memset(&f, 0, sizeof(f));
	add_rounds(&f, y, 10);
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	assert_int_equal(r.n, 1);
	check_window(&r.g[0], y, 10, 2, true);
	sr_rounds_free(&r);
}

/* Never steady (a slope of 5 % of the mean per round): the last 5 rounds, not steady. */
static void last_window_when_never_steady(void **state)
{
	static struct fake f;
	struct sr_rounds r;
	double y[8];

	(void)state;
	memset(&f, 0, sizeof(f));
	for (size_t i = 0; i < 8; i++)
		y[i] = 50000.0 * (1.0 - 0.05 * (double)i);
	add_rounds(&f, y, 8);
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	check_window(&r.g[0], y, 8, 3, false);
	sr_rounds_free(&r);
}

/* A round interrupted (fio's signal) or with no I/O has no value; windows holding it are not
 * steady, so the window moves past it; when the last 5 hold it there is no window at all. */
static void interrupted_and_no_io(void **state)
{
	static struct fake f;
	struct sr_rounds r;
	/* rounds 1-5 would be steady but round 2 was interrupted, round 4 did no I/O */
	double y[] = {40000, 40100, 39900, NAN, 40050, 40000, 39950, 40020, 40010, 39990};

	(void)state;
	memset(&f, 0, sizeof(f));
	add_rounds(&f, y, 10);
	f.res[1].interrupted = true; /* its IOPS figure is there, but the round was cut short */
	y[1] = NAN;
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	assert_true(isnan(r.g[0].iops[1]));
	assert_true(isnan(r.g[0].iops[3]));
	assert_near(r.g[0].iops[2], 39900, 0);
	check_window(&r.g[0], y, 10, 4, true); /* the first window past both */
	sr_rounds_free(&r);

	/* the last round did no I/O and nothing before was steady: no window */
	memset(&f, 0, sizeof(f));
	add_rounds(&f, (const double[]){10000, 20000, 30000, 40000, 50000, NAN}, 6);
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	assert_int_equal(r.g[0].n, 6);
	assert_true(isnan(r.g[0].iops[5]));
	assert_false(r.g[0].has_window);
	assert_false(r.g[0].steady);
	sr_rounds_free(&r);
}

/* Two jobs, or one job on two sources, are separate series; a point that is no repeat is in
 * none. */
static void series_apart(void **state)
{
	static struct fake f;
	struct sr_rounds r;

	(void)state;
	memset(&f, 0, sizeof(f));
	add(&f, "w1", 1, 1700000000, "randwrite", 0);
	add(&f, "r1", 2, 1700000000, "randread", 0);
	add(&f, "w2", 3, 1700000060, "randwrite", 0);
	add(&f, "r2", 4, 1700000060, "randread", 0);
	add(&f, "w1-other-drive", 5, 1700000000, "randwrite", 1);
	add(&f, "w2-other-drive", 6, 1700000060, "randwrite", 1);
	add(&f, "single", 7, 1700000000, "read", 0);
	f.repeat[6] = false;
	assert_int_equal(sr_rounds_build(&f.s, &r), 0);
	assert_int_equal(r.n, 3);
	for (size_t i = 0; i < r.n; i++) {
		assert_int_equal(r.g[i].n, 2);
		/* one job and source per series */
		assert_int_equal(f.pts[r.g[i].pts[0]].source, f.pts[r.g[i].pts[1]].source);
		assert_string_equal(f.pts[r.g[i].pts[0]].p.rw, f.pts[r.g[i].pts[1]].p.rw);
		assert_true(r.g[i].iops[0] < r.g[i].iops[1]); /* round 1 first */
	}
	sr_rounds_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(ordered_by_timestamp),
	    cmocka_unit_test(natural_name_order),
	    cmocka_unit_test(first_passing_window),
	    cmocka_unit_test(last_window_when_never_steady),
	    cmocka_unit_test(interrupted_and_no_io),
	    cmocka_unit_test(series_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
