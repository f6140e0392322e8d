// SPDX-License-Identifier: GPL-2.0-only
/*
 * results_test.c - several drives or hosts in one run (results.h): a drive group (one fio group per
 * drive, new_group=1) and client/server output with one and with several hosts, reported per member
 * and in total; "ssdreport compare" refusing tests whose rw, bs or T/Q differ and flagging runs
 * made differently (profile, span, fio and engine versions); the
 * published reference tables (the files in reporter/reference/).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake_tree.h"

#include "cases.h"
#include "analyse/compare.h"
#include "parse/inputs.h"
#include "parse/reference.h"
#include "analyse/results.h"

static struct sr_diag diag;

static struct sr_test parse(const char *text)
{
	char *buf = strdup(text);
	struct sr_test *docs = NULL, t;
	size_t n = 0;
	int rc;

	assert_non_null(buf);
	diag = (struct sr_diag){0};
	rc = sr_fio_json_parse(buf, strlen(buf), false, &docs, &n, &diag);
	if (rc)
		fail_msg("parse: rc %d: %s", rc, diag.err);
	assert_int_equal(n, 1);
	t = docs[0];
	free(docs);
	free(buf);
	return t;
}

/* One job entry: jobname, groupid, job options (JSON text), read IOPS, clat N/mean/stddev/max (ns).
 */
static char *job(const char *name, int gid, const char *opts, double iops, double n, double mean,
		 double sd, double max)
{
	char *s;

	assert_true(
	    asprintf(&s,
		     "{\"jobname\":\"%s\",\"groupid\":%d,\"error\":0,\"job options\":{%s},"
		     "\"read\":{\"iops\":%g,\"bw_bytes\":%g,\"total_ios\":%g,\"clat_ns\":{\"N\":%g,"
		     "\"min\":1,\"max\":%g,\"mean\":%g,\"stddev\":%g}},"
		     "\"write\":{\"iops\":0,\"bw_bytes\":0,\"total_ios\":0}}",
		     name, gid, opts, iops, iops * 4096, n, n, max, mean, sd) > 0);
	return s;
}

/* Three drives of a group, as ssd-review --group writes them: groups 1 and 2 start with
 * new_group=1. */
static char *group_doc(const char *opt2)
{
	char *a = job("nvme0", 0, "\"filename\":\"/dev/ng0n1\"", 100, 10, 100, 10, 1000);
	char *b = job("nvme1", 1, opt2, 200, 20, 200, 20, 3000);
	char *c = job("nvme2", 2, "\"new_group\":\"1\",\"filename\":\"/dev/ng2n1\"", 300, 30, 300,
		      30, 2000);
	char *doc;

	assert_true(
	    asprintf(
		&doc,
		"{\"fio version\":\"fio-3.33\",\"global options\":{\"rw\":\"randread\","
		"\"bs\":\"4k\",\"numjobs\":\"8\",\"iodepth\":\"32\",\"group_reporting\":\"1\"},"
		"\"jobs\":[%s,%s,%s]}",
		a, b, c) > 0);
	free(a);
	free(b);
	free(c);
	return doc;
}

static void drive_group_total_and_members(void **state)
{
	char *doc = group_doc("\"new_group\":\"1\",\"filename\":\"/dev/ng1n1\"");
	struct sr_test t = parse(doc);
	struct sr_result *r;
	size_t n;

	(void)state;
	assert_true(t.runs[1].new_group);
	assert_false(t.runs[0].new_group);
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].nmembers, 3);
	assert_string_equal(r[0].members[0].member, "nvme0");
	assert_string_equal(r[0].members[2].member, "nvme2");
	assert_num(r[0].members[1].dir[0].iops, 200);
	assert_num(r[0].members[1].dir[0].mean, 200);
	assert_int_equal(r[0].members[1].threads, 8);
	/* total: IOPS summed; mean weighted by N (10*100 + 20*200 + 30*300) / 60; stddev by Chan:
	 * S = 9*10^2 + 19*20^2 + 29*30^2 + sum n_i (m_i - 233.33)^2 = 367933.33, sqrt(S / 59) */
	assert_num(r[0].dir[0].iops, 600);
	assert_num(r[0].dir[0].bw, 600 * 4096);
	assert_num(r[0].dir[0].mean, 14000.0 / 60);
	assert_true(fabs(r[0].dir[0].sd.v - 78.9693497) < 1e-6);
	assert_num(r[0].dir[0].max, 3000);
	assert_int_equal(r[0].threads, 24);
	assert_false(r[0].dir[1].present);
	sr_results_free(r, n);
	sr_test_free(&t);
	free(doc);
}

