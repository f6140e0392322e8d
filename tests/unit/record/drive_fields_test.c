// SPDX-License-Identifier: GPL-2.0-only
/*
 * drive_fields_test.c - drive.json written and read from its table of fields (record/drive.c on
 * record/doc_fields.c), a variant per shape: the drives of drive_sample.h written byte for byte
 * as main a1dcccb's member-by-member code wrote them (tests/unit/record/fixtures/drive), read
 * back to the same members and written again byte for byte; drive.json files older drivers
 * wrote (no "schema": v1, any member may be missing) read and written as v2; a member of the wrong
 * JSON type, or missing from a v2 file, refused naming the file and the member; the schema made
 * from the table (one "if kind" per shape).
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
#include "slurp.h"
#include "same_bytes.h"

#include "drive_sample.h"
#include "record/drive.h"
#include "record/json.h"

#define FIX "tests/unit/record/fixtures/drive"
#define GOLDEN "tests/unit/reporter/fixtures/golden/results"

static void written_as_before(void **state)
{
	struct rec_drive d;
	char fix[256];

	(void)state;
	for (int k = 0; k < DRIVE_SAMPLES; k++) {
		drive_sample(&d, k);
		snprintf(fix, sizeof(fix), FIX "/%s.json", drive_sample_name[k]);
		assert_int_equal(rec_drive_write(scratch_doc, &d), 0);
		same_bytes(fix);
		drive_sample_free(&d);
	}
}

static void same_json(json_object *r, json_object *w)
{
	if (!w) {
		assert_null(r);
		return;
	}
	assert_non_null(r);
	assert_string_equal(json_object_to_json_string(r), json_object_to_json_string(w));
}

/* @r, read back, holds @w's members as the file keeps them */
static void same_members(const struct rec_drive *r, const struct rec_drive *w)
{
#define TEXT(m) (w->m ? assert_string_equal(r->m, w->m) : assert_null(r->m))
	static const char *const kinds[] = {NULL, "group", "fio client/server", "remote"};

	assert_int_equal(r->version, 2);
	assert_int_equal(r->shape, w->shape);
	TEXT(label);
	TEXT(device);
	if (w->shape == REC_DRIVE_ONE)
		TEXT(kind);
	else
		assert_string_equal(r->kind, kinds[w->shape]);
	TEXT(fio_filename);
	TEXT(health_before_at);
	TEXT(health_after_at);
	TEXT(note);
	TEXT(devices);
	TEXT(drives);
	TEXT(server);
	assert_int_equal(r->size_bytes, w->size_bytes);
	assert_int_equal(r->span_bytes, w->span_bytes);
	assert_int_equal(r->logical_block_bytes, w->logical_block_bytes);
	same_json(r->identity, w->identity);
	same_json(r->reference, w->reference);
	same_json(r->health_before, w->health_before);
	same_json(r->health_after, w->health_after);
	assert_non_null(r->doc);
#undef TEXT
}

static void read_back(void **state)
{
	struct rec_drive w, r;
	char fix[256], err[512];

	(void)state;
	for (int k = 0; k < DRIVE_SAMPLES; k++) {
		snprintf(fix, sizeof(fix), FIX "/%s.json", drive_sample_name[k]);
		assert_int_equal(rec_drive_read(fix, &r, err, sizeof(err)), 0);
		drive_sample(&w, k);
		same_members(&r, &w);
		assert_int_equal(rec_drive_write(scratch_doc, &r), 0);
		same_bytes(fix);
		rec_drive_free(&r);
		drive_sample_free(&w);
	}
}

#define V1_FEW "{\"identity\": {\"model\": \"M\"}, \"health_after\": {\"percentage_used\": 3}}"

/* drive.json files of the driver before v2: no "schema", no logical_block_bytes */
static void older_files(void **state)
{
	struct rec_drive r;
	char err[512];
	json_object *o;

	(void)state;
	assert_int_equal(rec_drive_read(GOLDEN "/nvme-lab/drive.json", &r, err, sizeof(err)), 0);
	assert_int_equal(r.version, 1);
	assert_int_equal(r.shape, REC_DRIVE_ONE);
	assert_string_equal(r.kind, "nvme-ng");
	assert_string_equal(r.fio_filename, "/dev/ng0n1");
	assert_int_equal(r.size_bytes, 2147483648LL);
	assert_int_equal(r.span_bytes, 134217728);
	assert_int_equal(r.logical_block_bytes, -1);
	assert_string_equal(rec_json_str(r.identity, "model"), "QEMU NVMe Ctrl");
	assert_string_equal(r.health_before_at, "2026-12-01T14:54:41Z");
	assert_null(r.reference);
	/* written again: v2, its block size null */
	assert_int_equal(rec_drive_write(scratch_doc, &r), 0);
	rec_drive_free(&r);
	assert_non_null(o = json_object_from_file(scratch_doc));
	assert_string_equal(rec_json_str(o, "schema"), "ssdeng.drive.v2");
	assert_true(json_object_object_get_ex(o, "logical_block_bytes", NULL));
	assert_null(rec_json_get(o, "logical_block_bytes"));
	json_object_put(o);

	assert_int_equal(rec_drive_read(GOLDEN "/g/drive.json", &r, err, sizeof(err)), 0);
	assert_int_equal(r.version, 1);
	assert_int_equal(r.shape, REC_DRIVE_GROUP);
	assert_string_equal(r.drives, "d1 d2");
	assert_int_equal(r.size_bytes, -1);
	rec_drive_free(&r);
	assert_int_equal(rec_drive_read(GOLDEN "/g/drive-d1.json", &r, err, sizeof(err)), 0);
	assert_int_equal(r.shape, REC_DRIVE_ONE);
	assert_string_equal(r.label, "g/d1");
	rec_drive_free(&r);
	/* a v1 file may leave members out (a hand-made one: identity and health only) */
	assert_int_equal(rec_file_write(scratch_doc, V1_FEW, strlen(V1_FEW)), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), 0);
	assert_int_equal(r.shape, REC_DRIVE_ONE);
	assert_null(r.label);
	assert_int_equal(r.span_bytes, -1);
	assert_string_equal(rec_json_str(r.identity, "model"), "M");
	assert_int_equal(rec_json_i64_or(r.health_after, "percentage_used", -1), 3);
	rec_drive_free(&r);
	/* but not a member of the wrong type */
	assert_int_equal(rec_file_write(scratch_doc, "{\"identity\": 1}", 15), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, ": identity: expected an object, found an integer"));
}

