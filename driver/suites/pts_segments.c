// SPDX-License-Identifier: GPL-2.0-only
/* pts_segments.c - a SNIA PTS test's segments: HIR's wait states, XSR's access groups, DIRTH's
 * operating points (pts_run.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "plan/jobfile.h"
#include "pts/cells.h"
#include "pts/dirth.h"
#include "pts/hir.h"
#include "pts/round.h"
#include "record/json.h"
#include "record/layout.h"
#include "run/child.h"
#include "suites/pts_run.h"
#include "suites/testrun.h"
#include "util/util.h"

/* One segment of the plan, before it runs. */
struct seg {
	const char *part, *kind;
	char name[64];
	int wait_state, repeat;
	int tc, qd; /* -1: idle */
	const char *rw, *bs;
	int rwmix;
	unsigned int seconds;
};

static double now_s(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (double)tv.tv_sec + (double)(tv.tv_usec / 1000) / 1000.0;
}

/* The record of @s, seq @seq, added to the test's (status set by the caller). */
static struct rec_pts_segment *record(struct pts_run *x, const struct seg *s, int seq)
{
	struct rec_pts_segment *r = rec_pts_add_segment(x->rec);

	if (!r)
		return NULL;
	r->seq = seq;
	rec_str_set(&r->part, s->part);
	rec_str_set(&r->kind, s->kind);
	rec_str_set(&r->name, s->name);
	r->wait_state = s->wait_state;
	r->repeat = s->repeat;
	r->tc = s->tc;
	r->qd = s->qd;
	rec_str_set(&r->rw, s->rw);
	rec_str_set(&r->bs, s->bs);
	r->rwmix = s->rwmix;
	r->planned_s = s->seconds;
	return r;
}

/* An idle segment: no I/O for @s->seconds, stopped early by a stop signal. */
static int idle(struct pts_run *x, const struct seg *s, int seq, char *reason, size_t rlen)
{
	double t0 = now_s(), end = t0 + s->seconds;
	struct rec_pts_segment *r;

	while (!rv_stop_signal && now_s() < end) {
		double left = end - now_s();

		usleep(left > 0.2 ? 200000 : (useconds_t)(left * 1e6));
	}
	if (rv_stop_signal) {
		rv_fmt(reason, rlen, "stopped during %s (idle)", s->name);
		return RV_TEST_INTERRUPTED;
	}
	if (!(r = record(x, s, seq))) {
		rv_fmt(reason, rlen, "out of memory");
		return RV_TEST_FAILED;
	}
	r->t_start = t0;
	r->t_end = now_s();
	rec_str_set(&r->status, "done");
	return RV_TEST_DONE;
}

