// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_bins_test.c - record/fio_bins.c, json+ "bins" read without json-c: a job object's end found
 * string-aware, each bins object of fio's form read and replaced by its marker in the text
 * json-c gets, other forms left to json-c, bins claimed once, scaled (fio 2.x us) and sorted.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "record/fio_bins.h"

static void scan_and_claim(void **state)
{
	static const char job[] =
	    "{\"jobname\":\"a \\\"bins\\\": {\",\"read\":{\"clat_ns\":{\"bins\" : { \"250\" : 4, "
	    "\"100\":3 }}},\"write\":{\"clat_ns\":{\"bins\":{\"1\":2.0}}}} trailing";
	struct rec_fio_bins jb = {0};
	struct rec_fio_bin *bins = NULL;
	size_t end, n = 0, tlen;
	const char *text;

	(void)state;
	assert_int_equal(rec_fio_bins_scan(&jb, job, strlen(job), 0, &end), 0);
	assert_int_equal(end, strlen(job) - strlen(" trailing"));
	assert_int_equal(jb.n, 1); /* "2.0" is not fio's form: left to json-c */
	text = rec_fio_bins_text(&jb, job, 0, end, &tlen);
	assert_non_null(strstr(text, "\"bins\" : -1}"));
	assert_non_null(strstr(text, "\"bins\":{\"1\":2.0}"));
	assert_int_equal(tlen, strlen(text));
	assert_int_equal(rec_fio_bins_claim(&jb, -1, 1000, &bins, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(bins[0].ns, 100000); /* scaled and sorted */
	assert_int_equal(bins[0].count, 3);
	assert_int_equal(bins[1].ns, 250000);
	/* claimed once; a marker naming no set is ignored */
	free(bins);
	bins = NULL;
	n = 0;
	assert_int_equal(rec_fio_bins_claim(&jb, -1, 1, &bins, &n), 0);
	assert_null(bins);
	assert_int_equal(rec_fio_bins_claim(&jb, -7, 1, &bins, &n), 0);
	assert_int_equal(rec_fio_bins_claim(&jb, 3, 1, &bins, &n), 0);
	assert_null(bins);
	rec_fio_bins_free(&jb);
}

static void unclosed_and_strings(void **state)
{
	struct rec_fio_bins jb = {0};
	size_t end = 0, tlen;
	const char *t;

	(void)state;
	assert_int_equal(rec_fio_bins_scan(&jb, "{\"a\":[1,2", 9, 0, &end), 1);
	assert_int_equal(rec_json_string_end("\"a\\\"b\" x", 8, 0), 5);
	assert_int_equal(rec_json_string_end("\"abc", 4, 0), 4);
	/* no bins: the text is the input itself */
	assert_int_equal(rec_fio_bins_scan(&jb, "{\"x\":1}", 7, 0, &end), 0);
	t = rec_fio_bins_text(&jb, "{\"x\":1}", 0, end, &tlen);
	assert_int_equal(tlen, 7);
	assert_memory_equal(t, "{\"x\":1}", 7);
	rec_fio_bins_free(&jb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(scan_and_claim),
	    cmocka_unit_test(unclosed_and_strings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
