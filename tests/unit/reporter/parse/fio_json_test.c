// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_json_test.c - fio JSON parsing on the real outputs in ../shared/cases (values from
 * cases/LOG.md, read from the files, not from this parser) and on synthetic minimal inputs for
 * each oddity.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cases.h"
#include "parse/fio_json.h"
#include "parse/read_file.h"

#define US 1000.0 /* fio 2.x usec -> ns */

static struct sr_diag diag;

static struct sr_test load(const char *rel)
{
	struct sr_test t = {0};
	char p[4096];
	int rc;

	case_path(p, sizeof(p), rel);
	diag = (struct sr_diag){0};
	rc = sr_fio_json_load(p, &t, &diag);
	if (rc)
		fail_msg("%s: rc %d: %s", p, rc, diag.err);
	return t;
}

/* Parse a synthetic text (copied: the parser rewrites nan in place). */
static int parse_text(const char *text, bool all, struct sr_test **docs, size_t *n)
{
	char *buf = strdup(text);
	int rc;

	diag = (struct sr_diag){.file = "synthetic"};
	rc = sr_fio_json_parse(buf, strlen(buf), all, docs, n, &diag);
	free(buf);
	return rc;
}

static void free_docs(struct sr_test *docs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sr_test_free(&docs[i]);
	free(docs);
}

#define R(run) (run).dir[SR_READ]
#define W(run) (run).dir[SR_WRITE]

static void c01_fio218_usec(void **state)
{
	struct sr_test t = load("c01-fioplot-fio218-usec-dup-percentile-keys/randread-01.json");
	struct sr_run *r = &t.runs[0];

	(void)state;
	assert_int_equal(t.nruns, 1);
	assert_string_equal(r->name, "random-io");
	assert_int_equal(r->iodepth, 1); /* "01" */
	assert_num(R(*r).iops, 73.184143);
	assert_num(W(*r).iops, 0);
	assert_num(R(*r).clat.mean, 13636.394809 * US);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 22912 * US);
	assert_num(R(*r).clat.max, 26160 * US);
	assert_num(R(*r).io_bytes, 17568.0 * 1024); /* 4392 IOs x 4 KiB, printed in KiB */
	for (size_t i = 0; i < R(*r).clat.npct; i++)
		assert_true(R(*r).clat.pct[i].pct > 0); /* "0.00" fillers dropped */
	sr_test_free(&t);

	t = load("c01-fioplot-fio218-usec-dup-percentile-keys/randwrite-128.json");
	r = &t.runs[0];
	assert_int_equal(r->iodepth, 128);
	assert_num(W(*r).iops, 290.108008);
	assert_num(R(*r).iops, 0);
	assert_num(W(*r).clat.mean, 440950.091884 * US);
	assert_num(sr_lat_pct(&W(*r).clat, 99), 2113536 * US);
	assert_num(W(*r).clat.max, 5142014 * US);
	sr_test_free(&t);
}

static void c02_group_reporting_overflow(void **state)
{
	struct sr_test t = load("c02-fioplot-fio316-randrw-numjobs8-group/randrw-32-8.json");
	struct sr_run *r = &t.runs[0];

	(void)state;
	assert_int_equal(t.nruns, 1);
	assert_string_equal(r->name, "iotest");
	assert_int_equal(r->numjobs, 8);
	assert_true(r->group_reporting);
	assert_num(R(*r).iops, 313.698245);
	assert_num(W(*r).iops, 318.594611);
	assert_num(R(*r).clat.mean, 162973687.744938);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 650117120);
	assert_num(W(*r).clat.mean, 632412924.627103);
	assert_num(sr_lat_pct(&W(*r).clat, 99), 2533359616.0);
	assert_num(W(*r).clat.max, 4735735970.0); /* > 2^32 */
	sr_test_free(&t);
}

