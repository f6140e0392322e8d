// SPDX-License-Identifier: GPL-2.0-only
/* run.c - run.json written and read (run.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record/json.h"
#include "record/legacy.h"
#include "record/run.h"
#include "record/run_pts.h"

static void add(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

static json_object *num_or_null(double v) { return isnan(v) ? NULL : json_object_new_double(v); }

static void add_opt_str(json_object *o, const char *key, const char *v)
{
	if (v)
		add(o, key, json_object_new_string(v));
}

/* ---- writing ------------------------------------------------------------------------------ */

json_object *rec_params_json(const struct rec_params *p)
{
	json_object *o = json_object_new_object();

	if (p->apps) {
		if (!p->known)
			return o;
		add(o, "instances", rec_json_i64(p->instances));
		if (p->sizes & REC_SIZES_OLTP) {
			add(o, "tables", rec_json_i64(p->tables));
			add(o, "table_size", rec_json_i64(p->table_size));
		}
		if (p->sizes & REC_SIZES_TPCC)
			add(o, "warehouses", rec_json_i64(p->warehouses));
		add(o, "threads", rec_json_i64(p->threads));
		add(o, "warmup_s", rec_json_i64(p->warmup_s));
		add(o, "time_s", rec_json_i64(p->time_s));
		return o;
	}
	add(o, "rw", rec_json_text(p->rw));
	add(o, "bs", rec_json_text(p->bs));
	add(o, "bssplit", rec_json_text(p->bssplit));
	add(o, "rwmix_read", p->rwmix_read >= 0 ? json_object_new_int(p->rwmix_read) : NULL);
	add(o, "threads", json_object_new_int64(p->threads));
	add(o, "depth", json_object_new_int(p->depth));
	add(o, "rate_pct", p->rate_pct >= 0 ? json_object_new_int(p->rate_pct) : NULL);
	add(o, "region", rec_json_text(p->region));
	return o;
}

static json_object *round_json(const struct rec_pts_round *r)
{
	json_object *o = json_object_new_object();

	add(o, "round", json_object_new_int(r->round));
	add(o, "file", rec_json_text(r->file));
	add(o, "tracking", num_or_null(r->tracking));
	if (!isnan(r->bytes_written))
		add(o, "bytes_written", json_object_new_double(r->bytes_written));
	if (r->seconds >= 0)
		add(o, "seconds", json_object_new_int64(r->seconds));
	add_opt_str(o, "ended", r->ended);
	return o;
}

static json_object *phase_json(const struct rec_pts_phase *ph)
{
	json_object *o = json_object_new_object(), *t = json_object_new_object(), *p = NULL, *a, *w;

	add(o, "id", rec_json_text(ph->id));
	add(t, "bs", rec_json_text(ph->track_bs));
	add(t, "mix", json_object_new_int(ph->track_mix));
	add(t, "metric", rec_json_text(ph->track_metric));
	if (ph->track_tc > 0 && ph->track_qd > 0) {
		add(t, "tc", json_object_new_int(ph->track_tc));
		add(t, "qd", json_object_new_int(ph->track_qd));
	}
	add(o, "tracking", t);
	add(o, "cells", json_object_new_int(ph->cells));
	add(o, "status", rec_json_text(ph->status));
	if (ph->stop_written_bytes >= 0)
		add(o, "stop_written_bytes", json_object_new_int64(ph->stop_written_bytes));
	if (ph->purged || ph->purge_skipped) {
		p = json_object_new_object();
		add(p, "method", rec_json_text(ph->purge_method));
		if (ph->purged)
			add(p, "done", rec_json_text(ph->purge_done));
		else
			add(p, "skipped", rec_json_text(ph->purge_skip_reason));
	}
	add(o, "purge", p);
	if (ph->wipc) {
		w = json_object_new_object();
		add(w, "file", rec_json_text(ph->wipc_file));
		add(w, "jobfile", rec_json_text(ph->wipc_jobfile));
		add(w, "bytes", json_object_new_int64(ph->wipc_bytes));
		add(w, "seconds", json_object_new_int64(ph->wipc_seconds));
		add(o, "wipc", w);
	}
	a = json_object_new_array();
	for (size_t i = 0; i < ph->nrounds; i++)
		json_object_array_add(a, round_json(&ph->rounds[i]));
	add(o, "rounds", a);
	if (ph->resumed_after_round > 0)
		add(o, "resumed_after_round", json_object_new_int(ph->resumed_after_round));
	if (ph->not_applicable)
		add(o, "not_applicable", rec_json_text(ph->not_applicable));
	if (ph->window) {
		w = json_object_new_object();
		add(w, "first_round", json_object_new_int(ph->window_first));
		add(w, "last_round", json_object_new_int(ph->window_last));
		add(w, "mean", json_object_new_double(ph->window_mean));
		add(w, "range_pct", json_object_new_double(ph->window_range_pct));
		add(w, "slope", json_object_new_double(ph->window_slope));
		add(w, "intercept", json_object_new_double(ph->window_intercept));
		add(w, "excursion_pct", json_object_new_double(ph->window_excursion_pct));
		add(o, "window", w);
	}
	if (!isnan(ph->bytes_written))
		add(o, "bytes_written", json_object_new_double(ph->bytes_written));
	return o;
}

