// SPDX-License-Identifier: GPL-2.0-only
/* run_status.c - run.json (driver/ssd-review): how the run was made, and the tests that did not
 * complete (see run_status.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parse/run_status.h"
#include "record/engine_report.h"
#include "record/json.h"
#include "record/layout.h"
#include "record/manifest.h"
#include "record/run.h"

static int add_note(struct sr_drive *drv, const char *id, const char *status, const char *reason)
{
	struct sr_run_note *v = realloc(drv->notes, (drv->nnotes + 1) * sizeof(*v));
	struct sr_run_note *n;

	if (!v)
		return -ENOMEM;
	drv->notes = v;
	n = &v[drv->nnotes];
	n->id = strdup(id);
	n->status = strdup(status);
	n->reason = strdup(reason ? reason : "");
	if (!n->id || !n->status || !n->reason) {
		free(n->id);
		free(n->status);
		free(n->reason);
		return -ENOMEM;
	}
	drv->nnotes++;
	return 0;
}

/* manifest.suites, else manifest.request.suite, else run.json's one "suite" */
static int suites_of(json_object *manifest, struct sr_run_info *ri)
{
	size_t n = 0;

	while (rec_manifest_suite(manifest, n))
		n++;
	if (!n && !ri->suite)
		return 0;
	if (!(ri->suites = calloc(n ? n : 1, sizeof(char *))))
		return -ENOMEM;
	for (size_t i = 0; i < (n ? n : 1); i++) {
		const char *s = n ? rec_manifest_suite(manifest, i) : ri->suite;

		if (!(ri->suites[i] = strdup(s ? s : "?")))
			return -ENOMEM;
		ri->nsuites++;
	}
	return 0;
}

static char *dup(const char *s, int *rc)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

static struct sr_value num_or_absent(long long v)
{
	return v >= 0 ? sr_val((double)v) : (struct sr_value){0, SR_ABSENT};
}

/* "2026-12-01T14:54:41Z" as Unix seconds; 0 when absent or not that form. */
static double iso_s(const char *s)
{
	struct tm tm = {0};
	const char *end = s ? strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm) : NULL;

	return end && !*end ? (double)timegm(&tm) : 0;
}

static int test_of(const struct rec_test *t, struct sr_run_test *out)
{
	int rc = 0;

	out->id = dup(t->id, &rc);
	out->status = dup(t->status, &rc);
	out->entry = dup(t->entry, &rc);
	out->family = dup(t->family, &rc);
	out->pts = t->pts != NULL;
	out->title = dup(t->title, &rc);
	out->manifest_id = dup(t->manifest_id, &rc);
	out->seconds = num_or_absent(t->seconds);
	out->rate_pct = num_or_absent(t->params.rate_pct);
	out->unwritten_bytes = num_or_absent(t->unwritten_bytes);
	out->t_started = iso_s(t->started);
	out->t_ended = iso_s(t->ended);
	return rc;
}

/* Element @i of array @a as a string ("" for null). */
static const char *nth_str(json_object *a, size_t i)
{
	const char *s = json_object_get_string(json_object_array_get_idx(a, i));

	return s ? s : "";
}

/* manifest.request's sweep (strings) and curve_points (integers); a member of another type is
 * not recorded */
static int plan_lists(json_object *req, struct sr_run_info *ri)
{
	json_object *a;
	size_t n;

	if (json_object_object_get_ex(req, "sweep", &a) &&
	    json_object_is_type(a, json_type_array) && (n = json_object_array_length(a))) {
		if (!(ri->sweep = calloc(n, sizeof(*ri->sweep))))
			return -ENOMEM;
		for (size_t i = 0; i < n; i++)
			if (!(ri->sweep[ri->nsweep++] = strdup(nth_str(a, i))))
				return -ENOMEM;
	}
	if (json_object_object_get_ex(req, "curve_points", &a) &&
	    json_object_is_type(a, json_type_array) && (n = json_object_array_length(a))) {
		if (!(ri->curve_points = calloc(n, sizeof(*ri->curve_points))))
			return -ENOMEM;
		for (size_t i = 0; i < n; i++)
			ri->curve_points[ri->ncurve_points++] =
			    json_object_get_int(json_object_array_get_idx(a, i));
	}
	return 0;
}

