// SPDX-License-Identifier: GPL-2.0-only
/*
 * series_test.c - preconditioning series (series.h) on real fio outputs, and SNIA PTS steady state
 * on rounds.
 *
 * Real outputs (fixtures/series/README.md says where each comes from): the demo review's 16-job
 * 4K random write preconditioning on the emulated NVMe and SAS drives (iops logs), its SAS 128K
 * sequential fill with only its bw log, a fio 3.33 run of three stonewalled groups (two workloads)
 * with iops and bw logs, and the cases c12 (48 stonewalled groups) and c16 (fio 2.2.10 bw log).
 * Expected values are computed from the log lines by the script below, not by ssdreport:
 *
 *   # seconds.py DIR STEM [KIND] [JOB...]: per-second sums of <STEM>_<KIND>.N.log (jobs N, all
 *   # when none given). The k-th row of a job (stamped ~1000 k + lag ms, log_avg_msec=1000) is
 *   # its second k; a second counts a job when the job has a row in it or later.
 *   import glob, re, sys
 *   d, stem, kind = sys.argv[1], sys.argv[2], (sys.argv[3:] or ["iops"])[0]
 *   want = {int(j) for j in sys.argv[4:]}
 *   sums, last = {}, {}
 *   for f in glob.glob(f"{d}/{stem}_{kind}.*.log"):
 *       job = int(re.search(r"\.(\d+)\.log$", f).group(1))
 *       if want and job not in want:
 *           continue
 *       for line in open(f):
 *           t, v = (int(x) for x in line.split(",")[:2])
 *           s = (t + 2) // 1000            # the row ends the job's second s
 *           sums[s] = sums.get(s, 0) + v
 *           last[job] = max(last.get(job, 0), s)
 *   for s in range(1, max(sums) + 1):
 *       print(s, sums.get(s, 0), sum(1 for j in last if last[j] >= s), len(last))
 *
 * SNIA tests on constructed series: each criterion's figures can be computed by hand (comments
 * give the sums).
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "assert_near.h"
#include "cases.h"
#include "fake_tree.h"
#include "model/model.h"
#include "parse/fio_json.h"
#include "parse/read_file.h"
#include "analyse/series.h"
#include "parse/series_load.h"

#define FIX "tests/unit/reporter/fixtures/series/"

/* A workload series of 1-s complete intervals: round r of 60 s has values round_mean[r]. */
static struct sr_series *make_series(struct sr_test *t, size_t seconds, const double *round_mean,
				     bool wobble)
{
	struct sr_series *s;

	t->series = calloc(1, sizeof(*t->series));
	assert_non_null(t->series);
	t->nseries = 1;
	s = &t->series[0];
	s->tput = SR_TPUT_IOPS_LOG;
	s->ngroups = 1;
	s->iv = calloc(seconds, sizeof(*s->iv));
	assert_non_null(s->iv);
	for (size_t i = 0; i < seconds; i++) {
		double v = round_mean[i / 60];

		if (wobble) /* +-5% alternating: the round mean is unchanged (30 up, 30 down) */
			v += (i % 2 ? 0.05 : -0.05) * v;
		s->iv[i] = (struct sr_interval){
		    .t_s = (double)(i + 1), .jobs = 1, .jobs_expected = 1, .iops = sr_val(v)};
	}
	s->niv = seconds;
	return s;
}

/* Load a fio JSON file and attach its series from the logs beside it (or in logs/). */
static struct sr_test load_test(const char *path, const char *dir, struct sr_diag *d)
{
	struct sr_test t = {0};

	*d = (struct sr_diag){0};
	if (sr_fio_json_load(path, &t, d))
		fail_msg("%s: %s", path, d->err);
	assert_int_equal(sr_series_attach(&t, dir, false, d), 0);
	return t;
}

/* The one series of a test of one workload. */
static const struct sr_series *only_series(const struct sr_test *t)
{
	assert_int_equal(t->nseries, 1);
	return &t->series[0];
}

/*
 * A burst falling 3000, 2600, 2200, 1800, 1400, then 1000 for 5 rounds (per-second 950/1050).
 * Last window, rounds 6..10: mean 1000, range 0, slope 0: attained. Earlier windows fail on range:
 * rounds 5..9 (1400, 1000 x 4): 400 / 1080 = 37%; 4..8: 800 / 1240 = 65%; more before. So the
 * first attained window is rounds 6..10 = seconds 300..600.
 */
static void rounds_pass(void **state)
{
	static const double means[10] = {3000, 2600, 2200, 1800, 1400,
					 1000, 1000, 1000, 1000, 1000};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 600, means, true), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_ROUNDS);
	assert_int_equal(s.nrounds, 10);
	assert_true(s.attained);
	assert_near(s.first_round, 6, 0);
	assert_near(s.last_round, 10, 0);
	assert_near(s.first_s, 300, 1e-9);
	assert_near(s.last_s, 600, 1e-9);
	assert_near(s.range_pct, 0, 1e-9);
	assert_near(s.excursion_pct, 0, 1e-9);
	sr_test_free(&t);
}