static json_object *cache_json(const struct rec_pts *p)
{
	json_object *o = json_object_new_object();

	add(o, "wanted", rec_json_text(p->cache_wanted));
	add(o, "original",
	    p->cache_original < 0 ? NULL : json_object_new_boolean(p->cache_original));
	add(o, "outcome", rec_json_text(p->cache_outcome));
	add(o, "message", rec_json_text(p->cache_message));
	add(o, "restored", rec_json_text(p->cache_restored));
	return o;
}

static json_object *pts_json(const struct rec_pts *p)
{
	json_object *o = json_object_new_object(), *nc = json_object_new_array(),
		    *ph = json_object_new_array();

	add(o, "test", rec_json_text(p->test));
	add(o, "spec", rec_json_text(p->spec));
	add(o, "variant", rec_json_text(p->variant));
	for (size_t i = 0; i < p->nnot_compliant; i++)
		json_object_array_add(nc, rec_json_text(p->not_compliant[i]));
	add(o, "not_compliant", nc);
	add(o, "write_cache", rec_json_text(p->write_cache));
	if (p->data_pattern)
		add(o, "data_pattern", rec_json_text(p->data_pattern));
	add(o, "cache", p->cache ? cache_json(p) : NULL);
	add(o, "threads", json_object_new_int(p->threads));
	add(o, "depth", json_object_new_int(p->depth));
	add(o, "cell_seconds",
	    p->cell_seconds == floor(p->cell_seconds)
		? json_object_new_int64((long long)p->cell_seconds)
		: json_object_new_double(p->cell_seconds));
	add(o, "span_bytes", json_object_new_int64(p->span_bytes));
	add(o, "active_range_pct", json_object_new_int(p->active_range_pct));
	add(o, "max_rounds", json_object_new_int(p->max_rounds));
	for (size_t i = 0; i < p->nphases; i++)
		json_object_array_add(ph, phase_json(&p->phases[i]));
	add(o, "phases", ph);
	rec_pts_segments_json(o, p);
	return o;
}

static json_object *test_json(const struct rec_test *t)
{
	json_object *o = json_object_new_object();

	add(o, "id", rec_json_text(t->id));
	add(o, "jobfile", rec_json_text(t->jobfile));
	add_opt_str(o, "tool", t->tool);
	add(o, "status", rec_json_text(t->status));
	add(o, "reason", rec_json_text(t->reason));
	add(o, "entry", rec_json_text(t->entry));
	add(o, "family", rec_json_text(t->family));
	add(o, "title", rec_json_text(t->title));
	add(o, "params", rec_params_json(&t->params));
	add(o, "expected_seconds", json_object_new_int64(t->expected_seconds));
	add_opt_str(o, "rate_iops_per_job", t->rate_iops_per_job);
	add_opt_str(o, "started", t->started);
	add_opt_str(o, "ended", t->ended);
	if (t->seconds >= 0)
		add(o, "seconds", json_object_new_int64(t->seconds));
	if (t->has_fio_rc)
		add(o, "fio_rc", json_object_new_int(t->fio_rc));
	add_opt_str(o, "manifest_id", t->manifest_id);
	if (t->resumed)
		add(o, "resumed", json_object_new_boolean(true));
	if (t->unwritten_bytes >= 0)
		add(o, "span_unwritten_bytes", json_object_new_int64(t->unwritten_bytes));
	if (t->pts)
		add(o, "pts", pts_json(t->pts));
	return o;
}

static json_object *members_json(const struct rec_run *r)
{
	json_object *a, *m;

	switch (r->members_kind) {
	case REC_MEMBERS_NONE:
		return NULL;
	case REC_MEMBERS_SERVER:
		m = json_object_new_object();
		add(m, "host", rec_json_text(r->server_host));
		add(m, "port", json_object_new_int(r->server_port));
		add(m, "combined_results", rec_json_text(r->combined_results));
		return m;
	case REC_MEMBERS_GROUP:
	case REC_MEMBERS_CLIENTS:
		break;
	}
	a = json_object_new_array();
	for (size_t i = 0; i < r->nmembers; i++) {
		const struct rec_member *e = &r->members[i];

		m = json_object_new_object();
		add(m, "label", rec_json_text(e->label));
		if (r->members_kind == REC_MEMBERS_GROUP) {
			add(m, "device", rec_json_text(e->device));
			add(m, "kind", rec_json_text(e->kind));
			add(m, "fio_filename", rec_json_text(e->fio_filename));
			add(m, "span_bytes", json_object_new_int64(e->span_bytes));
		} else {
			add(m, "host", rec_json_text(e->host));
			add(m, "port", json_object_new_int(e->port));
			add(m, "device", rec_json_text(e->device));
		}
		json_object_array_add(a, m);
	}
	return a;
}

static json_object *session_json(const struct rec_session *s)
{
	json_object *o = json_object_new_object();

	add(o, "started", rec_json_text(s->started));
	add(o, "ended", rec_json_text(s->ended));
	add(o, "status", rec_json_text(s->status));
	add(o, "resume", json_object_new_boolean(s->resume));
	add(o, "pid", s->pid > 0 ? json_object_new_int64(s->pid) : NULL);
	add(o, "command", json_object_get(s->command));
	return o;
}

