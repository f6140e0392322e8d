/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_record.h - a run as the record's result document (record/apps.h: apps.json, schema
 * ssdeng.apps.v1, and tpcc.json, ssdeng.apps-tpcc.v1, written and read by record/apps.c only):
 * the parts both workloads' results share filled from the run (the status, the device, the
 * filesystem, the workload's common terms, memory, versions, timings, every instance's server
 * and sysbench figures and files, the total over the instances); apps_result.c and
 * tpcc_result.c add their workload's own and write it.
 */
#ifndef SSDENG_APPS_RECORD_H
#define SSDENG_APPS_RECORD_H

#include "apps.h"
#include "apps_calc.h"
#include "record/apps.h"

/* The document and what it borrows while it is written. */
struct apps_record {
	struct rec_apps a;
	struct rec_apps_instance inst[APPS_MAX_INSTANCES];
	struct rec_apps_setting settings[APPS_MAX_INSTANCES][APPS_MAX_SETTINGS];
	char files[APPS_MAX_INSTANCES][REC_APPS_NFILES][64]; /* "dbN/<name>" */
	struct apps_total total;
};

/**
 * apps_record_new() - a new *@out filled with what every result has from @run, as workload
 * run->wl->result with test @test ("oltp_read_write", "tpcc.lua"); the total only when every
 * instance has a report. apps_record_free() it, also after a failure.
 * Return: 0 or -ENOMEM ("out of memory" in @err).
 */
int apps_record_new(struct apps_record **out, const struct apps_run *run, const char *test,
		    char *err, size_t errlen);

/**
 * apps_record_write() - @r's document to <out>/apps.json or tpcc.json (record/layout.h),
 * atomically. Return: 0 or -errno with @err naming the file.
 */
int apps_record_write(const struct apps_record *r, const struct apps_run *run, char *err,
		      size_t errlen);

/** apps_record_free() - @r and what it allocated (NULL is fine). */
void apps_record_free(struct apps_record *r);

#endif
