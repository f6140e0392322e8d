// SPDX-License-Identifier: GPL-2.0-only
/* pts_test.c - a SNIA PTS test on one drive: purge, WIPC, rounds to steady state (pts_test.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "drive.h"
#include "fio_run.h"
#include "jobfile.h"
#include "preflight.h"
#include "proc.h"
#include "progress.h"
#include "pts/cells.h"
#include "pts/round.h"
#include "pts/steady.h"
#include "pts_test.h"
#include "record/layout.h"
#include "testrun.h"
#include "util.h"

/* One PTS test being run. */
struct pts_run {
	struct rv_run *r;
	size_t ti, i, index;
	const long *pending;
	size_t npending;
	const struct catalogue_test *ct;
	const struct catalogue_pts *pts;
	char drive_dir[PATH_MAX]; /* OUT/<label> */
	char dir[PATH_MAX + 300]; /* OUT/<label>/<id> */
	char errf[PATH_MAX + 400];
	char head[512];
	json_object *rec;     /* the record's "pts" (this run) */
	json_object *earlier; /* the resumed run's "pts", or NULL */
};

static json_object *str(const char *s) { return s ? json_object_new_string(s) : NULL; }

static json_object *get(json_object *o, const char *key)
{
	json_object *v;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

bool rv_pts_in_plan(const struct rv_plan *p, bool *only_pts)
{
	bool any = false, all = true;

	for (size_t i = 0; i < p->n; i++) {
		any |= p->t[i].ct->entry->pts != NULL;
		all &= p->t[i].ct->entry->pts != NULL;
	}
	if (only_pts)
		*only_pts = any && all;
	return any;
}

unsigned long long rv_pts_max_block(const struct rv_plan *p)
{
	unsigned long long m = 0;

	for (size_t i = 0; i < p->n; i++) {
		const struct catalogue_pts *pts = p->t[i].ct->entry->pts;

		for (size_t k = 0; pts && k < pts->nphases; k++)
			for (size_t b = 0; b < pts->phases[k].nbs; b++)
				if (pts_block_bytes(pts->phases[k].block_sizes[b]) > m)
					m = pts_block_bytes(pts->phases[k].block_sizes[b]);
	}
	return m;
}

int rv_pts_check_opts(const struct rv_opts *o, const struct rv_plan *p, char *err, size_t errlen)
{
	bool only, any = rv_pts_in_plan(p, &only);

	if (o->purge && o->resume && !only) {
		snprintf(err, errlen,
			 "--purge with --resume would erase the results being resumed");
		return -EINVAL;
	}
	if (!any) {
		if (o->pts_no_purge) {
			snprintf(err, errlen,
				 "--pts-no-purge: the plan (--suite %s) has no PTS test", o->suite);
			return -EINVAL;
		}
		return 0;
	}
	if (o->pts_no_purge && o->purge) {
		snprintf(err, errlen, "--pts-no-purge and --purge exclude each other");
		return -EINVAL;
	}
	if (!o->purge && !o->pts_no_purge) {
		snprintf(err, errlen,
			 "the PTS tests start from a purge: give --purge METHOD --confirm SERIAL "
			 "(ssdctl purge) or --pts-no-purge (the report then says \"not PTS "
			 "compliant: no purge\")");
		return -EINVAL;
	}
	return 0;
}

int rv_pts_check_targets(const struct rv_run *r, char *err, size_t errlen)
{
	if (!rv_pts_in_plan(&r->plan, NULL))
		return 0;
	for (size_t t = 0; t < r->ts.n; t++)
		if (r->ts.t[t].type != RV_T_DRIVE) {
			snprintf(err, errlen,
				 "the PTS tests run on a --drive (purged and measured alone), not "
				 "on a --group or --client (%s)",
				 r->ts.t[t].label);
			return -EINVAL;
		}
	return 0;
}

bool rv_pts_kept(struct rv_run *r, size_t ti, size_t i)
{
	const char *id = r->plan.t[i].ct->id, *st;
	json_object *e = rv_record_earlier_test(&r->rec[ti], id);
	char path[PATH_MAX * 2], dir[PATH_MAX + 80];
	struct stat sb;

	rec_path_drive_dir(dir, sizeof(dir), r->out_abs, r->ts.t[ti].label);
	rec_path_test_dir(path, sizeof(path), dir, id);
	st = rv_json_str(e, "status");
	return r->o->resume && st && !strcmp(st, "done") && !stat(path, &sb) && S_ISDIR(sb.st_mode);
}

/* The job section of an expanded jobfile: its first line "[name]" that is not [global]. */
static const char *job_section(const char *text)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (*p == '[' && strncmp(p, "[global]", 8))
			return p;
	return NULL;
}

