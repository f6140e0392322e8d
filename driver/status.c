// SPDX-License-Identifier: GPL-2.0-only
/* status.c - OUT/status.json and ssd-review --status (status.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "proc.h"
#include "record/layout.h"
#include "status.h"
#include "util.h"

static json_object *str_or_null(const char *s) { return s ? json_object_new_string(s) : NULL; }

static json_object *test_obj(const struct rv_status *s)
{
	json_object *t = json_object_new_object();

	json_object_object_add(t, "index", json_object_new_int64((int64_t)s->index));
	json_object_object_add(t, "label", str_or_null(s->label));
	json_object_object_add(t, "id", str_or_null(s->test_id));
	json_object_object_add(t, "title", str_or_null(s->title));
	json_object_object_add(t, "started", str_or_null(s->test_started));
	json_object_object_add(t, "elapsed_s", json_object_new_int64(s->elapsed_s));
	json_object_object_add(t, "expected_s", json_object_new_int64(s->expected_s));
	json_object_object_add(t, "eta_s", s->eta_s >= 0 ? json_object_new_int64(s->eta_s) : NULL);
	json_object_object_add(t, "rate", str_or_null(s->rate && *s->rate ? s->rate : NULL));
	return t;
}

int rv_status_write(const char *path, const struct rv_status *s)
{
	json_object *o = json_object_new_object(), *n, *run, *fio = NULL;
	char now[32];
	int r;

	json_object_object_add(o, "schema", json_object_new_string(RV_STATUS_SCHEMA));
	json_object_object_add(o, "state", json_object_new_string(s->state));
	json_object_object_add(o, "pid", json_object_new_int64(s->pid));
	json_object_object_add(o, "pid_starttime", json_object_new_uint64(s->pid_starttime));
	json_object_object_add(o, "command", s->command ? json_object_get(s->command) : NULL);
	json_object_object_add(o, "resume_command", str_or_null(s->resume_command));
	json_object_object_add(o, "out", str_or_null(s->out));
	json_object_object_add(o, "started", str_or_null(s->started));
	json_object_object_add(o, "updated",
			       json_object_new_string(rv_iso_time(time(NULL), now, sizeof(now))));
	json_object_object_add(o, "ended", str_or_null(s->ended));
	json_object_object_add(o, "reason", str_or_null(s->reason));
	n = json_object_new_object();
	json_object_object_add(n, "total", json_object_new_int64((int64_t)s->total));
	json_object_object_add(n, "done", json_object_new_int64((int64_t)s->done));
	json_object_object_add(n, "failed", json_object_new_int64((int64_t)s->failed));
	json_object_object_add(n, "kept", json_object_new_int64((int64_t)s->kept));
	json_object_object_add(o, "tests", n);
	run = json_object_new_object();
	json_object_object_add(run, "elapsed_s", json_object_new_int64(s->run_elapsed_s));
	json_object_object_add(run, "eta_s",
			       s->run_eta_s >= 0 ? json_object_new_int64(s->run_eta_s) : NULL);
	json_object_object_add(run, "eta_lower_bound",
			       json_object_new_boolean(s->run_eta_lower_bound));
	json_object_object_add(o, "run", run);
	json_object_object_add(o, "test", s->test_id ? test_obj(s) : NULL);
	if (s->fio_pid > 0) {
		fio = json_object_new_object();
		json_object_object_add(fio, "pid", json_object_new_int64(s->fio_pid));
		json_object_object_add(fio, "starttime", json_object_new_uint64(s->fio_starttime));
	}
	json_object_object_add(o, "fio", fio);
	json_object_object_add(o, "exit_status",
			       s->exit_status >= 0 ? json_object_new_int(s->exit_status) : NULL);
	r = rv_json_write(path, o);
	json_object_put(o);
	return r;
}

static long long num(json_object *o, const char *path)
{
	char key[64];
	const char *dot = strchr(path, '.');
	json_object *v;

	if (!o)
		return -1;
	if (dot) {
		snprintf(key, sizeof(key), "%.*s", (int)(dot - path), path);
		return json_object_object_get_ex(o, key, &v) ? num(v, dot + 1) : -1;
	}
	if (!json_object_object_get_ex(o, path, &v) || !v)
		return -1;
	return json_object_get_int64(v);
}

static const char *hms(long long s, char *buf, size_t len)
{
	if (s < 0)
		return "?";
	return rv_hms((long)s, buf, len);
}

/* "fio pid N (started ...) is still running: CMD" when the run's fio outlived it */
static void leftover_fio(json_object *st, FILE *out)
{
	json_object *fio = NULL;
	char cmd[512];
	long long pid, start;

	if (!json_object_object_get_ex(st, "fio", &fio) || !fio)
		return;
	pid = num(fio, "pid");
	start = num(fio, "starttime");
	if (pid > 0 && rv_proc_same((pid_t)pid, (unsigned long long)start)) {
		if (rv_proc_cmdline((pid_t)pid, cmd, sizeof(cmd)) < 0)
			snprintf(cmd, sizeof(cmd), "fio");
		fprintf(out, "its fio is still running: pid %lld: %s (kill %lld stops it)\n", pid,
			cmd, pid);
	}
}

