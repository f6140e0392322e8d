// SPDX-License-Identifier: GPL-2.0-only
/*
 * setup.c - a run's checks before its first write and the files it starts with (review.h):
 * manifests, locks, earlier results, preflight; then OUT/catalogue.json, OUT/<label>/, run.json,
 * drive.json and status.json.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/json.h"
#include "record/layout.h"
#include "record/manifest.h"
#include "review/preflight.h"
#include "review/resume.h"
#include "review/review.h"
#include "state/drivefile.h"
#include "suites/apps_suite.h"
#include "suites/pts_suite.h"
#include "util/util.h"

static json_object *strv(const struct rv_strv *v)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < v->n; i++)
		json_object_array_add(a, json_object_new_string(v->v[i]));
	return a;
}

/* The request part of the manifest, with every default resolved. */
static json_object *request(const struct rv_run *r)
{
	const struct rv_opts *o = r->o;
	const struct catalogue *c = r->plan.cat;
	const struct catalogue_profile *p = r->plan.profile;
	json_object *q = json_object_new_object(), *sweep, *pts = json_object_new_array();

	if (o->sweep.n)
		sweep = strv(&o->sweep);
	else {
		sweep = json_object_new_array();
		for (size_t i = 0; i < c->ndefault_sweep; i++)
			json_object_array_add(sweep, json_object_new_string(c->default_sweep[i]));
	}
	for (size_t i = 0; i < (o->curve_points ? o->ncurve_points : p->ncurve_points); i++)
		json_object_array_add(
		    pts,
		    json_object_new_int(o->curve_points ? o->curve_points[i] : p->curve_points[i]));
	json_object_object_add(q, "suite", rec_json_text(o->suite));
	json_object_object_add(q, "profile", rec_json_text(o->profile));
	json_object_object_add(q, "sweep", sweep);
	json_object_object_add(q, "tq_points",
			       rec_json_text(o->tq_points ? o->tq_points : p->tq_points));
	json_object_object_add(q, "curve_points", pts);
	json_object_object_add(
	    q, "fc_rand_bs", rec_json_text(o->fc_rand_bs ? o->fc_rand_bs : c->default_fc_rand_bs));
	json_object_object_add(q, "fc_seq_bs",
			       rec_json_text(o->fc_seq_bs ? o->fc_seq_bs : c->default_fc_seq_bs));
	json_object_object_add(q, "engine", rec_json_text(o->engine));
	json_object_object_add(q, "engine_option", rec_json_text(r->tools.engine_opt));
	if (rv_plan_has_apps(&r->plan))
		json_object_object_add(q, "apps", rv_apps_request(r));
	if (rv_pts_in_plan(&r->plan, NULL))
		json_object_object_add(q, "pts_variant", rec_json_text(r->envc.pts_variant->name));
	return q;
}

static json_object *dev_obj(const struct rv_dev *d, bool with_name)
{
	json_object *o = json_object_new_object();
	char abs[PATH_MAX];

	rv_abspath(NULL, d->path, abs, sizeof(abs));
	if (with_name)
		json_object_object_add(o, "name", rec_json_text(d->name));
	json_object_object_add(o, "device", rec_json_text(abs));
	json_object_object_add(o, "fio_filename", rec_json_text(d->node));
	json_object_object_add(o, "span_bytes", json_object_new_uint64(d->span));
	json_object_object_add(o, "identity", rv_drive_identity(d->path, &d->probe, d->info));
	return o;
}

/* The drive part of target @t's manifest. */
static json_object *drive(const struct rv_run *r, const struct rv_target *t)
{
	json_object *o, *a;
	char hp[300];

	o = json_object_new_object();
	json_object_object_add(o, "label", rec_json_text(t->label));
	json_object_object_add(o, "kind", rec_json_text(t->kind));
	json_object_object_add(o, "span_bytes", json_object_new_uint64(t->span));
	if (t->type == RV_T_DRIVE) {
		json_object *d = dev_obj(&t->devs[0], false);

		json_object_object_foreach(d, k, v)
		    json_object_object_add(o, k, json_object_get(v));
		json_object_put(d);
	}
	switch (t->type) {
	case RV_T_GROUP:
		a = json_object_new_array();
		for (size_t i = 0; i < t->ndevs; i++)
			json_object_array_add(a, dev_obj(&t->devs[i], true));
		json_object_object_add(o, "members", a);
		break;
	case RV_T_REMOTE:
		snprintf(hp, sizeof(hp), "%s:%d", t->host, t->port);
		json_object_object_add(o, "server", rec_json_text(hp));
		json_object_object_add(o, "device", rec_json_text(t->device));
		break;
	case RV_T_CLIENTS:
		json_object_object_add(o, "devices", rec_json_text(t->device));
		break;
	case RV_T_DRIVE:
		break;
	}
	(void)r;
	return o;
}