/* A segment with I/O: one fio run of RV_PTS_SEGMENT_JOBFILE into its files. */
static int io(struct pts_run *x, const struct seg *s, int seq, const char *output, long after_s,
	      char *reason, size_t rlen)
{
	struct rv_run *r = x->r;
	const struct rv_target *t = &r->ts.t[x->ti];
	char path[PATH_MAX + 400], final[PATH_MAX + 400], log[PATH_MAX + 400], num[24];
	char missing[128], summary[128], *text = NULL, *exp = NULL;
	struct rec_pts_segment *rs;
	struct rv_env env;
	double t0;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", r->plan.jobdir, RV_PTS_SEGMENT_JOBFILE);
	if ((rc = rec_file_read(path, &text, NULL)) < 0) {
		rv_fmt(reason, rlen, "cannot read %s: %s", path, strerror(-rc));
		return RV_TEST_FAILED;
	}
	rv_test_env(&r->plan.t[x->i], t->label, t->node, t->span, &r->envc, NULL, &env);
	rv_env_set(&env, "SSD_CELL", s->name);
	rv_env_set(&env, "SSD_RW", s->rw);
	rv_env_set(&env, "SSD_BS", s->bs);
	snprintf(num, sizeof(num), "%d", s->rwmix < 0 ? 0 : s->rwmix);
	rv_env_set(&env, "SSD_RWMIX", num);
	snprintf(num, sizeof(num), "%d", s->tc);
	rv_env_set(&env, "SSD_THREADS", num);
	snprintf(num, sizeof(num), "%d", s->qd);
	rv_env_set(&env, "SSD_DEPTH", num);
	snprintf(num, sizeof(num), "%u", s->seconds);
	rv_env_set(&env, "SSD_RUNTIME", num);
	rec_path_pts(log, sizeof(log), x->drive_dir, x->ct->id, s->part, REC_PTS_SEGMENT_LOG,
		     (unsigned)seq);
	rv_env_set(&env, "SSD_SEG_LOG", log);
	rc = rv_jobfile_expand(text, &env, &exp, missing, sizeof(missing));
	free(text);
	if (rc) {
		rv_fmt(reason, rlen, "jobfiles/%s: %s is not set", RV_PTS_SEGMENT_JOBFILE, missing);
		return RV_TEST_FAILED;
	}
	rec_path_pts(path, sizeof(path), x->drive_dir, x->ct->id, s->part, REC_PTS_SEGMENT_JOB,
		     (unsigned)seq);
	rec_file_write(path, exp, strlen(exp));
	free(exp);
	rec_path_pts(final, sizeof(final), x->drive_dir, x->ct->id, s->part, REC_PTS_SEGMENT,
		     (unsigned)seq);
	{
		struct rv_fio_call fc = {.jobfile = path,
					 .output = output,
					 .final = final,
					 .errf = x->errf,
					 .index = x->index,
					 .pending = x->pending,
					 .npending = x->npending,
					 .expected_s = s->seconds,
					 .test_before_s = x->before_s + (long)(time(NULL) - x->t0),
					 .test_after_s = after_s,
					 .test_after_lower_bound = false};

		t0 = now_s();
		rc = rv_fio_call(r, x->ti, &fc, summary, sizeof(summary), reason, rlen);
	}
	if (rc == RV_TEST_INTERRUPTED)
		return rc;
	if (!(rs = record(x, s, seq))) {
		rv_fmt(reason, rlen, "out of memory");
		return RV_TEST_FAILED;
	}
	rs->t_start = t0;
	rs->t_end = now_s();
	rec_path_pts(path, sizeof(path), NULL, x->ct->id, s->part, REC_PTS_SEGMENT, (unsigned)seq);
	rec_str_set(&rs->file, path);
	rec_path_pts(path, sizeof(path), NULL, x->ct->id, s->part, REC_PTS_SEGMENT_LOG,
		     (unsigned)seq);
	rec_str_set(&rs->log, path);
	rec_str_set(&rs->status, rc == RV_TEST_DONE ? "done" : "failed");
	if (rc == RV_TEST_DONE) {
		char line[512];

		rv_fmt(line, sizeof(line), "%s %s: %s", s->part, s->name, summary);
		rv_pts_say(x, line);
	}
	return rc;
}

/* Run @plan[0..@n), the whole plan (a resumed test runs its segments again from the first:
 * pts_suite.h): idle ones sleep, the others run fio with @output. */
static int run_plan(struct pts_run *x, const struct seg *plan, size_t n, const char *output,
		    char *reason, size_t rlen)
{
	unsigned long long left = 0;
	char line[256];
	int rc = RV_TEST_DONE;

	x->rec->segments_planned = (long long)n;
	for (size_t k = 0; k < n; k++)
		left += plan[k].seconds;
	rv_fmt(line, sizeof(line), "%s: %zu segments, %llu s", plan[0].part, n, left);
	rv_pts_say(x, line);
	rec_str_set(&x->rec->segments_status, "running");
	rv_pts_commit(x);
	for (size_t k = 0; rc == RV_TEST_DONE && k < n; k++) {
		left -= plan[k].seconds;
		if (plan[k].tc < 0) {
			if (plan[k].repeat <= 1) {
				rv_fmt(line, sizeof(line), "%s %s: host idle %u s per repeat",
				       plan[k].part, plan[k].name, plan[k].seconds);
				rv_pts_say(x, line);
			}
			rc = idle(x, &plan[k], (int)k + 1, reason, rlen);
		} else
			rc = io(x, &plan[k], (int)k + 1, output, (long)left, reason, rlen);
		rv_pts_commit(x);
	}
	rec_str_set(&x->rec->segments_status, rc == RV_TEST_DONE	  ? "done"
					      : rc == RV_TEST_INTERRUPTED ? "interrupted"
									  : "failed");
	rv_pts_commit(x);
	return rc;
}

