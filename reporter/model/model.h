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
	struct sr_value max_deviation;
	struct sr_value slope;	   /* IOPS (or bytes/s) per second, signed */
	struct sr_value iops_mean; /* IOPS */
	struct sr_value bw_mean;   /* bytes/s */
	double *iops;		   /* per-second IOPS samples of the last window */
	size_t niops;
	double *bw; /* per-second bytes/s samples */
	size_t nbw;
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
	struct sr_dir dir[SR_NDIR];
	struct sr_fio_ss fio_ss;
};

/*
 * One interval of a preconditioning time series (analyse/series.h): the jobs' own seconds k
 * (fio stamps a log row at the end of the period it averages; each job's clock starts at its
 * own start), summed over the jobs of one workload.
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
};

/* One test: one fio JSON file (results/<drive>/<test-id>.json) and its logs. */
struct sr_test {
	char *id;	   /* test id: file name without .json */
	char *path;	   /* the JSON file */
	char *fio_version; /* "fio-3.33", NULL if absent */
	int64_t timestamp; /* unix seconds, 0 if absent */
	struct sr_run *runs;
	size_t nruns;
	struct sr_series *series; /* preconditioning series, one per workload (analyse/series.h) */
	size_t nseries;
};

/* Identity from drive.json (ssdctl info --json), all optional. */
struct sr_kv {
	char *key;
	char *value;
};

/* A test scripts/ssd-review's run.json records as not completed (reporter/run_status.h). */
struct sr_run_note {
	char *id;     /* test id: "fc-4k-randwrite" */
	char *status; /* "failed", "interrupted", "skipped", "running" (the run was killed) */
	char *reason; /* the driver's words, "" when it gave none */
};

struct sr_drive {
	char *label;
	char *dir;		/* results directory, NULL for loose JSON files */
	struct sr_kv *identity; /* drive.json top-level scalars in file order */
	size_t nidentity;
	char *profile; /* run.json "profile" (quick, full), NULL when absent */
	char *source;  /* published figures (reporter/reference): where they come from; else NULL */
	struct sr_test *tests;
	size_t ntests;
	struct sr_run_note *notes; /* tests that did not complete, from run.json */
	size_t nnotes;
};

struct sr_model {
	struct sr_drive *drives;
	size_t ndrives;
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

void sr_run_free(struct sr_run *r);
void sr_series_free(struct sr_series *s);
void sr_test_free(struct sr_test *t);
void sr_drive_free(struct sr_drive *d);
void sr_model_free(struct sr_model *m);

#endif
