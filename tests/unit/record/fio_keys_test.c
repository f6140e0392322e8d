// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_keys_test.c - record/fio_keys.c, the rules by which fio's keys become figures in base
 * units: numbers and their marks, fio 3.x and 2.x latency and bandwidth keys, io_bytes in KiB
 * before fio 2.21 (a real fio 2.19 output), no-I/O directions, percentiles, job options over
 * global options with fio's defaults, client/server globals per host.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cases_dir.h"
#include "record/fio_doc.h"
#include "record/fio_keys.h"

static json_object *parse(const char *s)
{
	json_object *o = json_tokener_parse(s);

	assert_non_null(o);
	return o;
}

static void numbers(void **state)
{
	json_object *o =
	    parse("{\"i\": 12, \"d\": 2.5, \"s\": \"2.255639%\", \"b\": true, \"n\": null,"
		  " \"neg\": -3, \"huge\": 18446744073709551615, \"nan\": NaN,"
		  " \"word\": \"fast\", \"a\": [1]}");
	struct rec_num n;

	(void)state;
	n = rec_fio_member(o, "i", 1000);
	assert_int_equal(n.state, REC_NUM_VALID);
	assert_true(n.v == 12000 && n.raw == 12);
	assert_true(rec_fio_member(o, "d", 1).v == 2.5);
	assert_true(rec_fio_member(o, "s", 1).v == 2.255639);
	assert_true(rec_fio_member(o, "b", 1).v == 1);
	assert_int_equal(rec_fio_member(o, "n", 1).state, REC_NUM_ABSENT);
	assert_int_equal(rec_fio_member(o, "missing", 1).state, REC_NUM_ABSENT);
	assert_int_equal(rec_fio_member(o, "word", 1).state, REC_NUM_ABSENT);
	assert_int_equal(rec_fio_member(o, "a", 1).state, REC_NUM_ABSENT);
	assert_int_equal(rec_fio_member(o, "neg", 1).state, REC_NUM_NEGATIVE);
	assert_int_equal(rec_fio_num(json_object_object_get(o, "neg"), 1, true).state,
			 REC_NUM_VALID); /* a slope */
	assert_int_equal(rec_fio_member(o, "huge", 1).state, REC_NUM_HUGE);
	assert_int_equal(rec_fio_member(o, "nan", 1).state, REC_NUM_NONFINITE);
	assert_int_equal(rec_fio_member(NULL, "i", 1).state, REC_NUM_ABSENT);
	json_object_put(o);
}

