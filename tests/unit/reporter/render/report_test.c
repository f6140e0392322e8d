// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_test.c - the whole report on a synthetic results tree (two drives) with the test
 * catalogue: the sections in the catalogue's order, the summary as the first table, gnuplot
 * charts (non-empty PNG and SVG, their CSV), the T/Q and curve points in order of their values,
 * a test no entry describes under "Other tests", the detail page of a test, drive.json's fields,
 * the atomic replacement of the output directory, and the case directories end to end (no
 * catalogue: every test under "Other tests").
 */
#include <errno.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#include "cases.h"
#include "catalogue/catalogue.h"
#include "parse/inputs.h"
#include "parse/pts_rounds.h"
#include "render/report.h"

/* The report of @m as ssdreport makes it: the load's last part, the analysis, the render. */
static int write_report(struct sr_model *m, const struct sr_report_opts *o, struct sr_diag *d)
{
	struct sr_analysis a = {0};
	int rc = sr_pts_rounds_load(m, o->cat, d);

	if (!rc)
		rc = sr_analyse(m, o->cat, &a, d);
	if (!rc)
		rc = sr_report_write(m, &a, o, d);
	sr_analysis_free(&a);
	return rc;
}

static char root[] = "/tmp/ssdreport-test-XXXXXX";

/* A one-job fio 3.x JSON at @t threads x @q depth: read/write IOPS and clat mean (ns), the
 * 99/99.9 read percentiles. */
static void write_result(const char *drive, const char *id, const char *rw, int t, int q,
			 double riops, double rmean, double wiops, double wmean, const char *extra)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, drive);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/%s/%s.json", root, drive, id);
	f = fopen(p, "w");
	assert_non_null(f);
	fprintf(
	    f,
	    "{\n\"fio version\" : \"fio-3.33\",\n\"global options\" : { \"rw\" : \"%s\", "
	    "\"bs\" : \"4k\", "
	    "\"numjobs\" : \"%d\", \"iodepth\" : \"%d\", \"group_reporting\" : \"\" },\n\"jobs\" "
	    ": [ {\n"
	    "\"jobname\" : \"%s\", \"groupid\" : 0,\n"
	    "\"read\" : { \"iops\" : %g, \"bw_bytes\" : %g, \"total_ios\" : %g, \"clat_ns\" : "
	    "{ \"N\" : %g, "
	    "\"min\" : 1000, \"max\" : %g, \"mean\" : %g, \"stddev\" : 10, \"percentile\" : "
	    "{ \"99.000000\" : %g, \"99.900000\" : %g } } },\n"
	    "\"write\" : { \"iops\" : %g, \"bw_bytes\" : %g, \"total_ios\" : %g, \"clat_ns\" : "
	    "{ \"N\" : %g, "
	    "\"min\" : 1000, \"max\" : %g, \"mean\" : %g, \"stddev\" : 10 } }%s\n} ]\n}\n",
	    rw, t, q, id, riops, riops * 4096, riops * 10, riops * 10, rmean * 4, rmean, rmean * 2,
	    rmean * 3, wiops, wiops * 4096, wiops * 10, wiops * 10, wmean * 4, wmean,
	    extra ? extra : "");
	fclose(f);
}

static void make_tree(void)
{
	static const char ss[] = ",\n\"steadystate\" : { \"ss\" : \"iops_slope:0.3%\", "
				 "\"attained\" : 1, \"criterion\" : \"0.1%\", "
				 "\"data\" : { \"iops\" : [ 100, 300, 200, 200, 200, 200, 200 ], "
				 "\"bw\" : [ 1, 2, 3, 4, 5, 6, 7 ] } }";
	char p[512];
	FILE *f;

	assert_non_null(mkdtemp(root));
	for (int d = 0; d < 2; d++) {
		const char *drv = d ? "drive-b" : "drive-a";
		double k = d ? 2 : 1; /* drive-b: twice the IOPS, same latency */

		write_result(drv, "4k-randread", "randread", 16, 16, 1000 * k, 200000, 0, 0, NULL);
		write_result(drv, "curve-4k-randread-50", "randread", 128, 1, 500 * k, 200000, 0, 0,
			     NULL);
		write_result(drv, "curve-4k-randread-max", "randread", 128, 1, 1000 * k, 500000, 0,
			     0, NULL);
		write_result(drv, "curve-4k-randread-10", "randread", 128, 1, 100 * k, 100000, 0, 0,
			     NULL);
		/* written in the order an id sort gives: 16, 2, 4 */
		write_result(drv, "scale-8k-7030-t16q16", "randrw", 16, 16, 700 * k, 900000,
			     300 * k, 900000, NULL);
		write_result(drv, "scale-8k-7030-t2q2", "randrw", 2, 2, 70 * k, 40000, 30 * k,
			     40000, NULL);
		write_result(drv, "scale-8k-7030-t4q4", "randrw", 4, 4, 140 * k, 80000, 60 * k,
			     80000, NULL);
		write_result(drv, "precond-4k-randwrite", "randwrite", 16, 16, 0, 0, 200 * k,
			     1000000, ss);
		write_result(drv, "my-own-job", "randread", 2, 8, 10 * k, 3000000, 0, 0, NULL);
	}
	snprintf(p, sizeof(p), "%s/drive-a/drive.json", root);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs("{ \"identity\" : { \"model\" : \"QEMU NVMe Ctrl\", \"serial\" : \"deadbeef\", "
	      "\"capacity_bytes\" : 2147483648 }, \"health_before\" : { \"percentage_used\" : 3, "
	      "\"data_written_bytes\" : 0 }, \"health_after\" : { \"percentage_used\" : 3, "
	      "\"data_written_bytes\" : 5864960000 } }\n",
	      f);
	fclose(f);
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(p);
}

