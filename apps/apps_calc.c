// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_calc.c - space and memory estimates of the workloads, and the total over instances.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps_calc.h"

/* a * b, or UINT64_MAX on overflow */
static uint64_t mul_sat(uint64_t a, uint64_t b)
{
	return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static uint64_t add_sat(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

uint64_t apps_space_need(unsigned int instances, unsigned int tables, uint64_t rows)
{
	uint64_t table = add_sat(mul_sat(rows, APPS_ROW_BYTES), APPS_TABLE_BYTES);
	uint64_t inst = add_sat(mul_sat(table, tables), APPS_INSTANCE_BYTES);
	uint64_t all = mul_sat(inst, instances);

	return add_sat(all, mul_sat(all / 100, APPS_MARGIN_PCT));
}

const char *apps_human_bytes(uint64_t b, char *buf, size_t len)
{
	static const char *const unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
	double v = (double)b;
	int u = -1;

	if (b < 1024) {
		snprintf(buf, len, "%llu B", (unsigned long long)b);
		return buf;
	}
	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, "%.1f %s", v, unit[u]);
	return buf;
}

uint64_t tpcc_space_need(unsigned int instances, unsigned int warehouses, unsigned int items,
			 unsigned int customers, uint64_t max_wal_size)
{
	uint64_t wal = mul_sat(max_wal_size / 100, TPCC_WAL_PCT);
	uint64_t wh = add_sat(mul_sat(items, TPCC_STOCK_BYTES),
			      mul_sat(10ULL * customers, TPCC_CUSTOMER_BYTES));
	uint64_t inst = add_sat(add_sat(mul_sat(warehouses, wh), mul_sat(items, TPCC_ITEM_BYTES)),
				add_sat(TPCC_INSTANCE_BYTES, wal));
	uint64_t all = mul_sat(inst, instances);

	return add_sat(all, mul_sat(all / 100, TPCC_MARGIN_PCT));
}

uint64_t apps_memory_need(unsigned int instances, uint64_t buffer, unsigned int threads)
{
	uint64_t inst =
	    add_sat(add_sat(buffer, APPS_SERVER_MEM_BYTES), mul_sat(threads, APPS_CONN_MEM_BYTES));

	return mul_sat(inst, instances);
}

int apps_space_check(uint64_t need, uint64_t avail, const char *what, const char *subject,
		     const char *load, const char *model, char *msg, size_t len)
{
	char n[32], a[32];

	if (need <= avail)
		return 0;
	snprintf(msg, len,
		 "the drive is too small for %s: %s need about %s (%s); %s has %s available",
		 subject, load, apps_human_bytes(need, n, sizeof(n)), model, what,
		 apps_human_bytes(avail, a, sizeof(a)));
	return -ENOSPC;
}

int apps_memory_check(uint64_t need, uint64_t avail, const char *load, uint64_t buffer,
		      unsigned int threads, char *msg, size_t len)
{
	char n[32], a[32], b[32];

	if (!avail || need <= avail)
		return 0;
	snprintf(msg, len,
		 "too little memory for %s: the servers need about %s (%s of buffer, %llu MiB per "
		 "server, %llu MiB per connection × %u per instance); %s is available",
		 load, apps_human_bytes(need, n, sizeof(n)), apps_human_bytes(buffer, b, sizeof(b)),
		 APPS_SERVER_MEM_BYTES >> 20, APPS_CONN_MEM_BYTES >> 20, threads,
		 apps_human_bytes(avail, a, sizeof(a)));
	return -ENOMEM;
}

double apps_instance_pct(const struct sb_report *r, double pct, int *from_hist)
{
	double v = sb_hist_percentile(r->hist, r->nhist, pct);

	*from_hist = v >= 0;
	if (v >= 0)
		return v;
	if (r->has_pct && r->pct == pct)
		return r->lat_pct_ms;
	return -1;
}

/* the total's percentile: merged histogram, else the largest instance value */
static void total_pct(const struct sb_report *r, size_t n, struct apps_total *t, double pct,
		      double *out, enum apps_pct_method *how)
{
	double v, max = -1;
	int h;
	size_t i;

	*out = -1;
	*how = APPS_PCT_NONE;
	if (t->hist) {
		*out = sb_hist_percentile(t->hist, t->nhist, pct);
		*how = APPS_PCT_MERGED_HISTOGRAM;
		return;
	}
	for (i = 0; i < n; i++) {
		v = apps_instance_pct(&r[i], pct, &h);
		if (v < 0)
			return; /* one instance without it: no bound either */
		if (v > max)
			max = v;
	}
	if (n) {
		*out = max;
		*how = APPS_PCT_MAX_OF_INSTANCES;
	}
}

int apps_total(const struct sb_report *r, size_t n, struct apps_total *t)
{
	double wsum = 0;
	uint64_t events = 0, ev;
	bool all_hist = n > 0;
	size_t i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < n; i++) {
		t->tps += r[i].tps;
		t->qps += r[i].qps;
		t->transactions += r[i].transactions;
		t->queries += r[i].queries;
		t->errors += r[i].errors;
		t->reconnects += r[i].reconnects;
		ev = r[i].events ? r[i].events : r[i].transactions;
		wsum += r[i].lat_avg_ms * (double)ev;
		events += ev;
		if (r[i].lat_max_ms > t->lat_max_ms)
			t->lat_max_ms = r[i].lat_max_ms;
		if (!r[i].nhist)
			all_hist = false;
	}
	t->lat_avg_ms = events ? wsum / (double)events : 0;
	for (i = 0; all_hist && i < n; i++) {
		if (sb_hist_merge(&t->hist, &t->nhist, r[i].hist, r[i].nhist)) {
			apps_total_free(t);
			return -ENOMEM;
		}
	}
	total_pct(r, n, t, 95, &t->lat_p95_ms, &t->p95_method);
	total_pct(r, n, t, 99, &t->lat_p99_ms, &t->p99_method);
	return 0;
}

void apps_total_free(struct apps_total *t)
{
	free(t->hist);
	t->hist = NULL;
	t->nhist = 0;
}

const char *apps_pct_method_name(enum apps_pct_method m)
{
	switch (m) {
	case APPS_PCT_MERGED_HISTOGRAM:
		return "merged-histogram";
	case APPS_PCT_MAX_OF_INSTANCES:
		return "max-of-instances";
	default:
		return "none";
	}
}
