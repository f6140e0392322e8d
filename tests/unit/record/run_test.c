// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_test.c - record/run.c: run.json written and read back whole (tests of both kinds, a PTS
 * record, a group's members, sessions), a run.json today's driver wrote (v1, no schema) read
 * and written again as v2 with nothing lost, the refusals (not a run.json, a newer schema), the
 * sessions' wall time, a killed run marked.
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

#define SCRATCH_DOC "run.json"
#include "scratch.h"

#include "record/json.h"
#include "record/run.h"

#define APPS_RUN "tests/unit/reporter/fixtures/apps/results/lp/run.json"

static void set(char **f, const char *s) { assert_int_equal(rec_str_set(f, s), 0); }

/* A run of a fio test, an ssd-apps test, a PTS test and another ssd-apps test (running) on a
 * group, resumed once. */
static void make(struct rec_run *r)
{
	struct rec_test *t;
	struct rec_session *s;
	struct rec_pts_phase *ph;
	struct rec_pts_round *rd;

	memset(r, 0, sizeof(*r));
	r->command = json_tokener_parse("[\"ssd-review\", \"--resume\", \"--out\", \"o\"]");
	set(&r->cwd, "/home/u");
	set(&r->fio_version, "fio-3.33");
	set(&r->started, "2026-12-02T10:00:00Z");
	set(&r->status, "running");
	set(&r->suite, "all");
	set(&r->label, "g");
	r->span_bytes = 1 << 30;
	r->resume = true;
	r->pid = 42;
	r->members_kind = REC_MEMBERS_GROUP;
	r->members = calloc(2, sizeof(*r->members));
	r->nmembers = 2;
	set(&r->members[0].label, "d1");
	set(&r->members[1].label, "d2");
	r->members[0].span_bytes = r->members[1].span_bytes = 1 << 30;
	r->manifest = json_tokener_parse("{\"schema\": \"ssdeng.manifest.v1\", \"id\": \"abc\"}");
	s = rec_run_add_session(r);
	set(&s->started, "2026-12-02T09:00:00Z");
	set(&s->ended, "2026-12-02T09:10:00Z");
	set(&s->status, "interrupted");
	s = rec_run_add_session(r);
	set(&s->started, "2026-12-02T10:00:00Z");
	set(&s->status, "running");
	s->resume = true;
	s->pid = 42;
	t = rec_run_add_test(r);
	set(&t->id, "fc-4k-randread");
	set(&t->status, "done");
	set(&t->rate_iops_per_job, "100,0");
	set(&t->params.rw, "randread");
	t->params.threads = 8;
	t->params.depth = 32;
	t->params.rate_pct = 50;
	t->seconds = 12;
	t->fio_rc = 0;
	t->has_fio_rc = true;
	t->resumed = true;
	t->unwritten_bytes = 4096;
	t = rec_run_add_test(r);
	set(&t->id, "apps-oltp");
	set(&t->tool, "ssd-apps");
	set(&t->status, "pending");
	t->params.apps = true;
	t = rec_run_add_test(r);
	set(&t->id, "pts-iops");
	set(&t->status, "interrupted");
	set(&t->reason, "SIGINT: fio stopped, result discarded");
	t->pts = calloc(1, sizeof(*t->pts));
	set(&t->pts->test, "iops");
	t->pts->not_compliant = calloc(1, sizeof(char *));
	set(&t->pts->not_compliant[t->pts->nnot_compliant++], "no purge (--pts-no-purge)");
	t->pts->max_rounds = 25;
	t->pts->cache = true; /* disabled over the drive's own "enabled", not restored yet */
	set(&t->pts->cache_wanted, "disabled");
	set(&t->pts->cache_outcome, "set");
	t->pts->cache_original = 1;
	ph = rec_pts_add_phase(t->pts);
	set(&ph->id, "iops");
	set(&ph->track_bs, "4k");
	ph->purge_skipped = true;
	set(&ph->purge_skip_reason, "--pts-no-purge");
	ph->resumed_after_round = 1;
	rd = rec_pts_add_round(ph);
	rd->round = 1;
	set(&rd->file, "pts-iops/iops-round-01.json");
	rd->tracking = 30675.5;
	rd = rec_pts_add_round(ph);
	rd->round = 2; /* no tracking value: null */
	t = rec_run_add_test(r);
	set(&t->id, "apps-tpcc");
	set(&t->tool, "ssd-apps");
	set(&t->status, "running");
	t->params.apps = t->params.known = true;
	t->params.sizes = REC_SIZES_TPCC; /* its warehouses, not the oltp tables */
	t->params.warehouses = 3;
	t->params.time_s = 20;
}

