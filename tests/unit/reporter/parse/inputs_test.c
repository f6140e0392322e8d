// SPDX-License-Identifier: GPL-2.0-only
/*
 * inputs_test.c - parse/inputs.c: what ssdreport is given (files, folders of fio outputs) into the
 * model. Hostile inputs: a FIFO in a folder or named on the command line is listed as not read,
 * never opened blocking, while the real fio output beside it (c09) is read with its figures.
 * Files in a folder are fio outputs by what they hold, not by their names (c14, c09); the
 * others are listed as not read with what they are (a job file, fio's text output of c16).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cases.h"
#include "scratch.h"

#include "model/model.h"
#include "parse/inputs.h"
#include "record/folder.h"
#include "record/json.h"

/* The text of case file @rel, copied to @rel2 under the scratch directory. */
static void copy_case(const char *rel, const char *rel2)
{
	char path[4096], *text;

	case_path(path, sizeof(path), rel);
	if (rec_file_read(path, &text, NULL))
		fail_msg("%s: cannot read", path);
	ft_mk(scratch, rel2, text);
	free(text);
}

#define C09 "c09-bensonjohnson-fio333-signal-line-before-json/fio.json"

/* c09's one job, as its file prints it: read 7662.030309 IOPS. */
static void expect_c09(const struct sr_test *t)
{
	assert_int_equal(t->nruns, 1);
	assert_string_equal(t->runs[0].name, "sequential_read");
	assert_num(t->runs[0].dir[SR_READ].iops, 7662.030309);
}

static void fifo_skipped(void **state)
{
	struct sr_model m = {0};
	struct sr_diag d = {0};
	char fifo[256], named[256], dir[256];
	const char *in[2] = {named, dir}; /* a FIFO named, then a folder holding one */

	(void)state;
	ft_mk(scratch, "fifo", NULL);
	copy_case(C09, "fifo/seq.json");
	snprintf(fifo, sizeof(fifo), "%s/fifo/b.json", scratch);
	snprintf(named, sizeof(named), "%s/p.json", scratch);
	snprintf(dir, sizeof(dir), "%s/fifo", scratch);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(mkfifo(named, 0600), 0);
	assert_int_equal(sr_inputs_load(&m, in, 2, NULL, &d), 0);
	assert_int_equal(m.nskipped, 2);
	assert_string_equal(m.skipped[0].path, named);
	assert_non_null(strstr(m.skipped[0].why, "p.json: a FIFO, not a regular file"));
	assert_string_equal(m.skipped[1].path, "fifo/b.json"); /* relative to its input folder */
	assert_null(strstr(m.skipped[1].why, scratch));
	(void)fifo;
	assert_non_null(strstr(m.skipped[1].why, "b.json: a FIFO, not a regular file"));
	assert_int_equal(m.ndrives, 1);
	assert_int_equal(m.drives[0].ntests, 1);
	expect_c09(&m.drives[0].tests[0]);
	assert_int_equal(d.nwarnings, 3); /* and c09's signal line before its JSON */
	sr_model_free(&m);

	d = (struct sr_diag){.strict = true}; /* --strict: an error naming the file */
	memset(&m, 0, sizeof(m));
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), -EINVAL);
	assert_non_null(strstr(d.err, "p.json: a FIFO, not a regular file"));
	sr_model_free(&m);
}

/* A folder of fio outputs named anyhow (c14's fio-result.txt, c09's output without an extension)
 * is a drive folder by content; its job files and fio's text output (c16) are listed as not read,
 * saying what each is, and are no error even under --strict. */
static void recognised_by_content(void **state)
{
	struct sr_model m = {0};
	struct sr_diag d = {.strict = true};
	char dir[256];
	const char *in[1] = {dir};
	const struct sr_test *a, *b;

	(void)state;
	ft_mk(scratch, "any", NULL);
	copy_case("c14-pbench-fio37-client-server-preamble/fio-result.txt", "any/fio-result.txt");
	copy_case("c14-pbench-fio37-client-server-preamble/fio.job", "any/fio.job");
	copy_case("c14-pbench-fio37-client-server-preamble/host-b_fio_iops.1.log",
		  "any/host-b_fio_iops.1.log");
	copy_case("c16-cephfio-fio2210-logs-usec-4col/randread-4k.out", "any/randread-4k.out");
	copy_case(C09, "any/seq-output");
	snprintf(dir, sizeof(dir), "%s/any", scratch);
	assert_int_equal(rec_input_kind(dir), REC_INPUT_DRIVE);
	assert_int_equal(sr_inputs_load(&m, in, 1, NULL, &d), 0);
	assert_int_equal(m.ndrives, 1);
	assert_int_equal(m.drives[0].ntests, 2);
	a = &m.drives[0].tests[0];
	b = &m.drives[0].tests[1];
	assert_string_equal(a->id, "fio-result.txt");
	assert_string_equal(a->fio_version, "fio-3.7");
	assert_string_equal(a->runs[0].name, "job-/tmp/fio");
	assert_num(a->runs[0].dir[SR_READ].iops, 7951.016328); /* line 60 of the file */
	assert_string_equal(b->id, "seq-output");
	expect_c09(b);
	/* c14's job file describes fio-result.txt (its one job section, [job-/tmp/fio], is that
	 * output's job): named on it, relative to the input, not listed as not read */
	assert_string_equal(a->jobfile, "any/fio.job");
	assert_null(b->jobfile);
	assert_int_equal(m.nskipped, 1); /* the log is read as a log, not listed */
	assert_string_equal(m.skipped[0].path, "any/randread-4k.out");
	assert_false(m.skipped[0].jobfile);
	assert_non_null(strstr(m.skipped[0].why, "any/randread-4k.out: fio's normal (text) output, "
						 "not JSON (run fio with --output-format=json"));
	assert_null(strstr(m.skipped[0].why, scratch));
	sr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(fifo_skipped),
	    cmocka_unit_test(recognised_by_content),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
