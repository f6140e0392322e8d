// SPDX-License-Identifier: GPL-2.0-only
/*
 * result_test.c - driver/run/result.c: fio's JSON cut from the text around it, a job's error
 * named, the IOPS summary, a curve point's rate from its flat-out run, a fio client run's JSON
 * split per host.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "run/result.h"

static const char out_ok[] =
    "ssdeng: /dev/ng0n1: note: readfua=1 has no effect\n"
    "{\n"
    "  \"fio version\" : \"fio-3.33\",\n"
    "  \"global options\" : {\"numjobs\" : \"4\"},\n"
    "  \"jobs\" : [\n"
    "    {\"jobname\" : \"a\", \"error\" : 0, \"job options\" : {\"numjobs\" : \"8\"},\n"
    "     \"read\" : {\"iops\" : 1000.7}, \"write\" : {\"iops\" : 0}},\n"
    "    {\"jobname\" : \"b\", \"error\" : 0,\n"
    "     \"read\" : {\"iops\" : 600.2}, \"write\" : {\"iops\" : 3.0}}\n"
    "  ]\n"
    "}\n"
    "fio: trailing line\n";

static void parse_ok(void **state)
{
	struct rv_result_doc doc;
	char summary[128], problem[256], rate[64];
	json_object *j;

	(void)state;
	assert_int_equal(
	    rv_result_parse(out_ok, &doc, &j, summary, sizeof(summary), problem, sizeof(problem)),
	    0);
	assert_int_equal(doc.pre_len,
			 strlen("ssdeng: /dev/ng0n1: note: readfua=1 has no effect\n"));
	assert_int_equal(out_ok[doc.start], '{');
	assert_int_equal(out_ok[doc.start + doc.len - 1], '}');
	/* 1000.7 + 600.2: rounded as the report prints it, not floored */
	assert_string_equal(summary, "read 1,601 IOPS, write 3 IOPS");
	/* 50% of 1600.9 read IOPS over 8 jobs (the first entry's numjobs) x 2 entries: 50;
	 * 50% of 3 write IOPS is under one per job: 1 */
	assert_int_equal(rv_result_rate(j, 50, rate, sizeof(rate)), 0);
	assert_string_equal(rate, "50,1");
	json_object_put(j);
}

static void refused_outputs(void **state)
{
	struct rv_result_doc doc;
	char summary[128], problem[256], rate[64];
	json_object *j;

	(void)state;
	assert_int_equal(rv_result_parse("fio: nothing\n", &doc, &j, summary, sizeof(summary),
					 problem, sizeof(problem)),
			 -EINVAL);
	assert_string_equal(problem, "no JSON document in fio's output");
	assert_int_equal(rv_result_parse("{\n\"jobs\": [ {\n}\n", &doc, &j, summary,
					 sizeof(summary), problem, sizeof(problem)),
			 -EINVAL);
	assert_int_equal(rv_result_parse("{\n\"jobs\": []\n}\n", &doc, &j, summary, sizeof(summary),
					 problem, sizeof(problem)),
			 -EINVAL);
	assert_string_equal(problem, "no job in fio's JSON");
	assert_int_equal(rv_result_parse("{\n\"client_stats\": [{\"jobname\": \"x\", \"hostname\": "
					 "\"h1\", \"error\": 5}]\n}\n",
					 &doc, &j, summary, sizeof(summary), problem,
					 sizeof(problem)),
			 -EINVAL);
	assert_string_equal(problem, "job x (host h1): error 5 (Input/output error)");
	j = json_tokener_parse("{\"jobs\": []}");
	assert_int_equal(rv_result_rate(j, 50, rate, sizeof(rate)), -EINVAL);
	json_object_put(j);
}

/* A result whose jobs moved no data (the device gone under fio) is not a result; one direction
 * of a job at 0 bytes is. */
static void no_data_refused(void **state)
{
	struct rv_result_doc doc;
	char summary[128], problem[256];
	json_object *j;

	(void)state;
	assert_int_equal(
	    rv_result_parse("{\n\"fio version\" : \"fio-3.33\",\n\"jobs\" : [\n"
			    "{\"jobname\" : \"a\", \"error\" : 0, \"read\" : {\"io_bytes\" : 0}, "
			    "\"write\" : {\"io_bytes\" : 0}, \"trim\" : {\"io_bytes\" : 0}},\n"
			    "{\"jobname\" : \"b\", \"error\" : 0, \"read\" : {\"io_bytes\" : 0}}\n"
			    "]\n}\n",
			    &doc, &j, summary, sizeof(summary), problem, sizeof(problem)),
	    -EINVAL);
	assert_null(j);
	assert_non_null(strstr(problem, "fio moved no data"));
	assert_int_equal(
	    rv_result_parse(
		"{\n\"fio version\" : \"fio-3.33\",\n\"jobs\" : [\n"
		"{\"jobname\" : \"a\", \"error\" : 0, \"read\" : {\"io_bytes\" : 0}},\n"
		"{\"jobname\" : \"b\", \"error\" : 0, \"trim\" : {\"io_bytes\" : 4096}}\n"
		"]\n}\n",
		&doc, &j, summary, sizeof(summary), problem, sizeof(problem)),
	    0);
	json_object_put(j);
}

static void client_split(void **state)
{
	json_object *all = json_tokener_parse(
	    "{\"global options\": {\"filename\": \"/dev/ng0n1\", \"bs\": \"4k\"},"
	    " \"client_stats\": ["
	    "  {\"jobname\": \"r\", \"hostname\": \"127.0.0.1\", \"port\": 1, \"error\": 0,"
	    "   \"read\": {\"iops\": 10}},"
	    "  {\"jobname\": \"r\", \"hostname\": \"127.0.0.1\", \"port\": 2, \"error\": 0,"
	    "   \"read\": {\"iops\": 30}},"
	    "  {\"jobname\": \"All clients\", \"hostname\": \"127.0.0.1\", \"port\": 2,"
	    "   \"error\": 0, \"read\": {\"iops\": 40}}]}");
	json_object *h = rv_result_host(all, "127.0.0.1", 2, "/dev/ng1n1"), *stats, *g;
	char rate[64];

	(void)state;
	assert_true(json_object_object_get_ex(h, "client_stats", &stats));
	assert_int_equal(json_object_array_length(stats), 1);
	assert_int_equal(json_object_get_int(
			     json_object_object_get(json_object_array_get_idx(stats, 0), "port")),
			 2);
	assert_true(json_object_object_get_ex(h, "global options", &g));
	assert_string_equal(json_object_get_string(json_object_object_get(g, "filename")),
			    "/dev/ng1n1");
	assert_string_equal(json_object_get_string(json_object_object_get(g, "bs")), "4k");
	/* the rate over both hosts without "All clients": 50% of 40 over 2 entries x 1 job */
	assert_int_equal(rv_result_rate(all, 50, rate, sizeof(rate)), 0);
	assert_string_equal(rate, "10,0");
	json_object_put(h);
	json_object_put(all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parse_ok),
	    cmocka_unit_test(refused_outputs),
	    cmocka_unit_test(no_data_refused),
	    cmocka_unit_test(client_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
