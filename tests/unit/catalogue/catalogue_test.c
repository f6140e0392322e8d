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
 * after the application workload (the reviews open with it), up to the curves' fill; the curves
 * follow it in the catalogue's order (curves_follow_in_row_order). */
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
};

/* Does entry @e belong to one of the suites "all" includes? */
static bool in_all(const struct catalogue *c, const struct catalogue_entry *e)
{
	const struct catalogue_suite *all = catalogue_suite(c, "all");

	for (size_t s = 0; s < e->nsuites; s++)
		for (size_t k = 0; k < all->nincludes; k++)
			if (!strcmp(e->suites[s], all->includes[k]))
				return true;
	return false;
}

/*
 * The number of tests "all" gives on @profile, counted from the rows themselves rather than
 * written down: a row one test, a T/Q row one per point of the profile's set when the default
 * sweep names its workload, a curve row one per curve point of the profile.
 */
static size_t rows_count(const struct catalogue *c, const char *profile)
{
	const struct catalogue_profile *p = catalogue_profile(c, profile);
	size_t n = 0;

	for (size_t i = 0; i < c->nentries; i++) {
		const struct catalogue_entry *e = &c->entries[i];
		bool swept = false;

		if (!in_all(c, e))
			continue;
		for (size_t w = 0; e->workload && w < c->ndefault_sweep; w++)
			swept |= !strcmp(c->default_sweep[w], e->workload);
		if (e->vary == CATALOGUE_VARY_TQ)
			n += swept ? catalogue_tq_set(c, p->tq_points)->n : 0;
		else if (e->vary == CATALOGUE_VARY_CURVE)
			n += p->ncurve_points;
		else
			n++;
	}
	return n;
}

#define nquick (sizeof(quick_all) / sizeof(quick_all[0]))

/*
 * @t[0..@n) are the curves of @c in the order of its rows: for each flat-out row
 * ("curve-<workload>-max"), that run then its points at @pct (one point: the quick profile's).
 */
static void curves_follow_in_row_order(const struct catalogue *c, const struct catalogue_test *t,
				       size_t n, int pct)
{
	size_t k = 0;
	char id[128];

	for (size_t i = 0; i < c->nentries; i++) {
		const struct catalogue_entry *e = &c->entries[i];

		if (strcmp(e->family->id, "curve") || !e->rate_max)
			continue;
		assert_true(k + 1 < n);
		assert_string_equal(t[k].id, e->id);
		snprintf(id, sizeof(id), "curve-%s-%d", e->workload, pct);
		assert_string_equal(t[k + 1].id, id);
		assert_string_equal(t[k + 1].rate_from, e->id);
		k += 2;
	}
	assert_int_equal(k, n);
}

static void plan_quick_all_is_the_review_order(void **state)
{
	struct catalogue_plan_opts o = {.suite = "all", .profile = "quick"};
	struct catalogue_test *t;
	size_t n;

	(void)state;
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), 0);
	assert_int_equal(n, rows_count(cat, "quick"));
	assert_true(n > nquick);
	for (size_t i = 0; i < nquick; i++)
		assert_string_equal(t[i].id, quick_all[i]);
	curves_follow_in_row_order(cat, t + nquick, n - nquick, 50);
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

/* The number of curves of @c: its flat-out curve rows. */
static size_t curves(const struct catalogue *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nentries; i++)
		n += !strcmp(c->entries[i].family->id, "curve") && c->entries[i].rate_max;
	return n;
}