int rec_run_write(const char *path, const struct rec_run *r)
{
	json_object *o = json_object_new_object(), *v = json_object_new_object(),
		    *d = json_object_new_object(), *a;
	int rc;

	add(o, "schema", json_object_new_string(REC_RUN_SCHEMA));
	add(o, "command", json_object_get(r->command));
	add(o, "cwd", rec_json_text(r->cwd));
	add(v, "fio", rec_json_text(r->fio_version));
	add(v, "kernel", rec_json_text(r->kernel));
	add(v, "ssdeng", rec_json_text(r->ssdeng_version));
	add(v, "ioengine", rec_json_text(r->ioengine));
	add(o, "versions", v);
	add(o, "started", rec_json_text(r->started));
	add(o, "ended", rec_json_text(r->ended));
	add(o, "status", rec_json_text(r->status));
	add_opt_str(o, "note", r->note);
	add(o, "suite", rec_json_text(r->suite));
	add(o, "profile", rec_json_text(r->profile));
	add(o, "engine", rec_json_text(r->engine));
	add(o, "engine_option", rec_json_text(r->engine_option));
	add(d, "label", rec_json_text(r->label));
	add(d, "device", rec_json_text(r->device));
	add(d, "fio_filename", rec_json_text(r->fio_filename));
	add(d, "span_bytes", rec_json_i64(r->span_bytes));
	add(o, "drive", d);
	add(o, "members", members_json(r));
	add(o, "resume", json_object_new_boolean(r->resume));
	add(o, "previous_runs",
	    r->previous_runs ? json_object_get(r->previous_runs) : json_object_new_array());
	a = json_object_new_array();
	for (size_t i = 0; i < r->nsessions; i++)
		json_object_array_add(a, session_json(&r->sessions[i]));
	add(o, "sessions", a);
	a = json_object_new_array();
	for (size_t i = 0; i < r->ntests; i++)
		json_object_array_add(a, test_json(&r->tests[i]));
	add(o, "tests", a);
	add(o, "manifest", json_object_get(r->manifest));
	add(o, "pid", r->pid > 0 ? json_object_new_int64(r->pid) : NULL);
	add(o, "resume_command", rec_json_text(r->resume_command));
	rc = rec_json_write(path, o);
	json_object_put(o);
	return rc;
}

/* ---- reading ------------------------------------------------------------------------------ */

static double dbl_or_nan(json_object *o, const char *key)
{
	double v;

	return rec_json_num(o, key, &v) ? v : NAN;
}

static int params_of(json_object *o, bool apps, struct rec_params *p)
{
	int rc = 0;

	p->apps = apps;
	p->known = o && json_object_object_length(o) > 0;
	p->rw = rec_json_strdup(o, "rw", &rc);
	p->bs = rec_json_strdup(o, "bs", &rc);
	p->bssplit = rec_json_strdup(o, "bssplit", &rc);
	p->region = rec_json_strdup(o, "region", &rc);
	p->rwmix_read = (int)rec_json_i64_or(o, "rwmix_read", -1);
	p->rate_pct = (int)rec_json_i64_or(o, "rate_pct", -1);
	p->threads = rec_json_i64_or(o, "threads", -1);
	p->depth = (int)rec_json_i64_or(o, "depth", -1);
	p->instances = rec_json_i64_or(o, "instances", -1);
	p->tables = rec_json_i64_or(o, "tables", -1);
	p->table_size = rec_json_i64_or(o, "table_size", -1);
	p->warehouses = rec_json_i64_or(o, "warehouses", -1);
	if (json_object_object_get_ex(o, "tables", NULL) ||
	    json_object_object_get_ex(o, "table_size", NULL))
		p->sizes |= REC_SIZES_OLTP;
	if (json_object_object_get_ex(o, "warehouses", NULL))
		p->sizes |= REC_SIZES_TPCC;
	p->warmup_s = rec_json_i64_or(o, "warmup_s", -1);
	p->time_s = rec_json_i64_or(o, "time_s", -1);
	return rc;
}

static int round_of(json_object *o, struct rec_pts_round *r)
{
	int rc = 0;

	r->round = (int)rec_json_i64_or(o, "round", 0);
	r->file = rec_json_strdup(o, "file", &rc);
	r->tracking = dbl_or_nan(o, "tracking");
	r->bytes_written = dbl_or_nan(o, "bytes_written");
	r->seconds = rec_json_i64_or(o, "seconds", -1);
	r->ended = rec_json_strdup(o, "ended", &rc);
	return rc;
}

