/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_log.h - streaming reader for fio's per-interval log files.
 *
 * fio writes one text row per sample (or per log_avg_msec window):
 *
 *   time_ms, value[, window_max], ddir, bs[, offset], prio[, issue_time]
 *
 * (fio HOWTO "Log File Formats"; iolog.c flush_samples()). Older fio omits columns from the
 * right: fio 2.x and fio < 3.2x write 4 columns (time, value, ddir, bs) or 5 with log_offset=1;
 * fio 3.33 always appends the priority, so 5 columns. fio >= 3.35 with log_window_value=both
 * (IO_LOG_SAMPLE_BOTH) writes the window mean in column 2 and the window max in column 3, before
 * ddir; with log_window_value=max (or log_max_value=1) column 2 holds the max and nothing tells
 * it apart from a mean, so the caller says so (SR_LOGF_MAX_ONLY). Without SR_LOGF_AVG_MAX or
 * SR_LOGF_NO_AVG_MAX the first row of 6 or more columns decides: a third column above 2 cannot
 * be a ddir, so it is the window max (a 6-column row is otherwise time,value,ddir,bs,offset,prio).
 * Values are integers; fio prints them with PRId64 so a wrapped unsigned value shows up negative.
 *
 * Units of the value column: latency logs (lat/clat/slat) in ns since fio 3.0, in us in fio 2.x;
 * bandwidth logs in KiB/s; IOPS logs in I/Os per second (windowed) or 1 per I/O (log_avg_msec=0,
 * then bs is the I/O size; with windowing bs and offset are written as 0).
 *
 * The reader reads in 1 MiB blocks and never allocates per line: memory is constant whatever
 * the file size.
 */
#ifndef SSDREPORT_FIO_LOG_H
#define SSDREPORT_FIO_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SR_DDIR_NR 3 /* fio's DDIR_RWDIR_CNT: 0 read, 1 write, 2 trim */

/* Kind of log, from the file name suffix. */
enum sr_log_kind {
	SR_LOG_UNKNOWN = 0,
	SR_LOG_IOPS, /* <prefix>_iops[.N].log */
	SR_LOG_BW,   /* <prefix>_bw[.N].log, agg-read_bw.log */
	SR_LOG_LAT,  /* <prefix>_lat[.N].log: slat + clat */
	SR_LOG_CLAT, /* <prefix>_clat[.N].log */
	SR_LOG_SLAT, /* <prefix>_slat[.N].log */
	SR_LOG_HIST, /* <prefix>_clat_hist[.N].log: histogram rows, not read by this reader */
};

/* Unit of the value column of latency logs. */
enum sr_lat_unit {
	SR_LAT_NS = 0, /* fio >= 3.0 */
	SR_LAT_US,     /* fio 2.x */
};

/* Layout flags, set by the caller when the jobfile used the option (see file comment). */
#define SR_LOGF_AVG_MAX 0x1u	/* log_window_value=both: column 3 is the window max */
#define SR_LOGF_MAX_ONLY 0x2u	/* log_window_value=max / log_max_value=1: value is a max */
#define SR_LOGF_OFFSET 0x4u	/* log_offset=1: a 5-column row is time,value,ddir,bs,offset */
#define SR_LOGF_NO_AVG_MAX 0x8u /* never read column 3 as a max (turns detection off) */

/* Name of a log file split into its parts. */
struct sr_log_name {
	enum sr_log_kind kind;
	int job;	 /* N of "<prefix>_iops.N.log", or -1 for per_job_logs=0 names */
	size_t stem_len; /* length of the path up to the "_iops"-style suffix (test identity) */
};

/* One row, value columns in the file's own unit (see sr_log_scale()). */
struct sr_log_row {
	uint64_t time_ms; /* ms since the job started */
	double value;	  /* window mean, single sample, or window max with SR_LOGF_MAX_ONLY */
	double max;	  /* window max when has_max, else equal to value */
	uint64_t bs;	  /* bytes; 0 for windowed rows */
	uint64_t offset;  /* bytes, when has_offset */
	uint32_t prio;	  /* command priority column (0 if absent) */
	uint8_t ddir;	  /* 0 read, 1 write, 2 trim */
	uint8_t ncols;	  /* columns found on the line */
	bool has_max;
	bool has_offset;
};

struct sr_log_opts {
	enum sr_lat_unit lat_unit; /* informational for sr_log_scale(); the reader never scales */
	unsigned int flags;	   /* SR_LOGF_* */
	/*
	 * Informational for the interval aggregators (analyse/): the job's log_avg_msec (for a
	 * histogram log its log_hist_msec), ms. fio writes a windowed row when a period of
	 * avg_ms has passed on the job's clock, stamped with the time it writes it (a few ms
	 * late, or up to 2 ms early: fio's LOG_MSEC_SLACK), so the row stamped t ends the
	 * job's period number floor((t + 2) / avg_ms), counting from 1. 0: not known.
	 */
	uint32_t avg_ms;
};