/* The jobfile of a round of phase @ph: [global] once, a job section per cell in run order. */
static int round_jobfile(struct pts_run *x, const struct catalogue_pts_phase *ph, char **out,
			 char *err, size_t errlen)
{
	const struct rv_target *t = &x->r->ts.t[x->ti];
	size_t cap = 1, len = 0;
	char *buf = calloc(1, 1), name[128], mix[8];
	int rc = buf ? 0 : -ENOMEM;

	for (size_t m = 0; !rc && m < ph->nmixes; m++)
		for (size_t b = 0; !rc && b < ph->nbs; b++) {
			struct rv_env env;
			char *text = NULL, *nb;
			const char *part;
			size_t n;

			rv_test_env(&x->r->plan.t[x->i], t->label, t->node, t->span, &x->r->envc,
				    NULL, &env);
			pts_cell_name(ph->id, ph->mixes[m], ph->block_sizes[b], name, sizeof(name));
			snprintf(mix, sizeof(mix), "%d", ph->mixes[m]);
			rv_env_set(&env, "SSD_CELL", name);
			rv_env_set(&env, "SSD_RW", pts_cell_rw(ph->random, ph->mixes[m]));
			rv_env_set(&env, "SSD_BS", ph->block_sizes[b]);
			rv_env_set(&env, "SSD_RWMIX", mix);
			if ((rc = rv_expand_test(x->r, t, x->i, NULL, &env, &text, err, errlen)))
				break;
			part = len ? job_section(text) : text;
			if (!part) {
				snprintf(err, errlen, "jobfiles/%s has no job section",
					 x->ct->entry->jobfile);
				free(text);
				rc = -EINVAL;
				break;
			}
			n = strlen(part);
			if (len + n + 2 > cap) {
				cap = (len + n + 2) * 2;
				if (!(nb = realloc(buf, cap))) {
					free(text);
					rc = -ENOMEM;
					break;
				}
				buf = nb;
			}
			memcpy(buf + len, part, n);
			len += n;
			buf[len++] = '\n';
			buf[len] = '\0';
			free(text);
		}
	if (rc) {
		free(buf);
		buf = NULL;
	}
	*out = buf;
	return rc;
}

/* The PTS tracking variable of one round's result file (NaN when it holds none), and the bytes
 * the round wrote over all its cells (@written). */
static double round_tracking(const char *path, const struct catalogue_pts_phase *ph,
			     double *written)
{
	struct pts_round rd;
	char err[PATH_MAX + 600];

	pts_round_read(path, ph, &rd, err, sizeof(err));
	*written = rd.written;
	pts_round_free(&rd);
	return rd.tracking;
}

/* After round @n: steady state (or, for a phase that stops by bytes written, @span x
 * stop_written written: reported as PTS_SS_STEADY), the round limit, or another round. */
static enum pts_ss_next after_round(const struct catalogue_pts_phase *ph, const double *y, size_t n,
				    double written, uint64_t span, struct pts_ss_window *w)
{
	if (!ph->stop_written)
		return pts_ss_after_round(y, n, (size_t)ph->max_rounds, w);
	if (written >= (double)ph->stop_written * (double)span)
		return PTS_SS_STEADY;
	return n >= (size_t)ph->max_rounds ? PTS_SS_LIMIT : PTS_SS_CONTINUE;
}

/* The phase's status in run.json once its rounds ended with @next. */
static const char *end_status(const struct catalogue_pts_phase *ph, enum pts_ss_next next)
{
	if (ph->stop_written)
		return next == PTS_SS_STEADY ? "written" : "round limit";
	return next == PTS_SS_STEADY ? "steady" : "steady state not achieved";
}

static void commit(struct pts_run *x) { rv_test_commit(x->r, x->ti); }

/* A fio run of the test (WIPC or round @round of phase @ph) into its file of the test's folder. */
static int fio_into(struct pts_run *x, const char *jobfile, const char *ph, enum rec_pts_file kind,
		    unsigned round, long expected, char *summary, size_t slen, char *reason,
		    size_t rlen)
{
	char final[PATH_MAX + 400];
	struct rv_fio_call fc = {.jobfile = jobfile,
				 .output = "json",
				 .final = final,
				 .errf = x->errf,
				 .index = x->index,
				 .pending = x->pending,
				 .npending = x->npending,
				 .expected_s = expected};

	rec_path_pts(final, sizeof(final), x->drive_dir, x->ct->id, ph, kind, round);
	return rv_fio_call(x->r, x->ti, &fc, summary, slen, reason, rlen);
}