static int phase_of(json_object *o, struct rec_pts_phase *ph)
{
	json_object *t = rec_json_get(o, "tracking"), *p = rec_json_get(o, "purge"),
		    *w = rec_json_get(o, "wipc"), *rounds = rec_json_get(o, "rounds"),
		    *win = rec_json_get(o, "window");
	int rc = 0;

	ph->id = rec_json_strdup(o, "id", &rc);
	ph->track_bs = rec_json_strdup(t, "bs", &rc);
	ph->track_metric = rec_json_strdup(t, "metric", &rc);
	ph->track_mix = (int)rec_json_i64_or(t, "mix", -1);
	ph->track_tc = (int)rec_json_i64_or(t, "tc", -1);
	ph->track_qd = (int)rec_json_i64_or(t, "qd", -1);
	ph->cells = (int)rec_json_i64_or(o, "cells", 0);
	ph->status = rec_json_strdup(o, "status", &rc);
	ph->stop_written_bytes = rec_json_i64_or(o, "stop_written_bytes", -1);
	ph->purge_method = rec_json_strdup(p, "method", &rc);
	ph->purge_done = rec_json_strdup(p, "done", &rc);
	ph->purge_skip_reason = rec_json_strdup(p, "skipped", &rc);
	ph->purged = p && !ph->purge_skip_reason;
	ph->purge_skipped = ph->purge_skip_reason != NULL;
	ph->wipc = w != NULL;
	ph->wipc_file = rec_json_strdup(w, "file", &rc);
	ph->wipc_jobfile = rec_json_strdup(w, "jobfile", &rc);
	ph->wipc_bytes = rec_json_i64_or(w, "bytes", -1);
	ph->wipc_seconds = rec_json_i64_or(w, "seconds", -1);
	if (rounds && json_object_is_type(rounds, json_type_array)) {
		for (size_t i = 0; !rc && i < json_object_array_length(rounds); i++) {
			struct rec_pts_round *r = rec_pts_add_round(ph);

			rc = r ? round_of(json_object_array_get_idx(rounds, i), r) : -ENOMEM;
		}
	}
	ph->window = win != NULL;
	ph->window_first = (int)rec_json_i64_or(win, "first_round", 0);
	ph->window_last = (int)rec_json_i64_or(win, "last_round", 0);
	ph->window_mean = dbl_or_nan(win, "mean");
	ph->window_range_pct = dbl_or_nan(win, "range_pct");
	ph->window_slope = dbl_or_nan(win, "slope");
	ph->window_intercept = dbl_or_nan(win, "intercept");
	ph->window_excursion_pct = dbl_or_nan(win, "excursion_pct");
	ph->bytes_written = dbl_or_nan(o, "bytes_written");
	ph->resumed_after_round = (int)rec_json_i64_or(o, "resumed_after_round", 0);
	ph->not_applicable = rec_json_strdup(o, "not_applicable", &rc);
	return rc;
}

static int pts_of(json_object *o, struct rec_pts **out)
{
	struct rec_pts *p = calloc(1, sizeof(*p));
	json_object *nc = rec_json_get(o, "not_compliant"), *ph = rec_json_get(o, "phases"), *c;
	int rc = 0;

	if (!(*out = p))
		return -ENOMEM;
	p->test = rec_json_strdup(o, "test", &rc);
	p->spec = rec_json_strdup(o, "spec", &rc);
	p->variant = rec_json_strdup(o, "variant", &rc);
	p->write_cache = rec_json_strdup(o, "write_cache", &rc);
	p->data_pattern = rec_json_strdup(o, "data_pattern", &rc);
	if ((c = rec_json_get(o, "cache")) && json_object_is_type(c, json_type_object)) {
		json_object *orig = rec_json_get(c, "original");

		p->cache = true;
		p->cache_wanted = rec_json_strdup(c, "wanted", &rc);
		p->cache_original = orig && json_object_is_type(orig, json_type_boolean)
					? json_object_get_boolean(orig)
					: -1;
		p->cache_outcome = rec_json_strdup(c, "outcome", &rc);
		p->cache_message = rec_json_strdup(c, "message", &rc);
		p->cache_restored = rec_json_strdup(c, "restored", &rc);
	}
	p->threads = (int)rec_json_i64_or(o, "threads", 0);
	p->depth = (int)rec_json_i64_or(o, "depth", 0);
	if (!rec_json_num(o, "cell_seconds", &p->cell_seconds))
		p->cell_seconds = 0;
	p->span_bytes = rec_json_i64_or(o, "span_bytes", 0);
	p->active_range_pct = (int)rec_json_i64_or(o, "active_range_pct", 100);
	p->max_rounds = (int)rec_json_i64_or(o, "max_rounds", 0);
	if (nc && json_object_is_type(nc, json_type_array)) {
		size_t n = json_object_array_length(nc);

		if (!(p->not_compliant = calloc(n + 1, sizeof(*p->not_compliant))))
			return -ENOMEM;
		for (size_t i = 0; i < n; i++) {
			const char *s = json_object_get_string(json_object_array_get_idx(nc, i));

			if (!(p->not_compliant[p->nnot_compliant++] = strdup(s ? s : "")))
				return -ENOMEM;
		}
	}
	for (size_t i = 0; !rc && ph && json_object_is_type(ph, json_type_array) &&
			   i < json_object_array_length(ph);
	     i++) {
		struct rec_pts_phase *f = rec_pts_add_phase(p);

		rc = f ? phase_of(json_object_array_get_idx(ph, i), f) : -ENOMEM;
	}
	return rc ? rc : rec_pts_segments_of(o, p);
}

