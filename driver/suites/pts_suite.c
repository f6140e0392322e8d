// SPDX-License-Identifier: GPL-2.0-only
/* pts_suite.c - a SNIA PTS test on one drive: purge, WIPC, rounds to steady state (pts_suite.h). */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "plan/jobfile.h"
#include "pts/cells.h"
#include "pts/round.h"
#include "pts/steady.h"
#include "record/json.h"
#include "record/layout.h"
#include "run/child.h"
#include "run/progress.h"
#include "suites/expand.h"
#include "suites/pts_cache.h"
#include "suites/pts_run.h"
#include "suites/pts_suite.h"
#include "suites/pts_verdict.h"
#include "suites/testrun.h"
#include "util/proc.h"
#include "util/util.h"

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
		if (o->pts_no_purge || o->pts_variant_given) {
			snprintf(err, errlen, "%s: the plan (--suite %s) has no PTS test",
				 o->pts_no_purge ? "--pts-no-purge" : "--pts-variant", o->suite);
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
	const struct rec_test *e = rv_record_earlier_test(&r->rec[ti], id);
	char path[PATH_MAX * 2], dir[PATH_MAX + 80];
	struct stat sb;

	rec_path_drive_dir(dir, sizeof(dir), r->out_abs, r->ts.t[ti].label);
	rec_path_test_dir(path, sizeof(path), dir, id);
	st = e ? e->status : NULL;
	return r->o->resume && st && !strcmp(st, "done") && !stat(path, &sb) && S_ISDIR(sb.st_mode);
}

/* The earlier record's phase @id, or NULL. */
static const struct rec_pts_phase *earlier_phase(const struct rec_pts *e, const char *id)
{
	for (size_t k = 0; e && k < e->nphases; k++)
		if (e->phases[k].id && !strcmp(e->phases[k].id, id))
			return &e->phases[k];
	return NULL;
}

/* Whether the earlier record's phase @ep ended (steady, or its rounds' end without a steady
 * window, or WSAT's bytes) with its rounds numbered from 1 and every file it names still there
 * (@drive_dir: OUT/<label>). */
static bool phase_whole(const struct rec_pts_phase *ep, const char *drive_dir)
{
	static const char *const ended[] = {"steady", "steady state not achieved", "written",
					    "round limit", NULL};
	char path[PATH_MAX * 2];
	bool done = false;

	for (size_t k = 0; ep && ep->status && ended[k]; k++)
		done |= !strcmp(ep->status, ended[k]);
	if (!done || !ep->nrounds)
		return false;
	for (size_t k = 0; k < ep->nrounds; k++) {
		if (!ep->rounds[k].file || ep->rounds[k].round != (int)k + 1)
			return false;
		snprintf(path, sizeof(path), "%s/%s", drive_dir, ep->rounds[k].file);
		if (access(path, R_OK))
			return false;
	}
	snprintf(path, sizeof(path), "%s/%s", drive_dir, ep->wipc_file ? ep->wipc_file : "");
	return !ep->wipc || (ep->wipc_file && !access(path, R_OK));
}

size_t rv_pts_resume_from(const struct catalogue_pts *pts, const struct rec_pts *e,
			  const char *drive_dir, size_t *cut)
{
	size_t c = 0, from;

	while (e && c < pts->nphases && phase_whole(earlier_phase(e, pts->phases[c].id), drive_dir))
		c++;
	*cut = e ? c : 0;
	if (!e)
		return 0;
	if (c == pts->nphases && !pts->segments)
		return c; /* every phase ended: nothing was cut short */
	/* the segments follow the last phase: they start from the state its rounds left */
	from = c < pts->nphases ? c : pts->nphases ? pts->nphases - 1 : 0;
	while (from > 0 && !pts->phases[from].purge)
		from--;
	return from;
}