/* Purge and WIPC before phase @ph. */
static int prepare_phase(struct pts_run *x, const struct catalogue_pts_phase *ph, json_object *rp,
			 char *reason, size_t rlen)
{
	struct rv_run *r = x->r;
	const struct rv_target *t = &r->ts.t[x->ti];
	char now[32], err[1024], path[PATH_MAX + 300], name[160], line[1024], summary[128];
	char log[PATH_MAX + 300], dir[PATH_MAX], loops[8], *text = NULL, *exp = NULL, missing[128];
	struct rv_env env;
	json_object *o = json_object_new_object();
	time_t t0;
	int rc;

	if (r->o->pts_no_purge) {
		json_object_object_add(o, "method", NULL);
		json_object_object_add(o, "skipped", str("--pts-no-purge"));
	} else {
		snprintf(line, sizeof(line), "%s · %s: purge (%s)", x->head, ph->id, r->o->purge);
		rv_progress_print(line, r->tty, true);
		rc = rv_drive_purge(t->devs[0].path, r->o->purge, r->o->confirm, false, err,
				    sizeof(err));
		if (rc) {
			json_object_put(o);
			if (rc == -EPERM)
				rv_fmt(reason, rlen, "purge (%s) refused: %s; nothing was written",
				       r->o->purge, err);
			else
				rv_fmt(reason, rlen, "purge (%s) failed: %s", r->o->purge, err);
			return RV_TEST_FAILED;
		}
		json_object_object_add(o, "method", str(r->o->purge));
		json_object_object_add(o, "done", str(rv_iso_time(time(NULL), now, sizeof(now))));
	}
	json_object_object_add(rp, "purge", o);
	commit(x);
	if (!ph->wipc)
		return RV_TEST_DONE;
	/* WIPC: the wipc jobfile, twice the span */
	snprintf(path, sizeof(path), "%s/%s", r->plan.jobdir, x->pts->wipc);
	if ((rc = rv_read_file(path, &text, NULL)) < 0) {
		rv_fmt(reason, rlen, "cannot read %s: %s", path, strerror(-rc));
		return RV_TEST_FAILED;
	}
	rv_test_env(&r->plan.t[x->i], t->label, t->node, t->span, &r->envc, NULL, &env);
	snprintf(loops, sizeof(loops), "%d", 2);
	rv_env_set(&env, "SSD_LOOPS", loops);
	rec_path_drive_dir(dir, sizeof(dir), r->o->out, t->label);
	rec_path_pts_name(name, sizeof(name), ph->id, REC_PTS_WIPC, 0);
	rec_path_log(log, sizeof(log), dir, x->ct->id, name, REC_LOG_FIO);
	rv_env_set(&env, "SSD_LOG", log);
	rc = rv_jobfile_expand(text, &env, &exp, missing, sizeof(missing));
	free(text);
	if (rc) {
		snprintf(reason, rlen, "jobfiles/%s: %s is not set", x->pts->wipc, missing);
		return RV_TEST_FAILED;
	}
	rec_path_pts(path, sizeof(path), x->drive_dir, x->ct->id, ph->id, REC_PTS_WIPC_JOB, 0);
	rv_write_atomic(path, exp, strlen(exp));
	free(exp);
	snprintf(line, sizeof(line),
		 "%s · %s: preconditioning (128 KiB sequential write, twice "
		 "the span)",
		 x->head, ph->id);
	rv_progress_print(line, r->tty, true);
	t0 = time(NULL);
	rc = fio_into(x, path, ph->id, REC_PTS_WIPC, 0, 0, summary, sizeof(summary), reason, rlen);
	if (rc != RV_TEST_DONE)
		return rc;
	o = json_object_new_object();
	rec_path_pts(path, sizeof(path), NULL, x->ct->id, ph->id, REC_PTS_WIPC, 0);
	json_object_object_add(o, "file", str(path));
	json_object_object_add(o, "jobfile", str(x->pts->wipc));
	json_object_object_add(o, "bytes", json_object_new_int64((int64_t)(2 * t->span)));
	json_object_object_add(o, "seconds", json_object_new_int64(time(NULL) - t0));
	json_object_object_add(rp, "wipc", o);
	commit(x);
	return RV_TEST_DONE;
}

