/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run.h - OUT/<label>/run.json: the run's record for one drive folder, schema "ssdeng.run.v2"
 * (docs/results-format.md, docs/schemas/run.schema.json), written, read and described from one
 * table of fields (run.c, run_pts.c on doc_fields.h). A run is one manifest (manifest.h)
 * with its sessions: the first ssd-review that started it and every --resume after, each with
 * its own start and end; and the tests of its plan, each with its status, its parameters and,
 * once it ran, its times and exit status (a SNIA PTS test its rounds).
 *
 * The driver holds a struct rec_run per drive folder, sets its fields as tests start and end and
 * writes it whole (rec_run_write(), atomically); ssdreport and a resuming driver read it back
 * (rec_run_read()), older unversioned run.json files included (legacy.h). Strings and objects of
 * a struct rec_run are owned by it (rec_run_free()); set a string with rec_str_set() (json.h).
 * A number that is not known is -1 (NaN for a measurement).
 */
#ifndef SSDENG_RECORD_RUN_H
#define SSDENG_RECORD_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#define REC_RUN_SCHEMA "ssdeng.run.v2"

/* Which workload's sizes an ssd-apps test's params (or the manifest's request) carry. */
enum rec_apps_sizes {
	REC_SIZES_OLTP = 1, /* tables, table_size */
	REC_SIZES_TPCC = 2, /* warehouses */
	REC_SIZES_ALL = 3,  /* both: the request, for every apps test of the plan */
};

/* A test's parameters (tests[].params). */
struct rec_params {
	bool apps;  /* an ssd-apps test: the sizes and durations below, else fio's */
	bool known; /* an ssd-apps test's are known once it starts: until then "params": {} */
	char *rw, *bs, *bssplit, *region; /* fio's rw and bs; region "span" or "quarter" */
	int rwmix_read;			  /* percent read of a mix, -1: not a mix */
	int rate_pct;			  /* a latency-curve point's percentage, -1: none */
	long long threads;		  /* fio's numjobs; ssd-apps's per instance (-1: null) */
	int depth;			  /* fio's iodepth */
	long long instances, warmup_s, time_s; /* ssd-apps's, -1: null */
	unsigned sizes;			       /* enum rec_apps_sizes: those written below */
	long long tables, table_size;	       /* ssd-apps's oltp sizes, -1: null */
	long long warehouses;		       /* ssd-apps's tpcc scale, -1: null */
};

/* One round of a PTS phase (tests[].pts.phases[].rounds[]). */
struct rec_pts_round {
	int round;	      /* 1.. */
	char *file;	      /* relative to the drive folder: "<test>/<phase>-round-NN.json" */
	double tracking;      /* the tracking variable, NaN: null */
	double bytes_written; /* NaN: not recorded */
	long long seconds;    /* -1: not recorded */
	char *ended;
};

/* One phase of a PTS test. */
struct rec_pts_phase {
	char *id;
	char *track_bs, *track_metric; /* tracking {bs, mix, metric ("iops", "mbps", "lat_mean")} */
	int track_mix;
	int track_tc, track_qd; /* a TC x QD matrix phase (DIRTH): tracking {tc, qd} of its point,
				 * the phase's own -1 (tracking has no tc, qd) */
	int cells;
	char *status; /* "running", "steady", "steady state not achieved", "written", "round
		       * limit", "failed", "interrupted" */
	long long stop_written_bytes; /* a phase that stops by bytes written (WSAT), else -1 */
	bool purged;		      /* "purge": {"method", "done"} */
	bool purge_skipped;	      /* "purge": {"method": null, "skipped": ...} */
	char *purge_method, *purge_done, *purge_skip_reason; /* none: "purge": null */
	bool wipc; /* "wipc" {file, jobfile, bytes, seconds} */
	char *wipc_file, *wipc_jobfile;
	long long wipc_bytes, wipc_seconds;
	struct rec_pts_round *rounds;
	size_t nrounds;
	bool window; /* "window" {first_round, last_round, mean, range_pct, slope, intercept,
		      * excursion_pct} */
	int window_first, window_last;
	double window_mean, window_range_pct, window_slope, window_intercept, window_excursion_pct;
	double bytes_written;	 /* all rounds (a WSAT phase), NaN: not recorded */
	int resumed_after_round; /* a resumed session went on after this round, 0: none */
	char *not_applicable;	 /* the cells planned out before the first write and why
				  * ("latency.r100.512, ...: 512-byte transfers on 4096-byte
				  * logical blocks"), NULL: every cell ran */
};