/* fio 3.x: ns keys, bw_bytes; fio 2.x: us keys, bw in KiB/s */
static void directions(void **state)
{
	json_object *v3 = parse("{\"io_bytes\": 8192, \"bw_bytes\": 4096000, \"bw\": 4000,"
				" \"iops\": 1000.5, \"total_ios\": 2, \"bw_mean\": 10,"
				" \"clat_ns\": {\"N\": 2, \"min\": 100, \"mean\": 150.5,"
				"  \"percentile\": {\"50.000000\": 150, \"99.999000\": 200}},"
				" \"lat_ns\": {\"max\": 300}}");
	json_object *v2 = parse("{\"io_bytes\": 8, \"bw\": 4000, \"iops\": 1000,"
				" \"clat\": {\"min\": 1, \"max\": 2, \"mean\": 1.5,"
				"  \"percentile\": {\"0.00\": 0, \"99.990000\": 2}}}");
	struct rec_fio_version fio3 = {3, 33}, fio2 = {2, 18}, fio221 = {2, 21};
	const char *key;
	double scale;
	json_object *lat;

	(void)state;
	assert_true(rec_fio_dir_fig(v3, REC_FIO_BW, &fio3, &key).v == 4096000);
	assert_string_equal(key, "bw_bytes");
	assert_true(rec_fio_dir_fig(v3, REC_FIO_IO_BYTES, &fio3, NULL).v == 8192);
	assert_true(rec_fio_dir_fig(v3, REC_FIO_IOPS, &fio3, NULL).v == 1000.5);
	assert_true(rec_fio_dir_fig(v3, REC_FIO_BW_MEAN, &fio3, NULL).v == 10240);
	assert_true(rec_fio_dir_fig(v2, REC_FIO_BW, &fio2, &key).v == 4096000);
	assert_string_equal(key, "bw");
	assert_true(rec_fio_dir_fig(v2, REC_FIO_IO_BYTES, &fio2, NULL).v == 8192); /* KiB */
	assert_true(rec_fio_dir_fig(v2, REC_FIO_IO_BYTES, &fio221, NULL).v == 8);
	assert_true(rec_fio_dir_fig(v2, REC_FIO_IO_BYTES, NULL, NULL).v == 8192); /* no clat_ns */
	assert_int_equal(rec_fio_dir_fig(NULL, REC_FIO_IOPS, NULL, NULL).state, REC_NUM_ABSENT);

	lat = rec_fio_lat_obj(v3, REC_FIO_CLAT, &scale);
	assert_non_null(lat);
	assert_true(scale == 1);
	assert_true(rec_fio_lat_fig(lat, REC_FIO_LAT_MEAN, scale, &key).v == 150.5);
	assert_string_equal(key, "mean");
	assert_true(rec_fio_lat_fig(lat, REC_FIO_LAT_N, scale, NULL).v == 2);
	assert_true(rec_fio_percentile(lat, scale, 99.999).v == 200);
	assert_int_equal(rec_fio_percentile(lat, scale, 99.99).state, REC_NUM_ABSENT);
	assert_true(rec_fio_lat_fig(rec_fio_lat_obj(v3, REC_FIO_TOTAL_LAT, &scale), REC_FIO_LAT_MAX,
				    scale, NULL)
			.v == 300);
	assert_null(rec_fio_lat_obj(v3, REC_FIO_SLAT, &scale));

	lat = rec_fio_lat_obj(v2, REC_FIO_CLAT, &scale);
	assert_true(scale == 1000);
	assert_true(rec_fio_lat_fig(lat, REC_FIO_LAT_MEAN, scale, NULL).v == 1500);
	assert_int_equal(rec_fio_lat_fig(lat, REC_FIO_LAT_N, scale, NULL).state, REC_NUM_ABSENT);
	assert_true(rec_fio_percentile(lat, scale, 99.99).v == 2000);
	assert_int_equal(rec_fio_percentile(lat, scale, 0).state, REC_NUM_ABSENT); /* filler */

	assert_false(rec_fio_dir_no_ios(v3));
	json_object_put(v3);
	json_object_put(v2);
	v3 = parse("{\"total_ios\": 0, \"clat_ns\": {\"mean\": 0}}");
	assert_true(rec_fio_dir_no_ios(v3));
	json_object_put(v3);
}