static int teardown(void **state)
{
	(void)state;
	nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return 0;
}

static char *slurp(const char *dir, const char *name)
{
	char p[600], *buf = NULL;
	size_t len;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	if (sr_read_file(p, &buf, &len))
		fail_msg("%s missing", p);
	return buf;
}

static void assert_nonempty(const char *dir, const char *name)
{
	char p[600];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	if (stat(p, &st) || st.st_size == 0)
		fail_msg("%s missing or empty", p);
}

static struct catalogue *catalogue(void)
{
	struct catalogue *c = NULL;
	char err[512];

	if (catalogue_load("jobfiles/catalogue.json", &c, err, sizeof(err)))
		fail_msg("catalogue: %s", err);
	return c;
}

/* @s holds @what; on failure the message shows both. */
#define assert_has(s, what)                                                                        \
	do {                                                                                       \
		if (!strstr((s), (what)))                                                          \
			fail_msg("expected \"%s\" in:\n%s", (what), (s));                          \
	} while (0)

/* The position of @what in @s, failing when it is missing. */
static size_t at(const char *s, const char *what)
{
	const char *p = strstr(s, what);

	if (!p)
		fail_msg("\"%s\" not found", what);
	return (size_t)(p - s);
}

static void full_report(void **state)
{
	const char *in[] = {NULL};
	struct catalogue *cat = catalogue();
	struct sr_report_opts o = {.title = "test", .charts = true, .cat = cat};
	struct sr_diag d = {0};
	struct sr_model m = {0};
	char out[600], *s;

	(void)state;
	make_tree();
	in[0] = root;
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), 0);
	assert_int_equal(m.ndrives, 2);
	assert_string_equal(m.drives[0].label, "drive-a");
	assert_int_equal(m.drives[0].ntests, 9);
	snprintf(out, sizeof(out), "%s/out", root);
	mkdir(out, 0755); /* an existing report is replaced */
	o.outdir = out;
	if (write_report(&m, &o, &d))
		fail_msg("report: %s", d.err);

	static const char *const charts[] = {"series-precond-4k-randwrite", "scaling-8k-7030",
					     "curve-4k-randread", "primary"};
	for (size_t i = 0; i < sizeof(charts) / sizeof(charts[0]); i++) {
		const char *ext[] = {"png", "svg", "gp", "dat", "csv"};
		for (int e = 0; e < 5; e++) {
			char n[200];
			snprintf(n, sizeof(n), "%s.%s", charts[i], ext[e]);
			assert_nonempty(out, n);
		}
	}
	/* curve: points by their percentage, the flat-out run last; a header names the columns */
	s = slurp(out, "curve-4k-randread.csv");
	assert_has(s, "drive,point,rate_pct,iops,mb_s,avg_lat_ms\n");
	assert_has(s, "drive-a,10 %,10,100,0.4096,0.1\n"
		      "drive-a,50 %,50,500,2.048,0.2\n"
		      "drive-a,max,,1000,4.096,0.5\n");
	assert_has(s, "drive-b,max,,2000,8.192,0.5\n");
	free(s);
	/* scaling: T/Q by value (2T/2Q, 4T/4Q, 16T/16Q), IOPS = read + write, latency ms */
	s = slurp(out, "scaling-8k-7030.csv");
	assert_has(s, "drive,tq,point,threads,depth,iops,avg_lat_ms,max_lat_ms\n");
	assert_has(s, "drive-a,2T/2Q,0,2,2,100,0.04,0.16\n"
		      "drive-a,4T/4Q,1,4,4,200,0.08,0.32\n"
		      "drive-a,16T/16Q,2,16,16,1000,0.9,3.6\n");
	free(s);
	s = slurp(out, "family-scaling.csv"); /* one workload: named in the caption */
	assert_has(s, "drive,figure,2T/2Q,4T/4Q,16T/16Q\n");
	assert_has(s, "drive-b,IOPS,200,400,2000\n");
	free(s);
	/* preconditioning from fio's ss data: t, IOPS (a second per bin: its envelope is itself);
	 * latency and error bounds unknown */
	s = slurp(out, "series-precond-4k-randwrite.csv");
	assert_has(s, "drive,t_s,throughput_iops,throughput_iops_min,throughput_iops_max,"
		      "avg_lat_ms,");
	assert_has(s, "drive-a,1,100,100,100,,,,,,,,,,,,1,\n"
		      "drive-a,2,300,300,300,,,,,,,,,,,,1,\n");
	free(s);
	/* the detail page's table: drives side by side, latency in the row's unit */
	s = slurp(out, "tests/4k-randread.csv");
	assert_has(s, "metric,drive-a,drive-b\n");
	assert_has(s, "read IOPS,1000,2000\n");
	assert_has(s, "read MB/s,4.096,8.192\n");
	assert_has(s, "read avg latency (\xc2\xb5s),200,200\n");
	assert_has(s, "read p99.9 (\xc2\xb5s),600,600\n");
	assert_has(s, "read p99.99 (ms),,\n"); /* not printed by fio: empty */
	free(s);
	assert_nonempty(out, "tests/4k-randread.html");
	assert_nonempty(out, "tests/my-own-job.html");
	/* a test no entry describes, the same job (fio's options) on both drives: a comparison,
	 * drive-b's IOPS 100 % above drive-a's, its latency the same */
	s = slurp(out, "comparison.csv");
	assert_has(s, "randread 4 KiB 2T/8Q,10,20,100,3,3,0\n");
	free(s);
	s = slurp(out, "index.html");
	/* the summary is the first table; then the drives, then the families in the catalogue's
	 * order, "Other tests" last */
	assert_true(at(s, "<table") > at(s, "id=\"summary\""));
	assert_true(at(s, "id=\"summary\"") < at(s, "id=\"drives\""));
	assert_true(at(s, "id=\"drives\"") < at(s, "id=\"family-precondition\""));
	assert_true(at(s, "id=\"family-precondition\"") < at(s, "id=\"family-primary\""));
	assert_true(at(s, "id=\"family-primary\"") < at(s, "id=\"family-scaling\""));
	assert_true(at(s, "id=\"family-scaling\"") < at(s, "id=\"family-curve\""));
	assert_true(at(s, "id=\"family-curve\"") < at(s, "id=\"comparisons\""));
	assert_null(strstr(s, "id=\"family-other\"")); /* its one test is in the comparison */
	assert_null(strstr(s, "id=\"family-four-corners\"")); /* no results: left out */
	assert_has(s, "QEMU NVMe Ctrl");
	assert_has(s, "2.15 GB (2.00 GiB)");
	assert_has(s, "0 B \xe2\x86\x92 5.86 GB</td>"); /* before and after; the difference: */
	free(s);
	s = slurp(out, "drives-health.csv");
	assert_has(s, "0 B \xe2\x86\x92 5.86 GB (+5.86 GB)");
	free(s);
	s = slurp(out, "index.html");
	assert_non_null(strstr(s, "<img src=\"curve-4k-randread.png\""));
	assert_non_null(strstr(s, "href=\"tests/4k-randread.html\""));
	assert_null(strstr(s, "http://"));
	assert_null(strstr(s, "https://"));
	free(s);
	s = slurp(out, "tests/precond-4k-randwrite.html");
	assert_has(s, "iops_slope:0.3%"); /* fio's own verdict, as fio printed it */
	free(s);
	s = slurp(out, "tests/drives.html");
	assert_has(s, "health_before.percentage_used");
	free(s);
	assert_nonempty(out, "report.md");
	sr_model_free(&m);
	catalogue_free(cat);
}