void rv_pts_resume_text(const struct catalogue_pts *pts, const struct rec_pts *e,
			const char *drive_dir, char *out, size_t len)
{
	size_t cut, from = rv_pts_resume_from(pts, e, drive_dir, &cut), n = 0;
	const struct rec_pts_phase *ep;

	out[0] = '\0';
	if (!e)
		return;
	if (from)
		n += (size_t)rv_fmt(out, len, "--resume: phase%s ", from > 1 ? "s" : "");
	for (size_t k = 0; k < from && n < len; k++)
		n += (size_t)rv_fmt(out + n, len - n, "%s%s", k ? ", " : "", pts->phases[k].id);
	if (from && n < len)
		n += (size_t)rv_fmt(out + n, len - n, " kept (ended in the run resumed)%s",
				    from < pts->nphases || pts->segments ? "; " : "");
	if (n >= len || (from == pts->nphases && !pts->segments))
		return;
	if (!from)
		n += (size_t)rv_fmt(out + n, len - n, "--resume: ");
	ep = cut < pts->nphases ? earlier_phase(e, pts->phases[cut].id) : NULL;
	if (cut < pts->nphases)
		n += (size_t)rv_fmt(out + n, len - n, "phase %s was cut short after %zu round%s",
				    pts->phases[cut].id, ep ? ep->nrounds : 0,
				    ep && ep->nrounds == 1 ? "" : "s");
	else
		n += (size_t)rv_fmt(out + n, len - n,
				    "the segments were cut short after %zu of %lld", e->nsegments,
				    e->segments_planned);
	if (n >= len)
		return;
	if (from < pts->nphases)
		rv_fmt(out + n, len - n,
		       " and the drive has idled since: run again whole from phase %s (%s "
		       "preconditioning, rounds from 1%s)",
		       pts->phases[from].id, pts->phases[from].purge ? "its purge," : "its",
		       pts->segments ? ", then every segment" : "");
	else
		rv_fmt(out + n, len - n,
		       " and the drive has idled since: run again whole (the purge, then every "
		       "segment from 1)");
}

/* The job section of an expanded jobfile: its first line "[name]" that is not [global]. */
static const char *job_section(const char *text)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (*p == '[' && strncmp(p, "[global]", 8))
			return p;
	return NULL;
}

/* Append the job section of one cell (@name, @rw, @bs, @mix, at @tc x @qd; 0: the test's) to
 * the round's jobfile @buf (@len, @cap); the first one keeps its [global] section. A cell after
 * another (@prev, the cell before's name; NULL for the first) waits for it to end (wait_for=):
 * the cells run one after another, each reported on its own (new_group). fio 3.33 starts a job
 * that waits for another as soon as its main loop sees that one's threads ended, where a
 * stonewall waits for them to be reaped and another 100 ms (backend.c run_threads()): 0.1 s less
 * between cells, the cells' I/O the same. */
static int add_cell(struct pts_run *x, const char *name, const char *prev, const char *rw,
		    const char *bs, int mix, unsigned int tc, unsigned int qd, char **buf,
		    size_t *len, size_t *cap, char *err, size_t errlen)
{
	const struct rv_target *t = &x->r->ts.t[x->ti];
	struct rv_env env;
	char *text = NULL, *nb, num[16], wait[200] = "";
	const char *part, *eol;
	size_t n, head, nw;
	int rc;

	rv_test_env(&x->r->plan.t[x->i], t->label, t->node, t->span, &x->r->envc, NULL, &env);
	rv_env_set(&env, "SSD_CELL", name);
	rv_env_set(&env, "SSD_RW", rw);
	rv_env_set(&env, "SSD_BS", bs);
	snprintf(num, sizeof(num), "%d", mix);
	rv_env_set(&env, "SSD_RWMIX", num);
	if (tc) {
		snprintf(num, sizeof(num), "%u", tc);
		rv_env_set(&env, "SSD_THREADS", num);
		snprintf(num, sizeof(num), "%u", qd);
		rv_env_set(&env, "SSD_DEPTH", num);
	}
	if ((rc = rv_expand_test(x->r, t, x->i, NULL, &env, &text, err, errlen)))
		return rc;
	part = *len ? job_section(text) : text;
	if (!part) {
		snprintf(err, errlen, "jobfiles/%s has no job section", x->ct->entry->jobfile);
		free(text);
		return -EINVAL;
	}
	n = strlen(part);
	if (prev)
		snprintf(wait, sizeof(wait), "wait_for=%s\n", prev);
	nw = strlen(wait);
	/* wait_for= goes right after the job section's "[name]" line */
	eol = strchr(job_section(part), '\n');
	head = eol ? (size_t)(eol + 1 - part) : n;
	if (*len + n + nw + 2 > *cap) {
		*cap = (*len + n + nw + 2) * 2;
		if (!(nb = realloc(*buf, *cap))) {
			free(text);
			return -ENOMEM;
		}
		*buf = nb;
	}
	memcpy(*buf + *len, part, head);
	memcpy(*buf + *len + head, wait, nw);
	memcpy(*buf + *len + head + nw, part + head, n - head);
	*len += n + nw;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = '\0';
	free(text);
	return 0;
}

