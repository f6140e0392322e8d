// SPDX-License-Identifier: GPL-2.0-only
/* plan.c - the run's tests from the catalogue, and their jobfile variables (plan.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/transport_report.h"
#include "plan/plan.h"
#include "pts/cells.h"
#include "pts/hir.h"
#include "pts/steady.h"
#include "record/layout.h"

static int load(const struct rv_opts *o, struct rv_plan *p, char *err, size_t errlen)
{
	char *slash, real[PATH_MAX];
	int r;

	if (o->catalogue)
		snprintf(p->catalogue_path, sizeof(p->catalogue_path), "%s", o->catalogue);
	else if (catalogue_find(p->catalogue_path, sizeof(p->catalogue_path)) < 0) {
		snprintf(err, errlen,
			 "no test catalogue: looked at %s (give --catalogue FILE or set "
			 "SSDENG_CATALOGUE)",
			 p->catalogue_path);
		return -ENOENT;
	}
	if (realpath(p->catalogue_path, real))
		snprintf(p->catalogue_path, sizeof(p->catalogue_path), "%s", real);
	r = catalogue_load(p->catalogue_path, &p->cat, err, errlen);
	if (r < 0)
		return r;
	snprintf(p->jobdir, sizeof(p->jobdir), "%s", p->catalogue_path);
	slash = strrchr(p->jobdir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(p->jobdir, sizeof(p->jobdir), ".");
	return 0;
}

/* "a, b, c" of the catalogue's suite or profile ids */
static void id_list(const struct catalogue *c, bool suites, char *out, size_t len)
{
	size_t n = suites ? c->nsuites : c->nprofiles;

	out[0] = '\0';
	for (size_t i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s",
			 i ? (i + 1 == n ? " or " : ", ") : "",
			 suites ? c->suites[i].id : c->profiles[i].id);
}

static int check_names(const struct rv_opts *o, struct rv_plan *p, char *err, size_t errlen)
{
	char list[256];

	if (!catalogue_suite(p->cat, o->suite)) {
		id_list(p->cat, true, list, sizeof(list));
		snprintf(err, errlen, "--suite: '%s' is not one of %s", o->suite, list);
		return -EINVAL;
	}
	if (!(p->profile = catalogue_profile(p->cat, o->profile))) {
		id_list(p->cat, false, list, sizeof(list));
		snprintf(err, errlen, "--profile: '%s' is not %s", o->profile, list);
		return -EINVAL;
	}
	return 0;
}

static bool wanted(const struct rv_opts *o, const char *id)
{
	if (!o->only.n)
		return true;
	for (size_t i = 0; i < o->only.n; i++)
		if (!strcmp(o->only.v[i], id))
			return true;
	return false;
}

/* --only that leaves out a fill ("prep" family) the suite runs before a chosen test: said on
 * stderr, since the chosen test then reads or overwrites blocks the fill would have written. */
static void left_out_fills(const struct rv_opts *o, const struct rv_plan *p)
{
	for (size_t k = 0; o->only.n && k < p->nall; k++) {
		const struct catalogue_test *ct = &p->all[k];
		bool later = false;

		if (wanted(o, ct->id) || strcmp(ct->entry->family->id, "prep"))
			continue;
		for (size_t j = k + 1; j < p->nall && !later; j++)
			later = wanted(o, p->all[j].id);
		if (later)
			fprintf(
			    stderr,
			    "ssd-review: note: --only leaves out %s (%s), which the %s suite runs "
			    "before the tests chosen: they run on the drive as it is\n",
			    ct->id, ct->title, o->suite);
	}
}

