/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_keys.h - what fio's JSON keys mean, in base units whatever fio version wrote them: the one
 * set of rules by which ssdreport's model, pts/'s cells and ssd-review's result check read a job
 * (fio stat.c show_thread_status_json(), add_ddir_status_json(), fio 2.x to 3.4x):
 *  - latency: fio 3.x "clat_ns"/"slat_ns"/"lat_ns" in ns; fio 2.x "clat"/"slat"/"lat" in us
 *    (scaled to ns); percentile keys "99.000000" matched as numbers ("0.00" fillers skipped);
 *  - bandwidth: "bw_bytes" in bytes/s (fio >= 3.?), else "bw" in KiB/s (every version);
 *    "bw_mean" in KiB/s; io_bytes in KiB before fio 2.21 (no "io_kbytes" key beside it);
 *  - a direction that completed no I/O ("total_ios": 0): fio prints 0 for the mean, min and max
 *    of no samples, which do not exist;
 *  - numbers: a non-finite value, a negative one where fio's unsigned arithmetic wrapped, and an
 *    integer beyond 2^53 (a wrapped counter) are kept but marked (enum rec_num_state);
 *  - job options: "job options" over "global options" (an object, or per host an array of
 *    objects with hostname and port in client/server output), else fio's default (fio HOWTO).
 */
#ifndef SSDENG_RECORD_FIO_KEYS_H
#define SSDENG_RECORD_FIO_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

/* A number read from fio's JSON. */
enum rec_num_state {
	REC_NUM_ABSENT = 0, /* the key is not there (or not a number) */
	REC_NUM_VALID,
	REC_NUM_NONFINITE, /* nan or inf */
	REC_NUM_NEGATIVE,  /* negative where the figure cannot be: fio's unsigned arithmetic wrapped
			    */
	REC_NUM_HUGE,	   /* an integer beyond 2^53, not exact as a double: a wrapped counter */
};

struct rec_num {
	double v;   /* in base units; for a marked value the raw value, scaled */
	double raw; /* as fio printed it, for messages */
	enum rec_num_state state;
};

static inline bool rec_num_ok(struct rec_num n) { return n.state == REC_NUM_VALID; }

/**
 * rec_fio_num() - a JSON value as a number: an integer, a double, a numeric string ("2.5%" is
 * 2.5) or a boolean (0, 1), multiplied by @scale.
 * @may_be_negative: a signed figure (a slope): a negative value is valid
 */
struct rec_num rec_fio_num(json_object *v, double scale, bool may_be_negative);

/** rec_fio_member() - member @key of @o by rec_fio_num() (not signed); absent without @o. */
struct rec_num rec_fio_member(json_object *o, const char *key, double scale);

/* The fio version that wrote a document ("fio version": "fio-3.33"); -1 when unknown. */
struct rec_fio_version {
	int major, minor;
};

/** rec_fio_version_parse() - "fio-3.33" (or NULL, unknown) into @v. */
void rec_fio_version_parse(const char *s, struct rec_fio_version *v);

/**
 * rec_fio_jobs() - a document's result entries: its "jobs" array, else a client/server run's
 * "client_stats", else NULL.
 */
json_object *rec_fio_jobs(json_object *doc);

/** rec_fio_globals() - a document's "global options" (an object, or per host an array), or NULL. */
json_object *rec_fio_globals(json_object *doc);

/* A job's identity and outcome. */
struct rec_fio_job {
	const char *name; /* "jobname" (fio truncates it), NULL if absent; owned by the job */
	const char *host; /* "hostname" of a client/server entry, NULL for a local job */
	int port;	  /* 0 when none */
	int groupid;
	int error;		  /* fio's job error (an errno), 0 none */
	bool all_clients;	  /* the "All clients" summary entry of client/server output */
	json_object *options;	  /* "job options", or NULL */
	struct rec_num elapsed_s; /* "elapsed": seconds the job ran */
};

/** rec_fio_job() - @job's identity (its strings stay owned by @job). */
void rec_fio_job(json_object *job, struct rec_fio_job *out);

/* The directions of a job, as fio names its objects. */
enum rec_fio_ddir { REC_FIO_READ, REC_FIO_WRITE, REC_FIO_TRIM, REC_FIO_MIXED, REC_FIO_NDIR };

/** rec_fio_ddir_key() - "read", "write", "trim", "mixed" (unified_rw_reporting). */
const char *rec_fio_ddir_key(enum rec_fio_ddir d);

