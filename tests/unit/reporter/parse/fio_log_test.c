// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_log_test.c - fio log reader and interval aggregator against the real logs of the shared
 * cases (cases_dir(): figures from cases/LOG.md section B) and synthetic files.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "assert_near.h"
#include "cases.h"
#include "parse/fio_log.h"
#include "parse/log_interval.h"

/* the cases' files, relative to cases_dir() (at()) */
#define C02 "c02-fioplot-fio316-randrw-numjobs8-group/randrw-iodepth-32-numjobs-8"
#define C05 "c05-samyaple-fio333-logs-5col-prio/randrw-iodepth-64-numjobs-64"
#define C07 "c07-pkb-fio217-hist-log/pkb_fio_avg_1506559526.49_clat_hist.1.log"
#define C14 "c14-pbench-fio37-client-server-preamble/host-b_fio"
#define C16 "c16-cephfio-fio2210-logs-usec-4col/randread-4k-KERNEL"

/* @rel under the cases directory; the last four paths stay valid */
static const char *at(const char *rel)
{
	static char buf[4][PATH_MAX];
	static unsigned next;
	char *p = buf[next++ % 4];

	case_path(p, PATH_MAX, rel);
	return p;
}

struct log_stat {
	uint64_t rows, dir_rows[SR_DDIR_NR];
	double sum[SR_DDIR_NR];
	uint64_t t_first, t_last;
	unsigned int ncols;
};

static int stat_log(const char *path, unsigned int flags, struct log_stat *st, char *err,
		    size_t errlen)
{
	struct sr_log_opts opts = {.flags = flags};
	struct sr_log_reader *r;
	struct sr_log_row row;
	int ret;

	memset(st, 0, sizeof(*st));
	ret = sr_log_open(&r, path, &opts, err, errlen);
	if (ret)
		return ret;
	while ((ret = sr_log_next(r, &row)) > 0) {
		if (st->rows++ == 0)
			st->t_first = row.time_ms;
		st->t_last = row.time_ms;
		st->dir_rows[row.ddir]++;
		st->sum[row.ddir] += row.value;
		st->ncols = row.ncols;
	}
	if (ret < 0)
		snprintf(err, errlen, "%s", sr_log_error(r));
	sr_log_close(r);
	return ret;
}

static double dir_mean(const struct log_stat *st, int d)
{
	return st->sum[d] / (double)st->dir_rows[d];
}