/* c37: fio 2.19 printed io_bytes in KiB (no io_kbytes beside it) */
static void real_fio219_io_kib(void **state)
{
	char path[4096], err[4096];
	struct rec_fio_doc doc;
	json_object *r;

	(void)state;
	case_path(path, sizeof(path),
		  "c37-bug-fio378-io-bytes-is-KiB-in-fio2-eta-intmax/repro-synthetic.json");
	if (rec_fio_doc_read(path, &doc, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(doc.version.major, 2);
	assert_int_equal(doc.version.minor, 19);
	r = rec_fio_dir(json_object_array_get_idx(rec_fio_jobs(doc.json), 0), REC_FIO_READ);
	assert_true(rec_fio_dir_fig(r, REC_FIO_IO_BYTES, &doc.version, NULL).v == 1024.0 * 1024);
	assert_true(rec_fio_dir_fig(r, REC_FIO_BW, &doc.version, NULL).v == 256000.0 * 1024);
	assert_true(rec_fio_dir_fig(r, REC_FIO_IOPS, &doc.version, NULL).v == 250);
	rec_fio_doc_free(&doc);
}

static void options(void **state)
{
	json_object *job =
	    parse("{\"numjobs\": \"8\", \"readwrite\": \"randrw\", \"group_reporting\":"
		  " null}");
	json_object *glob = parse("{\"numjobs\": \"4\", \"bs\": \"8k\", \"iodepth\": \"16\"}");
	json_object *hosts = parse("[{\"hostname\": \"h1\", \"port\": 8765, \"bs\": \"4k\"},"
				   " {\"hostname\": \"h2\", \"port\": 8766, \"bs\": \"64k\"}]");

	(void)state;
	assert_string_equal(rec_fio_option(job, glob, "numjobs", true), "8");
	assert_string_equal(rec_fio_option(NULL, glob, "numjobs", true), "4");
	assert_string_equal(rec_fio_option(job, glob, "rw", true), "randrw"); /* the alias */
	assert_string_equal(rec_fio_option(job, glob, "bs", false), "8k");
	assert_string_equal(rec_fio_option(job, glob, "group_reporting", false), ""); /* bare */
	assert_string_equal(rec_fio_option(NULL, NULL, "rwmixread", true), "50");
	assert_null(rec_fio_option(NULL, NULL, "rwmixread", false));
	assert_null(rec_fio_option(job, glob, "rwmixwrite", true)); /* no default */
	assert_null(rec_fio_option(job, glob, "runtime", true));    /* not in the table */
	assert_string_equal(
	    rec_fio_option(NULL, rec_fio_globals_for(hosts, "h2", 8766), "bs", true), "64k");
	assert_string_equal(rec_fio_option(NULL, rec_fio_globals_for(hosts, "h2", 0), "bs", true),
			    "64k");
	assert_string_equal(rec_fio_option(NULL, rec_fio_globals_for(hosts, "h3", 1), "bs", true),
			    "4k"); /* the first */
	assert_ptr_equal(rec_fio_globals_for(glob, "h1", 1), glob);
	json_object_put(job);
	json_object_put(glob);
	json_object_put(hosts);
}

static void jobs_and_identity(void **state)
{
	json_object *doc = parse("{\"global options\": {\"bs\": \"4k\"}, \"client_stats\": ["
				 " {\"jobname\": \"r\", \"hostname\": \"h1\", \"port\": 2,"
				 "  \"groupid\": 1, \"error\": 5, \"elapsed\": 9,"
				 "  \"job options\": {\"bs\": \"8k\"}, \"read\": {\"iops\": 1}},"
				 " {\"jobname\": \"All clients\", \"mixed\": {}}]}");
	json_object *jobs = rec_fio_jobs(doc);
	struct rec_fio_job id;

	(void)state;
	assert_int_equal(json_object_array_length(jobs), 2);
	assert_non_null(rec_fio_globals(doc));
	rec_fio_job(json_object_array_get_idx(jobs, 0), &id);
	assert_string_equal(id.name, "r");
	assert_string_equal(id.host, "h1");
	assert_int_equal(id.port, 2);
	assert_int_equal(id.groupid, 1);
	assert_int_equal(id.error, 5);
	assert_false(id.all_clients);
	assert_true(id.elapsed_s.v == 9);
	assert_string_equal(rec_fio_option(id.options, NULL, "bs", true), "8k");
	assert_non_null(rec_fio_dir(json_object_array_get_idx(jobs, 0), REC_FIO_READ));
	assert_null(rec_fio_dir(json_object_array_get_idx(jobs, 0), REC_FIO_WRITE));
	rec_fio_job(json_object_array_get_idx(jobs, 1), &id);
	assert_true(id.all_clients);
	assert_null(id.host);
	assert_non_null(rec_fio_dir(json_object_array_get_idx(jobs, 1), REC_FIO_MIXED));
	assert_string_equal(rec_fio_ddir_key(REC_FIO_TRIM), "trim");
	json_object_put(doc);
	doc = parse("{\"x\": 1}");
	assert_null(rec_fio_jobs(doc));
	json_object_put(doc);
}

static void versions(void **state)
{
	struct rec_fio_version v;

	(void)state;
	rec_fio_version_parse("fio-3.33", &v);
	assert_true(v.major == 3 && v.minor == 33);
	rec_fio_version_parse("fio-2.19-66-gd44a", &v);
	assert_true(v.major == 2 && v.minor == 19);
	rec_fio_version_parse("3.33", &v);
	assert_true(v.major == -1 && v.minor == -1);
	rec_fio_version_parse(NULL, &v);
	assert_int_equal(v.major, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(numbers),
	    cmocka_unit_test(directions),
	    cmocka_unit_test(real_fio219_io_kib),
	    cmocka_unit_test(options),
	    cmocka_unit_test(jobs_and_identity),
	    cmocka_unit_test(versions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
