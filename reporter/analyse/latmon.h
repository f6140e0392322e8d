/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latmon.h - the OCP latency monitor's buckets beside fio's completion latencies of the same
 * test (docs/telemetry.md): for each test whose monitor was read, the drive's read and write
 * counts per bucket and, in the same latency ranges, the I/Os fio completed there, counted from
 * its json+ histogram bins, else bounded by its percentiles.
 *
 * The buckets (OCP Datacenter NVMe SSD Specification 2.0, Appendix C.2.3.2, Active Bucket
 * Thresholds): a command whose latency is below Active Threshold A is counted nowhere; at or
 * above A and below B in bucket 0, [B, C) in bucket 1, [C, D) in bucket 2, at or above D in
 * bucket 3. The drive times a command from fetching it from the submission queue to writing
 * its completion queue entry (C.2.1); fio's completion latency (clat) runs from its submission
 * to its reaping, so the host's count at or above A is the larger when both saw the same I/O.
 *
 * fio's side. A json+ bin ("bins" of clat_ns) holds the I/Os of one histogram bucket of fio:
 * below 128 units (ns; us before fio 3.0) one bucket per unit, above it 64 buckets per power of
 * two, the key the bucket's middle, the last bucket (17112760320 ns; fio 2.x 16711680 us) open
 * above. A bucket that straddles a threshold is counted on either side: its I/Os widen the
 * range [lo, hi] of both. Without bins, fio's percentiles, its minimum and maximum bound the
 * count: fio's p-th percentile is the value of the first bucket whose running count reaches
 * p % of N, so fewer than p % of the I/Os lie below that bucket and at least p % within or
 * below it.
 */
#ifndef SSDENG_REPORTER_ANALYSE_LATMON_H
#define SSDENG_REPORTER_ANALYSE_LATMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

#define SR_LM_BUCKETS 4

/* The latency ranges a comparison counts, in this order. */
enum sr_lm_range {
	SR_LM_BELOW = 0,			 /* [0, A): not counted by the drive */
	SR_LM_B0,				 /* [A, B) */
	SR_LM_B3 = SR_LM_B0 + SR_LM_BUCKETS - 1, /* [D, ∞) */
	SR_LM_ABOVE_A,				 /* [A, ∞): every bucket together */
	SR_LM_NRANGES,
};

/* Where fio's side of one direction comes from. */
enum sr_lm_src {
	SR_LM_FIO_NONE = 0, /* no result of the test (or of the group member) has the direction */
	SR_LM_FIO_BINS,	    /* counted from json+ bins (a direction without I/O counts 0) */
	SR_LM_FIO_PCT,	    /* some run had no bins: bounded by percentiles, minimum, maximum */
	SR_LM_FIO_MIXED,    /* fio reported reads and writes together (unified_rw_reporting) */
};

/* What the two accounts of slow I/O (at or above A) say together, per direction. */
enum sr_lm_agree {
	SR_LM_UNKNOWN = 0, /* no fio side, or the drive's count is not known */
	SR_LM_AGREE,	   /* the drive's count lies within fio's bounds */
	SR_LM_HOST_MORE,   /* fio saw more: time spent in the host or waiting in the submission
			    * queue, which the drive does not time */
	SR_LM_DRIVE_MORE,  /* the drive counted more: I/O fio did not measure (ramp_time, another
			    * process) or commands split from fio's I/Os */
};

/* The drive's counters saturate at this value (OCP 2.0 LMLLOG-2; 32-bit counters). */
#define SR_LM_SATURATED 4294967295LL

/* One direction (reads or writes) of a comparison. */
struct sr_lm_dir {
	long long drive[SR_LM_NRANGES]; /* the drive's commands per range, -1 not reported;
					 * SR_LM_BELOW is always -1 (not counted); ABOVE_A is the
					 * buckets' sum (SR_LM_SATURATED when one saturated) */
	enum sr_lm_src src;
	uint64_t fio_ios;	    /* fio's I/Os in the direction (bins' sum, or clat N) */
	uint64_t lo[SR_LM_NRANGES]; /* fio's I/Os in the range are at least lo ... */
	uint64_t hi[SR_LM_NRANGES]; /* ... and at most hi (lo == hi: counted exactly) */
	enum sr_lm_agree agree;	    /* the drive's ABOVE_A against fio's */
};

/* One test's monitor beside fio. */
struct sr_lm_cmp {
	const struct sr_tel_test *tel; /* the model's entry (id, member, the drive's counts) */
	bool edges_ok;		       /* thresholds reported, A < B < C < D (OCP LMLLOG-11) */
	double edge_ns[SR_LM_BUCKETS]; /* thresholds A..D, ns */
	size_t nruns;		       /* fio's runs (job entries) it was computed from */
	double ramp_s;		       /* the longest ramp_time of those runs, s (0: none): I/O
					* the drive counts and fio's figures leave out */
	struct sr_lm_dir dir[2];       /* reads, writes */
};

/* A drive's comparisons, one per test whose monitor was read, in the model's order. */
struct sr_lm_drive {
	struct sr_lm_cmp *cmp;
	size_t n;
};

/**
 * sr_fio_bin_range() - the latencies a fio histogram bucket holds.
 * @v_ns:    the bucket's key as the model holds it (its middle), ns
 * @unit_ns: the unit fio counted in: 1 (fio 3.x, ns), 1000 (fio 2.x, us)
 * @lo:      out: its lower edge, ns (inclusive)
 * @hi:      out: its upper edge, ns (exclusive); INFINITY for fio's last bucket and above
 */
void sr_fio_bin_range(double v_ns, double unit_ns, double *lo, double *hi);

/** sr_fio_unit_ns() - 1000 for a test fio 2.x wrote (its histograms count us), else 1. */
double sr_fio_unit_ns(const struct sr_test *t);

/**
 * sr_lm_compare() - one test's monitor beside fio's completion latencies.
 * @drv: the drive (its tests with the id of @tel are fio's side; for a group member the job
 *       entries named after it)
 * @tel: a test whose monitor was read (latmon_status "read")
 * @out: output
 */
void sr_lm_compare(const struct sr_drive *drv, const struct sr_tel_test *tel,
		   struct sr_lm_cmp *out);

/**
 * sr_lm_build() - the comparisons of every test of @drv whose monitor was read.
 * Return: 0 or -ENOMEM (@out then empty).
 */
int sr_lm_build(const struct sr_drive *drv, struct sr_lm_drive *out);

void sr_lm_free(struct sr_lm_drive *d);

#endif