/* Group total percentiles from the merged json+ bins; both drives have a bin at 1000 ns. */
static void drive_group_total_percentiles_from_bins(void **state)
{
	static const char doc[] = "{\"fio version\":\"fio-3.33\",\"global "
				  "options\":{\"rw\":\"randread\",\"bs\":\"4k\"},\"jobs\":["
				  "{\"jobname\":\"a\",\"groupid\":0,\"error\":0,\"job "
				  "options\":{},\"read\":{\"iops\":100,"
				  "\"bw_bytes\":409600,\"total_ios\":100,\"clat_ns\":{\"N\":100,"
				  "\"min\":1000,\"max\":2000,\"mean\":1020,"
				  "\"stddev\":140,\"bins\":{\"1000\":98,\"2000\":2}}},\"write\":{"
				  "\"iops\":0,\"bw_bytes\":0,\"total_ios\":0}},"
				  "{\"jobname\":\"b\",\"groupid\":1,\"error\":0,\"job "
				  "options\":{\"new_group\":\"1\"},\"read\":{\"iops\":100,"
				  "\"bw_bytes\":409600,\"total_ios\":100,\"clat_ns\":{\"N\":100,"
				  "\"min\":1000,\"max\":4000,\"mean\":1030,"
				  "\"stddev\":300,\"bins\":{\"1000\":99,\"4000\":1}}},\"write\":{"
				  "\"iops\":0,\"bw_bytes\":0,\"total_ios\":0}}]}";
	struct sr_test t = parse(doc);
	struct sr_result *r;
	size_t n;

	(void)state;
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].nmembers, 2);
	/* merged: 1000 ns x197, 2000 ns x2, 4000 ns x1 (200 I/Os); p99 = first bin reaching 198
	 * I/Os (2000 ns), p99.9 reaching 199.8 (4000 ns), p99.99 and p99.999 the same last bin */
	assert_num(r[0].dir[0].qos[0], 2000);
	assert_num(r[0].dir[0].qos[1], 4000);
	assert_num(r[0].dir[0].qos[2], 4000);
	assert_num(r[0].dir[0].qos[3], 4000);
	sr_results_free(r, n);
	sr_test_free(&t);
}

static void stonewalled_groups_stay_apart(void **state)
{
	/* group 1 has no new_group: fio ran it after group 0, so no total is made */
	char *doc = group_doc("\"stonewall\":\"1\",\"filename\":\"/dev/ng1n1\"");
	struct sr_test t = parse(doc);
	struct sr_result *r;
	size_t n;

	(void)state;
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(r[0].nmembers, 0);
	assert_true(r[0].several_groups);
	assert_num(r[2].dir[0].iops, 300);
	sr_results_free(r, n);
	sr_test_free(&t);
	free(doc);
}

static void client_one_host(void **state)
{
	/* one host: fio prints no "All clients"; the result is the host's own */
	static const char doc[] =
	    "{\"fio "
	    "version\":\"fio-3.33\",\"client_stats\":[{\"jobname\":\"fc-4k-randread\",\"groupid\":"
	    "0,"
	    "\"hostname\":\"127.0.0.1\",\"port\":18765,\"job "
	    "options\":{\"rw\":\"randread\",\"numjobs\":\"8\","
	    "\"iodepth\":\"32\",\"group_reporting\":\"1\"},\"read\":{\"iops\":5390,\"bw_bytes\":"
	    "22077440,"
	    "\"clat_ns\":{\"N\":10780,\"min\":1,\"max\":900000,\"mean\":47000,\"stddev\":900}}}]}";
	struct sr_test t = parse(doc);
	struct sr_result *r;
	size_t n;

	(void)state;
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].nmembers, 0);
	assert_num(r[0].dir[0].iops, 5390);
	assert_int_equal(r[0].threads, 8);
	sr_results_free(r, n);
	sr_test_free(&t);
}