/* HIR: the wait states of pts/hir.h at the test's TC x QD, RND writes of the phase's size. */
static int hir(struct pts_run *x, const struct catalogue_pts_seg_profile *sp, char *reason,
	       size_t rlen)
{
	struct pts_hir_params p = {sp->write_s, sp->idle_s, sp->nidle, sp->repeats, sp->baseline_s};
	size_t n = pts_hir_plan_len(&p);
	struct pts_hir_segment *h = calloc(n ? n : 1, sizeof(*h));
	struct seg *plan = calloc(n ? n : 1, sizeof(*plan));
	const char *bs = x->pts->phases[0].track_bs;
	int rc;

	if (!h || !plan || pts_hir_plan(&p, h, n) != (int)n) {
		rv_fmt(reason, rlen, "the HIR segment plan of the catalogue is refused");
		free(h);
		free(plan);
		return RV_TEST_FAILED;
	}
	for (size_t k = 0; k < n; k++) {
		struct seg *s = &plan[k];

		s->part = "hir";
		s->wait_state = (int)h[k].wait_state;
		s->repeat = (int)h[k].repeat;
		s->seconds = h[k].duration_s;
		s->rwmix = -1;
		if (h[k].kind == PTS_HIR_IDLE) {
			s->kind = "idle";
			s->tc = s->qd = -1;
			snprintf(s->name, sizeof(s->name), "ws%u.r%03u.idle", h[k].wait_state,
				 h[k].repeat);
			continue;
		}
		s->kind = h[k].kind == PTS_HIR_WRITE ? "write" : "baseline";
		s->tc = x->rec->threads;
		s->qd = x->rec->depth;
		s->rw = "randwrite";
		s->bs = bs;
		if (h[k].kind == PTS_HIR_WRITE)
			snprintf(s->name, sizeof(s->name), "ws%u.r%03u.write", h[k].wait_state,
				 h[k].repeat);
		else
			snprintf(s->name, sizeof(s->name), "ws%u.baseline", h[k].wait_state);
	}
	rc = run_plan(x, plan, n, "json", reason, rlen);
	free(h);
	free(plan);
	return rc;
}

/* XSR: a purge (the test has no phases), then each access group once at the test's TC x QD. */
static int xsr(struct pts_run *x, const struct catalogue_pts_seg_profile *sp, char *reason,
	       size_t rlen)
{
	const struct catalogue_pts_segments *sg = x->pts->segments;
	struct seg plan[8];
	size_t n = sg->ngroups < 8 ? sg->ngroups : 8;
	struct rec_pts *p = x->rec;
	int rc;

	if (!x->pts->nphases) {
		rc = rv_pts_purge(x, "xsr", &p->segments_purged, &p->segments_purge_skipped,
				  &p->segments_purge_method, &p->segments_purge_done,
				  &p->segments_purge_skip_reason, reason, rlen);
		if (rc != RV_TEST_DONE)
			return rc;
	}
	for (size_t k = 0; k < n; k++) {
		plan[k] = (struct seg){.part = "xsr",
				       .kind = "group",
				       .wait_state = -1,
				       .repeat = -1,
				       .tc = p->threads,
				       .qd = p->depth,
				       .rw = sg->group_rw[k],
				       .bs = sg->group_bs[k],
				       .rwmix = -1,
				       .seconds = sp->group_s[k]};
		snprintf(plan[k].name, sizeof(plan[k].name), "g%zu", k + 1);
	}
	return run_plan(x, plan, n, "json", reason, rlen);
}

/* DIRTH's choice from the last round of the last (matrix) phase, recorded in x->rec->dirth. */
static int dirth_choose(struct pts_run *x, struct pts_dirth_choice *ch,
			struct pts_dirth_point **out, size_t *npts, size_t *cell0, char *reason,
			size_t rlen)
{
	const struct catalogue_pts_phase *ph = &x->pts->phases[x->pts->nphases - 1];
	const struct rec_pts_phase *rp =
	    x->rec->nphases ? &x->rec->phases[x->rec->nphases - 1] : NULL;
	size_t np = catalogue_pts_points(ph), m = 0, b = 0;
	struct rec_pts_dirth *d = calloc(1, sizeof(*d));
	struct pts_dirth_point *pts = calloc(np, sizeof(*pts));
	char path[PATH_MAX * 2], err[PATH_MAX + 600];
	struct pts_round rd;
	int rc;

	if (!d || !pts) {
		free(d);
		free(pts);
		rv_fmt(reason, rlen, "out of memory");
		return -ENOMEM;
	}
	rec_pts_free_dirth(x->rec);
	x->rec->dirth = d;
	rec_str_set(&d->phase, ph->id);
	d->art_ceiling_ns = x->pts->segments->art_ceiling_ns;
	if (!rp || !rp->nrounds || !rp->rounds[rp->nrounds - 1].file) {
		rec_str_set(&d->error, "the matrix phase has no round");
		rv_fmt(reason, rlen, "DIRTH: the matrix phase %s has no round", ph->id);
		free(pts);
		return -ENOENT;
	}
	d->round = rp->rounds[rp->nrounds - 1].round;
	for (size_t k = 0; k < ph->nmixes; k++)
		if (ph->mixes[k] == ph->track_mix)
			m = k;
	for (size_t k = 0; k < ph->nbs; k++)
		if (!strcmp(ph->block_sizes[k], ph->track_bs))
			b = k;
	*cell0 = (m * ph->nbs + b) * np;
	snprintf(path, sizeof(path), "%s/%s", x->drive_dir, rp->rounds[rp->nrounds - 1].file);
	if ((rc = pts_round_read(path, ph, &rd, err, sizeof(err)))) {
		rec_str_set(&d->error, err);
		rv_fmt(reason, rlen, "DIRTH: %s", err);
		pts_round_free(&rd);
		free(pts);
		return rc;
	}
	for (size_t k = 0; k < np; k++) {
		const struct pts_cell_result *c = &rd.cells[*cell0 + k];

		pts[k].toio.tc = ph->tc[k / ph->nqd];
		pts[k].toio.qd = ph->qd[k % ph->nqd];
		pts[k].iops = c->found ? c->iops : NAN;
		pts[k].art_ns = c->found ? c->lat_mean_ns : NAN;
	}
	pts_round_free(&rd);
	rc = pts_dirth_choose(pts, np, d->art_ceiling_ns, ch);
	if (rc) {
		rv_fmt(err, sizeof(err), "%s",
		       rc == -ERANGE ? "no point's average response time is within the ceiling"
				     : "the round has no TC 1 / QD 1 point");
		rec_str_set(&d->error, err);
		rv_fmt(reason, rlen, "DIRTH round %d: %s", d->round, err);
		free(pts);
		return rc;
	}
	d->chosen = true;
	d->mid_target_iops = ch->mid_target_iops;
	d->max = (struct rec_pts_dirth_point){(int)pts[ch->max].toio.tc, (int)pts[ch->max].toio.qd,
					      pts[ch->max].iops, pts[ch->max].art_ns};
	d->mid = (struct rec_pts_dirth_point){(int)pts[ch->mid].toio.tc, (int)pts[ch->mid].toio.qd,
					      pts[ch->mid].iops, pts[ch->mid].art_ns};
	d->min = (struct rec_pts_dirth_point){(int)pts[ch->min].toio.tc, (int)pts[ch->min].toio.qd,
					      pts[ch->min].iops, pts[ch->min].art_ns};
	*out = pts;
	*npts = np;
	return 0;
}

