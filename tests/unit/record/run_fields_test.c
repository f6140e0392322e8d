// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_fields_test.c - run.json written and read from its table of fields (record/run.c and
 * run_pts.c on record/doc_fields.c): the runs of run_sample.h written byte for byte as main
 * d912138's member-by-member code wrote them (tests/unit/record/fixtures/run); every run.json
 * fixture of tests/ (a review, a group, ssd-apps runs, PTS tests with and without segments, a
 * v1 file) read and written again byte for byte as main's code did (fixtures/run/read); copies
 * of a test, a PTS record, a round and a segment the same as the original; a member of the
 * wrong JSON type refused naming the file and the member's path; the schema made from the table.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_DOC "run.json"
#include "scratch.h"
#include "slurp.h"
#include "same_bytes.h"

#include "record/json.h"
#include "record/run.h"
#include "run_sample.h"

#define FIX "tests/unit/record/fixtures/run"

static void written_as_before(void **state)
{
	struct rec_run r;
	char fix[256];

	(void)state;
	for (int k = 0; k < RUN_SAMPLES; k++) {
		run_sample(&r, k);
		snprintf(fix, sizeof(fix), FIX "/%s.json", run_sample_name[k]);
		assert_int_equal(rec_run_write(scratch_doc, &r), 0);
		same_bytes(fix);
		rec_run_free(&r);
	}
}