static void c04_steadystate(void **state)
{
	struct sr_test t = load("c04-samyaple-fio333-steadystate/randread-1-1.json");
	struct sr_run *r = &t.runs[0];

	(void)state;
	assert_string_equal(r->name, "FIOJOB");
	assert_num(R(*r).iops, 14059.140237);
	assert_num(W(*r).iops, 0);
	assert_num(R(*r).clat.mean, 67732.852873);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 79360);
	assert_true(r->fio_ss.present);
	assert_string_equal(r->fio_ss.ss, "iops:10.000000%");
	assert_true(r->fio_ss.attained);
	assert_num(r->fio_ss.criterion, 2.255639);
	assert_string_equal(r->fio_ss.criterion_text, "2.255639%"); /* as fio printed it */
	assert_num(r->fio_ss.max_deviation, 315.9);
	assert_num(r->fio_ss.iops_mean, 14004);
	assert_num(r->fio_ss.bw_mean, 57365304); /* bytes/s already */
	assert_int_equal(r->fio_ss.niops, 10);
	assert_int_equal(r->fio_ss.nbw, 10);
	assert_int_equal(r->rwmixread, 95);
	sr_test_free(&t);

	t = load("c04-samyaple-fio333-steadystate/randread-16-16.json");
	assert_int_equal(t.nruns, 16);
	assert_num(R(t.runs[0]).iops, 20660.682858);
	assert_num(sr_lat_pct(&R(t.runs[0]).clat, 99), 13303808);
	assert_true(t.runs[0].fio_ss.attained);
	sr_test_free(&t);
}

/*
 * fio's slope criterion is signed (steadystate.c: slope = least-squares slope of the last ss_dur
 * samples, criterion = 100 * slope / mean for a percentage limit). Job #2 of c04 randread-16-16
 * rewritten as fio 3.33 prints an ss=iops_slope:1% check on its own data.iops
 * [1204, 1335, 1287, 1285, 1141, 1249, 1174, 1205, 1250, 1200] (x = 0..9):
 *   sum y = 12330, mean 1233; sum x y = 54852; slope = (54852 - 45 * 12330 / 10) / (285 - 45 * 45
 *   / 10) = -633 / 82.5 = -7.672727; criterion = 100 * -7.672727 / 1233 = -0.622281 (%).
 * Both are real negative figures (a falling slope), not unsigned wraps. The deviation check of
 * job #1 stays as printed (3.413476%), and a negative deviation criterion stays flagged.
 */
static void c04_negative_slope(void **state)
{
	static const char dev[] =
	    "\"ss\" : \"iops:10.000000%\",\n        \"duration\" : 10,\n"
	    "        \"attained\" : 1,\n        \"criterion\" : \"8.272506%\",\n"
	    "        \"max_deviation\" : 102.000000,\n        \"slope\" : 0.000000,";
	static const char slope[] =
	    "\"ss\" : \"iops_slope:1.000000%\",\n        \"duration\" : 10,\n"
	    "        \"attained\" : 1,\n        \"criterion\" : \"-0.622281%\",\n"
	    "        \"max_deviation\" : 0.000000,\n        \"slope\" : -7.672727,";
	struct sr_test *docs = NULL;
	char p[4096], *buf, *text, *at;
	size_t len, n = 0;

	(void)state;
	case_path(p, sizeof(p), "c04-samyaple-fio333-steadystate/randread-16-16.json");
	assert_int_equal(sr_read_file(p, &buf, &len), 0);
	at = strstr(buf, dev);
	assert_non_null(at);
	text = malloc(len + sizeof(slope));
	assert_non_null(text);
	sprintf(text, "%.*s%s%s", (int)(at - buf), buf, slope, at + strlen(dev));
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(docs[0].runs[1].fio_ss.ss, "iops_slope:1.000000%");
	assert_num(docs[0].runs[1].fio_ss.criterion, -0.622281);
	assert_num(docs[0].runs[1].fio_ss.slope, -7.672727);
	assert_true(docs[0].runs[1].fio_ss.attained);
	assert_num(docs[0].runs[0].fio_ss.criterion, 3.413476);
	assert_false(diag.warned & (1u << SR_WARN_NEGATIVE));
	free_docs(docs, n);

	/* the same negative number as a deviation criterion cannot be one: flagged */
	sprintf(text, "%.*s%s%s", (int)(at - buf), buf, dev, at + strlen(dev));
	at = strstr(text, "\"8.272506%\"");
	assert_non_null(at);
	memcpy(at, "\"-8.27250%\"", 11);
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_invalid(docs[0].runs[1].fio_ss.criterion);
	assert_true(diag.warned & (1u << SR_WARN_NEGATIVE));
	free_docs(docs, n);
	free(text);
	free(buf);
}

static void c05_64_jobs(void **state)
{
	struct sr_test t = load("c05-samyaple-fio333-logs-5col-prio/randrw-64-64.json");
	struct sr_run *r = &t.runs[0];

	(void)state;
	assert_int_equal(t.nruns, 64);
	assert_num(R(*r).iops, 1250.716571);
	assert_num(W(*r).iops, 2305.025997);
	assert_num(R(*r).clat.mean, 16191258.06161);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 212860928);
	assert_num(sr_lat_pct(&W(*r).clat, 99), 208666624);
	assert_true(r->fio_ss.present);
	assert_false(r->fio_ss.attained);
	sr_test_free(&t);
}

