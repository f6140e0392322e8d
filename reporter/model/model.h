/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * model.h - the reporter's one model: drive -> test -> run -> per-direction stats.
 *
 * Parsers (parse/) fill it; analysers (analyse/) and renderers (render/) read it, and it knows
 * none of them (reporter/README.md). Everything is in base units whatever fio version wrote the
 * input:
 *   IOPS (I/Os per second), bytes/s, bytes, nanoseconds, milliseconds only where named *_ms.
 * Every number that can be absent or broken is a struct sr_value: absent (key not in the input,
 * never 0), valid, or invalid (nan/inf in the input, or a negative value where fio's unsigned
 * arithmetic wrapped; the raw value is kept in .v for diagnostics). Signed figures (fio's
 * steady-state slope and a slope criterion) are valid when negative.
 *
 * Ownership: every pointer is owned by the struct holding it; sr_model_free() releases a model.
 */
#ifndef SSDREPORT_MODEL_H
#define SSDREPORT_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/telemetry.h"

enum sr_state {
	SR_ABSENT = 0, /* not in the input */
	SR_VALID,
	SR_INVALID, /* nan/inf or a wrapped negative in the input */
};

struct sr_value {
	double v;
	enum sr_state state;
};

static inline bool sr_ok(struct sr_value x) { return x.state == SR_VALID; }
static inline struct sr_value sr_val(double v) { return (struct sr_value){v, SR_VALID}; }

/* One completion-latency percentile: fio's key "99.990000" -> pct 99.99; ns in nanoseconds. */
struct sr_pct {
	double pct;
	double ns;
};

/* One json+ histogram bin: fio 3.x "bins" {"<ns>": count}; ns is the bin's latency value. */
struct sr_bin {
	uint64_t ns;
	uint64_t count;
};

/* A latency distribution (fio's clat_ns / slat_ns / lat_ns, or 2.x clat/slat/lat scaled). */
struct sr_lat {
	struct sr_value n;	/* samples; absent before fio 3.x added "N" */
	struct sr_value min;	/* ns */
	struct sr_value max;	/* ns */
	struct sr_value mean;	/* ns */
	struct sr_value stddev; /* ns */
	struct sr_pct *pct;	/* ascending by pct; npct 0 when fio printed none or {} */
	size_t npct;
	struct sr_bin *bins; /* json+ only, ascending by ns; nbins 0 otherwise */
	size_t nbins;
};

/* SR_MIXED: fio's "mixed" object (unified_rw_reporting), read and write reported together. */
enum sr_ddir { SR_READ = 0, SR_WRITE, SR_TRIM, SR_MIXED, SR_NDIR };

/* Statistics of one direction of one run (fio's "read"/"write"/"trim" object). */
struct sr_dir {
	bool present;		    /* the direction object exists in the input */
	struct sr_value io_bytes;   /* bytes (fio < 2.21 printed KiB: scaled) */
	struct sr_value bw;	    /* bytes/s; with group_reporting the group total */
	struct sr_value iops;	    /* I/Os per second; with group_reporting the group total */
	struct sr_value runtime_ms; /* ms */
	struct sr_value total_ios;  /* count */
	struct sr_value iops_mean;  /* per-job sampled IOPS mean (fio's iops_mean) */
	struct sr_value iops_stddev;
	struct sr_value bw_mean; /* bytes/s, per-job sampled (fio prints KiB/s: scaled) */
	struct sr_value bw_agg;	 /* percent of the group's bandwidth (can be wrapped negative) */
	struct sr_lat clat, slat, lat;
};

/* fio's own steady-state verdict (job "steadystate" object, fio >= 2.20). */
struct sr_fio_ss {
	bool present;
	char *ss; /* criterion as set, e.g. "iops:10.000000%" */
	bool attained;
	struct sr_value duration_s; /* ss_dur, seconds */
	struct sr_value criterion;  /* the measured value, percent ("2.255639%" -> 2.255639), or
				     * IOPS (bytes/s) for a limit without %; signed for a slope
				     * check (ss=iops_slope:...): < 0 is a falling slope */
	char *criterion_text; /* the measured criterion exactly as fio printed it ("-0.001042%"),
			       * NULL when absent */
	struct sr_value max_deviation;
	struct sr_value slope;	   /* IOPS (or bytes/s) per second, signed */
	struct sr_value iops_mean; /* IOPS */
	struct sr_value bw_mean;   /* bytes/s */
	double *iops;		   /* per-second IOPS samples of the last window */
	size_t niops;
	double *bw; /* per-second bytes/s samples */
	size_t nbw;
};