static void check_log(const char *path, uint64_t rows, uint64_t rd, uint64_t wr, uint64_t t0,
		      uint64_t t1, double mean_rd, double mean_wr)
{
	struct log_stat st;
	char err[512] = "";

	if (stat_log(path, 0, &st, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(st.rows, rows);
	assert_int_equal(st.dir_rows[0], rd);
	assert_int_equal(st.dir_rows[1], wr);
	assert_int_equal(st.dir_rows[2], 0);
	if (t1) {
		assert_int_equal(st.t_first, t0);
		assert_int_equal(st.t_last, t1);
	}
	/* LOG.md prints means to 0.1 */
	if (rd)
		assert_near(dir_mean(&st, 0), mean_rd, 0.05);
	if (wr)
		assert_near(dir_mean(&st, 1), mean_wr, 0.05);
}

/* c02, fio 3.16, 4 columns, duplicate timestamps between read and write rows */
static void test_c02_iops(void **state)
{
	(void)state;
	check_log(at(C02 "_iops.1.log"), 462, 234, 228, 250, 60250, 39.2, 41.8);
}

static void test_c02_clat(void **state)
{
	(void)state;
	check_log(at(C02 "_clat.1.log"), 484, 242, 242, 0, 0, 190333676.6, 697988565.1);
}

/* c05, fio 3.33, 5 columns (the 5th is the command priority) */
static void test_c05_iops_5col(void **state)
{
	struct log_stat st;
	char err[256];

	(void)state;
	check_log(at(C05 "_iops.1.log"), 118, 59, 59, 1000, 59069, 1234.1, 2277.3);
	assert_int_equal(stat_log(at(C05 "_iops.1.log"), 0, &st, err, sizeof(err)), 0);
	assert_int_equal(st.ncols, 5);
}

static void test_c05_clat(void **state)
{
	(void)state;
	check_log(at(C05 "_clat.1.log"), 122, 61, 61, 0, 0, 88396292.1, 89468081.0);
}

/* c14, fio 3.7 client/server, read only */
static void test_c14(void **state)
{
	(void)state;
	check_log(at(C14 "_clat.1.log"), 16, 16, 0, 1000, 15004, 5209090.9, 0);
	check_log(at(C14 "_iops.1.log"), 15, 15, 0, 0, 0, 7953.7, 0);
}

/* c16, fio 2.2.10, per_job_logs=0 names (no .N), latency in us */
static void test_c16_usec(void **state)
{
	struct sr_log_name nm;

	(void)state;
	check_log(at(C16 "_clat.log"), 241, 241, 0, 0, 0, 1934.7, 0);
	check_log(at(C16 "_iops.log"), 119, 119, 0, 0, 0, 16119.0, 0);
	assert_int_equal(sr_log_parse_name(at(C16 "_clat.log"), &nm), 0);
	assert_int_equal(nm.kind, SR_LOG_CLAT);
	assert_int_equal(nm.job, -1);
	assert_int_equal(sr_log_lat_unit_for_version("fio-2.2.10"), SR_LAT_US);
	assert_near(sr_log_scale(SR_LOG_CLAT, SR_LAT_US), 1000.0, 0);
}

/* c07: a histogram log must not be read as a value log, by name or by content */
static void test_c07_hist_rejected(void **state)
{
	char dir[] = "/tmp/ssdlogtestXXXXXX", link_path[64], err[512] = "";
	struct sr_log_reader *r = NULL;
	struct sr_log_row row;
	char target[PATH_MAX];

	(void)state;
	assert_int_equal(sr_log_open(&r, at(C07), NULL, err, sizeof(err)), -EINVAL);
	assert_null(r);
	assert_non_null(strstr(err, "histogram"));
	assert_non_null(strstr(err, "clat_hist.1.log"));

	/* same content under a value-log name: rejected on line 1 by its 1219 columns */
	assert_non_null(mkdtemp(dir));
	assert_non_null(realpath(at(C07), target));
	snprintf(link_path, sizeof(link_path), "%s/x_clat.1.log", dir);
	assert_int_equal(symlink(target, link_path), 0);
	assert_int_equal(sr_log_open(&r, link_path, NULL, err, sizeof(err)), 0);
	assert_int_equal(sr_log_next(r, &row), -EINVAL);
	assert_non_null(strstr(sr_log_error(r), "x_clat.1.log:1: 1219 columns"));
	assert_non_null(strstr(sr_log_error(r), "histogram"));
	sr_log_close(r);
	unlink(link_path);
	rmdir(dir);
}

static void test_parse_name(void **state)
{
	static const struct {
		const char *path;
		enum sr_log_kind kind;
		int job;
		size_t stem_len;
	} cases[] = {
	    {"a/b/test_iops.3.log", SR_LOG_IOPS, 3, 8},	   {"test_clat.12.log", SR_LOG_CLAT, 12, 4},
	    {"test_lat.1.log", SR_LOG_LAT, 1, 4},	   {"test_slat.log", SR_LOG_SLAT, -1, 4},
	    {"agg-read_bw.log", SR_LOG_BW, -1, 8},	   {"x_clat_hist.2.log", SR_LOG_HIST, 2, 1},
	    {"host-b_fio_clat.1.log", SR_LOG_CLAT, 1, 10},
	};
	struct sr_log_name nm;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(sr_log_parse_name(cases[i].path, &nm), 0);
		assert_int_equal(nm.kind, cases[i].kind);
		assert_int_equal(nm.job, cases[i].job);
		assert_int_equal(nm.stem_len, cases[i].stem_len);
	}
	assert_int_equal(sr_log_parse_name("results.json", &nm), -EINVAL);
	assert_int_equal(sr_log_parse_name("test_foo.1.log", &nm), -EINVAL);
	assert_int_equal(nm.kind, SR_LOG_UNKNOWN);
	assert_int_equal(sr_log_lat_unit_for_version("fio-3.33"), SR_LAT_NS);
	assert_int_equal(sr_log_lat_unit_for_version(NULL), SR_LAT_NS);
}

/* ---- synthetic files -------------------------------------------------------------------- */

static char tmpdir[64];

static const char *write_tmp(const char *name, const char *text)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

static int setup_tmp(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/ssdlogtestXXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown_tmp(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Read every row; return the error (or 0) and leave the message in err. */
static int read_all(const char *path, unsigned int flags, struct sr_log_row *rows, int max, int *n,
		    char *err, size_t errlen)
{
	struct sr_log_opts opts = {.flags = flags};
	struct sr_log_reader *r;
	struct sr_log_row row;
	int ret;

	*n = 0;
	ret = sr_log_open(&r, path, &opts, err, errlen);
	if (ret)
		return ret;
	while ((ret = sr_log_next(r, &row)) > 0)
		if (*n < max)
			rows[(*n)++] = row;
	snprintf(err, errlen, "%s", sr_log_error(r));
	sr_log_close(r);
	return ret;
}

static void expect_error(const char *name, const char *text, const char *msg)
{
	struct sr_log_row rows[8];
	char err[512];
	int n;

	assert_int_equal(read_all(write_tmp(name, text), 0, rows, 8, &n, err, sizeof(err)),
			 -EINVAL);
	if (!strstr(err, msg))
		fail_msg("error '%s' lacks '%s'", err, msg);
}

static void test_malformed(void **state)
{
	(void)state;
	expect_error("a_iops.1.log", "1000, 5, 0, 0\n2000, 6, 1, 0\n3000, abc, 0, 0\n",
		     "a_iops.1.log:3: column 2: expected a number, found 'abc");
	expect_error("b_iops.1.log", "1000, 5, 0, 0\n2000, 6, 3, 0\n",
		     "b_iops.1.log:2: column 3 (ddir) is 3: expected 0 (read), 1 (write) or 2");
	expect_error("c_iops.1.log", "1000, 5, 0, 0\n2000, 6\n",
		     "c_iops.1.log:2: 2 columns: expected 4 like the first row");
	expect_error("d_iops.1.log", "1000, 5, 0, 0\n2000; 6, 0, 0\n",
		     "d_iops.1.log:2: column 1: expected ',' or end of line, found ';'");
	expect_error("e_iops.1.log", "1000\n", "e_iops.1.log:1: 1 column");
	expect_error("f_iops.1.log", "-5, 1, 0, 0\n", "f_iops.1.log:1: time -5");
	expect_error("g_iops.1.log", "1000, 5, 0, 0,\n",
		     "g_iops.1.log:1: column 5: expected a number");
}

/*
 * The reader takes 1 MiB at a time: two rows cut by the end of the first block at each of their
 * first 72 bytes (a blank line of spaces fills the block up to the cut), the second with a
 * fraction and an exponent; both come back whole every time, and a malformed third row still
 * names its line.
 */
static void test_cut_everywhere(void **state)
{
	static const char rows[] = "21600123, 1234567, 1, 0, 0\r\n"
				   "21600124, 1.5e3, 0, 4096, 0x0001\n"
				   "21600125, x, 0, 0, 0\n";
	char *pad = malloc(1048576), path[128];
	struct sr_log_row got[2];
	char err[512];

	(void)state;
	assert_non_null(pad);
	memset(pad, ' ', 1048576);
	snprintf(path, sizeof(path), "%s/cut_clat.1.log", tmpdir);
	for (size_t cut = 0; cut < 72; cut++) {
		FILE *f = fopen(path, "w");
		int n;

		assert_non_null(f);
		fwrite(pad, 1, 1048576 - cut - 1, f);
		fputc('\n', f);
		fputs(rows, f);
		assert_int_equal(fclose(f), 0);
		assert_int_equal(read_all(path, 0, got, 2, &n, err, sizeof(err)), -EINVAL);
		if (!strstr(err, "cut_clat.1.log:4: column 2: expected a number, found 'x"))
			fail_msg("cut at %zu: %s", cut, err);
		assert_int_equal(n, 2);
		assert_int_equal(got[0].time_ms, 21600123);
		assert_near(got[0].value, 1234567, 0);
		assert_int_equal(got[0].ddir, 1);
		assert_int_equal(got[1].time_ms, 21600124);
		assert_near(got[1].value, 1500, 0);
		assert_int_equal(got[1].bs, 4096);
		assert_int_equal(got[1].prio, 1);
	}
	free(pad);
}

static void test_crlf_spaces_blank_lines(void **state)
{
	struct sr_log_row rows[8];
	char err[512];
	int n;

	(void)state;
	/* CRLF, tabs, no space after commas, a blank line, no final newline, hex priority */
	assert_int_equal(
	    read_all(
		write_tmp("s_lat.1.log", "1000,\t7, 1 ,4096, 0x2001\r\n\r\n2000,8,0,4096,0x0000"),
		0, rows, 8, &n, err, sizeof(err)),
	    0);
	assert_int_equal(n, 2);
	assert_int_equal(rows[0].time_ms, 1000);
	assert_near(rows[0].value, 7, 0);
	assert_int_equal(rows[0].ddir, 1);
	assert_int_equal(rows[0].bs, 4096);
	assert_int_equal(rows[0].prio, 0x2001);
	assert_false(rows[0].has_offset);
	assert_int_equal(rows[1].time_ms, 2000);
	assert_int_equal(rows[1].ddir, 0);
	/* an empty file has no row */
	assert_int_equal(
	    read_all(write_tmp("empty_lat.1.log", ""), 0, rows, 8, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 0);
}

static void test_window_value_both(void **state)
{
	struct sr_log_row rows[8];
	char err[512];
	int n;

	(void)state;
	/* fio >= 3.35 log_window_value=both: time, mean, max, ddir, bs, prio (detected: 900 > 2) */
	assert_int_equal(read_all(write_tmp("w_clat.1.log", "1000, 500, 900, 1, 0, 0\n"), 0, rows,
				  8, &n, err, sizeof(err)),
			 0);
	assert_int_equal(n, 1);
	assert_true(rows[0].has_max);
	assert_near(rows[0].value, 500, 0);
	assert_near(rows[0].max, 900, 0);
	assert_int_equal(rows[0].ddir, 1);
	assert_false(rows[0].has_offset);
	/* the same column count with log_offset: time, value, ddir, bs, offset, prio */
	assert_int_equal(read_all(write_tmp("o_clat.1.log", "1000, 500, 1, 4096, 8192, 0\n"), 0,
				  rows, 8, &n, err, sizeof(err)),
			 0);
	assert_false(rows[0].has_max);
	assert_int_equal(rows[0].ddir, 1);
	assert_int_equal(rows[0].bs, 4096);
	assert_true(rows[0].has_offset);
	assert_int_equal(rows[0].offset, 8192);
	/* both + offset + issue time: 8 columns */
	assert_int_equal(read_all(write_tmp("e_clat.1.log", "1000, 5, 9, 0, 0, 0, 1, 77\n"), 0,
				  rows, 8, &n, err, sizeof(err)),
			 0);
	assert_true(rows[0].has_max);
	assert_near(rows[0].max, 9, 0);
	assert_int_equal(rows[0].prio, 1);
	/* caller-forced layout: a max of 2 cannot be detected, SR_LOGF_AVG_MAX says so */
	assert_int_equal(read_all(write_tmp("f_clat.1.log", "1000, 1, 2, 0, 0, 0\n"),
				  SR_LOGF_AVG_MAX, rows, 8, &n, err, sizeof(err)),
			 0);
	assert_true(rows[0].has_max);
	assert_near(rows[0].max, 2, 0);
	assert_int_equal(rows[0].ddir, 0);
}

/* ---- aggregator ------------------------------------------------------------------------- */

/*
 * Two jobs, 1 s windows, log_window_value=both latency logs, rows stamped at the end of each
 * job's seconds 1 and 2 (1000/1001, 2000/2002 ms). Hand computation:
 * second 1 (window 0): read IOPS 100 + 300 = 400, write 50 + 150 = 200 -> throughput 600.
 *   read clat rows {1000, 2000}: mean 1500, sd sqrt((500^2 + 500^2) / 1) = 707.106781,
 *   max 7000; write rows {3000, 5000}: mean 4000, sd 1414.213562, max 9000.
 *   avg = (400 * 1500 + 200 * 4000) / 600 = 2333.333333; max 9000;
 *   sd = (707.106781 + 1414.213562) / 2 = 1060.660172.
 * second 2 (window 1): read 120 + 280 = 400, write 60 + 0 (job 2 wrote nothing) = 60 -> 460.
 *   read rows {1100, 1300}: mean 1200, sd 141.421356, max 4000; write {2000}: sd 0, max 3000.
 *   avg = (400 * 1200 + 60 * 2000) / 460 = 1304.347826; max 4000; sd = 70.710678.
 * Both jobs ran through both seconds in every log.
 */
static void test_agg_two_jobs(void **state)
{
	struct sr_log_agg *a;
	struct sr_log_interval iv;
	char err[512] = "", p[4][128];

	(void)state;
	snprintf(p[0], sizeof(p[0]), "%s",
		 write_tmp("t_iops.1.log", "1000, 100, 0, 0, 0\n1000, 50, 1, 0, 0\n"
					   "2000, 120, 0, 0, 0\n2000, 60, 1, 0, 0\n"));
	snprintf(p[1], sizeof(p[1]), "%s",
		 write_tmp("t_iops.2.log",
			   "1001, 300, 0, 0, 0\n1001, 150, 1, 0, 0\n2002, 280, 0, 0, 0\n"));
	snprintf(p[2], sizeof(p[2]), "%s",
		 write_tmp("t_clat.1.log",
			   "1000, 1000, 5000, 0, 0, 0\n1000, 3000, 9000, 1, 0, 0\n"
			   "2000, 1100, 4000, 0, 0, 0\n2000, 2000, 3000, 1, 0, 0\n"));
	snprintf(p[3], sizeof(p[3]), "%s",
		 write_tmp("t_clat.2.log", "1001, 2000, 7000, 0, 0, 0\n1001, 5000, 8000, 1, 0, 0\n"
					   "2002, 1300, 2500, 0, 0, 0\n"));
	assert_int_equal(sr_log_agg_new(&a, 1000), 0);
	for (int i = 0; i < 4; i++)
		if (sr_log_agg_add_file(a, p[i], NULL, err, sizeof(err)))
			fail_msg("%s", err);
	assert_int_equal(sr_log_agg_count(a), 2);
	assert_int_equal(sr_log_agg_jobs(a, SR_LOG_IOPS), 2);
	assert_int_equal(sr_log_agg_jobs(a, SR_LOG_CLAT), 2);
	assert_int_equal(sr_log_agg_jobs(a, SR_LOG_BW), 0);
	assert_int_equal(sr_log_agg_jobs(a, SR_LOG_LAT), 0); /* not the kind added */

	assert_int_equal(sr_log_agg_get(a, 0, &iv), 0);
	assert_int_equal(iv.start_ms, 0);
	assert_int_equal(iv.iops_jobs, 2);
	assert_int_equal(iv.lat_jobs, 2);
	assert_near(iv.dir[0].iops, 400, 1e-9);
	assert_near(iv.dir[1].iops, 200, 1e-9);
	assert_near(iv.dir[0].mean_ns, 1500, 1e-9);
	assert_near(iv.dir[0].sd_ns, 707.106781, 1e-6);
	assert_near(iv.dir[1].max_ns, 9000, 0);
	assert_true(iv.max_exact);
	assert_near(iv.precond.throughput_iops, 600, 1e-9);
	assert_near(iv.precond.avg_lat_ns, 2333.333333, 1e-6);
	assert_near(iv.precond.max_lat_ns, 9000, 0);
	assert_near(iv.precond.sd_lat_ns, 1060.660172, 1e-6);

	assert_int_equal(sr_log_agg_get(a, 1, &iv), 0);
	assert_int_equal(iv.iops_jobs, 2);
	assert_near(iv.precond.throughput_iops, 460, 1e-9);
	assert_near(iv.precond.avg_lat_ns, 1304.347826, 1e-6);
	assert_near(iv.precond.max_lat_ns, 4000, 0);
	assert_near(iv.precond.sd_lat_ns, 70.710678, 1e-6);
	assert_true(isnan(iv.bw_bytes[0]));
	assert_int_equal(sr_log_agg_get(a, 2, &iv), -ERANGE);

	/* a lat log cannot join an aggregation of clat logs */
	assert_int_equal(sr_log_agg_add_file(a, write_tmp("t_lat.1.log", "1000, 1, 0, 0\n"), NULL,
					     err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "t_lat.1.log: a lat log"));
	/* a malformed line names file and line */
	assert_int_equal(sr_log_agg_add_file(a, write_tmp("t_iops.3.log", "1000, 1, 0, 0\nx\n"),
					     NULL, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "t_iops.3.log:2: column 1: expected a number"));
	sr_log_agg_free(a);
}

/* A new aggregation of 1-s windows holding one log file @name with @text. */
static struct sr_log_agg *agg_of(const char *name, const char *text, uint32_t avg_ms)
{
	struct sr_log_opts opts = {.avg_ms = avg_ms};
	struct sr_log_agg *a;
	char err[512] = "";

	assert_int_equal(sr_log_agg_new(&a, 1000), 0);
	if (sr_log_agg_add_file(a, write_tmp(name, text), &opts, err, sizeof(err)))
		fail_msg("%s", err);
	return a;
}

/*
 * Windows and jobs on fio's timing (log_interval.h). One per_job_logs=0 file holding two jobs
 * (log_avg_msec=1000): job 1 stamped 1013, 2010, 3008 ms (300, 310, 320 IOPS), then job 2, whose
 * rows start over: 999 (2 ms early, fio's slack), 2015 (200, 210 IOPS). Second 1 = 300 + 200 =
 * 500, second 2 = 310 + 210 = 520, both jobs; second 3 = 320 from job 1 alone: partial.
 * A bw log with log_avg_msec=250 (rows 250 .. 1000 end periods 1 .. 4 of second 1, 1250 period
 * 5 of second 2): second 1 = mean(100, 200, 300, 400) KiB/s = 250 KiB/s = 256000 B/s; the job's
 * last period ends at 1250 ms, so it did not run through second 2 (0 jobs there).
 * Per-I/O rows (bs column set): 3 writes of 4096 bytes at 10, 500, 999 ms -> 3 IOPS in second 1,
 * and the job's last I/O (999 ms) ends before second 1 does: 0 jobs ran through it.
 */
static void test_agg_fio_timing(void **state)
{
	struct sr_log_agg *a;
	struct sr_log_interval iv;

	(void)state;
	a = agg_of("j_iops.log",
		   "1013, 300, 1, 0, 0\n2010, 310, 1, 0, 0\n3008, 320, 1, 0, 0\n"
		   "999, 200, 1, 0, 0\n2015, 210, 1, 0, 0\n",
		   1000);
	assert_int_equal(sr_log_agg_jobs(a, SR_LOG_IOPS), 2);
	assert_int_equal(sr_log_agg_count(a), 3);
	assert_int_equal(sr_log_agg_get(a, 0, &iv), 0);
	assert_near(iv.dir[1].iops, 500, 0);
	assert_int_equal(iv.iops_jobs, 2);
	assert_int_equal(sr_log_agg_get(a, 1, &iv), 0);
	assert_near(iv.dir[1].iops, 520, 0);
	assert_int_equal(iv.iops_jobs, 2);
	assert_int_equal(sr_log_agg_get(a, 2, &iv), 0);
	assert_near(iv.dir[1].iops, 320, 0);
	assert_int_equal(iv.iops_jobs, 1);
	sr_log_agg_free(a);

	a = agg_of("j_bw.1.log",
		   "250, 100, 0, 0, 0\n500, 200, 0, 0, 0\n750, 300, 0, 0, 0\n"
		   "1000, 400, 0, 0, 0\n1250, 500, 0, 0, 0\n",
		   250);
	assert_int_equal(sr_log_agg_get(a, 0, &iv), 0);
	assert_near(iv.bw_bytes[0], 256000, 0);
	assert_int_equal(iv.bw_jobs, 1);
	assert_true(isnan(iv.dir[0].iops)); /* no iops log */
	assert_int_equal(sr_log_agg_get(a, 1, &iv), 0);
	assert_int_equal(iv.bw_jobs, 0);
	sr_log_agg_free(a);

	a = agg_of("j_iops.2.log", "10, 1, 1, 4096, 0\n500, 1, 1, 4096, 0\n999, 1, 1, 4096, 0\n",
		   0);
	assert_int_equal(sr_log_agg_get(a, 0, &iv), 0);
	assert_near(iv.dir[1].iops, 3, 0);
	assert_int_equal(iv.iops_jobs, 0);
	sr_log_agg_free(a);
}

/* A row stamped after the run's end is a damaged log, refused before any window is made. */
static void test_agg_after_the_run(void **state)
{
	struct sr_log_agg *a;
	char err[512] = "";

	(void)state;
	assert_int_equal(sr_log_agg_new(&a, 1000), 0);
	sr_log_agg_set_end(a, 9000);
	assert_int_equal(sr_log_agg_add_file(a,
					     write_tmp("e_iops.1.log", "1000, 5, 0, 0, 0\n"
								       "16000000000, 1, 0, 0, 0\n"),
					     NULL, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "e_iops.1.log:2: time 16000000000 ms: after the end of the run "
				    "(9000 ms)"));
	assert_true(sr_log_agg_count(a) <= 1);
	sr_log_agg_free(a);
}

/*
 * c05 (one job, log_avg_msec=1000) second 1 (window 0): read 142 IOPS, write 266 IOPS (the rows
 * stamped 1000 ms); clat rows read 147298052 ns, write 131035087 ns. avg =
 * (142 * 147298052 + 266 * 131035087) / 408 = 55771656526 / 408 = 136695236.5833 ns;
 * no max column, so max is the larger mean 147298052 and not exact; one row each: sd 0.
 */
static void test_agg_c05(void **state)
{
	struct sr_log_opts opts = {.avg_ms = 1000};
	struct sr_log_agg *a;
	struct sr_log_interval iv;
	char err[512] = "";

	(void)state;
	assert_int_equal(sr_log_agg_new(&a, 1000), 0);
	if (sr_log_agg_add_file(a, at(C05 "_iops.1.log"), &opts, err, sizeof(err)) ||
	    sr_log_agg_add_file(a, at(C05 "_clat.1.log"), &opts, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(sr_log_agg_get(a, 0, &iv), 0);
	assert_near(iv.precond.throughput_iops, 408, 0);
	assert_near(iv.precond.avg_lat_ns, 136695236.5833, 1e-3);
	assert_near(iv.precond.max_lat_ns, 147298052, 0);
	assert_false(iv.max_exact);
	assert_near(iv.precond.sd_lat_ns, 0, 0);
	/* the read clat rows at 60007 ms end the job's 60th second (two at one time: the period's
	 * and fio's exit flush); the iops log ends at 59069 ms (second 59), so second 60 has the
	 * job's latency but not its IOPS. The write clat row at 60007 comes 7 ms after the one at
	 * 60000: fio's exit row for the 61st second, which the job did not run through (window 60,
	 * partial: no job counted in it) */
	assert_int_equal(sr_log_agg_count(a), 61);
	assert_int_equal(sr_log_agg_get(a, 59, &iv), 0);
	assert_int_equal(iv.lat_jobs, 1);
	assert_int_equal(iv.iops_jobs, 0);
	assert_int_equal(sr_log_agg_get(a, 60, &iv), 0);
	assert_int_equal(iv.lat_jobs, 0);
	assert_near(iv.dir[SR_WRITE].n, 1, 0);
	assert_near(iv.dir[SR_READ].n, 0, 0);
	sr_log_agg_free(a);
}

/*
 * c16 (fio 2.2.10, us, log_avg_msec=250): second 1 holds the clat rows 250, 500, 750, 1000 ms
 * (periods 1..4) = 1901, 1918, 1967, 1935 us: mean 7721 / 4 = 1930.25 us = 1930250 ns.
 */
static void test_agg_c16_usec(void **state)
{
	struct sr_log_opts opts = {.lat_unit = SR_LAT_US, .avg_ms = 250};
	struct sr_log_agg *a;
	struct sr_log_interval iv;
	char err[512] = "";

	(void)state;
	assert_int_equal(sr_log_agg_new(&a, 1000), 0);
	if (sr_log_agg_add_file(a, at(C16 "_clat.log"), &opts, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(sr_log_agg_get(a, 0, &iv), 0);
	assert_near(iv.dir[0].n, 4, 0);
	assert_near(iv.dir[0].mean_ns, 1930250, 1e-6);
	assert_true(isnan(iv.precond.throughput_iops));
	assert_int_equal(iv.lat_jobs, 1);
	sr_log_agg_free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_c02_iops),
	    cmocka_unit_test(test_c02_clat),
	    cmocka_unit_test(test_c05_iops_5col),
	    cmocka_unit_test(test_c05_clat),
	    cmocka_unit_test(test_c14),
	    cmocka_unit_test(test_c16_usec),
	    cmocka_unit_test(test_c07_hist_rejected),
	    cmocka_unit_test(test_parse_name),
	    cmocka_unit_test(test_malformed),
	    cmocka_unit_test(test_crlf_spaces_blank_lines),
	    cmocka_unit_test(test_cut_everywhere),
	    cmocka_unit_test(test_window_value_both),
	    cmocka_unit_test(test_agg_two_jobs),
	    cmocka_unit_test(test_agg_fio_timing),
	    cmocka_unit_test(test_agg_after_the_run),
	    cmocka_unit_test(test_agg_c05),
	    cmocka_unit_test(test_agg_c16_usec),
	};

	return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
