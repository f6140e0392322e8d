// SPDX-License-Identifier: GPL-2.0-only
/*
 * plan_test.c - driver/plan/plan.c: the run's tests from jobfiles/catalogue.json cut to --only, the
 * steps --resume reruns whole, and each test's jobfile variables as --dry-run prints them
 * (the values the earlier bash driver set: runtime, ramp, steady state, region, job slices).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "plan/plan.h"

static char err[1024];

static int build(struct rv_plan *p, const char *suite, const char *profile, const char *only)
{
	char *argv[] = {
	    "ssd-review", "--drive",	 "a=/tmp/x",  "--catalogue",   "jobfiles/catalogue.json",
	    "--suite",	  (char *)suite, "--profile", (char *)profile, only ? "--only" : NULL,
	    (char *)only, NULL};
	struct rv_opts o;
	int r = rv_opts_parse(only ? 11 : 9, argv, &o, err, sizeof(err));

	assert_int_equal(r, 0);
	r = rv_plan_build(&o, p, err, sizeof(err));
	rv_opts_free(&o);
	return r;
}

static const struct rv_env_ctx ctx = {
    .fio_engine = "external:/e/libssdeng.so",
    .engine_opt = "transport=auto",
    .log_window = "log_max_value=0",
    .out = "res",
    .hist_coarseness = 3,
};

static const struct rv_test *find(const struct rv_plan *p, const char *id)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->t[i].ct->id, id))
			return &p->t[i];
	fail_msg("no test %s in the plan", id);
	return NULL;
}

static void quick_plan_and_steps(void **state)
{
	struct rv_plan p;

	(void)state;
	assert_int_equal(build(&p, "all", "quick", NULL), 0);
	assert_int_equal(p.n, 60);
	assert_int_equal(p.t[0].ct->entry->tool, CATALOGUE_TOOL_SSD_APPS);
	/* an ssd-apps test's ETA counts its setup (filesystem, servers, load) besides sysbench */
	assert_int_equal(find(&p, "apps-oltp")->expected_s, 70 + 5 + 20);
	assert_int_equal(find(&p, "apps-tpcc")->expected_s, 110 + 5 + 20);
	assert_false(find(&p, "apps-oltp")->atomic_step);
	assert_non_null(strstr(p.jobdir, "jobfiles"));
	assert_true(find(&p, "precond-8k-7030")->atomic_step);
	assert_true(find(&p, "scale-8k-7030-t16q16")->atomic_step);
	assert_false(find(&p, "fc-4k-randread")->atomic_step);
	assert_false(find(&p, "curve-sql-max")->atomic_step);
	assert_int_equal(find(&p, "precond-4k-randwrite")->expected_s, 5);
	assert_int_equal(find(&p, "prep-128k-seqfill")->expected_s, 0);
	rv_plan_free(&p);
	assert_int_equal(build(&p, "all", "full", NULL), 0);
	assert_int_equal(find(&p, "scale-8k-7030-t2q2")->expected_s, 135);
	assert_int_equal(find(&p, "spec-4k-randread-qd1")->expected_s, 630);
	rv_plan_free(&p);
}

/* --apps-warmup and --apps-time replace the catalogue's warm-up and measured time in an ssd-apps
 * test's ETA, as they do in the ssd-apps command the driver runs (rv_apps_times()) */
static void apps_time_options(void **state)
{
	char *argv[] = {
	    "ssd-review", "--drive",	 "a=/tmp/x",  "--catalogue", "jobfiles/catalogue.json",
	    "--suite",	  "apps",	 "--profile", "quick",	     "--apps-warmup",
	    "60",	  "--apps-time", "300",	      NULL};
	struct rv_opts o;
	struct rv_plan p;
	long long w, m;

	(void)state;
	assert_int_equal(rv_opts_parse(13, argv, &o, err, sizeof(err)), 0);
	assert_int_equal(rv_plan_build(&o, &p, err, sizeof(err)), 0);
	assert_int_equal(find(&p, "apps-oltp")->expected_s, 70 + 60 + 300);
	assert_int_equal(find(&p, "apps-tpcc")->expected_s, 110 + 60 + 300);
	rv_apps_times(&o.apps, find(&p, "apps-tpcc")->ct->timing, &w, &m);
	assert_int_equal(w, 60);
	assert_int_equal(m, 300);
	o.apps.warmup_s = -1; /* not given: the catalogue's */
	rv_apps_times(&o.apps, find(&p, "apps-tpcc")->ct->timing, &w, &m);
	assert_int_equal(w, 5);
	assert_int_equal(m, 300);
	rv_apps_times(&o.apps, NULL, &w, &m); /* no timing: 0 */
	assert_int_equal(w, 0);
	rv_plan_free(&p);
	rv_opts_free(&o);
}

