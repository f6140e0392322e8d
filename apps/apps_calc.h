/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_calc.h - the arithmetic of the application workloads, pure: the space sysbench's OLTP
 * tables and the TPC-C-like database need on the drive, the memory the servers need, and the
 * total over several instances of their sysbench reports.
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

/*
 * Space model of one PostgreSQL instance holding the TPC-C-like database (tpcc.lua). Measured
 * with PostgreSQL 15 after a load and a short run of TPC-C's cardinalities: a warehouse's 100,000
 * stock rows take 39.8 MB with their key, its 30,000 customers with their history, orders and
 * order lines 75.6 MB (customer 22.8, order_line 43.7, orders 4.9, history 3.0, new_orders 1.0;
 * keys and indexes included), the 100,000 items 12.9 MB, a fresh cluster with its three databases
 * 40 MB; the write-ahead log grows to max_wal_size between checkpoints (a soft limit, passed for
 * a while after a burst). The run inserts orders and their lines: the margin.
 */
#define TPCC_STOCK_BYTES 440ULL	    /* per item per warehouse */
#define TPCC_CUSTOMER_BYTES 2700ULL /* per customer, with its history, orders and order lines */
#define TPCC_ITEM_BYTES 168ULL	    /* per item, once per instance */
#define TPCC_INSTANCE_BYTES (64ULL << 20) /* a fresh cluster */
#define TPCC_WAL_PCT 125		  /* of max_wal_size, per instance */
#define TPCC_MARGIN_PCT 25		  /* on the whole: the run's new orders */

/**
 * tpcc_space_need() - bytes @instances PostgreSQL instances need for @warehouses each of @items
 * items and @customers customers per district (10 districts), with @max_wal_size of write-ahead
 * log: (warehouses × (items × TPCC_STOCK_BYTES + 10 × customers × TPCC_CUSTOMER_BYTES) + items ×
 * TPCC_ITEM_BYTES + TPCC_INSTANCE_BYTES + max_wal_size × TPCC_WAL_PCT %) per instance, plus
 * TPCC_MARGIN_PCT percent. TPC-C's cardinalities make 125 MB per warehouse.
 * Return: bytes; UINT64_MAX when the product overflows.
 */
uint64_t tpcc_space_need(unsigned int instances, unsigned int warehouses, unsigned int items,
			 unsigned int customers, uint64_t max_wal_size);

/*
 * Memory model of a server: its buffer (InnoDB's buffer pool, PostgreSQL's shared_buffers),
 * plus a base for the server itself and a share per connection (a thread or backend process
 * with its sort and temporary buffers).
 */
#define APPS_SERVER_MEM_BYTES (128ULL << 20)
#define APPS_CONN_MEM_BYTES (16ULL << 20)

/**
 * apps_memory_need() - bytes of memory @instances servers of @buffer bytes of buffer each, with
 * @threads connections each, need: (buffer + APPS_SERVER_MEM_BYTES + threads ×
 * APPS_CONN_MEM_BYTES) per instance. Return: bytes; UINT64_MAX on overflow.
 */
uint64_t apps_memory_need(unsigned int instances, uint64_t buffer, unsigned int threads);

/**
 * apps_space_check() - refuse a filesystem with less than @need bytes available.
 * @need: apps_space_need() or tpcc_space_need()
 * @avail: bytes available to the server (statvfs f_bavail × f_frsize), or the device's size
 *         before the filesystem is made
 * @what: what @avail is, for the message ("the filesystem on /dev/nvme0n1")
 * @subject: what needs the space ("the tables", "the database")
 * @load: the workload, named in the message ("2 instances × 100 tables × 10000000 rows")
 * @model: the estimate's terms ("280 bytes per row, 8 MiB per table, …")
 * @msg, @len: "the drive is too small for the tables: 2 instances × 100 tables × 10000000
 *             rows need about 616.0 GiB (…); the filesystem on /dev/nvme0n1 has 1.8 GiB
 *             available"
 * Return: 0, or -ENOSPC.
 */
int apps_space_check(uint64_t need, uint64_t avail, const char *what, const char *subject,
		     const char *load, const char *model, char *msg, size_t len);

/**
 * apps_memory_check() - refuse a host with less than @need bytes of memory available (the
 * kernel's MemAvailable, /proc/meminfo).
 * @avail: bytes; 0 when unknown (then nothing is refused)
 * @load, @buffer, @threads: the workload, named in the message
 * @msg, @len: "too little memory for 2 instances × 1500 warehouses: the servers need about
 *             9.0 GiB (4.0 GiB of buffer, 128 MiB per server, 16 MiB per connection × 32 per
 *             instance); 7.5 GiB is available"
 * Return: 0, or -ENOMEM.
 */
int apps_memory_check(uint64_t need, uint64_t avail, const char *load, uint64_t buffer,
		      unsigned int threads, char *msg, size_t len);

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
