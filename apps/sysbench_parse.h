/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysbench_parse.h - the end-of-run report of sysbench's OLTP tests as text, parsed into numbers
 * (pure: no I/O), and sysbench's latency histogram: its percentile rule and a merge of several
 * instances' histograms.
 *
 * Formats understood:
 *   - sysbench 1.0.x / 1.1: "SQL statistics:" (transactions, queries, ignored errors,
 *     reconnects), "General statistics:" or "Throughput:", "Latency (ms):" (min/avg/max,
 *     "95th percentile:", sum), and with --histogram "Latency histogram (values are in
 *     milliseconds)" lines "%12.3f |*** count";
 *   - sysbench 0.4.x / 0.5: "OLTP test statistics:" (transactions, deadlocks or ignored errors,
 *     reconnects, read/write requests, other operations), "Test execution summary:" or "General
 *     statistics:", "per-request statistics:" / "response time:" with values suffixed "ms" and
 *     "approx.  95 percentile:".
 * Interval report lines ("[ 10s ] thds: …") and anything else are skipped.
 */
#ifndef SSDENG_SYSBENCH_PARSE_H
#define SSDENG_SYSBENCH_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Which report layout the text had. */
enum sb_format {
	SB_FORMAT_NONE = 0, /* no end-of-run report found */
	SB_FORMAT_OLTP_0X,  /* 0.4 / 0.5: "OLTP test statistics:" */
	SB_FORMAT_SQL_1X,   /* 1.0 / 1.1: "SQL statistics:" */
};

/* One bucket of sysbench's latency histogram as printed: its value (ms) and its event count. */
struct sb_bucket {
	double value_ms;
	uint64_t count;
};

/*
 * The figures of one sysbench run. Latencies in milliseconds, rates per second, times in seconds.
 * A figure the format does not print has its has_* flag false (0.4 prints no reconnects).
 */
struct sb_report {
	enum sb_format format;
	char version[32];     /* "1.0.20", "0.5", "0.4.12"; "" if the banner is missing */
	unsigned int threads; /* "Number of threads:", 0 if absent */
	uint64_t reads, writes, others, queries; /* "queries performed:" counts */
	uint64_t transactions;
	double tps; /* transactions per second, as sysbench printed it */
	double qps; /* queries per second: 1.x "queries: (X per sec.)"; 0.x r/w + other per sec */
	uint64_t errors; /* 1.x "ignored errors", 0.5 "ignored errors" or 0.x "deadlocks" */
	bool has_errors;
	uint64_t reconnects;
	bool has_reconnects;
	double total_time_s; /* "total time:" or 1.1 "time elapsed:" */
	uint64_t events;     /* "total number of events:" */
	double lat_min_ms, lat_avg_ms, lat_max_ms;
	bool has_latency;
	double pct;	   /* the percentile sysbench printed (95 by default, --percentile=N) */
	double lat_pct_ms; /* its value */
	bool has_pct;	   /* false with --percentile=0 or when the line is missing */
	struct sb_bucket *hist; /* the histogram, ascending, NULL without --histogram */
	size_t nhist;
	uint64_t hist_events; /* sum of the histogram's counts */
};

/**
 * sb_parse() - parse the text sysbench printed for one `run`.
 * @text: the whole output, NUL-terminated (stdout and stderr together is fine)
 * @out: filled; free with sb_report_free() whatever the result
 * @err, @errlen: on failure, what is missing ("no 'SQL statistics:' or 'OLTP test statistics:'
 *                report in the output")
 *
 * Requires a report with its transaction count and total time; everything else is optional and
 * flagged. Numbers are read as printed (sysbench rounds rates to 2 decimals).
 * Return: 0, -ENODATA (no report: sysbench failed before the end of the run), -EINVAL (a
 * report whose transactions or total time cannot be read), -ENOMEM.
 */
int sb_parse(const char *text, struct sb_report *out, char *err, size_t errlen);

/** sb_report_free() - free @r's histogram and zero it. */
void sb_report_free(struct sb_report *r);

/**
 * sb_hist_percentile() - the @pct percentile of a histogram by sysbench's own rule
 * (src/sb_histogram.c): the value of the first bucket, in ascending order, at which the running
 * count reaches floor(N × @pct / 100 + 0.5), N the histogram's events.
 * @b, @n: buckets, ascending by value
 * @pct: 0 < pct <= 100
 * Applied to one run's printed histogram this gives the percentile sysbench itself printed (to the
 * 3 decimals the histogram is printed with).
 * Return: the value in ms, or -1 when the histogram is empty or @pct is out of range.
 */
double sb_hist_percentile(const struct sb_bucket *b, size_t n, double pct);

/**
 * sb_hist_merge() - add histogram @src into @dst (bucket counts of equal value summed, ascending).
 * Valid for histograms printed by the same sysbench build with the same bucket layout (1.0's
 * 1024 buckets from 0.001 to 100,000 ms, printed to 3 decimals, so equal buckets print equally).
 * @dst, @ndst: in/out; *@dst may be NULL with *@ndst 0; reallocated
 * @src, @nsrc: added
 * Return: 0 or -ENOMEM (then @dst is unchanged).
 */
int sb_hist_merge(struct sb_bucket **dst, size_t *ndst, const struct sb_bucket *src, size_t nsrc);

/**
 * sb_fatal_lines() - the lines of sysbench's output that say why it failed ("FATAL: …",
 * "ERROR: …", "…error 1114…"), joined with "; ", at most @len - 1 bytes.
 * @text: the output
 * @buf, @len: output, always NUL-terminated ("" when there are none)
 * Return: the number of lines found.
 */
unsigned int sb_fatal_lines(const char *text, char *buf, size_t len);

/**
 * sb_reported_fatal() - whether sysbench's output has a line beginning "FATAL:". sysbench 1.0.20
 * exits with status 0 when a worker thread's command fails (its Lua call_command error, e.g. an
 * INSERT of prepare refused with MySQL error 1114 "The table is full"), so the exit status alone
 * does not say the phase failed.
 * @text: the output
 * Return: true if such a line is there.
 */
bool sb_reported_fatal(const char *text);

#endif
