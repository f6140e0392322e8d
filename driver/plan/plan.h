/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * plan.h - what a run does: the tests of the suite on the profile, in run order, taken only from
 * the test catalogue (catalogue_plan()), cut to --only; and each test's jobfile variables
 * (${SSD_*}, jobfiles/README.md) for one drive.
 */
#ifndef SSDENG_DRIVER_PLAN_H
#define SSDENG_DRIVER_PLAN_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalogue/catalogue.h"
#include "cli/options.h"
#include "pts/variant.h"

/* One test of the plan. */
struct rv_test {
	const struct catalogue_test *ct; /* id, title, entry, T/Q, bs, rate, step, timing */
	long expected_s;  /* setup + runtime + ramp of its timing, s; 0: size-based (fill) */
	bool atomic_step; /* its step chains tests with "after" (preconditioning ->
			   * measurement -> T/Q points): --resume reruns it whole */
};

struct rv_plan {
	struct catalogue *cat;
	const struct catalogue_profile *profile;
	struct catalogue_test *all; /* catalogue_plan()'s tests */
	size_t nall;
	struct rv_test *t; /* the tests run, after --only */
	size_t n;
	char catalogue_path[PATH_MAX];
	char jobdir[PATH_MAX]; /* the jobfiles: the catalogue's directory */
};

/**
 * rv_plan_build() - load the catalogue (--catalogue, else catalogue_find()) and plan the run.
 * @o: options (suite, profile, sweep, T/Q and curve points, four-corners sizes, --only)
 * @p: output (rv_plan_free())
 * @err, @errlen: message naming the option or catalogue field refused
 * Return: 0; -EINVAL (bad option value or catalogue), -ENOENT (no catalogue), -ENOMEM.
 */
int rv_plan_build(const struct rv_opts *o, struct rv_plan *p, char *err, size_t errlen);

void rv_plan_free(struct rv_plan *p);

/**
 * rv_apps_times() - an ssd-apps test's warm-up and measured time, s: --apps-warmup and
 * --apps-time where given (>= 0), else the test's timing (ramp_s, runtime_s; 0 without one).
 */
void rv_apps_times(const struct rv_apps_opts *a, const struct catalogue_timing *tm,
		   long long *warmup_s, long long *time_s);

#define RV_ENV_MAX 32

/* A test's jobfile variables, in the order --dry-run prints them. */
struct rv_env {
	size_t n;
	struct {
		char name[32];
		char value[PATH_MAX];
	} v[RV_ENV_MAX];
};

/* What the variables of every test share. */
struct rv_env_ctx {
	const char *fio_engine; /* SSD_ENGINE: "external:/abs/libssdeng.so", "libaio", ... */
	const char *engine_opt; /* SSD_ENGINE_OPT: one option line */
	const char *log_window; /* SSD_LOG_WINDOW */
	const char *out;	/* --out as given: SSD_LOG is OUT/<label>/logs/<id> */
	int hist_coarseness;	/* SSD_HIST_COARSENESS, from the profile */
	const struct pts_variant_info *pts_variant; /* a PTS test's TC/QD and active range, NULL:
						     * the catalogue's */
};

/* What a PTS test runs with under a variant: threads (TC), depth (QD per thread), the bytes of
 * its active range from offset 0. */
struct rv_pts_shape {
	int threads, depth;
	uint64_t size;
	unsigned int active_range_pct;
};

/**
 * rv_pts_segments_s() - the seconds of PTS test @pts's segments on @profile as planned (HIR's
 * wait states, XSR's groups, DIRTH's three points; fio's start-up not counted); 0 without.
 */
unsigned long long rv_pts_segments_s(const struct catalogue_pts *pts, const char *profile);

/**
 * rv_pts_shape() - PTS test @ct on a @span-byte drive under variant @v (NULL: the catalogue's
 * TC/QD, 100 %): the variant's TC/QD for the tests it sets (pts_variant_sets_outstanding()),
 * its active range rounded down to the test's largest block size (pts_active_range_bytes()).
 */
void rv_pts_shape(const struct catalogue_test *ct, const struct pts_variant_info *v, uint64_t span,
		  struct rv_pts_shape *out);

/**
 * rv_test_env() - the variables of test @t on a drive: the jobfile's SSD_*, and SSDENG_REPORT
 * (engine/core/transport_report.h), the file the engine reports its transports to
 * (<label>/logs/<test>.engine.jsonl, record/engine_report.h).
 * @t:     the test
 * @label: the results directory's name
 * @node:  SSD_DEV, the node fio opens
 * @span:  bytes tested from offset 0 (a curve's region is the first quarter of it)
 * @c:     the shared values
 * @rate:  SSD_RATE_IOPS of a curve point ("read,write" per job), or NULL: the point's
 *         percentage is then shown as RATE_PCT=N (the rate exists once the max run ran)
 * @env:   output
 * Return: 0, or -ENAMETOOLONG for a value too long.
 */
int rv_test_env(const struct rv_test *t, const char *label, const char *node, uint64_t span,
		const struct rv_env_ctx *c, const char *rate, struct rv_env *env);

/** rv_env_set() - set @name to @value in @env (replacing it). Return 0 or -ENOSPC. */
int rv_env_set(struct rv_env *env, const char *name, const char *value);

/** rv_env_get() - the value of @name in @env, or NULL. */
const char *rv_env_get(const struct rv_env *env, const char *name);

/**
 * rv_job_size() - SSD_JOB_SIZE: the per-job slice of @size bytes for @threads sequential
 * streams, MiB-aligned (64 KiB-aligned when a MiB each is too much).
 */
uint64_t rv_job_size(uint64_t size, int threads);

#endif
