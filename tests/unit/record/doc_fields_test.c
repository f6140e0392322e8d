// SPDX-License-Identifier: GPL-2.0-only
/*
 * doc_fields_test.c - record/doc_fields.c's kinds for a struct that owns its parts (what
 * run.json needs): owned strings and JSON values read as copies (the parsed document put before
 * they are used), an array of strings, a struct behind a pointer (null, left out, or an object),
 * a bool left out while false, NaN written 0.0, a whole fraction written as an integer, an
 * integer's value when not known, a group written by a predicate and one whose bool is set when
 * its members are there, an object left out; deep copies and frees; the schema of each.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "record/doc_fields.h"
#include "record/json.h"

struct inner {
	char *name;
	int n;
};

struct doc {
	char *text;
	json_object *json;
	char **list;
	size_t nlist;
	struct inner *in, *opt;
	bool flag, got, extra_on;
	double t, whole;
	int pct;
	char *extra;
	char *gone;
	bool gone_on;
};

#define D(m) offsetof(struct doc, m)
#define OWN REC_FIELD_OWN

static const struct rec_field inner[] = {
    {"name", REC_FIELD_TEXT, offsetof(struct inner, name), .flags = OWN},
    {"n", REC_FIELD_INT, offsetof(struct inner, n)},
    {NULL}};
static const struct rec_field got[] = {{"got", REC_FIELD_INT, D(pct)}, {NULL}};
static const struct rec_field extra[] = {{"extra", REC_FIELD_TEXT, D(extra), .flags = OWN}, {NULL}};
static const struct rec_field gone[] = {{"g", REC_FIELD_TEXT, D(gone), .flags = OWN}, {NULL}};

static bool extra_on(const void *d) { return ((const struct doc *)d)->extra_on; }

static const struct rec_field table[] = {
    {"text", REC_FIELD_TEXT, D(text), .flags = OWN},
    {"json", REC_FIELD_JSON, D(json), .flags = OWN},
    {"list", REC_FIELD_STRINGS, D(list), .count_off = D(nlist)},
    {"in", REC_FIELD_POINTER, D(in), .elem_size = sizeof(struct inner), .sub = inner},
    {"opt", REC_FIELD_POINTER, D(opt), .flags = REC_FIELD_OMIT, .elem_size = sizeof(struct inner),
     .sub = inner},
    {"flag", REC_FIELD_BOOL, D(flag), .flags = REC_FIELD_OMIT},
    {"t", REC_FIELD_DOUBLE, D(t), .flags = REC_FIELD_NANZERO},
    {"whole", REC_FIELD_DOUBLE, D(whole), .flags = REC_FIELD_WHOLE},
    {"pct", REC_FIELD_GROUP, D(got), .sub = got},
    {"extra", REC_FIELD_GROUP, .when = extra_on, .sub = extra},
    {"gone", REC_FIELD_OBJECT, .flags = REC_FIELD_WHEN | REC_FIELD_OMIT, .when_off = D(gone_on),
     .sub = gone},
    {NULL}};

static const struct rec_field defaults[] = {
    {"pct", REC_FIELD_INT, D(pct), .flags = REC_FIELD_DEFAULT, .dflt = 100}, {NULL}};

static char *written(const struct doc *d)
{
	json_object *o = json_object_new_object();
	char *s;

	rec_fields_write(o, table, d, 0);
	s = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
	json_object_put(o);
	return s;
}

/* @text read into @d (0) or refused (the error in @err) */
static int read_text(const char *text, struct doc *d, char *err, size_t len)
{
	json_object *o = json_tokener_parse(text);
	int rc;

	assert_non_null(o);
	rc = rec_fields_read(o, table, d, REC_FIELDS_MISSING_OK, "D", err, len);
	json_object_put(o); /* owned members stay */
	return rc;
}

static void written_kinds(void **state)
{
	struct doc d = {.t = NAN, .whole = 60};
	char *s;

	(void)state;
	s = written(&d);
	assert_string_equal(s, "{\"text\":null,\"json\":null,\"list\":[],\"in\":null,\"t\":0.0,"
			       "\"whole\":60}");
	free(s);
	char *l[] = {"a", "b"};
	struct inner i = {"x", 3};

	d = (struct doc){.list = l,
			 .nlist = 2,
			 .opt = &i,
			 .flag = true,
			 .t = 1.5,
			 .whole = 0.5,
			 .got = true,
			 .pct = 7,
			 .extra_on = true,
			 .extra = "e",
			 .gone_on = true,
			 .gone = "g"};
	s = written(&d);
	assert_string_equal(s, "{\"text\":null,\"json\":null,\"list\":[\"a\",\"b\"],\"in\":null,"
			       "\"opt\":{\"name\":\"x\",\"n\":3},\"flag\":true,\"t\":1.5,\"whole\":"
			       "0.5,\"got\":7,\"extra\":\"e\",\"gone\":{\"g\":\"g\"}}");
	free(s);
}

