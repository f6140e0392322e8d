// SPDX-License-Identifier: GPL-2.0-only
/*
 * catalogue_test.c - jobfiles/catalogue.json: the plans it gives (checked against the ids the
 * earlier bash driver planned for the same suite and profile), ids matched back to entries,
 * options, the jobfiles agreeing with their entries, and bad catalogues refused naming the field.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "catalogue/catalogue.h"

#define CATALOGUE "jobfiles/catalogue.json"

static struct catalogue *cat;
static char err[512];

static int setup(void **state)
{
	(void)state;
	return catalogue_load(CATALOGUE, &cat, err, sizeof(err));
}

static int teardown(void **state)
{
	(void)state;
	catalogue_free(cat);
	return 0;
}

/* `scripts/ssd-review --dry-run --profile quick --suite all` of the bash driver, in its order,
 * after the application workload (the reviews open with it). */
static const char *const quick_all[] = {
    "apps-oltp",
    "apps-tpcc",
    "prep-128k-seqfill",
    "precond-4k-randwrite",
    "4k-randwrite",
    "precond-4k-randread",
    "4k-randread",
    "precond-8k-7030",
    "8k-7030",
    "scale-8k-7030-t2q2",
    "scale-8k-7030-t4q4",
    "scale-8k-7030-t8q8",
    "scale-8k-7030-t16q16",
    "precond-128k-seqread",
    "128k-seqread",
    "precond-128k-seqwrite",
    "128k-seqwrite",
    "fc-4k-randread",
    "fc-4k-randwrite",
    "fc-64k-read",
    "fc-64k-write",
    "spec-128k-seqread",
    "spec-128k-seqwrite",
    "spec-4k-randread",
    "spec-4k-randwrite",
    "spec-4k-randrw-9010",
    "spec-4k-randread-qd1",
    "prep-curve-fill",
    "curve-4k-randread-max",
    "curve-4k-randread-50",
    "curve-4k-randwrite-max",
    "curve-4k-randwrite-50",
    "curve-64k-seqread-max",
    "curve-64k-seqread-50",
    "curve-64k-seqwrite-max",
    "curve-64k-seqwrite-50",
    "curve-sql-max",
    "curve-sql-50",
    "curve-sql-9010-max",
    "curve-sql-9010-50",
    "curve-sql-8020-max",
    "curve-sql-8020-50",
    "curve-oracle-max",
    "curve-oracle-50",
    "curve-oracle-9010-max",
    "curve-oracle-9010-50",
    "curve-oracle-8020-max",
    "curve-oracle-8020-50",
    "curve-vdi-fc-boot-max",
    "curve-vdi-fc-boot-50",
    "curve-vdi-fc-login-max",
    "curve-vdi-fc-login-50",
    "curve-vdi-fc-monday-max",
    "curve-vdi-fc-monday-50",
    "curve-vdi-lc-boot-max",
    "curve-vdi-lc-boot-50",
    "curve-vdi-lc-login-max",
    "curve-vdi-lc-login-50",
    "curve-vdi-lc-monday-max",
    "curve-vdi-lc-monday-50",
};