static void plan_full_all_has_every_point(void **state)
{
	struct catalogue_plan_opts o = {.suite = "all", .profile = "full"};
	struct catalogue_test *t;
	size_t n, scale = 0, curve = 0;

	(void)state;
	assert_int_equal(catalogue_plan(cat, &o, &t, &n, err, sizeof(err)), 0);
	/* the two application workloads, prep 1 + 5 x (precondition, measurement) + 16 T/Q
	 * points + 4 corners + 6 spec + the curves' fill + each curve's max and 12 points (248
	 * with 16 curves, as the bash driver planned), counted from the rows */
	assert_int_equal(n, rows_count(cat, "full"));
	for (size_t i = 0; i < n; i++) {
		scale += !strncmp(t[i].id, "scale-", 6);
		curve += t[i].rate_pct >= 0;
	}
	assert_int_equal(scale, 16);
	assert_int_equal(curve, curves(cat) * 12);
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

/*
 * Does jobfiles/<@e's jobfile> take row parameter @key as the row gives it? The template writes
 * it as ${VAR} (the row must give it), ${?VAR} (a line the driver leaves out when the row does
 * not), a literal (a jobfile not yet a template: it must equal the row's @want) or not at all
 * (the row must not give it: its value would be ignored). @driver: the driver supplies VAR
 * itself (a PTS round's cell, a swept T/Q point), so the row need not. Return: 0, or 1 with the
 * disagreement printed.
 */
static int expect_option(const struct catalogue_entry *e, const char *key, const char *want,
			 const char *var, bool driver)
{
	char got[256], req[64], opt[64];

	snprintf(req, sizeof(req), "${%s}", var);
	snprintf(opt, sizeof(opt), "${?%s}", var);
	if (!job_option(e->jobfile, key, got, sizeof(got))) {
		if (!want || driver)
			return 0;
		print_message("%s: the row gives %s %s, jobfiles/%s has no %s= line\n", e->id, key,
			      want, e->jobfile, key);
		return 1;
	}
	if (!strcmp(got, opt) || (!strcmp(got, req) && (want || driver)) ||
	    (want && !strcmp(got, want)))
		return 0;
	if (!strcmp(got, req))
		print_message("%s: jobfiles/%s takes %s=%s, the row gives no %s\n", e->id,
			      e->jobfile, key, got, key);
	else
		print_message("%s: jobfiles/%s says %s=%s, the row %s\n", e->id, e->jobfile, key,
			      got, want ? want : "nothing");
	return 1;
}

/* Does jobfiles/@jobfile use ${@var} anywhere (a job's name, say)? */
static bool uses_var(const char *jobfile, const char *var)
{
	char path[256], line[512], ref[64];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "jobfiles/%s", jobfile);
	snprintf(ref, sizeof(ref), "${%s}", var);
	f = fopen(path, "r");
	assert_non_null(f);
	while (!found && fgets(line, sizeof(line), f))
		found = line[0] != '#' && strstr(line, ref);
	fclose(f);
	return found;
}

/* Every parameter of @e's jobfile template is supplied by @e, every one @e gives is used.
 * Return: the number of disagreements, each printed. */
static int row_fills_its_jobfile(const struct catalogue_entry *e)
{
	char path[256], mix[16], threads[16], depth[16];
	bool pts = e->pts != NULL; /* a PTS round's cells take rw, bs, rwmixread from the driver */
	int bad = 0;

	snprintf(path, sizeof(path), "jobfiles/%s", e->jobfile);
	if (access(path, R_OK))
		fail_msg("%s: jobfile %s does not exist", e->id, path);
	snprintf(mix, sizeof(mix), "%d", e->rwmix_read);
	snprintf(threads, sizeof(threads), "%d", e->threads);
	snprintf(depth, sizeof(depth), "%d", e->depth);
	bad += expect_option(e, "rw", e->rw, "SSD_RW", pts);
	bad += expect_option(e, "bs", e->bs, "SSD_BS", pts);
	bad += expect_option(e, "bssplit", e->bssplit, "SSD_BSSPLIT", false);
	bad += expect_option(e, "rwmixread", e->rwmix_read >= 0 ? mix : NULL, "SSD_RWMIX", pts);
	bad += expect_option(e, "percentage_random", e->percentage_random, "SSD_PCT_RANDOM", false);
	bad += expect_option(e, "random_distribution", e->random_distribution, "SSD_RANDOM_DIST",
			     false);
	bad += expect_option(e, "percentile_list", e->percentile_list, "SSD_PERCENTILES", false);
	bad += expect_option(e, "numjobs", e->threads ? threads : NULL, "SSD_THREADS", !e->threads);
	bad += expect_option(e, "iodepth", e->depth ? depth : NULL, "SSD_DEPTH", !e->depth);
	if (uses_var(e->jobfile, "SSD_WORKLOAD") && !e->workload) {
		print_message("%s: jobfiles/%s names its job from the row's workload, the row has "
			      "none\n",
			      e->id, e->jobfile);
		bad++;
	}
	return bad;
}

