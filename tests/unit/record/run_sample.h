/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_sample.h - run.json of every shape for run_fields_test.c: a review of one drive (tests
 * done, failed with fio's exit status, kept from an earlier session, skipped, pending; a curve
 * point), a PTS test in full (cache, purge done, WIPC, rounds, window, WSAT bytes, a phase with
 * cells planned out, HIR segments, DIRTH's chosen points), a group's run with ssd-apps tests (oltp,
 * tpcc, not started) resumed once, a client run (a purge skipped, DIRTH without a choice, a
 * test's segments purge skipped) and a fio server's copy of a client run.
 * tests/unit/record/fixtures/run/<name>.json is each as main d912138's member-by-member code wrote
 * it. Free with rec_run_free().
 */
#ifndef SSDENG_TESTS_RUN_SAMPLE_H
#define SSDENG_TESTS_RUN_SAMPLE_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "record/json.h"
#include "record/run.h"

#define RUN_SAMPLES 5

static const char *const run_sample_name[RUN_SAMPLES] = {"review", "pts", "group-apps", "clients",
							 "server"};

static inline void rs_set(char **f, const char *s)
{
	if (rec_str_set(f, s))
		abort();
}

static inline void rs_common(struct rec_run *r, const char *label)
{
	struct rec_session *s;

	memset(r, 0, sizeof(*r));
	r->span_bytes = r->pid = -1;
	r->command = json_tokener_parse("[\"ssd-review\", \"--drive\", \"/dev/ng0n1\"]");
	rs_set(&r->cwd, "/home/u");
	rs_set(&r->fio_version, "fio-3.33");
	rs_set(&r->kernel, "6.1.0-18-amd64");
	rs_set(&r->ssdeng_version, "0.9.1");
	rs_set(&r->ioengine, "ssdeng");
	rs_set(&r->started, "2026-12-02T10:00:00Z");
	rs_set(&r->status, "running");
	rs_set(&r->suite, "all");
	rs_set(&r->profile, "quick");
	rs_set(&r->engine, "ssdeng");
	rs_set(&r->engine_option, "transport=nvme-uring");
	rs_set(&r->label, label);
	r->manifest =
	    json_tokener_parse("{\"schema\": \"ssdeng.manifest.v1\", \"id\": "
			       "\"0123456789abcdef\", \"request\": {\"suite\": \"all\"}}");
	s = rec_run_add_session(r);
	rs_set(&s->started, "2026-12-02T10:00:00Z");
	rs_set(&s->status, "running");
	s->pid = 4242;
	s->command = json_object_get(r->command);
	r->pid = 4242;
	rs_set(&r->resume_command, "ssd-review --resume --out o");
}

static inline struct rec_test *rs_test(struct rec_run *r, const char *id, const char *status)
{
	struct rec_test *t = rec_run_add_test(r);

	rs_set(&t->id, id);
	rs_set(&t->status, status);
	return t;
}

static inline void rs_fio_params(struct rec_test *t, const char *rw, const char *bs, int depth)
{
	rs_set(&t->params.rw, rw);
	rs_set(&t->params.bs, bs);
	rs_set(&t->params.region, "span");
	t->params.threads = 4;
	t->params.depth = depth;
}

/* one drive: done, failed, kept, skipped, pending, a curve point, fio's rc of a signal */
static inline void rs_review(struct rec_run *r)
{
	struct rec_test *t;

	rs_common(r, "nvme-lab");
	rs_set(&r->device, "/dev/ng0n1");
	rs_set(&r->fio_filename, "/dev/ng0n1");
	r->span_bytes = 134217728;
	t = rs_test(r, "fc-4k-randread", "done");
	rs_set(&t->jobfile, "jobfiles/fc-4k-randread.fio");
	rs_set(&t->entry, "fc");
	rs_set(&t->family, "four corners");
	rs_set(&t->title, "4K random read");
	rs_fio_params(t, "randread", "4k", 32);
	t->expected_seconds = 60;
	rs_set(&t->started, "2026-12-02T10:00:05Z");
	rs_set(&t->ended, "2026-12-02T10:01:06Z");
	t->seconds = 61;
	t->has_fio_rc = true;
	rs_set(&t->manifest_id, "0123456789abcdef");
	t->unwritten_bytes = 0;
	t = rs_test(r, "mix-7030", "failed");
	rs_set(&t->jobfile, "jobfiles/mix.fio");
	rs_set(&t->reason, "fio exited with status 1");
	rs_fio_params(t, "randrw", "8k", 16);
	t->params.rwmix_read = 70;
	rs_set(&t->params.bssplit, "4k/50:64k/50");
	t->expected_seconds = 30;
	rs_set(&t->started, "2026-12-02T10:01:07Z");
	rs_set(&t->ended, "2026-12-02T10:01:09Z");
	t->seconds = 2;
	t->fio_rc = 1;
	t->has_fio_rc = true;
	t = rs_test(r, "kept", "done");
	t->resumed = true;
	t->fio_rc = 137;
	t->has_fio_rc = true;
	rs_fio_params(t, "write", "128k", 1);
	rs_set(&t->params.region, "quarter");
	t = rs_test(r, "curve-50", "interrupted");
	rs_set(&t->reason, "SIGINT");
	rs_fio_params(t, "randread", "4k", 1);
	t->params.rate_pct = 50;
	rs_set(&t->rate_iops_per_job, "1250,0");
	t->unwritten_bytes = 4096;
	t = rs_test(r, "lat-qd1", "skipped");
	rs_set(&t->reason, "no max run");
	rs_fio_params(t, "randwrite", "4k", 1);
	t = rs_test(r, "pending", "pending");
	t->expected_seconds = 0;
	rs_fio_params(t, "read", "1m", 8);
	rs_set(&r->ended, "2026-12-02T10:05:00Z");
	rs_set(&r->status, "failed");
	rs_set(&r->sessions[0].ended, "2026-12-02T10:05:00Z");
	rs_set(&r->sessions[0].status, "failed");
}

static inline void rs_dirth_point(struct rec_pts_dirth_point *p, int tc, int qd, double iops,
				  double art)
{
	p->tc = tc;
	p->qd = qd;
	p->iops = iops;
	p->art_ns = art;
}

/* a PTS test with every part */
static inline void rs_pts(struct rec_run *r)
{
	struct rec_test *t;
	struct rec_pts *p;
	struct rec_pts_phase *ph;
	struct rec_pts_round *rd;
	struct rec_pts_segment *s;

	rs_common(r, "ref");
	rs_set(&r->device, "/dev/nvme0n1");
	r->span_bytes = 268435456;
	t = rs_test(r, "pts-iops", "done");
	rs_set(&t->jobfile, "jobfiles/pts-iops.fio");
	t->expected_seconds = 3600;
	t->seconds = 3100;
	t->has_fio_rc = true;
	t->pts = p = calloc(1, sizeof(*p));
	rs_set(&p->test, "iops");
	rs_set(&p->spec, "SNIA SSS PTS 2.0.2");
	rs_set(&p->variant, "enterprise");
	rec_pts_add_not_compliant(p, "quick profile");
	rec_pts_add_not_compliant(p, "no purge");
	rs_set(&p->write_cache, "disabled for the test");
	rs_set(&p->data_pattern, "random: fio's buffers refilled");
	p->cache = true;
	rs_set(&p->cache_wanted, "disabled");
	p->cache_original = -1;
	rs_set(&p->cache_outcome, "set");
	rs_set(&p->cache_restored, "restored");
	p->threads = 4;
	p->depth = 32;
	p->active_range_pct = 75;
	p->max_rounds = 25;
	p->cell_seconds = 0.5;
	p->span_bytes = 268435456;
	ph = rec_pts_add_phase(p);
	rs_set(&ph->id, "iops");
	rs_set(&ph->track_bs, "4k");
	rs_set(&ph->track_metric, "iops");
	ph->track_mix = 0;
	ph->cells = 56;
	rs_set(&ph->status, "steady");
	ph->purged = true;
	rs_set(&ph->purge_method, "format");
	rs_set(&ph->purge_done, "2026-12-02T10:00:10Z");
	ph->wipc = true;
	rs_set(&ph->wipc_file, "pts-iops/iops-wipc.json");
	rs_set(&ph->wipc_jobfile, "jobfiles/pts-wipc.fio");
	ph->wipc_bytes = 536870912;
	ph->wipc_seconds = 120;
	rd = rec_pts_add_round(ph);
	rd->round = 1;
	rs_set(&rd->file, "pts-iops/iops-round-01.json");
	rd->tracking = 30675.5;
	rd->bytes_written = 1.5e9;
	rd->seconds = 28;
	rs_set(&rd->ended, "2026-12-02T10:02:00Z");
	rd = rec_pts_add_round(ph);
	rd->round = 2;
	rs_set(&rd->file, "pts-iops/iops-round-02.json");
	ph->resumed_after_round = 1;
	rs_set(&ph->not_applicable, "latency.r100.512: 512-byte transfers on 4096-byte blocks");
	ph->window = true;
	ph->window_first = 1;
	ph->window_last = 5;
	ph->window_mean = 30000.25;
	ph->window_range_pct = 4.5;
	ph->window_slope = -12.125;
	ph->window_intercept = 30100;
	ph->window_excursion_pct = 2.0;
	ph = rec_pts_add_phase(p);
	rs_set(&ph->id, "wsat");
	rs_set(&ph->track_bs, "4k");
	rs_set(&ph->track_metric, "iops");
	ph->track_mix = 0;
	ph->cells = 1;
	rs_set(&ph->status, "written");
	ph->stop_written_bytes = 1073741824;
	ph->bytes_written = 1073741824.0;
	ph = rec_pts_add_phase(p);
	rs_set(&ph->id, "dirth");
	rs_set(&ph->track_bs, "8k");
	rs_set(&ph->track_metric, "lat_mean");
	ph->track_mix = 65;
	ph->track_tc = 32;
	ph->track_qd = 16;
	ph->cells = 36;
	rs_set(&ph->status, "round limit");
	rs_set(&p->segments_kind, "hir");
	p->segments_planned = 3;
	rs_set(&p->segments_status, "running");
	p->segments_resumed_after = 1;
	s = rec_pts_add_segment(p);
	s->seq = 1;
	rs_set(&s->part, "hir");
	rs_set(&s->kind, "write");
	rs_set(&s->name, "ws1.r001.write");
	s->wait_state = 1;
	s->repeat = 1;
	s->tc = 4;
	s->qd = 32;
	rs_set(&s->rw, "randwrite");
	rs_set(&s->bs, "4k");
	s->planned_s = 5;
	s->t_start = 1796214372.387;
	s->t_end = 1796214377.391;
	rs_set(&s->file, "pts-hir/hir-seg-0001.json");
	rs_set(&s->log, "pts-hir/hir-seg-0001");
	rs_set(&s->status, "done");
	s = rec_pts_add_segment(p);
	s->seq = 2;
	rs_set(&s->part, "hir");
	rs_set(&s->kind, "idle");
	rs_set(&s->name, "ws1.r001.idle");
	s->wait_state = 1;
	s->repeat = 1;
	s->planned_s = 5;
	rs_set(&s->status, "done"); /* its times not measured: 0.0 */
	p->dirth = calloc(1, sizeof(*p->dirth));
	rs_set(&p->dirth->phase, "dirth");
	p->dirth->round = 7;
	p->dirth->art_ceiling_ns = 5e6;
	p->dirth->mid_target_iops = 60000.5;
	p->dirth->chosen = true;
	rs_dirth_point(&p->dirth->max, 32, 16, 120000.75, 4.5e6);
	rs_dirth_point(&p->dirth->mid, 8, 8, 60000, 1e6);
	rs_dirth_point(&p->dirth->min, 1, 1, NAN, NAN);
}

/* a group's run, resumed, its ssd-apps tests */
static inline void rs_group_apps(struct rec_run *r)
{
	struct rec_test *t;
	struct rec_session *s;

	rs_common(r, "g");
	rs_set(&r->device, "/dev/ng0n1,/dev/ng1n1");
	r->span_bytes = 1 << 30;
	r->resume = true;
	r->previous_runs = json_tokener_parse("[{\"schema\": \"ssdeng.run.v2\", \"status\": "
					      "\"interrupted\", \"tests\": []}]");
	rs_set(&r->sessions[0].ended, "2026-12-02T10:10:00Z");
	rs_set(&r->sessions[0].status, "interrupted");
	s = rec_run_add_session(r);
	rs_set(&s->started, "2026-12-02T11:00:00Z");
	rs_set(&s->status, "running");
	s->resume = true;
	s->pid = 5151;
	s->command = json_tokener_parse("[\"ssd-review\", \"--resume\", \"--out\", \"o\"]");
	r->members_kind = REC_MEMBERS_GROUP;
	r->members = calloc(2, sizeof(*r->members));
	r->nmembers = 2;
	for (int i = 0; i < 2; i++) {
		rs_set(&r->members[i].label, i ? "g/2" : "g/1");
		rs_set(&r->members[i].device, i ? "/dev/ng1n1" : "/dev/ng0n1");
		rs_set(&r->members[i].kind, "nvme-ng");
		rs_set(&r->members[i].fio_filename, i ? "/dev/ng1n1" : "/dev/ng0n1");
		r->members[i].span_bytes = 1 << 29;
	}
	t = rs_test(r, "apps-oltp", "done");
	rs_set(&t->tool, "ssd-apps");
	t->params.apps = t->params.known = true;
	t->params.sizes = REC_SIZES_OLTP;
	t->params.instances = 2;
	t->params.tables = 8;
	t->params.table_size = 100000;
	t->params.threads = 16;
	t->params.warmup_s = 10;
	t->params.time_s = 60;
	t->expected_seconds = 300;
	t->seconds = 280;
	t->has_fio_rc = true;
	t = rs_test(r, "apps-tpcc", "running");
	rs_set(&t->tool, "ssd-apps");
	t->params.apps = t->params.known = true;
	t->params.sizes = REC_SIZES_TPCC;
	t->params.warehouses = 3;
	t->params.time_s = 20;
	t = rs_test(r, "apps-both", "pending");
	rs_set(&t->tool, "ssd-apps");
	t->params.apps = true; /* not started: "params": {} */
}

/* a client run; a skipped purge, DIRTH without a choice */
static inline void rs_clients(struct rec_run *r)
{
	struct rec_test *t;
	struct rec_pts *p;
	struct rec_pts_phase *ph;

	rs_common(r, "clients");
	rs_set(&r->device, "h1:8765:/dev/ng0n1,h2:8765:/dev/ng0n1");
	rs_set(&r->note, "found running without its driver");
	rs_set(&r->status, "killed");
	r->members_kind = REC_MEMBERS_CLIENTS;
	r->members = calloc(2, sizeof(*r->members));
	r->nmembers = 2;
	for (int i = 0; i < 2; i++) {
		rs_set(&r->members[i].label, i ? "h2" : "h1");
		rs_set(&r->members[i].host, i ? "h2" : "h1");
		r->members[i].port = 8765;
		rs_set(&r->members[i].device, "/dev/ng0n1");
		r->members[i].span_bytes = -1;
	}
	t = rs_test(r, "pts-dirth", "failed");
	rs_set(&t->reason, "no point within the ceiling");
	t->has_fio_rc = true;
	t->fio_rc = 0;
	t->pts = p = calloc(1, sizeof(*p));
	rs_set(&p->test, "dirth");
	rs_set(&p->variant, "client");
	p->cache_original = -1;
	p->cell_seconds = 60;
	p->active_range_pct = 100;
	ph = rec_pts_add_phase(p);
	rs_set(&ph->id, "dirth");
	ph->track_mix = 65;
	ph->purge_skipped = true;
	rs_set(&ph->purge_skip_reason, "--pts-no-purge");
	rs_set(&ph->status, "failed");
	rs_set(&p->segments_kind, "xsr");
	rs_set(&p->segments_status, "not run");
	p->segments_purge_skipped = true;
	rs_set(&p->segments_purge_skip_reason, "--pts-no-purge");
	p->dirth = calloc(1, sizeof(*p->dirth));
	rs_set(&p->dirth->phase, "dirth");
	p->dirth->round = 3;
	p->dirth->art_ceiling_ns = 5e6;
	rs_set(&p->dirth->error, "no point within 5 ms");
	t = rs_test(r, "pts-xsr", "pending");
	t->pts = p = calloc(1, sizeof(*p));
	rs_set(&p->test, "xsr");
	rs_set(&p->segments_kind, "xsr");
	rs_set(&p->segments_status, "done");
	p->segments_purged = true;
	rs_set(&p->segments_purge_method, "sanitize");
	rs_set(&p->segments_purge_done, "2026-12-02T12:00:00Z");
}

/* a fio server's copy of a client run */
static inline void rs_server(struct rec_run *r)
{
	struct rec_test *t;

	rs_common(r, "server");
	r->members_kind = REC_MEMBERS_SERVER;
	rs_set(&r->server_host, "h1");
	r->server_port = 8765;
	rs_set(&r->combined_results, "/results/clients");
	json_object_put(r->manifest);
	r->manifest = NULL;
	r->pid = -1;
	t = rs_test(r, "fc-4k-randread", "done");
	rs_fio_params(t, "randread", "4k", 32);
}

/* sample @k into @r */
static inline void run_sample(struct rec_run *r, int k)
{
	static void (*const make[RUN_SAMPLES])(struct rec_run *) = {
	    rs_review, rs_pts, rs_group_apps, rs_clients, rs_server};

	make[k](r);
}

#endif
