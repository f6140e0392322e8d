// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_test.c - the whole report on a synthetic results tree (two drives): tables, gnuplot
 * charts (non-empty PNG and SVG), the numbers in the .dat files, drive.json identity, the
 * atomic replacement of the output directory, and the case directories end to end.
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
#include "parse/inputs.h"
#include "render/report.h"

static char root[] = "/tmp/ssdreport-test-XXXXXX";

/* A one-job fio 3.x JSON: read/write IOPS and clat mean (ns), optional 99/99.9 percentiles. */
static void write_result(const char *drive, const char *id, const char *rw, double riops,
			 double rmean, double wiops, double wmean, const char *extra)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, drive);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/%s/%s.json", root, drive, id);
	f = fopen(p, "w");
	assert_non_null(f);
	fprintf(f,
		"{\n\"fio version\" : \"fio-3.33\",\n\"global options\" : { \"rw\" : \"%s\", "
		"\"bs\" : \"4k\", "
		"\"numjobs\" : \"2\", \"iodepth\" : \"8\", \"group_reporting\" : \"\" },\n\"jobs\" "
		": [ {\n"
		"\"jobname\" : \"%s\", \"groupid\" : 0,\n"
		"\"read\" : { \"iops\" : %g, \"bw_bytes\" : %g, \"total_ios\" : %g, \"clat_ns\" : "
		"{ \"N\" : %g, "
		"\"min\" : 1000, \"max\" : %g, \"mean\" : %g, \"stddev\" : 10, \"percentile\" : "
		"{ \"99.000000\" : %g, \"99.900000\" : %g } } },\n"
		"\"write\" : { \"iops\" : %g, \"bw_bytes\" : %g, \"total_ios\" : %g, \"clat_ns\" : "
		"{ \"N\" : %g, "
		"\"min\" : 1000, \"max\" : %g, \"mean\" : %g, \"stddev\" : 10 } }%s\n} ]\n}\n",
		rw, id, riops, riops * 4096, riops * 10, riops * 10, rmean * 4, rmean, rmean * 2,
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

		write_result(drv, "4k-randread", "randread", 1000 * k, 200000, 0, 0, NULL);
		write_result(drv, "curve-4krr-50", "randread", 500 * k, 200000, 0, 0, NULL);
		write_result(drv, "curve-4krr-max", "randread", 1000 * k, 500000, 0, 0, NULL);
		write_result(drv, "scale-8k-7030-t2q2", "randrw", 70 * k, 40000, 30 * k, 40000,
			     NULL);
		write_result(drv, "scale-8k-7030-t4q4", "randrw", 140 * k, 80000, 60 * k, 80000,
			     NULL);
		write_result(drv, "precond-4k-randwrite", "randwrite", 0, 0, 200 * k, 1000000, ss);
	}
	snprintf(p, sizeof(p), "%s/drive-a/drive.json", root);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs("{ \"model\" : \"QEMU NVMe Ctrl\", \"serial\" : \"deadbeef\", \"health\" : { "
	      "\"percent_used\" : 3 } }\n",
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

static void full_report(void **state)
{
	const char *in[] = {NULL};
	struct sr_report_opts o = {.title = "test", .charts = true};
	struct sr_diag d = {0};
	struct sr_model m = {0};
	char out[600], *s;

	(void)state;
	make_tree();
	in[0] = root;
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), 0);
	assert_int_equal(m.ndrives, 2);
	assert_string_equal(m.drives[0].label, "drive-a");
	assert_int_equal(m.drives[0].ntests, 6);
	snprintf(out, sizeof(out), "%s/out", root);
	mkdir(out, 0755); /* an existing report is replaced */
	o.outdir = out;
	if (sr_report_write(&m, &o, &d))
		fail_msg("report: %s", d.err);

	static const char *const charts[] = {"precond-4k-randwrite", "scaling-8k-7030",
					     "curve-4krr", "qos-4k-randread", "primary-iops"};
	for (size_t i = 0; i < sizeof(charts) / sizeof(charts[0]); i++) {
		const char *ext[] = {"png", "svg", "gp", "dat"};
		for (int e = 0; e < 4; e++) {
			char n[200];
			snprintf(n, sizeof(n), "%s.%s", charts[i], ext[e]);
			assert_nonempty(out, n);
		}
	}
	/* curve: per drive "iops avg_lat_ms pct" sorted by rate, max run = 1000 */
	s = slurp(out, "curve-4krr.dat");
	assert_non_null(strstr(s, "500 0.2 50\n1000 0.5 1000\n"));
	assert_non_null(strstr(s, "1000 0.2 50\n2000 0.5 1000\n"));
	free(s);
	/* scaling: T/Q order, IOPS = read + write, latency ms */
	s = slurp(out, "scaling-8k-7030.dat");
	assert_non_null(strstr(s, "0 \"2T/2Q\" 100 0.04\n1 \"4T/4Q\" 200 0.08\n"));
	assert_non_null(strstr(s, "0 \"2T/2Q\" 200 0.04\n"));
	free(s);
	/* QoS exceedance: 99% -> 1% slower at 0.4 ms, 99.9% -> 0.1% at 0.6 ms */
	s = slurp(out, "qos-4k-randread.dat");
	assert_non_null(strstr(s, "0.4 1 99\n0.6 0.1 99.9\n"));
	free(s);
	/* preconditioning from fio's ss data: t, IOPS; latency and error bounds unknown (NaN) */
	s = slurp(out, "precond-4k-randwrite.dat");
	assert_non_null(strstr(s, "1 100 NaN NaN NaN NaN NaN\n2 300 NaN NaN NaN NaN NaN\n"));
	free(s);
	/* per-test table: drives side by side */
	s = slurp(out, "test-4k-randread.csv");
	assert_non_null(strstr(s, "metric,drive-a,drive-b\n"));
	assert_non_null(strstr(s, "read IOPS,1000,2000\n"));
	assert_non_null(strstr(s, "read MB/s,4.096,8.192\n"));
	assert_non_null(strstr(s, "read avg latency,0.2,0.2\n"));
	assert_non_null(strstr(s, "read p99.9,0.6,0.6\n"));
	assert_non_null(strstr(s, "read p99.99,,\n")); /* not printed by fio: empty */
	free(s);
	s = slurp(out, "index.html");
	assert_non_null(strstr(s, "QEMU NVMe Ctrl"));
	assert_non_null(strstr(s, "health.percent_used"));
	assert_non_null(strstr(s, "<img src=\"curve-4krr.png\""));
	assert_non_null(strstr(s, "attained (iops_slope:0.3%)")); /* fio's own verdict */
	assert_null(strstr(s, "http://"));
	assert_null(strstr(s, "https://"));
	free(s);
	assert_nonempty(out, "report.md");
	sr_model_free(&m);
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
	if (sr_report_write(&m, &o, &d))
		fail_msg("report: %s", d.err);
	assert_nonempty(out, "index.html");
	assert_nonempty(out, "precond-randrw-32-8.png"); /* c02 logs */
	assert_nonempty(out, "precond-randrw-32-8.svg");
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
	    cmocka_unit_test(cases_end_to_end),
	    cmocka_unit_test(bad_named_file),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