static json_object *manifest(const struct rv_run *r, const struct rv_target *t)
{
	const struct rv_opts *o = r->o;
	json_object *sw = json_object_new_object(), *host = json_object_new_object(),
		    *info = json_object_new_object();
	struct rec_manifest_parts p = {
	    .command = json_object_get(r->argv),
	    .cwd = r->cwd,
	    .created = r->started,
	    .request = request(r),
	    .drive = drive(r, t),
	    .software = sw,
	    .host = host,
	    .info = info,
	};

	json_object_object_add(sw, "fio", rec_json_text(r->tools.fio_version));
	json_object_object_add(sw, "ssdeng", rec_json_text(r->tools.ssdeng_version));
	json_object_object_add(host, "name", rec_json_text(r->tools.hostname));
	json_object_object_add(info, "kernel", rec_json_text(r->tools.kernel));
	json_object_object_add(info, "machine", rec_json_text(r->tools.machine));
	json_object_object_add(
	    info, "cpu", rec_json_text(r->tools.platform.cpu[0] ? r->tools.platform.cpu : NULL));
	json_object_object_add(
	    info, "cpus",
	    r->tools.platform.cpus > 0 ? json_object_new_int64(r->tools.platform.cpus) : NULL);
	json_object_object_add(info, "memory_bytes",
			       r->tools.platform.memory_bytes > 0
				   ? json_object_new_int64(r->tools.platform.memory_bytes)
				   : NULL);
	json_object_object_add(
	    info, "os", rec_json_text(r->tools.platform.os[0] ? r->tools.platform.os : NULL));
	json_object_object_add(info, "ioengine", rec_json_text(r->tools.ioengine));
	json_object_object_add(info, "catalogue", rec_json_text(r->plan.catalogue_path));
	json_object_object_add(info, "pts_sponsor", rec_json_text(o->pts_sponsor));
	json_object_object_add(info, "only", o->only.n ? strv(&o->only) : NULL);
	json_object_object_add(info, "span_option",
			       o->span ? json_object_new_uint64(o->span) : NULL);
	return rec_manifest_new(&p);
}

/* Take a lock; a refusal names the holder. */
static int lock(struct rv_run *r, const char *name, const char *what, char *err, size_t errlen)
{
	struct rv_lock_holder holder;
	char who[2048];
	int rc;

	for (size_t i = 0; i < r->nlocks; i++)
		if (!strcmp(strrchr(r->locks[i].path, '/') + 1, name))
			return 0; /* a loop device and its file: one lock already held */
	if (r->nlocks == RV_MAX_LOCKS_RUN) {
		snprintf(err, errlen, "more than %d drives", RV_MAX_LOCKS_RUN);
		return -EINVAL;
	}
	snprintf(r->me.what, sizeof(r->me.what), "%s", what);
	rc = rv_lock_take(&r->locks[r->nlocks], name, &r->me, &holder);
	if (rc == -EWOULDBLOCK) {
		rv_lock_describe(&holder, who, sizeof(who));
		snprintf(err, errlen, "%s is in use by another run: %s (lock %s/%s)", what, who,
			 rv_lock_dir(), name);
		return -EINVAL;
	}
	if (rc < 0) {
		snprintf(err, errlen, "%s: cannot take the lock %s/%s: %s", what, rv_lock_dir(),
			 name, strerror(-rc));
		return -EINVAL;
	}
	r->lock_fds[r->nlocks] = r->locks[r->nlocks].fd;
	r->nlocks++;
	return 0;
}

static int locks(struct rv_run *r, char *err, size_t errlen)
{
	char name[RV_LOCK_NAME], what[PATH_MAX + 16];
	int rc;

	rv_lock_name(RV_LOCK_PATH, 0, 0, r->out_abs, "out", name, sizeof(name));
	snprintf(what, sizeof(what), "--out %s", r->out_abs);
	if ((rc = lock(r, name, what, err, errlen)))
		return rc;
	for (size_t i = 0; i < r->ts.nrun; i++)
		for (size_t k = 0; k < r->ts.t[i].ndevs; k++)
			for (size_t l = 0; l < r->ts.t[i].devs[k].probe.nlocks; l++)
				if ((rc = lock(r, r->ts.t[i].devs[k].probe.locks[l],
					       r->ts.t[i].devs[k].what, err, errlen)))
					return rc;
	return 0;
}

