// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_doc_test.c - record/fio_doc.c: fio's output as one tree, the document's place in the text
 * (what ssd-review keeps as <test>.json, and the text before it), the last of several documents,
 * nan/inf read without changing the caller's text, the faults of a text and of a file.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "record/fio_doc.h"
#include "record/json.h"

static const char two_docs[] =
    "ssdeng: /dev/ng0n1: note: readfua=1 has no effect\n"
    "{\n"
    "  \"fio version\" : \"fio-3.33\",\n"
    "  \"jobs\" : [ {\"jobname\" : \"first\", \"read\" : {\"iops\" : -nan}} ]\n"
    "}\n"
    "{\n"
    "  \"fio version\" : \"fio-3.33\",\n"
    "  \"global options\" : {\"bs\" : \"4k\"},\n"
    "  \"jobs\" : [ {\"jobname\" : \"last\", \"read\" : {\"iops\" : 5}} ]\n"
    "}\n"
    "fio: trailing line\n";

static void last_document(void **state)
{
	struct rec_fio_doc d;
	struct rec_fio_error e;
	struct rec_fio_job id;

	(void)state;
	assert_int_equal(rec_fio_doc_parse(two_docs, strlen(two_docs), &d, &e), 0);
	assert_int_equal(d.ndocs, 2);
	assert_int_equal(d.start, strlen("ssdeng: /dev/ng0n1: note: readfua=1 has no effect\n"));
	assert_int_equal(two_docs[d.start], '{');
	assert_int_equal(two_docs[d.end - 1], '}');
	assert_int_equal(strlen(two_docs) - d.end, strlen("\nfio: trailing line\n"));
	assert_true(d.version.major == 3 && d.version.minor == 33);
	rec_fio_job(json_object_array_get_idx(rec_fio_jobs(d.json), 0), &id);
	assert_string_equal(id.name, "last");
	assert_string_equal(rec_fio_option(NULL, rec_fio_globals(d.json), "bs", false), "4k");
	assert_non_null(strstr(two_docs, "-nan")); /* the caller's text is not rewritten */
	rec_fio_doc_free(&d);
	assert_null(d.json);
}

static void faults(void **state)
{
	struct rec_fio_doc d;
	struct rec_fio_error e;

	(void)state;
	assert_int_equal(rec_fio_doc_parse("nothing\n", 8, &d, &e), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_NO_DOCUMENT);
	assert_null(d.json);
	assert_int_equal(rec_fio_doc_parse("{\n\"jobs\": []\n}\n", 15, &d, &e), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_EMPTY_JOBS);
}

static void files(void **state)
{
	char dir[] = "/tmp/fio_doc_test.XXXXXX", path[64], err[256];
	struct rec_fio_doc d;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/none.json", dir);
	assert_int_equal(rec_fio_doc_read(path, &d, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "No such file"));
	snprintf(path, sizeof(path), "%s/bad.json", dir);
	assert_int_equal(rec_file_write(path, "{\n\"jobs\": [{\"jobname\": x}]}\n", 28), 0);
	assert_int_equal(rec_fio_doc_read(path, &d, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "bad.json:2: byte 23: invalid JSON"));
	unlink(path);
	snprintf(path, sizeof(path), "%s/ok.json", dir);
	assert_int_equal(rec_file_write(path, two_docs, strlen(two_docs)), 0);
	assert_int_equal(rec_fio_doc_read(path, &d, err, sizeof(err)), 0);
	assert_int_equal(d.ndocs, 2);
	rec_fio_doc_free(&d);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(last_document),
	    cmocka_unit_test(faults),
	    cmocka_unit_test(files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
