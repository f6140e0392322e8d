/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps.h - the application workload figures of a drive (struct sr_apps, from ssd-apps's
 * apps.json or a review's published figures): which result belongs to a test, whether it is a
 * measurement, and one figure of one instance or of the total. A result that did not finish
 * ("failed", "interrupted", "refused") has no figure: every value reads absent.
 */
#ifndef SSDREPORT_ANALYSE_APPS_H
#define SSDREPORT_ANALYSE_APPS_H

#include <stdbool.h>

#include "model/model.h"

enum sr_apps_metric {
	SR_A_TPS = 0, /* transactions per second */
	SR_A_QPS,     /* queries per second */
	SR_A_LAT_AVG, /* average latency, ms */
	SR_A_LAT_P95, /* 95th percentile latency, ms */
	SR_A_LAT_P99, /* 99th percentile latency, ms */
	SR_A_NOPM,    /* TPC-C-like: New-Orders per minute */
	SR_A_NMETRICS,
};

/* sr_apps_of() - drive @drv's result of test @id, NULL when it has none. */
const struct sr_apps *sr_apps_of(const struct sr_drive *drv, const char *id);

/* sr_apps_done() - whether @a is a finished measurement (or published figures). */
bool sr_apps_done(const struct sr_apps *a);

/**
 * sr_apps_value() - one figure of @a.
 * @inst: the instance, 0-based; -1 for the total over the instances
 * @m:    which figure
 * Return: the value (TPS, QPS or ms), absent when @a is not done or lacks it.
 */
struct sr_value sr_apps_value(const struct sr_apps *a, long inst, enum sr_apps_metric m);

/**
 * sr_apps_metric_parse() - a catalogue summary metric of an apps test: "tps", "qps",
 * "lat_mean", "p95", "p99", "nopm". Return: 0, or -EINVAL for another name.
 */
int sr_apps_metric_parse(const char *name, enum sr_apps_metric *m);

/**
 * sr_apps_metric_words() - what a figure is, for tables and charts: "transactions/s",
 * "average latency (ms)", "New-Orders/min", …
 */
const char *sr_apps_metric_words(enum sr_apps_metric m);

#endif