static void plan_quick_all_is_the_review_order(void **state)
{
	struct catalogue_plan_opts o = {.suite = "all", .profile = "quick"};
	struct catalogue_test *t;
	size_t n;

	(void)state;
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), 0);
	assert_int_equal(n, sizeof(quick_all) / sizeof(quick_all[0]));
	for (size_t i = 0; i < n; i++)
		assert_string_equal(t[i].id, quick_all[i]);
	/* 8k-7030 follows its preconditioning; the sweep follows 8k-7030, in one step */
	assert_string_equal(t[8].after, "precond-8k-7030");
	assert_int_equal(t[8].step, t[7].step);
	assert_string_equal(t[12].id, "scale-8k-7030-t16q16");
	assert_int_equal(t[12].step, t[7].step);
	assert_int_equal(t[12].threads, 16);
	assert_int_equal(t[12].depth, 16);
	assert_string_equal(t[12].title, "8K 70/30 at 16T/16Q");
	assert_true(t[13].step != t[12].step);
	/* the apps test runs ssd-apps: no jobfile, its timing the warm-up and measured time */
	assert_int_equal(t[0].entry->tool, CATALOGUE_TOOL_SSD_APPS);
	assert_null(t[0].entry->jobfile);
	assert_string_equal(t[0].entry->family->id, "apps");
	assert_int_equal(t[0].timing->ramp_s, 5);
	assert_int_equal(t[0].timing->runtime_ms, 20 * 1000);
	assert_int_equal(t[0].timing->setup_s, 70);
	assert_string_equal(t[0].entry->apps_workload, "oltp");
	/* then the TPC-C-like one, ssd-apps too, with its own timing */
	assert_string_equal(t[1].entry->apps_workload, "tpcc");
	assert_int_equal(t[1].entry->tool, CATALOGUE_TOOL_SSD_APPS);
	assert_int_equal(t[1].timing->ramp_s, 5);
	assert_int_equal(t[1].timing->runtime_ms, 20 * 1000);
	assert_int_equal(t[1].timing->setup_s, 110);
	assert_true(t[0].step != t[1].step && t[1].step != t[2].step);
	assert_int_equal(t[2].entry->tool, CATALOGUE_TOOL_FIO);
	/* quick timings: 2 s measurement, preconditioning with fio's steady-state detector */
	assert_int_equal(t[8].timing->runtime_ms, 2 * 1000);
	assert_string_equal(t[7].timing->ss, "iops:10%");
	/* a curve point takes its rate from the flat-out run of its own profile */
	assert_string_equal(t[29].id, "curve-4k-randread-50");
	assert_string_equal(t[29].rate_from, "curve-4k-randread-max");
	assert_int_equal(t[29].rate_pct, 50);
	assert_int_equal(t[29].threads, 128);
	assert_true(t[29].entry->region_quarter);
	assert_true(t[28].entry->rate_max);
	assert_string_equal(t[17].title, "4K random read");
	assert_string_equal(t[19].title, "64K sequential read");
	catalogue_plan_free(t, n);
}

static void plan_full_all_has_every_point(void **state)
{
	struct catalogue_plan_opts o = {.suite = "all", .profile = "full"};
	struct catalogue_test *t;
	size_t n, scale = 0, curve = 0;

	(void)state;
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), 0);
	/* prep 1 + 5 x (precondition, measurement) + 16 T/Q points + 4 corners + 6 spec + the
	 * curves' fill + 16 profiles x (max + 12 points): 246, as the bash driver planned; and
	 * the two application workloads first */
	assert_int_equal(n, 248);
	for (size_t i = 0; i < n; i++) {
		scale += !strncmp(t[i].id, "scale-", 6);
		curve += t[i].rate_pct >= 0;
	}
	assert_int_equal(scale, 16);
	assert_int_equal(curve, 16 * 12);
	assert_string_equal(t[9].id, "scale-8k-7030-t2q2");
	assert_string_equal(t[10].id, "scale-8k-7030-t2q4");
	assert_int_equal(t[3].timing->runtime_ms, 21600 * 1000);
	assert_string_equal(t[0].id, "apps-oltp");
	assert_int_equal(t[0].timing->ramp_s, 7200);
	assert_int_equal(t[0].timing->runtime_ms, 3600 * 1000);
	/* the TPC-C-like workload as the reviews ran it: 2.5 h warm-up, 30 min measured */
	assert_string_equal(t[1].id, "apps-tpcc");
	assert_int_equal(t[1].timing->ramp_s, 9000);
	assert_int_equal(t[1].timing->runtime_ms, 1800 * 1000);
	catalogue_plan_free(t, n);
}

static void plan_options(void **state)
{
	const char *sweep[] = {"4k-randread", "128k-seqwrite"};
	const int pts[] = {20, 110};
	struct catalogue_plan_opts o = {.suite = "enterprise",
					.profile = "quick",
					.sweep = sweep,
					.nsweep = 2,
					.tq_points = "all"};
	struct catalogue_test *t;
	size_t n;

	(void)state;
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), 0);
	/* prep + 5 x 2 + 2 workloads x 16 points */
	assert_int_equal(n, 1 + 10 + 32);
	assert_string_equal(t[5].id, "scale-4k-randread-t2q2");
	assert_string_equal(t[n - 1].id, "scale-128k-seqwrite-t16q16");
	catalogue_plan_free(t, n);

	o = (struct catalogue_plan_opts){
	    .suite = "four-corners", .profile = "full", .fc_rand_bs = "8k", .fc_seq_bs = "128k"};
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 5);
	assert_string_equal(t[1].id, "fc-8k-randread");
	assert_string_equal(t[1].title, "8K random read");
	assert_string_equal(t[1].bs, "8k");
	assert_string_equal(t[4].id, "fc-128k-write");
	assert_int_equal(t[4].threads, 1);
	assert_int_equal(t[4].depth, 64);
	catalogue_plan_free(t, n);

	o = (struct catalogue_plan_opts){
	    .suite = "curves", .profile = "quick", .curve_points = pts, .ncurve_points = 2};
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1 + 16 * 3);
	assert_string_equal(t[3].id, "curve-4k-randread-110");
	catalogue_plan_free(t, n);
}