static void jobfiles_take_every_parameter_from_the_row(void **state)
{
	(void)state;
	for (size_t i = 0; i < cat->nentries; i++)
		if (cat->entries[i].tool != CATALOGUE_TOOL_SSD_APPS) /* no jobfile: ssd-apps */
			assert_int_equal(row_fills_its_jobfile(&cat->entries[i]), 0);
}

/* A catalogue made from the real one with one edit: "from" replaced by "to", loaded into @c. */
static int load_edited_into(const char *from, const char *to, struct catalogue **c)
{
	static char tmp[64];
	char *text;
	FILE *f = fopen(CATALOGUE, "r");
	long len;
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
	rc = catalogue_load(tmp, c, err, sizeof(err));
	unlink(tmp);
	return rc;
}

/* The same, the catalogue dropped: only whether it loads. */
static int load_edited(const char *from, const char *to)
{
	struct catalogue *c = NULL;
	int rc = load_edited_into(from, to, &c);

	catalogue_free(c);
	return rc;
}

/*
 * A curve added to the family is its rows only: a SQL Server 70/30 curve (its flat-out run and
 * its points) on the curve-rand template, in a test catalogue. The plan runs it after SQL 80-20
 * with the rows' parameters, and the template takes every one of them from the rows.
 */
static void a_curve_is_its_rows(void **state)
{
	static const char rows[] =
	    "{\"id\": \"curve-sql-7030-max\", \"suites\": [\"curves\"], \"family\": \"curve\", "
	    "\"title\": \"SQL 70-30, flat out\", \"jobfile\": \"curve-rand.fio\", \"workload\": "
	    "\"sql-7030\", \"rw\": \"randrw\", \"bssplit\": \"8k/85:64k/10:128k/5,4k/15:8k/50\", "
	    "\"rwmix_read\": 70, \"percentage_random\": \"90,75\", \"threads\": 32, \"depth\": 1, "
	    "\"region\": \"quarter\", \"rate\": \"max\", \"timing\": \"curve-max\", \"output\": "
	    "\"json\", \"env\": {\"SSD_RATE_IOPS\": \"0\"}},\n"
	    "  {\"id\": \"curve-sql-7030-{pct}\", \"suites\": [\"curves\"], \"family\": "
	    "\"curve\", \"title\": \"SQL 70-30 at {pct}%\", \"jobfile\": \"curve-rand.fio\", "
	    "\"workload\": \"sql-7030\", \"rw\": \"randrw\", \"bssplit\": "
	    "\"8k/85:64k/10:128k/5,4k/15:8k/50\", \"rwmix_read\": 70, \"percentage_random\": "
	    "\"90,75\", \"threads\": 32, \"depth\": 1, \"region\": \"quarter\", \"vary\": "
	    "\"curve_points\", \"rate_from\": \"curve-sql-7030-max\", \"timing\": "
	    "\"curve-point\", \"output\": \"json\"},\n"
	    "  {\"id\": \"curve-oracle-max\"";
	struct catalogue_plan_opts o = {.suite = "curves", .profile = "quick"};
	struct catalogue *c = NULL;
	struct catalogue_test *t, *t0;
	size_t n, n0, at = 0;

	(void)state;
	assert_int_equal(catalogue_plan(cat, &o, &t0, &n0, err, sizeof(err)), 0);
	assert_int_equal(load_edited_into("{\"id\": \"curve-oracle-max\"", rows, &c), 0);
	assert_int_equal(catalogue_plan(c, &o, &t, &n, err, sizeof(err)), 0);
	/* one flat-out run and one point per curve point of the profile (quick: 50 %) */
	assert_int_equal(n, n0 + 2);
	assert_int_equal(rows_count(c, "quick"), rows_count(cat, "quick") + 2);
	while (at < n && strcmp(t[at].id, "curve-sql-7030-max"))
		at++;
	assert_true(at > 0 && at + 1 < n);
	assert_string_equal(t[at - 1].id, "curve-sql-8020-50");
	assert_string_equal(t[at + 1].id, "curve-sql-7030-50");
	assert_string_equal(t[at + 1].rate_from, "curve-sql-7030-max");
	assert_int_equal(t[at + 1].rate_pct, 50);
	assert_int_equal(t[at + 1].threads, 32);
	assert_int_equal(t[at + 1].depth, 1);
	assert_string_equal(t[at + 1].title, "SQL 70-30 at 50%");
	assert_int_equal(t[at + 1].entry->rwmix_read, 70);
	assert_string_equal(t[at + 1].entry->percentage_random, "90,75");
	assert_null(t[at + 1].entry->random_distribution);
	assert_null(t[at + 1].bs);
	/* the flat-out run is matched back to its row, as ssdreport does */
	assert_ptr_equal(catalogue_entry(c, "curve-sql-7030-max"), t[at].entry);
	assert_int_equal(row_fills_its_jobfile(t[at].entry), 0);
	assert_int_equal(row_fills_its_jobfile(t[at + 1].entry), 0);
	catalogue_plan_free(t, n);
	catalogue_plan_free(t0, n0);
	catalogue_free(c);
}