/* The jobfile of a round of phase @ph: [global] once, a job section per cell in run order (a
 * matrix phase: its pre-write first, then each cell at each TC x QD point). */
static int round_jobfile(struct pts_run *x, const struct catalogue_pts_phase *ph, char **out,
			 char *err, size_t errlen)
{
	const struct rv_target *t = &x->r->ts.t[x->ti];
	size_t cap = 1, len = 0, np = catalogue_pts_points(ph);
	char *buf = calloc(1, 1), name[160], prev[160] = "";
	unsigned int tc = (unsigned int)ph->threads, qd = (unsigned int)ph->depth;
	int rc = buf ? 0 : -ENOMEM;

	if (!rc && ph->prewrite) {
		pts_prewrite_name(ph->id, name, sizeof(name));
		rc = add_cell(x, name, NULL, pts_cell_rw(ph->random, 0), ph->block_sizes[0], 0,
			      ph->tc[0], ph->qd[0], &buf, &len, &cap, err, errlen);
		snprintf(prev, sizeof(prev), "%s", name);
	}
	for (size_t m = 0; !rc && m < ph->nmixes; m++)
		for (size_t b = 0; !rc && b < ph->nbs; b++) {
			if (!pts_cell_applicable(ph->block_sizes[b], t->devs[0].probe.lbs))
				continue;
			for (size_t k = 0; !rc && k < np; k++) {
				if (ph->ntc) {
					tc = ph->tc[k / ph->nqd];
					qd = ph->qd[k % ph->nqd];
				}
				pts_point_name(ph->id, ph->mixes[m], ph->block_sizes[b],
					       ph->ntc ? tc : 0, qd, name, sizeof(name));
				rc = add_cell(x, name, prev[0] ? prev : NULL,
					      pts_cell_rw(ph->random, ph->mixes[m]),
					      ph->block_sizes[b], ph->mixes[m], tc, qd, &buf, &len,
					      &cap, err, errlen);
				snprintf(prev, sizeof(prev), "%s", name);
			}
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

static void commit(struct pts_run *x) { rv_pts_commit(x); }

static void say(struct pts_run *x, const char *what) { rv_pts_say(x, what); }

/* The cells of @ph that cannot run on the drive's logical block size, planned out before the
 * first write: named in @rp and as a reason the figures are not compliant. Return: the cells
 * that run, or 0 (@reason set) when the tracking cell itself cannot. */
static size_t plan_cells(struct pts_run *x, const struct catalogue_pts_phase *ph,
			 struct rec_pts_phase *rp, char *reason, size_t rlen)
{
	unsigned int lbs = x->r->ts.t[x->ti].devs[0].probe.lbs;
	size_t n = 0, out = 0;
	char list[1024] = "", name[128], why[256];

	for (size_t m = 0; m < ph->nmixes; m++)
		for (size_t b = 0; b < ph->nbs; b++) {
			if (pts_cell_applicable(ph->block_sizes[b], lbs)) {
				n += catalogue_pts_points(ph);
				continue;
			}
			pts_cell_name(ph->id, ph->mixes[m], ph->block_sizes[b], name, sizeof(name));
			rv_fmt(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
			       out++ ? ", " : "", name);
		}
	if (!pts_cell_applicable(ph->track_bs, lbs)) {
		rv_fmt(reason, rlen,
		       "%s: the tracking cell's %s transfers are not whole %u-byte logical blocks; "
		       "nothing was written",
		       ph->id, ph->track_bs, lbs);
		return 0;
	}
	if (out) {
		rv_fmt(why, sizeof(why), "%s: transfers that are not whole %u-byte logical blocks",
		       list, lbs);
		rec_str_set(&rp->not_applicable, why);
		rv_fmt(why, sizeof(why),
		       "%s: %zu of %zu cells not applicable on %u-byte logical blocks", ph->id, out,
		       out + n, lbs);
		rec_pts_add_not_compliant(x->rec, why);
		rv_fmt(list, sizeof(list),
		       "%s: not applicable, planned out before the first write: %s", ph->id,
		       rp->not_applicable);
		say(x, list);
	}
	return n;
}

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
				 .expected_s = expected,
				 .test_before_s = x->before_s + (long)(time(NULL) - x->t0),
				 .test_after_s = x->after_s,
				 .test_after_lower_bound = true};

	rec_path_pts(final, sizeof(final), x->drive_dir, x->ct->id, ph, kind, round);
	return rv_fio_call(x->r, x->ti, &fc, summary, slen, reason, rlen);
}

