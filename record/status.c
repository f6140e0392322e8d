// SPDX-License-Identifier: GPL-2.0-only
/* status.c - OUT/status.json written and read (status.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "record/json.h"
#include "record/status.h"

static json_object *test_obj(const struct rec_status *s)
{
	json_object *t = json_object_new_object();

	json_object_object_add(t, "index", json_object_new_int64(s->index));
	json_object_object_add(t, "label", rec_json_text(s->label));
	json_object_object_add(t, "id", rec_json_text(s->test_id));
	json_object_object_add(t, "title", rec_json_text(s->title));
	json_object_object_add(t, "started", rec_json_text(s->test_started));
	json_object_object_add(t, "elapsed_s", json_object_new_int64(s->elapsed_s));
	json_object_object_add(t, "expected_s", json_object_new_int64(s->expected_s));
	json_object_object_add(t, "eta_s", rec_json_i64(s->eta_s));
	json_object_object_add(t, "rate", rec_json_text(s->rate && *s->rate ? s->rate : NULL));
	return t;
}

/* @v as a JSON number written with @digits decimals ("1.143", not 1.1429999999999999) */
static json_object *fixed(double v, int digits)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", digits, v);
	return json_object_new_double_s(v, buf);
}

static json_object *live_obj(const struct rec_status *s)
{
	json_object *l = json_object_new_object();

	json_object_object_add(l, "every_s", json_object_new_int64(s->live_every_s));
	json_object_object_add(l, "rebuilds", json_object_new_int64(s->live_rebuilds));
	json_object_object_add(l, "failed", json_object_new_int64(s->live_failed));
	json_object_object_add(l, "built", rec_json_text(s->live_built));
	json_object_object_add(l, "cpu_s", fixed(s->live_cpu_s, 2));
	return l;
}

int rec_status_write(const char *path, const struct rec_status *s)
{
	json_object *o = json_object_new_object(), *n, *run, *fio = NULL;
	char now[32];
	struct tm tm;
	time_t t = time(NULL);
	int r;

	gmtime_r(&t, &tm);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_object_object_add(o, "schema", json_object_new_string(REC_STATUS_SCHEMA));
	json_object_object_add(o, "state", rec_json_text(s->state));
	json_object_object_add(o, "pid", json_object_new_int64(s->pid));
	json_object_object_add(o, "pid_starttime", json_object_new_uint64(s->pid_starttime));
	json_object_object_add(o, "command", json_object_get(s->command));
	json_object_object_add(o, "resume_command", rec_json_text(s->resume_command));
	json_object_object_add(o, "out", rec_json_text(s->out));
	json_object_object_add(o, "started", rec_json_text(s->started));
	json_object_object_add(o, "updated", json_object_new_string(now));
	json_object_object_add(o, "ended", rec_json_text(s->ended));
	json_object_object_add(o, "reason", rec_json_text(s->reason));
	n = json_object_new_object();
	json_object_object_add(n, "total", json_object_new_int64(s->total));
	json_object_object_add(n, "done", json_object_new_int64(s->done));
	json_object_object_add(n, "failed", json_object_new_int64(s->failed));
	json_object_object_add(n, "kept", json_object_new_int64(s->kept));
	json_object_object_add(n, "skipped",
			       json_object_new_int64(s->skipped > 0 ? s->skipped : 0));
	json_object_object_add(o, "tests", n);
	run = json_object_new_object();
	json_object_object_add(run, "elapsed_s", json_object_new_int64(s->run_elapsed_s));
	json_object_object_add(run, "eta_s", rec_json_i64(s->run_eta_s));
	json_object_object_add(run, "eta_lower_bound",
			       json_object_new_boolean(s->run_eta_lower_bound));
	json_object_object_add(run, "pace", s->pace > 0 ? fixed(s->pace, 3) : NULL);
	json_object_object_add(o, "run", run);
	json_object_object_add(o, "live", s->live_every_s > 0 ? live_obj(s) : NULL);
	json_object_object_add(o, "test", s->test_id ? test_obj(s) : NULL);
	if (s->fio_pid > 0) {
		fio = json_object_new_object();
		json_object_object_add(fio, "pid", json_object_new_int64(s->fio_pid));
		json_object_object_add(fio, "starttime", json_object_new_uint64(s->fio_starttime));
	}
	json_object_object_add(o, "fio", fio);
	json_object_object_add(o, "exit_status",
			       s->exit_status >= 0 ? json_object_new_int(s->exit_status) : NULL);
	r = rec_json_write(path, o);
	json_object_put(o);
	return r;
}