static void bare_group_reporting_inferred(void **state)
{
	/* fio 3.33 does not print a bare group_reporting: numjobs=8 but one entry means it was on
	 */
	static const char doc[] =
	    "{\"fio version\":\"fio-3.33\",\"global "
	    "options\":{\"rw\":\"randread\",\"numjobs\":\"8\","
	    "\"iodepth\":\"32\"},\"jobs\":[{\"jobname\":\"fc-randread\",\"groupid\":0,"
	    "\"read\":{\"iops\":800}}]}";
	static const char two[] =
	    "{\"fio version\":\"fio-3.33\",\"global "
	    "options\":{\"rw\":\"randread\",\"numjobs\":\"2\"},"
	    "\"jobs\":[{\"jobname\":\"j\",\"groupid\":0,\"read\":{\"iops\":100}},"
	    "{\"jobname\":\"j\",\"groupid\":0,\"read\":{\"iops\":300}}]}";
	struct sr_test t = parse(doc);
	struct sr_result *r;
	size_t n;

	(void)state;
	assert_true(t.runs[0].group_reporting);
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(r[0].threads, 8);
	sr_results_free(r, n);
	sr_test_free(&t);
	t = parse(two); /* two entries of numjobs=2: per-job reporting, 1 thread each */
	assert_false(t.runs[0].group_reporting);
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(r[0].threads, 2);
	assert_num(r[0].dir[0].iops, 400);
	sr_results_free(r, n);
	sr_test_free(&t);
}

static void client_several_hosts(void **state)
{
	struct sr_test t = {0};
	struct sr_result *r;
	char p[512];
	size_t n;

	(void)state;
	/* c14: five job entries from host-b, then five from host-a, then "All clients" */
	case_path(p, sizeof(p), "c14-pbench-fio37-client-server-preamble/fio-result.txt");
	diag = (struct sr_diag){0};
	assert_int_equal(sr_fio_json_load(p, &t, &diag), 0);
	assert_int_equal(sr_results_of_test(&t, &r, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].nmembers, 2);
	assert_string_equal(r[0].members[0].member, "host-b:8765");
	assert_string_equal(r[0].members[1].member, "host-a:8765");
	/* host-b: 7951.016328 + 7948.35055 + 7950.083306 + 7956.275412 + 7953.01253 */
	assert_num(r[0].members[0].dir[0].iops, 39758.738126);
	/* host-a: 10833.599574 + 11459.567388 + 10407.215122 + 10438.738859 + 10405.790349 */
	assert_num(r[0].members[1].dir[0].iops, 53544.911292);
	assert_num(r[0].members[1].dir[0].max, 1079888000);
	assert_num(r[0].members[0].dir[0].max, 37132000);
	/* the total is fio's own "All clients" entry */
	assert_num(r[0].dir[0].iops, 93198.150858);
	assert_num(r[0].dir[0].mean, 3413511.909894);
	sr_results_free(r, n);
	sr_test_free(&t);
}

/* ---- compare ------------------------------------------------------------------------------ */

static char root[] = "/tmp/ssdreport-compare-XXXXXX";