static void plan_refuses_bad_options(void **state)
{
	const char *sweep[] = {"9k-bogus"};
	const int pts[] = {0};
	struct catalogue_plan_opts o = {.suite = "vdbench", .profile = "quick"};
	struct catalogue_test *t;
	size_t n;

	(void)state;
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), -EINVAL);
	assert_non_null(
	    strstr(err, "suite \"vdbench\" is not one of apps, enterprise, four-corners"));
	o = (struct catalogue_plan_opts){.suite = "all", .profile = "slow"};
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "profile \"slow\""));
	o = (struct catalogue_plan_opts){
	    .suite = "enterprise", .profile = "quick", .sweep = sweep, .nsweep = 1};
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "sweep workload \"9k-bogus\" is not one of 4k-randwrite, "
				    "4k-randread, 8k-7030, 128k-seqread, 128k-seqwrite"));
	o = (struct catalogue_plan_opts){.suite = "all", .profile = "quick", .fc_rand_bs = "8x"};
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "block size \"8x\" of test \"fc-{bs}-randread\""));
	o = (struct catalogue_plan_opts){
	    .suite = "curves", .profile = "quick", .curve_points = pts, .ncurve_points = 1};
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), -EINVAL);
	o = (struct catalogue_plan_opts){.suite = "all", .profile = "quick", .tq_points = "some"};
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "\"some\": expected all or diagonal"));
}

static void match_ids_to_entries(void **state)
{
	struct catalogue_binding b;
	const struct catalogue_entry *e;

	(void)state;
	e = catalogue_match(cat, "scale-8k-7030-t4q16", &b);
	assert_non_null(e);
	assert_string_equal(e->id, "scale-8k-7030-t{threads}q{depth}");
	assert_string_equal(e->family->id, "scaling");
	assert_int_equal(b.threads, 4);
	assert_int_equal(b.depth, 16);
	e = catalogue_match(cat, "fc-8k-randread", &b);
	assert_non_null(e);
	assert_string_equal(e->id, "fc-{bs}-randread");
	assert_string_equal(b.bs, "8k");
	e = catalogue_match(cat, "curve-sql-9010-110", &b);
	assert_non_null(e);
	assert_string_equal(e->id, "curve-sql-9010-{pct}");
	assert_int_equal(b.pct, 110);
	e = catalogue_match(cat, "curve-sql-max", &b);
	assert_non_null(e);
	assert_true(e->rate_max);
	assert_string_equal(e->workload, "sql");
	e = catalogue_match(cat, "8k-7030", &b);
	assert_string_equal(e->family->id, "primary");
	assert_int_equal(e->rwmix_read, 70);
	assert_null(catalogue_match(cat, "scale-8k-7030-t4q", &b));
	assert_null(catalogue_match(cat, "fc-8-randread", &b));
	assert_null(catalogue_match(cat, "my-own-test", &b));
	assert_null(catalogue_match(cat, "8k-7030-old", &b));
}

static void expand_templates(void **state)
{
	struct catalogue_binding b = {.threads = 8, .depth = 2, .pct = -1, .bs = "64k"};
	char out[64];

	(void)state;
	assert_int_equal(
	    catalogue_expand("{BS} sequential read at {threads}T/{depth}Q", &b, out, sizeof(out)),
	    0);
	assert_string_equal(out, "64K sequential read at 8T/2Q");
	assert_int_equal(catalogue_expand("at {pct}%", &b, out, sizeof(out)), -EINVAL);
	assert_int_equal(catalogue_expand("fc-{bs}-read-with-a-very-long-name", &b, out, 16),
			 -ENAMETOOLONG);
}