static int test_of(json_object *o, struct rec_test *t)
{
	json_object *pts = rec_json_get(o, "pts");
	double rc_v;
	int rc = 0;

	t->id = rec_json_strdup(o, "id", &rc);
	t->jobfile = rec_json_strdup(o, "jobfile", &rc);
	t->tool = rec_json_strdup(o, "tool", &rc);
	t->status = rec_json_strdup(o, "status", &rc);
	t->reason = rec_json_strdup(o, "reason", &rc);
	t->entry = rec_json_strdup(o, "entry", &rc);
	t->family = rec_json_strdup(o, "family", &rc);
	t->title = rec_json_strdup(o, "title", &rc);
	if (!rc)
		rc = params_of(rec_json_get(o, "params"), t->tool && !strcmp(t->tool, "ssd-apps"),
			       &t->params);
	t->expected_seconds = rec_json_i64_or(o, "expected_seconds", 0);
	t->started = rec_json_strdup(o, "started", &rc);
	t->ended = rec_json_strdup(o, "ended", &rc);
	t->seconds = rec_json_i64_or(o, "seconds", -1);
	t->has_fio_rc = rec_json_num(o, "fio_rc", &rc_v);
	t->fio_rc = t->has_fio_rc ? (int)rc_v : 0;
	t->manifest_id = rec_json_strdup(o, "manifest_id", &rc);
	t->rate_iops_per_job = rec_json_strdup(o, "rate_iops_per_job", &rc);
	t->resumed = json_object_get_boolean(rec_json_get(o, "resumed"));
	t->unwritten_bytes = rec_json_i64_or(o, "span_unwritten_bytes", -1);
	if (!rc && pts)
		rc = pts_of(pts, &t->pts);
	return rc;
}

static int session_of(json_object *o, struct rec_session *s)
{
	int rc = 0;

	s->started = rec_json_strdup(o, "started", &rc);
	s->ended = rec_json_strdup(o, "ended", &rc);
	s->status = rec_json_strdup(o, "status", &rc);
	s->resume = json_object_get_boolean(rec_json_get(o, "resume"));
	s->pid = rec_json_i64_or(o, "pid", -1);
	s->command = json_object_get(rec_json_get(o, "command"));
	return rc;
}

static int members_of(json_object *m, struct rec_run *r)
{
	int rc = 0;

	if (!m)
		return 0;
	if (json_object_is_type(m, json_type_object)) {
		r->members_kind = REC_MEMBERS_SERVER;
		r->server_host = rec_json_strdup(m, "host", &rc);
		r->server_port = (int)rec_json_i64_or(m, "port", 0);
		r->combined_results = rec_json_strdup(m, "combined_results", &rc);
		return rc;
	}
	if (!json_object_is_type(m, json_type_array))
		return 0;
	r->nmembers = json_object_array_length(m);
	if (!(r->members = calloc(r->nmembers + 1, sizeof(*r->members))))
		return -ENOMEM;
	for (size_t i = 0; i < r->nmembers; i++) {
		json_object *e = json_object_array_get_idx(m, i);
		struct rec_member *x = &r->members[i];

		if (rec_json_get(e, "host"))
			r->members_kind = REC_MEMBERS_CLIENTS;
		x->label = rec_json_strdup(e, "label", &rc);
		x->device = rec_json_strdup(e, "device", &rc);
		x->kind = rec_json_strdup(e, "kind", &rc);
		x->fio_filename = rec_json_strdup(e, "fio_filename", &rc);
		x->span_bytes = rec_json_i64_or(e, "span_bytes", -1);
		x->host = rec_json_strdup(e, "host", &rc);
		x->port = (int)rec_json_i64_or(e, "port", 0);
	}
	if (r->members_kind == REC_MEMBERS_NONE)
		r->members_kind = REC_MEMBERS_GROUP;
	return rc;
}

static int run_of(json_object *o, struct rec_run *r)
{
	json_object *v = rec_json_get(o, "versions"), *d = rec_json_get(o, "drive"),
		    *s = rec_json_get(o, "sessions"), *t = rec_json_get(o, "tests");
	int rc = 0;

	r->command = json_object_get(rec_json_get(o, "command"));
	r->cwd = rec_json_strdup(o, "cwd", &rc);
	r->fio_version = rec_json_strdup(v, "fio", &rc);
	r->kernel = rec_json_strdup(v, "kernel", &rc);
	r->ssdeng_version = rec_json_strdup(v, "ssdeng", &rc);
	r->ioengine = rec_json_strdup(v, "ioengine", &rc);
	r->started = rec_json_strdup(o, "started", &rc);
	r->ended = rec_json_strdup(o, "ended", &rc);
	r->status = rec_json_strdup(o, "status", &rc);
	r->note = rec_json_strdup(o, "note", &rc);
	r->suite = rec_json_strdup(o, "suite", &rc);
	r->profile = rec_json_strdup(o, "profile", &rc);
	r->engine = rec_json_strdup(o, "engine", &rc);
	r->engine_option = rec_json_strdup(o, "engine_option", &rc);
	r->label = rec_json_strdup(d, "label", &rc);
	r->device = rec_json_strdup(d, "device", &rc);
	r->fio_filename = rec_json_strdup(d, "fio_filename", &rc);
	r->span_bytes = rec_json_i64_or(d, "span_bytes", -1);
	r->resume = json_object_get_boolean(rec_json_get(o, "resume"));
	r->previous_runs = json_object_get(rec_json_get(o, "previous_runs"));
	r->manifest = json_object_get(rec_json_get(o, "manifest"));
	r->pid = rec_json_i64_or(o, "pid", -1);
	r->resume_command = rec_json_strdup(o, "resume_command", &rc);
	if (!rc)
		rc = members_of(rec_json_get(o, "members"), r);
	for (size_t i = 0;
	     !rc && s && json_object_is_type(s, json_type_array) && i < json_object_array_length(s);
	     i++) {
		struct rec_session *x = rec_run_add_session(r);

		rc = x ? session_of(json_object_array_get_idx(s, i), x) : -ENOMEM;
	}
	for (size_t i = 0; !rc && t && i < json_object_array_length(t); i++) {
		struct rec_test *x = rec_run_add_test(r);

		rc = x ? test_of(json_object_array_get_idx(t, i), x) : -ENOMEM;
	}
	return rc;
}

