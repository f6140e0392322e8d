/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_hist_log.h - streaming reader for fio's completion-latency histogram logs
 * (write_hist_log=<prefix>, log_hist_msec=<ms>: <prefix>_clat_hist.N.log).
 *
 * Format (fio HOWTO "log_hist_msec", tools/hist/fiologparser_hist.py; checked on fio 3.33 output):
 * one row per data direction per log_hist_msec interval,
 *
 *   time_ms, ddir, bs, count_0, count_1, ..., count_{M-1}
 *
 * where count_j is the number of I/Os that completed *in that interval* (fio writes the difference
 * of its cumulative latency histogram between two rows: per-interval, not cumulative) with a clat
 * in bucket j. M = PLAT_NR / 2^coarseness (log_hist_coarseness, 0..6): fio merges 2^c adjacent
 * buckets of its FIO_IO_U_PLAT_NR-bucket histogram. PLAT_NR is 64 x FIO_IO_U_PLAT_GROUP_NR:
 * 1856 (29 groups) in fio 3.x since latencies moved to ns, 1216 (19 groups) in fio 2.x (usec);
 * M = 29 x 2^k or 19 x 2^k tells them apart (19 and 29 are odd primes).
 *
 * Bucket layout (fio stat.h, FIO_IO_U_PLAT_BITS = 6, 64 buckets per group): bucket i < 128 holds
 * exactly the value i; above, group g = (i >> 6) - 1 starts at 2^(g + 6) and its 64 buckets are
 * 2^g wide, so bucket i holds the integers [2^(g+6) + (i % 64) 2^g, that + 2^g - 1].
 * A merged bucket spans its first bucket's low end to its last bucket's high end. The value used
 * for a bucket is the midpoint of the integers it holds; no sample is farther from it than half
 * that span, the bucket's error bound delta: 0 for single buckets below 128; for values of 128 and
 * up at most 2^c / 128 of the value (0.8% at coarseness 0, 12.5% at coarseness 4).
 *
 * Reading: the file is read in 1 MiB blocks and each row parsed in one pass over its bytes (no
 * line is searched for first); a run of empty buckets ("0, 0, 0, ...", most of a row) is skipped
 * five at a time. Each row also lists its non-empty columns, so a consumer never walks the empty
 * ones, and the bucket midpoints and half-spans of the file's layout come from a table the reader
 * computes once, when the first row fixes the layout.
 *
 * Memory: one read buffer, one row of counts and the layout's table, whatever the file size.
 */
#ifndef SSDREPORT_FIO_HIST_LOG_H
#define SSDREPORT_FIO_HIST_LOG_H

#include <stddef.h>
#include <stdint.h>

#define SR_HIST_PLAT_BITS 6
#define SR_HIST_PLAT_VAL (1u << SR_HIST_PLAT_BITS)
#define SR_HIST_PLAT_NR_MAX (29u * SR_HIST_PLAT_VAL) /* fio 3.x: 1856 */

/* One histogram row; the arrays are the reader's, valid until the next row. */
struct sr_hist_row {
	uint64_t time_ms;      /* ms since the job started, end of the interval */
	uint8_t ddir;	       /* 0 read, 1 write, 2 trim */
	uint64_t bs;	       /* bytes */
	const uint64_t *count; /* nbuckets counts */
	unsigned nbuckets;     /* columns after bs */
	unsigned stride;       /* fio buckets per column: 2^log_hist_coarseness */
	const uint16_t *nz;    /* the columns whose count is not 0, ascending */
	unsigned nnz;	       /* their number */
	const double *mid;     /* nbuckets: each column's midpoint (sr_hist_bucket()), log's unit */
	const double *delta;   /* nbuckets: each column's half-span */
};

struct sr_hist_reader;

/**
 * sr_hist_bucket() - the values a histogram column holds, in the log's unit (ns in fio 3.x).
 * @col:    column index (0 = first count)
 * @stride: fio buckets per column (sr_hist_row.stride)
 * @mid:    out: midpoint of the integers the column holds
 * @delta:  out: half their span, the largest distance of a sample from @mid
 */
void sr_hist_bucket(unsigned col, unsigned stride, double *mid, double *delta);

/**
 * sr_hist_open() - open a histogram log for streaming.
 * @out:    the reader
 * @path:   the file
 * @err:    buffer for a one-line message naming the file, or NULL
 * @errlen: size of @err
 *
 * Return: 0, -ENOMEM, or the negative errno of open().
 */
int sr_hist_open(struct sr_hist_reader **out, const char *path, char *err, size_t errlen);

/**
 * sr_hist_next() - read the next row.
 * @r:   the reader
 * @row: filled on success
 *
 * Blank lines are skipped; CRLF endings and blanks around fields are accepted. Every row of a
 * file must have the same number of columns, one of 19 x 2^k or 29 x 2^k (k = 6 - coarseness).
 *
 * Return: 1 for a row, 0 at end of file, -EINVAL for a malformed line or one longer than the
 * read buffer (sr_hist_error() names the file, line and what was expected), or a negative errno
 * from reading.
 */
int sr_hist_next(struct sr_hist_reader *r, struct sr_hist_row *row);

/* sr_hist_error() - last error message ("file:line: ..."), "" if none. */
const char *sr_hist_error(const struct sr_hist_reader *r);

/* sr_hist_close() - close and free a reader (NULL is a no-op). */
void sr_hist_close(struct sr_hist_reader *r);

#endif