/* Purge and WIPC before phase @ph. */
static int prepare_phase(struct pts_run *x, const struct catalogue_pts_phase *ph,
			 struct rec_pts_phase *rp, char *reason, size_t rlen)
{
	struct rv_run *r = x->r;
	const struct rv_target *t = &r->ts.t[x->ti];
	char path[PATH_MAX + 300], name[160], line[1024], summary[128];
	char log[PATH_MAX + 300], dir[PATH_MAX], loops[8], *text = NULL, *exp = NULL, missing[128];
	struct rv_env env;
	time_t t0;
	int rc;

	rc = rv_pts_purge(x, ph->id, &rp->purged, &rp->purge_skipped, &rp->purge_method,
			  &rp->purge_done, &rp->purge_skip_reason, reason, rlen);
	if (rc != RV_TEST_DONE)
		return rc;
	commit(x);
	if (!ph->wipc)
		return RV_TEST_DONE;
	/* WIPC: the wipc jobfile, twice the span */
	snprintf(path, sizeof(path), "%s/%s", r->plan.jobdir, x->pts->wipc);
	if ((rc = rec_file_read(path, &text, NULL)) < 0) {
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
	rec_file_write(path, exp, strlen(exp));
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
	rec_path_pts(path, sizeof(path), NULL, x->ct->id, ph->id, REC_PTS_WIPC, 0);
	rp->wipc = true;
	rec_str_set(&rp->wipc_file, path);
	rec_str_set(&rp->wipc_jobfile, x->pts->wipc);
	rp->wipc_bytes = 2 * x->rec->span_bytes;
	rp->wipc_seconds = time(NULL) - t0;
	commit(x);
	return RV_TEST_DONE;
}

/* The window's figures for the record. */
static void set_window(struct rec_pts_phase *rp, const struct pts_ss_window *w)
{
	rp->window = true;
	rp->window_first = (int)w->first + 1;
	rp->window_last = (int)w->last + 1;
	rp->window_mean = w->mean;
	rp->window_range_pct = w->range_pct;
	rp->window_slope = w->slope;
	rp->window_intercept = w->intercept;
	rp->window_excursion_pct = w->excursion_pct;
}

/* The least the test still needs after a fio run of phase @pi: @rounds more rounds of its
 * @ncells cells, then the later phases' PTS_SS_WINDOW rounds each (seconds of cells; fio's
 * start-up and the WIPC fills are not counted, so it is a lower bound). */
static long left_after(const struct pts_run *x, size_t pi, size_t rounds, size_t ncells)
{
	double cell_s = catalogue_runtime_s(x->ct->timing);
	double s = (double)(rounds * (ncells + x->pts->phases[pi].prewrite)) * cell_s;

	for (size_t k = pi + 1; k < x->pts->nphases; k++)
		s += (double)((catalogue_pts_cells(&x->pts->phases[k]) +
			       x->pts->phases[k].prewrite) *
			      PTS_SS_WINDOW) *
		     cell_s;
	return (long)ceil(s) + (long)rv_pts_segments_s(x->pts, x->r->plan.profile->id);
}

/* Rounds still needed after round @n (1-based) at least: to fill the steady-state window, or for
 * a phase that stops by bytes written, at the rate the rounds so far wrote. */
static size_t rounds_left(const struct catalogue_pts_phase *ph, size_t n, double written,
			  uint64_t span)
{
	double target = (double)ph->stop_written * (double)span;

	if (!ph->stop_written)
		return n < PTS_SS_WINDOW ? PTS_SS_WINDOW - n : 0;
	if (!n || written <= 0 || written >= target)
		return 0;
	return (size_t)ceil((target - written) / (written / (double)n));
}

/* One phase, whole: purge and WIPC when it asks, then rounds from 1 to steady state. */
static int run_phase(struct pts_run *x, size_t pi, char *reason, size_t rlen)
{
	const struct catalogue_pts_phase *ph = &x->pts->phases[pi];
	struct rv_run *r = x->r;
	struct rec_pts_phase *rp = rec_pts_add_phase(x->rec);
	double *y = calloc((size_t)ph->max_rounds + 1, sizeof(*y)), written = 0.0, wr;
	uint64_t span = (uint64_t)x->rec->span_bytes; /* the active range */
	size_t n = 0, ncells;
	double cell_s = catalogue_runtime_s(x->ct->timing);
	char path[PATH_MAX + 300], line[1024], summary[128], cell[128], val[64], *job = NULL;
	enum pts_ss_next next = PTS_SS_CONTINUE;
	struct pts_ss_window w = {.mean = NAN};
	int rc;

	if (!rp || !y) {
		free(y);
		snprintf(reason, rlen, "out of memory");
		return RV_TEST_FAILED;
	}
	rec_str_set(&rp->id, ph->id);
	rec_str_set(&rp->track_bs, ph->track_bs);
	rp->track_mix = ph->track_mix;
	if (ph->ntc) {
		rp->track_tc = ph->track_tc;
		rp->track_qd = ph->track_qd;
	}
	rec_str_set(&rp->track_metric, ph->track_metric);
	if (!(ncells = plan_cells(x, ph, rp, reason, rlen))) {
		rc = RV_TEST_FAILED;
		goto fail;
	}
	rp->cells = (int)ncells;
	rec_str_set(&rp->status, "running");
	if (ph->stop_written)
		rp->stop_written_bytes = (long long)(ph->stop_written * span);
	if (ph->purge) {
		x->after_s = left_after(x, pi, PTS_SS_WINDOW, ncells);
		if ((rc = prepare_phase(x, ph, rp, reason, rlen)) != RV_TEST_DONE)
			goto fail;
	}
	commit(x);
	if ((rc = round_jobfile(x, ph, &job, reason, rlen))) {
		rc = RV_TEST_FAILED;
		goto fail;
	}
	rec_path_pts(path, sizeof(path), x->drive_dir, x->ct->id, ph->id, REC_PTS_ROUND_JOB, 0);
	rec_file_write(path, job, strlen(job));
	free(job);
	pts_point_name(ph->id, ph->track_mix, ph->track_bs, (unsigned int)ph->track_tc,
		       (unsigned int)ph->track_qd, cell, sizeof(cell));
	while (next == PTS_SS_CONTINUE) {
		struct rec_pts_round *ro;
		time_t t0 = time(NULL);
		char now[32], rel[PATH_MAX];

		/* after this round: the rounds left at the rate the earlier ones wrote */
		x->after_s = left_after(
		    x, pi, rounds_left(ph, n + 1, n ? written + written / (double)n : 0.0, span),
		    ncells);
		rc = fio_into(x, path, ph->id, REC_PTS_ROUND, (unsigned)n + 1,
			      (long)ceil((double)(ncells + ph->prewrite) * cell_s), summary,
			      sizeof(summary), reason, rlen);
		if (rc != RV_TEST_DONE)
			goto fail;
		rec_path_pts(rel, sizeof(rel), x->drive_dir, x->ct->id, ph->id, REC_PTS_ROUND,
			     (unsigned)n + 1);
		y[n] = round_tracking(rel, ph, &wr);
		written += wr;
		n++;
		next = after_round(ph, y, n, written, span, &w);
		rec_path_pts(rel, sizeof(rel), NULL, x->ct->id, ph->id, REC_PTS_ROUND, (unsigned)n);
		if ((ro = rec_pts_add_round(rp))) {
			ro->round = (int)n;
			rec_str_set(&ro->file, rel);
			ro->tracking = y[n - 1];
			ro->bytes_written = wr;
			ro->seconds = time(NULL) - t0;
			rec_str_set(&ro->ended, rv_iso_time(time(NULL), now, sizeof(now)));
		}
		commit(x);
		pts_tracking_format(ph->track_metric, y[n - 1], val, sizeof(val));
		if (ph->stop_written)
			snprintf(line, sizeof(line),
				 "%s · %s round %zu: %s %s · %.0f %% of %d x the span written",
				 x->head, ph->id, n, cell, val,
				 100.0 * written / ((double)ph->stop_written * (double)span),
				 ph->stop_written);
		else if (n >= PTS_SS_WINDOW)
			snprintf(
			    line, sizeof(line),
			    "%s · %s round %zu: %s %s · window range %.1f %%, excursion %.1f %%%s",
			    x->head, ph->id, n, cell, val, w.range_pct, w.excursion_pct,
			    next == PTS_SS_STEADY ? " · steady" : "");
		else
			snprintf(line, sizeof(line), "%s · %s round %zu: %s %s", x->head, ph->id, n,
				 cell, val);
		rv_progress_print(line, r->tty, true);
	}
	rec_str_set(&rp->status, end_status(ph, next));
	if (!ph->stop_written && n >= PTS_SS_WINDOW && !isnan(w.mean))
		set_window(rp, &w);
	if (ph->stop_written)
		rp->bytes_written = written;
	commit(x);
	free(y);
	return RV_TEST_DONE;
fail:
	rec_str_set(&rp->status, rc == RV_TEST_INTERRUPTED ? "interrupted" : "failed");
	commit(x);
	free(y);
	return rc;
}

/* Phases [0, @n) of the resumed run's record moved into this run's (kept whole), with the
 * reasons its figures are not compliant. Return: 0 or -ENOMEM. */
static int keep_phases(struct pts_run *x, size_t n)
{
	struct rec_pts *cp = NULL;
	int rc = n ? rec_pts_copy(&cp, x->earlier) : 0;

	for (size_t k = 0; !rc && k < n; k++) {
		struct rec_pts_phase *to = rec_pts_add_phase(x->rec);
		const struct rec_pts_phase *ep = earlier_phase(cp, x->pts->phases[k].id);

		if (!to || !ep) {
			rc = -ENOMEM;
			break;
		}
		/* the copy's strings and rounds now belong to x->rec: its entry zeroed */
		*to = *ep;
		memset(&cp->phases[ep - cp->phases], 0, sizeof(*ep));
	}
	for (size_t k = 0; !rc && cp && k < cp->nnot_compliant; k++)
		rc = rec_pts_add_not_compliant(x->rec, cp->not_compliant[k]);
	rec_pts_free(cp);
	return rc;
}

/* The resumed run's files of what runs again: the rounds and WIPC of phases [@from, ...) and
 * every segment's files, so the test's folder holds only what its record names. */
static void remove_rerun(struct pts_run *x, size_t from)
{
	DIR *d = opendir(x->dir);
	struct dirent *e;
	char pre[160], path[PATH_MAX * 2];

	while (d && (e = readdir(d))) {
		bool rm = x->pts->segments && strstr(e->d_name, "-seg-");

		for (size_t k = from; !rm && k < x->pts->nphases; k++) {
			rv_fmt(pre, sizeof(pre), "%s-round-", x->pts->phases[k].id);
			rm = !strncmp(e->d_name, pre, strlen(pre));
			rv_fmt(pre, sizeof(pre), "%s-wipc.", x->pts->phases[k].id);
			rm |= !strncmp(e->d_name, pre, strlen(pre));
		}
		if (rm) {
			rv_fmt(path, sizeof(path), "%s/%s", x->dir, e->d_name);
			unlink(path);
		}
	}
	if (d)
		closedir(d);
}

/* The "pts" record of the test: what the standard's report header says. */
static struct rec_pts *pts_record(struct pts_run *x)
{
	const struct rv_run *r = x->r;
	const struct pts_variant_info *v = r->envc.pts_variant;
	struct rec_pts *p = calloc(1, sizeof(*p));
	struct rv_pts_shape sh;
	const char *nc[2];
	size_t n = 0;

