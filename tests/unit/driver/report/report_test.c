// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_test.c - driver/report/report.c rv_report_run(): ssdreport's command line from the
 * drive folders of a results directory (record/folder.h tells them: not the report, not a
 * hidden folder, not a folder without a record), a client run's combined folder alone, and how
 * ssdreport's end becomes the call's. The results directory is a real scratch tree; the process
 * start is faked at its seam, rv_child_run() (run/child.h), replaced at link time:
 * wrap: rv_child_run
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "report/report.h"
#include "run/child.h"
#include "scratch.h"

/* What the fake saw and what it answers. */
static char seen[8][512];
static size_t nseen;
static int answer;
static const char *answer_err;

int __wrap_rv_child_run(const struct rv_spawn *s, int timeout_s, char *err, size_t errlen);
int __wrap_rv_child_run(const struct rv_spawn *s, int timeout_s, char *err, size_t errlen)
{
	nseen = 0;
	for (size_t i = 0; s->argv[i]; i++) {
		assert_true(i < 8);
		snprintf(seen[nseen++], sizeof(seen[0]), "%s", s->argv[i]);
	}
	assert_int_equal(timeout_s, 0); /* a report takes as long as it takes */
	assert_null(s->out_path);	/* its output is the driver's */
	if (answer_err)
		snprintf(err, errlen, "%s", answer_err);
	return answer;
}

static int tree(void **state)
{
	if (scratch_setup(state))
		return -1;
	ft_mk(scratch, "b", NULL);
	ft_mk(scratch, "b/drive.json", "{}");
	ft_mk(scratch, "a", NULL);
	ft_mk(scratch, "a/drive.json", "{}");
	ft_mk(scratch, "report", NULL);
	ft_mk(scratch, "report/.ssdreport", "");
	ft_mk(scratch, "report/drive.json", "{}");
	ft_mk(scratch, ".overwritten/a-1", NULL);
	ft_mk(scratch, ".overwritten/a-1/drive.json", "{}");
	ft_mk(scratch, "notes", NULL);
	return 0;
}

static void drive_folders_sorted(void **state)
{
	char err[256] = "", want[256];

	(void)state;
	answer = 0;
	answer_err = NULL;
	assert_int_equal(rv_report_run("/opt/ssdreport", scratch, NULL, err, sizeof(err)), 0);
	assert_int_equal(nseen, 5);
	assert_string_equal(seen[0], "/opt/ssdreport");
	assert_string_equal(seen[1], "-o");
	snprintf(want, sizeof(want), "%s/report", scratch);
	assert_string_equal(seen[2], want);
	snprintf(want, sizeof(want), "%s/a", scratch);
	assert_string_equal(seen[3], want);
	snprintf(want, sizeof(want), "%s/b", scratch);
	assert_string_equal(seen[4], want);
	assert_string_equal(err, "");
}

static void client_run_combined_only(void **state)
{
	char err[256] = "", want[256];

	(void)state;
	answer = 0;
	answer_err = NULL;
	assert_int_equal(rv_report_run("ssdreport", scratch, "all", err, sizeof(err)), 0);
	assert_int_equal(nseen, 4);
	snprintf(want, sizeof(want), "%s/all", scratch);
	assert_string_equal(seen[3], want);
}

static void exit_status_said(void **state)
{
	char err[256] = "";

	(void)state;
	answer = 1;
	answer_err = NULL;
	assert_int_equal(rv_report_run("ssdreport", scratch, NULL, err, sizeof(err)), -EIO);
	assert_string_equal(err, "exit 1");
}

static void start_failure_said(void **state)
{
	char err[256] = "";

	(void)state;
	answer = -ENOENT;
	answer_err = "cannot run ssdreport: No such file or directory";
	assert_int_equal(rv_report_run("ssdreport", scratch, NULL, err, sizeof(err)), -EIO);
	assert_string_equal(err, "cannot run ssdreport: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(drive_folders_sorted),
	    cmocka_unit_test(client_run_combined_only),
	    cmocka_unit_test(exit_status_said),
	    cmocka_unit_test(start_failure_said),
	};

	return cmocka_run_group_tests(tests, tree, scratch_teardown);
}