/* The value of @key= in the job section (after the last "[...]" line) of a jobfile, or NULL. */
static char *job_option(const char *jobfile, const char *key, char *val, size_t len)
{
	char path[256], line[512];
	FILE *f;
	bool in_job = false;
	char *found = NULL;

	snprintf(path, sizeof(path), "jobfiles/%s", jobfile);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '[')
			in_job = strcmp(line, "[global]") != 0;
		if (in_job && !strncmp(line, key, strlen(key)) && line[strlen(key)] == '=') {
			snprintf(val, len, "%s", line + strlen(key) + 1);
			found = val;
		}
	}
	fclose(f);
	return found;
}

static void expect_option(const struct catalogue_entry *e, const char *key, const char *want,
			  const char *var)
{
	char got[256];

	if (!job_option(e->jobfile, key, got, sizeof(got))) {
		if (want)
			fail_msg("%s: %s= missing in jobfiles/%s (catalogue: %s)", e->id, key,
				 e->jobfile, want);
		return;
	}
	if (want && !strcmp(got, want))
		return;
	if (var && !strcmp(got, var))
		return;
	fail_msg("%s: jobfiles/%s says %s=%s, the catalogue %s", e->id, e->jobfile, key, got,
		 want ? want : "nothing");
}

static void jobfiles_agree_with_the_catalogue(void **state)
{
	(void)state;
	for (size_t i = 0; i < cat->nentries; i++) {
		const struct catalogue_entry *e = &cat->entries[i];
		char num[16], path[256];

		if (e->tool == CATALOGUE_TOOL_SSD_APPS) /* no jobfile: ssd-apps runs it */
			continue;
		snprintf(path, sizeof(path), "jobfiles/%s", e->jobfile);
		if (access(path, R_OK))
			fail_msg("%s: jobfile %s does not exist", e->id, path);
		/* a PTS round's cells take rw, bs and rwmixread from the driver */
		expect_option(e, "rw", e->pts ? NULL : e->rw, "${SSD_RW}");
		expect_option(e, "bs", e->bs && e->bs[0] != '{' && !e->pts ? e->bs : NULL,
			      "${SSD_BS}");
		expect_option(e, "bssplit", e->bssplit, NULL);
		snprintf(num, sizeof(num), "%d", e->rwmix_read);
		expect_option(e, "rwmixread", e->rwmix_read >= 0 ? num : NULL,
			      e->pts ? "${SSD_RWMIX}" : NULL);
		snprintf(num, sizeof(num), "%d", e->threads);
		expect_option(e, "numjobs", e->threads ? num : NULL, "${SSD_THREADS}");
		snprintf(num, sizeof(num), "%d", e->depth);
		expect_option(e, "iodepth", e->depth ? num : NULL, "${SSD_DEPTH}");
	}
}

/* A catalogue made from the real one with one edit: "from" replaced by "to". */
static int load_edited(const char *from, const char *to)
{
	static char tmp[64];
	char *text;
	FILE *f = fopen(CATALOGUE, "r");
	long len;
	struct catalogue *c = NULL;
	char *at;
	int rc;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = calloc(1, len + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, len, f), len);
	fclose(f);
	at = strstr(text, from);
	assert_non_null(at);
	snprintf(tmp, sizeof(tmp), "/tmp/catalogue_test.XXXXXX");
	assert_true(mkstemp(tmp) >= 0);
	f = fopen(tmp, "w");
	fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	fclose(f);
	free(text);
	rc = catalogue_load(tmp, &c, err, sizeof(err));
	catalogue_free(c);
	unlink(tmp);
	return rc;
}