static void read_owned_and_copied(void **state)
{
	struct doc d = {0}, c;
	char err[256], *s;

	(void)state;
	assert_int_equal(read_text("{\"text\": \"t\", \"json\": {\"k\": [1]}, \"list\": [\"a\", "
				   "\"b\"], \"in\": {\"name\": \"x\", \"n\": 3}, \"flag\": true, "
				   "\"t\": 0.0, \"whole\": 2, \"got\": 7, \"extra\": \"e\"}",
				   &d, err, sizeof(err)),
			 0);
	assert_string_equal(d.text, "t"); /* the document put: a copy */
	assert_string_equal(json_object_to_json_string(d.json), "{ \"k\": [ 1 ] }");
	assert_int_equal(d.nlist, 2);
	assert_string_equal(d.list[1], "b");
	assert_null(d.list[2]);
	assert_non_null(d.in);
	assert_string_equal(d.in->name, "x");
	assert_int_equal(d.in->n, 3);
	assert_null(d.opt);
	assert_true(d.flag);
	assert_true(d.got); /* its member there */
	assert_int_equal(d.pct, 7);
	assert_false(d.extra_on); /* a group of a predicate sets nothing */
	assert_string_equal(d.extra, "e");
	assert_true(d.whole == 2);
	c = d;
	assert_int_equal(rec_fields_copy(table, &c, &d), 0);
	assert_ptr_not_equal(c.text, d.text);
	assert_ptr_not_equal(c.list, d.list);
	assert_ptr_not_equal(c.list[0], d.list[0]);
	assert_ptr_not_equal(c.in, d.in);
	assert_ptr_not_equal(c.in->name, d.in->name);
	assert_ptr_equal(c.json, d.json); /* one more reference */
	rec_fields_free(table, &d);
	assert_null(d.text);
	assert_null(d.list);
	assert_int_equal(d.nlist, 0);
	assert_null(d.in);
	assert_null(d.json);
	c.extra_on = true;
	s = written(&c);
	assert_string_equal(s, "{\"text\":\"t\",\"json\":{\"k\":[1]},\"list\":[\"a\",\"b\"],\"in\":"
			       "{\"name\":\"x\",\"n\":3},\"flag\":true,\"t\":0.0,\"whole\":2,"
			       "\"got\":7,\"extra\":\"e\"}");
	free(s);
	rec_fields_free(table, &c);
}

static void refused(void **state)
{
	struct doc d;
	char err[256];

	(void)state;
	assert_int_equal(read_text("{\"list\": [\"a\", 2]}", &d, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "D: list[1]: expected a string, found an integer");
	rec_fields_free(table, &d);
	assert_int_equal(read_text("{\"in\": [1]}", &d, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "D: in: expected an object, found an array");
	rec_fields_free(table, &d);
	assert_int_equal(read_text("{\"in\": {\"n\": \"3\"}}", &d, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "D: in.n: expected an integer, found a string");
	rec_fields_free(table, &d);
}

static void default_when_not_known(void **state)
{
	struct doc d;
	char err[64];
	json_object *o = json_tokener_parse("{}"), *n = json_tokener_parse("{\"pct\": null}"),
		    *v = json_tokener_parse("{\"pct\": 0}");

	(void)state;
	assert_int_equal(rec_fields_read(o, defaults, &d, 0, "D", err, sizeof(err)), -EINVAL);
	assert_int_equal(
	    rec_fields_read(o, defaults, &d, REC_FIELDS_MISSING_OK, "D", err, sizeof(err)), 0);
	assert_int_equal(d.pct, 100);
	assert_int_equal(rec_fields_read(n, defaults, &d, 0, "D", err, sizeof(err)), 0);
	assert_int_equal(d.pct, 100);
	assert_int_equal(rec_fields_read(v, defaults, &d, 0, "D", err, sizeof(err)), 0);
	assert_int_equal(d.pct, 0);
	json_object_put(o);
	json_object_put(n);
	json_object_put(v);
}

static void schema(void **state)
{
	json_object *s = rec_fields_schema(table, 0), *p = rec_json_get(s, "properties");

	(void)state;
	assert_string_equal(
	    json_object_to_json_string_ext(rec_json_get(p, "list"), JSON_C_TO_STRING_PLAIN),
	    "{\"type\":\"array\",\"items\":{\"type\":\"string\"}}");
	assert_string_equal(
	    json_object_to_json_string_ext(rec_json_get(rec_json_get(p, "in"), "type"),
					   JSON_C_TO_STRING_PLAIN),
	    "[\"object\",\"null\"]");
	assert_string_equal(rec_json_str(rec_json_get(p, "opt"), "type"), "object");
	assert_string_equal(rec_json_str(rec_json_get(p, "t"), "type"), "number");
	assert_string_equal(rec_json_str(rec_json_get(p, "flag"), "type"), "boolean");
	assert_string_equal(rec_json_str(rec_json_get(p, "gone"), "type"), "object");
	assert_non_null(rec_json_get(p, "got"));
	assert_non_null(rec_json_get(p, "extra"));
	assert_string_equal(
	    json_object_to_json_string_ext(rec_json_get(s, "required"), JSON_C_TO_STRING_PLAIN),
	    "[\"text\",\"json\",\"list\",\"in\",\"t\",\"whole\"]");
	json_object_put(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(written_kinds), cmocka_unit_test(read_owned_and_copied),
	    cmocka_unit_test(refused),	     cmocka_unit_test(default_when_not_known),
	    cmocka_unit_test(schema),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