int rec_run_read(const char *path, struct rec_run *r, char *err, size_t errlen)
{
	json_object *o, *tests = NULL;
	bool missing;
	int rc;

	memset(r, 0, sizeof(*r));
	if (!(o = rec_json_read(path, &missing, err, errlen)))
		return missing ? -ENOENT : -EINVAL;
	if (!json_object_is_type(o, json_type_object) ||
	    (json_object_object_get_ex(o, "tests", &tests) &&
	     !json_object_is_type(tests, json_type_array))) { /* also "tests": null */
		snprintf(err, errlen,
			 "%s: expected ssd-review's run.json: an object (with a \"tests\" array)",
			 path);
		json_object_put(o);
		return -EINVAL;
	}
	if ((r->version = rec_legacy_version(o, "ssdeng.run.v", 2)) < 0) {
		snprintf(err, errlen, "%s: schema %s is newer than this program reads (%s)", path,
			 rec_json_str(o, "schema"), REC_RUN_SCHEMA);
		json_object_put(o);
		return -EINVAL;
	}
	if (r->version == 1 && (rc = rec_legacy_run_upgrade(o))) {
		json_object_put(o);
		return rc;
	}
	r->doc = o;
	if ((rc = run_of(o, r))) {
		snprintf(err, errlen, "out of memory");
		rec_run_free(r);
	}
	return rc;
}

/* ---- helpers ------------------------------------------------------------------------------ */

struct rec_test *rec_run_test(const struct rec_run *r, const char *id)
{
	for (size_t i = 0; id && i < r->ntests; i++)
		if (r->tests[i].id && !strcmp(r->tests[i].id, id))
			return &r->tests[i];
	return NULL;
}

/* One more element of *@v (of @n, @size bytes each), zeroed. */
static void *grow(void **v, size_t *n, size_t size)
{
	char *g = realloc(*v, (*n + 1) * size);

	if (!g)
		return NULL;
	*v = g;
	memset(g + *n * size, 0, size);
	return g + (*n)++ * size;
}

struct rec_test *rec_run_add_test(struct rec_run *r)
{
	struct rec_test *t = grow((void **)&r->tests, &r->ntests, sizeof(*t));

	if (t) {
		t->seconds = t->unwritten_bytes = -1;
		t->params.rwmix_read = t->params.rate_pct = -1;
		t->params.threads = t->params.instances = t->params.tables = -1;
		t->params.table_size = t->params.warmup_s = t->params.time_s = -1;
		t->params.warehouses = -1;
	}
	return t;
}

struct rec_session *rec_run_add_session(struct rec_run *r)
{
	struct rec_session *s = grow((void **)&r->sessions, &r->nsessions, sizeof(*s));

	if (s)
		s->pid = -1;
	return s;
}

struct rec_pts_phase *rec_pts_add_phase(struct rec_pts *p)
{
	struct rec_pts_phase *ph = grow((void **)&p->phases, &p->nphases, sizeof(*ph));

	if (ph) {
		ph->stop_written_bytes = ph->wipc_bytes = ph->wipc_seconds = -1;
		ph->track_tc = ph->track_qd = -1;
		ph->bytes_written = NAN;
		ph->window_mean = ph->window_range_pct = ph->window_slope = NAN;
		ph->window_intercept = ph->window_excursion_pct = NAN;
	}
	return ph;
}

struct rec_pts_round *rec_pts_add_round(struct rec_pts_phase *ph)
{
	struct rec_pts_round *r = grow((void **)&ph->rounds, &ph->nrounds, sizeof(*r));

	if (r) {
		r->tracking = r->bytes_written = NAN;
		r->seconds = -1;
	}
	return r;
}

/* A copy of @s into *@to (NULL stays NULL); sets *@rc on failure. */
static char *dup(const char *s, int *rc)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

int rec_pts_round_copy(struct rec_pts_round *to, const struct rec_pts_round *from)
{
	int rc = 0;

	*to = *from;
	to->file = dup(from->file, &rc);
	to->ended = dup(from->ended, &rc);
	return rc;
}