	if (!p)
		return NULL;
	rv_pts_shape(x->ct, v, r->ts.t[x->ti].span, &sh);
	rec_str_set(&p->test, x->pts->test);
	if (v && v->variant != PTS_ENTERPRISE) { /* "SNIA PTS-E v2.0.2, IOPS test": its standard */
		const char *test = strchr(x->pts->spec, ',');
		char spec[256];

		rv_fmt(spec, sizeof(spec), "%s v%s%s", v->standard, v->version, test ? test : "");
		rec_str_set(&p->spec, spec);
	} else
		rec_str_set(&p->spec, x->pts->spec);
	rec_str_set(&p->variant, v ? v->name : "enterprise");
	/* pts-round.fio and the WIPC jobfile set no buffer option: fio fills its buffers with
	 * random data and scrambles them on each submission (scramble_buffers=1, its default) */
	rec_str_set(&p->data_pattern, "random (fio's default buffers: random data, scrambled per "
				      "write; no compression or dedupe pattern)");
	if (r->o->pts_no_purge)
		nc[n++] = "no purge (--pts-no-purge)";
	if (!x->r->plan.profile->review_grade)
		nc[n++] = "durations shortened (profile)";
	p->not_compliant = calloc(n + 1, sizeof(*p->not_compliant));
	for (size_t k = 0; p->not_compliant && k < n; k++)
		rec_str_set(&p->not_compliant[p->nnot_compliant++], nc[k]);
	p->threads = sh.threads;
	p->depth = sh.depth;
	p->cell_seconds = catalogue_runtime_s(x->ct->timing);
	p->span_bytes = (long long)sh.size;
	p->active_range_pct = (int)sh.active_range_pct;
	p->max_rounds = x->pts->nphases ? x->pts->phases[0].max_rounds : 0;
	if (x->pts->segments)
		rec_str_set(&p->segments_kind, x->pts->segments->kind);
	return p;
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
	char now[32], reason[1024] = "", line[2048], hms[32], sig[32], verdict[1024];
	const struct rec_test *earlier = rv_record_earlier_test(&r->rec[ti], x.ct->id);
	struct rec_test *rec = rv_test(r, ti, i);
	long long before = 0;	  /* seconds the test ran in the sessions before this one */
	size_t from = 0, cut = 0; /* the first phase this session runs; the first cut short */
	int rc = RV_TEST_DONE;
	time_t t0 = time(NULL);