/*
 * An enterprise workload added to the primaries is its rows only: 16K random write's
 * preconditioning, measurement and T/Q points on the precond-rand and measure-rand templates, in
 * a test catalogue. The plan runs precond then measurement before the 128K workloads, the swept
 * points after them, and the templates take every parameter from the rows.
 */
static void a_workload_is_its_rows(void **state)
{
	static const char rows[] =
	    "{\"id\": \"precond-16k-randwrite\", \"suites\": [\"enterprise\"], \"family\": "
	    "\"precondition\", \"title\": \"16K random write preconditioning at 16T/16Q\", "
	    "\"jobfile\": \"precond-rand.fio\", \"workload\": \"16k-randwrite\", \"rw\": "
	    "\"randwrite\", \"bs\": \"16k\", \"threads\": 16, \"depth\": 16, \"timing\": "
	    "\"precondition\", \"output\": \"json\"},\n"
	    "  {\"id\": \"16k-randwrite\", \"suites\": [\"enterprise\"], \"family\": "
	    "\"primary\", \"title\": \"16K random write\", \"jobfile\": \"measure-rand.fio\", "
	    "\"workload\": \"16k-randwrite\", \"rw\": \"randwrite\", \"bs\": \"16k\", "
	    "\"threads\": 16, \"depth\": 16, \"after\": \"precond-16k-randwrite\", "
	    "\"timing\": \"measure\", \"output\": \"json+\"},\n"
	    "  {\"id\": \"scale-16k-randwrite-t{threads}q{depth}\", \"suites\": "
	    "[\"enterprise\"], \"family\": \"scaling\", \"title\": \"16K random write at "
	    "{threads}T/{depth}Q\", \"jobfile\": \"measure-rand.fio\", \"workload\": "
	    "\"16k-randwrite\", \"rw\": \"randwrite\", \"bs\": \"16k\", \"vary\": "
	    "\"tq_points\", \"when\": \"sweep\", \"after\": \"16k-randwrite\", \"timing\": "
	    "\"scale\", \"output\": \"json\"},\n"
	    "  {\"id\": \"precond-128k-seqread\"";
	const char *sweep[] = {"16k-randwrite"};
	struct catalogue_plan_opts o = {
	    .suite = "enterprise", .profile = "quick", .sweep = sweep, .nsweep = 1};
	struct catalogue *c = NULL;
	struct catalogue_test *t;
	size_t n, at = 0;

	(void)state;
	assert_int_equal(load_edited_into("{\"id\": \"precond-128k-seqread\"", rows, &c), 0);
	assert_int_equal(catalogue_plan(c, &o, &t, &n, err, sizeof(err)), 0);
	/* prep + 6 x (precondition, measurement) + the quick diagonal's 4 points */
	assert_int_equal(n, 1 + 12 + 4);
	while (at < n && strcmp(t[at].id, "precond-16k-randwrite"))
		at++;
	assert_true(at + 5 < n);
	assert_string_equal(t[at - 1].id, "8k-7030");
	assert_string_equal(t[at + 1].id, "16k-randwrite");
	assert_string_equal(t[at + 1].after, "precond-16k-randwrite");
	assert_string_equal(t[at + 1].bs, "16k");
	assert_string_equal(t[at + 2].id, "scale-16k-randwrite-t2q2");
	assert_string_equal(t[at + 5].id, "scale-16k-randwrite-t16q16");
	assert_int_equal(t[at + 5].threads, 16);
	assert_string_equal(t[at + 6].id, "precond-128k-seqread");
	for (size_t i = at; i < at + 6; i++)
		assert_int_equal(row_fills_its_jobfile(t[i].entry), 0);
	catalogue_plan_free(t, n);
	catalogue_free(c);
}