/* @in read and written again: @out's bytes (main's reader and writer on the same file) */
static void read_and_write(const char *in, const char *out)
{
	struct rec_run r;
	char err[512];

	if (rec_run_read(in, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(rec_run_write(scratch_doc, &r), 0);
	rec_run_free(&r);
	same_bytes(out);
}

static void samples_read_back(void **state)
{
	char fix[256];

	(void)state;
	for (int k = 0; k < RUN_SAMPLES; k++) {
		snprintf(fix, sizeof(fix), FIX "/%s.json", run_sample_name[k]);
		read_and_write(fix, fix);
	}
}

static const char *const fixtures[][2] = {
    {"tests/unit/reporter/fixtures/golden/results/nvme-lab/run.json", "golden-nvme-lab"},
    {"tests/unit/reporter/fixtures/golden/results/g/run.json", "golden-g"},
    {"tests/unit/reporter/fixtures/golden/results/sas-lab/run.json", "golden-sas-lab"},
    {"tests/unit/reporter/fixtures/apps/results/tiny/run.json", "apps-tiny"},
    {"tests/unit/reporter/fixtures/apps/results/lp/run.json", "apps-lp"},
    {"tests/host/fixtures/pts/hir/run.json", "pts-hir"},
    {"tests/host/fixtures/pts/iops/run.json", "pts-iops"},
    {"tests/host/fixtures/results-v1/v1/run.json", "results-v1"},
};

static void fixtures_read_as_before(void **state)
{
	char out[256];

	(void)state;
	for (size_t i = 0; i < sizeof(fixtures) / sizeof(fixtures[0]); i++) {
		snprintf(out, sizeof(out), FIX "/read/%s.json", fixtures[i][1]);
		read_and_write(fixtures[i][0], out);
	}
}

/* the sample's tests replaced by copies (then the originals freed): written the same */
static void copies(void **state)
{
	struct rec_run r;
	char fix[256];

	(void)state;
	for (int k = 0; k < RUN_SAMPLES; k++) {
		struct rec_test *c;
		struct rec_session s;

		run_sample(&r, k);
		assert_non_null(c = calloc(r.ntests + 1, sizeof(*c)));
		for (size_t i = 0; i < r.ntests; i++) {
			assert_int_equal(rec_test_copy(&c[i], &r.tests[i]), 0);
			if (c[i].pts)
				assert_ptr_not_equal(c[i].pts, r.tests[i].pts);
			if (c[i].id)
				assert_ptr_not_equal(c[i].id, r.tests[i].id);
			rec_test_free(&r.tests[i]);
		}
		free(r.tests);
		r.tests = c;
		assert_int_equal(rec_session_copy(&s, &r.sessions[0]), 0);
		rec_session_free(&r.sessions[0]);
		r.sessions[0] = s;
		snprintf(fix, sizeof(fix), FIX "/%s.json", run_sample_name[k]);
		assert_int_equal(rec_run_write(scratch_doc, &r), 0);
		same_bytes(fix);
		rec_run_free(&r);
	}
}

/* the PTS sample's parts copied one by one */
static void pts_parts_copied(void **state)
{
	struct rec_run r;
	struct rec_pts *p, *c = NULL;
	struct rec_pts_round rd;
	struct rec_pts_segment sg;

	(void)state;
	run_sample(&r, 1);
	p = r.tests[0].pts;
	assert_int_equal(rec_pts_copy(&c, p), 0);
	assert_int_equal(c->nnot_compliant, 2);
	assert_ptr_not_equal(c->not_compliant, p->not_compliant);
	assert_string_equal(c->not_compliant[1], "no purge");
	assert_ptr_not_equal(c->not_compliant[1], p->not_compliant[1]);
	assert_ptr_not_equal(c->dirth, p->dirth);
	assert_string_equal(c->dirth->phase, "dirth");
	assert_int_equal(c->dirth->max.qd, 16);
	assert_int_equal(c->phases[0].nrounds, 2);
	assert_ptr_not_equal(c->phases[0].rounds, p->phases[0].rounds);
	assert_string_equal(c->phases[0].purge_done, "2026-12-02T10:00:10Z");
	assert_int_equal(rec_pts_round_copy(&rd, &p->phases[0].rounds[0]), 0);
	assert_string_equal(rd.ended, "2026-12-02T10:02:00Z");
	assert_ptr_not_equal(rd.ended, p->phases[0].rounds[0].ended);
	assert_int_equal(rec_pts_segment_copy(&sg, &p->segments[0]), 0);
	assert_string_equal(sg.log, "pts-hir/hir-seg-0001");
	assert_ptr_not_equal(sg.log, p->segments[0].log);
	rec_run_free(&r); /* the copies stand alone */
	assert_string_equal(c->phases[0].rounds[0].file, "pts-iops/iops-round-01.json");
	assert_string_equal(c->segments[1].name, "ws1.r001.idle");
	assert_true(c->dirth->chosen);
	free(rd.file);
	free(rd.ended);
	free(sg.part);
	free(sg.kind);
	free(sg.name);
	free(sg.rw);
	free(sg.bs);
	free(sg.file);
	free(sg.log);
	free(sg.status);
	rec_pts_free(c);
}

/* fixture @name with the JSON text @from replaced by @to (once), read: refused with @want */
static void refused(const char *name, const char *from, const char *to, const char *want)
{
	char fix[256], err[512], *text, *at, *out;
	struct rec_run r;
	FILE *f;

	snprintf(fix, sizeof(fix), FIX "/%s.json", name);
	text = slurp(fix);
	assert_non_null(at = strstr(text, from));
	assert_non_null(out = malloc(strlen(text) + strlen(to) + 1));
	snprintf(out, strlen(text) + strlen(to) + 1, "%.*s%s%s", (int)(at - text), text, to,
		 at + strlen(from));
	assert_non_null(f = fopen(scratch_doc, "w"));
	fputs(out, f);
	fclose(f);
	assert_int_equal(rec_run_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_null(r.tests);
	assert_null(r.doc);
	snprintf(fix, sizeof(fix), "%s: %s", scratch_doc, want);
	assert_string_equal(err, fix);
	free(text);
	free(out);
}

static void wrong_types_refused(void **state)
{
	(void)state;
	refused("review", "\"seconds\": 61", "\"seconds\": \"61\"",
		"tests[0].seconds: expected an integer, found a string");
	refused("review", "\"cwd\": \"/home/u\"", "\"cwd\": 7",
		"cwd: expected a string, found an "
		"integer");
	refused("review", "\"pid\": 4242,", "\"pid\": true,",
		"sessions[0].pid: expected an integer, found a boolean");
	refused("review", "\"resume\": false,\n  \"previous", "\"resume\": \"no\",\n  \"previous",
		"resume: expected true or false, found a string");
	refused("pts", "\"tracking\": 30675.5", "\"tracking\": \"fast\"",
		"tests[0].pts.phases[0].rounds[0].tracking: expected a number, found a string");
	refused("pts", "\"no purge\"", "3",
		"tests[0].pts.not_compliant[1]: expected a string, found an integer");
	refused("pts", "\"art_ns\": 1000000.0", "\"art_ns\": []",
		"tests[0].pts.dirth.mid.art_ns: expected a number, found an array");
	refused("pts", "\"t_end\": 0.0", "\"t_end\": {}",
		"tests[0].pts.segments[1].t_end: expected a number, found an object");
	refused("clients", "\"skipped\": \"--pts-no-purge\"", "\"skipped\": false",
		"tests[0].pts.phases[0].purge.skipped: expected a string, found a boolean");
	refused("review", "\"versions\": {", "\"versions\": [], \"x\": {",
		"versions: expected an object, found an array");
}

static void schema(void **state)
{
	json_object *s, *p, *t, *pts;

	(void)state;
	assert_non_null(s = rec_run_schema_json());
	assert_string_equal(rec_json_str(s, "$id"),
			    "https://ssdeng.invalid/schemas/run.schema.json");
	p = rec_json_get(s, "properties");
	assert_string_equal(rec_json_str(rec_json_get(p, "manifest"), "$ref"),
			    "manifest.schema.json");
	assert_string_equal(rec_json_str(rec_json_get(p, "schema"), "const"), "ssdeng.run.v2");
	t = rec_json_get(rec_json_get(rec_json_get(p, "tests"), "items"), "properties");
	assert_non_null(rec_json_get(rec_json_get(t, "params"), "oneOf"));
	assert_true(json_object_get_boolean(rec_json_get(rec_json_get(t, "resumed"), "const")));
	pts = rec_json_get(rec_json_get(t, "pts"), "properties");
	assert_string_equal(rec_json_str(rec_json_get(pts, "not_compliant"), "type"), "array");
	assert_non_null(rec_json_get(pts, "segments"));
	assert_non_null(
	    rec_json_get(rec_json_get(rec_json_get(pts, "dirth"), "properties"), "mid"));
	/* always written: required; written only sometimes: not */
	assert_string_equal(
	    json_object_to_json_string(
		rec_json_get(rec_json_get(rec_json_get(p, "tests"), "items"), "required")),
	    "[ \"id\", \"jobfile\", \"status\", \"reason\", \"entry\", \"family\", \"title\", "
	    "\"params\", \"expected_seconds\" ]");
	json_object_put(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(written_as_before),
	    cmocka_unit_test(samples_read_back),
	    cmocka_unit_test(fixtures_read_as_before),
	    cmocka_unit_test(copies),
	    cmocka_unit_test(pts_parts_copied),
	    cmocka_unit_test(wrong_types_refused),
	    cmocka_unit_test(schema),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