/* A key and its value as text (drive.json scalars, fio job options). */
struct sr_kv {
	char *key;
	char *value;
};

/* One job entry (or group with group_reporting, or a client's entry, or "All clients"). */
struct sr_run {
	char *name;	  /* jobname (fio truncates it; job options name wins when longer) */
	char *host;	  /* client/server hostname, NULL for a local run */
	int port;	  /* client/server port, 0 when none */
	bool all_clients; /* the "All clients" summary entry */
	int groupid;
	int error;	      /* fio's job error (errno) */
	char *rw;	      /* rw after defaults ("read") */
	uint64_t bs;	      /* bytes (first value of bs=, "4k" -> 4096) */
	unsigned numjobs;     /* T */
	unsigned iodepth;     /* Q per job */
	unsigned rwmixread;   /* percent */
	bool group_reporting; /* iops/bw are totals over numjobs */
	bool
	    new_group; /* new_group set: a group started here, at the same time as the one before */
	bool stonewall; /* stonewall/wait_for_previous set: this job waited for the ones before */

	/* bssplit, bsrange or per-direction bs sizes: I/Os of several sizes, so bytes/s / bs is no
	 * I/O rate */
	bool bs_mixed;
	unsigned log_avg_ms;  /* log_avg_msec, ms (0: not set: per-I/O value logs) */
	unsigned log_hist_ms; /* log_hist_msec, ms (0: not set) */

	struct sr_value elapsed_s; /* seconds */
	/* runtime= and ramp_time= in seconds (absent when not set), time_based= set: with it a job
	 * runs for its runtime, so an elapsed time far below it is a run cut short */
	struct sr_value runtime_s, ramp_s;
	bool time_based;
	struct sr_dir dir[SR_NDIR];
	struct sr_fio_ss fio_ss;
	struct sr_kv *options; /* the job's fio options as fio printed them: "global options"
				* overridden by "job options", in that order; values as text */
	size_t noptions;
};

/*
 * One interval of a preconditioning time series (parse/series_load.h, analyse/series.h): the jobs'
 * own seconds k (fio stamps a log row at the end of the period it averages; each job's clock starts
 * at its own start), summed over the jobs of one workload.
 *
 * Partial intervals: an interval that not every job of the workload ran through (usually the
 * last one: the jobs stop a few ms apart and log different numbers of samples) holds the figures
 * of @jobs jobs only. Such an interval is kept so it can be drawn marked (hollow) or left out,
 * but it is no figure of the workload: steady-state verdicts and every aggregate skip it
 * (sr_interval_partial()).
 */
struct sr_interval {
	double t_s;		  /* end of the interval, seconds from the workload's start */
	unsigned round;		  /* 0-based: which of the series' groups (rounds) it belongs to */
	unsigned jobs;		  /* jobs that ran through the interval, as its logs say (the
				   * fewest over the logs used: iops or bw, latency, histogram) */
	unsigned jobs_expected;	  /* jobs (fio threads) of the workload's group */
	struct sr_value iops;	  /* read + write IOPS */
	struct sr_value bw;	  /* read + write bytes/s (bw logs), absent without bw logs */
	struct sr_value lat_mean; /* ns, read and write weighted by I/O count */
	struct sr_value lat_max;  /* ns, max of read and write */
	struct sr_value lat_sd;	  /* ns */
	struct sr_value
	    lat_max_err; /* ns: |lat_max - true max| bound (histogram logs), else absent */
	struct sr_value
	    lat_sd_err; /* ns: |lat_sd - true stddev| bound (histogram logs), else absent */
};

/* sr_interval_partial() - did fewer jobs than the workload's run through @iv? */
static inline bool sr_interval_partial(const struct sr_interval *iv)
{
	return iv->jobs < iv->jobs_expected;
}

