// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_cache_test.c - libssdctl.h's write cache calls as the review driver calls them, on what
 * the host has: paths that are not drives are refused before any command (-ENOENT, -ENODEV, a
 * message naming the path), and restoring a setting the drive never reported opens nothing.
 * The commands themselves run on QEMU's drives in the lab (tests/lab/ssdctl_cache.sh).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <json-c/json.h>

#include "ctl/libssdctl.h"

static void not_drives(void **state)
{
	struct ssdctl_cache_state st, before;
	struct ssdctl_drive_status why;
	json_object *o = (json_object *)1;
	char err[512] = "", file[] = "/tmp/ssdctl-cache-test.XXXXXX";
	int fd = mkstemp(file);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(ssdctl_cache_get("/nonexistent/ng0n1", &st, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "/nonexistent/ng0n1: no such device"));
	assert_int_equal(ssdctl_cache_get(file, &st, err, sizeof(err)), -ENODEV);
	assert_non_null(strstr(err, "a regular file"));
	assert_int_equal(
	    ssdctl_cache_set("/dev/null", false, false, &before, NULL, &why, err, sizeof(err)),
	    -ENODEV);
	assert_non_null(strstr(err, "/dev/null"));
	assert_int_equal(ssdctl_cache_json(file, SSDCTL_CACHE_OFF, false, &o, err, sizeof(err)),
			 -ENODEV);
	assert_null(o);
	unlink(file);
}

static void restore_nothing_reported(void **state)
{
	struct ssdctl_cache_state before = {.enabled = -1, .present = 0};
	struct ssdctl_drive_status why = {.kind = SSDCTL_STATUS_NVME, .nvme_status = 0x4002};
	char err[256] = "";

	(void)state;
	/* the drive reported no setting: nothing to put back, the path is not even opened */
	assert_int_equal(
	    ssdctl_cache_restore("/nonexistent/ng0n1", &before, &why, err, sizeof(err)), 0);
	assert_int_equal(why.kind, SSDCTL_STATUS_NONE);
	/* a reported setting is put back through the drive: here, no drive */
	before.enabled = 1;
	assert_int_equal(
	    ssdctl_cache_restore("/nonexistent/ng0n1", &before, &why, err, sizeof(err)), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(not_drives),
	    cmocka_unit_test(restore_nothing_reported),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
