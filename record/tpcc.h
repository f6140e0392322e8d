/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tpcc.h - what tpcc.json (schema "ssdeng.apps-tpcc.v1", apps.h) holds besides what it shares
 * with apps.json: per instance and in total the figures of each of TPC-C's five transaction
 * types and New-Orders per minute, and per instance TPC-C's consistency conditions 1-4 as
 * checked after the run (docs/results-format.md "tpcc.json"). Rates per second, latencies in
 * milliseconds; a figure not known is NaN (JSON null), a count not known -1.
 */
#ifndef SSDENG_RECORD_TPCC_H
#define SSDENG_RECORD_TPCC_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

/* One transaction type's figures ("types": {"new_order": {...}, ...}). */
struct rec_tpcc_type {
	const char *name; /* "new_order", "payment", "order_status", "delivery", "stock_level" */
	long long done, rolled_back, retries, deadlocks, serialization_failures;
	double tps;				   /* done and rolled back per second */
	double lat_avg_ms, lat_p99_ms, lat_max_ms; /* latency_ms {avg, p99, max} */
};

/* The TPC-C-like figures of an instance's measured run, or of the total. */
struct rec_tpcc_figures {
	bool have;		   /* written: new_orders_per_min and types */
	double new_orders_per_min; /* rolled-back New-Orders counted */
	struct rec_tpcc_type *types;
	size_t ntypes;
};

/* One consistency condition as checked on one instance ("consistency": [...]). */
struct rec_tpcc_condition {
	int condition;	      /* 1..4: TPC-C clause 3.3.2.1 - 3.3.2.4 */
	const char *what;     /* "W_YTD = sum(D_YTD)" */
	long long checked;    /* rows it covers */
	long long violations; /* rows that break it */
	bool holds;	      /* no violation */
	const char *examples; /* the first violations as printed, or NULL */
};

/** rec_tpcc_figures_add() - @f's new_orders_per_min and types into object @o (nothing without
 * f->have). */
void rec_tpcc_figures_add(json_object *o, const struct rec_tpcc_figures *f);

/**
 * rec_tpcc_figures_of() - @o's new_orders_per_min and types into @f (f->have when @o has
 * "types"); the names borrowed from @o. Return: 0 or -ENOMEM.
 */
int rec_tpcc_figures_of(json_object *o, struct rec_tpcc_figures *f);

/** rec_tpcc_consistency_json() - @n conditions as a new array. */
json_object *rec_tpcc_consistency_json(const struct rec_tpcc_condition *c, size_t n);

/**
 * rec_tpcc_consistency_of() - the array @a's conditions into *@c (malloc'ed, strings borrowed
 * from @a), *@n of them. Return: 0 or -ENOMEM.
 */
int rec_tpcc_consistency_of(json_object *a, struct rec_tpcc_condition **c, size_t *n);

#endif