/* Where a series' throughput comes from. */
enum sr_tput_src {
	SR_TPUT_NONE = 0, /* no throughput (latency logs only) */
	SR_TPUT_IOPS_LOG, /* iops logs */
	SR_TPUT_BW_LOG,	  /* bw logs: iops = bytes/s / bs (one I/O size) */
	SR_TPUT_BW_ONLY, /* bw logs of several I/O sizes (bssplit ...): bytes/s only, iops absent */
	SR_TPUT_HIST_LOG, /* clat histogram logs: I/Os counted per interval */
	SR_TPUT_FIO_SS,	  /* fio's steadystate data.iops[]: the last ss_dur seconds only, drawn
			   * at 1..ss_dur s from the round's start (fio does not say when) */
};

/* The completion-latency percentiles of a latency-over-time window (SR_PCTW_P). */
#define SR_PCTW_N 3
#define SR_PCTW_P                                                                                  \
	{                                                                                          \
		50.0, 99.0, 99.9                                                                   \
	}

/*
 * One window of a workload's latency percentiles over time, from fio's clat histogram logs
 * (parse/hist_pct.h): every job's I/Os that completed in it, per direction (read, write).
 * A percentile p is absent (NaN) where the window completed fewer than 100 / (100 - p) I/Os
 * (p99 below 100, p99.9 below 1,000): it would be the window's maximum, not that percentile.
 */
struct sr_pct_window {
	double t_s;		     /* end of the window, seconds from the workload's start */
	double width_s;		     /* its length, s */
	unsigned round;		     /* 0-based: which of the series' groups it belongs to */
	uint64_t n[2];		     /* I/Os completed in it: read, write */
	double p_ns[2][SR_PCTW_N];   /* ns, NaN: no figure (above) */
	double err_ns[2][SR_PCTW_N]; /* ns: |value - true percentile| bound (bucket half-span) */
};

/*
 * One workload's preconditioning time series. A workload is what fio's job options say it is
 * (rw, bs, rwmixread, numjobs, iodepth); the stonewalled groups of one workload are its rounds
 * (SNIA PTS style), one after another on the time axis; different workloads are different series
 * and are never added up.
 */
struct sr_series {
	char *name;   /* the workload's first job name */
	size_t *runs; /* indices in the test's runs[] of the workload's entries, in order */
	size_t nruns;
	unsigned ngroups; /* fio groups (rounds) of the workload */
	enum sr_tput_src tput;
	struct sr_interval *iv; /* may be empty (no logs, no fio steadystate data) */
	size_t niv;
	struct sr_pct_window *pw; /* latency percentiles over time (histogram logs), may be empty */
	size_t npw;
};

/* One test: one fio JSON file (results/<drive>/<test-id>.json) and its logs. */
struct sr_test {
	char *id;	   /* test id: file name without .json */
	char *path;	   /* the JSON file */
	char *fio_version; /* "fio-3.33", NULL if absent */
	int64_t timestamp; /* unix seconds, 0 if absent */
	int fio_signal;	   /* fio's "fio: terminating on signal N" in the text around the
			    * document: N (the run was stopped), else 0 */
	struct sr_run *runs;
	size_t nruns;
	struct sr_series *series; /* preconditioning series, one per workload (parse/series_load.h,
				     analyse/series.h) */
	size_t nseries;
	char *jobfile;	  /* the fio job file beside it that describes it (its job sections are this
			   * output's jobs), relative to the input ("run1/randread.fio"); NULL: none */
	bool totals_only; /* figures of a mixed test as its total only (a library drive beside the
			   * review, ssdreport --with): neither side's figure is known */
};

/* A test driver/ssd-review's run.json records as not completed (reporter/run_status.h). */
struct sr_run_note {
	char *id;     /* test id: "fc-4k-randwrite" */
	char *status; /* "failed", "interrupted", "skipped", "running" (the run was killed) */
	char *reason; /* the driver's words, "" when it gave none */
};

/* Health counters of a drive at one moment (drive.json health_before / health_after, from
 * ssdctl health --json); absent where the drive does not report them (SCSI drives report few). */
struct sr_health {
	bool present;
	char *at;			 /* when it was read, ISO 8601 ("2026-12-01T14:54:41Z") */
	struct sr_value temperature_c;	 /* degrees Celsius */
	struct sr_value percentage_used; /* percent of rated endurance */
	struct sr_value data_written_bytes;  /* bytes */
	struct sr_value data_read_bytes;     /* bytes */
	struct sr_value media_errors;	     /* count */
	struct sr_value error_log_entries;   /* count */
	struct sr_value power_on_hours;	     /* hours */
	struct sr_value unsafe_shutdowns;    /* count */
	struct sr_value critical_warning;    /* NVMe critical warning bits, 0 = none */
	struct sr_value available_spare_pct; /* percent */
};