static void c06_fio214_no_options(void **state)
{
	struct sr_test t = load("c06-pkb-fio214-5jobs-no-timestamp/fio-parser-sample-result.json");
	struct sr_run *r = &t.runs[0], *last = &t.runs[4];

	(void)state;
	assert_int_equal(t.nruns, 5);
	assert_string_equal(r->name, "sequential_write");
	assert_int_equal(r->groupid, 0);
	assert_null(r->rw); /* fio 2.1.4 printed no options: unknown, not fio's default "read" */
	assert_num(W(*r).iops, 133);
	assert_num(R(*r).iops, 0);
	assert_num(W(*r).clat.mean, 477734.84 * US);
	assert_num(sr_lat_pct(&W(*r).clat, 99), 823296 * US);
	assert_string_equal(last->name, "random_read_test_parallel");
	assert_int_equal(last->groupid, 4);
	assert_num(R(*last).iops, 323);
	assert_num(R(*last).clat.mean, 198030.44 * US);
	assert_num(sr_lat_pct(&R(*last).clat, 99), 209920 * US);
	assert_int_equal(t.timestamp, 0);
	sr_test_free(&t);
}

static void c07_percent_in_names(void **state)
{
	struct sr_test t = load("c07-pkb-fio217-hist-log/pkb-7fb0c9d8-0_fio.json");
	const struct sr_run *rd = NULL, *wr = NULL;

	(void)state;
	for (size_t i = 0; i < t.nruns; i++) {
		if (!strcmp(t.runs[i].name, "rand_16k_read_100%-io-depth-1-num-jobs-2"))
			rd = &t.runs[i];
		if (!strcmp(t.runs[i].name, "rand_16k_write_100%-io-depth-1-num-jobs-2"))
			wr = &t.runs[i];
	}
	assert_non_null(rd);
	assert_non_null(wr);
	assert_num(R(*rd).iops, 8086.673998);
	assert_num(R(*rd).clat.mean, 238.357679 * US);
	assert_num(sr_lat_pct(&R(*rd).clat, 99), 1352 * US);
	assert_num(W(*wr).iops, 2457.017193);
	assert_num(W(*wr).clat.mean, 800.193694 * US);
	assert_num(sr_lat_pct(&W(*wr).clat, 99), 2384 * US);
	sr_test_free(&t);
}

static void c08_truncated_jobname(void **state)
{
	struct sr_test t =
	    load("c08-fioanalyzer-fio340-truncated-jobname/fio_results_example_readwrite.json");
	struct sr_run *r = &t.runs[0];

	(void)state;
	/* jobname is cut at 127 characters; the model keeps job options' full 135-character name */
	assert_int_equal(strlen(r->name), 135);
	assert_true(!strncmp(r->name, "hourly_automated_test,pattern:read,", 35));
	assert_string_equal(r->rw, "readwrite");
	assert_num(R(*r).iops, 10084.191581);
	assert_num(W(*r).iops, 10056.894311);
	assert_num(R(*r).clat.mean, 46715.533653);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 140288);
	assert_num(sr_lat_pct(&W(*r).clat, 99), 154624);
	sr_test_free(&t);
}

static void c09_signal_line_before_json(void **state)
{
	struct sr_test t = load("c09-bensonjohnson-fio333-signal-line-before-json/fio.json");
	struct sr_run *r = &t.runs[0];

	(void)state;
	assert_true(diag.warned & (1u << SR_WARN_PREAMBLE));
	assert_string_equal(r->name, "sequential_read");
	assert_string_equal(r->rw, "rw");
	assert_num(R(*r).iops, 7662.030309);
	assert_num(W(*r).iops, 39338.066766);
	assert_num(R(*r).clat.mean, 7881155.058386);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 35913728);
	assert_num(sr_lat_pct(&W(*r).clat, 99), 6848512);
	sr_test_free(&t);
}

static void c10_fio336(void **state)
{
	struct sr_test t = load("c10-brahiam-fio336-randrw-job-start/result_100M_run1.json");
	struct sr_run *r = &t.runs[0];

	(void)state;
	assert_string_equal(r->name, "test");
	assert_num(R(*r).iops, 682.831717);
	assert_num(W(*r).iops, 686.531347);
	assert_num(R(*r).clat.mean, 893319.601552);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 1613824);
	assert_num(W(*r).clat.mean, 530239.697349);
	assert_num(sr_lat_pct(&W(*r).clat, 99), 946176);
	sr_test_free(&t);
}