/*
 * One segment of a PTS test after (or, for XSR, instead of) its rounds (tests[].pts.segments[]):
 * an HIR write, idle or return-to-baseline segment, an XSR access group, a DIRTH operating point
 * run again for its response-time histogram. A segment with I/O is one fio run (one job, its
 * threads fio numjobs) writing its JSON to @file and 1-s logs (fio log_avg_msec=1000) beside it:
 * <log>_iops.N.log, <log>_bw.N.log, <log>_lat.N.log (_clat, _slat), N = 1 .. @tc, one per
 * thread; a second's
 * figure is the sum (IOPS, bandwidth) or the I/O-weighted mean (latency) of its threads'
 * samples. An idle segment (HIR access B) is a sleep: no file, no log, only its times.
 * A segment is recorded once it ended; a resumed run goes on after the last recorded one.
 */
struct rec_pts_segment {
	int seq;	     /* 1.. in run order over the test's plan: a resumed run's place */
	char *part;	     /* "hir", "xsr", "dirth-points" */
	char *kind;	     /* "write", "idle", "baseline" (HIR), "group" (XSR), "point" (DIRTH) */
	char *name;	     /* "ws1.r001.write", "ws1.r001.idle", "ws1.baseline"; "g1", "g2", "g3";
			      * "max", "mid", "min" */
	int wait_state;	     /* HIR: the standard's wait state (1, 2, 3, 5, 10), else -1 */
	int repeat;	     /* HIR write/idle: 1 .. repeats; baseline 0; else -1 */
	int tc, qd;	     /* fio numjobs x iodepth; -1 for an idle segment */
	char *rw, *bs;	     /* fio rw and bs; NULL for an idle segment */
	int rwmix;	     /* percent read (rwmixread), -1 when not a mix */
	long long planned_s; /* the plan's duration, s */
	double t_start, t_end; /* Unix time, s (ms resolution): when it began and ended, as
				* measured (an idle segment's true idle, fio's start-up included
				* in a write segment's) */
	char *file;   /* fio's JSON (json+ for a DIRTH point), relative to the drive folder:
		       * "<test>/<part>-seg-NNNN.json"; NULL for an idle segment */
	char *log;    /* the logs' prefix, relative to the drive folder:
		       * "<test>/<part>-seg-NNNN"; NULL for an idle segment */
	char *status; /* "done", "failed" (fio failed: the test stops) */
};

/* The DIRTH operating points the driver chose (tests[].pts.dirth). */
struct rec_pts_dirth_point {
	int tc, qd;
	double iops, art_ns; /* as measured in @round (pts/dirth.h) */
};

struct rec_pts_dirth {
	char *phase;	       /* the matrix phase */
	int round;	       /* the round whose points were chosen (its last) */
	double art_ceiling_ns; /* the response-time ceiling */
	double mid_target_iops;
	bool chosen; /* false: no point within the ceiling (@error says so) */
	struct rec_pts_dirth_point max, mid, min;
	char *error; /* why no choice, NULL when chosen */
};

/* A SNIA PTS test's record (tests[].pts). */
struct rec_pts {
	char *test, *spec, *variant;
	char **not_compliant; /* why its figures are not PTS compliant */
	size_t nnot_compliant;
	char *write_cache; /* what the report's header says of the drive's volatile write cache */
	char *
	    data_pattern; /* what the written data is ("random: ..."), NULL: not recorded (older) */
	/* "cache": what the driver did with the write cache (null: nothing recorded, an older
	 * record). cache_original is the drive's own setting found before the test, 1 enabled, 0
	 * disabled, -1 not known (null): what every exit path and a --resume after a kill put
	 * back. */
	bool cache;
	char *cache_wanted;   /* "disabled" (Enterprise), "enabled" (Client) */
	int cache_original;   /* 1, 0, -1 */
	char *cache_outcome;  /* "set", "already so", "refused", "failed", "not applicable" */
	char *cache_message;  /* the drive's words on a refusal or failure; why not applicable */
	char *cache_restored; /* "restored", "nothing to restore", "failed: ..."; NULL while the
			       * test runs */
	int threads, depth, active_range_pct, max_rounds;
	double cell_seconds; /* each cell's runtime (s; 0.5 for a quick profile's 500 ms) */
	long long span_bytes;
	struct rec_pts_phase *phases;
	size_t nphases;
	/* A test with segments (HIR, XSR, DIRTH; null or absent otherwise): */
	char *segments_kind;	    /* "hir", "xsr", "dirth": "segments" {kind, plan, ...} */
	long long segments_planned; /* segments in the plan (HIR: pts_hir_plan_len()) */
	bool segments_purged;	    /* a test without phases (XSR) purged before its segments:
				     * "segments_purge" {method, done} or {method: null, skipped} */
	bool segments_purge_skipped;
	char *segments_purge_method, *segments_purge_done, *segments_purge_skip_reason;
	char *segments_status;	    /* "running", "done", "failed", "interrupted", "not run"
				     * (the phases before them failed) */
	int segments_resumed_after; /* a later session went on after segment seq N, 0: none */
	struct rec_pts_segment *segments;
	size_t nsegments;
	struct rec_pts_dirth *dirth; /* DIRTH's chosen points, NULL before (or without) them */
};

