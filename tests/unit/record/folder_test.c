// SPDX-License-Identifier: GPL-2.0-only
/*
 * folder_test.c - record/folder.c on trees made here: ssd-review's results directory (its
 * status.json, drive folders, the report, a hidden folder moved aside, a client run's per-host
 * copy), a folder of drive folders without status.json, a folder of fio results, a record's
 * document given as a file, an empty folder, a status.json of someone else's; the catalogue a
 * run was planned from, found from the results directory and from its drive folders.
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

#include "scratch.h"

#include "record/folder.h"
#include "record/json.h"

/* @rel under the scratch, with @text (NULL: a directory). */
static void put(const char *rel, const char *text)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", scratch, rel);
	if (!text)
		assert_int_equal(mkdir(p, 0755), 0);
	else
		assert_int_equal(rec_file_write(p, text, strlen(text)), 0);
}

static enum rec_input kind(const char *rel)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", scratch, rel);
	return rec_input_kind(p);
}

static void results_directory(void **state)
{
	char p[512], **names;
	size_t n;

	(void)state;
	put("out", NULL);
	put("out/status.json",
	    "{\"schema\": \"ssdeng.review-status.v1\", \"state\": \"complete\"}");
	put("out/b", NULL);
	put("out/b/run.json", "{\"tests\": []}");
	put("out/a", NULL);
	put("out/a/drive.json", "{}");
	put("out/e1s-10", NULL); /* counted, not spelt: after e1s-2 */
	put("out/e1s-10/run.json", "{\"tests\": []}");
	put("out/e1s-2", NULL);
	put("out/e1s-2/run.json", "{\"tests\": []}");
	put("out/a/fc-4k-randread.json", "{}");
	put("out/report", NULL);
	put("out/report/.ssdreport", "");
	put("out/report/index.json", "{}");
	put("out/.overwritten", NULL);
	put("out/h1", NULL); /* a client run's copy for host h1 */
	put("out/h1/run.json",
	    "{\"members\": {\"host\": \"127.0.0.1\", \"port\": 8765, \"combined_results\": "
	    "\"clients\"}, \"tests\": []}");
	put("out/empty", NULL);
	assert_int_equal(kind("out"), REC_INPUT_RESULTS);
	assert_int_equal(kind("out/a"), REC_INPUT_DRIVE);
	assert_int_equal(kind("out/b"), REC_INPUT_DRIVE);
	assert_int_equal(kind("out/report"), REC_INPUT_NONE);
	assert_int_equal(kind("out/empty"), REC_INPUT_NONE);
	assert_int_equal(kind("out/status.json"), REC_INPUT_RECORD_FILE);
	assert_int_equal(kind("out/b/run.json"), REC_INPUT_RECORD_FILE);
	assert_int_equal(kind("out/a/drive.json"), REC_INPUT_RECORD_FILE);
	assert_int_equal(kind("out/a/fc-4k-randread.json"), REC_INPUT_FIO_FILE);
	assert_int_equal(kind("out/none"), REC_INPUT_NONE);
	snprintf(p, sizeof(p), "%s/out", scratch);
	assert_int_equal(rec_results_drives(p, &names, &n), 0);
	assert_int_equal(n, 4); /* sorted; not the report, the hidden folder, h1, empty */
	assert_string_equal(names[0], "a");
	assert_string_equal(names[1], "b");
	assert_string_equal(names[2], "e1s-2");
	assert_string_equal(names[3], "e1s-10");
	rec_names_free(names, n);
	assert_int_equal(rec_results_drives("/nonexistent", &names, &n), -ENOENT);
	assert_string_equal(rec_input_name(REC_INPUT_RESULTS), "a results directory");
}

/* Without status.json: a folder of drive folders, or of folders of fio results, is one too. */
static void folders_of_drives(void **state)
{
	(void)state;
	put("res", NULL);
	put("res/nvme-lab", NULL);
	put("res/nvme-lab/run.json", "{}");
	assert_int_equal(kind("res"), REC_INPUT_RESULTS);
	put("fio", NULL);
	put("fio/x", NULL);
	put("fio/x/randread.json", "{}");
	assert_int_equal(kind("fio"), REC_INPUT_RESULTS);
	assert_int_equal(kind("fio/x"), REC_INPUT_DRIVE);
	/* a status.json that is not ssd-review's says nothing; its name is no result either */
	put("other", NULL);
	put("other/status.json", "{\"schema\": \"something.else\"}");
	assert_int_equal(kind("other"), REC_INPUT_NONE);
}

/* The run's catalogue copy: OUT/catalogue.json, for OUT and OUT/<label>; none elsewhere. */
static void run_catalogue(void **state)
{
	char p[512], got[512], want[512];

	(void)state;
	put("cat", NULL);
	put("cat/status.json",
	    "{\"schema\": \"ssdeng.review-status.v1\", \"state\": \"complete\"}");
	put("cat/d", NULL);
	put("cat/d/run.json", "{\"tests\": []}");
	snprintf(p, sizeof(p), "%s/cat", scratch);
	/* not kept (a run made before the copy was): none, for both */
	assert_int_equal(rec_input_catalogue(p, got, sizeof(got)), -ENOENT);
	put("cat/catalogue.json", "{\"tests\": []}");
	/* the copy is the record's document, not a fio result: OUT stays a results directory */
	put("cat/status.json", "{}");
	assert_int_equal(kind("cat"), REC_INPUT_RESULTS);
	put("cat/status.json",
	    "{\"schema\": \"ssdeng.review-status.v1\", \"state\": \"complete\"}");
	assert_int_equal(kind("cat/catalogue.json"), REC_INPUT_RECORD_FILE);
	/* OUT's own, by the path given */
	assert_int_equal(rec_input_catalogue(p, got, sizeof(got)), 0);
	snprintf(want, sizeof(want), "%s/cat/catalogue.json", scratch);
	assert_string_equal(got, want);
	/* a drive folder's: its results directory's, by the resolved path */
	assert_non_null(realpath(p, want));
	strcat(want, "/catalogue.json");
	snprintf(p, sizeof(p), "%s/cat/d", scratch);
	assert_int_equal(rec_input_catalogue(p, got, sizeof(got)), 0);
	assert_string_equal(got, want);
	assert_int_equal(rec_input_catalogue(p, got, 8), -ENAMETOOLONG);
	/* a folder of fio results without a record, and a fio file: none */
	put("lone", NULL);
	put("lone/randread.json", "{}");
	snprintf(p, sizeof(p), "%s/lone", scratch);
	assert_int_equal(rec_input_catalogue(p, got, sizeof(got)), -ENOENT);
	snprintf(p, sizeof(p), "%s/lone/randread.json", scratch);
	assert_int_equal(rec_input_catalogue(p, got, sizeof(got)), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(results_directory),
	    cmocka_unit_test(folders_of_drives),
	    cmocka_unit_test(run_catalogue),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