/*
 * The same burst, then rounds 6..10 at 1000, 970, 940, 910, 880: mean 940, range 120 / 940 =
 * 12.766% (passes), line slope -30 per round (exact, the data are a line), excursion 30 x 4 = 120
 * = 12.766% > 10%: fails. Rounds 5..9 (1400, 1000, 970, 940, 910): range 490 / 1044 = 47%.
 */
static void rounds_fail_slope(void **state)
{
	static const double means[10] = {3000, 2600, 2200, 1800, 1400, 1000, 970, 940, 910, 880};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 600, means, false), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_ROUNDS);
	assert_false(s.attained);
	assert_near(s.range_pct, 12000.0 / 940, 1e-9);
	assert_near(s.excursion_pct, 12000.0 / 940, 1e-9);
	assert_near(s.first_round, 6, 0); /* no window attained: the last one is marked */
	assert_near(s.last_round, 10, 0);
	sr_test_free(&t);
}

/*
 * Rounds 1..5 at 1000, 1250, 1000, 1250, 1000: mean 1100, slope sum (x - 3)(y - 1100) =
 * 200 - 150 + 0 + 150 - 200 = 0, excursion 0 (passes), range 250 / 1100 = 22.727% > 20%: fails.
 */
static void rounds_fail_range(void **state)
{
	static const double means[5] = {1000, 1250, 1000, 1250, 1000};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 300, means, false), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_ROUNDS);
	assert_int_equal(s.nrounds, 5);
	assert_false(s.attained);
	assert_near(s.range_pct, 25000.0 / 1100, 1e-9);
	assert_near(s.excursion_pct, 0, 1e-9);
	sr_test_free(&t);
}

/* 100 s: one whole round only, so the 1-s intervals are judged (and the note says so). */
static void fallback_intervals(void **state)
{
	static const double means[2] = {1000, 1000};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	sr_series_snia(&t, make_series(&t, 100, means, false), &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_INTERVALS);
	assert_int_equal(s.nrounds, 100);
	assert_true(s.attained);
	assert_near(s.first_s, 0, 1e-9); /* intervals 1..5: seconds 0..5 */
	assert_near(s.last_s, 5, 1e-9);
	assert_non_null(strstr(sr_snia_basis_note(&s), "no rounds"));
	sr_test_free(&t);
}

/*
 * Partial intervals never enter a verdict. Five seconds at 1000 IOPS, then a sixth that only 2 of
 * 16 jobs reached, at 125 (their share): judged on the five complete seconds, range 0, attained
 * (with the partial one counted the window 2..6 would hold 125 and fail: range 875 / 825 = 106%).
 * Every second partial: nothing to judge.
 */
static void snia_skips_partial(void **state)
{
	static const double means[1] = {1000};
	struct sr_test t = {0};
	struct sr_series *se;
	struct sr_snia s;

	(void)state;
	se = make_series(&t, 6, means, false);
	for (size_t i = 0; i < 6; i++)
		se->iv[i].jobs = se->iv[i].jobs_expected = 16;
	se->iv[5].jobs = 2;
	se->iv[5].iops = sr_val(125);
	assert_true(sr_interval_partial(&se->iv[5]));
	assert_false(sr_interval_partial(&se->iv[4]));
	sr_series_snia(&t, se, &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_INTERVALS);
	assert_int_equal(s.nrounds, 5);
	assert_true(s.attained);
	assert_near(s.range_pct, 0, 1e-9);
	assert_near(s.last_s, 5, 1e-9);
	for (size_t i = 0; i < 6; i++)
		se->iv[i].jobs = 15;
	sr_series_snia(&t, se, &s);
	assert_false(s.evaluated);
	sr_test_free(&t);
}

/*
 * Runs of stonewalled groups (one entry each) with R+W IOPS @total and block sizes @bs, and the
 * test's series from them (no logs).
 */
static void make_rounds(struct sr_test *t, size_t n, const double *total, const uint64_t *bs)
{
	struct sr_diag d = {0};

	t->runs = calloc(n, sizeof(*t->runs));
	assert_non_null(t->runs);
	t->nruns = n;
	for (size_t i = 0; i < n; i++) {
		struct sr_run *r = &t->runs[i];

		r->name = strdup(bs[i] == 8192 ? "pts-8k" : "pts-4k");
		r->rw = strdup("randrw");
		r->bs = bs[i];
		r->numjobs = 16;
		r->iodepth = 16;
		r->rwmixread = 70;
		r->groupid = (int)i;
		r->stonewall = i > 0;
		r->dir[SR_READ].iops = sr_val(total[i] * 0.7);
		r->dir[SR_WRITE].iops = sr_val(total[i] * 0.3);
	}
	assert_int_equal(sr_series_attach(t, NULL, false, &d), 0);
}

/*
 * Six stonewalled groups of one workload (groupid 0..5), R+W IOPS 1500, 1000, 1000, 1010, 990,
 * 1000: one series of 6 rounds. Last window (rounds 2..6): mean 1000, range 20 / 1000 = 2%, slope:
 * sum (x - 3)(y - 1000) = -10 over sum (x - 3)^2 = 10: -1 per round, excursion 4 = 0.4%:
 * attained; rounds 1..5 hold 1500 (range 50%), so the first attained window is rounds 2..6.
 */