/* One test of the plan (tests[]). */
struct rec_test {
	char *id, *jobfile, *tool; /* tool "ssd-apps" or NULL (fio) */
	char *status;		   /* "pending", "running", "done", "failed", "interrupted",
				    * "skipped" */
	char *reason;		   /* NULL when done */
	char *entry, *family, *title;
	struct rec_params params;
	long long expected_seconds;
	char *started, *ended; /* once it ran */
	long long seconds;     /* -1: not yet */
	int fio_rc;	       /* fio's or ssd-apps's exit status, 128 + N for signal N */
	bool has_fio_rc;
	char *manifest_id;	   /* the manifest it ran under */
	char *rate_iops_per_job;   /* a curve point's rate_iops, "read,write" */
	bool resumed;		   /* kept from an earlier session */
	long long unwritten_bytes; /* bytes of the span never written when it started reading
				    * (a sparse file), -1: not measured */
	struct rec_pts *pts;	   /* a PTS test's record, or NULL */
};

/* One session: the ssd-review that started the run, or one that resumed it. */
struct rec_session {
	char *started, *ended; /* ended NULL while running, or when its driver was killed */
	char *status;	       /* "running", "complete", "failed", "interrupted", "killed" */
	bool resume;
	long long pid;
	json_object *command; /* argv */
};

/* Who the drive folder's tests ran on besides one drive (run.json "members"). */
enum rec_members {
	REC_MEMBERS_NONE,    /* one drive: null */
	REC_MEMBERS_GROUP,   /* a group's drives */
	REC_MEMBERS_CLIENTS, /* a client run's hosts */
	REC_MEMBERS_SERVER,  /* a host's copy of a client run: {host, port, combined_results} */
};

struct rec_member {
	char *label, *device, *kind, *fio_filename; /* a group's drive */
	long long span_bytes;
	char *host; /* a client run's host */
	int port;
};

struct rec_run {
	int version;	      /* read back: 1 for a run.json without "schema", 2 */
	json_object *command; /* argv of the session that wrote it */
	char *cwd;
	char *fio_version, *kernel, *ssdeng_version, *ioengine; /* "versions" */
	char *started; /* this session's start (sessions[0] is the run's) */
	char *ended;   /* NULL while running */
	char *status;  /* "running", "complete", "failed", "interrupted" ("killed": a later
			* session found it running without its driver) */
	char *note;    /* why its status is "killed" */
	char *suite, *profile, *engine, *engine_option;
	char *label, *device, *fio_filename; /* "drive" */
	long long span_bytes;
	enum rec_members members_kind;
	struct rec_member *members;
	size_t nmembers;
	char *server_host, *combined_results; /* REC_MEMBERS_SERVER */
	int server_port;
	bool resume;		      /* this session was a --resume */
	json_object *previous_runs;   /* the earlier sessions' run.json, newest first, verbatim */
	struct rec_session *sessions; /* oldest first, this session last */
	size_t nsessions;
	struct rec_test *tests;
	size_t ntests;
	json_object *manifest; /* manifest.h */
	long long pid;
	char *resume_command;
	json_object *doc; /* read back: the document as read (an older one in v2's shape) */
};

/** rec_run_write() - @r as run.json at @path, atomically. Return: 0 or -errno. */
int rec_run_write(const char *path, const struct rec_run *r);

/**
 * rec_run_read() - the run.json at @path (v2, or an older one without "schema").
 * @r: output (rec_run_free()), zeroed first
 * @err, @errlen: "PATH: No such file or directory", "PATH: not JSON (...)", "PATH: expected
 *                ssd-review's run.json: an object (with a "tests" array)", "PATH: schema ... is
 *                newer than this program reads (ssdeng.run.v2)", "PATH: tests[2].seconds:
 *                expected an integer, found a string" (a member of the wrong JSON type; one
 *                missing reads as not known), "PATH: out of memory"
 * Return: 0, -ENOENT, -EINVAL, -ENOMEM.
 */