static int cut(const struct rv_opts *o, struct rv_plan *p, char *err, size_t errlen)
{
	for (size_t i = 0; i < o->only.n; i++) {
		bool found = false;

		for (size_t k = 0; k < p->nall && !found; k++)
			found = !strcmp(p->all[k].id, o->only.v[i]);
		if (!found) {
			snprintf(err, errlen,
				 "--only: '%s' is not a test of the %s suite on the %s profile "
				 "(--dry-run lists them)",
				 o->only.v[i], o->suite, o->profile);
			return -EINVAL;
		}
	}
	p->t = calloc(p->nall ? p->nall : 1, sizeof(*p->t));
	if (!p->t)
		return -ENOMEM;
	for (size_t k = 0; k < p->nall; k++) {
		const struct catalogue_test *ct = &p->all[k];
		struct rv_test *t;

		if (!wanted(o, ct->id))
			continue;
		t = &p->t[p->n++];
		t->ct = ct;
		t->expected_s = ct->timing ? ct->timing->setup_s +
						 (long)ceil(catalogue_runtime_s(ct->timing)) +
						 ct->timing->ramp_s
					   : 0;
		if (ct->entry->tool == CATALOGUE_TOOL_SSD_APPS) {
			long long w, m;

			rv_apps_times(&o->apps, ct->timing, &w, &m);
			t->expected_s = (ct->timing ? ct->timing->setup_s : 0) + (long)(w + m);
		}
		/* a PTS test: at least 5 rounds of every cell of every phase */
		for (size_t k = 0; ct->entry->pts && k < ct->entry->pts->nphases; k++)
			t->expected_s +=
			    (long)ceil((double)((catalogue_pts_cells(&ct->entry->pts->phases[k]) +
						 ct->entry->pts->phases[k].prewrite) *
						PTS_SS_WINDOW) *
				       catalogue_runtime_s(ct->timing));
		if (ct->entry->pts)
			t->expected_s += (long)rv_pts_segments_s(ct->entry->pts, o->profile);
		for (size_t j = 0; j < p->nall; j++)
			if (p->all[j].step == ct->step && p->all[j].after)
				t->atomic_step = true;
	}
	left_out_fills(o, p);
	return 0;
}

void rv_apps_times(const struct rv_apps_opts *a, const struct catalogue_timing *tm,
		   long long *warmup_s, long long *time_s)
{
	*warmup_s = a->warmup_s >= 0 ? a->warmup_s : tm ? tm->ramp_s : 0;
	*time_s = a->time_s >= 0 ? a->time_s : tm ? tm->runtime_ms / 1000 : 0;
}