static void rounds_from_groups(void **state)
{
	static const double total[6] = {1500, 1000, 1000, 1010, 990, 1000};
	static const uint64_t bs[6] = {8192, 8192, 8192, 8192, 8192, 8192};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	make_rounds(&t, 6, total, bs);
	assert_int_equal(t.nseries, 1);
	assert_int_equal(t.series[0].ngroups, 6);
	assert_int_equal(t.series[0].niv, 0); /* no logs, no fio steadystate data */
	sr_series_snia(&t, &t.series[0], &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_RUNS);
	assert_int_equal(s.nrounds, 6);
	assert_true(s.attained);
	assert_near(s.first_round, 2, 0);
	assert_near(s.last_round, 6, 0);
	assert_true(isnan(s.first_s));
	assert_near(s.range_pct, 2, 1e-9);
	assert_near(s.excursion_pct, 0.4, 1e-9);
	sr_test_free(&t);
}

/*
 * PTS style with two workloads interleaved, 8K, 4K, 8K, 4K, ... (10 stonewalled groups): two
 * series of 5 rounds each, never one of 10. 8K rounds 1000, 1000, 1010, 990, 1000: mean 1000,
 * range 20 / 1000 = 2%, slope sum (x - 3)(y - 1000) = (-2)0 + (-1)0 + 0(10) + 1(-10) + 2(0) = -10
 * over 10: -1 per round, excursion 4 = 0.4%: attained. 4K rounds 3000, 2000, 1000, 500, 250:
 * mean 1350, range 2750 / 1350 = 203.7%: not attained.
 */
static void rounds_per_workload(void **state)
{
	static const double total[10] = {1000, 3000, 1000, 2000, 1010, 1000, 990, 500, 1000, 250};
	static const uint64_t bs[10] = {8192, 4096, 8192, 4096, 8192, 4096, 8192, 4096, 8192, 4096};
	struct sr_test t = {0};
	struct sr_snia s;

	(void)state;
	make_rounds(&t, 10, total, bs);
	assert_int_equal(t.nseries, 2);
	assert_string_equal(t.series[0].name, "pts-8k");
	assert_string_equal(t.series[1].name, "pts-4k");
	assert_int_equal(t.series[0].ngroups, 5);
	assert_int_equal(t.series[1].ngroups, 5);
	assert_int_equal(t.series[1].runs[0], 1);
	assert_int_equal(t.series[1].runs[4], 9);
	sr_series_snia(&t, &t.series[0], &s);
	assert_true(s.evaluated);
	assert_int_equal(s.basis, SR_SS_RUNS);
	assert_int_equal(s.nrounds, 5);
	assert_true(s.attained);
	assert_near(s.range_pct, 2, 1e-9);
	assert_near(s.excursion_pct, 0.4, 1e-9);
	sr_series_snia(&t, &t.series[1], &s);
	assert_true(s.evaluated);
	assert_false(s.attained);
	assert_near(s.range_pct, 275000.0 / 1350, 1e-9);
	/* the same groups run at once (new_group, no stonewall: one drive each): never rounds */
	for (size_t i = 1; i < t.nruns; i++) {
		t.runs[i].stonewall = false;
		t.runs[i].new_group = true;
	}
	for (size_t i = 0; i < t.nseries; i++)
		sr_series_free(&t.series[i]);
	free(t.series);
	t.series = NULL;
	t.nseries = 0;
	assert_int_equal(sr_series_attach(&t, NULL, false, &(struct sr_diag){0}), 0);
	assert_int_equal(t.nseries, 10);
	sr_test_free(&t);
}

/*
 * fio stamps a log row at the end of the period it averages, on each job's own clock: the demo
 * review's NVMe preconditioning (16 jobs, log_avg_msec=1000, iops logs stamped 1001..1407 ms,
 * 2019..2411, ...) has four seconds, and second 1 holds every job's first row. seconds.py
 * demo-nvme/logs precond-4k-randwrite:
 *   1 5776 16 16 / 2 6939 16 16 / 3 8768 16 16 / 4 4710 16 16
 * (before: second 1 was drawn as 0 IOPS and each later second one second late: 0, 5776, 6939,
 * 8768, 4710 at 1..5 s).
 */
static void demo_nvme_first_second(void **state)
{
	static const double want[4] = {5776, 6939, 8768, 4710};
	struct sr_diag d;
	struct sr_test t =
	    load_test(FIX "demo-nvme/precond-4k-randwrite.json", FIX "demo-nvme", &d);
	const struct sr_series *s;

	(void)state;
	s = only_series(&t);
	assert_string_equal(s->name, "precond-4k-randwrite");
	assert_int_equal(s->tput, SR_TPUT_IOPS_LOG);
	assert_int_equal(s->niv, 4);
	for (size_t i = 0; i < 4; i++) {
		assert_near(s->iv[i].t_s, (double)(i + 1), 1e-12);
		assert_num(s->iv[i].iops, want[i]);
		assert_int_equal(s->iv[i].jobs, 16);
		assert_int_equal(s->iv[i].jobs_expected, 16); /* numjobs=16, group_reporting */
		assert_false(sr_interval_partial(&s->iv[i]));
		assert_absent(s->iv[i].bw);
	}
	sr_test_free(&t);
}