static void round_trip(void **state)
{
	struct rec_run w, r;
	char err[256];
	const struct rec_test *t;

	(void)state;
	make(&w);
	assert_int_equal(rec_run_write(scratch_doc, &w), 0);
	assert_int_equal(rec_run_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.version, 2);
	assert_string_equal(r.cwd, "/home/u");
	assert_string_equal(r.fio_version, "fio-3.33");
	assert_true(r.resume);
	assert_int_equal(r.span_bytes, 1 << 30);
	assert_int_equal(r.members_kind, REC_MEMBERS_GROUP);
	assert_int_equal(r.nmembers, 2);
	assert_string_equal(r.members[1].label, "d2");
	assert_int_equal(r.nsessions, 2);
	assert_string_equal(r.sessions[0].status, "interrupted");
	assert_null(r.sessions[1].ended);
	assert_true(r.sessions[1].resume);
	assert_string_equal(rec_json_str(r.manifest, "id"), "abc");
	assert_int_equal(r.ntests, 4);
	t = rec_run_test(&r, "fc-4k-randread");
	assert_non_null(t);
	assert_string_equal(t->params.rw, "randread");
	assert_int_equal(t->params.threads, 8);
	assert_int_equal(t->params.rate_pct, 50);
	assert_int_equal(t->params.rwmix_read, -1);
	assert_string_equal(t->rate_iops_per_job, "100,0");
	assert_true(t->has_fio_rc && t->resumed);
	assert_int_equal(t->unwritten_bytes, 4096);
	t = rec_run_test(&r, "apps-oltp");
	assert_true(t->params.apps);
	assert_false(t->params.known); /* "params": {} until it runs */
	assert_int_equal(t->seconds, -1);
	assert_false(t->has_fio_rc);
	t = rec_run_test(&r, "apps-tpcc");
	assert_true(t->params.known);
	assert_int_equal(t->params.sizes, REC_SIZES_TPCC);
	assert_int_equal(t->params.warehouses, 3);
	assert_int_equal(t->params.tables, -1);
	assert_int_equal(t->params.instances, -1); /* null: ssd-apps's profile decides */
	assert_int_equal(t->params.time_s, 20);
	t = rec_run_test(&r, "pts-iops");
	assert_non_null(t->pts);
	assert_string_equal(t->pts->not_compliant[0], "no purge (--pts-no-purge)");
	assert_int_equal(t->pts->phases[0].resumed_after_round, 1);
	assert_true(t->pts->phases[0].purge_skipped && !t->pts->phases[0].purged);
	assert_int_equal(t->pts->phases[0].nrounds, 2);
	assert_true(t->pts->phases[0].rounds[0].tracking == 30675.5);
	assert_true(isnan(t->pts->phases[0].rounds[1].tracking));
	assert_false(t->pts->phases[0].window);
	assert_true(t->pts->cache);
	assert_string_equal(t->pts->cache_wanted, "disabled");
	assert_string_equal(t->pts->cache_outcome, "set");
	assert_int_equal(t->pts->cache_original, 1);
	assert_null(t->pts->cache_message);
	assert_null(t->pts->cache_restored);
	assert_null(rec_run_test(&r, "nope"));
	rec_run_free(&w);
	rec_run_free(&r);
}

/* A run.json the C driver wrote before v2 (no schema) reads, and writes again as v2 holding the
 * same document plus its schema and sessions. */
static void older_file_kept_whole(void **state)
{
	struct rec_run r;
	char err[256];
	json_object *before, *after;

	(void)state;
	assert_int_equal(rec_run_read(APPS_RUN, &r, err, sizeof(err)), 0);
	assert_int_equal(r.version, 1);
	assert_int_equal(r.nsessions, 1);
	assert_string_equal(r.sessions[0].started, r.started);
	assert_string_equal(r.sessions[0].status, "failed"); /* tiny failed: the run too */
	assert_int_equal(rec_run_write(scratch_doc, &r), 0);
	before = rec_json_read(APPS_RUN, NULL, err, sizeof(err));
	after = rec_json_read(scratch_doc, NULL, err, sizeof(err));
	assert_string_equal(rec_json_str(after, "schema"), REC_RUN_SCHEMA);
	json_object_object_del(after, "schema");
	json_object_object_del(after, "sessions");
	assert_true(json_object_equal(before, after));
	json_object_put(before);
	json_object_put(after);
	rec_run_free(&r);
}

