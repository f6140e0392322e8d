// SPDX-License-Identifier: GPL-2.0-only
/* apps_test.c - tests run by ssd-apps (apps_test.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "apps_test.h"
#include "util.h"

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

const char *rv_apps_result(const struct rv_test *t)
{
	return is_tpcc(t) ? "tpcc.json" : "apps.json";
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

static json_object *given(long long v) { return v >= 0 ? json_object_new_int64(v) : NULL; }

/* The --apps-* values (null where ssd-apps's profile decides) and test @t's durations; with
 * @all, every size option, else only those of @t's workload. */
static json_object *request(const struct rv_run *r, const struct rv_test *t, bool all)
{
	const struct rv_apps_opts *a = &r->o->apps;
	const struct catalogue_timing *tm = t->ct->timing;
	json_object *o = json_object_new_object();

	json_object_object_add(o, "instances", given(a->instances));
	if (all || !is_tpcc(t)) {
		json_object_object_add(o, "tables", given(a->tables));
		json_object_object_add(o, "table_size", given(a->table_size));
	}
	if (all || is_tpcc(t))
		json_object_object_add(o, "warehouses", given(a->warehouses));
	json_object_object_add(o, "threads", given(a->threads));
	json_object_object_add(o, "warmup_s", given(a->warmup_s >= 0 ? a->warmup_s : tm->ramp_s));
	json_object_object_add(o, "time_s", given(a->time_s >= 0 ? a->time_s : tm->runtime_s));
	return o;
}

json_object *rv_apps_request(const struct rv_run *r)
{
	const struct rv_test *t = first_apps(&r->plan);

	return t ? request(r, t, true) : NULL;
}

json_object *rv_apps_params(const struct rv_run *r, size_t i)
{
	return request(r, &r->plan.t[i], false);
}

void rv_apps_dir(const struct rv_run *r, size_t ti, size_t i, char *out, size_t len)
{
	rv_fmt(out, len, "%s/%s/%s", r->out_abs, r->ts.t[ti].label, r->plan.t[i].ct->id);
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
	const struct {
		const char *opt;
		long long v;
	} nums[] = {
	    {"--instances", a->instances},
	    {"--tables", tpcc ? -1 : a->tables},
	    {"--table-size", tpcc ? -1 : a->table_size},
	    {"--warehouses", tpcc ? a->warehouses : -1},
	    {"--threads", a->threads},
	    {"--warmup", a->warmup_s >= 0 ? a->warmup_s : tm->ramp_s},
	    {"--time", a->time_s >= 0 ? a->time_s : tm->runtime_s},
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

bool rv_apps_outcome(const char *dir, const char *result, int code, char *summary, size_t slen,
		     char *reason, size_t rlen)
{
	char path[PATH_MAX + 32], err[PATH_MAX + 64], line[1024];
	json_object *j, *total, *lat, *v;
	const char *status, *msg;
	bool done;

	rv_fmt(path, sizeof(path), "%s/%s", dir, result);
	j = rv_json_read(path, err, sizeof(err));
	status = rv_json_str(j, "status");
	msg = rv_json_str(j, "error");
	done = code == 0 && status && !strcmp(status, "done");
	if (done) {
		double tps = -1, p99 = -1;
		int n = 0;

		if (json_object_object_get_ex(j, "total", &total) && total) {
			if (json_object_object_get_ex(total, "tps", &v) && v)
				tps = json_object_get_double(v);
			if (json_object_object_get_ex(total, "instances", &v) && v)
				n = json_object_get_int(v);
			if (json_object_object_get_ex(total, "latency_ms", &lat) && lat &&
			    json_object_object_get_ex(lat, "p99", &v) && v)
				p99 = json_object_get_double(v);
		}
		snprintf(summary, slen, "%d instances · %.*f TPS · p99 %.*f ms", n,
			 tps < 10 ? 2 : 0, tps, p99 < 10 ? 2 : 0, p99);
		reason[0] = '\0';
	} else if (msg && *msg) {
		first_line(msg, line, sizeof(line));
		rv_fmt(reason, rlen, "%s%s", code == 2 ? "refused: " : "", line);
	} else if (code == 0) {
		rv_fmt(reason, rlen, "ssd-apps exited 0 but %s says status %s", path,
		       status ? status : "(none)");
	} else {
		reason[0] = '\0';
	}
	json_object_put(j);
	return done;
}

json_object *rv_apps_used(const char *dir, const char *result)
{
	static const char *const keys[] = {"instances", "tables",   "table_size", "warehouses",
					   "threads",	"warmup_s", "time_s"};
	char path[PATH_MAX + 32], err[PATH_MAX + 64];
	json_object *j, *w, *v, *o;

	rv_fmt(path, sizeof(path), "%s/%s", dir, result);
	if (!(j = rv_json_read(path, err, sizeof(err))))
		return NULL;
	o = json_object_new_object();
	if (json_object_object_get_ex(j, "workload", &w))
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (json_object_object_get_ex(w, keys[k], &v))
				json_object_object_add(o, keys[k], json_object_get(v));
	json_object_put(j);
	return o;
}