static void c12_48_groups(void **state)
{
	struct sr_test t =
	    load("c12-whitepau-fio328-48jobs-stonewall-sweep/bs_qd_wr_sweep_20s_workstation.json");
	struct sr_run *a = &t.runs[0], *z = &t.runs[47];

	(void)state;
	assert_int_equal(t.nruns, 48);
	assert_string_equal(a->name, "r_bs4k_qd1");
	assert_num(W(*a).iops, 24294.741052);
	assert_num(R(*a).iops, 0);
	assert_num(W(*a).clat.mean, 33331.770597);
	assert_num(sr_lat_pct(&W(*a).clat, 99), 59648);
	assert_string_equal(z->name, "r_bs8m_qd256");
	assert_int_equal(z->groupid, 47);
	assert_int_equal(z->bs, 8u << 20);
	assert_int_equal(z->iodepth, 256);
	assert_num(W(*z).iops, 54.106521);
	assert_num(W(*z).clat.mean, 4260790967.237712);
	assert_num(sr_lat_pct(&W(*z).clat, 99), 4731174912.0);
	sr_test_free(&t);
}

static void c13_no_json(void **state)
{
	struct sr_test t = {0};
	char p[4096];

	(void)state;
	case_path(p, sizeof(p), "c13-whitepau-json-file-with-only-errors/bs_qd_results.json");
	diag = (struct sr_diag){0};
	assert_int_equal(sr_fio_json_load(p, &t, &diag), -EINVAL);
	assert_non_null(strstr(diag.err, "no JSON document found"));
	assert_non_null(strstr(diag.err, "43 bytes"));
}

static void c14_client_server(void **state)
{
	struct sr_test t = load("c14-pbench-fio37-client-server-preamble/fio-result.txt");
	struct sr_run *r = &t.runs[0], *all = &t.runs[10];

	(void)state;
	assert_int_equal(t.nruns, 11);
	assert_true(diag.warned & (1u << SR_WARN_PREAMBLE));
	assert_string_equal(r->name, "job-/tmp/fio");
	assert_string_equal(r->host, "host-b");
	assert_int_equal(r->port, 8765);
	assert_num(R(*r).iops, 7951.016328);
	assert_num(W(*r).iops, 0);
	assert_num(R(*r).clat.mean, 3994084.886371);
	assert_num(sr_lat_pct(&R(*r).clat, 99), 6193152);
	assert_true(all->all_clients);
	assert_num(R(*all).iops, 93198.150858);
	assert_num(R(*all).clat.mean, 3413511.909894);
	assert_int_equal(R(*all).clat.npct, 0);
	assert_absent(sr_lat_pct(&R(*all).clat, 99));
	assert_num(R(*all).bw_agg, 2.002293);
	sr_test_free(&t);
}

static void c30_duplicate_keys(void **state)
{
	struct sr_test t = load("c30-bug-fio511-duplicate-percentile-keys/repro-synthetic.json");

	(void)state;
	assert_num(sr_lat_pct(&R(t.runs[0]).clat, 99), 733184);
	for (size_t i = 0; i < R(t.runs[0]).clat.npct; i++)
		assert_true(R(t.runs[0]).clat.pct[i].pct > 0);
	sr_test_free(&t);
}

static void c31_warning_lines(void **state)
{
	struct sr_test t = load("c31-bug-fio731-warning-lines-before-json/repro-synthetic.txt");

	(void)state;
	assert_true(diag.warned & (1u << SR_WARN_PREAMBLE));
	assert_int_equal(t.runs[0].error, 5);
	assert_num(W(t.runs[0]).iops, 0);
	assert_absent(W(t.runs[0]).clat.mean); /* N = 0: no mean exists */
	sr_test_free(&t);
}

static void c32_mixed_client_server(void **state)
{
	struct sr_test t =
	    load("c32-bug-fio360-client-server-text-before-json/repro-synthetic.txt");
	struct sr_run *all = &t.runs[t.nruns - 1];

	(void)state;
	assert_true(all->all_clients);
	assert_num(all->dir[SR_MIXED].iops, 4163.25);
	assert_int_equal(all->dir[SR_MIXED].clat.npct, 0);
	sr_test_free(&t);
}