static void copy(const char *from, const char *to)
{
	char *buf = NULL;
	size_t len;
	FILE *f;

	if (sr_read_file(from, &buf, &len))
		fail_msg("%s missing", from);
	f = fopen(to, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	fclose(f);
	free(buf);
}

/*
 * What the report must never show as true: a percentile at fio's histogram ceiling (a
 * constructed json+ output) is "≥ 17,100" (ms, the row's unit) with a note in the tables, the
 * summary and the QoS chart's data; a job that ended with an error (the real c31 output) is named
 * in a warning on the page (and on stderr), marked in its table and on the summary, and fails its
 * checks.
 */
static void truth_marks(void **state)
{
	struct catalogue *cat = catalogue();
	struct sr_report_opts o = {.title = "truth", .charts = false, .cat = cat};
	struct sr_diag d = {0};
	struct sr_model m = {0};
	const char *in[] = {NULL};
	char dir[600], path[700], c31[4096], out[600], *s;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/truth/d", root);
	snprintf(path, sizeof(path), "%s/truth", root);
	mkdir(path, 0755);
	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/spec-4k-randread-qd1.json", dir);
	copy("tests/unit/reporter/fixtures/truth/spec-4k-randread-qd1.json", path);
	case_path(c31, sizeof(c31), "c31-bug-fio731-warning-lines-before-json/repro-synthetic.txt");
	snprintf(path, sizeof(path), "%s/4k-randwrite.json", dir);
	copy(c31, path);
	in[0] = dir;
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), 0);
	assert_true(d.nwarnings >= 1); /* the job error, named when the file is read */
	snprintf(out, sizeof(out), "%s/truth/out", root);
	o.outdir = out;
	if (write_report(&m, &o, &d))
		fail_msg("report: %s", d.err);
	s = slurp(out, "tests/spec-4k-randread-qd1.csv");
	assert_has(s, "read p99.99 (ms),>=17112.7603\n");
	assert_has(s, "read p99.999 (s),21.4748365\n"); /* 12,773 I/Os: the maximum */
	assert_has(s, "read p99.9 (ms),6.586368\n");
	free(s);
	s = slurp(out, "tests/spec-4k-randread-qd1.html");
	assert_has(s, "\xe2\x89\xa5 17,100</td>"); /* in the row's unit, ms */
	assert_has(s, "fio's histogram ceiling");
	free(s);
	s = slurp(out, "family-spec.csv");
	assert_has(s, "p99.99 latency (ms),,>=17112.7603\n");
	free(s);
	s = slurp(out, "qos-spec-4k-randread-qd1.csv");
	assert_has(s, "series,clat_ms,exceedance_pct,percentile,clamped_exceedance_pct\n");
	assert_has(s, "d reads,17112.7603,0.01,99.99,0.01\n");
	assert_has(s, "d reads,6.586368,0.1,99.9,\n");
	free(s);
	s = slurp(out, "index.html");
	/* the summary's QoS p99.99 row */
	assert_has(s, "<td class=\"n warn\">\xe2\x89\xa5 17,100</td>"); /* ms */
	/* the failed job: named in a warning, its figures marked on the summary */
	assert_has(s, "4K random write on d: a job ended with error 5 (Input/output error)");
	assert_has(s, "<td class=\"n fail\">");
	assert_has(s, "not a clean run");
	free(s);
	s = slurp(out, "tests/4k-randwrite.html");
	assert_has(s, "ended with error 5");
	free(s);
	sr_model_free(&m);
	catalogue_free(cat);
}

