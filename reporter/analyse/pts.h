/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts.h - the SNIA PTS tests of a drive, as the standard's report pages need them: from the
 * model's PTS tests (model/pts.h: run.json's "pts" record, purge, preconditioning, threads/depth,
 * what is not compliant, and the documents of the round files it names, every cell a job), each
 * phase's tracking variable per round and the steady-state verdict recomputed from those
 * documents with pts/steady.h (not taken from the driver's record), and the measurement: each
 * cell averaged over the measurement window's rounds.
 *
 * Units: IOPS, MB/s (10^6 bytes/s), ns.
 */
#ifndef SSDREPORT_ANALYSE_PTS_H
#define SSDREPORT_ANALYSE_PTS_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue/catalogue.h"
#include "model/model.h"
#include "pts/cells.h"
#include "pts/steady.h"
#include "pts/xsr.h"
#include "util/diag.h"

/* One round of a phase: every cell in the phase's order (mix-major, as run). */
struct sr_pts_round {
	int round;			     /* 1.. */
	const struct pts_cell_result *cells; /* catalogue_pts_cells() of them (the model's);
					      * found=false: missing */
	double tracking;		     /* the tracking cell's value, NaN when missing */
	double written;			     /* bytes the round wrote, all cells */
	double seconds; /* the round's measured I/O time, s: its cells' I/Os over their IOPS
			 * (fio's runtime of each), summed; else run.json's wall time of the
			 * round; NaN when neither is known */
};

enum sr_pts_verdict {
	SR_PTS_STEADY,	    /* the window met both criteria */
	SR_PTS_NOT_STEADY,  /* 25 rounds without: the last 5 are reported */
	SR_PTS_INCOMPLETE,  /* fewer rounds than the test needed (cut short, failed) */
	SR_PTS_WRITTEN,	    /* a phase that stops by bytes: stop_written x the span written */
	SR_PTS_ROUND_LIMIT, /* ... its round limit came first */
};

/* A cell over the measurement window. */
struct sr_pts_cell {
	double iops, mbps, lat_mean_ns; /* means over the window's rounds */
	double lat_max_ns;		/* the largest of the window's rounds */
	double p99999_ns;   /* the largest of the window's rounds' 99.999th percentiles (clat), a
			     * round with too few I/Os for one its maximum (sr_pct_fig()), never
			     * above @lat_max_ns (fio's bin value can be: then @lat_max_ns) */
	bool p99999_is_max; /* it is a maximum (too few I/Os for the percentile) */
	size_t rounds;	    /* window rounds that had the cell */
};

struct sr_pts_phase {
	const struct catalogue_pts_phase *def;
	char *purge_method;  /* "format"; NULL: not purged (see purge_skipped) */
	char *purge_skipped; /* "--pts-no-purge", NULL when purged or when the phase does not
			      * purge */
	char *purge_done;    /* when the purge ended (ISO 8601), NULL: not recorded */
	bool wipc;	     /* preconditioned (WIPC result present) */
	double wipc_bytes;
	double wipc_seconds;  /* the preconditioning's wall time, NaN: not recorded */
	int resumed_after;    /* a later session of the run went on after this round, 0: none */
	char *not_applicable; /* run.json's cells planned out and why, NULL: every cell ran */
	struct sr_pts_round *rounds;
	size_t nrounds;
	enum sr_pts_verdict verdict;
	bool has_window;
	struct pts_ss_window w;	   /* rounds w.first..w.last (indices into rounds) */
	struct sr_pts_cell *cells; /* per cell over the window; NULL without a window */
	bool driver_agrees;	   /* run.json's status says the same as the files */
	double span_bytes;	   /* the test's span */
	double written;		   /* bytes written by all rounds */
};

/* DIRTH: one TC x QD point of a matrix round. */
struct sr_pts_dirth_pt {
	unsigned int tc, qd;	 /* fio numjobs x iodepth */
	double iops;		 /* read + write */
	double art_ns;		 /* average response time: total latency over every I/O, ns */
	double usr_cpu, sys_cpu; /* fio's usr_cpu and sys_cpu, percent; NaN: absent */
};

/* DIRTH: the matrix round its operating points were chosen from, every point of it. */
struct sr_pts_dirth {
	size_t phase;		    /* the matrix phase's index in phases */
	int round;		    /* 1..: run.json's dirth.round, else the phase's last */
	struct sr_pts_dirth_pt *pt; /* in run order (TC outer, QD inner, high to low); a point
				     * fio did not measure is NaN */
	size_t n;
};

/* XSR: its three access groups (segments) and the recovery of the last (pts/xsr.h). */
struct sr_pts_xsr {
	bool has;	      /* three groups recorded */
	size_t seg[3];	      /* each group's index in the record's segments */
	double group_mbps[3]; /* each group's MB/s over its whole run (fio JSON), NaN: none */
	int rc;		      /* pts_xsr_recovery()'s: 0, or -EINVAL (too few samples of group 1,
			       * none of group 3: not computed) */
	struct pts_xsr_result rec; /* when rc is 0 */
};

struct sr_pts_test {
	char *id;
	const struct catalogue_entry *entry;
	char *status, *reason; /* run.json's */
	int threads, depth;
	double cell_seconds, span_bytes;
	char **not_compliant; /* run.json's reasons ("no purge (--pts-no-purge)") */
	size_t nnot_compliant;
	char *write_cache;     /* run.json's sentence on the drive's volatile write cache */
	char *cache_outcome;   /* "set", "already so", "refused", "failed", "not applicable";
				* NULL: not recorded */
	char *cache_wanted;    /* "disabled" (Enterprise), "enabled" (Client), NULL */
	char *data_pattern;    /* what the written data is, NULL: not recorded */
	char *variant;	       /* "enterprise", "client", NULL: not recorded */
	char *started, *ended; /* the test's first start and its end (ISO 8601), NULL: not
				* recorded */
	char *spec;	       /* run.json's: the standard, variant and test it ran */
	int active_range_pct;  /* of the drive's span; span_bytes is the range itself */
	struct sr_pts_phase *phases;
	size_t nphases;
	const struct sr_pts_doc
	    *doc; /* the model's test: its record's segments and their figures */
	/* HIR: each wait state's mean IOPS over its write segments (pts/hir.h), in run order */
	size_t nhir;
	unsigned int hir_wait_state[8]; /* the standard's name: 1, 2, 3, 5, 10 */
	double hir_mean_iops[8];	/* NaN: none of its write segments was measured */
	struct sr_pts_dirth dirth;	/* DIRTH's matrix round (n 0 for other tests) */
	struct sr_pts_xsr xsr;		/* XSR's groups (has false for other tests) */
};

/**
 * sr_pts_dirth_build() - DIRTH's matrix round of @pt (analyse/pts_seg.c): the round run.json's
 * choice names (dirth.round), else the matrix phase's last, each point's IOPS, ART and CPU from
 * the round's fio document; nothing for a test without a matrix phase.
 * Return: 0, -ENOMEM.
 */
int sr_pts_dirth_build(struct sr_pts_test *pt);

/**
 * sr_pts_xsr_build() - XSR's groups of @pt: each group's MB/s and the last group's recovery
 * time (pts_xsr_recovery() on the groups' 1-s MB/s samples, partial seconds left out);
 * nothing for a test without three XSR groups.
 */
void sr_pts_xsr_build(struct sr_pts_test *pt);

/* What a phase's row of the summary holds at most: its tracking figure and one beside it. */
#define SR_PTS_PHASE_FIGS 2

/* One figure of a phase's summary row: a cell's figure of the tracking metric. */
struct sr_pts_fig {
	const char *metric; /* the phase's tracking metric: "iops", "mbps", "lat_mean" */
	const char *bs;	    /* the cell's block size as the catalogue spells it ("4k") */
	int mix;	    /* the cell's read percentage */
	double value;	    /* IOPS, MB/s (10^6 bytes/s) or ns (total latency) */
	size_t last;	    /* a phase that stops by bytes written (WSAT): the mean of its last
			     * @last rounds; 0: the mean over the measurement window */
};

/**
 * sr_pts_phase_figures() - the figures the summary names for phase @ph of test @t: the tracking
 * cell over the measurement window (WSAT, which has none: the mean of its last 5 rounds), then
 * for the IOPS and latency tests the 4 KiB random reads (100/0) beside the writes they track.
 * The summary (render/pts_summary.c) prints them and the results library keeps them
 * (analyse/headline.c), so both hold the same figures.
 * @t:   the test
 * @ph:  one of its phases
 * @out: SR_PTS_PHASE_FIGS figures
 *
 * A phase without a window (fewer than 5 rounds) has none; a cell not measured is left out.
 * Return: how many of @out are set.
 */
size_t sr_pts_phase_figures(const struct sr_pts_test *t, const struct sr_pts_phase *ph,
			    struct sr_pts_fig *out);

/* The rounds a WSAT phase's steady level is the mean of (its last 5). */
#define SR_PTS_WSAT_STEADY_ROUNDS 5

/**
 * sr_pts_wsat_levels() - the two levels of a phase that stops by bytes written (WSAT, PTS-E
 * v2.0.2 Write Saturation test: IOPS against time from the purged state): its fresh-out-of-box
 * level, the tracking variable of its first round, and its steady level, the mean of its last
 * SR_PTS_WSAT_STEADY_ROUNDS rounds (fewer when it has fewer), the figure sr_pts_phase_figures()
 * names. A drive whose write cache or over-provisioning runs out falls from the first to the
 * second (the cliff).
 * @ph:     the phase
 * @fob:    output, in the tracking metric's unit (IOPS)
 * @steady: output, the same unit
 * @last:   output, the rounds @steady is the mean of
 * Return: true when set; false for a phase that does not stop by bytes written, has no round, or
 * whose rounds' values are not all measured.
 */
bool sr_pts_wsat_levels(const struct sr_pts_phase *ph, double *fob, double *steady, size_t *last);

/* A results directory's PTS tests. */
struct sr_pts_drive {
	const struct sr_drive *drv;
	struct sr_pts_test *tests;
	size_t n;
};

/**
 * sr_pts_build() - the PTS tests of @drv as the standard's pages need them, from the model's
 * records and round documents (drv->pts, model/pts.h): each phase judged (sr_pts_phase_judge()),
 * and compared with what run.json says of it.
 * @drv: the drive
 * @out: output (sr_pts_free()); no tests when the drive has none. Its rounds' cells are the
 *       model's: @drv outlives @out
 * @d:   diagnostics: a phase whose round files say another verdict than run.json is a warning
 *
 * Return: 0, -ENOMEM.
 */
int sr_pts_build(const struct sr_drive *drv, struct sr_pts_drive *out, struct sr_diag *d);

void sr_pts_free(struct sr_pts_drive *p);

/**
 * sr_pts_phase_judge() - a phase's verdict and window from its rounds' tracking values, as the
 * driver's stop rule (pts_ss_after_round()) decides it, and the cells over that window.
 * Return: 0, -ENOMEM.
 */
int sr_pts_phase_judge(struct sr_pts_phase *ph);

/* sr_pts_cell_index() - the index of cell (@mix, @bs) in @def's order; -1 when none. */
long sr_pts_cell_index(const struct catalogue_pts_phase *def, int mix, const char *bs);

#endif
