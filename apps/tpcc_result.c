// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpcc_result.c - the tpcc workload's result: <out>/tpcc.json, schema "ssdeng.apps-tpcc.v1"
 * (record/apps.h and record/tpcc.h; fields and units: docs/results-format.md), what
 * apps_record.c fills for every result and the tpcc workload's own: its scale and mix, the space
 * model, per instance and in total the counts, rate and latencies of each transaction type
 * tpcc.lua measured and New-Orders per minute, and the consistency conditions.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "apps_record.h"
#include "tpcc_parse.h"

/* per 100 transactions (tpcc.lua's deck), in TPC-C's order */
static const long long mix_pct[TPCC_NTYPES] = {45, 43, 4, 4, 4};

/* What the document borrows besides struct apps_record's. */
struct tpcc_store {
	struct rec_apps_share mix[TPCC_NTYPES];
	struct rec_tpcc_type types[APPS_MAX_INSTANCES + 1][TPCC_NTYPES]; /* the total last */
	struct rec_tpcc_condition cond[APPS_MAX_INSTANCES][TPCC_NCONDITIONS];
};

static double or_nan(double v) { return v < 0 ? NAN : v; }

/* the types' figures over @time_s seconds, and New-Orders per minute (rolled-back ones
 * counted: they complete, as TPC-C intends) */
static void figures(const struct tpcc_type_stats *ts, double time_s, struct rec_tpcc_type *out,
		    struct rec_tpcc_figures *f)
{
	const struct tpcc_type_stats *no = &ts[TPCC_NEW_ORDER];

	for (size_t k = 0; k < TPCC_NTYPES; k++) {
		const struct tpcc_type_stats *s = &ts[k];
		uint64_t n = s->done + s->rolled_back;

		out[k] = (struct rec_tpcc_type){
		    .name = tpcc_type_names[k],
		    .done = (long long)s->done,
		    .rolled_back = (long long)s->rolled_back,
		    .retries = (long long)s->retries,
		    .deadlocks = (long long)s->deadlocks,
		    .serialization_failures = (long long)s->serialization,
		    .tps = time_s > 0 ? (double)n / time_s : NAN,
		    .lat_avg_ms = n ? s->lat_sum_ms / (double)n : NAN,
		    .lat_p99_ms = or_nan(sb_hist_percentile(s->hist, s->nhist, 99)),
		    .lat_max_ms = s->nhist ? s->hist[s->nhist - 1].value_ms : NAN,
		};
	}
	f->have = true;
	f->new_orders_per_min =
	    time_s > 0 ? (double)(no->done + no->rolled_back) * 60 / time_s : NAN;
	f->types = out;
	f->ntypes = TPCC_NTYPES;
}

static void consistency(const struct tpcc_instance *t, struct rec_tpcc_condition *c,
			struct rec_apps_instance *in)
{
	for (size_t k = 0; k < TPCC_NCONDITIONS; k++)
		c[k] = (struct rec_tpcc_condition){
		    .condition = (int)k + 1,
		    .what = t->cond[k].what,
		    .checked = (long long)t->cond[k].checked,
		    .violations = (long long)t->cond[k].violations,
		    .holds = !t->cond[k].violations,
		    .examples = t->cond[k].examples,
		};
	in->checked = true;
	in->consistency = c;
	in->nconsistency = TPCC_NCONDITIONS;
}

/* the total's types summed over the instances; the instances ran at once: the longest one's
 * time is the total's */
static void total(const struct apps_run *run, struct rec_apps *a, struct tpcc_store *st)
{
	struct tpcc_type_stats sum[TPCC_NTYPES] = {0};
	double time_s = 0;
	bool ok = a->have_total;

	for (unsigned int i = 0; ok && i < run->ndb; i++) {
		ok = run->db[i].tpcc && !tpcc_types_add(sum, run->db[i].tpcc->type);
		if (run->db[i].report.total_time_s > time_s)
			time_s = run->db[i].report.total_time_s;
	}
	if (ok)
		figures(sum, time_s, st->types[APPS_MAX_INSTANCES], &a->total_tpcc);
	tpcc_types_free(sum, TPCC_NTYPES);
}

static void tpcc_parts(const struct apps_run *run, struct rec_apps *a, struct tpcc_store *st)
{
	const struct apps_opts *op = run->o;
	bool checked = run->ndb > 0, holds = true;
	char why[APPS_ERRLEN];

	a->workload.script = run->lua;
	a->workload.warehouses = op->warehouses;
	a->workload.items = op->items;
	a->workload.customers_per_district = op->customers;
	for (size_t k = 0; k < TPCC_NTYPES; k++)
		st->mix[k] = (struct rec_apps_share){tpcc_type_names[k], mix_pct[k]};
	a->workload.mix = st->mix;
	a->workload.nmix = TPCC_NTYPES;
	a->workload.new_order_rollback_pct = 1;
	a->workload.think_times = false;
	a->workload.max_wal_size_bytes = (long long)op->max_wal_size;
	a->workload.pg_user = run->pg.user.name;
	a->space.stock_row_bytes = (long long)TPCC_STOCK_BYTES;
	a->space.customer_bytes = (long long)TPCC_CUSTOMER_BYTES;
	a->space.item_bytes = (long long)TPCC_ITEM_BYTES;
	a->space.instance_bytes = (long long)TPCC_INSTANCE_BYTES;
	a->space.wal_pct = TPCC_WAL_PCT;
	a->space.margin_pct = TPCC_MARGIN_PCT;
	for (unsigned int i = 0; i < run->ndb; i++) {
		const struct apps_db *db = &run->db[i];
		const struct tpcc_instance *t = db->tpcc;

		if (db->have_report && t)
			figures(t->type, db->report.total_time_s, st->types[i], &a->inst[i].tpcc);
		if (t && t->checked)
			consistency(t, st->cond[i], &a->inst[i]);
		checked = checked && t && t->checked;
		holds = holds && checked && !tpcc_check_verdict(t, i + 1, why, sizeof(why));
	}
	a->consistency_holds = checked ? holds : -1;
}

int tpcc_result_write(const struct apps_run *run, char *err, size_t errlen)
{
	struct tpcc_store *st = calloc(1, sizeof(*st));
	struct apps_record *r = NULL;
	int rc = st ? apps_record_new(&r, run, "tpcc.lua", err, errlen) : -ENOMEM;

	if (!rc) {
		tpcc_parts(run, &r->a, st);
		total(run, &r->a, st);
		rc = apps_record_write(r, run, err, errlen);
	} else if (!st) {
		snprintf(err, errlen, "out of memory");
	}
	apps_record_free(r);
	free(st);
	return rc;
}
