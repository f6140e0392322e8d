// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_probe_test.c - libssdctl.h as the review driver calls it, on what the host has: the
 * probe of a regular file, /dev/null, a directory and a missing path (schema ssdctl.probe.v1,
 * engine/ctl/README.md), and info/health refusing paths that are not drives. Drives are probed
 * in the lab (tests/lab/safety_rails.sh).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <json-c/json.h>

#include "ctl/libssdctl.h"

/* The keys every probe object has, in order. */
static const char *const keys[] = {
    "schema",	      "device",		"kind",	  "description",    "partition",
    "device_number",  "block_device",	"disk",	  "generic_device", "nvme_controller",
    "capacity_bytes", "transport_auto", "in_use",
};

static json_object *probe(const char *path)
{
	json_object *o = NULL;
	char err[256] = "";
	size_t i = 0;

	assert_int_equal(ssdctl_probe_json(path, &o, err, sizeof(err)), 0);
	assert_non_null(o);
	json_object_object_foreach(o, key, val)
	{
		(void)val;
		assert_true(i < sizeof(keys) / sizeof(keys[0]));
		assert_string_equal(key, keys[i]);
		i++;
	}
	assert_int_equal(i, sizeof(keys) / sizeof(keys[0]));
	assert_string_equal(json_object_get_string(json_object_object_get(o, "schema")),
			    "ssdctl.probe.v1");
	return o;
}

static const char *str(json_object *o, const char *key)
{
	return json_object_get_string(json_object_object_get(o, key));
}

static bool is_null(json_object *o, const char *key)
{
	json_object *v = NULL;

	return json_object_object_get_ex(o, key, &v) && v == NULL;
}

static void test_probe_regular_file(void **state)
{
	char path[] = "build/ssdctl-probe-XXXXXX";
	int fd = mkstemp(path);
	json_object *o;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "12345678", 8), 8);
	close(fd);
	o = probe(path);
	assert_string_equal(str(o, "kind"), "file");
	assert_string_equal(str(o, "description"), "a regular file");
	assert_false(json_object_get_boolean(json_object_object_get(o, "partition")));
	assert_int_equal(json_object_get_uint64(json_object_object_get(o, "capacity_bytes")), 8);
	assert_string_equal(str(o, "transport_auto"), "block");
	assert_true(is_null(o, "device_number"));
	assert_true(is_null(o, "block_device"));
	assert_true(is_null(o, "generic_device"));
	/* no block device behind a file: known to be unused, not unknown */
	assert_int_equal(json_object_array_length(json_object_object_get(o, "in_use")), 0);
	json_object_put(o);
	unlink(path);
}

static void test_probe_dev_null(void **state)
{
	json_object *o = probe("/dev/null");

	(void)state;
	assert_string_equal(str(o, "kind"), "chr");
	/* char major 1, minor 3 (Linux Documentation/admin-guide/devices.txt), class mem */
	assert_string_equal(str(o, "device_number"), "1:3");
	assert_string_equal(str(o, "description"), "a character device 1:3 (mem), not a drive");
	assert_true(is_null(o, "capacity_bytes"));
	assert_true(is_null(o, "transport_auto"));
	json_object_put(o);
}

static void test_probe_directory_and_missing(void **state)
{
	json_object *o = probe("/");

	(void)state;
	assert_string_equal(str(o, "kind"), "other");
	assert_string_equal(str(o, "description"), "a directory, not a drive");
	assert_true(is_null(o, "transport_auto"));
	json_object_put(o);
	o = probe("/nonexistent/ssdeng");
	assert_string_equal(str(o, "kind"), "missing");
	assert_string_equal(str(o, "device"), "/nonexistent/ssdeng");
	assert_true(is_null(o, "capacity_bytes"));
	json_object_put(o);
}

/* info and health take drives only: what ssdctl exits 2 for */
static void test_info_refuses_non_drives(void **state)
{
	json_object *o = NULL;
	char err[256] = "";

	(void)state;
	assert_int_equal(ssdctl_info_json("/dev/null", &o, err, sizeof(err)), -ENODEV);
	assert_null(o);
	assert_non_null(strstr(err, "/dev/null is a character device 1:3 (mem), not a drive"));
	assert_int_equal(ssdctl_health_json("/nonexistent/x", &o, err, sizeof(err)), -ENOENT);
	assert_string_equal(err, "/nonexistent/x: no such device");
	assert_int_equal(ssdctl_info_json("/", &o, err, sizeof(err)), -ENODEV);
	assert_non_null(strstr(err, "is a directory, not a drive"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_probe_regular_file),
	    cmocka_unit_test(test_probe_dev_null),
	    cmocka_unit_test(test_probe_directory_and_missing),
	    cmocka_unit_test(test_info_refuses_non_drives),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