struct sr_log_reader;

/**
 * sr_log_parse_name() - classify a log file by its name.
 * @path: file path; only the last component is looked at.
 * @out: filled with kind, job number and stem length.
 *
 * Recognises "<stem>_{iops,bw,lat,clat,slat,clat_hist}[.N].log" (fio's write_*_log naming,
 * with or without per_job_logs) and "agg-{read,write,trim}_bw.log".
 *
 * Return: 0, or -EINVAL when the name matches no fio log (out->kind is SR_LOG_UNKNOWN).
 */
int sr_log_parse_name(const char *path, struct sr_log_name *out);

/**
 * sr_log_kind_name() - short name of a kind ("iops", "bw", "lat", "clat", "slat", "hist").
 * @kind: the kind.
 *
 * Return: a static string, "unknown" for SR_LOG_UNKNOWN.
 */
const char *sr_log_kind_name(enum sr_log_kind kind);

/**
 * sr_log_scale() - factor from a log's value unit to the model's base unit.
 * @kind: log kind.
 * @lat_unit: unit of latency logs (fio version dependent).
 *
 * Base units: IOPS, bytes/s (bw logs are KiB/s: x1024), ns (fio 2.x latency is us: x1000).
 *
 * Return: the factor, 0 for SR_LOG_UNKNOWN and SR_LOG_HIST.
 */
double sr_log_scale(enum sr_log_kind kind, enum sr_lat_unit lat_unit);

/**
 * sr_log_lat_unit_for_version() - latency log unit for a fio version string.
 * @fio_version: "fio-3.33", "fio-2.2.10", "3.7" ... (the JSON's "fio version"), or NULL.
 *
 * Return: SR_LAT_US for major version 2 or lower, SR_LAT_NS otherwise (and for NULL or
 * an unparsable string, since every current fio writes ns).
 */
enum sr_lat_unit sr_log_lat_unit_for_version(const char *fio_version);

/**
 * sr_log_open() - open a log file for streaming.
 * @out: the new reader.
 * @path: file to read; its name gives the kind (SR_LOG_UNKNOWN is allowed, read as a value log).
 * @opts: layout flags and unit, or NULL for defaults.
 * @err: buffer for a one-line message naming the file, or NULL.
 * @errlen: size of @err.
 *
 * A histogram log (name *_clat_hist*) is refused here: its rows are bin counts, not values.
 *
 * Return: 0, -ENOMEM, -EINVAL for a histogram log, or the negative errno of open().
 */
int sr_log_open(struct sr_log_reader **out, const char *path, const struct sr_log_opts *opts,
		char *err, size_t errlen);

/**
 * sr_log_next() - read the next row.
 * @r: the reader.
 * @row: filled on success.
 *
 * Blank lines are skipped; CRLF endings and spaces or tabs around fields are accepted.
 *
 * Return: 1 for a row, 0 at end of file, -EINVAL for a malformed line (sr_log_error() names
 * file, line and what was expected), or a negative errno from read().
 */
int sr_log_next(struct sr_log_reader *r, struct sr_log_row *row);

/**
 * sr_log_error() - last error message of a reader ("file:line: ..."), "" if none.
 * @r: the reader.
 *
 * Return: a string owned by the reader.
 */
const char *sr_log_error(const struct sr_log_reader *r);

/**
 * sr_log_line() - 1-based number of the line last read.
 * @r: the reader.
 *
 * Return: the line number.
 */
uint64_t sr_log_line(const struct sr_log_reader *r);

/**
 * sr_log_reader_kind() - kind of the open log (from its name).
 * @r: the reader.
 *
 * Return: the kind.
 */
enum sr_log_kind sr_log_reader_kind(const struct sr_log_reader *r);

/**
 * sr_log_bytes_read() - bytes consumed so far.
 * @r: the reader.
 *
 * Return: the count.
 */
uint64_t sr_log_bytes_read(const struct sr_log_reader *r);

/**
 * sr_log_refill() - the block reading both log readers share: move the unread bytes
 * buf[*start, *end) to the front of @buf and read from @fd after them, up to @cap bytes.
 * @fd:    the file
 * @buf:   the buffer, @cap bytes (and whatever room after them its reader keeps for a sentinel)
 * @cap:   bytes of data it holds at most: the longest line a reader accepts
 * @start: first unread byte; 0 on return
 * @end:   end of the data; moved on by the bytes read
 *
 * Return: the bytes read (0 at end of file), -E2BIG when @buf is full of one unfinished line,
 * or the negative errno of read() (EINTR retried).
 */
ssize_t sr_log_refill(int fd, char *buf, size_t cap, size_t *start, size_t *end);

/**
 * sr_log_close() - close a reader and free it (NULL is a no-op).
 * @r: the reader.
 */
void sr_log_close(struct sr_log_reader *r);

#endif
