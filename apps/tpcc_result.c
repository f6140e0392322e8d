// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpcc_result.c - <out>/tpcc.json, schema "ssdeng.apps-tpcc.v1": the tpcc workload's result
 * (fields and units: apps/README.md; the parts shared with apps.json are apps_json.c's). Per
 * instance and in total: sysbench's figures over all transactions, and per transaction type the
 * counts, rate and latencies tpcc.lua measured; New-Orders per minute; the consistency conditions.
 */
#include <stdio.h>

#include "apps_json.h"
#include "tpcc_parse.h"

#define SCHEMA "ssdeng.apps-tpcc.v1"

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

static json_object *u64(uint64_t v) { return json_object_new_int64((int64_t)v); }

static json_object *workload(const struct apps_run *run)
{
	const struct apps_opts *op = run->o;
	json_object *w = apps_json_workload(run, "tpcc.lua"), *mix = json_object_new_object();

	add(w, "script", apps_json_str(run->lua));
	add(w, "warehouses", json_object_new_int((int)op->warehouses));
	add(w, "items", json_object_new_int((int)op->items));
	add(w, "customers_per_district", json_object_new_int((int)op->customers));
	/* per 100 transactions (tpcc.lua's deck) */
	add(mix, "new_order", json_object_new_int(45));
	add(mix, "payment", json_object_new_int(43));
	add(mix, "order_status", json_object_new_int(4));
	add(mix, "delivery", json_object_new_int(4));
	add(mix, "stock_level", json_object_new_int(4));
	add(w, "mix_pct", mix);
	add(w, "new_order_rollback_pct", json_object_new_int(1));
	add(w, "think_times", json_object_new_boolean(0));
	add(w, "max_wal_size_bytes", u64(op->max_wal_size));
	add(w, "pg_user", apps_json_str(run->pg.user.name));
	return w;
}

static json_object *space(const struct apps_run *run)
{
	json_object *s = json_object_new_object();

	add(s, "estimate_bytes", run->space_need ? u64(run->space_need) : NULL);
	add(s, "stock_row_bytes", u64(TPCC_STOCK_BYTES));
	add(s, "customer_bytes", u64(TPCC_CUSTOMER_BYTES));
	add(s, "item_bytes", u64(TPCC_ITEM_BYTES));
	add(s, "instance_bytes", u64(TPCC_INSTANCE_BYTES));
	add(s, "wal_pct", json_object_new_int(TPCC_WAL_PCT));
	add(s, "margin_pct", json_object_new_int(TPCC_MARGIN_PCT));
	return s;
}

/* a transaction type's figures over @time_s seconds */
static json_object *type_figures(const struct tpcc_type_stats *s, double time_s)
{
	json_object *o = json_object_new_object(), *l = json_object_new_object();
	uint64_t n = s->done + s->rolled_back;

	add(o, "done", u64(s->done));
	add(o, "rolled_back", u64(s->rolled_back));
	add(o, "retries", u64(s->retries));
	add(o, "deadlocks", u64(s->deadlocks));
	add(o, "serialization_failures", u64(s->serialization));
	add(o, "tps", time_s > 0 ? json_object_new_double((double)n / time_s) : NULL);
	add(l, "avg", n ? json_object_new_double(s->lat_sum_ms / (double)n) : NULL);
	add(l, "p99", apps_json_num(sb_hist_percentile(s->hist, s->nhist, 99)));
	add(l, "max", s->nhist ? json_object_new_double(s->hist[s->nhist - 1].value_ms) : NULL);
	add(o, "latency_ms", l);
	return o;
}

static json_object *types(const struct tpcc_type_stats *ts, double time_s)
{
	json_object *o = json_object_new_object();

	for (size_t k = 0; k < TPCC_NTYPES; k++)
		add(o, tpcc_type_names[k], type_figures(&ts[k], time_s));
	return o;
}

/* New-Orders per minute, the rolled-back ones counted (they complete, as TPC-C intends) */
static json_object *nopm(const struct tpcc_type_stats *ts, double time_s)
{
	const struct tpcc_type_stats *no = &ts[TPCC_NEW_ORDER];

	return time_s > 0
		   ? json_object_new_double((double)(no->done + no->rolled_back) * 60 / time_s)
		   : NULL;
}

static json_object *consistency(const struct tpcc_instance *t)
{
	json_object *a = json_object_new_array();

	for (size_t k = 0; t->checked && k < TPCC_NCONDITIONS; k++) {
		json_object *c = json_object_new_object();

		add(c, "condition", json_object_new_int((int)k + 1));
		add(c, "what", json_object_new_string(t->cond[k].what));
		add(c, "checked", u64(t->cond[k].checked));
		add(c, "violations", u64(t->cond[k].violations));
		add(c, "holds", json_object_new_boolean(!t->cond[k].violations));
		add(c, "examples", apps_json_str(t->cond[k].examples));
		json_object_array_add(a, c);
	}
	return a;
}

static json_object *instance(const struct apps_run *run, const struct apps_db *db)
{
	static const char *const files[] = {"install", "copy", "server_log", "prepare",
					    "warmup",  "run",  "check"};
	static const char *const names[] = {"initdb.log", "copy.log", "postgres.log", "prepare.txt",
					    "warmup.txt", "run.txt",  "check.txt"};
	json_object *o = apps_json_instance(run, db, files, names, 7);

	if (db->have_report && db->tpcc) {
		add(o, "new_orders_per_min", nopm(db->tpcc->type, db->report.total_time_s));
		add(o, "types", types(db->tpcc->type, db->report.total_time_s));
	}
	add(o, "consistency", db->tpcc && db->tpcc->checked ? consistency(db->tpcc) : NULL);
	return o;
}

/* the total: apps_json_total()'s, with the types summed over the instances */
static json_object *total(const struct apps_run *run)
{
	struct tpcc_type_stats sum[TPCC_NTYPES] = {0};
	struct apps_total t = {0};
	json_object *o = apps_json_total(run, &t);
	double time_s = 0;
	bool ok = o != NULL;

	for (unsigned int i = 0; ok && i < run->ndb; i++) {
		ok = run->db[i].tpcc && !tpcc_types_add(sum, run->db[i].tpcc->type);
		if (run->db[i].report.total_time_s > time_s)
			time_s = run->db[i].report.total_time_s;
	}
	if (ok) { /* the instances ran at once: the longest one's time is the total's */
		add(o, "new_orders_per_min", nopm(sum, time_s));
		add(o, "types", types(sum, time_s));
	}
	tpcc_types_free(sum, TPCC_NTYPES);
	apps_total_free(&t);
	return o;
}

int tpcc_result_write(const struct apps_run *run, char *err, size_t errlen)
{
	json_object *o = apps_json_document(run, SCHEMA), *v, *a;
	bool checked = run->ndb > 0, holds = true;
	char why[APPS_ERRLEN];

	add(o, "workload", workload(run));
	add(o, "space", space(run));
	add(o, "memory", apps_json_memory(run));
	v = json_object_new_object();
	add(v, "sysbench", apps_json_str(run->sysbench_version));
	add(v, "postgresql", run->ndb ? apps_json_str(run->db[0].version) : NULL);
	add(o, "versions", v);
	add(o, "timings_s", apps_json_timings(run));
	a = json_object_new_array();
	for (unsigned int i = 0; i < run->ndb; i++) {
		const struct tpcc_instance *t = run->db[i].tpcc;

		json_object_array_add(a, instance(run, &run->db[i]));
		checked = checked && t && t->checked;
		holds = holds && checked && !tpcc_check_verdict(t, i + 1, why, sizeof(why));
	}
	add(o, "instances", a);
	add(o, "consistency_holds", checked ? json_object_new_boolean(holds) : NULL);
	add(o, "total", total(run));
	return apps_json_write(o, run->o->out, run->wl->result_file, err, errlen);
}
