// SPDX-License-Identifier: GPL-2.0-only
/*
 * drive_test.c - record/drive.c: drive.json of each shape written and read back, today's
 * driver's drive.json (no schema) read as v1, a newer schema refused, and the drive's NVMe
 * namespace picked by NSID (not by device scratch_doc nor order) on a two-namespace controller;
 * a reference drive's "reference" written and read back, and left out for any other drive.
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

#define SCRATCH_DOC "drive.json"
#include "scratch.h"

#include "record/drive.h"
#include "record/json.h"

static void one_drive(void **state)
{
	json_object *h = json_tokener_parse("{\"percentage_used\": 3}");
	struct rec_drive w = {.shape = REC_DRIVE_ONE,
			      .label = "a",
			      .kind = "blk",
			      .device = "/dev/loop3",
			      .fio_filename = "/dev/loop3",
			      .size_bytes = 268435456,
			      .span_bytes = 268435456,
			      .logical_block_bytes = 4096,
			      .health_before = h,
			      .health_before_at = "2026-12-02T10:00:00Z",
			      .note = "ssdctl info could not describe this device"},
			 r;
	char err[256];

	(void)state;
	assert_int_equal(rec_drive_write(scratch_doc, &w), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.version, 2);
	assert_int_equal(r.shape, REC_DRIVE_ONE);
	assert_string_equal(r.label, "a");
	assert_string_equal(r.kind, "blk");
	assert_int_equal(r.size_bytes, 268435456);
	assert_int_equal(r.logical_block_bytes, 4096);
	assert_null(r.identity);
	assert_null(r.health_after);
	assert_int_equal(rec_json_i64_or(r.health_before, "percentage_used", -1), 3);
	assert_string_equal(r.health_before_at, "2026-12-02T10:00:00Z");
	assert_non_null(strstr(r.note, "ssdctl"));
	/* the keys are there as null, as today's readers expect */
	assert_true(json_object_object_get_ex(r.doc, "identity", NULL));
	assert_true(json_object_object_get_ex(r.doc, "health_after", NULL));
	/* no reference drive: no such key */
	assert_null(r.reference);
	assert_false(json_object_object_get_ex(r.doc, "reference", NULL));
	rec_drive_free(&r);
	json_object_put(h);
}

static void reference_drive(void **state)
{
	json_object *ref = json_tokener_parse(
	    "{\"model\": \"reference drive\", \"serial\": \"ref0\", \"size_bytes\": 268435456, "
	    "\"limits\": {\"iops-total\": 800, \"iops-total-max\": 2400, "
	    "\"iops-total-max-length\": 2}, \"qemu\": \"7.2.22\"}");
	struct rec_drive w = {.shape = REC_DRIVE_ONE,
			      .label = "ref",
			      .kind = "blk",
			      .device = "/dev/loop1",
			      .fio_filename = "/dev/loop1",
			      .size_bytes = 268435456,
			      .span_bytes = 134217728,
			      .logical_block_bytes = 512,
			      .reference = ref,
			      .note = "a reference drive"},
			 r;
	char err[256];
	json_object *lim;

	(void)state;
	assert_int_equal(rec_drive_write(scratch_doc, &w), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_non_null(r.reference);
	assert_string_equal(rec_json_str(r.reference, "model"), "reference drive");
	lim = rec_json_get(r.reference, "limits");
	assert_int_equal(rec_json_i64_or(lim, "iops-total", -1), 800);
	assert_int_equal(rec_json_i64_or(lim, "iops-total-max", -1), 2400);
	assert_int_equal(rec_json_i64_or(lim, "iops-total-max-length", -1), 2);
	assert_null(r.identity);
	rec_drive_free(&r);
	json_object_put(ref);
}

static void other_shapes(void **state)
{
	struct rec_drive g = {.shape = REC_DRIVE_GROUP,
			      .label = "g",
			      .devices = "/a,/b",
			      .drives = "d1 d2",
			      .note = "a group"},
			 c = {.shape = REC_DRIVE_REMOTE,
			      .label = "h1",
			      .device = "/dev/ng0n1",
			      .server = "127.0.0.1:8765"},
			 r;
	char err[256];

	(void)state;
	assert_int_equal(rec_drive_write(scratch_doc, &g), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.shape, REC_DRIVE_GROUP);
	assert_string_equal(r.kind, "group");
	assert_string_equal(r.drives, "d1 d2");
	assert_false(json_object_object_get_ex(r.doc, "health_before", NULL));
	rec_drive_free(&r);
	assert_int_equal(rec_drive_write(scratch_doc, &c), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.shape, REC_DRIVE_REMOTE);
	assert_string_equal(r.server, "127.0.0.1:8765");
	rec_drive_free(&r);
}

static void older_and_newer(void **state)
{
	struct rec_drive r;
	char err[512];

	(void)state;
	assert_int_equal(
	    rec_drive_read("tests/unit/reporter/fixtures/golden/results/nvme-lab/drive.json", &r,
			   err, sizeof(err)),
	    0);
	assert_int_equal(r.version, 1);
	assert_string_equal(r.kind, "nvme-ng");
	assert_int_equal(r.logical_block_bytes, -1);
	assert_non_null(rec_json_str(r.identity, "model"));
	assert_non_null(r.health_before);
	rec_drive_free(&r);
	assert_int_equal(rec_file_write(scratch_doc, "{\"schema\": \"ssdeng.drive.v9\"}", 29), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "newer than this program reads"));
	assert_int_equal(rec_file_write(scratch_doc, "[]", 2), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_int_equal(rec_drive_read("/nonexistent/drive.json", &r, err, sizeof(err)), -ENOENT);
}

/* ng0n2 on a controller with namespaces 1 and 2: ssdctl info's nsid says which is the drive's,
 * though namespace 1 comes first and its block device is named like the review's node. */
static void namespace_by_nsid(void **state)
{
	json_object *id = json_tokener_parse(
	    "{\"nvme\": {\"nsid\": 2, \"namespaces\": ["
	    " {\"nsid\": 1, \"generic_device\": \"/dev/ng0n2\", \"metadata_bytes\": 0},"
	    " {\"nsid\": 2, \"generic_device\": \"/dev/ng0n1\", \"metadata_bytes\": 8}]}}");
	json_object *none = json_tokener_parse("{\"nvme\": {\"namespaces\": [{\"nsid\": 1}]}}");

	(void)state;
	assert_int_equal(rec_json_i64_or(rec_drive_namespace(id), "metadata_bytes", -1), 8);
	assert_null(rec_drive_namespace(none)); /* no nsid: no guess */
	assert_null(rec_drive_namespace(NULL));
	json_object_put(id);
	json_object_put(none);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(one_drive),       cmocka_unit_test(other_shapes),
	    cmocka_unit_test(older_and_newer), cmocka_unit_test(namespace_by_nsid),
	    cmocka_unit_test(reference_drive),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