/*
 * The same test on the SAS drive: jobs 4 and 14 logged 4 rows, the other 14 jobs 5 (their last at
 * 5034..5119 ms); job 2 logged no row in its first second (no I/O completed: fio writes no row for
 * a period without I/O), so it counts 0 there and still ran. seconds.py demo-sas/logs
 * precond-4k-randwrite:
 *   1 521 16 16 / 2 948 16 16 / 3 1412 16 16 / 4 1832 16 16 / 5 1222 14 16
 * Second 5 is 14 of 16 jobs: partial, kept and flagged, never judged (before: drawn as 1222 IOPS
 * at 6 s, and the verdict took 6 intervals, the 0 at 1 s among them).
 */
static void demo_sas_partial_last_second(void **state)
{
	static const double want[5] = {521, 948, 1412, 1832, 1222};
	struct sr_diag d;
	struct sr_test t = load_test(FIX "demo-sas/precond-4k-randwrite.json", FIX "demo-sas", &d);
	const struct sr_series *s;
	struct sr_snia v;

	(void)state;
	s = only_series(&t);
	assert_int_equal(s->niv, 5);
	for (size_t i = 0; i < 5; i++) {
		assert_near(s->iv[i].t_s, (double)(i + 1), 1e-12);
		assert_num(s->iv[i].iops, want[i]);
		assert_int_equal(s->iv[i].jobs, i < 4 ? 16 : 14);
		assert_int_equal(s->iv[i].jobs_expected, 16);
		assert_int_equal(sr_interval_partial(&s->iv[i]), i == 4);
	}
	sr_series_snia(&t, s, &v); /* four complete seconds: fewer than the 5 a window needs */
	assert_false(v.evaluated);
	sr_test_free(&t);
}

/*
 * A fio 3.33 run of three stonewalled groups (fixtures/series/stonewall/sw.fio, ioengine=null,
 * rate-limited): wr4k (randwrite 4k, numjobs 2, 200 IOPS each: jobs 1-2), rd8k (randread 8k,
 * numjobs 3, 100 IOPS each: jobs 3-5), wr4k-again (the workload of wr4k: jobs 6-7). Each group's
 * logs start near 0 on its own clock. seconds.py stonewall sw iops JOBS:
 *   jobs 1 2:   1 400 2 2 / 2 400 2 2
 *   jobs 3 4 5: 1 300 3 3 / 2 299 3 3
 *   jobs 6 7:   1 402 2 2 / 2 400 2 2 / 3 199 1 2
 * So: series wr4k = its two rounds one after the other (round 2 starts at wr4k's runtime, 3001 ms
 * in the JSON): 400, 400 at 1, 2 s; 402, 400, 199 (1 of 2 jobs: partial) at 4.001, 5.001,
 * 6.001 s; series rd8k = 300, 299 at 1, 2 s. bw: wr4k second 1 = (802 + 802) KiB/s = 1642496 B/s.
 * Before: one series summing all seven jobs: 0, 1102, 1099, 199 at 1..4 s.
 */
static void stonewall_groups_own_series(void **state)
{
	static const double wr[5] = {400, 400, 402, 400, 199},
			    wr_t[5] = {1, 2, 4.001, 5.001, 6.001};
	static const unsigned wr_jobs[5] = {2, 2, 2, 2, 1}, wr_round[5] = {0, 0, 1, 1, 1};
	struct sr_diag d;
	struct sr_test t = load_test(FIX "stonewall/sw.json", FIX "stonewall", &d);
	const struct sr_series *s;

	(void)state;
	assert_int_equal(t.nruns, 3);
	assert_int_equal(t.nseries, 2);
	s = &t.series[0];
	assert_string_equal(s->name, "wr4k");
	assert_int_equal(s->ngroups, 2);
	assert_int_equal(s->nruns, 2);
	assert_int_equal(s->runs[1], 2);
	assert_int_equal(s->niv, 5);
	for (size_t i = 0; i < 5; i++) {
		assert_near(s->iv[i].t_s, wr_t[i], 1e-9);
		assert_num(s->iv[i].iops, wr[i]);
		assert_int_equal(s->iv[i].round, wr_round[i]);
		assert_int_equal(s->iv[i].jobs, wr_jobs[i]);
		assert_int_equal(s->iv[i].jobs_expected, 2);
	}
	assert_num(s->iv[0].bw, (802 + 802) * 1024.0);
	assert_true(sr_interval_partial(&s->iv[4]));
	s = &t.series[1];
	assert_string_equal(s->name, "rd8k");
	assert_int_equal(s->ngroups, 1);
	assert_int_equal(s->niv, 2);
	assert_num(s->iv[0].iops, 300);
	assert_num(s->iv[1].iops, 299);
	assert_near(s->iv[1].t_s, 2, 1e-12);
	assert_int_equal(s->iv[1].jobs_expected, 3);
	assert_false(sr_interval_partial(&s->iv[1]));
	sr_test_free(&t);
}