/* What drive.json says about the drive (ssdctl info --json "identity", the driver's keys). */
struct sr_drive_info {
	bool present;
	char *model, *serial, *firmware;
	char *transport; /* "nvme", "scsi", "ata" */
	char *interface; /* "SATA through SCSI-ATA translation" and the like, NULL when plain */
	char *device;	 /* the node the review used: "/dev/ng0n1" */
	char *kind;	 /* the driver's "kind": "nvme-ng", "scsi-sg", "file", "group" */
	char *members;	 /* a group's drives ("d1 d2"), NULL for one drive */
	char *note;	 /* the driver's note ("ssdctl info could not describe this device") */
	struct sr_value capacity_bytes;	     /* bytes */
	struct sr_value logical_block_bytes; /* bytes */
	struct sr_value metadata_bytes;	     /* bytes of metadata (NVMe) or protection information
					      * (SCSI) per logical block; 0 when none */
	struct sr_value span_bytes;	     /* bytes the review tested */
	/* a reference drive's limits (drive.json "reference", docs/refdrive.md) as text, NULL for
	 * any other drive: "total 2000/s", "total 64 MiB/s", "IOPS total 8000/s for 2 s" */
	char *limit_iops, *limit_bandwidth, *limit_burst;
	struct sr_health before, after;
};

/* One test of run.json (driver/ssd-review's record of the run). */
struct sr_run_test {
	char *id;
	char *status;	   /* "done", "failed", "interrupted", "skipped", "pending", "running" */
	char *entry;	   /* catalogue entry id (template) the driver planned it from, or NULL */
	char *family;	   /* catalogue family, or NULL */
	char *title;	   /* the review's title, or NULL */
	char *manifest_id; /* the manifest the test ran under (run.json tests[].manifest_id) */
	struct sr_value seconds;  /* wall time of the test, s */
	struct sr_value rate_pct; /* a curve point's percentage (params), when run.json gives it */
	struct sr_value unwritten_bytes; /* bytes of its span never written when it started
					  * reading (a sparse file), when run.json says so */
	char *fallback; /* the transports a fallback put on its files, as the engine reported
			 * them (logs/<id>.engine.jsonl): "nvme-ioctl (nvme-uring refused: ...)";
			 * NULL when none fell back or there is no report */
	double t_started, t_ended; /* Unix seconds; 0 when run.json has none */
	bool pts; /* a SNIA PTS test: its results are round files (model/pts.h), not <id>.json */
};

/* sr_run_status_not_done() - whether run.json's test status @status is one the report names as
 * not completed: neither "done" (in the report) nor "pending" (never started). */
bool sr_run_status_not_done(const char *status);

/* sr_run_test_not_done() - a test run.json records that did not complete: its status is neither
 * "done" nor "pending" (failed, interrupted, skipped): the tests sr_run_status_load() notes and
 * the report's sections name. */
bool sr_run_test_not_done(const struct sr_run_test *t);

/* run.json: how the results were made. Every field is optional (NULL / absent). */
struct sr_run_info {
	bool present;
	char *command;		/* the driver's command line, words joined by spaces */
	char *started, *ended;	/* ISO 8601: the run's first start, its last end */
	size_t nsessions;	/* the driver's sessions: 1, more when it was resumed */
	struct sr_value wall_s; /* seconds the sessions ran (not the time between them) */
	char *status;		/* "complete", "interrupted", ... */
	char *suite, *profile, *engine, *engine_option;
	char *fc_rand_bs, *fc_seq_bs; /* manifest.request: the four corners' block sizes ("4k") */
	/* manifest.request's other plan options (NULL / 0: not recorded): the workloads swept,
	 * the T/Q points ("all", "diagonal"), the latency curve's points (percent) */
	char **sweep;
	size_t nsweep;
	char *tq_points;
	int *curve_points;
	size_t ncurve_points;
	char *only; /* manifest.info.only: ssd-review --only's tests, ", " between them; NULL */
	char *fio_version, *kernel, *ssdeng_version, *ioengine;
	char *host;	   /* manifest.host.name (or a string manifest.host) */
	char *cpu, *os;	   /* manifest.info: the CPU model, the OS (NULL: not recorded) */
	char *pts_sponsor; /* manifest.info: ssd-review --pts-sponsor (NULL: not recorded) */
	struct sr_value cpus, memory_bytes;   /* manifest.info: logical CPUs, memory (bytes) */
	char *manifest_id, *manifest_created; /* manifest.id (a hash of what was asked), created */
	char **suites; /* manifest.suites, else manifest.request.suite, else the one suite */
	size_t nsuites;
	struct sr_value span_bytes; /* drive.span_bytes (bytes) */
	struct sr_run_test *tests;
	size_t ntests;
};

