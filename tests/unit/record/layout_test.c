// SPDX-License-Identifier: GPL-2.0-only
/*
 * layout_test.c - record/layout.c: every path of the results directory as docs/results-format.md
 * lays it out, a path that does not fit refused, and the names of a drive folder told apart.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "record/layout.h"

static void paths(void **state)
{
	char p[256], q[16];

	(void)state;
	assert_int_equal(rec_path_status(p, sizeof(p), "/r"), 0);
	assert_string_equal(p, "/r/status.json");
	assert_int_equal(rec_path_catalogue(p, sizeof(p), "/r"), 0);
	assert_string_equal(p, "/r/catalogue.json");
	assert_int_equal(rec_path_drive_dir(p, sizeof(p), "/r", "nvme0"), 0);
	assert_string_equal(p, "/r/nvme0");
	assert_int_equal(rec_path_run(p, sizeof(p), "/r/nvme0"), 0);
	assert_string_equal(p, "/r/nvme0/run.json");
	assert_int_equal(rec_path_drive(p, sizeof(p), "/r/g", NULL), 0);
	assert_string_equal(p, "/r/g/drive.json");
	assert_int_equal(rec_path_drive(p, sizeof(p), "/r/g", "d1"), 0);
	assert_string_equal(p, "/r/g/drive-d1.json");
	assert_int_equal(rec_path_result(p, sizeof(p), "/r/a", "fc-4k-randread", REC_RESULT_DONE),
			 0);
	assert_string_equal(p, "/r/a/fc-4k-randread.json");
	assert_int_equal(rec_path_result(p, sizeof(p), "/r/a", "x", REC_RESULT_PARTIAL), 0);
	assert_string_equal(p, "/r/a/x.json.partial");
	assert_int_equal(rec_path_result(p, sizeof(p), "/r/a", "x", REC_RESULT_FAILED), 0);
	assert_string_equal(p, "/r/a/x.json.failed");
	assert_int_equal(
	    rec_path_result_of(p, sizeof(p), "/r/a/t/iops-round-01.json", REC_RESULT_PARTIAL), 0);
	assert_string_equal(p, "/r/a/t/iops-round-01.json.partial");
	assert_int_equal(rec_path_logs(p, sizeof(p), "out/a"), 0);
	assert_string_equal(p, "out/a/logs");
	assert_int_equal(rec_path_log(p, sizeof(p), "out/a", "fc-4k-randread", NULL, REC_LOG_FIO),
			 0);
	assert_string_equal(p, "out/a/logs/fc-4k-randread");
	assert_int_equal(rec_path_log(p, sizeof(p), "out/a", "pts-iops", "iops-wipc", REC_LOG_FIO),
			 0);
	assert_string_equal(p, "out/a/logs/pts-iops.iops-wipc");
	assert_int_equal(rec_path_log(p, sizeof(p), "/r/a", "x", NULL, REC_LOG_FIO_STDERR), 0);
	assert_string_equal(p, "/r/a/logs/x.fio-stderr.txt");
	assert_int_equal(rec_path_log(p, sizeof(p), "/r/a", "apps-oltp", NULL, REC_LOG_APPS_STDOUT),
			 0);
	assert_string_equal(p, "/r/a/logs/apps-oltp.ssd-apps.txt");
	assert_int_equal(rec_path_log(p, sizeof(p), "/r/a", "apps-oltp", NULL, REC_LOG_APPS_STDERR),
			 0);
	assert_string_equal(p, "/r/a/logs/apps-oltp.ssd-apps-stderr.txt");
	assert_int_equal(rec_path_log(p, sizeof(p), "/r/a", "fc-4k-randread", NULL, REC_LOG_ENGINE),
			 0);
	assert_string_equal(p, "/r/a/logs/fc-4k-randread.engine.jsonl");
	assert_int_equal(rec_path_test_dir(p, sizeof(p), "/r/a", "apps-oltp"), 0);
	assert_string_equal(p, "/r/a/apps-oltp");
	assert_int_equal(rec_path_apps(p, sizeof(p), "/r/a/apps-oltp", REC_APPS_OLTP), 0);
	assert_string_equal(p, "/r/a/apps-oltp/apps.json");
	assert_int_equal(rec_path_apps(p, sizeof(p), "/r/a/apps-tpcc", REC_APPS_TPCC), 0);
	assert_string_equal(p, "/r/a/apps-tpcc/tpcc.json");
	assert_int_equal(rec_path_apps_file(p, sizeof(p), "/r/a/apps-oltp", REC_APPS_MKFS_LOG), 0);
	assert_string_equal(p, "/r/a/apps-oltp/mkfs.log");
	assert_int_equal(rec_path_apps_instance(p, sizeof(p), "/r/a/apps-oltp", 2), 0);
	assert_string_equal(p, "/r/a/apps-oltp/db2");
	assert_int_equal(rec_path_apps_instance(q, sizeof(q), NULL, 1), 0);
	assert_int_equal(rec_path_apps_file(p, sizeof(p), q, REC_APPS_RUN), 0);
	assert_string_equal(p, "db1/run.txt"); /* as apps.json names it */
	assert_int_equal(rec_path_apps_file(p, sizeof(p), "/r/a/apps-tpcc/db2", REC_APPS_CHECK), 0);
	assert_string_equal(p, "/r/a/apps-tpcc/db2/check.txt");
	assert_int_equal(rec_path_apps_file(p, sizeof(p), q, REC_APPS_POSTGRES_LOG), 0);
	assert_string_equal(p, "db1/postgres.log");
	assert_int_equal(rec_path_report(p, sizeof(p), "/r"), 0);
	assert_string_equal(p, "/r/report");
	assert_int_equal(rec_path_overwritten(p, sizeof(p), "/r", NULL, NULL), 0);
	assert_string_equal(p, "/r/.overwritten");
	assert_int_equal(rec_path_overwritten(p, sizeof(p), "/r", "a", "20261201T152157Z"), 0);
	assert_string_equal(p, "/r/.overwritten/a-20261201T152157Z");
}

