// SPDX-License-Identifier: GPL-2.0-only
/*
 * options_test.c - driver/cli/options.c: ssd-review's command line, its defaults, both option
 * forms, and every rule between options with the message that names the option.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cli/options.h"

static char err[1024];

/* Parse a NULL-terminated argument list after the program name. */
static int parse(struct rv_opts *o, ...)
{
	char *argv[64] = {"ssd-review"};
	int argc = 1, r;
	va_list ap;

	va_start(ap, o);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	err[0] = '\0';
	r = rv_opts_parse(argc, argv, o, err, sizeof(err));
	return r;
}

/* The parse fails with -EINVAL and a message holding @want. */
#define REFUSED(want, ...)                                                                         \
	do {                                                                                       \
		struct rv_opts o_;                                                                 \
		assert_int_equal(parse(&o_, __VA_ARGS__, NULL), -EINVAL);                          \
		if (!strstr(err, want))                                                            \
			fail_msg("message \"%s\" lacks \"%s\"", err, want);                        \
		rv_opts_free(&o_);                                                                 \
	} while (0)

static void pts_variant(void **state)
{
	struct rv_opts o;

	(void)state;
	assert_int_equal(parse(&o, "--drive", "a=/tmp/a.img", NULL), 0);
	assert_int_equal(o.pts_variant, 0); /* PTS_ENTERPRISE */
	assert_false(o.pts_variant_given);
	rv_opts_free(&o);
	assert_int_equal(parse(&o, "--drive", "a=/tmp/a.img", "--pts-variant=client", NULL), 0);
	assert_int_equal(o.pts_variant, 1); /* PTS_CLIENT */
	assert_true(o.pts_variant_given);
	rv_opts_free(&o);
	REFUSED("--pts-variant 'consumer': expected enterprise or client", "--drive",
		"a=/tmp/a.img", "--pts-variant", "consumer");
}

static void defaults_and_forms(void **state)
{
	struct rv_opts o;

	(void)state;
	assert_int_equal(parse(&o, "--drive", "a=/tmp/a.img", NULL), 0);
	assert_string_equal(o.suite, "all");
	assert_string_equal(o.profile, "full");
	assert_string_equal(o.engine, "ssdeng");
	assert_string_equal(o.out, "results");
	assert_string_equal(o.clients_label, "clients");
	assert_false(o.out_given);
	assert_null(o.engine_opt);
	assert_int_equal(o.argv.n, 3);
	rv_opts_free(&o);

	assert_int_equal(parse(&o, "--drive=a=/x", "--suite=spec", "--profile", "quick", "--out=/r",
			       "--engine-opt", "transport=block", "--only",
			       "fc-4k-randread,spec-4k-randread", "--sweep", "4k-randread,8k-7030",
			       "--fc-seq-bs", "128K", "--curve-points", "50,100,120", "--span",
			       "1G", "--tq-points=all", "--yes", "--no-report", NULL),
			 0);
	assert_string_equal(o.drives.v[0], "a=/x");
	assert_string_equal(o.suite, "spec");
	assert_string_equal(o.profile, "quick");
	assert_string_equal(o.out, "/r");
	assert_true(o.out_given);
	assert_string_equal(o.engine_opt, "transport=block");
	assert_int_equal(o.only.n, 2);
	assert_string_equal(o.only.v[1], "spec-4k-randread");
	assert_int_equal(o.sweep.n, 2);
	assert_string_equal(o.fc_seq_bs, "128k");
	assert_int_equal(o.ncurve_points, 3);
	assert_int_equal(o.curve_points[2], 120);
	assert_int_equal(o.span, 1ULL << 30);
	assert_string_equal(o.tq_points, "all");
	assert_true(o.yes && o.no_report);
	rv_opts_free(&o);

	assert_int_equal(parse(&o, "--drive", "a=/x", "-h", "--bogus", NULL), 0);
	assert_true(o.help);
	rv_opts_free(&o);
}

static void single_option_values(void **state)
{
	(void)state;
	REFUSED("unknown option '--bogus' (see --help)", "--drive", "a=/x", "--bogus");
	REFUSED("unknown option '--yes=1'", "--drive", "a=/x", "--yes=1");
	REFUSED("option --suite needs a value", "--drive", "a=/x", "--suite");
	REFUSED("option --out needs a value", "--drive", "a=/x", "--out=");
	REFUSED("--engine: 'fiber' is not one of ssdeng, io_uring_cmd, sg, libaio", "--drive",
		"a=/x", "--engine", "fiber");
	REFUSED("--engine-opt 'transport = auto': expected one OPTION=VALUE", "--drive", "a=/x",
		"--engine-opt", "transport = auto");
	REFUSED("--engine-opt 'Transport=auto'", "--drive", "a=/x", "--engine-opt",
		"Transport=auto");
	REFUSED("four-corners block size '64': expected a number with k or m", "--drive", "a=/x",
		"--fc-seq-bs", "64");
	REFUSED("--curve-points '50,,100': expected percentages", "--drive", "a=/x",
		"--curve-points", "50,,100");
	REFUSED("--curve-points '50,'", "--drive", "a=/x", "--curve-points", "50,");
	REFUSED("--tq-points 'some': expected all or diagonal", "--drive", "a=/x", "--tq-points",
		"some");
	REFUSED("--span '12Q': expected a size such as 128M or 1G", "--drive", "a=/x", "--span",
		"12Q");
	REFUSED("--span '8M': at least 16 MiB is needed", "--drive", "a=/x", "--span", "8M");
}