static void only_and_names(void **state)
{
	struct rv_plan p;

	(void)state;
	assert_int_equal(build(&p, "four-corners", "quick", "fc-64k-write,prep-128k-seqfill"), 0);
	assert_int_equal(p.n, 2);
	assert_string_equal(p.t[0].ct->id, "prep-128k-seqfill");
	assert_string_equal(p.t[1].ct->id, "fc-64k-write");
	rv_plan_free(&p);
	assert_int_equal(build(&p, "four-corners", "quick", "fc-4k-randread,spec-4k-randread"),
			 -EINVAL);
	assert_non_null(strstr(err, "--only: 'spec-4k-randread' is not a test of the four-corners "
				    "suite on the quick profile"));
	rv_plan_free(&p);
	assert_int_equal(build(&p, "vdbench", "quick", NULL), -EINVAL);
	assert_non_null(
	    strstr(err, "--suite: 'vdbench' is not one of apps, enterprise, four-corners"));
	rv_plan_free(&p);
	assert_int_equal(build(&p, "all", "slow", NULL), -EINVAL);
	assert_non_null(strstr(err, "--profile: 'slow' is not full or quick"));
	rv_plan_free(&p);
}

static void variables(void **state)
{
	struct rv_plan p;
	struct rv_env e;

	(void)state;
	assert_int_equal(build(&p, "all", "quick", NULL), 0);
	assert_int_equal(rv_test_env(find(&p, "precond-4k-randwrite"), "d", "/dev/ng0n1",
				     128ULL << 20, &ctx, NULL, &e),
			 0);
	assert_string_equal(e.v[0].name, "SSD_ENGINE");
	assert_string_equal(e.v[1].name, "SSD_ENGINE_OPT");
	assert_string_equal(rv_env_get(&e, "SSD_DEV"), "/dev/ng0n1");
	assert_string_equal(rv_env_get(&e, "SSD_SIZE"), "134217728");
	assert_string_equal(rv_env_get(&e, "SSD_JOB_SIZE"), "8388608");
	assert_string_equal(rv_env_get(&e, "SSD_RUNTIME"), "5");
	assert_string_equal(rv_env_get(&e, "SSD_SS"), "iops:10%");
	assert_string_equal(rv_env_get(&e, "SSD_SS_DUR"), "3");
	assert_string_equal(rv_env_get(&e, "SSD_SS_RAMP"), "1");
	assert_string_equal(rv_env_get(&e, "SSD_LOG"), "res/d/logs/precond-4k-randwrite");
	assert_string_equal(rv_env_get(&e, "SSD_HIST_COARSENESS"), "3");
	/* a fill runs by size: no runtime; its loops from the catalogue's env */
	rv_test_env(find(&p, "prep-128k-seqfill"), "d", "/f", 128ULL << 20, &ctx, NULL, &e);
	assert_null(rv_env_get(&e, "SSD_RUNTIME"));
	assert_null(rv_env_get(&e, "SSD_SS"));
	assert_string_equal(rv_env_get(&e, "SSD_LOOPS"), "2");
	/* the curves' quarter region, 128 one-QD jobs sharing it in 64 KiB-aligned slices */
	rv_test_env(find(&p, "curve-4k-randread-max"), "d", "/f", 128ULL << 20, &ctx, NULL, &e);
	assert_string_equal(rv_env_get(&e, "SSD_SIZE"), "33554432");
	assert_string_equal(rv_env_get(&e, "SSD_JOB_SIZE"), "262144");
	assert_string_equal(rv_env_get(&e, "SSD_RATE_IOPS"), "0");
	rv_test_env(find(&p, "curve-4k-randread-50"), "d", "/f", 128ULL << 20, &ctx, NULL, &e);
	assert_string_equal(rv_env_get(&e, "RATE_PCT"), "50");
	assert_null(rv_env_get(&e, "SSD_RATE_IOPS"));
	rv_test_env(find(&p, "curve-4k-randread-50"), "d", "/f", 128ULL << 20, &ctx, "120,0", &e);
	assert_string_equal(rv_env_get(&e, "SSD_RATE_IOPS"), "120,0");
	/* a curve's row parameters, the ones its row gives and only those */
	assert_string_equal(rv_env_get(&e, "SSD_WORKLOAD"), "4k-randread");
	assert_string_equal(rv_env_get(&e, "SSD_RW"), "randread");
	assert_string_equal(rv_env_get(&e, "SSD_BS"), "4k");
	assert_string_equal(rv_env_get(&e, "SSD_THREADS"), "128");
	assert_null(rv_env_get(&e, "SSD_BSSPLIT"));
	assert_null(rv_env_get(&e, "SSD_RWMIX"));
	assert_null(rv_env_get(&e, "SSD_PCT_RANDOM"));
	assert_null(rv_env_get(&e, "SSD_RANDOM_DIST"));
	rv_test_env(find(&p, "curve-vdi-lc-boot-max"), "d", "/f", 128ULL << 20, &ctx, NULL, &e);
	assert_null(rv_env_get(&e, "SSD_BS"));
	assert_string_equal(rv_env_get(&e, "SSD_BSSPLIT"),
			    "4k/45:8k/10:16k/10:32k/15:64k/20,4k/70:8k/10:16k/10:64k/10");
	assert_string_equal(rv_env_get(&e, "SSD_RWMIX"), "75");
	assert_string_equal(rv_env_get(&e, "SSD_PCT_RANDOM"), "70,80");
	assert_string_equal(rv_env_get(&e, "SSD_RANDOM_DIST"), "zoned:80/10:20/90");
	rv_test_env(find(&p, "fc-64k-read"), "d", "/f", 100ULL << 20, &ctx, NULL, &e);
	assert_string_equal(rv_env_get(&e, "SSD_BS"), "64k");
	assert_string_equal(rv_env_get(&e, "SSD_JOB_SIZE"), "104857600");
	assert_string_equal(rv_env_get(&e, "SSD_THREADS"), "1");
	assert_string_equal(rv_env_get(&e, "SSD_DEPTH"), "64");
	rv_plan_free(&p);
	assert_true(rv_job_size(100ULL << 20, 16) == 6ULL << 20);
	assert_true(rv_job_size(8ULL << 20, 128) == 65536);
}