/* manifest.info.only (ssd-review --only): its tests joined by ", " */
static int only_of(json_object *info, struct sr_run_info *ri)
{
	json_object *a;
	size_t n, len = 1;

	if (!json_object_object_get_ex(info, "only", &a) ||
	    !json_object_is_type(a, json_type_array) || !(n = json_object_array_length(a)))
		return 0;
	for (size_t i = 0; i < n; i++)
		len += strlen(nth_str(a, i)) + 2;
	if (!(ri->only = calloc(1, len)))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(ri->only, ", ");
		strcat(ri->only, nth_str(a, i));
	}
	return 0;
}

/* The run: its first session's start, its last's end, the time its sessions ran. */
static int info_of(const struct rec_run *r, struct sr_run_info *ri)
{
	char cmd[8192];
	size_t nwall;
	long long wall = rec_run_wall_s(r, &nwall);
	json_object *req, *info;
	const char *host;
	int rc = 0;

	ri->present = true;
	rec_run_command_line(r->command, cmd, sizeof(cmd));
	ri->command = r->command ? dup(cmd, &rc) : NULL;
	ri->started =
	    dup(r->nsessions && r->sessions[0].started ? r->sessions[0].started : r->started, &rc);
	ri->ended = dup(r->ended, &rc);
	ri->nsessions = r->nsessions;
	ri->wall_s = nwall == r->nsessions && wall >= 0 ? sr_val((double)wall)
							: (struct sr_value){0, SR_ABSENT};
	ri->status = dup(r->status, &rc);
	ri->suite = dup(r->suite, &rc);
	ri->profile = dup(r->profile, &rc);
	ri->engine = dup(r->engine, &rc);
	ri->engine_option = dup(r->engine_option, &rc);
	if (r->manifest && json_object_object_get_ex(r->manifest, "request", &req)) {
		ri->fc_rand_bs = dup(rec_json_str(req, "fc_rand_bs"), &rc);
		ri->fc_seq_bs = dup(rec_json_str(req, "fc_seq_bs"), &rc);
		ri->tq_points = dup(rec_json_str(req, "tq_points"), &rc);
		if (!rc)
			rc = plan_lists(req, ri);
	}
	ri->fio_version = dup(r->fio_version, &rc);
	ri->kernel = dup(r->kernel, &rc);
	ri->ssdeng_version = dup(r->ssdeng_version, &rc);
	ri->ioengine = dup(r->ioengine, &rc);
	/* the kernel's "(none)": a host (a lab guest) booted without a hostname; runs before the
	 * driver said so itself (run/tools.c) recorded it as the name */
	host = rec_manifest_host(r->manifest);
	ri->host =
	    dup(host && !strcmp(host, "(none)") ? "unnamed host (no hostname set)" : host, &rc);
	if (r->manifest && json_object_object_get_ex(r->manifest, "info", &info)) {
		ri->cpu = dup(rec_json_str(info, "cpu"), &rc);
		ri->os = dup(rec_json_str(info, "os"), &rc);
		ri->pts_sponsor = dup(rec_json_str(info, "pts_sponsor"), &rc);
		ri->cpus = num_or_absent(rec_json_i64_or(info, "cpus", -1));
		ri->memory_bytes = num_or_absent(rec_json_i64_or(info, "memory_bytes", -1));
		if (!rc)
			rc = only_of(info, ri);
	} else {
		ri->cpus = ri->memory_bytes = num_or_absent(-1);
	}
	ri->manifest_id = dup(rec_json_str(r->manifest, "id"), &rc);
	ri->manifest_created = dup(rec_json_str(r->manifest, "created"), &rc);
	ri->span_bytes = num_or_absent(r->span_bytes);
	if (!rc)
		rc = suites_of(r->manifest, ri);
	if (rc || !r->ntests)
		return rc;
	if (!(ri->tests = calloc(r->ntests + 1, sizeof(*ri->tests))))
		return -ENOMEM;
	for (size_t i = 0; i < r->ntests && !rc; i++, ri->ntests++)
		rc = test_of(&r->tests[i], &ri->tests[i]);
	return rc;
}