/* c12: 48 stonewalled groups, each a different bs/iodepth: 48 workloads, none with rounds. */
static void c12_every_group_its_own_series(void **state)
{
	struct sr_diag d;
	struct sr_test t;
	struct sr_snia v;
	char p[4096];

	(void)state;
	case_path(p, sizeof(p),
		  "c12-whitepau-fio328-48jobs-stonewall-sweep/bs_qd_wr_sweep_20s_workstation.json");
	t = load_test(p, NULL, &d);
	assert_int_equal(t.nseries, 48);
	assert_string_equal(t.series[0].name, "r_bs4k_qd1");
	assert_string_equal(t.series[47].name, "r_bs8m_qd256");
	for (size_t i = 0; i < 48; i++) {
		assert_int_equal(t.series[i].ngroups, 1);
		assert_int_equal(t.series[i].runs[0], i);
		sr_series_snia(&t, &t.series[i], &v);
		assert_false(v.evaluated);
	}
	sr_test_free(&t);
}

/*
 * Throughput from bw logs when a test has no iops logs: the demo's SAS 128K sequential fill
 * (fio 3.33, one job, bs=128k) with only prep-128k-seqfill_bw.1.log. fio's bw log is KiB/s, so
 * IOPS = value / 128. seconds.py demo-sas-bw/logs prep-128k-seqfill bw:
 *   1 37079 / 2 46278 / 3 28935 / 4 43936 / 5 50640 / 6 39482 (1 job of 1 each)
 * -> 289.6796875, 361.546875, 226.0546875, 343.25, 395.625, 308.453125 IOPS. The run's own
 * iops log (not in the fixture) says 289, 361, 226, 343, 394, 308: fio computes each over its
 * own elapsed ms, so they agree within 2. Before: no throughput at all (iops NaN).
 */
static void bw_log_only(void **state)
{
	static const double kib[6] = {37079, 46278, 28935, 43936, 50640, 39482};
	static const double iops_log[6] = {289, 361, 226, 343, 394, 308};
	struct sr_diag d;
	struct sr_test t =
	    load_test(FIX "demo-sas-bw/prep-128k-seqfill.json", FIX "demo-sas-bw", &d);
	const struct sr_series *s;

	(void)state;
	s = only_series(&t);
	assert_int_equal(s->tput, SR_TPUT_BW_LOG);
	assert_int_equal(s->niv, 6);
	for (size_t i = 0; i < 6; i++) {
		assert_num(s->iv[i].bw, kib[i] * 1024);
		assert_num(s->iv[i].iops, kib[i] / 128);
		assert_near(s->iv[i].iops.v, iops_log[i], 2);
		assert_false(sr_interval_partial(&s->iv[i]));
	}
	sr_test_free(&t);
}

/* Copy file @from to @root/@rel, replacing the first @old with @new when @old is not NULL. */
static void copy_edit(const char *from, const char *root, const char *rel, const char *old,
		      const char *new)
{
	char *buf, *at, *out;
	size_t len;

	assert_int_equal(sr_read_file(from, &buf, &len), 0);
	at = old ? strstr(buf, old) : NULL;
	if (old)
		assert_non_null(at);
	out = malloc(len + (new ? strlen(new) : 0) + 1);
	assert_non_null(out);
	if (at)
		sprintf(out, "%.*s%s%s", (int)(at - buf), buf, new, at + strlen(old));
	else
		memcpy(out, buf, len + 1);
	ft_mk(root, rel, out);
	free(out);
	free(buf);
}

/*
 * The same fill with bssplit in its options: I/Os of several sizes, so bytes/s gives no I/O
 * rate. The series keeps bytes/s, has no IOPS, and says so (SR_TPUT_BW_ONLY); the verdict is on
 * bytes/s: last window, seconds 2..6 = 46278, 28935, 43936, 50640, 39482 KiB/s, mean 41854.2,
 * range (50640 - 28935) / 41854.2 = 51.859%.
 */
static void bw_log_mixed_sizes(void **state)
{
	struct sr_diag d;
	struct sr_test t;
	struct sr_snia v;
	char root[64], json[128];

	(void)state;
	assert_int_equal(ft_new(root, "/tmp/series_test.XXXXXX"), 0);
	ft_mk(root, "logs", NULL);
	copy_edit(FIX "demo-sas-bw/prep-128k-seqfill.json", root, "prep-128k-seqfill.json",
		  "\"bs\" : \"128k\",", "\"bssplit\" : \"4k/50:128k/50\",\n\"bs\" : \"128k\",");
	copy_edit(FIX "demo-sas-bw/logs/prep-128k-seqfill_bw.1.log", root,
		  "logs/prep-128k-seqfill_bw.1.log", NULL, NULL);
	snprintf(json, sizeof(json), "%s/prep-128k-seqfill.json", root);
	t = load_test(json, root, &d);
	assert_true(t.runs[0].bs_mixed);
	assert_int_equal(t.series[0].tput, SR_TPUT_BW_ONLY);
	assert_int_equal(t.series[0].niv, 6);
	assert_num(t.series[0].iv[0].bw, 37079 * 1024.0);
	assert_absent(t.series[0].iv[0].iops);
	sr_series_snia(&t, &t.series[0], &v);
	assert_true(v.evaluated);
	assert_int_equal(v.nrounds, 6);
	assert_near(v.range_pct, 2170500 / 41854.2, 1e-9);
	sr_test_free(&t);
	assert_int_equal(ft_remove(root), 0);
}

