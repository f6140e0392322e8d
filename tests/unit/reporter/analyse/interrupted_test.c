// SPDX-License-Identifier: GPL-2.0-only
/*
 * interrupted_test.c - analyse/interrupted.c: runs cut short. The real c09 output (fio 3.33,
 * time_based runtime 5m, SIGINT after 49 s: "fio: terminating on signal 2" before its JSON) is
 * interrupted by its signal line, and by its elapsed time once that line is gone; c04 (ss=
 * attained after 13 s of a 60 s runtime) and c10 (runtime without time_based) are not; the
 * tolerance and the ramp time at their edges.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cases.h"
#include "analyse/interrupted.h"
#include "parse/fio_json.h"

#define C09 "c09-bensonjohnson-fio333-signal-line-before-json/fio.json"

static struct sr_test load_text(char *text, size_t len)
{
	struct sr_diag d = {0};
	struct sr_test *docs = NULL, t;
	size_t n = 0;

	if (sr_fio_json_parse(text, len, false, &docs, &n, &d))
		fail_msg("%s", d.err);
	t = docs[0];
	free(docs);
	return t;
}

static struct sr_test load_case(const char *rel, size_t skip)
{
	char path[4096], *text;
	size_t len;
	struct sr_test t;

	case_path(path, sizeof(path), rel);
	if (sr_read_file(path, &text, &len))
		fail_msg("%s: cannot read", path);
	assert_true(skip < len);
	t = load_text(text + skip, len - skip);
	free(text);
	return t;
}

static void real_outputs(void **state)
{
	struct sr_test t = load_case(C09, 0);
	char why[160];

	(void)state;
	assert_int_equal(t.fio_signal, 2); /* line 1: "fio: terminating on signal 2" */
	assert_true(t.runs[0].time_based);
	assert_num(t.runs[0].runtime_s, 300); /* "runtime" : "5m" */
	assert_num(t.runs[0].elapsed_s, 49);
	assert_true(sr_run_interrupted(&t, &t.runs[0], why, sizeof(why)));
	assert_string_equal(why, "fio was terminating on signal 2");
	sr_test_free(&t);

	t = load_case(C09, 30); /* the document alone, after the signal line's 30 bytes */
	assert_int_equal(t.fio_signal, 0);
	assert_true(sr_run_interrupted(&t, &t.runs[0], why, sizeof(why)));
	assert_string_equal(why, "ran 49 s of its 300 s runtime (time_based, ramp 0 s)");
	sr_test_free(&t);

	t = load_case("c04-samyaple-fio333-steadystate/randread-1-1.json", 0);
	assert_num(t.runs[0].elapsed_s, 13);
	assert_num(t.runs[0].runtime_s, 60);
	assert_true(t.runs[0].fio_ss.attained);
	t.runs[0].time_based = true; /* even so: fio ends a job at its steady state */
	assert_false(sr_run_interrupted(&t, &t.runs[0], why, sizeof(why)));
	sr_test_free(&t);

	t = load_case("c10-brahiam-fio336-randrw-job-start/result_100M_run1.json", 0);
	assert_false(t.runs[0].time_based); /* runtime 10 caps the job, size may end it first */
	assert_false(sr_run_interrupted(&t, &t.runs[0], why, sizeof(why)));
	sr_test_free(&t);
}

/* A signal line after the document (fio printed it last) counts too. */
static void signal_after(void **state)
{
	char text[] =
	    "{\"fio version\":\"fio-3.36\",\"jobs\":[{\"jobname\":\"j\",\"elapsed\":5}]}\n"
	    "fio: terminating on signal 15\n";
	struct sr_test t = load_text(text, sizeof(text) - 1);

	(void)state;
	assert_int_equal(t.fio_signal, 15);
	sr_test_free(&t);
}

static void edges(void **state)
{
	struct sr_test t = {0};
	struct sr_run r = {.time_based = true,
			   .runtime_s = sr_val(300),
			   .elapsed_s = sr_val(294),
			   .ramp_s = {0, SR_ABSENT}};

	(void)state;
	/* tolerance: max(2 s, 2 % of 300 s = 6 s) */
	assert_false(sr_run_interrupted(&t, &r, NULL, 0));
	r.elapsed_s = sr_val(293);
	assert_true(sr_run_interrupted(&t, &r, NULL, 0));
	r.ramp_s = sr_val(10); /* elapsed counts the ramp: 10 s more are allowed */
	assert_false(sr_run_interrupted(&t, &r, NULL, 0));
	r.elapsed_s = sr_val(283);
	assert_true(sr_run_interrupted(&t, &r, NULL, 0));
	r = (struct sr_run){.time_based = true, .runtime_s = sr_val(10), .elapsed_s = sr_val(8)};
	assert_false(sr_run_interrupted(&t, &r, NULL, 0)); /* 2 s: the floor */
	r.elapsed_s = sr_val(7);
	assert_true(sr_run_interrupted(&t, &r, NULL, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(real_outputs),
	    cmocka_unit_test(signal_after),
	    cmocka_unit_test(edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