static void bad_catalogues_name_the_field(void **state)
{
	struct catalogue *c = NULL;

	(void)state;
	assert_int_equal(catalogue_load("/nonexistent/catalogue.json", &c, err, sizeof(err)),
			 -ENOENT);
	assert_null(c);
	assert_int_equal(load_edited("\"family\": \"prep\"", "\"family\": \"warmup\""), -EINVAL);
	assert_non_null(strstr(err, "tests[2] \"prep-128k-seqfill\": \"family\" is \"warmup\""));
	assert_int_equal(load_edited("\"after\": \"precond-8k-7030\"", "\"after\": \"8k-7030\""),
			 -EINVAL);
	assert_non_null(strstr(err, "\"after\" names \"8k-7030\", not an earlier test"));
	assert_int_equal(
	    load_edited("scale-8k-7030-t{threads}q{depth}", "scale-8k-7030-t{threads}"), -EINVAL);
	assert_non_null(strstr(err, "placeholders do not match \"vary\""));
	assert_int_equal(load_edited("\"id\": \"4k-randread\"", "\"id\": \"4k-randwrite\""),
			 -EINVAL);
	assert_non_null(strstr(err, "the id is used twice"));
	assert_int_equal(load_edited("ssdeng.catalogue.v1", "ssdeng.catalogue.v0"), -EINVAL);
	assert_non_null(strstr(err, "not a test catalogue of this version"));
	assert_int_equal(load_edited("\"timing\": \"qos\"", "\"timing\": \"forever\""), -EINVAL);
	assert_non_null(strstr(err, "\"timing\" is \"forever\""));
	assert_int_equal(load_edited("\"round_io_pct\": 12", "\"round_io_pct\": 120"), -EINVAL);
	assert_non_null(strstr(err, "\"round_io_pct\" is 120; expected 0 to 100"));
	assert_int_equal(load_edited("\"runtime_s\": 10, \"ramp_s\": 0, \"round_io_pct\"",
				     "\"runtime_s\": 0, \"ramp_s\": 0, \"round_io_pct\""),
			 -EINVAL);
	assert_non_null(strstr(err, "\"round_io_pct\" needs a \"runtime_s\" cap"));
	assert_int_equal(
	    load_edited("\"runtime_s\": 60, \"ramp_s\": 0}, \"quick\": {\"runtime_ms\"",
			"\"runtime_s\": 60, \"runtime_ms\": 60000, \"ramp_s\": 0}, "
			"\"quick\": {\"runtime_ms\""),
	    -EINVAL);
	assert_non_null(strstr(err, "give \"runtime_s\" or \"runtime_ms\", not both"));
	assert_int_equal(
	    load_edited("\"quick\": {\"runtime_ms\": 500,", "\"quick\": {\"runtime_ms\": 0.5,"),
	    -EINVAL);
	assert_non_null(strstr(err, "\"runtime_ms\" must be an integer"));
	assert_int_equal(load_edited("\"threads\": 128", "\"threads\": \"many\""), -EINVAL);
	assert_non_null(strstr(err, "\"threads\" must be an integer from 1 to 4096"));
	assert_int_equal(load_edited("{\"test\": \"4k-randread\"", "{\"test\": \"4k-randred\""),
			 -EINVAL);
	assert_non_null(strstr(err, "summary[4]: \"test\" names \"4k-randred\""));
	/* an ssd-apps entry takes no fio key, and only the tools there are */
	assert_int_equal(load_edited("\"tool\": \"ssd-apps\"",
				     "\"tool\": \"ssd-apps\", \"jobfile\": \"4k-randread.fio\""),
			 -EINVAL);
	assert_non_null(strstr(err, "tests[0] \"apps-oltp\": \"jobfile\" is a fio key; a \"tool\": "
				    "\"ssd-apps\" test has none"));
	assert_int_equal(load_edited("\"tool\": \"ssd-apps\"", "\"tool\": \"hammerdb\""), -EINVAL);
	assert_non_null(strstr(err, "\"tool\" is \"hammerdb\"; expected fio or ssd-apps"));
	/* an ssd-apps entry's workload is one ssd-apps has */
	assert_int_equal(load_edited("\"apps_workload\": \"tpcc\"", "\"apps_workload\": \"tpch\""),
			 -EINVAL);
	assert_non_null(strstr(err, "tests[1] \"apps-tpcc\": \"apps_workload\" is \"tpch\"; "
				    "expected oltp or tpcc"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(plan_quick_all_is_the_review_order),
	    cmocka_unit_test(plan_full_all_has_every_point),
	    cmocka_unit_test(plan_options),
	    cmocka_unit_test(plan_refuses_bad_options),
	    cmocka_unit_test(match_ids_to_entries),
	    cmocka_unit_test(expand_templates),
	    cmocka_unit_test(jobfiles_agree_with_the_catalogue),
	    cmocka_unit_test(bad_catalogues_name_the_field),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