/* DIRTH: the Max, Mid and Min points run again with fio's json+ (clat histogram bins). */
static int dirth(struct pts_run *x, const struct catalogue_pts_seg_profile *sp, char *reason,
		 size_t rlen)
{
	const struct catalogue_pts_phase *ph = &x->pts->phases[x->pts->nphases - 1];
	static const char *const names[3] = {"max", "mid", "min"};
	struct pts_dirth_choice ch;
	struct pts_dirth_point *pts = NULL;
	struct seg plan[3];
	size_t np = 0, cell0 = 0, idx[3];
	char line[512];

	if (dirth_choose(x, &ch, &pts, &np, &cell0, reason, rlen)) {
		rec_str_set(&x->rec->segments_status, "failed");
		rv_pts_commit(x);
		return RV_TEST_FAILED;
	}
	idx[0] = ch.max;
	idx[1] = ch.mid;
	idx[2] = ch.min;
	for (size_t k = 0; k < 3; k++) {
		plan[k] = (struct seg){.part = "dirth-points",
				       .kind = "point",
				       .wait_state = -1,
				       .repeat = -1,
				       .tc = (int)pts[idx[k]].toio.tc,
				       .qd = (int)pts[idx[k]].toio.qd,
				       .rw = pts_cell_rw(ph->random, ph->track_mix),
				       .bs = ph->track_bs,
				       .rwmix = ph->track_mix,
				       .seconds = sp->point_s};
		snprintf(plan[k].name, sizeof(plan[k].name), "%s", names[k]);
	}
	rv_fmt(line, sizeof(line),
	       "DIRTH round %d: MaxIOPS TC %u / QD %u (%.0f IOPS), MidIOPS TC %u / QD %u, MinIOPS "
	       "TC %u / QD %u",
	       x->rec->dirth->round, pts[ch.max].toio.tc, pts[ch.max].toio.qd, pts[ch.max].iops,
	       pts[ch.mid].toio.tc, pts[ch.mid].toio.qd, pts[ch.min].toio.tc, pts[ch.min].toio.qd);
	rv_pts_say(x, line);
	free(pts);
	return run_plan(x, plan, 3, "json+", reason, rlen);
}

int rv_pts_segments(struct pts_run *x, char *reason, size_t rlen)
{
	const struct catalogue_pts_segments *sg = x->pts->segments;
	const struct catalogue_pts_seg_profile *sp =
	    catalogue_pts_seg_profile(sg, x->r->plan.profile->id);

	if (!sp) {
		rv_fmt(reason, rlen, "the catalogue gives no %s segments for the %s profile",
		       sg->kind, x->r->plan.profile->id);
		return RV_TEST_FAILED;
	}
	if (!strcmp(sg->kind, "hir"))
		return hir(x, sp, reason, rlen);
	if (!strcmp(sg->kind, "xsr"))
		return xsr(x, sp, reason, rlen);
	return dirth(x, sp, reason, rlen);
}