	x.t0 = t0;
	snprintf(x.head, sizeof(x.head), "[%zu/%zu] %s · %s", index, r->total, t->label, x.ct->id);
	rec_path_drive_dir(x.drive_dir, sizeof(x.drive_dir), r->out_abs, t->label);
	rec_path_test_dir(x.dir, sizeof(x.dir), x.drive_dir, x.ct->id);
	rec_path_log(x.errf, sizeof(x.errf), x.drive_dir, x.ct->id, NULL, REC_LOG_FIO_STDERR);
	if (r->o->resume && earlier)
		x.earlier = earlier->pts;
	if (mkdir(x.dir, 0755) && errno != EEXIST) {
		rv_fmt(reason, sizeof(reason), "cannot create %s: %s", x.dir, strerror(errno));
		rc = RV_TEST_FAILED;
	}
	rec_pts_free(rec->pts);
	if (!(rec->pts = x.rec = pts_record(&x))) {
		fprintf(stderr, "ssd-review: out of memory\n");
		return RV_TEST_FAILED;
	}
	if (rc == RV_TEST_DONE) { /* before the first write: the cache as the variant wants */
		rv_pts_cache_apply(t->devs[0].path, t->devs[0].probe.kind,
				   r->envc.pts_variant && r->envc.pts_variant->write_cache_enabled,
				   x.earlier, x.rec, line, sizeof(line));
		say(&x, line);
	}
	rv_test_state(rec, "running", NULL);
	rec_str_set(&rec->started, rv_iso_time(t0, now, sizeof(now)));
	if (x.earlier && earlier->started) { /* it goes on: its start is the first session's */
		rec_str_set(&rec->started, earlier->started);
		before = earlier->seconds > 0 ? earlier->seconds : 0;
		x.before_s = (long)before;
	}
	if (x.earlier) { /* what ended is kept; what was cut short runs again whole */
		from = rv_pts_resume_from(x.pts, x.earlier, x.drive_dir, &cut);
		rv_pts_resume_text(x.pts, x.earlier, x.drive_dir, line, sizeof(line));
		say(&x, line);
		if (keep_phases(&x, from)) {
			rv_fmt(reason, sizeof(reason), "out of memory");
			rc = RV_TEST_FAILED;
		}
		if (rc == RV_TEST_DONE)
			remove_rerun(&x, from);
	}
	commit(&x);
	if (!from) { /* the engine's report is appended to part after part: a fresh start */
		char rep[PATH_MAX];

		if (!rec_path_log(rep, sizeof(rep), x.drive_dir, x.ct->id, NULL, REC_LOG_ENGINE))
			unlink(rep);
	}
	r->st.index = index;
	r->st.label = t->label;
	r->st.test_id = x.ct->id;
	r->st.title = x.ct->title;
	r->st.test_started = now;
	r->st.expected_s = r->plan.t[i].expected_s;
	for (size_t p = from; rc == RV_TEST_DONE && p < x.pts->nphases; p++)
		rc = run_phase(&x, p, reason, sizeof(reason));
	if (x.pts->segments) {
		if (rc == RV_TEST_DONE)
			rc = rv_pts_segments(&x, reason, sizeof(reason));
		else
			rec_str_set(&x.rec->segments_status, "not run");
	}
	rv_pts_cache_restore(t->devs[0].path, x.rec, line, sizeof(line));
	if (line[0])
		say(&x, line);
	r->st.test_id = NULL;
	rec_str_set(&rec->ended, rv_iso_time(time(NULL), now, sizeof(now)));
	rec->seconds = before + (time(NULL) - t0);
	rec_str_set(&rec->manifest_id, rec_json_str(r->rec[ti].run.manifest, "id"));
	rv_hms(time(NULL) - t0, hms, sizeof(hms));
	if (rc == RV_TEST_DONE) {
		rv_test_state(rec, "done", NULL);
		r->done++;
		rv_pts_verdict(x.rec, verdict, sizeof(verdict));
		snprintf(line, sizeof(line), "%s · done in %s · %s", x.head, hms, verdict);
	} else if (rc == RV_TEST_INTERRUPTED) {
		if (!reason[0])
			snprintf(reason, sizeof(reason), "%s: stopped",
				 rv_sig_name(rv_stop_signal, sig, sizeof(sig)));
		rv_test_state(rec, "interrupted", reason);
		snprintf(line, sizeof(line), "%s · interrupted after %s", x.head, hms);
	} else {
		rv_test_state(rec, "failed", reason);
		r->failed++;
		snprintf(line, sizeof(line), "%s · FAILED: %s", x.head, reason);
	}
	commit(&x);
	rv_progress_print(line, r->tty, true);
	return rc;
}
