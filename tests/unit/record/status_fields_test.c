// SPDX-License-Identifier: GPL-2.0-only
/*
 * status_fields_test.c - OUT/status.json written and read from its table of fields
 * (record/status.c on record/doc_fields.c): the structs of status_sample.h written byte for byte
 * as main 505a3ee's member-by-member code wrote them (tests/unit/record/fixtures/status, its
 * "updated" the time of writing), read back to the same members and written again byte for
 * byte; a status.json a driver wrote (tests/host/fixtures/results-v1) read to its values; a
 * member of the wrong JSON type or a state not known refused naming the file, the member's path
 * and what was expected; the schema made from the table.
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

#define SCRATCH_DOC "status.json"
#include "scratch.h"
#include "slurp.h"

#include "record/json.h"
#include "record/status.h"
#include "status_sample.h"

#define FIX "tests/unit/record/fixtures/status"

/* @text's "updated" value (20 characters after the key) set to @from's */
static void same_updated(char *text, const char *from)
{
	const char *key = "\"updated\": \"";
	char *t = strstr(text, key);
	const char *f = strstr(from, key);

	assert_non_null(t);
	assert_non_null(f);
	memcpy(t + strlen(key), f + strlen(key), 20);
}

/* scratch_doc's bytes are @fixture's, "updated" apart */
static void same_bytes(const char *fixture)
{
	char *want = slurp(fixture), *got = slurp(scratch_doc);

	same_updated(got, want);
	assert_string_equal(got, want);
	free(want);
	free(got);
}

static void fill(struct rec_status *s, int k, json_object *cmd)
{
	if (k == 0)
		status_full(s, cmd);
	else if (k == 1)
		status_sparse(s);
	else
		status_ended(s, cmd);
}

static const char *const kind[] = {"full", "sparse", "ended"};

static void written_as_before(void **state)
{
	json_object *cmd = sample_command();
	struct rec_status s;
	char fix[256];

	(void)state;
	for (int k = 0; k < 3; k++) {
		fill(&s, k, cmd);
		snprintf(fix, sizeof(fix), FIX "/%s.json", kind[k]);
		assert_int_equal(rec_status_write(scratch_doc, &s), 0);
		same_bytes(fix);
	}
	json_object_put(cmd);
}

/* @r, read back, holds @w's members as the file keeps them */
static void same_members(const struct rec_status *r, const struct rec_status *w)
{
#define TEXT(m) ((w->m && *w->m) ? assert_string_equal(r->m, w->m) : assert_null(r->m))
	TEXT(state);
	TEXT(resume_command);
	TEXT(out);
	TEXT(started);
	TEXT(ended);
	TEXT(reason);
	assert_int_equal(r->pid, w->pid);
	assert_int_equal(r->pid_starttime, w->pid_starttime);
	assert_int_equal(r->total, w->total);
	assert_int_equal(r->done, w->done);
	assert_int_equal(r->failed, w->failed);
	assert_int_equal(r->kept, w->kept);
	assert_int_equal(r->skipped, w->skipped > 0 ? w->skipped : 0); /* written 0 */
	assert_int_equal(r->run_elapsed_s, w->run_elapsed_s);
	assert_int_equal(r->run_eta_s, w->run_eta_s);
	assert_int_equal(r->run_eta_lower_bound, w->run_eta_lower_bound);
	if (w->pace > 0)
		assert_true(r->pace > w->pace - 5e-4 && r->pace < w->pace + 5e-4); /* 3 decimals */
	else
		assert_true(r->pace == -1);
	assert_int_equal(r->live_every_s, w->live_every_s > 0 ? w->live_every_s : -1);
	if (w->live_every_s > 0) {
		assert_int_equal(r->live_rebuilds, w->live_rebuilds);
		assert_int_equal(r->live_failed, w->live_failed);
		TEXT(live_built);
		assert_true(r->live_cpu_s > w->live_cpu_s - 5e-3 &&
			    r->live_cpu_s < w->live_cpu_s + 5e-3);
	} else {
		assert_int_equal(r->live_rebuilds, 0);
		assert_null(r->live_built);
	}
	TEXT(test_id);
	if (w->test_id) {
		TEXT(label);
		TEXT(title);
		TEXT(test_started);
		TEXT(rate);
		assert_int_equal(r->index, w->index);
		assert_int_equal(r->elapsed_s, w->elapsed_s);
		assert_int_equal(r->expected_s, w->expected_s);
		assert_int_equal(r->eta_s, w->eta_s);
	} else {
		assert_int_equal(r->index, 0); /* no test: every member 0 */
		assert_int_equal(r->eta_s, 0);
	}
	assert_int_equal(r->fio_pid, w->fio_pid > 0 ? w->fio_pid : 0);
	assert_int_equal(r->fio_starttime, w->fio_pid > 0 ? w->fio_starttime : 0);
	assert_int_equal(r->exit_status, w->exit_status);
	if (w->command)
		assert_string_equal(json_object_to_json_string(r->command),
				    json_object_to_json_string(w->command));
	else
		assert_null(r->command);
#undef TEXT
}