/** rec_fio_dir() - @job's object of direction @d, or NULL when it has none. */
json_object *rec_fio_dir(json_object *job, enum rec_fio_ddir d);

/* Figures of a direction object. */
enum rec_fio_fig {
	REC_FIO_IO_BYTES,    /* bytes moved */
	REC_FIO_BW,	     /* bytes/s (with group_reporting the group's) */
	REC_FIO_IOPS,	     /* I/Os per second */
	REC_FIO_RUNTIME_MS,  /* ms */
	REC_FIO_TOTAL_IOS,   /* I/Os completed */
	REC_FIO_IOPS_MEAN,   /* per-job sampled IOPS mean */
	REC_FIO_IOPS_STDDEV, /* ... its standard deviation */
	REC_FIO_BW_MEAN,     /* bytes/s, per-job sampled */
	REC_FIO_BW_AGG,	     /* percent of the group's bandwidth */
};

/**
 * rec_fio_dir_fig() - figure @f of direction object @dir in base units.
 * @v:   the document's fio version (io_bytes' unit; NULL: unknown)
 * @key: output (may be NULL): the key it was read from, for messages
 */
struct rec_num rec_fio_dir_fig(json_object *dir, enum rec_fio_fig f,
			       const struct rec_fio_version *v, const char **key);

/** rec_fio_dir_no_ios() - whether @dir says it completed no I/O ("total_ios": 0). */
bool rec_fio_dir_no_ios(json_object *dir);

/* A latency distribution of a direction. */
enum rec_fio_lat { REC_FIO_CLAT, REC_FIO_SLAT, REC_FIO_TOTAL_LAT };

/**
 * rec_fio_lat_obj() - @dir's latency object of kind @k: "clat_ns" (fio 3.x, @scale 1) or
 * "clat" (fio 2.x, microseconds: @scale 1000).
 * Return: the object (owned by @dir), or NULL.
 */
json_object *rec_fio_lat_obj(json_object *dir, enum rec_fio_lat k, double *scale);

/* Figures of a latency object. */
enum rec_fio_lat_fig {
	REC_FIO_LAT_N,
	REC_FIO_LAT_MIN,
	REC_FIO_LAT_MAX,
	REC_FIO_LAT_MEAN,
	REC_FIO_LAT_STDDEV
};

/**
 * rec_fio_lat_fig() - figure @f of latency object @lat: ns (N: a count, fio 3.x only).
 * @key: output (may be NULL): the key it was read from, for messages
 */
struct rec_num rec_fio_lat_fig(json_object *lat, enum rec_fio_lat_fig f, double scale,
			       const char **key);

/**
 * rec_fio_percentiles() - each percentile of @lat's "percentile" object, in fio's order.
 * @each: called with the percentile (99.99) and its value in ns (marked values too: the
 *        caller says so); fio's "0.00" fillers and values that are not numbers are skipped
 * Return: the number handed over.
 */
size_t rec_fio_percentiles(json_object *lat, double scale,
			   void (*each)(void *ctx, double pct, struct rec_num ns), void *ctx);

/**
 * rec_fio_percentile() - percentile @pct (within 1e-6) of @lat in ns; absent when fio did not
 * print it.
 */
struct rec_num rec_fio_percentile(json_object *lat, double scale, double pct);

/**
 * rec_fio_option() - job option @key of a job: its "job options" (@job_opts), else the global
 * options that apply to it (@globals, rec_fio_globals_for()), else with @fio_default fio's
 * default; only the options this table knows: rw (readwrite), bs (blocksize), iodepth, numjobs,
 * rwmixread, rwmixwrite, name, group_reporting, new_group, stonewall (wait_for_previous),
 * unified_rw_reporting, kb_base, bssplit, bsrange (blocksize_range), log_avg_msec,
 * log_hist_msec, runtime (timeout), ramp_time, time_based.
 * Return: the value as text ("" for a bare option fio printed without one), or NULL.
 */
const char *rec_fio_option(json_object *job_opts, json_object *globals, const char *key,
			   bool fio_default);

/**
 * rec_fio_globals_for() - the "global options" object that applies to a job: @globals itself,
 * or, when it is an array (client/server), the entry of @host and @port (0: any), else its first.
 */
json_object *rec_fio_globals_for(json_object *globals, const char *host, int port);

#endif