/*
 * The fallbacks of test @t of the drive folder @dir, from the engine's report
 * (record/engine_report.h) into t->fallback. A report missing (fio without the engine, a run
 * before the report) leaves NULL; one that cannot be read is a warning, not a failure.
 */
static int fallback_of(const char *dir, struct sr_run_test *t, struct sr_diag *d)
{
	char path[4096], err[4096 + 256], fell[1024];
	struct rec_engine_report rep;
	int rc;

	if (!t->id || rec_path_log(path, sizeof(path), dir, t->id, NULL, REC_LOG_ENGINE))
		return 0;
	rc = rec_engine_report_read(path, &rep, err, sizeof(err));
	if (rc == -ENOMEM) {
		rec_engine_report_free(&rep);
		return rc;
	}
	if (rc && rc != -ENOENT)
		sr_diag_warnf(d, "%s", err);
	if (!rc && rec_engine_report_fallbacks(&rep, fell, sizeof(fell)))
		rc = (t->fallback = strdup(fell)) ? 0 : -ENOMEM;
	rec_engine_report_free(&rep);
	return rc == -ENOMEM ? rc : 0;
}

int sr_run_status_load(struct sr_drive *drv, const char *path, struct sr_diag *d)
{
	struct rec_run r;
	char err[4096];
	int rc = rec_run_read(path, &r, err, sizeof(err));

	if (rc == -ENOENT)
		return 0;
	if (rc) {
		sr_diag_file(d, path);
		sr_diag_msg(d, "%s", err);
		return rc;
	}
	sr_run_info_free(&drv->run);
	rc = info_of(&r, &drv->run);
	if (!rc && drv->run.profile) {
		free(drv->profile);
		drv->profile = strdup(drv->run.profile);
		rc = drv->profile ? 0 : -ENOMEM;
	}
	for (size_t i = 0; i < r.ntests && !rc; i++) {
		const struct rec_test *t = &r.tests[i];

		if (t->id && t->status && sr_run_status_not_done(t->status))
			rc = add_note(drv, t->id, t->status, t->reason);
	}
	if (!rc) { /* the drive folder: run.json's directory */
		char dir[4096];
		const char *slash = strrchr(path, '/');

		snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1,
			 slash ? path : ".");
		for (size_t i = 0; i < drv->run.ntests && !rc; i++)
			rc = fallback_of(dir, &drv->run.tests[i], d);
	}
	rec_run_free(&r);
	return rc;
}

bool sr_run_foreign(const struct sr_run_info *ri, const char *id, char *why, size_t len)
{
	if (!ri->manifest_id)
		return false;
	for (size_t i = 0; i < ri->ntests; i++) {
		const struct sr_run_test *t = &ri->tests[i];

		if (!t->id || strcmp(t->id, id))
			continue;
		if (t->status && strcmp(t->status, "done")) {
			snprintf(why, len, "run.json (manifest %s) records %s as %s, not done",
				 ri->manifest_id, id, t->status);
			return true;
		}
		if (t->manifest_id && strcmp(t->manifest_id, ri->manifest_id)) {
			snprintf(why, len, "%s ran under manifest %s, run.json's is %s", id,
				 t->manifest_id, ri->manifest_id);
			return true;
		}
		return false;
	}
	snprintf(why, len, "run.json (manifest %s) does not record %s", ri->manifest_id, id);
	return true;
}