bool rec_status_is(json_object *o)
{
	const char *schema = rec_json_str(o, "schema");

	return schema && !strncmp(schema, "ssdeng.review-status.", 21);
}

int rec_status_read(const char *path, struct rec_status *s, char *err, size_t errlen)
{
	json_object *o, *n, *run, *t, *fio, *live;
	bool missing;

	memset(s, 0, sizeof(*s));
	if (!(o = rec_json_read(path, &missing, err, errlen)))
		return missing ? -ENOENT : -EINVAL;
	if (!rec_status_is(o)) {
		snprintf(err, errlen, "%s: not a status file of ssd-review (schema %s)", path,
			 rec_json_str(o, "schema") ? rec_json_str(o, "schema") : "missing");
		json_object_put(o);
		return -EINVAL;
	}
	s->doc = o;
	s->state = rec_json_str(o, "state");
	s->pid = rec_json_i64_or(o, "pid", -1);
	s->pid_starttime = (unsigned long long)rec_json_i64_or(o, "pid_starttime", 0);
	s->command = rec_json_get(o, "command");
	s->resume_command = rec_json_str(o, "resume_command");
	s->out = rec_json_str(o, "out");
	s->started = rec_json_str(o, "started");
	s->updated = rec_json_str(o, "updated");
	s->ended = rec_json_str(o, "ended");
	s->reason = rec_json_str(o, "reason");
	n = rec_json_get(o, "tests");
	s->total = rec_json_i64_or(n, "total", -1);
	s->done = rec_json_i64_or(n, "done", -1);
	s->failed = rec_json_i64_or(n, "failed", -1);
	s->kept = rec_json_i64_or(n, "kept", -1);
	s->skipped = rec_json_i64_or(n, "skipped", -1);
	run = rec_json_get(o, "run");
	s->run_elapsed_s = (long)rec_json_i64_or(run, "elapsed_s", -1);
	s->run_eta_s = (long)rec_json_i64_or(run, "eta_s", -1);
	s->run_eta_lower_bound = json_object_get_boolean(rec_json_get(run, "eta_lower_bound"));
	s->pace = -1;
	rec_json_num(run, "pace", &s->pace);
	s->live_every_s = -1;
	if ((live = rec_json_get(o, "live"))) {
		s->live_every_s = (long)rec_json_i64_or(live, "every_s", -1);
		s->live_rebuilds = rec_json_i64_or(live, "rebuilds", 0);
		s->live_failed = rec_json_i64_or(live, "failed", 0);
		s->live_built = rec_json_str(live, "built");
		rec_json_num(live, "cpu_s", &s->live_cpu_s);
	}
	if ((t = rec_json_get(o, "test"))) {
		s->index = rec_json_i64_or(t, "index", -1);
		s->label = rec_json_str(t, "label");
		s->test_id = rec_json_str(t, "id") ? rec_json_str(t, "id") : "?";
		s->title = rec_json_str(t, "title");
		s->test_started = rec_json_str(t, "started");
		s->elapsed_s = (long)rec_json_i64_or(t, "elapsed_s", -1);
		s->expected_s = (long)rec_json_i64_or(t, "expected_s", -1);
		s->eta_s = (long)rec_json_i64_or(t, "eta_s", -1);
		s->rate = rec_json_str(t, "rate");
	}
	if ((fio = rec_json_get(o, "fio"))) {
		s->fio_pid = rec_json_i64_or(fio, "pid", 0);
		s->fio_starttime = (unsigned long long)rec_json_i64_or(fio, "starttime", 0);
	}
	s->exit_status = (int)rec_json_i64_or(o, "exit_status", -1);
	return 0;
}

long long rec_status_left(const struct rec_status *s)
{
	long long left = s->total;

	left -= s->done > 0 ? s->done : 0;
	left -= s->failed > 0 ? s->failed : 0;
	left -= s->kept > 0 ? s->kept : 0;
	left -= s->skipped > 0 ? s->skipped : 0;
	return left > 0 ? left : 0;
}

void rec_status_free(struct rec_status *s)
{
	json_object_put(s->doc);
	memset(s, 0, sizeof(*s));
}