static void c33_status_interval(void **state)
{
	struct sr_test *docs = NULL;
	size_t n = 0, len;
	char p[4096], *buf;

	(void)state;
	case_path(p, sizeof(p),
		  "c33-bug-fio672-status-interval-concatenated-json/repro-synthetic.txt");
	assert_int_equal(sr_read_file(p, &buf, &len), 0);
	diag = (struct sr_diag){.file = p};
	assert_int_equal(sr_fio_json_parse(buf, len, true, &docs, &n, &diag), 0);
	assert_int_equal(n, 3);
	assert_num(docs[2].runs[0].elapsed_s, 3);
	assert_num(W(docs[2].runs[0]).total_ios, 123314538);
	free_docs(docs, n);
	free(buf);

	{
		struct sr_test t =
		    load("c33-bug-fio672-status-interval-concatenated-json/repro-synthetic.txt");
		assert_num(t.runs[0].elapsed_s, 3); /* the last document */
		assert_true(diag.warned & (1u << SR_WARN_DOCS));
		sr_test_free(&t);
	}
}

static void c34_missing_percentiles(void **state)
{
	struct sr_test t = load("c34-bug-fio1478-N-zero-percentile-missing/repro-synthetic.json");

	(void)state;
	assert_num(sr_lat_pct(&R(t.runs[0]).clat, 99), 81408);
	assert_int_equal(W(t.runs[0]).clat.npct, 0);
	assert_absent(sr_lat_pct(&W(t.runs[0]).clat, 99));
	sr_test_free(&t);
}

static void c35_negative_bw_agg(void **state)
{
	struct sr_test t =
	    load("c35-bug-fio-pr1230-negative-bw-agg-int-overflow/repro-synthetic.json");

	(void)state;
	assert_invalid(R(t.runs[0]).bw_agg);
	assert_true(diag.warned & (1u << SR_WARN_NEGATIVE));
	assert_num(R(t.runs[0]).bw, 42949672960.0);
	assert_num(R(t.runs[0]).iops, 40960);
	sr_test_free(&t);
}

static void c36_unterminated_string(void **state)
{
	struct sr_test t = {0};
	char p[4096];

	(void)state;
	case_path(p, sizeof(p),
		  "c36-bug-fio364-long-filename-missing-closing-quote/repro-synthetic.json");
	diag = (struct sr_diag){0};
	assert_int_equal(sr_fio_json_load(p, &t, &diag), -EINVAL);
	assert_non_null(strstr(diag.err, "byte "));
	assert_non_null(strstr(diag.err, "invalid JSON"));
}

static void c37_io_bytes_kib(void **state)
{
	struct sr_test t =
	    load("c37-bug-fio378-io-bytes-is-KiB-in-fio2-eta-intmax/repro-synthetic.json");

	(void)state;
	assert_num(R(t.runs[0]).io_bytes, 1048576); /* 1 MiB printed as 1024 */
	assert_int_equal(t.runs[0].bs, 1u << 20);
	sr_test_free(&t);
}

static void c38_runtime_wrap(void **state)
{
	struct sr_test t = load("c38-bug-fio266-runtime-wrap-beyond-2pow53/repro-synthetic.json");

	(void)state;
	assert_invalid(R(t.runs[0]).runtime_ms);
	assert_num(R(t.runs[0]).clat.mean, 12229.06 * US);
	assert_int_equal(t.runs[0].bs, 4096); /* "4KB" */
	sr_test_free(&t);
}

static void c39_client_stats_no_job_options(void **state)
{
	struct sr_test t =
	    load("c39-bug-fioplot155-client-stats-without-job-options/repro-synthetic.json");
	struct sr_run *all = &t.runs[t.nruns - 1];

	(void)state;
	assert_true(all->all_clients);
	assert_null(all->host);
	assert_num(R(*all).iops, 2224520);
	assert_num(sr_lat_pct(&R(*all).clat, 99), 2008);
	for (size_t i = 0; i < t.nruns; i++)
		assert_string_equal(t.runs[i].rw,
				    "randread"); /* from the per-host global options */
	sr_test_free(&t);
}

static void c40_options_global_or_absent(void **state)
{
	struct sr_test t = load(
	    "c40-bug-fioplot2-149-options-only-global-or-absent/repro-synthetic-global-only.json");

	(void)state;
	assert_string_equal(t.runs[0].rw, "randrw");
	assert_int_equal(t.runs[0].bs, 512 * 1024);
	assert_int_equal(t.runs[0].numjobs, 100);
	assert_int_equal(t.runs[0].iodepth, 64);
	sr_test_free(&t);
	t = load("c40-bug-fioplot2-149-options-only-global-or-absent/"
		 "repro-synthetic-cli-no-iodepth.json");
	assert_int_equal(t.runs[0].iodepth, 1);
	assert_int_equal(t.runs[0].numjobs, 1);
	sr_test_free(&t);
}