/* A fio 2.2.10 JSON for case c16's jobfile (the case keeps only fio's text output). */
static const char c16_json[] =
    "{\"fio version\" : \"fio-2.2.10\", \"jobs\" : [{\"jobname\" : \"ceph-erasure-2-1\", "
    "\"groupid\" : 0, \"error\" : 0, \"job options\" : {\"name\" : \"ceph-erasure-2-1\", "
    "\"rw\" : \"randread\", \"bs\" : \"4k\", \"iodepth\" : \"32\", \"numjobs\" : \"1\", "
    "\"per_job_logs\" : \"0\", \"log_avg_msec\" : \"250\", \"runtime\" : \"60\"}, "
    "\"read\" : {\"io_bytes\" : 3868262, \"bw\" : 64466, \"iops\" : 16116, \"runtime\" : 60003}}]}";

/*
 * c16 (fio 2.2.10, per_job_logs=0 names, log_avg_msec=250, rows every 500 ms): its bw log alone,
 * bs=4k. Second 1 holds the rows stamped 500 and 1000 (periods 2 and 4 of 250 ms), KiB/s
 * (64816 + 63800) / 2 = 64308 -> 65851392 B/s, 64308 / 4 = 16077 IOPS. The case's iops log gives
 * (16204 + 15950) / 2 = 16077 for second 1: the two logs agree, and over all 60 seconds within
 * 0.1% (fio rounds each row to an integer, and from 45 s on stamps the bw row 1 ms before the
 * iops row, over a period 1 ms shorter: rows differ by up to 10 IOPS, seconds by up to 3).
 */
static void bw_log_fio2(void **state)
{
	struct sr_diag d;
	struct sr_test t, ti;
	char root[64], rooti[64], json[128], c16[4096];

	(void)state;
	assert_int_equal(ft_new(root, "/tmp/series_test.XXXXXX"), 0);
	assert_int_equal(ft_new(rooti, "/tmp/series_test.XXXXXX"), 0);
	ft_mk(root, "randread-4k-KERNEL.json", c16_json);
	ft_mk(rooti, "randread-4k-KERNEL.json", c16_json);
	case_path(c16, sizeof(c16), "c16-cephfio-fio2210-logs-usec-4col/randread-4k-KERNEL_bw.log");
	copy_edit(c16, root, "randread-4k-KERNEL_bw.log", NULL, NULL);
	case_path(c16, sizeof(c16),
		  "c16-cephfio-fio2210-logs-usec-4col/randread-4k-KERNEL_iops.log");
	copy_edit(c16, rooti, "randread-4k-KERNEL_iops.log", NULL, NULL);
	snprintf(json, sizeof(json), "%s/randread-4k-KERNEL.json", root);
	t = load_test(json, root, &d);
	snprintf(json, sizeof(json), "%s/randread-4k-KERNEL.json", rooti);
	ti = load_test(json, rooti, &d);
	assert_int_equal(t.series[0].tput, SR_TPUT_BW_LOG);
	assert_int_equal(t.series[0].niv, 60);
	assert_int_equal(ti.series[0].niv, 60);
	assert_num(t.series[0].iv[0].bw, 64308 * 1024.0);
	assert_num(t.series[0].iv[0].iops, 16077);
	assert_num(ti.series[0].iv[0].iops, 16077);
	for (size_t i = 0; i < 60; i++)
		assert_near(t.series[0].iv[i].iops.v, ti.series[0].iv[i].iops.v,
			    1e-3 * ti.series[0].iv[i].iops.v);
	sr_test_free(&t);
	sr_test_free(&ti);
	assert_int_equal(ft_remove(root), 0);
	assert_int_equal(ft_remove(rooti), 0);
}

/*
 * A damaged log with a row long after the run (the demo NVMe JSON says elapsed 7 s): the logs are
 * not used, with a warning naming the file and line, and no window is allocated for it; the
 * series falls back to fio's steadystate samples (ss_dur 3 s).
 */
static void log_after_the_run(void **state)
{
	struct sr_diag d;
	struct sr_test t;
	char root[64], json[128];

	(void)state;
	assert_int_equal(ft_new(root, "/tmp/series_test.XXXXXX"), 0);
	copy_edit(FIX "demo-nvme/precond-4k-randwrite.json", root, "precond-4k-randwrite.json",
		  NULL, NULL);
	ft_mk(root, "precond-4k-randwrite_iops.1.log",
	      "1008, 312, 1, 0, 0\n16000000000, 1, 1, 0, 0\n");
	snprintf(json, sizeof(json), "%s/precond-4k-randwrite.json", root);
	d = (struct sr_diag){0};
	assert_int_equal(sr_fio_json_load(json, &t, &d), 0);
	d.warned = 0;
	assert_int_equal(sr_series_attach(&t, root, false, &d), 0);
	assert_int_equal(t.nseries, 1);
	assert_int_equal(t.series[0].tput, SR_TPUT_FIO_SS);
	assert_int_equal(t.series[0].niv, 3);
	assert_true(d.warned & (1u << SR_WARN_OPTION));
	sr_test_free(&t);
	assert_int_equal(ft_remove(root), 0);
}