int rec_params_copy(struct rec_params *to, const struct rec_params *from)
{
	int rc = 0;

	free(to->rw);
	free(to->bs);
	free(to->bssplit);
	free(to->region);
	*to = *from;
	to->rw = dup(from->rw, &rc);
	to->bs = dup(from->bs, &rc);
	to->bssplit = dup(from->bssplit, &rc);
	to->region = dup(from->region, &rc);
	return rc;
}

static int phase_copy(struct rec_pts_phase *to, const struct rec_pts_phase *from)
{
	int rc = 0;

	*to = *from;
	to->rounds = NULL;
	to->nrounds = 0;
	to->id = dup(from->id, &rc);
	to->track_bs = dup(from->track_bs, &rc);
	to->track_metric = dup(from->track_metric, &rc);
	to->status = dup(from->status, &rc);
	to->purge_method = dup(from->purge_method, &rc);
	to->purge_done = dup(from->purge_done, &rc);
	to->purge_skip_reason = dup(from->purge_skip_reason, &rc);
	to->wipc_file = dup(from->wipc_file, &rc);
	to->wipc_jobfile = dup(from->wipc_jobfile, &rc);
	to->not_applicable = dup(from->not_applicable, &rc);
	for (size_t i = 0; !rc && i < from->nrounds; i++) {
		struct rec_pts_round *r = rec_pts_add_round(to);

		rc = r ? rec_pts_round_copy(r, &from->rounds[i]) : -ENOMEM;
	}
	return rc;
}

int rec_pts_add_not_compliant(struct rec_pts *p, const char *why)
{
	char **nc;

	for (size_t k = 0; k < p->nnot_compliant; k++)
		if (!strcmp(p->not_compliant[k], why))
			return 0;
	if (!(nc = realloc(p->not_compliant, (p->nnot_compliant + 2) * sizeof(*nc))))
		return -ENOMEM;
	p->not_compliant = nc;
	if (!(nc[p->nnot_compliant] = strdup(why)))
		return -ENOMEM;
	nc[++p->nnot_compliant] = NULL;
	return 0;
}

int rec_pts_copy(struct rec_pts **to, const struct rec_pts *from)
{
	struct rec_pts *p = calloc(1, sizeof(*p));
	int rc = 0;

	rec_pts_free(*to);
	if (!(*to = p))
		return -ENOMEM;
	*p = *from;
	p->phases = NULL;
	p->nphases = 0;
	p->not_compliant = NULL;
	p->nnot_compliant = 0;
	p->test = dup(from->test, &rc);
	p->spec = dup(from->spec, &rc);
	p->variant = dup(from->variant, &rc);
	p->write_cache = dup(from->write_cache, &rc);
	p->data_pattern = dup(from->data_pattern, &rc);
	p->cache_wanted = dup(from->cache_wanted, &rc);
	p->cache_outcome = dup(from->cache_outcome, &rc);
	p->cache_message = dup(from->cache_message, &rc);
	p->cache_restored = dup(from->cache_restored, &rc);
	if (!rc)
		rc = rec_pts_segments_copy(p, from);
	if (from->nnot_compliant &&
	    !(p->not_compliant = calloc(from->nnot_compliant, sizeof(*p->not_compliant))))
		return -ENOMEM;
	for (size_t i = 0; i < from->nnot_compliant; i++)
		p->not_compliant[p->nnot_compliant++] = dup(from->not_compliant[i], &rc);
	for (size_t i = 0; !rc && i < from->nphases; i++) {
		struct rec_pts_phase *ph = rec_pts_add_phase(p);

		rc = ph ? phase_copy(ph, &from->phases[i]) : -ENOMEM;
	}
	return rc;
}

int rec_test_copy(struct rec_test *to, const struct rec_test *from)
{
	int rc = 0;

	rec_test_free(to);
	*to = *from;
	to->pts = NULL;
	to->id = dup(from->id, &rc);
	to->jobfile = dup(from->jobfile, &rc);
	to->tool = dup(from->tool, &rc);
	to->status = dup(from->status, &rc);
	to->reason = dup(from->reason, &rc);
	to->entry = dup(from->entry, &rc);
	to->family = dup(from->family, &rc);
	to->title = dup(from->title, &rc);
	to->started = dup(from->started, &rc);
	to->ended = dup(from->ended, &rc);
	to->manifest_id = dup(from->manifest_id, &rc);
	to->rate_iops_per_job = dup(from->rate_iops_per_job, &rc);
	memset(&to->params, 0, sizeof(to->params));
	if (!rc)
		rc = rec_params_copy(&to->params, &from->params);
	if (!rc && from->pts)
		rc = rec_pts_copy(&to->pts, from->pts);
	return rc;
}

int rec_session_copy(struct rec_session *to, const struct rec_session *from)
{
	int rc = 0;

	*to = *from;
	to->started = dup(from->started, &rc);
	to->ended = dup(from->ended, &rc);
	to->status = dup(from->status, &rc);
	to->command = json_object_get(from->command);
	return rc;
}