/* ---- synthetic minimal inputs ---- */

static void syn_nan_inf(void **state)
{
	static const char text[] =
	    "{\n\"fio version\":\"fio-3.33\",\"jobs\":[{\"jobname\":\"j\",\"read\":{\"iops\":nan,"
	    "\"bw_bytes\":-nan,\"runtime\":inf,\"total_ios\":-inf,\"clat_ns\":{\"mean\":5.5,"
	    "\"max\":-1,\"N\":2,\"percentile\":{\"99.000000\":nan,\"50.000000\":7}}},"
	    "\"job options\":{\"filename\":\"nan, inf\"}}]}\n";
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_invalid(R(docs[0].runs[0]).iops);
	assert_invalid(R(docs[0].runs[0]).bw);
	assert_invalid(R(docs[0].runs[0]).runtime_ms);
	assert_invalid(R(docs[0].runs[0]).total_ios);
	assert_invalid(R(docs[0].runs[0]).clat.max);
	assert_num(R(docs[0].runs[0]).clat.mean, 5.5);
	assert_int_equal(R(docs[0].runs[0]).clat.npct, 1); /* the nan percentile is dropped */
	assert_true(diag.warned & (1u << SR_WARN_NONFINITE));
	assert_true(diag.warned & (1u << SR_WARN_NEGATIVE));
	assert_int_equal(diag.nwarnings, 2); /* once each */
	free_docs(docs, n);
}

static void syn_several_documents(void **state)
{
	static const char text[] = "{\"jobs\":[{\"jobname\":\"a\",\"read\":{\"iops\":1}}]}\n"
				   "fio: some status text\n"
				   "{\"jobs\":[{\"jobname\":\"b\",\"read\":{\"iops\":2}}]}\n";
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text(text, true, &docs, &n), 0);
	assert_int_equal(n, 2);
	assert_num(R(docs[0].runs[0]).iops, 1);
	assert_num(R(docs[1].runs[0]).iops, 2);
	free_docs(docs, n);
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(docs[0].runs[0].name, "b");
	free_docs(docs, n);
}

static void syn_fio2_keys(void **state)
{
	static const char text[] =
	    "{\"fio version\":\"fio-2.20\",\"jobs\":[{\"jobname\":\"old\",\"job "
	    "options\":{\"bs\":\"8k\"},"
	    "\"write\":{\"io_bytes\":8,\"bw\":2,\"iops\":3,\"clat\":{\"min\":1,\"max\":9,\"mean\":"
	    "4.5,"
	    "\"stddev\":1.5,\"percentile\":{\"99.000000\":8,\"0.00\":0,\"0.00\":0}}}}]}";
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_num(W(docs[0].runs[0]).clat.mean, 4500);
	assert_num(W(docs[0].runs[0]).clat.stddev, 1500);
	assert_num(W(docs[0].runs[0]).clat.max, 9000);
	assert_num(sr_lat_pct(&W(docs[0].runs[0]).clat, 99), 8000);
	assert_num(W(docs[0].runs[0]).io_bytes, 8192); /* KiB before 2.21 */
	assert_num(W(docs[0].runs[0]).bw, 2048);       /* KiB/s */
	assert_int_equal(docs[0].runs[0].bs, 8192);
	free_docs(docs, n);
}

static void syn_global_options_array(void **state)
{
	static const char text[] =
	    "{\"global "
	    "options\":[{\"hostname\":\"h1\",\"port\":1,\"rw\":\"randwrite\",\"bs\":\"16k\"},"
	    "{\"hostname\":\"h2\",\"port\":2,\"rw\":\"randread\",\"iodepth\":\"32\",\"kb_base\":"
	    "\"1000\",\"bs\":\"4k\"}],"
	    "\"client_stats\":[{\"jobname\":\"x\",\"hostname\":\"h2\",\"port\":2,\"job "
	    "options\":{\"numjobs\":\"4\"},"
	    "\"read\":{\"iops\":10}},{\"jobname\":\"x\",\"hostname\":\"h1\",\"port\":1,\"read\":{"
	    "\"iops\":20}},"
	    "{\"jobname\":\"All clients\",\"read\":{\"iops\":30}}]}";
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_int_equal(docs[0].nruns, 3);
	assert_string_equal(docs[0].runs[0].rw, "randread");
	assert_int_equal(docs[0].runs[0].iodepth, 32);
	assert_int_equal(docs[0].runs[0].numjobs, 4);
	assert_int_equal(docs[0].runs[0].bs, 4000); /* kb_base=1000 on that host */
	assert_string_equal(docs[0].runs[1].rw, "randwrite");
	assert_int_equal(docs[0].runs[1].bs, 16384);
	assert_true(docs[0].runs[2].all_clients);
	free_docs(docs, n);
}