/* Figures of one MariaDB instance, or of all of a drive's instances together (ssd-apps's
 * apps.json, apps/README.md): rates per second, latencies in milliseconds (sysbench's units). */
struct sr_apps_figures {
	struct sr_value tps;	    /* transactions per second */
	struct sr_value qps;	    /* queries per second */
	struct sr_value lat_avg_ms; /* average (the total's weighted by events) */
	struct sr_value lat_p95_ms;
	struct sr_value lat_p99_ms; /* sysbench's histogram (the total's: merged histograms) */
	struct sr_value lat_max_ms;
	struct sr_value errors, reconnects; /* counts */
	struct sr_value new_orders_per_min; /* TPC-C-like: New-Orders completed per minute */
};

/* One application workload result of a drive: apps.json or tpcc.json
 * (OUT/<label>/<test-id>/), or a review's published figures (reference "apps"). */
struct sr_apps {
	char *id;	   /* test id: the directory's name ("apps-oltp"); the reference's "id" */
	char *path;	   /* apps.json or tpcc.json, NULL for published figures */
	char *status;	   /* "done", "failed", "interrupted", "refused" */
	char *failed_step; /* NULL, or ssd-apps's step ("space", "start", ...) */
	char *error;	   /* ssd-apps's message, NULL when none */
	char *note;	   /* published figures: what they are */
	char *test;	   /* "oltp_read_write", "tpcc.lua"; a review's tool */
	char *server;  /* the server's version: "PostgreSQL 15.18 (…)", "10.11.6-MariaDB-…" */
	char *profile; /* "quick", "full" */
	char *fs_type; /* "xfs", "ext4" */
	char *
	    write_cache; /* the kernel's view of the drive's cache: "write back", "write through" */
	struct sr_value instances, tables, table_size, threads, warmup_s, time_s;
	struct sr_value warehouses, items, customers; /* TPC-C-like: scale, cardinalities */
	struct sr_value buffer_pool_bytes;	      /* bytes */
	struct sr_apps_figures *inst;		      /* per instance, in order (db1, db2, ...) */
	size_t ninst;
	struct sr_apps_figures total;
};

/* Where a library drive beside the review comes from (ssdreport --with): its run's record in
 * the results library, each field NULL when the library does not know it. */
struct sr_lib_origin {
	long long run; /* its number in the library (ssdreport library list) */
	char *library; /* the library as printed (a URI without its password) */
	char *started; /* ISO 8601 */
	char *host, *firmware, *profile;
	char *marks; /* the library's marks on its figures, in words ("spec-4k-randread-qd1
		      * p99.99 the maximum (too few I/Os for the percentile)"); NULL: none */
	char *same;  /* the reviewed drive itself (same model and serial), another run of it:
		      * "same drive, earlier run (2026-12-01, ref-1000)"; NULL: another drive */
};

struct sr_pts_doc;

struct sr_drive {
	char *label;
	char *dir;		/* results directory, NULL for loose JSON files */
	struct sr_kv *identity; /* drive.json top-level scalars in file order */
	size_t nidentity;
	char *profile;	 /* run.json "profile" (quick, full), NULL when absent */
	char *run_label; /* ssdreport compare: the drive directory's own name ("nvme0") when the
			  * label is its path ("old/nvme0"); NULL otherwise */
	struct sr_drive_info info; /* drive.json, structured */
	/* a group's drives (drive.json "drives"): each one's drive-<name>.json, in that order */
	struct sr_member_info {
		char *name;		   /* "d1" */
		struct sr_drive_info info; /* absent (present false) when its file is not there */
	} * member_info;
	size_t nmember_info;
	struct sr_run_info run; /* run.json */
	char *source;  /* published figures (reporter/reference): where they come from; else NULL */
	char *library; /* a library run beside the review (ssdreport --with): "run 12 of FILE,
			* started ... on host ..., firmware ..., profile ..."; its figures are the
			* library's (source is set too: not measured in this report); else NULL */
	struct sr_lib_origin *origin; /* the same, field by field (set with @library) */
	struct sr_test *tests;
	size_t ntests;
	struct sr_run_note *notes; /* tests that did not complete, from run.json */
	size_t nnotes;
	struct sr_apps *apps; /* application workload results (ssd-apps), in test-id order */
	size_t napps;
	struct sr_pts_doc *pts; /* SNIA PTS tests with their rounds' documents (model/pts.h) */
	size_t npts;
	struct sr_tel_test *tel; /* the drive's own account per test (model/telemetry.h), in
				  * run.json's order; only tests with samples */
	size_t ntel;
};