/* The PTS variants: Client takes TC 2 / QD 16 for the IOPS-type tests and 75 % of the span,
 * rounded down to the test's largest block (pts-iops: 1024 KiB); Enterprise the catalogue's. */
static void pts_variants(void **state)
{
	struct rv_plan p;
	struct rv_env e;
	struct rv_env_ctx c = ctx;
	struct rv_pts_shape sh;

	(void)state;
	assert_int_equal(build(&p, "pts", "quick", NULL), 0);
	c.pts_variant = pts_variant_info(PTS_ENTERPRISE);
	rv_test_env(find(&p, "pts-iops"), "d", "/f", 128ULL << 20, &c, NULL, &e);
	assert_string_equal(rv_env_get(&e, "SSD_THREADS"), "4");
	assert_string_equal(rv_env_get(&e, "SSD_DEPTH"), "32");
	assert_string_equal(rv_env_get(&e, "SSD_SIZE"), "134217728");
	assert_string_equal(rv_env_get(&e, "SSD_TIME_BASED"), "1");
	assert_string_equal(rv_env_get(&e, "SSD_IO_SIZE"), "134217728");
	/* the quick profile's 300-ms cells reach fio in ms; the least expected time is 5 rounds of
	 * the 56 cells (84 s) and the test's timing once (0.3 s, counted as 1) */
	assert_string_equal(rv_env_get(&e, "SSD_RUNTIME"), "300ms");
	assert_int_equal(find(&p, "pts-iops")->expected_s, 85);
	/* quick WSAT: a round ends once its 4 threads wrote 25 % of the span, the span / 100 in
	 * whole bytes (1,342,177) x 25 = 33,554,425: 8,388,606 each, in whole 64 KiB: 8,323,072
	 * (127 x 64 KiB); 10 s its cap */
	rv_test_env(find(&p, "pts-wsat"), "d", "/f", 128ULL << 20, &c, NULL, &e);
	assert_string_equal(rv_env_get(&e, "SSD_TIME_BASED"), "0");
	assert_string_equal(rv_env_get(&e, "SSD_IO_SIZE"), "8323072");
	assert_string_equal(rv_env_get(&e, "SSD_RUNTIME"), "10");
	c.pts_variant = pts_variant_info(PTS_CLIENT);
	/* 75 % of 100 MiB + 5 bytes = 78,643,203.75 bytes: 75 whole MiB (78,643,200) */
	rv_test_env(find(&p, "pts-iops"), "d", "/f", (100ULL << 20) + 5, &c, NULL, &e);
	assert_string_equal(rv_env_get(&e, "SSD_THREADS"), "2");
	assert_string_equal(rv_env_get(&e, "SSD_DEPTH"), "16");
	assert_string_equal(rv_env_get(&e, "SSD_SIZE"), "78643200");
	/* latency keeps its TC 1 / QD 1; its largest block is 8 KiB: 75 % of 128 MiB is 96 MiB */
	rv_test_env(find(&p, "pts-latency"), "d", "/f", 128ULL << 20, &c, NULL, &e);
	assert_string_equal(rv_env_get(&e, "SSD_THREADS"), "1");
	assert_string_equal(rv_env_get(&e, "SSD_DEPTH"), "1");
	assert_string_equal(rv_env_get(&e, "SSD_SIZE"), "100663296");
	rv_pts_shape(find(&p, "pts-wsat")->ct, c.pts_variant, 128ULL << 20, &sh);
	assert_int_equal(sh.threads, 2);
	assert_int_equal(sh.depth, 16);
	assert_int_equal(sh.active_range_pct, 75);
	rv_pts_shape(find(&p, "pts-wsat")->ct, NULL, 128ULL << 20, &sh);
	assert_int_equal(sh.threads, 4);
	assert_int_equal(sh.active_range_pct, 100);
	assert_true(sh.size == 128ULL << 20);
	rv_plan_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(quick_plan_and_steps), cmocka_unit_test(apps_time_options),
	    cmocka_unit_test(only_and_names),	    cmocka_unit_test(variables),
	    cmocka_unit_test(pts_variants),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