/*
 * Where a series was at steady state: every window of 5 rounds (60 s each) in range, windows that
 * overlap joined. The burst of rounds_pass: only rounds 6..10 (300..600 s). Steady 5 rounds, a
 * round 3 times higher, steady 5 more: rounds 1..5 (0..300 s) and 7..11 (360..660 s); every window
 * holding round 6 has a range of (3000 - 1000) / 1400 or more.
 */
static void steady_spans(void **state)
{
	static const double burst[10] = {3000, 2600, 2200, 1800, 1400,
					 1000, 1000, 1000, 1000, 1000};
	static const double bump[11] = {1000, 1000, 1000, 1000, 1000, 3000,
					1000, 1000, 1000, 1000, 1000};
	struct sr_test t = {0};
	double sp[4][2];

	(void)state;
	assert_int_equal(sr_series_steady_spans(&t, make_series(&t, 600, burst, true), sp, 4), 1);
	assert_near(sp[0][0], 300, 1e-9);
	assert_near(sp[0][1], 600, 1e-9);
	sr_test_free(&t);
	t = (struct sr_test){0};
	assert_int_equal(sr_series_steady_spans(&t, make_series(&t, 660, bump, true), sp, 4), 2);
	assert_near(sp[0][0], 0, 1e-9);
	assert_near(sp[0][1], 300, 1e-9);
	assert_near(sp[1][0], 360, 1e-9);
	assert_near(sp[1][1], 660, 1e-9);
	sr_test_free(&t);
}

/*
 * Two hours of 1-s intervals, iops = i at t = i + 1 s, and a partial interval after them: in 240
 * bins of 30 s, bin k holds the intervals whose middle falls in [30 k, 30 k + 30), t = 30 k + 1 ..
 * 30 k + 30, so iops 30 k .. 30 k + 29: mean 30 k + 14.5, min 30 k, max 30 k + 29; drawn at the
 * mean of their ends, 30 k + 15.5. The partial interval enters no bin. A 100-s series in 240 bins
 * keeps one interval per bin (bins are never under 1 s): 100 bins.
 */
static void bins_of_hours(void **state)
{
	static const double one_round[1] = {1};
	struct sr_series_bin bins[240];
	struct sr_test t = {0};
	struct sr_series *s;

	(void)state;
	s = make_series(&t, 60, one_round, false);
	free(s->iv);
	s->iv = calloc(7201, sizeof(*s->iv));
	assert_non_null(s->iv);
	for (size_t i = 0; i < 7200; i++)
		s->iv[i] = (struct sr_interval){.t_s = (double)(i + 1),
						.jobs = 16,
						.jobs_expected = 16,
						.iops = sr_val((double)i),
						.lat_mean = sr_val(1e6 + (double)i),
						.lat_max = {NAN, SR_ABSENT},
						.lat_sd = {NAN, SR_ABSENT},
						.lat_max_err = sr_val(i == 100 ? 5e5 : 1e5),
						.lat_sd_err = {NAN, SR_ABSENT}};
	s->iv[7200] =
	    (struct sr_interval){.t_s = 7201, .jobs = 3, .jobs_expected = 16, .iops = sr_val(1e9)};
	s->niv = 7201;
	assert_int_equal(sr_series_bins(s, 7200, 240, bins), 240);
	for (size_t k = 0; k < 240; k++) {
		assert_int_equal(bins[k].n, 30);
		assert_near(bins[k].t_s, 30.0 * (double)k + 15.5, 1e-9);
		assert_near(bins[k].iops.mean, 30.0 * (double)k + 14.5, 1e-9);
		assert_near(bins[k].iops.min, 30.0 * (double)k, 0);
		assert_near(bins[k].iops.max, 30.0 * (double)k + 29, 0);
		assert_near(bins[k].lat_mean.mean, 1e6 + 30.0 * (double)k + 14.5, 1e-6);
		assert_true(isnan(bins[k].lat_max.mean) && isnan(bins[k].lat_sd.max));
		assert_near(bins[k].lat_max_err, k == 3 ? 5e5 : 1e5, 0); /* interval 100: bin 3 */
		assert_true(isnan(bins[k].lat_sd_err));
	}
	s->niv = 100;
	assert_int_equal(sr_series_bins(s, 100, 240, bins), 100);
	for (size_t k = 0; k < 100; k++) {
		assert_int_equal(bins[k].n, 1);
		assert_near(bins[k].t_s, (double)(k + 1), 0);
		assert_near(bins[k].iops.min, (double)k, 0);
		assert_near(bins[k].iops.max, (double)k, 0);
	}
	sr_test_free(&t);
}

/*
 * Every fixture test, loaded and given its series by sr_series_attach_all() on @threads, and two
 * copies of the demo NVMe test in @root/a and @root/b whose logs are damaged (a row long after the
 * run, a histogram row cut short): warnings, one per test.
 */