static void syn_empty_percentile_and_bins(void **state)
{
	static const char text[] =
	    "{\"jobs\":[{\"jobname\":\"j\",\"read\":{\"iops\":1,\"total_ios\":4,\"clat_ns\":{\"N\":"
	    "4,\"mean\":2,"
	    "\"percentile\":{},\"bins\":{\"300\":1,\"100\":2,\"200\":1}}}}]}";
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_int_equal(R(docs[0].runs[0]).clat.npct, 0);
	assert_int_equal(R(docs[0].runs[0]).clat.nbins, 3);
	assert_int_equal(R(docs[0].runs[0]).clat.bins[0].ns, 100); /* sorted */
	assert_int_equal(R(docs[0].runs[0]).clat.bins[0].count, 2);
	assert_int_equal(R(docs[0].runs[0]).clat.bins[2].ns, 300);
	free_docs(docs, n);
}

/*
 * The bins fast path (fio_json_bins.h) against json-c: the same values whichever reads a bins
 * object. Read: fio 3.x form, fast path. Write: a count written 2.0 (not fio's form), so json-c
 * reads it. Trim: fio 2.x usec keys (x1000). A string value "bins": and an escaped quote must not
 * confuse the scan; a literal "bins": -1 (not an object) names no set.
 */
static void syn_bins_fast_path_and_fallback(void **state)
{
	static const char text[] =
	    "{\"jobs\":[{\"jobname\":\"a \\\"bins\\\": {\",\"desc\":\"bins\",\n"
	    "\"read\":{\"total_ios\":7,\"clat_ns\":{\"N\":7,\"bins\" : { \"100\" : 3, \"250\":4 "
	    "}}},\n"
	    "\"write\":{\"total_ios\":5,\"clat_ns\":{\"N\":5,\"bins\":{\"100\":2.0,\"300\":3}}},\n"
	    "\"trim\":{\"total_ios\":1,\"clat\":{\"N\":1,\"bins\":{\"7\":1}},\"lat_ns\":{\"bins\":-"
	    "1}}},\n"
	    "{\"jobname\":\"b\",\"read\":{\"total_ios\":1,\"clat_ns\":{\"bins\":{\"9\":1}}}}]}";
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text(text, false, &docs, &n), 0);
	assert_int_equal(docs[0].nruns, 2);
	assert_string_equal(docs[0].runs[0].name, "a \"bins\": {");
	assert_int_equal(R(docs[0].runs[0]).clat.nbins, 2);
	assert_int_equal(R(docs[0].runs[0]).clat.bins[1].ns, 250);
	assert_int_equal(R(docs[0].runs[0]).clat.bins[1].count, 4);
	assert_int_equal(W(docs[0].runs[0]).clat.nbins, 2);
	assert_int_equal(W(docs[0].runs[0]).clat.bins[0].count, 2);
	assert_int_equal(W(docs[0].runs[0]).clat.bins[1].ns, 300);
	assert_int_equal(docs[0].runs[0].dir[SR_TRIM].clat.nbins, 1);
	assert_int_equal(docs[0].runs[0].dir[SR_TRIM].clat.bins[0].ns, 7000);
	assert_int_equal(docs[0].runs[0].dir[SR_TRIM].lat.nbins, 0);
	assert_int_equal(R(docs[0].runs[1]).clat.nbins, 1);
	assert_int_equal(R(docs[0].runs[1]).clat.bins[0].ns, 9);
	free_docs(docs, n);
}

/* An error after a fast-read bins object names the offset in the file, not in the rewritten job. */
static void syn_bins_error_offset(void **state)
{
	static const char text[] = "{\"jobs\":[{\"jobname\":\"j\",\"read\":{\"clat_ns\":{\"bins\":{"
				   "\"1\":2,\"3\":4}},\"iops\":x}}]}";
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text(text, false, &docs, &n), -EINVAL);
	/* the x is at byte 72 (python3: text.index("x") on the same literal) */
	assert_non_null(strstr(diag.err, "byte 72:"));
}