/* The window's figures for the record. */
static json_object *window_json(const struct pts_ss_window *w)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "first_round", json_object_new_int((int)w->first + 1));
	json_object_object_add(o, "last_round", json_object_new_int((int)w->last + 1));
	json_object_object_add(o, "mean", json_object_new_double(w->mean));
	json_object_object_add(o, "range_pct", json_object_new_double(w->range_pct));
	json_object_object_add(o, "slope", json_object_new_double(w->slope));
	json_object_object_add(o, "intercept", json_object_new_double(w->intercept));
	json_object_object_add(o, "excursion_pct", json_object_new_double(w->excursion_pct));
	return o;
}

/* The rounds of @ep (the resumed run's phase) whose files are still there, in order. */
static size_t resumed_rounds(struct pts_run *x, json_object *ep, json_object *rounds,
			     const struct catalogue_pts_phase *ph, double *y, double *written)
{
	json_object *er = get(ep, "rounds");
	char path[PATH_MAX * 2];
	size_t n = 0;
	double wr;

	*written = 0.0;
	for (size_t k = 0; er && k < json_object_array_length(er) && k < (size_t)ph->max_rounds;
	     k++) {
		json_object *o = json_object_array_get_idx(er, k);
		const char *f = rv_json_str(o, "file");

		if (!f || json_object_get_int(get(o, "round")) != (int)k + 1)
			break;
		snprintf(path, sizeof(path), "%s/%s", x->drive_dir, f);
		if (access(path, R_OK))
			break;
		y[n++] = round_tracking(path, ph, &wr);
		*written += wr;
		json_object_array_add(rounds, json_object_get(o));
	}
	return n;
}