/* The check fails a row its template would not take whole: a parameter the template has no line
 * for, or a required one the row does not give. */
static void a_row_the_template_ignores_fails(void **state)
{
	struct catalogue_entry e = {.id = "curve-x-max",
				    .jobfile = "curve-seq.fio",
				    .rw = "write",
				    .bs = "64k",
				    .workload = "x",
				    .rwmix_read = -1,
				    .threads = 8,
				    .depth = 1};

	(void)state;
	assert_int_equal(row_fills_its_jobfile(&e), 0);
	e.bssplit = "64k/50:128k/50"; /* curve-seq has no bssplit= line */
	assert_int_equal(row_fills_its_jobfile(&e), 1);
	e.bssplit = NULL;
	e.bs = NULL; /* curve-seq's bs=${SSD_BS} */
	assert_int_equal(row_fills_its_jobfile(&e), 1);
	e.bs = "64k";
	e.workload = NULL; /* [curve-${SSD_WORKLOAD}] */
	assert_int_equal(row_fills_its_jobfile(&e), 1);
	e.workload = "x";
	e.jobfile = "curve-rand.fio"; /* its optional lines: a row with or without them */
	e.bssplit = "64k/50:128k/50";
	e.random_distribution = "zoned:80/10:20/90";
	assert_int_equal(row_fills_its_jobfile(&e), 0);
	/* a jobfile not a template (the PTS WIPC): its literal bs=128k, numjobs=1 and iodepth=32
	 * are not the row's 64k, 8 and 1, and it has no line for bssplit, random_distribution */
	e.jobfile = "prep-128k-seqfill.fio";
	assert_int_equal(row_fills_its_jobfile(&e), 5);
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
	assert_int_equal(load_edited("\"round_io_pct\": 25", "\"round_io_pct\": 120"), -EINVAL);
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
	    load_edited("\"quick\": {\"runtime_ms\": 300,", "\"quick\": {\"runtime_ms\": 0.3,"),
	    -EINVAL);
	assert_non_null(strstr(err, "\"runtime_ms\" must be an integer"));
	assert_int_equal(load_edited("\"threads\": 128", "\"threads\": \"many\""), -EINVAL);
	assert_non_null(strstr(err, "\"threads\" must be an integer from 1 to 4096"));
	assert_int_equal(load_edited("{\"test\": \"4k-randread\"", "{\"test\": \"4k-randred\""),
			 -EINVAL);
	assert_non_null(strstr(err, "summary[4]: \"test\" names \"4k-randred\""));
	/* an ssd-apps entry takes no fio key, and only the tools there are */
	assert_int_equal(load_edited("\"tool\": \"ssd-apps\"",
				     "\"tool\": \"ssd-apps\", \"jobfile\": \"measure-rand.fio\""),
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
	    cmocka_unit_test(jobfiles_take_every_parameter_from_the_row),
	    cmocka_unit_test(bad_catalogues_name_the_field),
	    cmocka_unit_test(a_curve_is_its_rows),
	    cmocka_unit_test(a_workload_is_its_rows),
	    cmocka_unit_test(a_row_the_template_ignores_fails),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
