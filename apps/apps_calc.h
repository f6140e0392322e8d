/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_calc.h - the arithmetic of the application workload, pure: the space sysbench's OLTP
 * tables need on the drive, and the total over several instances of their sysbench reports.
 */
#ifndef SSDENG_APPS_CALC_H
#define SSDENG_APPS_CALC_H

#include <stddef.h>
#include <stdint.h>

#include "sysbench_parse.h"

/*
 * Space model of one MariaDB instance holding sysbench's tables (InnoDB, 16 KiB pages,
 * file-per-table). Measured with MariaDB 10.11 on XFS: sysbench 1.0.20's oltp table (id INT,
 * k INT, c CHAR(120), pad CHAR(60), primary key and a secondary index on k) prepared with
 * 200,000 rows is a 54,525,952-byte .ibd: 272.6 bytes per row; a table of 10,000 rows takes
 * 10 MiB after a short run (a small .ibd grows in whole extents); a fresh data directory
 * (ibdata1 12 MiB, ibtmp1 12 MiB, the 96 MiB redo log, the mysql schema) is 131 MB.
 */
#define APPS_ROW_BYTES 280ULL		   /* per row, primary + secondary index */
#define APPS_TABLE_BYTES (8ULL << 20)	   /* per table: extents beyond its rows */
#define APPS_INSTANCE_BYTES (256ULL << 20) /* per instance: system files + undo growth */
#define APPS_MARGIN_PCT 10		   /* on the whole: the run's inserts, page splits */

/**
 * apps_space_need() - bytes @instances MariaDB instances need on the filesystem for @tables
 * sysbench tables of @rows rows each: (rows × APPS_ROW_BYTES + APPS_TABLE_BYTES) per table,
 * plus APPS_INSTANCE_BYTES, per instance, plus APPS_MARGIN_PCT percent.
 * Return: bytes; UINT64_MAX when the product overflows.
 */
uint64_t apps_space_need(unsigned int instances, unsigned int tables, uint64_t rows);

/**
 * apps_space_check() - refuse a filesystem with less than @need bytes available.
 * @need: apps_space_need()
 * @avail: bytes available to the server (statvfs f_bavail × f_frsize), or the device's size
 *         before the filesystem is made
 * @what: what @avail is, for the message ("the filesystem on /dev/nvme0n1")
 * @instances, @tables, @rows: the workload, named in the message
 * @msg, @len: "the drive is too small for the tables: 2 instances × 100 tables × 10000000 rows
 *             need about 616.0 GiB (…); the filesystem on /dev/nvme0n1 has 1.8 GiB available"
 * Return: 0, or -ENOSPC.
 */
int apps_space_check(uint64_t need, uint64_t avail, const char *what, unsigned int instances,
		     unsigned int tables, uint64_t rows, char *msg, size_t len);

/** apps_human_bytes() - "1.8 GiB", "512.0 MiB", "900 B" into @buf. Return: @buf. */
const char *apps_human_bytes(uint64_t b, char *buf, size_t len);

/* How a total percentile was found. */
enum apps_pct_method {
	APPS_PCT_NONE = 0,	   /* no instance had the figure */
	APPS_PCT_MERGED_HISTOGRAM, /* from the instances' histograms added together: exact */
	APPS_PCT_MAX_OF_INSTANCES, /* an instance lacked a histogram: the largest instance value,
				      an upper bound of the total's percentile */
};

/* The total over instances. Latencies in ms. */
struct apps_total {
	double tps, qps;		/* summed */
	uint64_t transactions, queries; /* summed */
	uint64_t errors, reconnects;	/* summed */
	double lat_avg_ms;		/* average weighted by each instance's events */
	double lat_max_ms;		/* the largest */
	double lat_p95_ms, lat_p99_ms;	/* -1 when unknown */
	enum apps_pct_method p95_method, p99_method;
	struct sb_bucket *hist; /* merged histogram, NULL unless every instance had one */
	size_t nhist;
};

/**
 * apps_instance_pct() - an instance's @pct percentile: from its histogram by sysbench's rule
 * when it has one, else what sysbench printed when it printed that percentile.
 * @r: the instance's report
 * @pct: 95, 99
 * @from_hist: set to 1 when the value came from the histogram, 0 from sysbench's line
 * Return: ms, or -1 when neither is there.
 */
double apps_instance_pct(const struct sb_report *r, double pct, int *from_hist);

/**
 * apps_total() - sum @n reports: TPS, QPS, transactions, queries, errors, reconnects added;
 * average latency weighted by events (sysbench's average is per event, one event per
 * transaction in the OLTP tests); p95 and p99 from the merged histograms when every instance has
 * one, else the largest instance value (marked APPS_PCT_MAX_OF_INSTANCES).
 * @r, @n: reports
 * @t: filled; free with apps_total_free()
 * Return: 0 or -ENOMEM.
 */
int apps_total(const struct sb_report *r, size_t n, struct apps_total *t);

/** apps_total_free() - free @t's merged histogram. */
void apps_total_free(struct apps_total *t);

/** apps_pct_method_name() - "merged-histogram", "max-of-instances" or "none". */
const char *apps_pct_method_name(enum apps_pct_method m);

#endif