static size_t load_all(const char *root, struct sr_test *t, struct sr_series_job *jobs,
		       unsigned threads, char **warnings, size_t *len)
{
	char a[96], b[96], aj[128], bj[128];
	const char *json[][2] = {
	    {FIX "demo-nvme/precond-4k-randwrite.json", FIX "demo-nvme"},
	    {FIX "demo-sas/precond-4k-randwrite.json", FIX "demo-sas"},
	    {FIX "demo-sas-bw/prep-128k-seqfill.json", FIX "demo-sas-bw"},
	    {FIX "stonewall/sw.json", FIX "stonewall"},
	    {"tests/unit/reporter/fixtures/golden/results/nvme-lab/precond-4k-randwrite.json",
	     "tests/unit/reporter/fixtures/golden/results/nvme-lab"},
	    {"tests/unit/reporter/fixtures/golden/results/sas-lab/precond-4k-randwrite.json",
	     "tests/unit/reporter/fixtures/golden/results/sas-lab"},
	    {aj, a},
	    {bj, b},
	};
	size_t n = sizeof(json) / sizeof(json[0]);
	struct sr_diag d = {0};

	snprintf(a, sizeof(a), "%s/a", root);
	snprintf(b, sizeof(b), "%s/b", root);
	snprintf(aj, sizeof(aj), "%s/precond-4k-randwrite.json", a);
	snprintf(bj, sizeof(bj), "%s/precond-4k-randwrite.json", b);
	for (size_t i = 0; i < n; i++) {
		t[i] = (struct sr_test){0};
		if (sr_fio_json_load(json[i][0], &t[i], &d))
			fail_msg("%s: %s", json[i][0], d.err);
		jobs[i] = (struct sr_series_job){
		    .t = &t[i], .dir = json[i][1], .single = false, .file = t[i].path};
	}
	d = (struct sr_diag){.stream = open_memstream(warnings, len)};
	assert_non_null(d.stream);
	assert_int_equal(sr_series_attach_all(jobs, n, threads, &d), 0);
	fclose(d.stream);
	return n;
}

/* Threads change nothing: each test's intervals are the same bit for bit, warnings alike. */
static void threads_as_one(void **state)
{
	struct sr_test one[8], many[8];
	struct sr_series_job j1[8], j2[8];
	char *w1 = NULL, *w2 = NULL, root[64];
	size_t l1 = 0, l2 = 0, n;

	(void)state;
	assert_int_equal(ft_new(root, "/tmp/series_test.XXXXXX"), 0);
	ft_mk(root, "a/", NULL);
	ft_mk(root, "b/", NULL);
	copy_edit(FIX "demo-nvme/precond-4k-randwrite.json", root, "a/precond-4k-randwrite.json",
		  NULL, NULL);
	ft_mk(root, "a/precond-4k-randwrite_iops.1.log",
	      "1008, 312, 1, 0, 0\n16000000000, 1, 1, 0, 0\n");
	copy_edit(FIX "demo-nvme/precond-4k-randwrite.json", root, "b/precond-4k-randwrite.json",
		  NULL, NULL);
	ft_mk(root, "b/precond-4k-randwrite_clat_hist.1.log", "1000, 1, 4096, 3, 0\n");
	n = load_all(root, one, j1, 1, &w1, &l1);
	assert_int_equal(load_all(root, many, j2, 3, &w2, &l2), n);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(one[i].nseries, many[i].nseries);
		assert_true(one[i].nseries > 0);
		for (size_t k = 0; k < one[i].nseries; k++) {
			assert_int_equal(one[i].series[k].niv, many[i].series[k].niv);
			assert_int_equal(one[i].series[k].tput, many[i].series[k].tput);
			assert_memory_equal(one[i].series[k].iv, many[i].series[k].iv,
					    one[i].series[k].niv * sizeof(struct sr_interval));
		}
		sr_test_free(&one[i]);
		sr_test_free(&many[i]);
	}
	/* one warning from each damaged test, in the jobs' order */
	assert_non_null(strstr(w1, "/a/precond-4k-randwrite.json: log not used"));
	assert_non_null(strstr(w1, "/b/precond-4k-randwrite.json: histogram log not used"));
	assert_true(strstr(w1, "/a/precond") < strstr(w1, "/b/precond"));
	assert_int_equal(l1, l2);
	assert_memory_equal(w1, w2, l1);
	free(w1);
	free(w2);
	assert_int_equal(ft_remove(root), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rounds_pass),
	    cmocka_unit_test(rounds_fail_slope),
	    cmocka_unit_test(rounds_fail_range),
	    cmocka_unit_test(fallback_intervals),
	    cmocka_unit_test(snia_skips_partial),
	    cmocka_unit_test(rounds_from_groups),
	    cmocka_unit_test(rounds_per_workload),
	    cmocka_unit_test(demo_nvme_first_second),
	    cmocka_unit_test(demo_sas_partial_last_second),
	    cmocka_unit_test(stonewall_groups_own_series),
	    cmocka_unit_test(c12_every_group_its_own_series),
	    cmocka_unit_test(bw_log_only),
	    cmocka_unit_test(bw_log_mixed_sizes),
	    cmocka_unit_test(bw_log_fio2),
	    cmocka_unit_test(log_after_the_run),
	    cmocka_unit_test(bins_of_hours),
	    cmocka_unit_test(steady_spans),
	    cmocka_unit_test(threads_as_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
