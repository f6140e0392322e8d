// SPDX-License-Identifier: GPL-2.0-only
/*
 * transport_report_test.c - engine/core/transport_report.c: the report's line is the JSON the
 * reader (record/engine_report.c) takes, every string escaped, never truncated; lines appended
 * by several processes at once stay whole.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/transport_report.h"
#include "scratch.h"

static void line_plain_and_fallback(void **state)
{
	const struct ssd_report_entry plain = {"/tmp/f", "block-aio", NULL, NULL, "v1-2-gabc"};
	const struct ssd_report_entry fb = {"/dev/ng0n1", "nvme-ioctl", "nvme-uring",
					    "Permission denied", "v1"};
	char buf[512];
	size_t n;

	(void)state;
	n = ssd_report_line(buf, sizeof(buf), &plain);
	assert_string_equal(buf, "{\"schema\":\"ssdeng.engine-report.v1\",\"path\":\"/tmp/f\","
				 "\"transport\":\"block-aio\",\"fallback_from\":null,\"why\":null,"
				 "\"engine\":\"v1-2-gabc\"}\n");
	assert_int_equal(n, strlen(buf));
	n = ssd_report_line(buf, sizeof(buf), &fb);
	assert_string_equal(buf, "{\"schema\":\"ssdeng.engine-report.v1\",\"path\":\"/dev/ng0n1\","
				 "\"transport\":\"nvme-ioctl\",\"fallback_from\":\"nvme-uring\","
				 "\"why\":\"Permission denied\",\"engine\":\"v1\"}\n");
	assert_int_equal(n, strlen(buf));
}

static void line_escaped(void **state)
{
	const struct ssd_report_entry e = {"/tmp/a\"b\\c", "block-aio", "x", "tab\there\nnl\x01",
					   "v"};
	char buf[512];

	(void)state;
	assert_int_not_equal(ssd_report_line(buf, sizeof(buf), &e), 0);
	assert_non_null(strstr(buf, "\"path\":\"/tmp/a\\\"b\\\\c\""));
	assert_non_null(strstr(buf, "\"why\":\"tab\\u0009here\\u000anl\\u0001\""));
	/* one line: the only newline ends it */
	assert_ptr_equal(strchr(buf, '\n'), buf + strlen(buf) - 1);
}

static void line_never_truncated(void **state)
{
	const struct ssd_report_entry e = {"/tmp/f", "block-aio", NULL, NULL, "v1"};
	char buf[512];
	size_t whole;

	(void)state;
	whole = ssd_report_line(buf, sizeof(buf), &e);
	assert_int_equal(ssd_report_line(buf, whole + 1, &e), whole); /* exactly fits */
	assert_int_equal(ssd_report_line(buf, whole, &e), 0);	      /* one byte short */
	assert_string_equal(buf, "");
	assert_int_equal(ssd_report_line(buf, 0, &e), 0);
}

/* Lines of several processes appended at once: every line of the file is one of theirs, whole,
 * and each process's count arrives. */
static void append_whole_lines(void **state)
{
	enum { PROCS = 4, LINES = 300 };
	char path[128], *text = NULL, line[PROCS][512];
	size_t cap = 0, len[PROCS], got[PROCS] = {0};
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/report.jsonl", scratch);
	for (int p = 0; p < PROCS; p++) {
		char name[192];
		const struct ssd_report_entry e = {name, "block-aio", NULL, NULL, "v1"};

		/* different lengths, so a torn line could not pass for another */
		snprintf(
		    name, sizeof(name), "/tmp/job%d-%.*s", p, p * 40,
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
		len[p] = ssd_report_line(line[p], sizeof(line[p]), &e);
		assert_int_not_equal(len[p], 0);
	}
	for (int p = 0; p < PROCS; p++) {
		pid_t pid = fork();

		assert_true(pid >= 0);
		if (pid == 0) {
			for (int i = 0; i < LINES; i++)
				if (ssd_report_append(path, line[p], len[p]))
					_exit(1);
			_exit(0);
		}
	}
	for (int p = 0; p < PROCS; p++) {
		int st;

		assert_true(wait(&st) > 0);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	f = fopen(path, "r");
	assert_non_null(f);
	for (ssize_t n; (n = getline(&text, &cap, f)) > 0;) {
		int which = -1;

		for (int p = 0; p < PROCS; p++)
			if ((size_t)n == len[p] && !memcmp(text, line[p], len[p]))
				which = p;
		assert_true(which >= 0);
		got[which]++;
	}
	free(text);
	fclose(f);
	for (int p = 0; p < PROCS; p++)
		assert_int_equal(got[p], LINES);
}

static void append_errors(void **state)
{
	(void)state;
	/* a directory is no file to append to */
	assert_int_equal(ssd_report_append(scratch, "x\n", 2), -EISDIR);
	assert_int_equal(ssd_report_append("/nonexistent-dir/r.jsonl", "x\n", 2), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(line_plain_and_fallback), cmocka_unit_test(line_escaped),
	    cmocka_unit_test(line_never_truncated),    cmocka_unit_test(append_whole_lines),
	    cmocka_unit_test(append_errors),
	};
	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