/* One phase: purge and WIPC when it asks (unless resumed), then rounds to steady state. */
static int run_phase(struct pts_run *x, size_t pi, char *reason, size_t rlen)
{
	const struct catalogue_pts_phase *ph = &x->pts->phases[pi];
	struct rv_run *r = x->r;
	json_object *rp = json_object_new_object(), *rounds = json_object_new_array(), *tr;
	json_object *ephases = get(x->earlier, "phases"), *ep = NULL;
	double *y = calloc((size_t)ph->max_rounds + 1, sizeof(*y)), written = 0.0, wr;
	uint64_t span = r->ts.t[x->ti].span;
	size_t n = 0, ncells = catalogue_pts_cells(ph);
	long cell_s = x->ct->timing ? x->ct->timing->runtime_s : 0;
	char path[PATH_MAX + 300], line[1024], summary[128], cell[128], *job = NULL;
	enum pts_ss_next next = PTS_SS_CONTINUE;
	struct pts_ss_window w = {.mean = NAN};
	int rc;

	json_object_object_add(rp, "id", str(ph->id));
	tr = json_object_new_object();
	json_object_object_add(tr, "bs", str(ph->track_bs));
	json_object_object_add(tr, "mix", json_object_new_int(ph->track_mix));
	json_object_object_add(tr, "metric", str(ph->track_metric));
	json_object_object_add(rp, "tracking", tr);
	json_object_object_add(rp, "cells", json_object_new_int((int)ncells));
	json_object_object_add(rp, "status", str("running"));
	if (ph->stop_written)
		json_object_object_add(rp, "stop_written_bytes",
				       json_object_new_int64((int64_t)(ph->stop_written * span)));
	json_object_array_add(get(x->rec, "phases"), rp);
	if (!y) {
		snprintf(reason, rlen, "out of memory");
		rc = RV_TEST_FAILED;
		goto fail;
	}
	for (size_t k = 0; ephases && k < json_object_array_length(ephases); k++)
		if (!strcmp(rv_json_str(json_object_array_get_idx(ephases, k), "id") ?: "", ph->id))
			ep = json_object_array_get_idx(ephases, k);
	if (ep)
		n = resumed_rounds(x, ep, rounds, ph, y, &written);
	json_object_object_add(rp, "rounds", rounds);
	if (n) {
		json_object_object_add(rp, "purge", json_object_get(get(ep, "purge")));
		json_object_object_add(rp, "wipc", json_object_get(get(ep, "wipc")));
		json_object_object_add(rp, "resumed_after_round", json_object_new_int((int)n));
		next = after_round(ph, y, n, written, span, &w);
	} else if (ph->purge) {
		if ((rc = prepare_phase(x, ph, rp, reason, rlen)) != RV_TEST_DONE)
			goto fail;
	} else {
		json_object_object_add(rp, "purge", NULL);
	}
	commit(x);
	if ((rc = round_jobfile(x, ph, &job, reason, rlen))) {
		rc = RV_TEST_FAILED;
		goto fail;
	}
	rec_path_pts(path, sizeof(path), x->drive_dir, x->ct->id, ph->id, REC_PTS_ROUND_JOB, 0);
	rv_write_atomic(path, job, strlen(job));
	free(job);
	pts_cell_name(ph->id, ph->track_mix, ph->track_bs, cell, sizeof(cell));
	while (next == PTS_SS_CONTINUE) {
		json_object *ro = json_object_new_object();
		time_t t0 = time(NULL);
		char now[32], rel[PATH_MAX];

		rc = fio_into(x, path, ph->id, REC_PTS_ROUND, (unsigned)n + 1,
			      (long)ncells * cell_s, summary, sizeof(summary), reason, rlen);
		if (rc != RV_TEST_DONE) {
			json_object_put(ro);
			goto fail;
		}
		rec_path_pts(rel, sizeof(rel), x->drive_dir, x->ct->id, ph->id, REC_PTS_ROUND,
			     (unsigned)n + 1);
		y[n] = round_tracking(rel, ph, &wr);
		written += wr;
		n++;
		next = after_round(ph, y, n, written, span, &w);
		rec_path_pts(rel, sizeof(rel), NULL, x->ct->id, ph->id, REC_PTS_ROUND, (unsigned)n);
		json_object_object_add(ro, "round", json_object_new_int((int)n));
		json_object_object_add(ro, "file", str(rel));
		json_object_object_add(ro, "tracking",
				       isnan(y[n - 1]) ? NULL : json_object_new_double(y[n - 1]));
		json_object_object_add(ro, "bytes_written", json_object_new_double(wr));
		json_object_object_add(ro, "seconds", json_object_new_int64(time(NULL) - t0));
		json_object_object_add(ro, "ended", str(rv_iso_time(time(NULL), now, sizeof(now))));
		json_object_array_add(rounds, ro);
		commit(x);
		if (ph->stop_written)
			snprintf(line, sizeof(line),
				 "%s · %s round %zu: %s %s = %.6g · %.0f %% of %d x the span "
				 "written",
				 x->head, ph->id, n, cell, ph->track_metric, y[n - 1],
				 100.0 * written / ((double)ph->stop_written * (double)span),
				 ph->stop_written);
		else if (n >= PTS_SS_WINDOW)
			snprintf(line, sizeof(line),
				 "%s · %s round %zu: %s %s = %.6g · window range %.1f %%, "
				 "excursion %.1f %%%s",
				 x->head, ph->id, n, cell, ph->track_metric, y[n - 1], w.range_pct,
				 w.excursion_pct, next == PTS_SS_STEADY ? " · steady" : "");
		else
			snprintf(line, sizeof(line), "%s · %s round %zu: %s %s = %.6g", x->head,
				 ph->id, n, cell, ph->track_metric, y[n - 1]);
		rv_progress_print(line, r->tty, true);
	}
	json_object_object_add(rp, "status", str(end_status(ph, next)));
	if (!ph->stop_written && n >= PTS_SS_WINDOW && !isnan(w.mean))
		json_object_object_add(rp, "window", window_json(&w));
	if (ph->stop_written)
		json_object_object_add(rp, "bytes_written", json_object_new_double(written));
	commit(x);
	free(y);
	return RV_TEST_DONE;
fail:
	json_object_object_add(rp, "status",
			       str(rc == RV_TEST_INTERRUPTED ? "interrupted" : "failed"));
	commit(x);
	free(y);
	return rc;
}

/* The "pts" record of the test: what the standard's report header says. */
static json_object *pts_record(struct pts_run *x)
{
	const struct rv_run *r = x->r;
	json_object *o = json_object_new_object(), *nc = json_object_new_array();

	json_object_object_add(o, "test", str(x->pts->test));
	json_object_object_add(o, "spec", str(x->pts->spec));
	json_object_object_add(o, "variant", str("enterprise"));
	if (r->o->pts_no_purge)
		json_object_array_add(nc, str("no purge (--pts-no-purge)"));
	if (!x->r->plan.profile->review_grade)
		json_object_array_add(nc, str("durations shortened (profile)"));
	json_object_object_add(o, "not_compliant", nc);
	json_object_object_add(o, "write_cache",
			       str("not changed: ssd-review has no write-cache control; the drive "
				   "runs with its own setting"));
	json_object_object_add(o, "threads", json_object_new_int(x->ct->threads));
	json_object_object_add(o, "depth", json_object_new_int(x->ct->depth));
	json_object_object_add(o, "cell_seconds",
			       json_object_new_int64(x->ct->timing ? x->ct->timing->runtime_s : 0));
	json_object_object_add(o, "span_bytes",
			       json_object_new_int64((int64_t)r->ts.t[x->ti].span));
	json_object_object_add(o, "active_range_pct", json_object_new_int(100));
	json_object_object_add(o, "max_rounds", json_object_new_int(x->pts->phases[0].max_rounds));
	json_object_object_add(o, "phases", json_object_new_array());
	return o;
}