static void show_test(json_object *st, FILE *out)
{
	json_object *t = NULL;
	char a[32], b[32];
	const char *rate;

	if (!json_object_object_get_ex(st, "test", &t) || !t)
		return;
	rate = rv_json_str(t, "rate");
	fprintf(out, "test %lld/%lld: %s · %s (%s) · elapsed %s · eta %s%s%s\n", num(t, "index"),
		num(st, "tests.total"), rv_json_str(t, "label"), rv_json_str(t, "id"),
		rv_json_str(t, "title") ? rv_json_str(t, "title") : "",
		hms(num(t, "elapsed_s"), a, sizeof(a)), hms(num(t, "eta_s"), b, sizeof(b)),
		rate ? " · " : "", rate ? rate : "");
}

int rv_status_show(const char *dir, FILE *out)
{
	char path[PATH_MAX], err[PATH_MAX + 64], a[32], b[32];
	const char *state, *resume;
	json_object *st;
	long long pid, start;
	int active;

	rec_path_status(path, sizeof(path), dir);
	st = rv_json_read(path, err, sizeof(err));
	if (!st) {
		fprintf(out, "%s: no run has written a status file here (%s)\n", dir, err);
		return 1;
	}
	state = rv_json_str(st, "state") ? rv_json_str(st, "state") : "?";
	resume = rv_json_str(st, "resume_command");
	pid = num(st, "pid");
	start = num(st, "pid_starttime");
	active = !strcmp(state, "running") && rv_proc_same((pid_t)pid, (unsigned long long)start);
	if (active)
		fprintf(out, "ssd-review pid %lld is running in %s since %s (updated %s)\n", pid,
			dir, rv_json_str(st, "started"), rv_json_str(st, "updated"));
	else if (!strcmp(state, "running"))
		fprintf(
		    out,
		    "the run in %s (ssd-review pid %lld, started %s) is gone without finishing: "
		    "killed (last update %s)\n",
		    dir, pid, rv_json_str(st, "started"), rv_json_str(st, "updated"));
	else
		fprintf(out, "the run in %s ended %s: %s%s%s (exit status %lld)\n", dir,
			rv_json_str(st, "ended"), state, rv_json_str(st, "reason") ? ", " : "",
			rv_json_str(st, "reason") ? rv_json_str(st, "reason") : "",
			num(st, "exit_status"));
	show_test(st, out);
	fprintf(out,
		"run: %lld of %lld tests done (%lld kept from earlier), %lld failed · elapsed %s",
		num(st, "tests.done"), num(st, "tests.total"), num(st, "tests.kept"),
		num(st, "tests.failed"), hms(num(st, "run.elapsed_s"), a, sizeof(a)));
	if (active)
		fprintf(out, " · eta %s%s", num(st, "run.eta_lower_bound") > 0 ? "≥ " : "",
			hms(num(st, "run.eta_s"), b, sizeof(b)));
	fprintf(out, "\n");
	if (active && num(st, "fio.pid") > 0)
		fprintf(out, "fio pid %lld\n", num(st, "fio.pid"));
	if (!active)
		leftover_fio(st, out);
	if (!active && strcmp(state, "complete") && resume)
		fprintf(out, "resume with: %s\n", resume);
	json_object_put(st);
	return active ? 0 : 1;
}
