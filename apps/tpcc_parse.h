/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tpcc_parse.h - what the TPC-C-like workload (apps/tpcc.lua) prints besides sysbench's own
 * report, parsed into numbers (pure: no I/O): its per-thread, per-transaction-type figures
 * ("tpcc-stats" lines of a run) and its consistency conditions ("tpcc-check" lines of the check
 * command), and the verdict on those conditions.
 *
 *   tpcc-stats type=new_order thread=0 done=920 rolled_back=6 retries=0 deadlocks=0
 *              serialization=0 lat_sum_ms=5890.817 hist=390:1,398:1,...
 *   tpcc-check condition=1 checked=1 violations=0 what=W_YTD = sum(D_YTD)
 *   tpcc-check condition=1 violation w_id=1 w_ytd=300010.00 sum_d_ytd=300000.00
 *
 * hist holds bucket:count pairs of sysbench 1.0's histogram layout (tpcc_bucket_ms()).
 */
#ifndef SSDENG_TPCC_PARSE_H
#define SSDENG_TPCC_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sysbench_parse.h"

/* The five transactions (TPC-C clause 2.4-2.8), in the order tpcc.lua prints them. */
enum tpcc_type {
	TPCC_NEW_ORDER = 0,
	TPCC_PAYMENT,
	TPCC_ORDER_STATUS,
	TPCC_DELIVERY,
	TPCC_STOCK_LEVEL,
	TPCC_NTYPES,
};

/* "new_order", "payment", "order_status", "delivery", "stock_level" */
extern const char *const tpcc_type_names[TPCC_NTYPES];

/* One transaction type's figures, summed over threads (and instances, for a total). */
struct tpcc_type_stats {
	uint64_t done;		/* committed */
	uint64_t rolled_back;	/* rolled back on purpose: New-Order's unused item (1 %) */
	uint64_t retries;	/* attempts rolled back by the server and run again */
	uint64_t deadlocks;	/* of which SQLSTATE 40P01 */
	uint64_t serialization; /* of which SQLSTATE 40001 */
	double lat_sum_ms;	/* from the first attempt to the end, retries included */
	struct sb_bucket *hist; /* ascending by value */
	size_t nhist;
};

#define TPCC_NCONDITIONS 4 /* TPC-C clause 3.3.2.1 - 3.3.2.4 */
#define TPCC_EXAMPLES_LEN 1024

/* One consistency condition as checked on one instance. */
struct tpcc_condition {
	bool seen;			  /* its summary line was there */
	char what[96];			  /* "W_YTD = sum(D_YTD)" */
	uint64_t checked;		  /* rows the condition covers (warehouses, districts) */
	uint64_t violations;		  /* rows that break it */
	char examples[TPCC_EXAMPLES_LEN]; /* the first violations as printed, "; "-joined */
};

/* One instance's TPC-C-like figures. */
struct tpcc_instance {
	struct tpcc_type_stats type[TPCC_NTYPES];
	unsigned int stats_lines; /* "tpcc-stats" lines read (threads × types) */
	struct tpcc_condition cond[TPCC_NCONDITIONS];
	bool checked; /* every condition's summary line was read */
};

/**
 * tpcc_bucket_ms() - the value in ms of bucket @index of sysbench 1.0's histogram layout (1024
 * logarithmic buckets from 0.001 to 100,000 ms, src/sb_histogram.c), -1 out of range.
 */
double tpcc_bucket_ms(unsigned long index);

/**
 * tpcc_parse_stats() - add the "tpcc-stats" lines of a run's output @text to @t (types summed
 * over threads; histograms merged).
 * @err, @errlen: "tpcc-stats line 3: unknown type 'x'"; "no tpcc-stats lines (the run's output
 *                is not tpcc.lua's)"
 * Return: 0, -ENODATA (no line), -EINVAL (a line not understood), -ENOMEM.
 */
int tpcc_parse_stats(const char *text, struct tpcc_instance *t, char *err, size_t errlen);

/**
 * tpcc_parse_check() - the "tpcc-check" lines of the check command's output @text into
 * t->cond; t->checked when all four summary lines were there.
 * Return: 0, -ENODATA (a condition's line missing: the check did not finish), -EINVAL.
 */
int tpcc_parse_check(const char *text, struct tpcc_instance *t, char *err, size_t errlen);

/**
 * tpcc_check_verdict() - whether instance @id's conditions all hold; when one does not, @msg
 * names each failed condition with its numbers: "db2: TPC-C consistency condition 1 (W_YTD =
 * sum(D_YTD)) fails on 1 of 1 rows: w_id=1 w_ytd=300010.00 sum_d_ytd=300000.00".
 * Return: 0, -EPROTO (a condition fails), -ENODATA (not checked).
 */
int tpcc_check_verdict(const struct tpcc_instance *t, unsigned int id, char *msg, size_t len);

/**
 * tpcc_types_add() - add @src's figures into @dst, type by type (counts and sums added,
 * histograms merged). Return: 0 or -ENOMEM.
 */
int tpcc_types_add(struct tpcc_type_stats *dst, const struct tpcc_type_stats *src);

/** tpcc_types_free() - free the histograms of @n types at @ts. */
void tpcc_types_free(struct tpcc_type_stats *ts, size_t n);

/** tpcc_instance_free() - free @t and its histograms (NULL is fine). */
void tpcc_instance_free(struct tpcc_instance *t);

#endif
