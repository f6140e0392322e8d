// SPDX-License-Identifier: GPL-2.0-only
/*
 * legacy_test.c - record/legacy.c, the record's older unversioned files: versions told by the
 * schema; a first driver's run.json (the command one string, a curve point's "pct", earlier
 * sessions only in previous_runs) brought to v2's shape; the golden results' run.json (the bash
 * driver's) and the PTS fixture's (a trimmed file whose schema is a note) read.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "record/json.h"
#include "record/legacy.h"
#include "record/run.h"

static void versions(void **state)
{
	const struct {
		const char *doc;
		int v;
	} cases[] = {
	    {"{}", 1},
	    {"{\"schema\": \"ssdeng.run.v2\"}", 2},
	    {"{\"schema\": \"ssdeng.run.v1\"}", 1},
	    {"{\"schema\": \"ssdeng.run.v3\"}", -1},
	    {"{\"schema\": \"ssdeng.run.vx\"}", 1},
	    {"{\"schema\": \"run.json of ssd-review, trimmed\"}", 1},
	    {"{\"schema\": 2}", 1},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_object *o = json_tokener_parse(cases[i].doc);

		assert_int_equal(rec_legacy_version(o, "ssdeng.run.v", 2), cases[i].v);
		json_object_put(o);
	}
}

/* A run resumed twice: previous_runs newest first, sessions oldest first, the run itself last */
static void sessions_from_previous_runs(void **state)
{
	json_object *o = json_tokener_parse(
	    "{\"command\": \"scripts/ssd-review --drive a=x\", \"started\": \"T3\", \"ended\": "
	    "\"T4\", \"status\": \"complete\", \"resume\": true, \"pid\": 3,"
	    " \"previous_runs\": [{\"started\": \"T2\", \"status\": \"killed\", \"pid\": 2},"
	    "  {\"started\": \"T1\", \"ended\": \"T1b\", \"status\": \"interrupted\", \"pid\": 1}],"
	    " \"tests\": [{\"id\": \"curve-4k-randread-50\", \"params\": {\"pct\": 50}}]}");
	json_object *s, *c;

	(void)state;
	assert_int_equal(rec_legacy_run_upgrade(o), 0);
	s = rec_json_get(o, "sessions");
	assert_int_equal(json_object_array_length(s), 3);
	assert_string_equal(rec_json_str(json_object_array_get_idx(s, 0), "started"), "T1");
	assert_string_equal(rec_json_str(json_object_array_get_idx(s, 0), "ended"), "T1b");
	assert_string_equal(rec_json_str(json_object_array_get_idx(s, 1), "status"), "killed");
	assert_null(rec_json_get(json_object_array_get_idx(s, 1), "ended"));
	assert_string_equal(rec_json_str(json_object_array_get_idx(s, 2), "started"), "T3");
	assert_int_equal(rec_json_i64_or(json_object_array_get_idx(s, 2), "pid", 0), 3);
	c = rec_json_get(o, "command");
	assert_true(json_object_is_type(c, json_type_array));
	assert_string_equal(json_object_get_string(json_object_array_get_idx(c, 0)),
			    "scripts/ssd-review --drive a=x");
	assert_int_equal(
	    rec_json_i64_or(
		rec_json_get(json_object_array_get_idx(rec_json_get(o, "tests"), 0), "params"),
		"rate_pct", -1),
	    50);
	json_object_put(o);
}

static void real_older_files(void **state)
{
	struct rec_run r;
	char err[512];

	(void)state;
	assert_int_equal(
	    rec_run_read("tests/unit/reporter/fixtures/golden/results/nvme-lab/run.json", &r, err,
			 sizeof(err)),
	    0);
	assert_int_equal(r.version, 1);
	assert_int_equal(r.nsessions, 1);
	assert_string_equal(r.sessions[0].started, "2026-12-01T14:54:36Z");
	assert_string_equal(r.sessions[0].ended, "2026-12-01T15:06:49Z");
	assert_int_equal(rec_run_wall_s(&r, NULL), 12 * 60 + 13);
	assert_string_equal(r.label, "nvme-lab");
	assert_string_equal(r.tests[0].id, "prep-128k-seqfill");
	rec_run_free(&r);
	assert_int_equal(
	    rec_run_read("tests/host/fixtures/pts/iops/run.json", &r, err, sizeof(err)), 0);
	assert_int_equal(r.version, 1);
	assert_non_null(r.tests[0].pts);
	assert_int_equal(r.tests[0].pts->phases[0].nrounds, 5);
	assert_true(r.tests[0].pts->phases[0].purge_skipped);
	rec_run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(versions),
	    cmocka_unit_test(sessions_from_previous_runs),
	    cmocka_unit_test(real_older_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
