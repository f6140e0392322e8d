// SPDX-License-Identifier: GPL-2.0-only
/* tpcc.c - tpcc.json's own parts written and read (tpcc.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "record/json.h"
#include "record/tpcc.h"

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

static json_object *dbl(double v) { return isnan(v) ? NULL : json_object_new_double(v); }

static double dbl_of(json_object *o, const char *key)
{
	double v;

	return rec_json_num(o, key, &v) ? v : NAN;
}

static json_object *type_json(const struct rec_tpcc_type *t)
{
	json_object *o = json_object_new_object(), *l = json_object_new_object();

	add(o, "done", rec_json_i64(t->done));
	add(o, "rolled_back", rec_json_i64(t->rolled_back));
	add(o, "retries", rec_json_i64(t->retries));
	add(o, "deadlocks", rec_json_i64(t->deadlocks));
	add(o, "serialization_failures", rec_json_i64(t->serialization_failures));
	add(o, "tps", dbl(t->tps));
	add(l, "avg", dbl(t->lat_avg_ms));
	add(l, "p99", dbl(t->lat_p99_ms));
	add(l, "max", dbl(t->lat_max_ms));
	add(o, "latency_ms", l);
	return o;
}

void rec_tpcc_figures_add(json_object *o, const struct rec_tpcc_figures *f)
{
	json_object *t;

	if (!f->have)
		return;
	add(o, "new_orders_per_min", dbl(f->new_orders_per_min));
	t = json_object_new_object();
	for (size_t i = 0; i < f->ntypes; i++)
		add(t, f->types[i].name, type_json(&f->types[i]));
	add(o, "types", t);
}

int rec_tpcc_figures_of(json_object *o, struct rec_tpcc_figures *f)
{
	json_object *t = rec_json_get(o, "types");
	size_t k = 0;

	if (!t || !json_object_is_type(t, json_type_object))
		return 0;
	f->have = true;
	f->new_orders_per_min = dbl_of(o, "new_orders_per_min");
	if (!(f->types = calloc(json_object_object_length(t) + 1, sizeof(*f->types))))
		return -ENOMEM;
	json_object_object_foreach(t, name, v)
	{
		struct rec_tpcc_type *y = &f->types[k++];
		json_object *l = rec_json_get(v, "latency_ms");

		y->name = name;
		y->done = rec_json_i64_or(v, "done", -1);
		y->rolled_back = rec_json_i64_or(v, "rolled_back", -1);
		y->retries = rec_json_i64_or(v, "retries", -1);
		y->deadlocks = rec_json_i64_or(v, "deadlocks", -1);
		y->serialization_failures = rec_json_i64_or(v, "serialization_failures", -1);
		y->tps = dbl_of(v, "tps");
		y->lat_avg_ms = dbl_of(l, "avg");
		y->lat_p99_ms = dbl_of(l, "p99");
		y->lat_max_ms = dbl_of(l, "max");
	}
	f->ntypes = k;
	return 0;
}

json_object *rec_tpcc_consistency_json(const struct rec_tpcc_condition *c, size_t n)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++) {
		json_object *o = json_object_new_object();

		add(o, "condition", json_object_new_int(c[i].condition));
		add(o, "what", rec_json_text(c[i].what));
		add(o, "checked", rec_json_i64(c[i].checked));
		add(o, "violations", rec_json_i64(c[i].violations));
		add(o, "holds", json_object_new_boolean(c[i].holds));
		add(o, "examples",
		    c[i].examples && *c[i].examples ? json_object_new_string(c[i].examples) : NULL);
		json_object_array_add(a, o);
	}
	return a;
}

int rec_tpcc_consistency_of(json_object *a, struct rec_tpcc_condition **c, size_t *n)
{
	size_t len = json_object_array_length(a);

	*n = 0;
	if (!(*c = calloc(len + 1, sizeof(**c))))
		return -ENOMEM;
	for (size_t i = 0; i < len; i++) {
		json_object *o = json_object_array_get_idx(a, i);
		struct rec_tpcc_condition *x = &(*c)[i];

		x->condition = (int)rec_json_i64_or(o, "condition", 0);
		x->what = rec_json_str(o, "what");
		x->checked = rec_json_i64_or(o, "checked", -1);
		x->violations = rec_json_i64_or(o, "violations", -1);
		x->holds = json_object_get_boolean(rec_json_get(o, "holds"));
		x->examples = rec_json_str(o, "examples");
	}
	*n = len;
	return 0;
}