int rv_pts_run(struct rv_run *r, size_t ti, size_t i, size_t index, const long *pending,
	       size_t npending)
{
	const struct rv_target *t = &r->ts.t[ti];
	struct pts_run x = {.r = r,
			    .ti = ti,
			    .i = i,
			    .index = index,
			    .pending = pending,
			    .npending = npending,
			    .ct = r->plan.t[i].ct,
			    .pts = r->plan.t[i].ct->entry->pts};
	char now[32], reason[1024] = "", line[2048], hms[32], sig[32];
	json_object *earlier = rv_record_earlier_test(&r->rec[ti], x.ct->id);
	int rc = RV_TEST_DONE;
	time_t t0 = time(NULL);

	snprintf(x.head, sizeof(x.head), "[%zu/%zu] %s · %s", index, r->total, t->label, x.ct->id);
	rec_path_drive_dir(x.drive_dir, sizeof(x.drive_dir), r->out_abs, t->label);
	rec_path_test_dir(x.dir, sizeof(x.dir), x.drive_dir, x.ct->id);
	rec_path_log(x.errf, sizeof(x.errf), x.drive_dir, x.ct->id, NULL, REC_LOG_FIO_STDERR);
	if (r->o->resume && earlier)
		x.earlier = get(earlier, "pts");
	if (mkdir(x.dir, 0755) && errno != EEXIST) {
		rv_fmt(reason, sizeof(reason), "cannot create %s: %s", x.dir, strerror(errno));
		rc = RV_TEST_FAILED;
	}
	x.rec = pts_record(&x);
	rv_test_set(r, ti, i, "pts", json_object_get(x.rec));
	rv_test_set(r, ti, i, "status", str("running"));
	rv_test_set(r, ti, i, "started", str(rv_iso_time(t0, now, sizeof(now))));
	commit(&x);
	r->st.index = index;
	r->st.label = t->label;
	r->st.test_id = x.ct->id;
	r->st.title = x.ct->title;
	r->st.test_started = now;
	r->st.expected_s = r->plan.t[i].expected_s;
	for (size_t p = 0; rc == RV_TEST_DONE && p < x.pts->nphases; p++)
		rc = run_phase(&x, p, reason, sizeof(reason));
	r->st.test_id = NULL;
	rv_test_set(r, ti, i, "ended", str(rv_iso_time(time(NULL), now, sizeof(now))));
	rv_test_set(r, ti, i, "seconds", json_object_new_int64(time(NULL) - t0));
	rv_test_set(r, ti, i, "manifest_id",
		    json_object_get(json_object_object_get(r->rec[ti].manifest, "id")));
	rv_hms(time(NULL) - t0, hms, sizeof(hms));
	if (rc == RV_TEST_DONE) {
		rv_test_set(r, ti, i, "status", str("done"));
		rv_test_set(r, ti, i, "reason", NULL);
		r->done++;
		snprintf(line, sizeof(line), "%s · done in %s", x.head, hms);
	} else if (rc == RV_TEST_INTERRUPTED) {
		if (!reason[0])
			snprintf(reason, sizeof(reason), "%s: stopped",
				 rv_sig_name(rv_stop_signal, sig, sizeof(sig)));
		rv_test_set(r, ti, i, "status", str("interrupted"));
		rv_test_set(r, ti, i, "reason", str(reason));
		snprintf(line, sizeof(line), "%s · interrupted after %s", x.head, hms);
	} else {
		rv_test_set(r, ti, i, "status", str("failed"));
		rv_test_set(r, ti, i, "reason", str(reason));
		r->failed++;
		snprintf(line, sizeof(line), "%s · FAILED: %s", x.head, reason);
	}
	commit(&x);
	rv_progress_print(line, r->tty, true);
	json_object_put(x.rec);
	return rc;
}