int rec_run_read(const char *path, struct rec_run *r, char *err, size_t errlen);

/**
 * rec_run_schema_json() - run.json's JSON Schema (draft-07), made from the table of fields
 * record/ writes and reads it with (docs/schemas/run.schema.json is its output; "manifest"
 * refers to manifest.schema.json). Return: a new object, or NULL (a table's schema text not
 * JSON).
 */
json_object *rec_run_schema_json(void);

/** rec_run_test() - the test @id of @r, or NULL. */
struct rec_test *rec_run_test(const struct rec_run *r, const char *id);

/** rec_run_add_test() - a new test at the end of @r (zeroed, numbers -1). NULL: no memory. */
struct rec_test *rec_run_add_test(struct rec_run *r);

/** rec_run_add_session() - a new session at the end of @r, or NULL. */
struct rec_session *rec_run_add_session(struct rec_run *r);

/** rec_pts_add_phase() - a new phase at the end of @p (numbers -1, NaN), or NULL. */
struct rec_pts_phase *rec_pts_add_phase(struct rec_pts *p);

/** rec_pts_add_round() - a new round at the end of @ph, or NULL. */
struct rec_pts_round *rec_pts_add_round(struct rec_pts_phase *ph);

/** rec_pts_add_segment() - a new segment at the end of @p (numbers -1, times NaN), or NULL. */
struct rec_pts_segment *rec_pts_add_segment(struct rec_pts *p);

/** rec_pts_free_dirth() - @p's DIRTH choice freed (NULL after). */
void rec_pts_free_dirth(struct rec_pts *p);

/** rec_pts_segment_copy() - @to (zeroed) as a copy of @from. Return: 0 or -ENOMEM. */
int rec_pts_segment_copy(struct rec_pts_segment *to, const struct rec_pts_segment *from);

/**
 * rec_pts_add_not_compliant() - add @why to @p's not_compliant reasons, once (a reason already
 * there is not repeated). Return: 0 or -ENOMEM.
 */
int rec_pts_add_not_compliant(struct rec_pts *p, const char *why);

/** rec_pts_round_copy() - @to (zeroed) as a copy of @from. Return: 0 or -ENOMEM. */
int rec_pts_round_copy(struct rec_pts_round *to, const struct rec_pts_round *from);

/**
 * rec_params_json() - @p as run.json writes a test's "params" (and the manifest its request's
 * ssd-apps sizes and durations). Return: a new object.
 */
json_object *rec_params_json(const struct rec_params *p);

/** rec_params_copy() - @to (its strings freed first) as a copy of @from. 0 or -ENOMEM. */
int rec_params_copy(struct rec_params *to, const struct rec_params *from);

/** rec_pts_copy() - *@to (freed first) as a new copy of @from. Return: 0 or -ENOMEM. */
int rec_pts_copy(struct rec_pts **to, const struct rec_pts *from);

/** rec_test_copy() - @to (freed first) as a copy of @from. Return: 0 or -ENOMEM. */
int rec_test_copy(struct rec_test *to, const struct rec_test *from);

/** rec_session_copy() - @to (zeroed) as a copy of @from. Return: 0 or -ENOMEM. */
int rec_session_copy(struct rec_session *to, const struct rec_session *from);

/**
 * rec_run_wall_s() - the seconds the run's sessions ran, each from its start to its end (a
 * session without an end, killed or still running, is not counted).
 * @counted: output (may be NULL): the sessions counted
 * Return: seconds, or -1 when no session has both times.
 */
long long rec_run_wall_s(const struct rec_run *r, size_t *counted);

/**
 * rec_run_mark_killed() - @r, read back while its status still says "running", found so by a
 * later session holding the run's locks: its driver died. Its status (and its last session's)
 * becomes "killed" with @note, in the typed record and in @r->doc (what previous_runs keeps).
 * Return: 0 or -ENOMEM.
 */
int rec_run_mark_killed(struct rec_run *r, const char *note);

/** rec_run_command_line() - @command (argv, or one string) joined by spaces into @out. */
void rec_run_command_line(json_object *command, char *out, size_t len);

void rec_pts_free(struct rec_pts *p);
void rec_test_free(struct rec_test *t);
void rec_session_free(struct rec_session *s);
void rec_run_free(struct rec_run *r);

#endif