/* ISO 8601 UTC ("2026-12-01T14:54:32Z") to seconds; -1 when it is not that. */
static time_t when(const char *iso)
{
	struct tm tm = {0};
	const char *end = iso ? strptime(iso, "%Y-%m-%dT%H:%M:%S", &tm) : NULL;

	return end ? timegm(&tm) : (time_t)-1;
}

long long rec_run_wall_s(const struct rec_run *r, size_t *counted)
{
	long long wall = -1;
	size_t n = 0;

	for (size_t i = 0; i < r->nsessions; i++) {
		time_t a = when(r->sessions[i].started), b = when(r->sessions[i].ended);

		if (a < 0 || b < a)
			continue;
		wall = (wall < 0 ? 0 : wall) + (b - a);
		n++;
	}
	if (counted)
		*counted = n;
	return wall;
}

int rec_run_mark_killed(struct rec_run *r, const char *note)
{
	int rc = rec_str_set(&r->status, "killed");

	if (!rc)
		rc = rec_str_set(&r->note, note);
	if (!rc && r->nsessions)
		rc = rec_str_set(&r->sessions[r->nsessions - 1].status, "killed");
	if (r->doc) {
		json_object *s = rec_json_get(r->doc, "sessions");

		json_object_object_add(r->doc, "status", json_object_new_string("killed"));
		json_object_object_add(r->doc, "note", json_object_new_string(note));
		if (s && json_object_array_length(s))
			json_object_object_add(
			    json_object_array_get_idx(s, json_object_array_length(s) - 1), "status",
			    json_object_new_string("killed"));
	}
	return rc;
}

void rec_run_command_line(json_object *command, char *out, size_t len)
{
	size_t k = 0;

	out[0] = '\0';
	if (command && json_object_is_type(command, json_type_string)) {
		snprintf(out, len, "%s", json_object_get_string(command));
		return;
	}
	for (size_t i = 0; command && json_object_is_type(command, json_type_array) &&
			   i < json_object_array_length(command) && k < len;
	     i++)
		k +=
		    (size_t)snprintf(out + k, len - k, "%s%s", i ? " " : "",
				     json_object_get_string(json_object_array_get_idx(command, i)));
}

/* ---- freeing ------------------------------------------------------------------------------ */

static void params_free(struct rec_params *p)
{
	free(p->rw);
	free(p->bs);
	free(p->bssplit);
	free(p->region);
}

void rec_pts_free(struct rec_pts *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nphases; i++) {
		struct rec_pts_phase *ph = &p->phases[i];
		char *strs[] = {
		    ph->id,	      ph->track_bs,	 ph->track_metric,	ph->status,
		    ph->purge_method, ph->purge_done,	 ph->purge_skip_reason, ph->wipc_file,
		    ph->wipc_jobfile, ph->not_applicable};

		for (size_t k = 0; k < sizeof(strs) / sizeof(strs[0]); k++)
			free(strs[k]);
		for (size_t k = 0; k < ph->nrounds; k++) {
			free(ph->rounds[k].file);
			free(ph->rounds[k].ended);
		}
		free(ph->rounds);
	}
	for (size_t i = 0; i < p->nnot_compliant; i++)
		free(p->not_compliant[i]);
	free(p->not_compliant);
	free(p->phases);
	free(p->test);
	free(p->spec);
	free(p->variant);
	free(p->write_cache);
	free(p->data_pattern);
	free(p->cache_wanted);
	free(p->cache_outcome);
	free(p->cache_message);
	free(p->cache_restored);
	rec_pts_segments_free(p);
	free(p);
}

void rec_test_free(struct rec_test *t)
{
	char *strs[] = {t->id,	    t->jobfile, t->tool,	t->status,
			t->reason,  t->entry,	t->family,	t->title,
			t->started, t->ended,	t->manifest_id, t->rate_iops_per_job};

	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		free(strs[i]);
	params_free(&t->params);
	rec_pts_free(t->pts);
	memset(t, 0, sizeof(*t));
}

void rec_session_free(struct rec_session *s)
{
	free(s->started);
	free(s->ended);
	free(s->status);
	json_object_put(s->command);
	memset(s, 0, sizeof(*s));
}

void rec_run_free(struct rec_run *r)
{
	char *strs[] = {
	    r->cwd,	     r->fio_version, r->kernel,		  r->ssdeng_version, r->ioengine,
	    r->started,	     r->ended,	     r->status,		  r->note,	     r->suite,
	    r->profile,	     r->engine,	     r->engine_option,	  r->label,	     r->device,
	    r->fio_filename, r->server_host, r->combined_results, r->resume_command};

	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		free(strs[i]);
	for (size_t i = 0; i < r->nmembers; i++) {
		free(r->members[i].label);
		free(r->members[i].device);
		free(r->members[i].kind);
		free(r->members[i].fio_filename);
		free(r->members[i].host);
	}
	free(r->members);
	for (size_t i = 0; i < r->nsessions; i++)
		rec_session_free(&r->sessions[i]);
	free(r->sessions);
	for (size_t i = 0; i < r->ntests; i++)
		rec_test_free(&r->tests[i]);
	free(r->tests);
	json_object_put(r->command);
	json_object_put(r->previous_runs);
	json_object_put(r->manifest);
	json_object_put(r->doc);
	memset(r, 0, sizeof(*r));
}