static void syn_no_json_and_no_jobs(void **state)
{
	struct sr_test *docs;
	size_t n;

	(void)state;
	assert_int_equal(parse_text("fio: job dropped\n", false, &docs, &n), -EINVAL);
	assert_non_null(strstr(diag.err, "no JSON document found"));
	assert_int_equal(parse_text("{\"jobs\":[]}\n", false, &docs, &n), -EINVAL);
	assert_non_null(strstr(diag.err, "no jobs"));
	assert_int_equal(parse_text("{\"fio version\":\"fio-3.1\"}\n", false, &docs, &n), -EINVAL);
	assert_non_null(strstr(diag.err, "expected \"jobs\""));
	assert_int_equal(parse_text("{\"jobs\":[{\"jobname\":\"a\"\n", false, &docs, &n), -EINVAL);
	assert_non_null(strstr(diag.err, "synthetic:"));
}

/*
 * The options the preconditioning series needs: log_avg_msec / log_hist_msec (job or global
 * options; fio's default 0), and whether I/Os have one size (bssplit, bsrange, or bs= with
 * different sizes per direction: not one size; "4k,4k" and ",8k" are one size).
 */
static void syn_series_options(void **state)
{
	static const char *const bs[] = {"\"bs\" : \"4k,64k\"", "\"bssplit\" : \"4k/50:64k/50\"",
					 "\"blocksize_range\" : \"4k-64k\"", "\"bs\" : \"4k,4k\"",
					 "\"bs\" : \",8k\""};
	struct sr_test *docs = NULL;
	size_t n = 0;
	char text[512];

	(void)state;
	for (size_t i = 0; i < sizeof(bs) / sizeof(bs[0]); i++) {
		snprintf(
		    text, sizeof(text),
		    "{\"global options\" : {\"log_avg_msec\" : \"500\"}, \"jobs\" : [{\"jobname\" "
		    ": \"a\", \"groupid\" : 0, \"job options\" : {%s, \"log_hist_msec\" : "
		    "\"100\"}}]}",
		    bs[i]);
		assert_int_equal(parse_text(text, false, &docs, &n), 0);
		assert_int_equal(docs[0].runs[0].bs_mixed, i < 3);
		assert_int_equal(docs[0].runs[0].log_avg_ms, 500);
		assert_int_equal(docs[0].runs[0].log_hist_ms, 100);
		free_docs(docs, n);
	}
	assert_int_equal(parse_text("{\"jobs\" : [{\"jobname\" : \"a\", \"job options\" : {}}]}",
				    false, &docs, &n),
			 0);
	assert_int_equal(docs[0].runs[0].log_avg_ms, 0);
	assert_false(docs[0].runs[0].bs_mixed);
	free_docs(docs, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(c01_fio218_usec),
	    cmocka_unit_test(c02_group_reporting_overflow),
	    cmocka_unit_test(c04_steadystate),
	    cmocka_unit_test(c04_negative_slope),
	    cmocka_unit_test(c05_64_jobs),
	    cmocka_unit_test(c06_fio214_no_options),
	    cmocka_unit_test(c07_percent_in_names),
	    cmocka_unit_test(c08_truncated_jobname),
	    cmocka_unit_test(c09_signal_line_before_json),
	    cmocka_unit_test(c10_fio336),
	    cmocka_unit_test(c12_48_groups),
	    cmocka_unit_test(c13_no_json),
	    cmocka_unit_test(c14_client_server),
	    cmocka_unit_test(c30_duplicate_keys),
	    cmocka_unit_test(c31_warning_lines),
	    cmocka_unit_test(c32_mixed_client_server),
	    cmocka_unit_test(c33_status_interval),
	    cmocka_unit_test(c34_missing_percentiles),
	    cmocka_unit_test(c35_negative_bw_agg),
	    cmocka_unit_test(c36_unterminated_string),
	    cmocka_unit_test(c37_io_bytes_kib),
	    cmocka_unit_test(c38_runtime_wrap),
	    cmocka_unit_test(c39_client_stats_no_job_options),
	    cmocka_unit_test(c40_options_global_or_absent),
	    cmocka_unit_test(syn_nan_inf),
	    cmocka_unit_test(syn_several_documents),
	    cmocka_unit_test(syn_fio2_keys),
	    cmocka_unit_test(syn_global_options_array),
	    cmocka_unit_test(syn_empty_percentile_and_bins),
	    cmocka_unit_test(syn_bins_fast_path_and_fallback),
	    cmocka_unit_test(syn_bins_error_offset),
	    cmocka_unit_test(syn_no_json_and_no_jobs),
	    cmocka_unit_test(syn_series_options),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
