/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * catalogue.h - the test catalogue (jobfiles/catalogue.json): what every test of every suite is.
 *
 * One data file says, for each test: its id, the suites that run it, its family (the report
 * section), the review's title, its jobfile, its parameters (rw, bs or bssplit, rwmixread, threads
 * T, queue depth per thread Q, rate), its timing class, the test it must follow and the charts it
 * feeds. The review driver builds its plan from it (catalogue_plan()); ssdreport builds its
 * sections from it (catalogue_match(), families, summary rows). Nothing else spells test ids.
 *
 * An entry's id may be a template: "{threads}", "{depth}" (one test per T/Q point of the
 * profile, "vary": "tq_points"), "{pct}" (one per curve point, "vary": "curve_points") and "{bs}"
 * (the entry's block size, which may come from an option such as "{fc_rand_bs}"). Titles use the
 * same names and "{BS}" (the block size in capitals: "4K").
 *
 * Units: bytes, seconds, percent. Strings are owned by the catalogue; catalogue_free() releases it.
 * The file format is described in jobfiles/README.md.
 */
#ifndef SSDENG_CATALOGUE_H
#define SSDENG_CATALOGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;

#define CATALOGUE_SCHEMA "ssdeng.catalogue.v1"

/* A report section, in the review's order (the file's order). */
struct catalogue_family {
	char *id;      /* "precondition" */
	char *title;   /* "Preconditioning to steady state" */
	char *method;  /* "docs/METHODOLOGY.md §1.2" */
	char **charts; /* chart kinds the section draws: "precondition", "primary", ... */
	size_t ncharts;
};

struct catalogue_suite {
	char *id; /* "enterprise" */
	char *title;
	char *method;
	char **includes; /* a suite made of others ("all"), in run order; none for a plain suite */
	size_t nincludes;
};

/* How long a test of a timing class runs on one profile. */
struct catalogue_timing {
	long runtime_ms;   /* fio runtime (ms; the catalogue's "runtime_s" x 1000, or its
			    * "runtime_ms" for sub-second cells); 0: size-based (a fill) */
	long ramp_s;	   /* fio ramp_time */
	char *ss;	   /* fio steadystate criterion ("iops:10%"), NULL when none */
	long ss_dur_s;	   /* steadystate_duration */
	long ss_ramp_s;	   /* steadystate_ramp_time */
	long round_io_pct; /* a round (a SNIA PTS round, all its threads) ends once it wrote this
			    * percent of the span (fio io_size per thread), runtime_ms its time
			    * cap; 0: the round runs runtime_ms (time_based) */
	long setup_s;	   /* an ssd-apps test: its setup before the warm-up (the filesystem, the
			    * servers, the load), estimated for the ETA; 0 for none */
};

struct catalogue_profile {
	char *id; /* "quick", "full" */
	char *title;
	char *note;	     /* what a report says about figures of this profile, NULL for none */
	bool review_grade;   /* figures comparable with published reviews */
	uint64_t span_bytes; /* default tested span; 0: the whole drive */
	char *tq_points;     /* default T/Q set: "all" or "diagonal" */
	int *curve_points;   /* default curve points, percent of the max run */
	size_t ncurve_points;
	int hist_coarseness; /* fio log_hist_coarseness of the per-second clat histogram logs */
	double telemetry_interval_s; /* the drive's own account sampled this often while a test
				      * runs (docs/telemetry.md); 0: not sampled */
};

/* A named set of T/Q points. */
struct catalogue_tq_set {
	char *id;     /* "all", "diagonal" */
	int (*tq)[2]; /* {threads, depth} in the order charts show them */
	size_t n;
};

/* What runs a test: fio with the entry's jobfile, or ssd-apps (apps/README.md), which takes no
 * jobfile and no fio parameters: the driver passes the drive, the entry's apps_workload, the
 * profile, the timing's warm-up (ramp_s) and measured time (runtime_ms) and its --apps-*
 * options. */
enum catalogue_tool {
	CATALOGUE_TOOL_FIO = 0,
	CATALOGUE_TOOL_SSD_APPS,
};

enum catalogue_vary {
	CATALOGUE_VARY_NONE = 0,
	CATALOGUE_VARY_TQ,    /* one test per T/Q point: {threads}, {depth} */
	CATALOGUE_VARY_CURVE, /* one test per curve point: {pct} */
};

struct catalogue_env {
	char *name; /* a jobfile variable, "SSD_LOOPS" */
	char *value;
};

/*
 * A SNIA PTS test (PTS-E v2.0.2): phases, each a loop of rounds until the tracking variable is
 * at steady state (pts/steady.h) or 25 rounds ran. A round runs every cell of its phase, mix by
 * mix in the order given, block size by block size in the order given, one timing runtime each.
 */
struct catalogue_pts_phase {
	char *id;    /* "iops", "128k-write": the round files' prefix and the report's name */
	bool random; /* random (fio randrw) or sequential (fio rw) access */
	bool purge;  /* purged before this phase ... */
	bool wipc;   /* ... and preconditioned (WIPC) after the purge (default: true) */
	int *mixes;  /* percent read per mix, in run order (100 ... 0) */
	size_t nmixes;
	char **block_sizes; /* fio bs per cell, in run order ("1024k" ... "512") */
	size_t nbs;
	char *track_bs;	    /* the tracking cell: its block size ... */
	int track_mix;	    /* ... and mix */
	char *track_metric; /* "iops", "mbps" (MB/s, 10^6 bytes) or "lat_mean" (ns) */
	int stop_written;   /* rounds stop once this many times the span was written (WSAT);
			     * 0: they stop at steady state (pts/steady.h) */
	int max_rounds;	    /* the most rounds: 25 (PTS_SS_MAX_ROUNDS) unless given */
	int threads, depth; /* the phase's own TC x QD (DIRTH's preconditioning at 32 x 32);
			     * 0: the test's */
	/* A TC x QD matrix phase (DIRTH, pts/dirth.h): every cell at every point, TC outer, QD
	 * inner, each high to low; ntc 0 for a phase without one. */
	unsigned int *tc, *qd;
	size_t ntc, nqd;
	int track_tc, track_qd; /* the tracking point (TC 32 / QD 32); 0 without a matrix */
	bool prewrite;		/* each round begins with 100 % writes of the first block size at
				 * the first point (DIRTH's pre-write), one timing runtime */
};

/* A PTS test's segments on one profile: their durations (s). */
struct catalogue_pts_seg_profile {
	char *profile;	      /* a key of "profiles" */
	unsigned int write_s; /* HIR access A */
	unsigned int *idle_s; /* HIR access B, one per wait state */
	size_t nidle;
	unsigned int repeats;	 /* HIR A + B pairs per wait state */
	unsigned int baseline_s; /* HIR access C */
	unsigned int *group_s;	 /* XSR: each access group's duration */
	size_t ngroups;
	unsigned int point_s; /* DIRTH: each operating point's run for its histogram */
};

/* What a PTS test runs after its phases (or, without phases, after a purge: XSR). */
struct catalogue_pts_segments {
	char *kind;	 /* "hir", "xsr", "dirth" */
	char **group_rw; /* XSR: each access group's fio rw ... */
	char **group_bs; /* ... and bs */
	size_t ngroups;
	double art_ceiling_ns; /* DIRTH: the response-time ceiling (pts/dirth.h) */
	struct catalogue_pts_seg_profile *profiles;
	size_t nprofiles;
};

struct catalogue_pts {
	char *test; /* "iops", "throughput", "latency" */
	char *spec; /* the standard's test: "SNIA PTS-E v2.0.2, IOPS test" */
	char *wipc; /* the jobfile of workload-independent preconditioning (run twice the span) */
	struct catalogue_pts_phase *phases;
	size_t nphases;				 /* 0 only with segments (XSR) */
	struct catalogue_pts_segments *segments; /* NULL: none */
};

/* The durations of @s on profile @profile, NULL when the catalogue has none for it. */
const struct catalogue_pts_seg_profile *
catalogue_pts_seg_profile(const struct catalogue_pts_segments *s, const char *profile);

/* One entry of "tests" (a test, or a template of tests). */
struct catalogue_entry {
	char *id; /* the id, or its template: "scale-8k-7030-t{threads}q{depth}" */
	char **suites;
	size_t nsuites;
	const struct catalogue_family *family;
	char *title;		  /* the review's title, a template like the id */
	enum catalogue_tool tool; /* "tool": "fio" (default) or "ssd-apps" */
	char *apps_workload;	  /* an ssd-apps test's workload: "oltp" (default) or "tpcc" */
	char *jobfile;		  /* file name in jobfiles/; NULL for an ssd-apps test */
	char *workload; /* ties a workload's preconditioning, measurement, scaling and curve
			 * points together ("8k-7030", "sql-9010"); NULL for none */
	char *rw;	/* fio rw: read, write, randread, randwrite, randrw; NULL for ssd-apps */
	char *bs; /* fio bs ("4k"), or an option placeholder ("{fc_rand_bs}"); NULL with bssplit */
	char *bssplit;		   /* fio bssplit, NULL with bs */
	int rwmix_read;		   /* percent read for rw=randrw; -1 when not a mix */
	char *percentage_random;   /* fio percentage_random ("90,75"), or NULL */
	char *random_distribution; /* fio random_distribution ("zoned:80/10:20/90"), or NULL */
	char *percentile_list;	   /* fio percentile_list ("50:99:99.9"), or NULL: fio's */
	int threads;		   /* T (fio numjobs); 0 when varied */
	int depth;		   /* Q per thread (fio iodepth); 0 when varied */
	enum catalogue_vary vary;
	bool when_sweep;     /* run only when the sweep option names this entry's workload */
	char *after;	     /* id (template) of the test this one must run right after, or NULL */
	char *rate_from;     /* id of the flat-out run whose IOPS set this test's rate, or NULL */
	bool rate_max;	     /* the flat-out run of a curve */
	bool region_quarter; /* runs on the first quarter of the span (the curves' 25% region) */
	char *timing;	     /* timing class: a key of "timings" */
	char *output;	     /* fio --output-format: "json" or "json+" */
	struct catalogue_env *env; /* extra jobfile variables */
	size_t nenv;
	struct catalogue_pts *pts; /* a SNIA PTS test, NULL for any other */
	size_t index;		   /* position in the file: the order within a family */
};

/* A row of the report's summary table: one metric of one test (or one verdict of a family). */
struct catalogue_summary_row {
	char *test;   /* entry id (template), NULL for a family-wide row */
	char *family; /* family id for a family-wide row, else NULL */
	char
	    *metric; /* iops, mbps, lat_mean, lat_max, lat_sd, p99, p99.99, verdict, steady_state */
	char *title;
};

struct catalogue {
	char *path;
	struct catalogue_family *families;
	size_t nfamilies;
	struct catalogue_suite *suites;
	size_t nsuites;
	struct catalogue_profile *profiles;
	size_t nprofiles;
	char *
	    *timing_names; /* timing classes; timings[i * nprofiles + p] is class i on profile p */
	struct catalogue_timing *timings;
	size_t ntimings;
	struct catalogue_tq_set *tq_sets;
	size_t ntq_sets;
	char **default_sweep; /* workloads swept over T/Q by default */
	size_t ndefault_sweep;
	char *default_fc_rand_bs;
	char *default_fc_seq_bs;
	struct catalogue_summary_row *summary;
	size_t nsummary;
	struct catalogue_entry *entries;
	size_t nentries;
};

/**
 * catalogue_find() - the path of the catalogue a program should read.
 * @out:    the path found
 * @len:    size of @out
 *
 * Looks at $SSDENG_CATALOGUE, then beside the running program: <dir>/../jobfiles/catalogue.json
 * (the source tree: engine/, reporter/, driver/) and <dir>/../share/ssdeng/jobfiles/catalogue.json
 * (after make install, programs in PREFIX/bin).
 *
 * Return: 0, or -ENOENT when none exists (@out then holds the places looked at, for a message).
 */
int catalogue_find(char *out, size_t len);

/**
 * catalogue_load() - read and check a catalogue file.
 * @path:   the JSON file
 * @out:    the catalogue, owned by the caller (catalogue_free())
 * @err:    on failure, a message naming the file, the entry and the field
 * @errlen: size of @err
 *
 * Every reference is checked: families, suites, timings, profiles, T/Q sets, "after" and
 * "rate_from" ids, placeholders against "vary", unique ids.
 *
 * Return: 0; -ENOENT (no file), -EINVAL (not a catalogue, or a bad field), -ENOMEM.
 */
int catalogue_load(const char *path, struct catalogue **out, char *err, size_t errlen);

void catalogue_free(struct catalogue *c);

/**
 * catalogue_pts_load() - an entry's "pts" object (jobfiles/README.md "SNIA PTS").
 * @o:      the object
 * @out:    the test (catalogue_pts_free())
 * @err:    on failure, the field and what was expected
 * Return: 0, -EINVAL, -ENOMEM.
 */
int catalogue_pts_load(struct json_object *o, struct catalogue_pts **out, char *err, size_t errlen);
void catalogue_pts_free(struct catalogue_pts *p);

/* The cells of phase @ph, in run order: nmixes x nbs, times the matrix's TC x QD points
 * (cell (m, b) at point k is index (m x nbs + b) x points + k). */
static inline size_t catalogue_pts_points(const struct catalogue_pts_phase *ph)
{
	return ph->ntc ? ph->ntc * ph->nqd : 1;
}

static inline size_t catalogue_pts_cells(const struct catalogue_pts_phase *ph)
{
	return ph->nmixes * ph->nbs * catalogue_pts_points(ph);
}

/* A timing's fio runtime in seconds (fractional for sub-second cells); 0 without @t. */
static inline double catalogue_runtime_s(const struct catalogue_timing *t)
{
	return t ? (double)t->runtime_ms / 1000.0 : 0.0;
}

const struct catalogue_family *catalogue_family(const struct catalogue *c, const char *id);
const struct catalogue_suite *catalogue_suite(const struct catalogue *c, const char *id);
const struct catalogue_profile *catalogue_profile(const struct catalogue *c, const char *id);
const struct catalogue_tq_set *catalogue_tq_set(const struct catalogue *c, const char *id);
/* The timing of class @name on @profile, NULL when either is unknown. */
const struct catalogue_timing *catalogue_timing(const struct catalogue *c, const char *name,
						const struct catalogue_profile *profile);
/* The entry whose id (template) is exactly @id, NULL when none. */
const struct catalogue_entry *catalogue_entry(const struct catalogue *c, const char *id);
/* True when @e belongs to suite @suite (directly, or through a suite that includes others). */
bool catalogue_entry_in_suite(const struct catalogue *c, const struct catalogue_entry *e,
			      const char *suite);

/**
 * catalogue_family_draws() - whether family @f's section draws chart kind @chart ("qos",
 * "scaling", "latency-vs-rate", ...: the family's "charts" in jobfiles/catalogue.json).
 * Return: false for a NULL @f.
 */
bool catalogue_family_draws(const struct catalogue_family *f, const char *chart);

/* Values bound to an entry's placeholders; -1 / "" when the entry has none. */
struct catalogue_binding {
	int threads;
	int depth;
	int pct;
	char bs[16]; /* "4k" */
};

/**
 * catalogue_match() - which entry a test id belongs to.
 * @c:   catalogue
 * @id:  a test id as found in a results directory ("scale-8k-7030-t4q4", "fc-8k-randread")
 * @b:   the values the id binds to the entry's placeholders (may be NULL)
 *
 * A placeholder {threads}, {depth} or {pct} matches a decimal number, {bs} a size such as
 * "4k", "128k" or "1m". The report takes a test's parameters from fio's own job options; @b
 * serves where fio has no such option (a curve point's percentage).
 *
 * Return: the entry, or NULL for an id no entry describes (an older run: "Other tests").
 */
const struct catalogue_entry *catalogue_match(const struct catalogue *c, const char *id,
					      struct catalogue_binding *b);

/**
 * catalogue_expand() - fill an entry's template (id or title) with bound values.
 * @tmpl: "scale-8k-7030-t{threads}q{depth}", "{BS} random read"
 * @b:    values
 * @out:  the result
 * @len:  size of @out
 *
 * Return: 0, or -EINVAL for a placeholder @b has no value for, -ENAMETOOLONG when @out is short.
 */
int catalogue_expand(const char *tmpl, const struct catalogue_binding *b, char *out, size_t len);

/* Options of a plan; NULL / 0 members take the catalogue's defaults and the profile's. */
struct catalogue_plan_opts {
	const char *suite;	  /* a suite id ("all") */
	const char *profile;	  /* a profile id ("quick", "full") */
	const char *const *sweep; /* workloads swept over T/Q; NULL: the catalogue's default */
	size_t nsweep;
	const char *fc_rand_bs;	 /* four corners' random block size ("4k") */
	const char *fc_seq_bs;	 /* four corners' sequential block size ("64k") */
	const char *tq_points;	 /* "all" or "diagonal"; NULL: the profile's */
	const int *curve_points; /* percent; NULL: the profile's */
	size_t ncurve_points;
};

/* One test of a plan, in run order. */
struct catalogue_test {
	char *id;    /* "scale-8k-7030-t4q4" */
	char *title; /* "8K 70/30 at 4T/4Q" */
	const struct catalogue_entry *entry;
	struct catalogue_binding bind;
	char *bs;	 /* the block size ("4k"), NULL for a bssplit test */
	int threads;	 /* T */
	int depth;	 /* Q per thread */
	int rate_pct;	 /* percent of the flat-out run, -1 when not a curve point */
	char *after;	 /* id of the test this one runs right after, or NULL */
	char *rate_from; /* id of the flat-out run giving the rate, or NULL */
	size_t step;	 /* tests of one step (chained by "after") run back to back */
	const struct catalogue_timing *timing;
};

/**
 * catalogue_plan() - the tests a suite runs on a profile, in run order.
 * @c:      catalogue
 * @o:      suite, profile and options
 * @out:    array of tests (catalogue_plan_free())
 * @n:      number of tests
 * @err:    a message naming the bad option or value
 * @errlen: size of @err
 *
 * Return: 0; -EINVAL for an unknown suite, profile, workload or T/Q set, a block size that is
 * not a number with k or m, a curve point outside 1..1000; -ENOMEM.
 */
int catalogue_plan(const struct catalogue *c, const struct catalogue_plan_opts *o,
		   struct catalogue_test **out, size_t *n, char *err, size_t errlen);

void catalogue_plan_free(struct catalogue_test *t, size_t n);

#endif