static void put(const char *rel, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void result_dir(const char *dir, const char *rw, const char *bs, int numjobs, int qd,
		       const char *profile)
{
	char p[512], doc[1024];

	snprintf(p, sizeof(p), "%s/%s", root, dir);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(doc, sizeof(doc),
		 "{\"fio version\":\"fio-3.%d\",\"global options\":{\"rw\":\"%s\",\"bs\":\"%s\","
		 "\"numjobs\":\"%d\",\"iodepth\":\"%d\",\"group_reporting\":\"1\"},\"jobs\":[{"
		 "\"jobname\":"
		 "\"fc\",\"groupid\":0,\"read\":{\"iops\":100,\"bw_bytes\":409600}}]}",
		 numjobs == 8 ? 33 : 36, rw, bs, numjobs, qd);
	snprintf(p, sizeof(p), "%s/fc-4k-randread.json", dir);
	put(p, doc);
	if (profile) {
		snprintf(doc, sizeof(doc), "{\"suite\":\"four-corners\",\"profile\":\"%s\"}",
			 profile);
		snprintf(p, sizeof(p), "%s/run.json", dir);
		put(p, doc);
	}
}

static int compare_dirs(const char *a, const char *b)
{
	char pa[512], pb[512];
	const char *dirs[2] = {pa, pb};
	struct sr_model m = {0};
	int rc;

	snprintf(pa, sizeof(pa), "%s/%s", root, a);
	snprintf(pb, sizeof(pb), "%s/%s", root, b);
	diag = (struct sr_diag){0};
	rc = sr_inputs_load_dirs(&m, dirs, 2, &diag);
	assert_int_equal(rc, 0);
	assert_int_equal(m.ndrives, 2); /* one label per path even where the names repeat */
	rc = sr_compare_check(&m, &diag);
	sr_model_free(&m);
	return rc;
}

static int compare_setup(void **state)
{
	(void)state;
	if (!mkdtemp(root))
		return -1;
	result_dir("a", "randread", "4k", 8, 32, "quick");
	result_dir("same", "randread", "4096", 8, 32,
		   "quick"); /* same bs, written another way; fio 3.36 */
	result_dir("bs", "randread", "8k", 8, 32, "quick");
	result_dir("rw", "randwrite", "4k", 8, 32, "quick");
	result_dir("tq", "randread", "4k", 4, 32, "quick");
	result_dir("prof", "randread", "4k", 8, 32, "full");
	result_dir("norun", "randread", "4k", 8, 32, NULL);
	return 0;
}

static int compare_teardown(void **state)
{
	(void)state;
	return ft_remove(root);
}

static void compare_accepts_same_workload(void **state)
{
	(void)state;
	assert_int_equal(compare_dirs("a", "same"), 0);
	assert_int_equal(compare_dirs("a", "norun"), 0); /* no run.json: the profile is not known */
}

static void compare_refuses_differences(void **state)
{
	char want[1024];

	(void)state;
	assert_int_equal(compare_dirs("a", "bs"), -EINVAL);
	snprintf(want, sizeof(want),
		 "compare: test fc-4k-randread: bs differs: %s/a 4096 B, %s/bs 8192 B", root, root);
	assert_string_equal(diag.err, want);
	assert_int_equal(compare_dirs("a", "rw"), -EINVAL);
	assert_non_null(strstr(diag.err, "rw differs:"));
	assert_non_null(strstr(diag.err, "/a randread, "));
	assert_non_null(strstr(diag.err, "/rw randwrite"));
	assert_int_equal(compare_dirs("a", "tq"), -EINVAL);
	assert_non_null(strstr(diag.err, "T/Q differs:"));
	assert_non_null(strstr(diag.err, "/a 8T/32Q, "));
	assert_non_null(strstr(diag.err, "/tq 4T/32Q"));
	/* how a run was made is flagged, not refused (compare_flags_runs) */
	assert_int_equal(compare_dirs("a", "prof"), 0);
}

/* The same drive (directory name) in two runs made differently: paired side by side, and every
 * difference of profile, span, fio version and engine named. */
static void compare_flags_runs(void **state)
{
	char old[512], new[512], doc[512];
	const char *dirs[2] = {old, new};
	struct sr_model m = {0};
	char **flags = NULL;
	size_t n = 0;

	(void)state;
	snprintf(old, sizeof(old), "%s/old", root);
	snprintf(new, sizeof(new), "%s/new", root);
	assert_int_equal(mkdir(old, 0755), 0);
	assert_int_equal(mkdir(new, 0755), 0);
	result_dir("old/drv", "randread", "4k", 8, 32, NULL);
	result_dir("old/sas", "randread", "4k", 8, 32, NULL);
	result_dir("new/drv", "randread", "4k", 8, 32, NULL);
	put("old/drv/run.json", "{\"profile\":\"quick\",\"engine\":\"ssdeng\","
				"\"drive\":{\"span_bytes\":134217728},\"tests\":[]}");
	snprintf(doc, sizeof(doc),
		 "{\"profile\":\"full\",\"engine\":\"ssdeng\",\"versions\":{\"fio\":"
		 "\"fio-3.36\",\"ssdeng\":\"abc123\"},\"drive\":{\"span_bytes\":%d},\"tests\":[]}",
		 1 << 30);
	put("new/drv/run.json", doc);
	diag = (struct sr_diag){0};
	assert_int_equal(sr_inputs_load_dirs(&m, dirs, 2, &diag), 0);
	assert_int_equal(m.ndrives, 3);
	assert_int_equal(sr_compare_check(&m, &diag), 0);
	assert_int_equal(sr_compare_flags(&m, &flags, &n), 0);
	assert_int_equal(n, 4);
	assert_non_null(strstr(flags[0], "drv profile: "));
	assert_non_null(strstr(flags[0], "/old/drv quick, "));
	assert_non_null(strstr(flags[0], "/new/drv full"));
	assert_non_null(strstr(flags[1], "drv span: "));
	assert_non_null(strstr(flags[1], "134217728 bytes"));
	assert_non_null(strstr(flags[1], "1073741824 bytes"));
	assert_non_null(strstr(flags[2], "drv fio version: "));
	assert_non_null(strstr(flags[2], "fio-3.33, "));
	assert_non_null(strstr(flags[2], "fio-3.36"));
	assert_non_null(strstr(flags[3], "drv engine: "));
	assert_non_null(strstr(flags[3], "ssdeng ssdeng abc123"));
	/* each drive's runs side by side: old/drv, new/drv, then old/sas */
	sr_compare_pair(&m);
	assert_non_null(strstr(m.drives[0].label, "/old/drv"));
	assert_non_null(strstr(m.drives[1].label, "/new/drv"));
	assert_non_null(strstr(m.drives[2].label, "/old/sas"));
	for (size_t i = 0; i < n; i++)
		free(flags[i]);
	free(flags);
	sr_model_free(&m);
}

/* ---- reference tables --------------------------------------------------------------------- */

static const struct sr_test *test_of(const struct sr_drive *d, const char *id)
{
	for (size_t i = 0; i < d->ntests; i++)
		if (!strcmp(d->tests[i].id, id))
			return &d->tests[i];
	fail_msg("no test %s in %s", id, d->label);
	return NULL;
}

static void reference_e1s_group(void **state)
{
	static const char *const dirs[] = {"/nonexistent", "reporter/reference"};
	struct sr_model m = {0};
	const struct sr_test *t;
	struct sr_result *r;
	char path[512];
	size_t n;

	(void)state;
	assert_int_equal(sr_reference_find("no-such-review", dirs, 2, path, sizeof(path)), -ENOENT);
	assert_int_equal(sr_reference_find("e1s-gen4-x8", dirs, 2, path, sizeof(path)), 0);
	assert_string_equal(path, "reporter/reference/e1s-gen4-x8.json");
	diag = (struct sr_diag){0};
	assert_int_equal(sr_reference_load(&m, path, &diag), 0);
	assert_int_equal(m.ndrives, 1);
	assert_string_equal(m.drives[0].label, "e1s-gen4-x8");
	assert_non_null(strstr(m.drives[0].source, "docs/METHODOLOGY.md §3"));
	assert_int_equal(m.drives[0].ntests, 4);
	/* docs/METHODOLOGY.md §3: 5.0M, 3.2M IOPS; 40 GB/s, 14.6 GB/s (10^9 bytes/s) */
	t = test_of(&m.drives[0], "fc-4k-randread");
	assert_num(t->runs[0].dir[SR_READ].iops, 5.0e6);
	assert_int_equal(t->runs[0].bs, 4096);
	t = test_of(&m.drives[0], "fc-64k-write");
	assert_num(t->runs[0].dir[SR_WRITE].bw, 14.6e9);
	assert_int_equal(sr_results_of_test(t, &r, &n), 0);
	assert_true(r[0].dir[1].present); /* bytes/s alone make a result */
	assert_num(r[0].dir[1].bw, 14.6e9);
	sr_results_free(r, n);
	sr_model_free(&m);
}

static void reference_qos_and_reviews(void **state)
{
	struct sr_model m = {0};
	const struct sr_test *t;

	(void)state;
	diag = (struct sr_diag){0};
	assert_int_equal(sr_reference_load(&m, "reporter/reference/spec-qos-example.json", &diag),
			 0);
	assert_int_equal(sr_reference_load(&m, "reporter/reference/nvme-gen3-3.2tb.json", &diag),
			 0);
	assert_int_equal(sr_reference_load(&m, "reporter/reference/sas-mlc-400gb.json", &diag), 0);
	assert_int_equal(sr_reference_load(&m, "reporter/reference/sata-nas-3.84tb.json", &diag),
			 0);
	assert_int_equal(sr_reference_load(&m, "reporter/reference/u2-gen4-x8.json", &diag), 0);
	/* 75 us average; 85 / 170 / 370 / 460 us */
	t = test_of(&m.drives[0], "spec-4k-randread-qd1");
	assert_num(t->runs[0].dir[SR_READ].clat.mean, 75000);
	assert_num(sr_lat_pct(&t->runs[0].dir[SR_READ].clat, 99.9), 170000);
	assert_num(sr_lat_pct(&t->runs[0].dir[SR_READ].clat, 99.999), 460000);
	{ /* latency alone makes a result, its figures reach the tables */
		struct sr_result *r;
		size_t n;

		assert_int_equal(sr_results_of_test(t, &r, &n), 0);
		assert_true(r[0].dir[0].present);
		assert_num(r[0].dir[0].mean, 75000);
		assert_num(r[0].dir[0].qos[0], 85000);
		assert_num(r[0].dir[0].qos[3], 460000);
		assert_int_equal(r[0].dir[0].dist->npct, 4);
		sr_results_free(r, n);
	}
	/* 382,932 / 198,842 IOPS, 1.284 ms / 17.869 ms */
	t = test_of(&m.drives[1], "4k-randwrite");
	assert_num(t->runs[0].dir[SR_WRITE].iops, 198842);
	assert_num(t->runs[0].dir[SR_WRITE].clat.max, 17869000);
	assert_int_equal(t->runs[0].numjobs, 16);
	t = test_of(&m.drives[2], "4k-randread");
	assert_num(t->runs[0].dir[SR_READ].iops, 149697);
	t = test_of(&m.drives[3], "curve-64k-seqread-max");
	assert_num(t->runs[0].dir[SR_READ].bw, 406e6);
	t = test_of(&m.drives[4], "fc-64k-read");
	assert_num(t->runs[0].dir[SR_READ].bw, 43.1e9);
	sr_model_free(&m);
}

static void reference_bad_field(void **state)
{
	char path[] = "/tmp/ssdreport-ref-XXXXXX";
	int fd = mkstemp(path);
	struct sr_model m = {0};

	(void)state;
	assert_true(fd >= 0);
	assert_true(
	    dprintf(
		fd,
		"{\"name\":\"x\",\"title\":\"t\",\"kind\":\"review\",\"source\":\"s\",\"tests\":"
		"[{\"id\":\"fc-4k-randread\",\"rw\":\"randread\",\"bs\":4096,\"threads\":8,\"qd\":"
		"32,"
		"\"read\":{\"iops\":100,\"kiops\":5}}]}") > 0);
	close(fd);
	diag = (struct sr_diag){0};
	assert_int_equal(sr_reference_load(&m, path, &diag), -EINVAL);
	assert_non_null(strstr(diag.err, path));
	assert_non_null(strstr(diag.err, "tests[0].read: unknown field \"kiops\""));
	sr_model_free(&m);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(drive_group_total_and_members),
	    cmocka_unit_test(drive_group_total_percentiles_from_bins),
	    cmocka_unit_test(stonewalled_groups_stay_apart),
	    cmocka_unit_test(client_one_host),
	    cmocka_unit_test(bare_group_reporting_inferred),
	    cmocka_unit_test(client_several_hosts),
	    cmocka_unit_test(compare_accepts_same_workload),
	    cmocka_unit_test(compare_refuses_differences),
	    cmocka_unit_test(compare_flags_runs),
	    cmocka_unit_test(reference_e1s_group),
	    cmocka_unit_test(reference_qos_and_reviews),
	    cmocka_unit_test(reference_bad_field),
	};
	return cmocka_run_group_tests(tests, compare_setup, compare_teardown);
}
