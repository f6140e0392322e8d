// SPDX-License-Identifier: GPL-2.0-only
/*
 * log_dir_test.c - a folder's fio logs listed once (parse/log_dir.h), on the real stonewalled
 * fio 3.33 run of fixtures/series/stonewall: its 14 logs (sw_bw.1..7.log, sw_iops.1..7.log)
 * beside sw.json and sw.fio, which are no logs; each log's kind and job number as its name
 * says; a folder without logs (the demo drive's, whose logs are in logs/) and a missing folder.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "parse/log_dir.h"

#define FIX "tests/unit/reporter/fixtures/series/"

static void test_stonewall(void **state)
{
	struct sr_log_dir l;
	unsigned iops = 0, bw = 0, jobs = 0; /* jobs: bit N set for job N's iops log */

	(void)state;
	assert_int_equal(sr_log_dir_list(FIX "stonewall", &l), 0);
	assert_int_equal(l.n, 14);
	for (size_t i = 0; i < l.n; i++) {
		char want[64];
		const char *kind = l.e[i].ln.kind == SR_LOG_IOPS ? "iops" : "bw";

		assert_true(l.e[i].ln.kind == SR_LOG_IOPS || l.e[i].ln.kind == SR_LOG_BW);
		assert_in_range(l.e[i].ln.job, 1, 7);
		assert_int_equal(l.e[i].ln.stem_len, 2); /* "sw" */
		snprintf(want, sizeof(want), "sw_%s.%d.log", kind, l.e[i].ln.job);
		assert_string_equal(l.e[i].name, want);
		if (l.e[i].ln.kind == SR_LOG_IOPS) {
			iops++;
			jobs |= 1u << l.e[i].ln.job;
		} else {
			bw++;
		}
	}
	assert_int_equal(iops, 7);
	assert_int_equal(bw, 7);
	assert_int_equal(jobs, 0xfe); /* jobs 1..7, each once */
	sr_log_dir_free(&l);
	assert_int_equal(l.n, 0);
	assert_null(l.e);
}

static void test_no_logs(void **state)
{
	struct sr_log_dir l;

	(void)state;
	/* the demo drive's folder holds its JSON and logs/, no log */
	assert_int_equal(sr_log_dir_list(FIX "demo-sas-bw", &l), 0);
	assert_int_equal(l.n, 0);
	sr_log_dir_free(&l);
	assert_int_equal(sr_log_dir_list(FIX "demo-sas-bw/logs", &l), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.e[0].name, "prep-128k-seqfill_bw.1.log");
	assert_int_equal(l.e[0].ln.kind, SR_LOG_BW);
	assert_int_equal(l.e[0].ln.stem_len, strlen("prep-128k-seqfill"));
	sr_log_dir_free(&l);
	assert_int_equal(sr_log_dir_list(FIX "no-such-folder", &l), 0);
	assert_int_equal(l.n, 0);
	sr_log_dir_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_stonewall),
	    cmocka_unit_test(test_no_logs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
