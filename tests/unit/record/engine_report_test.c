// SPDX-License-Identifier: GPL-2.0-only
/*
 * engine_report_test.c - record/engine_report.c: the engine's report of its transports read back
 * line by line (the lines as engine/core/transport_report.c writes them, its unit test checking
 * the same text), a fallback said in words for the console and the report, and a bad line
 * refused naming the file, the line and the member.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_DOC "t.engine.jsonl"
#include "scratch.h"

#include "record/engine_report.h"
#include "record/json.h"

#define LINE(path, tp, from, why)                                                                  \
	"{\"schema\":\"ssdeng.engine-report.v1\",\"path\":\"" path "\",\"transport\":\"" tp        \
	"\",\"fallback_from\":" from ",\"why\":" why ",\"engine\":\"v1-2-gabc\"}\n"

static void put(const char *text)
{
	assert_int_equal(rec_file_write(scratch_doc, text, strlen(text)), 0);
}

static void plain_lines(void **state)
{
	struct rec_engine_report r;
	char err[512], fell[256];

	(void)state;
	put(LINE("/tmp/f", "block-aio", "null", "null")
		LINE("/tmp/f", "block-aio", "null", "null"));
	assert_int_equal(rec_engine_report_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.lines[0].path, "/tmp/f");
	assert_string_equal(r.lines[0].transport, "block-aio");
	assert_null(r.lines[0].fallback_from);
	assert_null(r.lines[0].why);
	assert_string_equal(r.lines[1].engine, "v1-2-gabc");
	assert_int_equal(rec_engine_report_fallbacks(&r, fell, sizeof(fell)), 0);
	assert_string_equal(fell, "");
	rec_engine_report_free(&r);
}

/* At open: the fallback's line, then the open's; at a refused command: the open's, then the
 * fallback's. Either way the file fell back, and the last line says what drove it. */
static void fallback_in_words(void **state)
{
	struct rec_engine_report r;
	char err[512], fell[256];

	(void)state;
	put(LINE("/dev/ng0n1", "nvme-ioctl", "\"nvme-uring\"", "\"Permission denied\"")
		LINE("/dev/ng0n1", "nvme-ioctl", "null", "null"));
	assert_int_equal(rec_engine_report_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(rec_engine_report_fallbacks(&r, fell, sizeof(fell)), 1);
	assert_string_equal(fell, "nvme-ioctl (nvme-uring refused: Permission denied)");
	rec_engine_report_free(&r);

	/* a group: two paths, one fell back (at its first refused command), named */
	put(LINE("/dev/ng0n1", "nvme-uring", "null", "null")
		LINE("/dev/ng1n1", "nvme-uring", "null", "null")
		    LINE("/dev/ng1n1", "nvme-ioctl", "\"nvme-uring\"",
			 "\"its commands come back refused: Operation not permitted\""));
	assert_int_equal(rec_engine_report_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.n, 3);
	assert_int_equal(rec_engine_report_fallbacks(&r, fell, sizeof(fell)), 1);
	assert_string_equal(fell, "/dev/ng1n1: nvme-ioctl (nvme-uring refused: its commands come "
				  "back refused: Operation not permitted)");
	/* truncated to fit, still terminated */
	assert_int_equal(rec_engine_report_fallbacks(&r, fell, 12), 1);
	assert_string_equal(fell, "/dev/ng1n1:");
	rec_engine_report_free(&r);
}

static void refused(const char *text, const char *want_err, int want_rc)
{
	struct rec_engine_report r;
	char err[512], want[600];

	put(text);
	assert_int_equal(rec_engine_report_read(scratch_doc, &r, err, sizeof(err)), want_rc);
	snprintf(want, sizeof(want), "%s: %s", scratch_doc, want_err);
	if (strncmp(err, want, strlen(want)))
		fail_msg("got \"%s\", want \"%s...\"", err, want);
	rec_engine_report_free(&r);
}

static void bad_lines(void **state)
{
	struct rec_engine_report r;
	char err[512];

	(void)state;
	refused(LINE("/f", "block-aio", "null", "null") "{\"schema\":", "line 2: not JSON",
		-EINVAL);
	refused("[1]\n", "line 1: expected a JSON object", -EINVAL);
	refused("{\"schema\":\"ssdeng.engine-report.v9\"}\n",
		"line 1: schema ssdeng.engine-report.v9 is not ssdeng.engine-report.v1", -EINVAL);
	refused("{\"schema\":\"ssdeng.engine-report.v1\",\"path\":\"/f\",\"transport\":7,"
		"\"fallback_from\":null,\"why\":null,\"engine\":\"v\"}\n",
		"line 1: transport: expected", -EINVAL);
	refused("{\"schema\":\"ssdeng.engine-report.v1\",\"transport\":\"block-aio\","
		"\"fallback_from\":null,\"why\":null,\"engine\":\"v\"}\n",
		"line 1: path: missing", -EINVAL);
	refused(LINE("/f", "block-aio", "null", "null") " {} x\n", "line 2: not JSON", -EINVAL);
	/* no report: fio never opened a file with the engine */
	unlink(scratch_doc);
	assert_int_equal(rec_engine_report_read(scratch_doc, &r, err, sizeof(err)), -ENOENT);
	rec_engine_report_free(&r);
}

/* The schema made from the table: every member, the ones always written required. */
static void schema_of_table(void **state)
{
	json_object *s = rec_engine_report_schema_json(), *req;
	const char *text;

	(void)state;
	assert_non_null(s);
	text = json_object_to_json_string_ext(s, JSON_C_TO_STRING_PLAIN);
	assert_non_null(strstr(text, "\"const\":\"ssdeng.engine-report.v1\""));
	assert_non_null(strstr(text, "\"fallback_from\""));
	assert_true(json_object_object_get_ex(s, "required", &req));
	assert_non_null(
	    strstr(json_object_to_json_string_ext(req, JSON_C_TO_STRING_PLAIN), "\"transport\""));
	json_object_put(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(plain_lines),
	    cmocka_unit_test(fallback_in_words),
	    cmocka_unit_test(bad_lines),
	    cmocka_unit_test(schema_of_table),
	};
	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
