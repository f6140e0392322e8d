// SPDX-License-Identifier: GPL-2.0-only
/* apps.c - application workload figures (apps.h). */
#include <errno.h>
#include <string.h>

#include "analyse/apps.h"

const struct sr_apps *sr_apps_of(const struct sr_drive *drv, const char *id)
{
	for (size_t i = 0; i < drv->napps; i++)
		if (drv->apps[i].id && !strcmp(drv->apps[i].id, id))
			return &drv->apps[i];
	return NULL;
}

bool sr_apps_done(const struct sr_apps *a) { return a && a->status && !strcmp(a->status, "done"); }

struct sr_value sr_apps_value(const struct sr_apps *a, long inst, enum sr_apps_metric m)
{
	const struct sr_apps_figures *f;
	const struct sr_value absent = {0, SR_ABSENT};

	if (!sr_apps_done(a) || (inst >= 0 && (size_t)inst >= a->ninst))
		return absent;
	f = inst < 0 ? &a->total : &a->inst[inst];
	switch (m) {
	case SR_A_TPS:
		return f->tps;
	case SR_A_QPS:
		return f->qps;
	case SR_A_LAT_AVG:
		return f->lat_avg_ms;
	case SR_A_LAT_P95:
		return f->lat_p95_ms;
	case SR_A_LAT_P99:
		return f->lat_p99_ms;
	case SR_A_NOPM:
		return f->new_orders_per_min;
	case SR_A_NMETRICS:
		break;
	}
	return absent;
}

int sr_apps_metric_parse(const char *name, enum sr_apps_metric *m)
{
	static const char *const names[SR_A_NMETRICS] = {"tps", "qps", "lat_mean",
							 "p95", "p99", "nopm"};

	for (int i = 0; i < SR_A_NMETRICS; i++)
		if (!strcmp(name, names[i])) {
			*m = (enum sr_apps_metric)i;
			return 0;
		}
	return -EINVAL;
}

const char *sr_apps_metric_words(enum sr_apps_metric m)
{
	static const char *const words[SR_A_NMETRICS] = {
	    "transactions/s",	"queries/s",	    "average latency (ms)",
	    "p95 latency (ms)", "p99 latency (ms)", "New-Orders/min",
	};

	return m < SR_A_NMETRICS ? words[m] : "?";
}
