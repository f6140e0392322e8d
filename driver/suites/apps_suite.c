// SPDX-License-Identifier: GPL-2.0-only
/* apps_suite.c - tests run by ssd-apps (apps_suite.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "record/apps.h"
#include "record/layout.h"
#include "suites/apps_suite.h"
#include "util/util.h"

bool rv_test_is_apps(const struct rv_test *t)
{
	return t->ct->entry->tool == CATALOGUE_TOOL_SSD_APPS;
}

bool rv_plan_has_apps(const struct rv_plan *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (rv_test_is_apps(&p->t[i]))
			return true;
	return false;
}

static bool is_tpcc(const struct rv_test *t)
{
	return t->ct->entry->apps_workload && !strcmp(t->ct->entry->apps_workload, "tpcc");
}

enum rec_apps_workload rv_apps_workload(const struct rv_test *t)
{
	return is_tpcc(t) ? REC_APPS_TPCC : REC_APPS_OLTP;
}

/* The first ssd-apps test of the plan (its timing gives the durations), or NULL. */
static const struct rv_test *first_apps(const struct rv_plan *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (rv_test_is_apps(&p->t[i]))
			return &p->t[i];
	return NULL;
}

int rv_apps_refuse(const struct rv_run *r, char *err, size_t errlen)
{
	if (!rv_plan_has_apps(&r->plan))
		return 0;
	if (r->o->clients.n) {
		snprintf(
		    err, errlen,
		    "the apps suite (in --suite %s) is local-only: ssd-apps makes a "
		    "filesystem on the drive and starts MariaDB or PostgreSQL servers and "
		    "sysbench on the drive's own host, and a fio server (--client) runs fio "
		    "jobs only. Run `ssd-review --suite apps --drive LABEL=DEV` on each host, "
		    "and another suite (enterprise, four-corners, spec, curves) through --client",
		    r->o->suite);
		return -EINVAL;
	}
	if (r->o->groups.n) {
		snprintf(err, errlen,
			 "the apps suite (in --suite %s) runs on one drive at a time: "
			 "ssd-apps puts its filesystem and database instances on one drive, and a "
			 "--group test is one fio job over every drive at once. Review the apps "
			 "suite per drive (--drive LABEL=DEV for each), and the other suites "
			 "with --group",
			 r->o->suite);
		return -EINVAL;
	}
	return 0;
}

/* The --apps-* values (-1, null, where ssd-apps's profile decides) and test @t's durations into
 * @p; the sizes of the workloads in @sizes (enum rec_apps_sizes). */
static void request(const struct rv_run *r, const struct rv_test *t, unsigned sizes,
		    struct rec_params *p)
{
	const struct rv_apps_opts *a = &r->o->apps;
	const struct catalogue_timing *tm = t->ct->timing;

	p->apps = p->known = true;
	p->sizes = sizes;
	p->instances = a->instances;
	p->tables = a->tables;
	p->table_size = a->table_size;
	p->warehouses = a->warehouses;
	p->threads = a->threads;
	rv_apps_times(a, tm, &p->warmup_s, &p->time_s);
}

static unsigned sizes_of(enum rec_apps_workload w)
{
	return w == REC_APPS_TPCC ? REC_SIZES_TPCC : REC_SIZES_OLTP;
}

json_object *rv_apps_request(const struct rv_run *r)
{
	const struct rv_test *t = first_apps(&r->plan);
	struct rec_params p = {0};

	if (!t)
		return NULL;
	request(r, t, REC_SIZES_ALL, &p);
	return rec_params_json(&p);
}

void rv_apps_params(const struct rv_run *r, size_t i, struct rec_params *p)
{
	const struct rv_test *t = &r->plan.t[i];

	request(r, t, sizes_of(rv_apps_workload(t)), p);
}

void rv_apps_dir(const struct rv_run *r, size_t ti, size_t i, char *out, size_t len)
{
	char dir[PATH_MAX + 80];

	rec_path_drive_dir(dir, sizeof(dir), r->out_abs, r->ts.t[ti].label);
	rec_path_test_dir(out, len, dir, r->plan.t[i].ct->id);
}

const char *rv_apps_skip_reason(const struct rv_run *r, size_t ti)
{
	const struct rv_target *t = &r->ts.t[ti];

	if (t->type == RV_T_DRIVE && t->devs[0].probe.kind == RV_KIND_FILE)
		return "ssd-apps makes a filesystem on a block device; a regular file is not one";
	return NULL;
}