static void pts_files(void **state)
{
	char p[256];

	(void)state;
	assert_int_equal(rec_path_pts(p, sizeof(p), "/r/a", "pts-iops", "iops", REC_PTS_ROUND, 3),
			 0);
	assert_string_equal(p, "/r/a/pts-iops/iops-round-03.json");
	assert_int_equal(rec_path_pts(p, sizeof(p), NULL, "pts-iops", "iops", REC_PTS_ROUND, 12),
			 0);
	assert_string_equal(p, "pts-iops/iops-round-12.json");
	assert_int_equal(
	    rec_path_pts(p, sizeof(p), "/r/a", "pts-iops", "iops", REC_PTS_ROUND_JOB, 0), 0);
	assert_string_equal(p, "/r/a/pts-iops/iops-round.fio");
	assert_int_equal(rec_path_pts(p, sizeof(p), NULL, "pts-wsat", "wsat", REC_PTS_WIPC, 0), 0);
	assert_string_equal(p, "pts-wsat/wsat-wipc.json");
	assert_int_equal(rec_path_pts(p, sizeof(p), "/r/a", "pts-tp", "tp128", REC_PTS_WIPC_JOB, 0),
			 0);
	assert_string_equal(p, "/r/a/pts-tp/tp128-wipc.fio");
	assert_int_equal(rec_path_pts_name(p, sizeof(p), "iops", REC_PTS_ROUND, 7), 0);
	assert_string_equal(p, "iops-round-07");
}

static void too_long(void **state)
{
	char p[16];

	(void)state;
	assert_int_equal(rec_path_run(p, sizeof(p), "/results/nvme0"), -ENAMETOOLONG);
	assert_int_equal(rec_path_status(p, sizeof(p), "/results"), -ENAMETOOLONG);
	assert_int_equal(rec_path_status(p, sizeof(p), "/r"), 0);
}

static void names(void **state)
{
	char id[64];

	(void)state;
	assert_int_equal(rec_name_kind("run.json"), REC_NAME_RUN);
	assert_int_equal(rec_name_kind("drive.json"), REC_NAME_DRIVE);
	assert_int_equal(rec_name_kind("drive-d1.json"), REC_NAME_DRIVE);
	assert_int_equal(rec_name_kind("status.json"), REC_NAME_STATUS);
	assert_int_equal(rec_name_kind("catalogue.json"), REC_NAME_CATALOGUE);
	assert_int_equal(rec_name_kind("fc-4k-randread.json"), REC_NAME_RESULT);
	assert_int_equal(rec_name_kind("fc-4k-randread.json.partial"), REC_NAME_RESULT_OTHER);
	assert_int_equal(rec_name_kind("fc-4k-randread.json.failed"), REC_NAME_RESULT_OTHER);
	assert_int_equal(rec_name_kind("run.json.tmp"), REC_NAME_RESULT_OTHER);
	assert_int_equal(rec_name_kind(".ssdreport"), REC_NAME_HIDDEN);
	assert_int_equal(rec_name_kind(".x.json"), REC_NAME_HIDDEN);
	assert_int_equal(rec_name_kind("logs"), REC_NAME_OTHER);
	assert_int_equal(rec_name_kind(".json"), REC_NAME_HIDDEN);
	assert_int_equal(rec_name_kind("x.jso"), REC_NAME_OTHER);
	assert_int_equal(rec_result_test("fc-64k-read.json", id, sizeof(id)), 0);
	assert_string_equal(id, "fc-64k-read");
	assert_int_equal(rec_result_test("run.json", id, sizeof(id)), -EINVAL);
	assert_true(rec_log_of("fc-4k-randread_iops.3.log", "fc-4k-randread"));
	assert_true(rec_log_of("fc-4k-randread_clat_hist.1.log", "fc-4k-randread"));
	assert_false(rec_log_of("fc-4k-randread-x_iops.1.log", "fc-4k-randread"));
	assert_false(rec_log_of("fc-4k-randread.fio-stderr.txt", "fc-4k-randread"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(paths),
	    cmocka_unit_test(pts_files),
	    cmocka_unit_test(too_long),
	    cmocka_unit_test(names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
