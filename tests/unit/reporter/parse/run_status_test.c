// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_status_test.c - the tests driver/ssd-review's run.json marks as not completed become
 * report notes: a run where the drive was pulled during the third of five four-corners tests
 * (shape and reason as ssd-review writes them), a missing run.json, one that is no run.json, and
 * the manifest: host, suite, and which result files belong to the run.
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

#include "parse/run_status.h"

static char path[64];

static void write_file(const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	int fd;

	(void)state;
	snprintf(path, sizeof(path), "/tmp/run_status_test.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return unlink(path);
}

static void test_pulled_drive(void **state)
{
	struct sr_drive drv = {0};
	struct sr_diag d = {0};

	(void)state;
	write_file("{\"status\": \"failed\", \"tests\": ["
		   "{\"id\": \"prep-128k-seqfill\", \"status\": \"done\", \"reason\": null},"
		   "{\"id\": \"fc-4k-randread\", \"status\": \"done\", \"reason\": null},"
		   "{\"id\": \"fc-4k-randwrite\", \"status\": \"failed\", \"reason\": "
		   "\"fio exit 1: fio: io_u error on file /dev/ng0n1: No such device\"},"
		   "{\"id\": \"fc-64k-read\", \"status\": \"interrupted\", \"reason\": "
		   "\"SIGINT/SIGTERM: fio stopped, result discarded\"},"
		   "{\"id\": \"fc-64k-write\", \"status\": \"pending\"}]}");
	assert_int_equal(sr_run_status_load(&drv, path, &d), 0);
	assert_int_equal(drv.nnotes, 2);
	assert_string_equal(drv.notes[0].id, "fc-4k-randwrite");
	assert_string_equal(drv.notes[0].status, "failed");
	assert_string_equal(drv.notes[0].reason,
			    "fio exit 1: fio: io_u error on file /dev/ng0n1: No such device");
	assert_string_equal(drv.notes[1].id, "fc-64k-read");
	assert_string_equal(drv.notes[1].status, "interrupted");
	sr_drive_free(&drv);
}

static void test_skipped_without_reason(void **state)
{
	struct sr_drive drv = {0};
	struct sr_diag d = {0};

	(void)state;
	write_file("{\"tests\": [{\"id\": \"curve-4k-rr-50\", \"status\": \"skipped\"}]}");
	assert_int_equal(sr_run_status_load(&drv, path, &d), 0);
	assert_int_equal(drv.nnotes, 1);
	assert_string_equal(drv.notes[0].reason, "");
	sr_drive_free(&drv);
}

static void test_missing_and_bad(void **state)
{
	struct sr_drive drv = {0};
	struct sr_diag d = {0};

	(void)state;
	assert_int_equal(sr_run_status_load(&drv, "/nonexistent/run.json", &d), 0);
	assert_int_equal(drv.nnotes, 0);
	write_file("[1, 2]");
	assert_int_equal(sr_run_status_load(&drv, path, &d), -EINVAL);
	assert_non_null(strstr(d.err, "\"tests\" array"));
	write_file("{\"tests\": {}}");
	assert_int_equal(sr_run_status_load(&drv, path, &d), -EINVAL);
	assert_int_equal(drv.nnotes, 0);
}

/* The C driver's manifest (ssdeng.manifest.v1): the header's host and suite, and which result
 * files belong to the run (status done under its manifest id). */
static void test_manifest(void **state)
{
	struct sr_drive drv = {0};
	struct sr_diag d = {0};
	char why[256];

	(void)state;
	write_file(
	    "{\"manifest\": {\"schema\": \"ssdeng.manifest.v1\", \"id\": \"98429c90fe2c116c\","
	    "\"created\": \"2026-12-01T18:49:44Z\", \"host\": {\"name\": \"lab1\"},"
	    "\"request\": {\"suite\": \"four-corners\", \"profile\": \"quick\"}},"
	    "\"tests\": ["
	    "{\"id\": \"fc-4k-randread\", \"status\": \"done\", \"manifest_id\": "
	    "\"98429c90fe2c116c\"},"
	    "{\"id\": \"fc-4k-randwrite\", \"status\": \"failed\", \"reason\": \"x\"},"
	    "{\"id\": \"fc-64k-read\", \"status\": \"done\", \"manifest_id\": "
	    "\"0000000000000001\"}]}");
	assert_int_equal(sr_run_status_load(&drv, path, &d), 0);
	assert_string_equal(drv.run.host, "lab1");
	assert_string_equal(drv.run.manifest_id, "98429c90fe2c116c");
	assert_string_equal(drv.run.manifest_created, "2026-12-01T18:49:44Z");
	assert_int_equal(drv.run.nsuites, 1);
	assert_string_equal(drv.run.suites[0], "four-corners");
	assert_false(sr_run_foreign(&drv.run, "fc-4k-randread", why, sizeof(why)));
	assert_true(sr_run_foreign(&drv.run, "fc-4k-randwrite", why, sizeof(why)));
	assert_string_equal(why, "run.json (manifest 98429c90fe2c116c) records fc-4k-randwrite as "
				 "failed, not done");
	assert_true(sr_run_foreign(&drv.run, "fc-64k-read", why, sizeof(why)));
	assert_string_equal(why, "fc-64k-read ran under manifest 0000000000000001, run.json's is "
				 "98429c90fe2c116c");
	assert_true(sr_run_foreign(&drv.run, "fc-64k-write", why, sizeof(why)));
	assert_string_equal(why,
			    "run.json (manifest 98429c90fe2c116c) does not record fc-64k-write");
	sr_drive_free(&drv);
	memset(&drv, 0, sizeof(drv));
	/* no manifest (an older driver): nothing to check against */
	write_file("{\"tests\": [{\"id\": \"fc-4k-randread\", \"status\": \"done\"}]}");
	assert_int_equal(sr_run_status_load(&drv, path, &d), 0);
	assert_null(drv.run.manifest_id);
	assert_false(sr_run_foreign(&drv.run, "fc-64k-write", why, sizeof(why)));
	sr_drive_free(&drv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_pulled_drive, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_skipped_without_reason, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_missing_and_bad, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_manifest, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