/* Every case directory: a report is produced and bad files inside are skipped. */
static void cases_end_to_end(void **state)
{
	struct sr_report_opts o = {.title = "cases", .charts = true};
	struct sr_diag d = {0};
	struct sr_model m = {0};
	const char *in[] = {cases_dir()};
	char out[600];

	(void)state;
	snprintf(out, sizeof(out), "%s/cases-report", root);
	o.outdir = out;
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), 0);
	assert_true(m.ndrives >= 15);
	if (write_report(&m, &o, &d))
		fail_msg("report: %s", d.err);
	assert_nonempty(out, "index.html");
	assert_nonempty(out, "series-randrw-32-8.png"); /* c02 logs, under Other tests */
	assert_nonempty(out, "series-randrw-32-8.svg");
	assert_nonempty(out, "series-randrw-32-8.csv");
	sr_model_free(&m);
}

static void bad_named_file(void **state)
{
	struct sr_diag d = {0};
	struct sr_model m = {0};
	char p[4096];
	const char *in[] = {p};

	(void)state;
	case_path(p, sizeof(p), "c13-whitepau-json-file-with-only-errors/bs_qd_results.json");
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), -EINVAL);
	assert_non_null(strstr(d.err, "bs_qd_results.json"));
	sr_model_free(&m);
	in[0] = "/nonexistent/x.json";
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), -ENOENT);
	sr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(full_report),
	    cmocka_unit_test(truth_marks),
	    cmocka_unit_test(cases_end_to_end),
	    cmocka_unit_test(bad_named_file),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