static void refusals(void **state)
{
	struct rec_run r;
	char err[256];

	(void)state;
	assert_int_equal(rec_file_write(scratch_doc, "[1]", 3), 0);
	assert_int_equal(rec_run_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "expected ssd-review's run.json: an object (with a \"tests\" "
				    "array)"));
	assert_int_equal(rec_file_write(scratch_doc, "{\"tests\": null}", 15), 0);
	assert_int_equal(rec_run_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_int_equal(rec_file_write(scratch_doc, "{\"schema\": \"ssdeng.run.v3\"}", 27), 0);
	assert_int_equal(rec_run_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "schema ssdeng.run.v3 is newer than this program reads "
				    "(ssdeng.run.v2)"));
	assert_int_equal(rec_run_read("/nonexistent/run.json", &r, err, sizeof(err)), -ENOENT);
}

static void wall_time_and_killed(void **state)
{
	struct rec_run w, r;
	size_t counted;
	char err[256], line[256];

	(void)state;
	make(&w);
	/* 10 min, then a session still running: only the first counts */
	assert_int_equal(rec_run_wall_s(&w, &counted), 600);
	assert_int_equal(counted, 1);
	set(&w.sessions[1].ended, "2026-12-02T10:00:30Z");
	assert_int_equal(rec_run_wall_s(&w, &counted), 630);
	assert_int_equal(counted, 2);
	assert_int_equal(rec_run_write(scratch_doc, &w), 0);
	assert_int_equal(rec_run_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(rec_run_mark_killed(&r, "its driver stopped"), 0);
	assert_string_equal(r.status, "killed");
	assert_string_equal(r.note, "its driver stopped");
	assert_string_equal(r.sessions[1].status, "killed");
	assert_string_equal(rec_json_str(r.doc, "status"), "killed");
	assert_string_equal(rec_json_str(r.doc, "note"), "its driver stopped");
	rec_run_command_line(r.command, line, sizeof(line));
	assert_string_equal(line, "ssd-review --resume --out o");
	rec_run_free(&w);
	rec_run_free(&r);
	w.command = json_object_new_string("scripts/ssd-review --drive a=x");
	rec_run_command_line(w.command, line, sizeof(line));
	assert_string_equal(line, "scripts/ssd-review --drive a=x");
	json_object_put(w.command);
}

static void copies(void **state)
{
	struct rec_run w;
	struct rec_test c = {0};

	(void)state;
	make(&w);
	assert_int_equal(rec_test_copy(&c, &w.tests[2]), 0);
	assert_ptr_not_equal(c.pts, w.tests[2].pts);
	assert_string_equal(c.pts->phases[0].rounds[0].file, "pts-iops/iops-round-01.json");
	assert_string_equal(c.pts->cache_outcome, "set");
	assert_ptr_not_equal(c.pts->cache_outcome, w.tests[2].pts->cache_outcome);
	assert_string_equal(c.reason, w.tests[2].reason);
	rec_test_free(&c);
	assert_int_equal(rec_test_copy(&c, &w.tests[0]), 0);
	assert_string_equal(c.params.rw, "randread");
	assert_ptr_not_equal(c.params.rw, w.tests[0].params.rw);
	rec_test_free(&c);
	rec_run_free(&w);
}

/* A test with segments: an HIR idle segment (no file, no TC/QD) and a DIRTH point, DIRTH's
 * chosen points, a matrix phase's tracked TC/QD and XSR's test-level purge, written, read back
 * and copied. */
static void segments(void **state)
{
	struct rec_run w, r;
	struct rec_test *t, c = {0};
	struct rec_pts_segment *s;
	struct rec_pts_phase *ph;
	char err[256];

	(void)state;
	make(&w);
	t = rec_run_test(&w, "pts-iops");
	ph = &t->pts->phases[0];
	ph->track_tc = 32;
	ph->track_qd = 16;
	set(&t->pts->segments_kind, "dirth");
	t->pts->segments_planned = 3;
	set(&t->pts->segments_status, "running");
	t->pts->segments_resumed_after = 1;
	t->pts->segments_purged = true;
	set(&t->pts->segments_purge_method, "format");
	set(&t->pts->segments_purge_done, "2026-12-02T12:00:00Z");
	s = rec_pts_add_segment(t->pts);
	s->seq = 1;
	set(&s->part, "hir");
	set(&s->kind, "idle");
	set(&s->name, "ws2.r001.idle");
	s->wait_state = 2;
	s->repeat = 1;
	s->planned_s = 10;
	s->t_start = 1796214372.387;
	s->t_end = 1796214382.391;
	set(&s->status, "done");
	s = rec_pts_add_segment(t->pts);
	s->seq = 2;
	set(&s->part, "dirth-points");
	set(&s->kind, "point");
	set(&s->name, "max");
	s->tc = 4;
	s->qd = 8;
	set(&s->rw, "randrw");
	set(&s->bs, "8k");
	s->rwmix = 65;
	s->planned_s = 5;
	s->t_start = 1.5;
	s->t_end = 7.25;
	set(&s->file, "pts-dirth/dirth-points-seg-0002.json");
	set(&s->log, "pts-dirth/dirth-points-seg-0002");
	set(&s->status, "done");
	t->pts->dirth = calloc(1, sizeof(*t->pts->dirth));
	set(&t->pts->dirth->phase, "dirth");
	t->pts->dirth->round = 7;
	t->pts->dirth->art_ceiling_ns = 5e6;
	t->pts->dirth->chosen = true;
	t->pts->dirth->mid_target_iops = 1500.5;
	t->pts->dirth->max = (struct rec_pts_dirth_point){4, 8, 2900.0, 4.9e6};
	t->pts->dirth->mid = (struct rec_pts_dirth_point){2, 2, 1400.0, 1.2e6};
	t->pts->dirth->min = (struct rec_pts_dirth_point){1, 1, 101.0, NAN};
	assert_int_equal(rec_run_write(scratch_doc, &w), 0);
	assert_int_equal(rec_run_read(scratch_doc, &r, err, sizeof(err)), 0);
	t = rec_run_test(&r, "pts-iops");
	assert_int_equal(t->pts->phases[0].track_tc, 32);
	assert_int_equal(t->pts->phases[0].track_qd, 16);
	assert_string_equal(t->pts->segments_kind, "dirth");
	assert_int_equal(t->pts->segments_planned, 3);
	assert_int_equal(t->pts->segments_resumed_after, 1);
	assert_true(t->pts->segments_purged && !t->pts->segments_purge_skipped);
	assert_string_equal(t->pts->segments_purge_method, "format");
	assert_int_equal(t->pts->nsegments, 2);
	s = &t->pts->segments[0];
	assert_string_equal(s->kind, "idle");
	assert_int_equal(s->wait_state, 2);
	assert_int_equal(s->repeat, 1);
	assert_int_equal(s->tc, -1); /* null */
	assert_null(s->file);
	assert_null(s->rw);
	assert_true(s->t_end - s->t_start > 10.003 && s->t_end - s->t_start < 10.005);
	s = &t->pts->segments[1];
	assert_int_equal(s->tc, 4);
	assert_int_equal(s->qd, 8);
	assert_int_equal(s->rwmix, 65);
	assert_int_equal(s->wait_state, -1);
	assert_string_equal(s->file, "pts-dirth/dirth-points-seg-0002.json");
	assert_true(s->t_end == 7.25);
	assert_non_null(t->pts->dirth);
	assert_true(t->pts->dirth->chosen);
	assert_int_equal(t->pts->dirth->round, 7);
	assert_int_equal(t->pts->dirth->max.qd, 8);
	assert_true(t->pts->dirth->mid.iops == 1400.0);
	assert_true(isnan(t->pts->dirth->min.art_ns));
	assert_null(t->pts->dirth->error);
	assert_int_equal(rec_test_copy(&c, t), 0);
	assert_int_equal(c.pts->nsegments, 2);
	assert_ptr_not_equal(c.pts->segments[1].file, t->pts->segments[1].file);
	assert_string_equal(c.pts->segments[1].file, t->pts->segments[1].file);
	assert_ptr_not_equal(c.pts->dirth, t->pts->dirth);
	assert_string_equal(c.pts->dirth->phase, "dirth");
	rec_test_free(&c);
	rec_run_free(&w);
	rec_run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_trip), cmocka_unit_test(older_file_kept_whole),
	    cmocka_unit_test(refusals),	  cmocka_unit_test(wall_time_and_killed),
	    cmocka_unit_test(copies),	  cmocka_unit_test(segments),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