static void rules_between_options(void **state)
{
	struct rv_opts o;

	(void)state;
	REFUSED("no drive: give --drive LABEL=DEV", "--profile", "quick");
	REFUSED("--client cannot be mixed with --drive or --group", "--client", "h:1=a:/dev/x",
		"--drive", "x=/tmp/f");
	REFUSED("--purge works on a local drive only", "--client", "h=a:/dev/x", "--purge",
		"format", "--confirm", "S");
	REFUSED("--purge takes exactly one --drive, not a --group", "--group", "g=/a,/b", "--purge",
		"format", "--confirm", "S");
	REFUSED("--purge METHOD needs --confirm SERIAL", "--drive", "a=/x", "--purge", "format");
	REFUSED("--purge takes exactly one --drive (the serial", "--drive", "a=/x", "--drive",
		"b=/y", "--purge", "format", "--confirm", "S");
	REFUSED("--resume and --overwrite exclude each other", "--drive", "a=/x", "--resume",
		"--overwrite");
	REFUSED("--status DIR takes no other option", "--status", "/r", "--drive", "a=/x");
	REFUSED("--resume without a drive takes the whole run from the manifest", "--resume",
		"--out", "/r", "--profile", "quick");
	/* --resume --out DIR alone is the manifest's run; so is --status DIR alone */
	assert_int_equal(parse(&o, "--resume", "--out", "/r", "--no-report", "--yes", NULL), 0);
	assert_true(o.resume && o.no_report && o.yes);
	rv_opts_free(&o);
	assert_int_equal(parse(&o, "--status", "/r", NULL), 0);
	assert_string_equal(o.status_dir, "/r");
	rv_opts_free(&o);
}

/* The apps suite's sizes and durations: not given is -1 (ssd-apps's profile decides), given is
 * the number, out of ssd-apps's ranges is refused naming the option. */
static void apps_options(void **state)
{
	struct rv_opts o;

	(void)state;
	assert_int_equal(parse(&o, "--drive", "a=/tmp/a.img", NULL), 0);
	assert_true(o.apps.instances == -1 && o.apps.tables == -1 && o.apps.table_size == -1 &&
		    o.apps.threads == -1 && o.apps.warmup_s == -1 && o.apps.time_s == -1);
	rv_opts_free(&o);
	assert_int_equal(parse(&o, "--drive", "a=/tmp/a.img", "--apps-instances", "4",
			       "--apps-tables=100", "--apps-table-size", "10000000",
			       "--apps-threads", "32", "--apps-warmup", "0", "--apps-time", "3600",
			       NULL),
			 0);
	assert_int_equal(o.apps.instances, 4);
	assert_int_equal(o.apps.tables, 100);
	assert_int_equal(o.apps.table_size, 10000000);
	assert_int_equal(o.apps.threads, 32);
	assert_int_equal(o.apps.warmup_s, 0);
	assert_int_equal(o.apps.time_s, 3600);
	rv_opts_free(&o);
	REFUSED("--apps-instances '17': expected a whole number from 1 to 16", "--drive",
		"a=/tmp/a.img", "--apps-instances", "17");
	REFUSED("--apps-time '0': expected a whole number from 1 to 2592000", "--drive",
		"a=/tmp/a.img", "--apps-time", "0");
	REFUSED("--apps-threads '4x'", "--drive", "a=/tmp/a.img", "--apps-threads", "4x");
	REFUSED("--apps-table-size '-5'", "--drive", "a=/tmp/a.img", "--apps-table-size", "-5");
}

static void labels(void **state)
{
	(void)state;
	assert_true(rv_check_label("nvme0"));
	assert_true(rv_check_label("a.b_c-d"));
	assert_true(rv_check_label("0"));
	assert_false(rv_check_label(""));
	assert_false(rv_check_label(".hidden"));
	assert_false(rv_check_label("-x"));
	assert_false(rv_check_label("_x"));
	assert_false(rv_check_label("a/b"));
	assert_false(rv_check_label("a b"));
	assert_false(rv_check_label("report"));
	assert_false(rv_check_label(".."));
	assert_false(
	    rv_check_label("a234567890123456789012345678901234567890123456789012345678901234"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(defaults_and_forms),    cmocka_unit_test(single_option_values),
	    cmocka_unit_test(rules_between_options), cmocka_unit_test(labels),
	    cmocka_unit_test(apps_options),	     cmocka_unit_test(pts_variant),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
