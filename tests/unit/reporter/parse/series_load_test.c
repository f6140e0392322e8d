// SPDX-License-Identifier: GPL-2.0-only
/*
 * series_load_test.c - preconditioning series read from real fio outputs (series_load.h): the
 * intervals of each workload from fio's logs, and the verdicts of those series (analyse/series.h).
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
	    cmocka_unit_test(demo_nvme_first_second),
	    cmocka_unit_test(demo_sas_partial_last_second),
	    cmocka_unit_test(stonewall_groups_own_series),
	    cmocka_unit_test(c12_every_group_its_own_series),
	    cmocka_unit_test(bw_log_only),
	    cmocka_unit_test(bw_log_mixed_sizes),
	    cmocka_unit_test(bw_log_fio2),
	    cmocka_unit_test(log_after_the_run),
	    cmocka_unit_test(threads_as_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
