/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hir.h - the SNIA PTS Host Idle Recovery (HIR) test's segment plan after its preconditioning,
 * and the mean IOPS of each wait state. Pure: the driver runs the plan (fio for the write
 * segments and the return to baseline, a sleep for the idle ones), ssdreport reads the IOPS of
 * the write segments back against it.
 *
 * PTS-E v2.0.2, HIR test flow (as PTS-E v1.1 before it): after RND 4 KiB writes to steady
 * state (no WIPC; pts/steady.h), five wait states in turn. Wait state N is a segment of 5 s of
 * RND 4 KiB writes (access A) followed by N × 5 s of host idle (access B: no I/O from the host),
 * repeated 360 times, then the return to baseline (access C): 1,800 s of continuous RND 4 KiB
 * writes. N goes 1, 2, 3, 5, 10 (idle 5, 10, 15, 25, 50 s): 15.5 hours in all.
 *
 * Times are whole seconds from the start of the first wait state.
 */
#ifndef SSDENG_PTS_HIR_H
#define SSDENG_PTS_HIR_H

#include <stddef.h>

#define PTS_HIR_WRITE_S 5	/* access A: writes per segment, s */
#define PTS_HIR_REPEATS 360	/* write + idle segments per wait state */
#define PTS_HIR_BASELINE_S 1800 /* access C: continuous writes after each wait state, s */
#define PTS_HIR_STATES 5

/* The standard's idle time of each wait state, s: wait state N idles N × 5 s. */
extern const unsigned int pts_hir_idle_s[PTS_HIR_STATES];

/* A plan's shape: the standard's (pts_hir_standard()), or shortened for a quick profile. */
struct pts_hir_params {
	unsigned int write_s;	    /* access A, s (5) */
	const unsigned int *idle_s; /* access B of each wait state, s, increasing ({5, 10, …}) */
	size_t n_states;	    /* wait states (5) */
	unsigned int repeats;	    /* A + B pairs per wait state (360) */
	unsigned int baseline_s;    /* access C after each wait state, s (1800) */
};

/** pts_hir_standard() - the plan of PTS-E v2.0.2: 5 s writes, idles 5…50 s, 360, 1800 s. */
struct pts_hir_params pts_hir_standard(void);

enum pts_hir_kind {
	PTS_HIR_WRITE,	  /* access A: RND 4 KiB writes at the test's TC/QD */
	PTS_HIR_IDLE,	  /* access B: no I/O */
	PTS_HIR_BASELINE, /* access C: continuous RND 4 KiB writes */
};

/* One segment of the plan. */
struct pts_hir_segment {
	enum pts_hir_kind kind;
	unsigned int state;	 /* wait state index, 0 .. n_states - 1 */
	unsigned int wait_state; /* the standard's name of it: idle_s / write_s (1, 2, 3, 5, 10) */
	unsigned int repeat;	 /* 1 .. repeats for writes and idles; 0 for the baseline */
	unsigned long long start_s; /* from the start of the first wait state */
	unsigned int duration_s;
};

/**
 * pts_hir_plan_len() - segments in the plan: n_states × (2 × repeats + 1).
 * Return: the count, 0 for parameters pts_hir_plan() refuses.
 */
size_t pts_hir_plan_len(const struct pts_hir_params *p);

/**
 * pts_hir_plan() - every segment of the wait states, in run order: for each wait state,
 * @p->repeats × (write @p->write_s, idle @p->idle_s[state]), then the baseline. The index of
 * a segment in the plan is its name for a resumed run.
 * @p:   the shape
 * @out: pts_hir_plan_len(@p) entries
 * @max: entries at @out
 * Return: the number written; -EINVAL when a duration or count is 0, an idle time is not a
 * multiple of the write time, or idle times do not increase; -ENOSPC when @max is too small.
 */
int pts_hir_plan(const struct pts_hir_params *p, struct pts_hir_segment *out, size_t max);

/** pts_hir_duration_s() - the plan's length, s (55,800 for the standard's); 0 when refused. */
unsigned long long pts_hir_duration_s(const struct pts_hir_params *p);

/**
 * pts_hir_state_means() - the mean IOPS of each wait state's write segments (access A), the
 * figure of the test's table beside the steady-state IOPS.
 * @plan, @n: the plan
 * @iops: the IOPS measured in each segment of @plan (idle and baseline entries are not read;
 *        a write segment not run yet is NaN and left out)
 * @means: output, one per wait state (NaN when none of its segments has a value)
 * @n_states: entries at @means
 * Return: 0, or -EINVAL when a segment names a state beyond @n_states.
 */
int pts_hir_state_means(const struct pts_hir_segment *plan, size_t n, const double *iops,
			double *means, size_t n_states);

#endif