int rv_plan_build(const struct rv_opts *o, struct rv_plan *p, char *err, size_t errlen)
{
	struct catalogue_plan_opts po = {
	    .suite = o->suite,
	    .profile = o->profile,
	    .sweep = (const char *const *)o->sweep.v,
	    .nsweep = o->sweep.n,
	    .fc_rand_bs = o->fc_rand_bs,
	    .fc_seq_bs = o->fc_seq_bs,
	    .tq_points = o->tq_points,
	    .curve_points = o->curve_points,
	    .ncurve_points = o->ncurve_points,
	};
	int r;

	memset(p, 0, sizeof(*p));
	if (!o->sweep.n)
		po.sweep = NULL;
	if ((r = load(o, p, err, errlen)) || (r = check_names(o, p, err, errlen)))
		return r;
	r = catalogue_plan(p->cat, &po, &p->all, &p->nall, err, errlen);
	if (r < 0)
		return r;
	r = cut(o, p, err, errlen);
	if (r == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	return r;
}

void rv_plan_free(struct rv_plan *p)
{
	free(p->t);
	catalogue_plan_free(p->all, p->nall);
	catalogue_free(p->cat);
	memset(p, 0, sizeof(*p));
}

int rv_env_set(struct rv_env *env, const char *name, const char *value)
{
	size_t i;

	for (i = 0; i < env->n; i++)
		if (!strcmp(env->v[i].name, name))
			break;
	if (i == RV_ENV_MAX)
		return -ENOSPC;
	if (strlen(name) >= sizeof(env->v[i].name) || strlen(value) >= sizeof(env->v[i].value))
		return -ENAMETOOLONG;
	strcpy(env->v[i].name, name);
	strcpy(env->v[i].value, value);
	if (i == env->n)
		env->n++;
	return 0;
}

const char *rv_env_get(const struct rv_env *env, const char *name)
{
	for (size_t i = 0; i < env->n; i++)
		if (!strcmp(env->v[i].name, name))
			return env->v[i].value;
	return NULL;
}

uint64_t rv_job_size(uint64_t size, int threads)
{
	uint64_t per = size / (uint64_t)(threads > 0 ? threads : 1);

	return per >= RV_MIB ? per / RV_MIB * RV_MIB : per / 65536 * 65536;
}

static int set_u64(struct rv_env *env, const char *name, uint64_t v)
{
	char num[24];

	snprintf(num, sizeof(num), "%llu", (unsigned long long)v);
	return rv_env_set(env, name, num);
}

unsigned long long rv_pts_segments_s(const struct catalogue_pts *pts, const char *profile)
{
	const struct catalogue_pts_seg_profile *sp =
	    pts->segments ? catalogue_pts_seg_profile(pts->segments, profile) : NULL;
	unsigned long long s = 0;

	if (!sp)
		return 0;
	if (!strcmp(pts->segments->kind, "hir")) {
		struct pts_hir_params h = {sp->write_s, sp->idle_s, sp->nidle, sp->repeats,
					   sp->baseline_s};

		return pts_hir_duration_s(&h);
	}
	for (size_t g = 0; g < sp->ngroups; g++)
		s += sp->group_s[g];
	if (!strcmp(pts->segments->kind, "dirth"))
		s = 3ULL * sp->point_s;
	return s;
}

void rv_pts_shape(const struct catalogue_test *ct, const struct pts_variant_info *v, uint64_t span,
		  struct rv_pts_shape *out)
{
	const struct catalogue_pts *pts = ct->entry->pts;
	unsigned long long align = 0, range;

	*out = (struct rv_pts_shape){ct->threads, ct->depth, span, 100};
	if (!pts || !v)
		return;
	if (pts_variant_sets_outstanding(pts->test)) {
		out->threads = (int)v->tc;
		out->depth = (int)v->qd;
	}
	for (size_t k = 0; k < pts->nphases; k++)
		for (size_t b = 0; b < pts->phases[k].nbs; b++)
			if (pts_block_bytes(pts->phases[k].block_sizes[b]) > align)
				align = pts_block_bytes(pts->phases[k].block_sizes[b]);
	for (size_t g = 0; pts->segments && g < pts->segments->ngroups; g++)
		if (pts_block_bytes(pts->segments->group_bs[g]) > align)
			align = pts_block_bytes(pts->segments->group_bs[g]);
	range = pts_active_range_bytes(span, v->active_range_pct, align ? align : 4096);
	if (v->active_range_pct < 100 && range) {
		out->size = range;
		out->active_range_pct = v->active_range_pct;
	}
}

/* The catalogue row's own parameters, each a jobfile variable where the row has it: bs, and but
 * for a PTS round the test's id and its workload (a template's job name), rw, bssplit,
 * rwmixread, percentage_random, random_distribution and percentile_list (jobfiles/README.md
 * "Variables"). */
static int rv_row_params(const struct catalogue_test *ct, struct rv_env *env)
{
	const struct catalogue_entry *e = ct->entry;
	char mix[16];
	int r = 0;

	if (ct->bs)
		r |= rv_env_set(env, "SSD_BS", ct->bs);
	if (e->pts) /* a PTS round's rw, bs and mix are its cells' (rv_test_env) */
		return r;
	r |= rv_env_set(env, "SSD_TEST", ct->id);
	if (e->workload)
		r |= rv_env_set(env, "SSD_WORKLOAD", e->workload);
	if (e->rw)
		r |= rv_env_set(env, "SSD_RW", e->rw);
	if (e->bssplit)
		r |= rv_env_set(env, "SSD_BSSPLIT", e->bssplit);
	if (e->rwmix_read >= 0) {
		snprintf(mix, sizeof(mix), "%d", e->rwmix_read);
		r |= rv_env_set(env, "SSD_RWMIX", mix);
	}
	if (e->percentage_random)
		r |= rv_env_set(env, "SSD_PCT_RANDOM", e->percentage_random);
	if (e->random_distribution)
		r |= rv_env_set(env, "SSD_RANDOM_DIST", e->random_distribution);
	if (e->percentile_list)
		r |= rv_env_set(env, "SSD_PERCENTILES", e->percentile_list);
	return r;
}

int rv_test_env(const struct rv_test *t, const char *label, const char *node, uint64_t span,
		const struct rv_env_ctx *c, const char *rate, struct rv_env *env)
{
	const struct catalogue_test *ct = t->ct;
	const struct catalogue_timing *tm = ct->timing;
	uint64_t size = ct->entry->region_quarter ? span / 4 / RV_MIB * RV_MIB : span;
	char log[PATH_MAX], dir[PATH_MAX], report[PATH_MAX];
	struct rv_pts_shape sh;
	int r = 0;

	rv_pts_shape(ct, c->pts_variant, size, &sh);

	env->n = 0;
	if (rec_path_drive_dir(dir, sizeof(dir), c->out, label) ||
	    rec_path_log(log, sizeof(log), dir, ct->id, NULL, REC_LOG_FIO) ||
	    rec_path_log(report, sizeof(report), dir, ct->id, NULL, REC_LOG_ENGINE))
		return -ENAMETOOLONG;
	r |= rv_env_set(env, "SSD_ENGINE", c->fio_engine);
	r |= rv_env_set(env, "SSD_ENGINE_OPT", c->engine_opt);
	r |= rv_env_set(env, "SSD_DEV", node);
	r |= set_u64(env, "SSD_SIZE", sh.size);
	r |= set_u64(env, "SSD_JOB_SIZE", rv_job_size(sh.size, sh.threads));
	r |= set_u64(env, "SSD_THREADS", (uint64_t)sh.threads);
	r |= set_u64(env, "SSD_DEPTH", (uint64_t)sh.depth);
	r |= rv_row_params(ct, env);
	if (tm && tm->runtime_ms > 0) {
		/* fio's runtime: whole seconds as a plain number, else in ms ("500ms") */
		char rt[32];

		if (tm->runtime_ms % 1000)
			snprintf(rt, sizeof(rt), "%ldms", tm->runtime_ms);
		else
			snprintf(rt, sizeof(rt), "%ld", tm->runtime_ms / 1000);
		r |= rv_env_set(env, "SSD_RUNTIME", rt);
	}
	r |= set_u64(env, "SSD_RAMP", tm ? (uint64_t)tm->ramp_s : 0);
	/* a round that ends by bytes written: each thread's share of round_io_pct of the span,
	 * in whole 64 KiB */
	r |= set_u64(env, "SSD_TIME_BASED", tm && tm->round_io_pct ? 0 : 1);
	r |= set_u64(env, "SSD_IO_SIZE",
		     tm && tm->round_io_pct
			 ? sh.size / 100 * (uint64_t)tm->round_io_pct /
			       (uint64_t)(sh.threads > 0 ? sh.threads : 1) / 65536 * 65536
			 : sh.size);
	if (tm && tm->ss) {
		r |= rv_env_set(env, "SSD_SS", tm->ss);
		r |= set_u64(env, "SSD_SS_DUR", (uint64_t)tm->ss_dur_s);
		r |= set_u64(env, "SSD_SS_RAMP", (uint64_t)tm->ss_ramp_s);
	}
	r |= rv_env_set(env, "SSD_LOG_WINDOW", c->log_window);
	r |= set_u64(env, "SSD_HIST_COARSENESS", (uint64_t)c->hist_coarseness);
	r |= rv_env_set(env, "SSD_LOG", log);
	/* fio's environment, not the jobfile: the engine's report of its transports */
	r |= rv_env_set(env, SSD_REPORT_ENV, report);
	for (size_t i = 0; i < ct->entry->nenv; i++)
		r |= rv_env_set(env, ct->entry->env[i].name, ct->entry->env[i].value);
	if (ct->entry->pts && !ct->entry->pts->nphases && ct->entry->pts->segments &&
	    ct->entry->pts->segments->ngroups) {
		/* a test of segments only (XSR): its first access group */
		const struct catalogue_pts_segments *sg = ct->entry->pts->segments;

		r |= rv_env_set(env, "SSD_CELL", "g1");
		r |= rv_env_set(env, "SSD_RW", sg->group_rw[0]);
		r |= rv_env_set(env, "SSD_BS", sg->group_bs[0]);
		r |= rv_env_set(env, "SSD_RWMIX", "0");
	} else if (ct->entry->pts) {
		/* a PTS round's cells; these are the first phase's tracking cell (what --dry-run
		 * shows and the checks before the first write parse) */
		const struct catalogue_pts_phase *ph = &ct->entry->pts->phases[0];
		char cell[128], mix[8];

		pts_cell_name(ph->id, ph->track_mix, ph->track_bs, cell, sizeof(cell));
		snprintf(mix, sizeof(mix), "%d", ph->track_mix);
		r |= rv_env_set(env, "SSD_CELL", cell);
		r |= rv_env_set(env, "SSD_RW", pts_cell_rw(ph->random, ph->track_mix));
		r |= rv_env_set(env, "SSD_BS", ph->track_bs);
		r |= rv_env_set(env, "SSD_RWMIX", mix);
	}
	if (ct->rate_from) {
		char pct[16];

		snprintf(pct, sizeof(pct), "%d", ct->rate_pct);
		r |= rate ? rv_env_set(env, "SSD_RATE_IOPS", rate)
			  : rv_env_set(env, "RATE_PCT", pct);
	}
	return r ? -ENAMETOOLONG : 0;
}
