// SPDX-License-Identifier: GPL-2.0-only
/* run_pts.c - a PTS test's segments in run.json (run_pts.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record/json.h"
#include "record/run_pts.h"

static void add(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

static json_object *int_or_null(long long v) { return v < 0 ? NULL : json_object_new_int64(v); }

static json_object *num_or_null(double v) { return isnan(v) ? NULL : json_object_new_double(v); }

static double num_or_nan(json_object *o, const char *key)
{
	double v;

	return rec_json_num(o, key, &v) ? v : NAN;
}

static char *dup(const char *s, int *rc)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

static json_object *segment_json(const struct rec_pts_segment *s)
{
	json_object *o = json_object_new_object();

	add(o, "seq", json_object_new_int(s->seq));
	add(o, "part", rec_json_text(s->part));
	add(o, "kind", rec_json_text(s->kind));
	add(o, "name", rec_json_text(s->name));
	add(o, "wait_state", int_or_null(s->wait_state));
	add(o, "repeat", int_or_null(s->repeat));
	add(o, "tc", int_or_null(s->tc));
	add(o, "qd", int_or_null(s->qd));
	add(o, "rw", rec_json_text(s->rw));
	add(o, "bs", rec_json_text(s->bs));
	add(o, "rwmix", int_or_null(s->rwmix));
	add(o, "planned_s", json_object_new_int64(s->planned_s));
	add(o, "t_start", json_object_new_double(isnan(s->t_start) ? 0.0 : s->t_start));
	add(o, "t_end", json_object_new_double(isnan(s->t_end) ? 0.0 : s->t_end));
	add(o, "file", rec_json_text(s->file));
	add(o, "log", rec_json_text(s->log));
	add(o, "status", rec_json_text(s->status));
	return o;
}

static json_object *point_json(const struct rec_pts_dirth_point *p)
{
	json_object *o = json_object_new_object();

	add(o, "tc", json_object_new_int(p->tc));
	add(o, "qd", json_object_new_int(p->qd));
	add(o, "iops", num_or_null(p->iops));
	add(o, "art_ns", num_or_null(p->art_ns));
	return o;
}

static json_object *dirth_json(const struct rec_pts_dirth *d)
{
	json_object *o = json_object_new_object();

	add(o, "phase", rec_json_text(d->phase));
	add(o, "round", json_object_new_int(d->round));
	add(o, "art_ceiling_ns", json_object_new_double(d->art_ceiling_ns));
	add(o, "chosen", json_object_new_boolean(d->chosen));
	if (d->chosen) {
		add(o, "mid_target_iops", json_object_new_double(d->mid_target_iops));
		add(o, "max", point_json(&d->max));
		add(o, "mid", point_json(&d->mid));
		add(o, "min", point_json(&d->min));
	}
	if (d->error)
		add(o, "error", rec_json_text(d->error));
	return o;
}

void rec_pts_segments_json(json_object *o, const struct rec_pts *p)
{
	json_object *a;

	if (!p->segments_kind)
		return;
	add(o, "segments_kind", rec_json_text(p->segments_kind));
	add(o, "segments_planned", json_object_new_int64(p->segments_planned));
	add(o, "segments_status", rec_json_text(p->segments_status));
	if (p->segments_resumed_after > 0)
		add(o, "segments_resumed_after", json_object_new_int(p->segments_resumed_after));
	if (p->segments_purged || p->segments_purge_skipped) {
		json_object *pu = json_object_new_object();

		add(pu, "method", rec_json_text(p->segments_purge_method));
		if (p->segments_purged)
			add(pu, "done", rec_json_text(p->segments_purge_done));
		else
			add(pu, "skipped", rec_json_text(p->segments_purge_skip_reason));
		add(o, "segments_purge", pu);
	}
	a = json_object_new_array();
	for (size_t i = 0; i < p->nsegments; i++)
		json_object_array_add(a, segment_json(&p->segments[i]));
	add(o, "segments", a);
	if (p->dirth)
		add(o, "dirth", dirth_json(p->dirth));
}

struct rec_pts_segment *rec_pts_add_segment(struct rec_pts *p)
{
	struct rec_pts_segment *s, *v = realloc(p->segments, (p->nsegments + 1) * sizeof(*v));

	if (!v)
		return NULL;
	p->segments = v;
	s = &v[p->nsegments++];
	memset(s, 0, sizeof(*s));
	s->wait_state = s->repeat = s->tc = s->qd = s->rwmix = -1;
	s->planned_s = -1;
	s->t_start = s->t_end = NAN;
	return s;
}

static int segment_of(json_object *o, struct rec_pts_segment *s)
{
	int rc = 0;

	s->seq = (int)rec_json_i64_or(o, "seq", 0);
	s->part = rec_json_strdup(o, "part", &rc);
	s->kind = rec_json_strdup(o, "kind", &rc);
	s->name = rec_json_strdup(o, "name", &rc);
	s->wait_state = (int)rec_json_i64_or(o, "wait_state", -1);
	s->repeat = (int)rec_json_i64_or(o, "repeat", -1);
	s->tc = (int)rec_json_i64_or(o, "tc", -1);
	s->qd = (int)rec_json_i64_or(o, "qd", -1);
	s->rw = rec_json_strdup(o, "rw", &rc);
	s->bs = rec_json_strdup(o, "bs", &rc);
	s->rwmix = (int)rec_json_i64_or(o, "rwmix", -1);
	s->planned_s = rec_json_i64_or(o, "planned_s", -1);
	s->t_start = num_or_nan(o, "t_start");
	s->t_end = num_or_nan(o, "t_end");
	s->file = rec_json_strdup(o, "file", &rc);
	s->log = rec_json_strdup(o, "log", &rc);
	s->status = rec_json_strdup(o, "status", &rc);
	return rc;
}

static void point_of(json_object *o, struct rec_pts_dirth_point *p)
{
	p->tc = (int)rec_json_i64_or(o, "tc", -1);
	p->qd = (int)rec_json_i64_or(o, "qd", -1);
	p->iops = num_or_nan(o, "iops");
	p->art_ns = num_or_nan(o, "art_ns");
}

int rec_pts_segments_of(json_object *o, struct rec_pts *p)
{
	json_object *a = rec_json_get(o, "segments"), *pu = rec_json_get(o, "segments_purge"),
		    *d = rec_json_get(o, "dirth"), *c;
	int rc = 0;

	p->segments_kind = rec_json_strdup(o, "segments_kind", &rc);
	p->segments_planned = rec_json_i64_or(o, "segments_planned", 0);
	p->segments_status = rec_json_strdup(o, "segments_status", &rc);
	p->segments_resumed_after = (int)rec_json_i64_or(o, "segments_resumed_after", 0);
	if (pu && json_object_is_type(pu, json_type_object)) {
		p->segments_purge_method = rec_json_strdup(pu, "method", &rc);
		p->segments_purge_done = rec_json_strdup(pu, "done", &rc);
		p->segments_purge_skip_reason = rec_json_strdup(pu, "skipped", &rc);
		p->segments_purged = !p->segments_purge_skip_reason;
		p->segments_purge_skipped = p->segments_purge_skip_reason != NULL;
	}
	for (size_t i = 0;
	     !rc && a && json_object_is_type(a, json_type_array) && i < json_object_array_length(a);
	     i++) {
		struct rec_pts_segment *s = rec_pts_add_segment(p);

		rc = s ? segment_of(json_object_array_get_idx(a, i), s) : -ENOMEM;
	}
	if (!rc && d && json_object_is_type(d, json_type_object)) {
		if (!(p->dirth = calloc(1, sizeof(*p->dirth))))
			return -ENOMEM;
		p->dirth->phase = rec_json_strdup(d, "phase", &rc);
		p->dirth->round = (int)rec_json_i64_or(d, "round", 0);
		p->dirth->art_ceiling_ns = num_or_nan(d, "art_ceiling_ns");
		p->dirth->mid_target_iops = num_or_nan(d, "mid_target_iops");
		c = rec_json_get(d, "chosen");
		p->dirth->chosen = c && json_object_get_boolean(c);
		point_of(rec_json_get(d, "max"), &p->dirth->max);
		point_of(rec_json_get(d, "mid"), &p->dirth->mid);
		point_of(rec_json_get(d, "min"), &p->dirth->min);
		p->dirth->error = rec_json_strdup(d, "error", &rc);
	}
	return rc;
}

int rec_pts_segment_copy(struct rec_pts_segment *to, const struct rec_pts_segment *from)
{
	int rc = 0;

	*to = *from;
	to->part = dup(from->part, &rc);
	to->kind = dup(from->kind, &rc);
	to->name = dup(from->name, &rc);
	to->rw = dup(from->rw, &rc);
	to->bs = dup(from->bs, &rc);
	to->file = dup(from->file, &rc);
	to->log = dup(from->log, &rc);
	to->status = dup(from->status, &rc);
	return rc;
}

int rec_pts_segments_copy(struct rec_pts *to, const struct rec_pts *from)
{
	int rc = 0;

	to->segments = NULL;
	to->nsegments = 0;
	to->dirth = NULL;
	to->segments_kind = dup(from->segments_kind, &rc);
	to->segments_status = dup(from->segments_status, &rc);
	to->segments_purge_method = dup(from->segments_purge_method, &rc);
	to->segments_purge_done = dup(from->segments_purge_done, &rc);
	to->segments_purge_skip_reason = dup(from->segments_purge_skip_reason, &rc);
	for (size_t i = 0; !rc && i < from->nsegments; i++) {
		struct rec_pts_segment *s = rec_pts_add_segment(to);

		rc = s ? rec_pts_segment_copy(s, &from->segments[i]) : -ENOMEM;
	}
	if (!rc && from->dirth) {
		if (!(to->dirth = calloc(1, sizeof(*to->dirth))))
			return -ENOMEM;
		*to->dirth = *from->dirth;
		to->dirth->phase = dup(from->dirth->phase, &rc);
		to->dirth->error = dup(from->dirth->error, &rc);
	}
	return rc;
}

void rec_pts_segments_free(struct rec_pts *p)
{
	for (size_t i = 0; i < p->nsegments; i++) {
		struct rec_pts_segment *s = &p->segments[i];
		char *strs[] = {s->part, s->kind, s->name, s->rw,
				s->bs,	 s->file, s->log,  s->status};

		for (size_t k = 0; k < sizeof(strs) / sizeof(strs[0]); k++)
			free(strs[k]);
	}
	free(p->segments);
	free(p->segments_kind);
	free(p->segments_status);
	free(p->segments_purge_method);
	free(p->segments_purge_done);
	free(p->segments_purge_skip_reason);
	rec_pts_free_dirth(p);
	p->segments = NULL;
	p->nsegments = 0;
}

void rec_pts_free_dirth(struct rec_pts *p)
{
	if (p->dirth) {
		free(p->dirth->phase);
		free(p->dirth->error);
		free(p->dirth);
	}
	p->dirth = NULL;
}
