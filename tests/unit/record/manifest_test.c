// SPDX-License-Identifier: GPL-2.0-only
/*
 * manifest_test.c - record/manifest.c: a results directory's origin, its id, and the list of
 * differences --resume refuses with (only the compared parts count: request, drive,
 * software, host; the command, cwd, time and info do not).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "record/manifest.h"

/* A manifest of a quick four-corners run on @device with @serial, started at @when. */
static json_object *make(const char *profile, const char *device, const char *serial,
			 const char *when, const char *argv0)
{
	struct rec_manifest_parts p = {
	    .command = json_tokener_parse("[\"ssd-review\", \"--drive\", \"a=x\"]"),
	    .cwd = "/home/u",
	    .created = when,
	    .request = json_object_new_object(),
	    .drive = json_object_new_object(),
	    .software = json_tokener_parse("{\"fio\": \"fio-3.33\", \"ssdeng\": \"v1\"}"),
	    .host = json_tokener_parse("{\"name\": \"lab\"}"),
	    .info = json_tokener_parse("{\"kernel\": \"6.1\"}"),
	};
	json_object *id = json_object_new_object();

	json_object_array_put_idx(p.command, 0, json_object_new_string(argv0));
	json_object_object_add(p.request, "suite", json_object_new_string("four-corners"));
	json_object_object_add(p.request, "profile", json_object_new_string(profile));
	json_object_object_add(p.request, "curve_points", json_tokener_parse("[50]"));
	json_object_object_add(p.drive, "label", json_object_new_string("a"));
	json_object_object_add(p.drive, "device", json_object_new_string(device));
	json_object_object_add(id, "serial", serial ? json_object_new_string(serial) : NULL);
	json_object_object_add(p.drive, "identity", id);
	return rec_manifest_new(&p);
}

static void same_request_same_id(void **state)
{
	json_object *a = make("quick", "/dev/ng0n1", "S1", "2026-01-01T00:00:00Z", "ssd-review"),
		    *b = make("quick", "/dev/ng0n1", "S1", "2026-02-02T00:00:00Z",
			      "/usr/local/bin/ssd-review");
	char diffs[1024], ida[17], idb[17];

	(void)state;
	assert_string_equal(json_object_get_string(json_object_object_get(a, "schema")),
			    REC_MANIFEST_SCHEMA);
	assert_int_equal(rec_manifest_diff(a, b, diffs, sizeof(diffs)), 0);
	assert_string_equal(diffs, "");
	rec_manifest_id(a, ida);
	rec_manifest_id(b, idb);
	assert_string_equal(ida, idb);
	assert_string_equal(json_object_get_string(json_object_object_get(a, "id")), ida);
	assert_int_equal(strlen(ida), 16);
	json_object_put(a);
	json_object_put(b);
}

static void every_difference_named(void **state)
{
	json_object *a = make("quick", "/tmp/a4.img", "S1", "t", "ssd-review"),
		    *b = make("full", "/dev/loop1", NULL, "t", "ssd-review");
	char diffs[1024], ida[17], idb[17];

	(void)state;
	assert_int_equal(rec_manifest_diff(a, b, diffs, sizeof(diffs)), 3);
	assert_non_null(strstr(diffs, "profile: \"quick\" in the results, \"full\" now\n"));
	assert_non_null(
	    strstr(diffs, "drive.device: \"/tmp/a4.img\" in the results, \"/dev/loop1\" now\n"));
	assert_non_null(strstr(diffs, "drive.identity.serial: \"S1\" in the results, null now\n"));
	rec_manifest_id(a, ida);
	rec_manifest_id(b, idb);
	assert_string_not_equal(ida, idb);
	json_object_put(a);
	json_object_put(b);
}

static void missing_parts_and_keys(void **state)
{
	json_object *a = make("quick", "/d", "S1", "t", "ssd-review"),
		    *b = make("quick", "/d", "S1", "t", "ssd-review");
	char diffs[1024], small[48];

	(void)state;
	json_object_object_del(b, "host");
	json_object_object_add(json_object_object_get(b, "request"), "engine_option",
			       json_object_new_string("transport=block"));
	json_object_object_add(json_object_object_get(b, "info"), "only",
			       json_tokener_parse("[\"fc-4k-randread\"]"));
	assert_int_equal(rec_manifest_diff(a, b, diffs, sizeof(diffs)), 2);
	assert_non_null(strstr(diffs, "engine_option: (none) in the results, "
				      "\"transport=block\" now\n"));
	assert_non_null(strstr(diffs, "host: {\"name\":\"lab\"} in the results, (none) now\n"));
	/* a short buffer ends in "..." and still counts every difference */
	assert_int_equal(rec_manifest_diff(a, b, small, sizeof(small)), 2);
	assert_true(strlen(small) < sizeof(small));
	assert_non_null(strstr(small, "...\n"));
	json_object_put(a);
	json_object_put(b);
}

/* What the report reads of a manifest: the host and the suites, in the C driver's form and the
 * first drivers' (a string host, a "suites" array or string), and the id's hash (FNV-1a 64). */
static void readers(void **state)
{
	json_object *v1 = json_tokener_parse("{\"host\": {\"name\": \"lab1\"}, \"request\": "
					     "{\"suite\": \"four-corners\"}}");
	json_object *old = json_tokener_parse("{\"host\": \"lab0\", \"suites\": [\"spec\", "
					      "\"curves\"]}");
	json_object *one = json_tokener_parse("{\"suites\": \"all\"}");

	(void)state;
	assert_string_equal(rec_manifest_host(v1), "lab1");
	assert_string_equal(rec_manifest_suite(v1, 0), "four-corners");
	assert_null(rec_manifest_suite(v1, 1));
	assert_string_equal(rec_manifest_host(old), "lab0");
	assert_string_equal(rec_manifest_suite(old, 1), "curves");
	assert_null(rec_manifest_suite(old, 2));
	assert_string_equal(rec_manifest_suite(one, 0), "all");
	assert_null(rec_manifest_host(one));
	assert_null(rec_manifest_suite(NULL, 0));
	assert_int_equal(rec_fnv1a64(""), 0xcbf29ce484222325ULL);
	assert_int_equal(rec_fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
	json_object_put(v1);
	json_object_put(old);
	json_object_put(one);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(readers),
	    cmocka_unit_test(same_request_same_id),
	    cmocka_unit_test(every_difference_named),
	    cmocka_unit_test(missing_parts_and_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