/* A result file found in a results directory and not read (named in the report too). */
struct sr_skipped {
	char *path;   /* relative to the input it was found in ("run1/x.txt") */
	char *why;    /* the parser's error line, the path as @path */
	bool jobfile; /* a fio job file no result here matches: listed quietly, not a warning */
};

/* A drive's latest temperature while the run goes on (the record's telemetry). */
struct sr_live_temp {
	char *label;	/* the drive folder's label */
	bool known;	/* false: no sample yet (the banner says "–") */
	double celsius; /* the composite temperature, °C */
	char *at;	/* when it was sampled (ISO 8601 UTC), NULL unknown */
};

/*
 * A run still going on (ssdreport --live OUT): what OUT/status.json (record/status.h) said when
 * the report was built, for the banner at the page's top. Numbers not known are -1.
 */
struct sr_live {
	char *state;   /* "running"; another state: the run ended while the report was built */
	char *updated; /* status.json's "updated" (ISO 8601 UTC) */
	char *built;   /* when this report was built (ISO 8601 UTC) */
	long long total, done, failed, kept, skipped, left;
	char *test_id; /* the running test, NULL between tests */
	char *label, *title, *rate;
	long long index; /* its place in the run, from 1 */
	long elapsed_s, expected_s, eta_s;
	long run_elapsed_s, run_eta_s;
	bool run_eta_lower_bound;
	double pace;   /* measured / planned time of the tests ended so far; -1 none yet */
	long every_s;  /* the rebuilds' interval while a test runs; -1 unknown */
	int refresh_s; /* the page reloads itself every refresh_s */
	struct sr_live_temp *temps; /* one per drive folder read */
	size_t ntemps;
};

struct sr_model {
	struct sr_live *live; /* --live: the run is going on; NULL: a report of results */
	bool allow_empty;     /* set before loading (--live): no result yet is a page, no error */
	struct sr_drive *drives;
	size_t ndrives;
	struct sr_skipped *skipped;
	size_t nskipped;
	struct sr_drive *sheet; /* the spec sheet to verify against (--spec), NULL for none */
};

/* sr_run_tq() - threads x queue depth of a run (T/Q product), for scaling tables. */
static inline unsigned sr_run_tq(const struct sr_run *r) { return r->numjobs * r->iodepth; }

/**
 * sr_lat_pct() - the percentile @pct of a latency distribution.
 * @l:   distribution
 * @pct: percent, e.g. 99.99 (matched within 1e-6)
 *
 * Return: the value in ns, absent when fio did not print that percentile.
 */
struct sr_value sr_lat_pct(const struct sr_lat *l, double pct);

/**
 * sr_run_option() - a fio option of a run as fio printed it.
 * @r:   the run
 * @key: option name ("rate_iops")
 *
 * Return: the value (job options over global options), NULL when fio printed neither.
 */
const char *sr_run_option(const struct sr_run *r, const char *key);

void sr_run_free(struct sr_run *r);
void sr_series_free(struct sr_series *s);
void sr_drive_info_free(struct sr_drive_info *i);
void sr_run_info_free(struct sr_run_info *i);
void sr_test_free(struct sr_test *t);
void sr_apps_free(struct sr_apps *a);
void sr_drive_free(struct sr_drive *d);

/*
 * sr_drive_add_kv() - append @key = @value to @drv's identity (the Drives table's extra rows, in
 * the order added); a NULL @value adds nothing.
 * Return: 0, -ENOMEM.
 */
int sr_drive_add_kv(struct sr_drive *drv, const char *key, const char *value);
void sr_live_free(struct sr_live *l);
void sr_model_free(struct sr_model *m);

#endif