static void refused(const char *text, const char *want)
{
	struct rec_drive r;
	char err[512], full[600];

	assert_int_equal(rec_file_write(scratch_doc, text, strlen(text)), 0);
	assert_int_equal(rec_drive_read(scratch_doc, &r, err, sizeof(err)), -EINVAL);
	snprintf(full, sizeof(full), "%s: %s", scratch_doc, want);
	assert_string_equal(err, full);
	assert_null(r.doc);
	assert_null(r.label);
}

#define HEAD "{\"schema\": \"ssdeng.drive.v2\", \"label\": \"a\", "
#define ONE_REST                                                                                   \
	"\"fio_filename\": \"/f\", \"size_bytes\": 1, \"logical_block_bytes\": 512, "              \
	"\"health_before\": null, \"health_before_at\": null, \"health_after\": null, "            \
	"\"health_after_at\": null, \"note\": null"

static void refusals(void **state)
{
	(void)state;
	refused(HEAD "\"device\": \"/f\", \"kind\": \"file\", " ONE_REST
		     ", \"span_bytes\": \"1g\", \"identity\": null}",
		"span_bytes: expected an integer, found a string");
	refused(HEAD "\"device\": \"/f\", \"kind\": \"file\", " ONE_REST
		     ", \"span_bytes\": 1, \"identity\": []}",
		"identity: expected an object, found an array");
	refused(HEAD "\"device\": \"/f\", \"kind\": \"file\", " ONE_REST
		     ", \"span_bytes\": 1, \"identity\": null, \"reference\": \"ref0\"}",
		"reference: expected an object, found a string");
	refused(HEAD "\"device\": \"/f\", \"kind\": \"file\", " ONE_REST ", \"identity\": null}",
		"span_bytes: missing");
	refused(HEAD "\"kind\": \"group\", \"devices\": \"/a,/b\", \"note\": null}",
		"drives: missing");
	refused(HEAD "\"kind\": \"remote\", \"device\": \"/d\", \"server\": 8765, \"note\": null}",
		"server: expected a string, found an integer");
}

/* every "kind" of the schema's allOf names its shape's members, no other */
static void schema(void **state)
{
	json_object *s = rec_drive_schema_json(), *all, *then;
	const char *text;

	(void)state;
	assert_non_null(s);
	assert_string_equal(rec_json_str(s, "$id"),
			    "https://ssdeng.invalid/schemas/drive.schema.json");
	all = rec_json_get(s, "allOf");
	assert_int_equal(json_object_array_length(all), 4);
	/* one drive: any kind but the other shapes' */
	text = json_object_to_json_string_ext(rec_json_get(json_object_array_get_idx(all, 0), "if"),
					      JSON_C_TO_STRING_SPACED |
						  JSON_C_TO_STRING_NOSLASHESCAPE);
	assert_string_equal(text,
			    "{ \"properties\": { \"kind\": { \"not\": { \"enum\": [ \"group\", "
			    "\"fio client/server\", \"remote\" ] } } } }");
	then = rec_json_get(json_object_array_get_idx(all, 0), "then");
	text = json_object_to_json_string(rec_json_get(then, "required"));
	assert_non_null(strstr(text, "\"health_after_at\""));
	assert_null(strstr(text, "\"logical_block_bytes\"")); /* revision 2: not in a v1 file */
	assert_null(strstr(text, "\"reference\""));	      /* left out unless a reference */
	assert_null(rec_json_get(rec_json_get(then, "properties"), "drives"));
	/* a group: its own members only */
	then = rec_json_get(json_object_array_get_idx(all, 1), "then");
	assert_string_equal(
	    json_object_to_json_string(rec_json_get(then, "required")),
	    "[ \"schema\", \"label\", \"kind\", \"devices\", \"drives\", \"note\" ]");
	assert_false(json_object_get_boolean(rec_json_get(then, "additionalProperties")));
	/* a fio server's drive: identity null */
	then = rec_json_get(json_object_array_get_idx(all, 3), "then");
	assert_string_equal(
	    json_object_to_json_string(
		rec_json_get(rec_json_get(rec_json_get(then, "properties"), "identity"), "type")),
	    "\"null\"");
	json_object_put(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(written_as_before),
	    cmocka_unit_test(read_back),
	    cmocka_unit_test(older_files),
	    cmocka_unit_test(refusals),
	    cmocka_unit_test(schema),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