void rv_apps_argv(const struct rv_run *r, size_t ti, size_t i, char **argv,
		  char (*buf)[PATH_MAX + 64])
{
	const struct rv_apps_opts *a = &r->o->apps;
	const struct rv_test *t = &r->plan.t[i];
	const struct catalogue_timing *tm = t->ct->timing;
	bool tpcc = is_tpcc(t);
	long long warmup_s, time_s;

	rv_apps_times(a, tm, &warmup_s, &time_s);
	const struct {
		const char *opt;
		long long v;
	} nums[] = {
	    {"--instances", a->instances},
	    {"--tables", tpcc ? -1 : a->tables},
	    {"--table-size", tpcc ? -1 : a->table_size},
	    {"--warehouses", tpcc ? a->warehouses : -1},
	    {"--threads", a->threads},
	    {"--warmup", warmup_s},
	    {"--time", time_s},
	};
	size_t n = 0, b = 0;

	argv[n++] = (char *)(r->tools.ssd_apps[0] ? r->tools.ssd_apps : "ssd-apps");
	argv[n++] = "run";
	argv[n++] = "--workload";
	argv[n++] = t->ct->entry->apps_workload ? t->ct->entry->apps_workload : "oltp";
	argv[n++] = "--dev";
	argv[n++] = r->ts.t[ti].devs[0].path;
	argv[n++] = "--out";
	rv_apps_dir(r, ti, i, buf[b], sizeof(buf[b]));
	argv[n++] = buf[b++];
	argv[n++] = "--profile";
	argv[n++] = r->o->profile;
	argv[n++] = "--yes";
	if (r->o->allow_mounted)
		argv[n++] = "--allow-mounted";
	for (size_t k = 0; k < sizeof(nums) / sizeof(nums[0]); k++) {
		if (nums[k].v < 0)
			continue;
		argv[n++] = (char *)nums[k].opt;
		snprintf(buf[b], sizeof(buf[b]), "%lld", nums[k].v);
		argv[n++] = buf[b++];
	}
	argv[n] = NULL;
}

/* The first line of @s into @out. */
static void first_line(const char *s, char *out, size_t len)
{
	rv_fmt(out, len, "%.*s", (int)strcspn(s, "\n"), s);
}

bool rv_apps_outcome(const char *dir, enum rec_apps_workload w, int code, char *summary,
		     size_t slen, char *reason, size_t rlen)
{
	char path[PATH_MAX + 16], err[PATH_MAX + 64], line[1024];
	struct rec_apps a;
	bool done;

	rec_path_apps(path, sizeof(path), dir, w);
	rec_apps_read(path, w, &a, err, sizeof(err));
	done = code == 0 && a.status && !strcmp(a.status, "done");
	if (done) {
		double tps = a.have_total && !isnan(a.total.tps) ? a.total.tps : -1,
		       p99 = a.have_total && !isnan(a.total.lat_p99_ms) ? a.total.lat_p99_ms : -1;
		int n = a.have_total && a.total_instances > 0 ? (int)a.total_instances : 0;

		snprintf(summary, slen, "%d instances · %.*f TPS · p99 %.*f ms", n,
			 tps < 10 ? 2 : 0, tps, p99 < 10 ? 2 : 0, p99);
		reason[0] = '\0';
	} else if (a.error && *a.error) {
		first_line(a.error, line, sizeof(line));
		rv_fmt(reason, rlen, "%s%s", code == 2 ? "refused: " : "", line);
	} else if (code == 0) {
		rv_fmt(reason, rlen, "ssd-apps exited 0 but %s says status %s", path,
		       a.status ? a.status : "(none)");
	} else {
		reason[0] = '\0';
	}
	rec_apps_free(&a);
	return done;
}

void rv_apps_used(const char *dir, enum rec_apps_workload w, struct rec_params *p)
{
	char path[PATH_MAX + 16], err[PATH_MAX + 64];
	struct rec_apps a;

	rec_path_apps(path, sizeof(path), dir, w);
	if (rec_apps_read(path, w, &a, err, sizeof(err)))
		return;
	p->apps = p->known = true;
	p->sizes = sizes_of(w);
	p->instances = a.workload.instances;
	p->tables = a.workload.tables;
	p->table_size = a.workload.table_size;
	p->warehouses = a.workload.warehouses;
	p->threads = a.workload.threads;
	p->warmup_s = a.workload.warmup_s;
	p->time_s = a.workload.time_s;
	rec_apps_free(&a);
}
