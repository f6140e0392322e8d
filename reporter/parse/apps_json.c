// SPDX-License-Identifier: GPL-2.0-only
/* apps_json.c - ssd-apps's apps.json and tpcc.json into the model (apps_json.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/apps_json.h"
#include "parse/json_get.h"
#include "record/apps.h"

/* @key of @o, else @flat of @top (the published figures' spelling). */
static struct sr_value either(json_object *o, const char *key, json_object *top, const char *flat)
{
	struct sr_value v = sr_json_num(o, key);

	return v.state == SR_ABSENT ? sr_json_num(top, flat) : v;
}

void sr_apps_figures_read(json_object *o, struct sr_apps_figures *f)
{
	json_object *lat = sr_json_get(o, "latency_ms");

	f->tps = sr_json_num(o, "tps");
	f->qps = sr_json_num(o, "qps");
	f->lat_avg_ms = either(lat, "avg", o, "lat_avg_ms");
	f->lat_p95_ms = either(lat, "p95", o, "lat_p95_ms");
	f->lat_p99_ms = either(lat, "p99", o, "lat_p99_ms");
	f->lat_max_ms = either(lat, "max", o, "lat_max_ms");
	f->errors = sr_json_num(o, "errors");
	f->reconnects = sr_json_num(o, "reconnects");
	f->new_orders_per_min = sr_json_num(o, "new_orders_per_min");
}

/* A record figure: NaN or -1 (not known) is absent. */
static struct sr_value fig(double v)
{
	return isnan(v) || v < 0 ? (struct sr_value){0, SR_ABSENT} : sr_val(v);
}

static struct sr_value count(long long v)
{
	return v < 0 ? (struct sr_value){0, SR_ABSENT} : sr_val((double)v);
}

static void figures_of(const struct rec_apps_figures *r, const struct rec_tpcc_figures *t,
		       struct sr_apps_figures *f)
{
	f->tps = fig(r->tps);
	f->qps = fig(r->qps);
	f->lat_avg_ms = fig(r->lat_avg_ms);
	f->lat_p95_ms = fig(r->lat_p95_ms);
	f->lat_p99_ms = fig(r->lat_p99_ms);
	f->lat_max_ms = fig(r->lat_max_ms);
	f->errors = count(r->errors);
	f->reconnects = count(r->reconnects);
	f->new_orders_per_min = t->have ? fig(t->new_orders_per_min) : fig(NAN);
}

static char *dup(const char *s, int *rc)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

int sr_apps_result_load(const char *path, enum rec_apps_workload w, const char *id,
			struct sr_apps *a, struct sr_diag *d)
{
	struct rec_apps r;
	char err[4096];
	int rc = rec_apps_read(path, w, &r, err, sizeof(err));

	sr_diag_file(d, path);
	if (rc) {
		sr_diag_msg(d, "%s", err);
		return rc == -EINVAL || rc == -ENOMEM ? rc : -ENOENT;
	}
	a->id = dup(id, &rc);
	a->path = dup(path, &rc);
	a->status = dup(r.status, &rc);
	a->failed_step = dup(r.failed_step, &rc);
	a->error = dup(r.error, &rc);
	a->test = dup(r.workload.test, &rc);
	a->server = dup(r.server_version, &rc);
	a->profile = dup(r.workload.profile, &rc);
	a->fs_type = dup(r.fs.type, &rc);
	a->write_cache = dup(r.device.write_cache, &rc);
	a->instances = count(r.workload.instances);
	a->tables = count(r.workload.tables);
	a->table_size = count(r.workload.table_size);
	a->warehouses = count(r.workload.warehouses);
	a->items = count(r.workload.items);
	a->customers = count(r.workload.customers_per_district);
	a->threads = count(r.workload.threads);
	a->warmup_s = count(r.workload.warmup_s);
	a->time_s = count(r.workload.time_s);
	a->buffer_pool_bytes = count(r.workload.buffer_pool_bytes);
	if (!rc && r.ninst && !(a->inst = calloc(r.ninst + 1, sizeof(*a->inst))))
		rc = -ENOMEM;
	for (size_t i = 0; !rc && i < r.ninst; i++, a->ninst++)
		figures_of(&r.inst[i].f, &r.inst[i].tpcc, &a->inst[i]);
	if (r.have_total)
		figures_of(&r.total, &r.total_tpcc, &a->total);
	rec_apps_free(&r);
	return rc;
}

int sr_apps_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d)
{
	return sr_apps_result_load(path, REC_APPS_OLTP, id, a, d);
}

int sr_tpcc_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d)
{
	return sr_apps_result_load(path, REC_APPS_TPCC, id, a, d);
}