static void read_back(void **state)
{
	json_object *cmd = sample_command();
	struct rec_status w, r;
	char fix[256], err[512];

	(void)state;
	for (int k = 0; k < 3; k++) {
		snprintf(fix, sizeof(fix), FIX "/%s.json", kind[k]);
		assert_int_equal(rec_status_read(fix, &r, err, sizeof(err)), 0);
		fill(&w, k, cmd);
		same_members(&r, &w);
		assert_non_null(r.updated);
		assert_int_equal(rec_status_write(scratch_doc, &r), 0);
		same_bytes(fix);
		rec_status_free(&r);
	}
	json_object_put(cmd);
}

/* a status.json ssd-review wrote (an interrupted run, between tests) */
static void real_file(void **state)
{
	struct rec_status r;
	char err[512];

	(void)state;
	assert_int_equal(
	    rec_status_read("tests/host/fixtures/results-v1/status.json", &r, err, sizeof(err)), 0);
	assert_string_equal(r.state, "interrupted");
	assert_int_equal(r.pid, 31561);
	assert_int_equal(r.pid_starttime, 660482);
	assert_int_equal(json_object_array_length(r.command), 14);
	assert_string_equal(r.updated, "2026-12-02T06:10:10Z");
	assert_string_equal(r.reason, "stopped by SIGINT");
	assert_int_equal(r.total, 3);
	assert_int_equal(r.done, 2);
	assert_int_equal(r.skipped, -1); /* written before "skipped" */
	assert_int_equal(r.run_elapsed_s, 8);
	assert_int_equal(r.run_eta_s, -1);
	assert_true(r.pace == -1);
	assert_int_equal(r.live_every_s, -1);
	assert_null(r.test_id);
	assert_int_equal(r.fio_pid, 0);
	assert_int_equal(r.exit_status, 130);
	assert_int_equal(rec_status_left(&r), 1);
	rec_status_free(&r);
}

static void refused(const char *text, const char *want)
{
	struct rec_status r;
	char err[512], full[600];

	assert_int_equal(rec_file_write(scratch_doc, text, strlen(text)), 0);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	snprintf(full, sizeof(full), "%s: %s", scratch_doc, want);
	assert_string_equal(err, full);
	assert_null(r.doc);
}

#define HEAD "{\"schema\": \"ssdeng.review-status.v1\", "

static void refusals(void **state)
{
	(void)state;
	refused(HEAD "\"state\": \"running\", \"pid\": \"12\"}",
		"pid: expected an integer, found a string");
	refused(HEAD "\"state\": \"paused\"}", "state: expected one of running, complete, failed, "
					       "interrupted, found \"paused\"");
	refused(HEAD "\"tests\": {\"total\": 2.5}}", "tests.total: expected an integer, found a "
						     "fraction");
	refused(HEAD "\"test\": {\"id\": 7}}", "test.id: expected a string, found an integer");
	refused(HEAD "\"live\": []}", "live: expected an object, found an array");
}

/* a test running without an id reads "?"; a null "test" leaves it NULL */
static void test_without_id(void **state)
{
	static const char text[] = HEAD "\"state\": \"running\", \"test\": {\"index\": 2}}";
	struct rec_status r;
	char err[512];

	(void)state;
	assert_int_equal(rec_file_write(scratch_doc, text, strlen(text)), 0);
	assert_int_equal(rec_status_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_string_equal(r.test_id, "?");
	assert_int_equal(r.index, 2);
	assert_int_equal(r.elapsed_s, -1); /* missing from a test: not known */
	assert_int_equal(r.pid, -1);
	rec_status_free(&r);
}

static void schema(void **state)
{
	json_object *s = rec_status_schema_json(), *p, *req;
	const char *text;

	(void)state;
	assert_non_null(s);
	p = rec_json_get(s, "properties");
	req = rec_json_get(s, "required");
	text = json_object_to_json_string(req);
	/* always written since the first revision: required; live (revision 2) not */
	assert_non_null(strstr(text, "\"exit_status\""));
	assert_non_null(strstr(text, "\"test\""));
	assert_null(strstr(text, "\"live\""));
	assert_string_equal(
	    json_object_to_json_string(rec_json_get(rec_json_get(p, "state"), "enum")),
	    "[ \"running\", \"complete\", \"failed\", \"interrupted\", null ]");
	assert_string_equal(
	    json_object_to_json_string(rec_json_get(rec_json_get(p, "test"), "type")),
	    "[ \"object\", \"null\" ]");
	assert_string_equal(
	    json_object_to_json_string(rec_json_get(
		rec_json_get(rec_json_get(rec_json_get(p, "run"), "properties"), "pace"),
		"exclusiveMinimum")),
	    "0");
	json_object_put(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(written_as_before), cmocka_unit_test(read_back),
	    cmocka_unit_test(real_file),	 cmocka_unit_test(refusals),
	    cmocka_unit_test(test_without_id),	 cmocka_unit_test(schema),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
