// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_hist_log_test.c - fio clat histogram logs: bucket layout, reader, per-window merge, and the
 * preconditioning series that takes max latency and stddev from them.
 *
 * Fixtures (tests/unit/reporter/fixtures/hist/) are real fio 3.33 output on a file, libaio:
 *   c0_clat_hist.1.log: fio --name=c0 --rw=randread --bs=4k --iodepth=2 --runtime=300ms
 *       --time_based --log_hist_msec=100 --write_hist_log=c0 (coarseness 0: 1856 columns);
 *   precond-h*: fio --name=precond-h --rw=randrw --rwmixread=70 --bs=4k --iodepth=4 --numjobs=2
 *       --runtime=2 --time_based --log_hist_msec=100 --log_hist_coarseness=4 (116 columns)
 *       --write_hist_log=precond-h --write_lat_log=precond-h --write_iops_log=precond-h
 *       --log_avg_msec=100 --output-format=json (lat/slat logs removed, clat kept).
 * Expected values come from this independent script (it merges the histograms first and computes
 * from the merged counts, where the reader merges per-row moments):
 *
 *   import sys
 *   def bucket(col, s):  # integers a column holds: (lo, hi)
 *       def b(i):
 *           if i < 128: return i, i
 *           g = (i >> 6) - 1
 *           lo = 2**(g + 6) + (i % 64) * 2**g
 *           return lo, lo + 2**g - 1
 *       return b(col * s)[0], b(col * s + s - 1)[1]
 *   wms, acc = int(sys.argv[1]), {}
 *   for f in sys.argv[2:]:
 *       for line in open(f):
 *           v = [int(x) for x in line.split(',')]
 *           cnt = v[3:]
 *           s = next(n // len(cnt) for n in (1856, 1216) if n % len(cnt) == 0)
 *           for c, k in enumerate(cnt):
 *               if k: acc.setdefault((v[0] // wms, v[1]), []).append((k,) + bucket(c, s))
 *   for key in sorted(acc):
 *       xs = acc[key]; n = sum(x[0] for x in xs)
 *       mean = sum(k * (lo + hi) / 2 for k, lo, hi in xs) / n
 *       sd = (sum(k * ((lo + hi) / 2 - mean)**2 for k, lo, hi in xs) / (n - 1))**.5
 *       err = (sum(k * ((hi - lo) / 2)**2 for k, lo, hi in xs) / (n - 1))**.5
 *       mx = max(xs, key=lambda x: x[1])
 *       print(key, n, '%.3f %.3f %.1f +-%.1f sd_err %.3f' % (mean, sd, (mx[1] + mx[2]) / 2,
 *             (mx[2] - mx[1]) / 2, err))
 *
 *   $ python3 hist.py 100 c0_clat_hist.1.log
 *   (1, 0) 1964 90982.278 346292.913 8847359.5 +-65535.5 sd_err 2439.161
 *   (2, 0) 1987 87963.071 536917.689 16187391.5 +-65535.5 sd_err 2263.414
 *   $ python3 hist.py 1000 precond-h_clat_hist.1.log precond-h_clat_hist.2.log
 *   (0, 0) 15287 283316.443 4135493.076 218103807.5 +-16777215.5 sd_err 320719.510
 *   (0, 1) 6627 395545.556 1837742.641 46137343.5 +-4194303.5 sd_err 177075.403
 *   (1, 0) 18210 234773.399 2579916.213 150994943.5 +-16777215.5 sd_err 260723.261
 *   (1, 1) 7704 401831.043 3694596.817 184549375.5 +-16777215.5 sd_err 361086.397
 *   (2, 1) 294 4354604.779 29377579.844 218103807.5 +-16777215.5 sd_err 2401067.841
 *   $ python3 hist.py 1000
 * ../shared/cases/c07-pkb-fio217-hist-log/pkb_fio_avg_1506559526.49_clat_hist.1.log  (usec) (1, 0)
 * 8325 112.974 184.306 5407.5 +-31.5 sd_err 1.234 (9, 0) 770 1286.533 215.331 1975.5 +-7.5
 * sd_err 7.399 Cross-check with fio's JSON: job 2's read clat max is 218476202 ns, inside
 * 218103807.5 +- 16777215.5.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "assert_near.h"
#include "cases.h"
#include "util/diag.h"
#include "parse/fio_hist_log.h"
#include "parse/hist_interval.h"
#include "model/model.h"
#include "parse/fio_json.h"
#include "analyse/series.h"
#include "parse/series_load.h"

#define FIX "tests/unit/reporter/fixtures/hist/"

/* Bucket layout, by hand from fio's stat.h constants (64 buckets per group, see fio_hist_log.h). */
static void bucket_layout(void **state)
{
	double mid, delta;

	(void)state;
	sr_hist_bucket(0, 1, &mid, &delta);
	assert_near(mid, 0, 0);
	assert_near(delta, 0, 0);
	sr_hist_bucket(127, 1, &mid, &delta); /* below 128: the value itself */
	assert_near(mid, 127, 0);
	assert_near(delta, 0, 0);
	sr_hist_bucket(128, 1, &mid, &delta); /* group 1: 2 wide from 128: {128, 129} */
	assert_near(mid, 128.5, 0);
	assert_near(delta, 0.5, 0);
	/* last fio 3.x bucket 1855: group 27, 2^33 + 63 * 2^27 .. + 2^27 - 1 */
	sr_hist_bucket(1855, 1, &mid, &delta);
	assert_near(mid, 8589934592.0 + 63 * 134217728.0 + (134217728.0 - 1) / 2, 0);
	assert_near(delta, (134217728.0 - 1) / 2, 0);
	/* coarseness 4, column 8: fio buckets 128..143 = integers 128 .. 158 + 1 */
	sr_hist_bucket(8, 16, &mid, &delta);
	assert_near(mid, (128 + 159) / 2.0, 0);
	assert_near(delta, (159 - 128) / 2.0, 0);
}

static void reader_rows(void **state)
{
	struct sr_hist_reader *r;
	struct sr_hist_row row;
	char err[256] = "";
	uint64_t sum = 0;

	(void)state;
	assert_int_equal(sr_hist_open(&r, FIX "precond-h_clat_hist.1.log", err, sizeof(err)), 0);
	assert_int_equal(sr_hist_next(r, &row), 1);
	/* first line of the file: "101, 1, 4096, ..." with 116 counts (1856 / 16) */
	assert_int_equal(row.time_ms, 101);
	assert_int_equal(row.ddir, 1);
	assert_int_equal(row.bs, 4096);
	assert_int_equal(row.nbuckets, 116);
	assert_int_equal(row.stride, 16);
	for (unsigned c = 0; c < row.nbuckets; c++)
		sum += row.count[c];
	assert_true(sum > 0);
	sr_hist_close(r);

	assert_int_equal(sr_hist_open(&r, FIX "c0_clat_hist.1.log", err, sizeof(err)), 0);
	assert_int_equal(sr_hist_next(r, &row), 1);
	assert_int_equal(row.time_ms, 101);
	assert_int_equal(row.nbuckets, 1856);
	assert_int_equal(row.stride, 1);
	assert_int_equal(sr_hist_next(r, &row), 1);
	assert_int_equal(sr_hist_next(r, &row), 0);
	sr_hist_close(r);
}

static void write_tmp(char *path, const char *text)
{
	int fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void reader_errors(void **state)
{
	char path[] = "/tmp/hist_log_test.XXXXXX", err[512] = "", row76[1024] = "1000, 1, 4096";
	struct sr_hist_agg *a;

	(void)state;
	for (int i = 0; i < 76; i++) /* 1216 / 16: a fio 2.x row */
		strcat(row76, i == 3 ? ", 2" : ", 0");
	strcat(row76, "\n");
	write_tmp(path, row76);
	assert_int_equal(sr_hist_agg_new(&a, 1000), 0);
	assert_int_equal(sr_hist_agg_add_file(a, path, 1000, 0, err, sizeof(err)), 0);
	{
		struct sr_hist_interval h;

		/* stamped 1000 ms: the end of the job's first second */
		assert_int_equal(sr_hist_agg_count(a), 1);
		assert_int_equal(sr_hist_agg_get(a, 0, &h), 0);
		assert_int_equal(h.jobs, 1);
		assert_int_equal(h.dir[1].n, 2);
		/* column 3 at stride 16 holds buckets 48..63 = 48..63 us: mid 55.5 us, +-7.5 us */
		assert_near(h.dir[1].max_ns, 55500, 1e-9);
		assert_near(h.dir[1].max_err_ns, 7500, 1e-9);
		assert_near(h.dir[1].sd_ns, 0, 1e-9);
	}
	sr_hist_agg_free(a);
	unlink(path);

	strcpy(path, "/tmp/hist_log_test.XXXXXX");
	write_tmp(path, "100, 0, 4096, 1, 2, 3\n");
	assert_int_equal(sr_hist_agg_new(&a, 1000), 0);
	assert_int_equal(sr_hist_agg_add_file(a, path, 1, 0, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, ":1: expected 1856 or 1216 bucket counts"));
	sr_hist_agg_free(a);
	unlink(path);

	strcpy(path, "/tmp/hist_log_test.XXXXXX");
	write_tmp(path, "\n100, 0, 4096, x\n");
	assert_int_equal(sr_hist_agg_new(&a, 1000), 0);
	assert_int_equal(sr_hist_agg_add_file(a, path, 1, 0, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, ":2: expected an unsigned bucket count"));
	sr_hist_agg_free(a);
	unlink(path);
}

/*
 * Expected figures below come from this script (fio's bucket bounds, stat.c plat_idx_to_val;
 * bucket midpoints; a row stamped t ends the job's period p = (t + 2) // A of A = log_hist_msec,
 * in window (p - 1) * A // W), not from ssdreport:
 *
 *   import sys, math
 *   A, W = int(sys.argv[1]), int(sys.argv[2])
 *   def bounds(idx):
 *       if idx < 128: return idx, idx
 *       g = (idx >> 6) - 1
 *       lo = 2 ** (g + 6) + (idx % 64) * 2 ** g
 *       return lo, lo + 2 ** g - 1
 *   win, ends = {}, []
 *   for f in sys.argv[3:]:
 *       end = 0
 *       for line in open(f):
 *           c = [int(x) for x in line.split(",")]
 *           t, dd, counts = c[0], c[1], c[3:]
 *           stride = 29 * 64 // len(counts)
 *           p = (t + 2) // A
 *           k = (p - 1) * A // W if p else 0
 *           end = max(end, p * A)
 *           for col, n in enumerate(counts):
 *               if n:
 *                   lo, _ = bounds(col * stride); _, hi = bounds(col * stride + stride - 1)
 *                   win.setdefault((k, dd), []).append(((lo + hi) / 2, (hi - lo) / 2, n))
 *       ends.append(end)
 *   for (k, dd) in sorted(win):
 *       v = win[(k, dd)]
 *       n = sum(x[2] for x in v); mean = sum(x[0] * x[2] for x in v) / n
 *       sd = math.sqrt(sum(x[2] * (x[0] - mean) ** 2 for x in v) / (n - 1))
 *       mx = max(v, key=lambda x: x[0])
 *       e2 = math.sqrt(sum(x[2] * x[1] ** 2 for x in v) / (n - 1))
 *       jobs = sum(1 for e in ends if (k + 1) * W <= e)
 *       print(k, dd, n, "%.3f" % mean, "%.3f" % sd, mx[0], mx[1], "%.3f" % e2, jobs)
 *
 * c0 (100 ms rows at 101 and 201 ms, A = W = 100): windows 0 and 1 (the rows end the job's
 * first and second 100 ms); "100 100 c0_clat_hist.1.log":
 *   0 0 1964 90982.278 346292.913 8847359.5 65535.5 2439.161 1
 *   1 0 1987 87963.071 536917.689 16187391.5 65535.5 2263.414 1
 */
static void window_merge_c0(void **state)
{
	struct sr_hist_agg *a;
	struct sr_hist_interval h;
	char err[256] = "";

	(void)state;
	assert_int_equal(sr_hist_agg_new(&a, 100), 0);
	assert_int_equal(
	    sr_hist_agg_add_file(a, FIX "c0_clat_hist.1.log", 1, 100, err, sizeof(err)), 0);
	assert_int_equal(sr_hist_agg_count(a), 2);
	assert_int_equal(sr_hist_agg_jobs(a), 1);
	assert_int_equal(sr_hist_agg_get(a, 0, &h), 0);
	assert_int_equal(h.jobs, 1);
	assert_int_equal(h.dir[0].n, 1964);
	assert_near(h.dir[0].mean_ns, 90982.278, 1e-3);
	assert_near(h.dir[0].sd_ns, 346292.913, 1e-3);
	assert_near(h.dir[0].max_ns, 8847359.5, 1e-9);
	assert_near(h.dir[0].max_err_ns, 65535.5, 1e-9);
	assert_near(h.dir[0].sd_err_ns, 2439.161, 1e-3);
	assert_int_equal(sr_hist_agg_get(a, 1, &h), 0);
	assert_int_equal(h.dir[0].n, 1987);
	assert_near(h.dir[0].sd_ns, 536917.689, 1e-3);
	assert_near(h.dir[0].max_ns, 16187391.5, 1e-9);
	assert_int_equal(sr_hist_agg_get(a, 2, &h), -ERANGE);
	sr_hist_agg_free(a);
}

/*
 * precond-h (fio 3.33, 2 jobs, log_hist_msec=100, rows 101..2139 ms), 1-s windows; "100 1000
 * precond-h_clat_hist.1.log precond-h_clat_hist.2.log":
 *   0 0 16914 291625.531 4198807.774 218103807.5 16777215.5 325330.461 2
 *   0 1 7256 382566.715 1764757.969 46137343.5 4194303.5 169966.295 2
 *   1 0 16583 221535.780 2256429.204 150994943.5 16777215.5 248023.083 2
 *   1 1 7075 415700.731 3851309.896 184549375.5 16777215.5 376455.749 2
 *   2 1 294 4354604.779 29377579.844 218103807.5 16777215.5 2401067.841 0
 * The rows at 1001 and 1003 ms end the jobs' 10th period of 100 ms: second 1. Window 2 holds only
 * the rows at 2139 ms (period 21): neither job ran to its end, so it counts no job.
 */
static void window_merge_two_jobs(void **state)
{
	struct sr_hist_agg *a;
	struct sr_hist_interval h;
	char err[256] = "";

	(void)state;
	assert_int_equal(sr_hist_agg_new(&a, 1000), 0);
	assert_int_equal(
	    sr_hist_agg_add_file(a, FIX "precond-h_clat_hist.1.log", 1, 100, err, sizeof(err)), 0);
	assert_int_equal(
	    sr_hist_agg_add_file(a, FIX "precond-h_clat_hist.2.log", 1, 100, err, sizeof(err)), 0);
	assert_int_equal(sr_hist_agg_count(a), 3);
	assert_int_equal(sr_hist_agg_jobs(a), 2);
	assert_int_equal(sr_hist_agg_get(a, 0, &h), 0);
	assert_int_equal(h.jobs, 2);
	assert_int_equal(h.dir[0].n, 16914);
	assert_near(h.dir[0].mean_ns, 291625.531, 1e-3);
	assert_near(h.dir[0].sd_ns, 4198807.774, 1e-3);
	assert_near(h.dir[0].max_ns, 218103807.5, 1e-9);
	assert_near(h.dir[0].max_err_ns, 16777215.5, 1e-9);
	assert_near(h.dir[0].sd_err_ns, 325330.461, 1e-3);
	assert_int_equal(h.dir[1].n, 7256);
	assert_near(h.dir[1].sd_ns, 1764757.969, 1e-3);
	assert_near(h.dir[1].max_ns, 46137343.5, 1e-9);
	assert_int_equal(sr_hist_agg_get(a, 1, &h), 0);
	assert_int_equal(h.jobs, 2);
	assert_int_equal(h.dir[0].n, 16583);
	assert_near(h.dir[0].sd_ns, 2256429.204, 1e-3);
	assert_near(h.dir[1].max_ns, 184549375.5, 1e-9);
	assert_int_equal(sr_hist_agg_get(a, 2, &h), 0);
	assert_int_equal(h.jobs, 0);
	assert_int_equal(h.dir[0].n, 0);
	assert_int_equal(h.dir[1].n, 294);
	assert_near(h.dir[1].sd_ns, 29377579.844, 1e-3);
	sr_hist_agg_free(a);
}

/* c07: a real fio 2.17 log (1216 columns, usec buckets: ns_per 1000). LOG.md: 9 rows, first
 * 1001/0/16384. */
static void case_c07_fio217(void **state)
{
	struct sr_hist_reader *r;
	struct sr_hist_row row;
	struct sr_hist_agg *a;
	struct sr_hist_interval h;
	char p[4096], err[512] = "";
	int rows = 0;

	(void)state;
	case_path(p, sizeof(p),
		  "c07-pkb-fio217-hist-log/pkb_fio_avg_1506559526.49_clat_hist.1.log");
	assert_int_equal(sr_hist_open(&r, p, err, sizeof(err)), 0);
	while (sr_hist_next(r, &row) == 1) {
		if (!rows++) {
			assert_int_equal(row.time_ms, 1001);
			assert_int_equal(row.ddir, 0);
			assert_int_equal(row.bs, 16384);
			assert_int_equal(row.nbuckets, 1216);
			assert_int_equal(row.stride, 1);
		}
	}
	assert_int_equal(rows, 9);
	sr_hist_close(r);
	assert_int_equal(sr_hist_agg_new(&a, 1000), 0);
	/* log_hist_msec=1000 (its JSON): rows at 1001 .. 9001 ms are seconds 1 .. 9 */
	assert_int_equal(sr_hist_agg_add_file(a, p, 1000, 1000, err, sizeof(err)), 0);
	assert_int_equal(sr_hist_agg_count(a), 9);
	assert_int_equal(sr_hist_agg_get(a, 0, &h), 0);
	assert_int_equal(h.jobs, 1);
	assert_int_equal(h.dir[0].n, 8325);
	assert_near(h.dir[0].mean_ns, 112974, 1);
	assert_near(h.dir[0].sd_ns, 184306, 1);
	assert_near(h.dir[0].max_ns, 5407500, 1e-6);
	assert_near(h.dir[0].max_err_ns, 31500, 1e-6);
	assert_int_equal(sr_hist_agg_get(a, 8, &h), 0);
	assert_int_equal(h.jobs, 1);
	assert_int_equal(h.dir[0].n, 770);
	assert_near(h.dir[0].sd_ns, 215331, 1);
	assert_near(h.dir[0].max_ns, 1975500, 1e-6);
	sr_hist_agg_free(a);
}

/*
 * The series of precond-h.json (log_avg_msec=100, log_hist_msec=100, 2 jobs): throughput from the
 * iops logs, max latency = max(read max, write max) and stddev = mean of the read and write
 * stddevs (METHODOLOGY §1.2) from the histogram figures above:
 * second 1: max(218103807.5, 46137343.5); sd (4198807.774 + 1764757.969) / 2 = 2981782.8715;
 *   bounds: max, the larger direction bound; sd, (325330.461 + 169966.295) / 2 = 247648.378.
 * second 2: max(150994943.5, 184549375.5); sd (2256429.204 + 3851309.896) / 2 = 3053869.55.
 * Job 2's iops log ends at 1935 ms (period 19, 1800..1900 ms): it did not log second 2 to its
 * end, so second 2 is partial (1 of 2 jobs), and second 3 (the 2139 ms rows) has no job.
 */
static void series_from_hist(void **state)
{
	struct sr_diag d = {0};
	struct sr_test t = {0};
	const struct sr_series *s;

	(void)state;
	assert_int_equal(sr_fio_json_load(FIX "precond-h.json", &t, &d), 0);
	assert_int_equal(sr_series_attach(&t, FIX, false, &d), 0);
	assert_int_equal(t.nseries, 1);
	s = &t.series[0];
	assert_int_equal(s->niv, 3);
	assert_near(s->iv[0].t_s, 1.0, 1e-9);
	assert_true(sr_ok(s->iv[0].iops));
	assert_near(s->iv[0].lat_max.v, 218103807.5, 1e-9);
	assert_near(s->iv[0].lat_sd.v, 2981782.8715, 1e-3);
	assert_near(s->iv[0].lat_max_err.v, 16777215.5, 1e-9);
	assert_near(s->iv[0].lat_sd_err.v, 247648.378, 1e-3);
	assert_int_equal(s->iv[0].jobs, 2);
	assert_int_equal(s->iv[0].jobs_expected, 2);
	assert_near(s->iv[1].lat_max.v, 184549375.5, 1e-9);
	assert_near(s->iv[1].lat_sd.v, 3053869.55, 1e-3);
	assert_int_equal(s->iv[1].jobs, 1);
	assert_true(sr_interval_partial(&s->iv[1]));
	assert_int_equal(s->iv[2].jobs, 0);
	sr_test_free(&t);
}

/* ssd-review's layout: <drive>/<test-id>.json with the logs in <drive>/logs/. */
static void series_from_logs_subdir(void **state)
{
	static const char *const files[] = {
	    "precond-h_clat.1.log",	 "precond-h_clat.2.log", "precond-h_clat_hist.1.log",
	    "precond-h_clat_hist.2.log", "precond-h_iops.1.log", "precond-h_iops.2.log"};
	char tmp[] = "/tmp/hist_log_test.XXXXXX", sub[256], src[8192], dst[512], cwd[4096];
	struct sr_diag d = {0};
	struct sr_test t = {0};

	(void)state;
	assert_non_null(mkdtemp(tmp));
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	snprintf(sub, sizeof(sub), "%s/logs", tmp);
	assert_int_equal(mkdir(sub, 0700), 0);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(src, sizeof(src), "%s/" FIX "%s", cwd, files[i]);
		snprintf(dst, sizeof(dst), "%s/%s", sub, files[i]);
		assert_int_equal(symlink(src, dst), 0);
	}
	assert_int_equal(sr_fio_json_load(FIX "precond-h.json", &t, &d), 0);
	assert_int_equal(sr_series_attach(&t, tmp, false, &d), 0);
	assert_int_equal(t.nseries, 1);
	assert_true(t.series[0].niv >= 2);
	assert_near(t.series[0].iv[0].lat_max.v, 218103807.5, 1e-9); /* as in series_from_hist */
	assert_near(t.series[0].iv[1].lat_sd.v, 3053869.55, 1e-3);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(dst, sizeof(dst), "%s/%s", sub, files[i]);
		unlink(dst);
	}
	rmdir(sub);
	rmdir(tmp);
	sr_test_free(&t);
}

static uint64_t next_rand(uint64_t *x) /* xorshift64 */
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A count: mostly 0 (runs of empty buckets), else up to 64 bits. */
static uint64_t some_count(uint64_t *x)
{
	uint64_t r = next_rand(x);

	switch (r % 16) {
	case 0:
		return UINT64_MAX - r % 3; /* the largest values fio can print */
	case 1:
	case 2:
		return 1 + r % 9;
	case 3:
		return r >> (r % 60);
	default:
		return 0;
	}
}

/*
 * Rows across the reader's 1 MiB blocks: 4 MiB of rows of 232 counts (coarseness 3) written as
 * fio writes them ("0, 0, ...") and, now and then, with tabs, doubled blanks, CRLF and blank lines
 * between them, the last row without its '\n'. Every row comes back as written, its non-empty
 * columns listed in order, and the layout's table is the buckets' (sr_hist_bucket()).
 */
static void reader_across_blocks(void **state)
{
	enum { COLS = 232, ROWS = 5200 };
	char path[] = "/tmp/hist_log_test.XXXXXX";
	struct sr_hist_reader *r;
	struct sr_hist_row row;
	uint64_t x = 0x9e3779b97f4a7c15ull, *want = calloc((size_t)ROWS * COLS, sizeof(*want));
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	char err[512] = "";
	long size;

	(void)state;
	assert_non_null(want);
	assert_non_null(f);
	for (size_t i = 0; i < ROWS; i++) {
		const char *sep = i % 7 == 3 ? ",\t" : i % 17 == 5 ? " ,  " : ", ";

		if (i % 13 == 12)
			fputs(i % 2 ? "\n" : "  \r\n", f);
		fprintf(f, "%zu%s%zu%s4096", 1000 * (i + 1) + i % 5, sep, i % 3, sep);
		for (size_t c = 0; c < COLS; c++) {
			want[i * COLS + c] = some_count(&x);
			fprintf(f, "%s%llu", sep, (unsigned long long)want[i * COLS + c]);
		}
		if (i + 1 < ROWS)
			fputs(i % 11 == 4 ? "\r\n" : "\n", f);
	}
	size = ftell(f);
	assert_true(size > 4 * 1048576);
	assert_int_equal(fclose(f), 0);

	assert_int_equal(sr_hist_open(&r, path, err, sizeof(err)), 0);
	for (size_t i = 0; i < ROWS; i++) {
		unsigned k = 0;

		if (sr_hist_next(r, &row) != 1)
			fail_msg("row %zu: %s", i, sr_hist_error(r));
		assert_int_equal(row.time_ms, 1000 * (i + 1) + i % 5);
		assert_int_equal(row.ddir, i % 3);
		assert_int_equal(row.bs, 4096);
		assert_int_equal(row.nbuckets, COLS);
		assert_int_equal(row.stride, 8);
		for (unsigned c = 0; c < COLS; c++) {
			if (row.count[c] != want[i * COLS + c])
				fail_msg("row %zu column %u: %llu, expected %llu", i, c,
					 (unsigned long long)row.count[c],
					 (unsigned long long)want[i * COLS + c]);
			if (!want[i * COLS + c])
				continue;
			assert_true(k < row.nnz);
			assert_int_equal(row.nz[k], c);
			k++;
		}
		assert_int_equal(k, row.nnz);
	}
	for (unsigned c = 0; c < COLS; c++) {
		double mid, delta;

		sr_hist_bucket(c, 8, &mid, &delta);
		assert_near(row.mid[c], mid, 0);
		assert_near(row.delta[c], delta, 0);
	}
	assert_int_equal(sr_hist_next(r, &row), 0);
	sr_hist_close(r);
	free(want);
	unlink(path);
}

/*
 * A row cut by the end of the reader's first 1 MiB block at each of its first 120 bytes (in the
 * header, in runs of zeros, inside a 20-digit count): a blank line of spaces fills the block up to
 * the cut. The row comes back whole every time.
 */
static void reader_cut_everywhere(void **state)
{
	char head[4096] =
	    "2000123, 1, 8192, 0, 0, 0, 0, 0, 0, 0, 18446744073709551615, 0, 0, 0, 0, 0, "
	    "0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12345, 0";
	char path[] = "/tmp/hist_log_test.XXXXXX";
	int fd = mkstemp(path);
	char *pad = malloc(1048576);

	(void)state;
	assert_true(fd >= 0);
	assert_non_null(pad);
	close(fd);
	memset(pad, ' ', 1048576);
	for (int i = 0; i < 232 - 29; i++) /* 29 counts above */
		strcat(head, ", 0");
	strcat(head, "\n");
	for (size_t cut = 0; cut < 120; cut++) {
		size_t blank = 1048576 - cut; /* the padding line, with its '\n' */
		struct sr_hist_reader *r;
		struct sr_hist_row row;
		FILE *f = fopen(path, "w");
		char err[256];

		assert_non_null(f);
		fwrite(pad, 1, blank - 1, f);
		fputc('\n', f);
		fputs(head, f);
		assert_int_equal(fclose(f), 0);
		assert_int_equal(sr_hist_open(&r, path, err, sizeof(err)), 0);
		if (sr_hist_next(r, &row) != 1)
			fail_msg("cut at %zu: %s", cut, sr_hist_error(r));
		assert_int_equal(row.time_ms, 2000123);
		assert_int_equal(row.ddir, 1);
		assert_int_equal(row.bs, 8192);
		assert_int_equal(row.nnz, 3);
		assert_int_equal(row.nz[0], 7);
		assert_true(row.count[7] == UINT64_MAX);
		assert_int_equal(row.count[14], 7);
		assert_int_equal(row.count[27], 12345);
		assert_int_equal(sr_hist_next(r, &row), 0);
		sr_hist_close(r);
	}
	free(pad);
	unlink(path);
}

/* What cannot be a row, each with its line: its first row is always good (a blank line first). */
static void reader_refusals(void **state)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
	    {"18446744073709551616", ":3: expected an unsigned bucket count"}, /* 2^64 */
	    {"-1", ":3: expected an unsigned bucket count"},
	    {"1 2", ":3: expected an unsigned bucket count"},
	    {"", ":3: expected an unsigned bucket count"},
	};
	char row232[4096] = "", longrow[8192] = "1000, 0, 4096", path[64];
	struct sr_hist_reader *r;
	struct sr_hist_row row;
	char err[512];

	(void)state;
	for (int i = 0; i < 231; i++)
		strcat(row232, "0, ");
	for (int i = 0; i < 1857; i++)
		strcat(longrow, ", 0");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[8192];

		snprintf(text, sizeof(text), "\n1000, 0, 4096, %s7\n2000, 0, 4096, %s%s\n", row232,
			 row232, cases[i].text);
		strcpy(path, "/tmp/hist_log_test.XXXXXX");
		write_tmp(path, text);
		assert_int_equal(sr_hist_open(&r, path, err, sizeof(err)), 0);
		assert_int_equal(sr_hist_next(r, &row), 1);
		assert_int_equal(row.nnz, 1);
		assert_int_equal(row.nz[0], 231);
		assert_int_equal(sr_hist_next(r, &row), -EINVAL);
		if (!strstr(sr_hist_error(r), cases[i].msg))
			fail_msg("'%s': %s", cases[i].text, sr_hist_error(r));
		sr_hist_close(r);
		unlink(path);
	}
	/* 1857 counts: more than fio has; a row of another width than the first */
	strcpy(path, "/tmp/hist_log_test.XXXXXX");
	strcat(longrow, "\n");
	write_tmp(path, longrow);
	assert_int_equal(sr_hist_open(&r, path, err, sizeof(err)), 0);
	assert_int_equal(sr_hist_next(r, &row), -EINVAL);
	if (!strstr(sr_hist_error(r), ":1: more bucket counts than any fio histogram"))
		fail_msg("%s", sr_hist_error(r));
	sr_hist_close(r);
	unlink(path);
	strcpy(path, "/tmp/hist_log_test.XXXXXX");
	{
		char text[8192];

		snprintf(text, sizeof(text), "1000, 0, 4096, %s7\n2000, 0, 4096, %s0, 7\n", row232,
			 row232);
		write_tmp(path, text);
	}
	assert_int_equal(sr_hist_open(&r, path, err, sizeof(err)), 0);
	assert_int_equal(sr_hist_next(r, &row), 1);
	assert_int_equal(sr_hist_next(r, &row), -EINVAL);
	assert_non_null(strstr(sr_hist_error(r), ":2: bucket count differs from the file's first"));
	sr_hist_close(r);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(bucket_layout),	     cmocka_unit_test(reader_rows),
	    cmocka_unit_test(reader_errors),	     cmocka_unit_test(window_merge_c0),
	    cmocka_unit_test(window_merge_two_jobs), cmocka_unit_test(case_c07_fio217),
	    cmocka_unit_test(series_from_hist),	     cmocka_unit_test(series_from_logs_subdir),
	    cmocka_unit_test(reader_across_blocks),  cmocka_unit_test(reader_refusals),
	    cmocka_unit_test(reader_cut_everywhere),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