int rv_setup_check(struct rv_run *r, char *err, size_t errlen)
{
	json_object **mans = calloc(r->ts.n + 1, sizeof(*mans));
	struct rec_run **earlier = calloc(r->ts.n + 1, sizeof(*earlier));
	int rc;

	if (!mans || !earlier) {
		free(mans);
		free(earlier);
		return -ENOMEM;
	}
	if ((rc = rv_leftover_fio(r->out_abs, err, errlen)) || (rc = locks(r, err, errlen)))
		goto out;
	rv_targets_identify(&r->ts);
	for (size_t i = 0; i < r->ts.n; i++)
		mans[i] = manifest(r, &r->ts.t[i]);
	if ((rc = rv_results_check(r, mans, earlier, err, errlen)) ||
	    (rc = rv_preflight(r, err, errlen)))
		goto out;
	r->rec = calloc(r->ts.n, sizeof(*r->rec));
	if (!r->rec) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < r->ts.n; i++) {
		/* a resumed run keeps the results' origin time */
		json_object *created =
		    earlier[i] ? rec_json_get(earlier[i]->manifest, "created") : NULL;

		if (created)
			json_object_object_add(mans[i], "created", json_object_get(created));
		rc = rv_record_init(&r->rec[i], &r->ts.t[i], r->o->out, &r->plan, &r->rrun, mans[i],
				    earlier[i], &r->ts);
		mans[i] = NULL;
		earlier[i] = NULL;
		if (rc)
			goto out;
	}
	/* --status's elapsed for the whole run: what the sessions resumed ran (each folder's
	 * run.json lists the same sessions) */
	for (size_t i = 0; i < r->ts.n; i++) {
		long long s = r->rec[i].earlier ? rec_run_wall_s(r->rec[i].earlier, NULL) : -1;

		if (s > r->st.run_earlier_s)
			r->st.run_earlier_s = (long)s;
	}
out:
	for (size_t i = 0; i < r->ts.n; i++) {
		json_object_put(mans[i]);
		if (earlier[i])
			rec_run_free(earlier[i]);
		free(earlier[i]);
	}
	free(mans);
	free(earlier);
	return rc == -EBUSY ? -EINVAL : rc;
}

/*
 * OUT/catalogue.json: the catalogue this run is planned from, copied byte for byte, so that its
 * results are read with the definitions they ran with. A resumed run keeps the copy its first
 * session made (its tests so far ran with it) and says so when the catalogue has changed since.
 */
static int keep_catalogue(struct rv_run *r, char *err, size_t errlen)
{
	char path[PATH_MAX + 32], *mine = NULL, *kept = NULL;
	size_t n = 0, nk = 0;
	int rc;

	if ((rc = rec_path_catalogue(path, sizeof(path), r->out_abs)) ||
	    (rc = rec_file_read(r->plan.catalogue_path, &mine, &n))) {
		snprintf(err, errlen, "cannot read the catalogue %s: %s", r->plan.catalogue_path,
			 strerror(-rc));
		return rc;
	}
	if (r->o->resume && !rec_file_read(path, &kept, &nk)) {
		if (nk != n || memcmp(kept, mine, n))
			fprintf(
			    stderr,
			    "ssd-review: %s has changed since the run started: the tests left "
			    "run from it, %s keeps the first session's (ssdreport reads that one "
			    "unless given --catalogue)\n",
			    r->plan.catalogue_path, path);
	} else if ((rc = rec_file_write(path, mine, n))) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-rc));
	}
	free(mine);
	free(kept);
	return rc;
}

int rv_setup_write(struct rv_run *r, char *err, size_t errlen)
{
	char dir[PATH_MAX * 2], label[PATH_MAX + 80];
	int rc;

	if ((rc = rv_mkdirs(r->out_abs))) {
		snprintf(err, errlen, "cannot create %s: %s", r->out_abs, strerror(-rc));
		return rc;
	}
	if (r->o->overwrite && (rc = rv_move_aside(r, err, errlen)))
		return rc;
	if ((rc = keep_catalogue(r, err, errlen)))
		return rc;
	for (size_t i = 0; i < r->ts.n; i++) {
		const struct rv_target *t = &r->ts.t[i];

		rec_path_drive_dir(label, sizeof(label), r->out_abs, t->label);
		rec_path_logs(dir, sizeof(dir), label);
		if ((rc = rv_mkdirs(dir))) {
			snprintf(err, errlen, "cannot create %s: %s", dir, strerror(-rc));
			return rc;
		}
		if ((rc = rv_record_write(&r->rec[i], "running", NULL)) ||
		    (rc = rv_drivefile_write(t, r->out_abs,
					     r->rec[i].earlier ? RV_DRIVEFILE_RESUMED
							       : RV_DRIVEFILE_BEFORE))) {
			snprintf(err, errlen, "cannot write %s/%s: %s", r->out_abs, t->label,
				 strerror(-rc));
			return rc;
		}
		if (t->type == RV_T_DRIVE && t->devs[0].probe.kind != RV_KIND_FILE &&
		    rv_plan_has_apps(&r->plan))
			fprintf(stderr,
				"ssd-review: writing to %s (%s): all its data will be destroyed "
				"(the apps suite makes a filesystem over the whole drive)\n",
				t->device, t->label);
		else if (t->type == RV_T_GROUP || t->type == RV_T_REMOTE ||
			 (t->type == RV_T_DRIVE && t->devs[0].probe.kind != RV_KIND_FILE))
			fprintf(stderr,
				"ssd-review: writing to %s (%s): its data in the first %llu bytes "
				"will be destroyed\n",
				t->device, t->label, (unsigned long long)t->span);
	}
	rv_status_update(r);
	return 0;
}
