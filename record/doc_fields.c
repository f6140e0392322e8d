// SPDX-License-Identifier: GPL-2.0-only
/* doc_fields.c - a document written, read, checked and described from its table of fields
 * (doc_fields.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/doc_fields.h"
#include "record/json.h"

#define AT(base, off, type) ((type *)((char *)(base) + (off)))
#define CAT(base, off, type) ((const type *)((const char *)(base) + (off)))

typedef json_object *json_ptr; /* a REC_FIELD_JSON member: CAT(base, off, json_ptr) */

static bool carried(const struct rec_field *f, unsigned variant)
{
	return !f->variants || (f->variants & (1u << variant));
}

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

/* ---- writing ------------------------------------------------------------------------------ */

static json_object *number(const struct rec_field *f, long long v)
{
	if (f->flags & REC_FIELD_POSITIVE)
		return v > 0 ? json_object_new_int64(v) : NULL;
	if (f->type == REC_FIELD_I64 || (f->flags & REC_FIELD_NULLNEG))
		return rec_json_i64(v);
	return json_object_new_int64(v);
}

/* @f's double @v: null for NaN (and, REC_FIELD_POSITIVE, for <= 0), with f->digits decimals */
static json_object *fraction(const struct rec_field *f, double v)
{
	char buf[64];

	if (isnan(v) || ((f->flags & REC_FIELD_POSITIVE) && !(v > 0)))
		return NULL;
	if (!f->digits)
		return json_object_new_double(v);
	snprintf(buf, sizeof(buf), "%.*f", f->digits, v);
	return json_object_new_double_s(v, buf);
}

/* the value of scalar @f, NULL for null */
static json_object *scalar(const struct rec_field *f, const void *base)
{
	switch (f->type) {
	case REC_FIELD_TEXT:
	case REC_FIELD_ENUM:
		return rec_json_text(*CAT(base, f->off, char *));
	case REC_FIELD_TEXT_SET: {
		const char *s = *CAT(base, f->off, char *);

		return s && *s ? json_object_new_string(s) : NULL;
	}
	case REC_FIELD_I64:
	case REC_FIELD_LLONG:
		return number(f, *CAT(base, f->off, long long));
	case REC_FIELD_LONG:
		return number(f, *CAT(base, f->off, long));
	case REC_FIELD_ULLONG:
		return json_object_new_uint64(*CAT(base, f->off, unsigned long long));
	case REC_FIELD_INT:
		return number(f, *CAT(base, f->off, int));
	case REC_FIELD_DOUBLE:
		return fraction(f, *CAT(base, f->off, double));
	case REC_FIELD_BOOL:
		return json_object_new_boolean(*CAT(base, f->off, bool));
	case REC_FIELD_TRIBOOL: {
		int v = *CAT(base, f->off, int);

		return v < 0 ? NULL : json_object_new_boolean(v);
	}
	case REC_FIELD_JSON:
	case REC_FIELD_JSON_OBJECT:
		return json_object_get(*CAT(base, f->off, json_ptr));
	default:
		return NULL;
	}
}

static json_object *array_json(const struct rec_field *f, const void *base, unsigned variant)
{
	const char *e = *CAT(base, f->off, char *);
	size_t n = *CAT(base, f->count_off, size_t);
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++) {
		json_object *o = json_object_new_object();

		rec_fields_write(o, f->sub, e + i * f->elem_size, variant);
		json_object_array_add(a, o);
	}
	return a;
}

void rec_fields_write(json_object *o, const struct rec_field *t, const void *base, unsigned variant)
{
	for (const struct rec_field *f = t; f->name; f++) {
		json_object *v;

		if (!carried(f, variant))
			continue;
		switch (f->type) {
		case REC_FIELD_OBJECT:
			v = NULL;
			if ((!(f->flags & REC_FIELD_WHEN) || *CAT(base, f->when_off, bool)) &&
			    (!f->when || f->when(base))) {
				v = json_object_new_object();
				rec_fields_write(v, f->sub, base, variant);
			}
			add(o, f->name, v);
			continue;
		case REC_FIELD_GROUP:
			if (*CAT(base, f->off, bool))
				rec_fields_write(o, f->sub, base, variant);
			continue;
		case REC_FIELD_ARRAY:
			add(o, f->name, array_json(f, base, variant));
			continue;
		case REC_FIELD_CUSTOM:
			f->custom->write(o, f->name, (const char *)base + f->off, variant);
			continue;
		default:
			v = scalar(f, base);
			if (v || !(f->flags & REC_FIELD_OMIT))
				add(o, f->name, v);
		}
	}
}

int rec_fields_write_file(const char *path, const struct rec_field *t, const void *base,
			  unsigned variant)
{
	json_object *o = json_object_new_object();
	int rc;

	rec_fields_write(o, t, base, variant);
	rc = rec_json_write(path, o);
	json_object_put(o);
	return rc;
}

/* ---- reading ------------------------------------------------------------------------------ */

struct reading {
	const char *path;
	char *err;
	size_t errlen;
	unsigned variant;
	bool optional;	 /* inside a group: its members may be missing */
	bool missing_ok; /* REC_FIELDS_MISSING_OK: any member may be */
};

/* every member 0, NULL or false, whatever its variant */
static void zero(const struct rec_field *t, void *base)
{
	for (const struct rec_field *f = t; f->name; f++) {
		switch (f->type) {
		case REC_FIELD_TEXT:
		case REC_FIELD_TEXT_SET:
		case REC_FIELD_ENUM:
			*AT(base, f->off, const char *) = NULL;
			break;
		case REC_FIELD_JSON:
		case REC_FIELD_JSON_OBJECT:
			*AT(base, f->off, json_object *) = NULL;
			break;
		case REC_FIELD_I64:
		case REC_FIELD_LLONG:
			*AT(base, f->off, long long) = 0;
			break;
		case REC_FIELD_LONG:
			*AT(base, f->off, long) = 0;
			break;
		case REC_FIELD_ULLONG:
			*AT(base, f->off, unsigned long long) = 0;
			break;
		case REC_FIELD_INT:
		case REC_FIELD_TRIBOOL:
			*AT(base, f->off, int) = 0;
			break;
		case REC_FIELD_DOUBLE:
			*AT(base, f->off, double) = 0;
			break;
		case REC_FIELD_BOOL:
			*AT(base, f->off, bool) = false;
			break;
		case REC_FIELD_OBJECT:
		case REC_FIELD_GROUP:
			zero(f->sub, base);
			break;
		case REC_FIELD_ARRAY:
			*AT(base, f->off, void *) = NULL;
			*AT(base, f->count_off, size_t) = 0;
			break;
		case REC_FIELD_CUSTOM:
			break;
		}
	}
}

/* every member "not known", whatever its variant */
static void unknown(const struct rec_field *t, void *base)
{
	zero(t, base);
	for (const struct rec_field *f = t; f->name; f++) {
		bool minus = !(f->flags & REC_FIELD_ZERO);

		switch (f->type) {
		case REC_FIELD_I64:
		case REC_FIELD_LLONG:
			*AT(base, f->off, long long) = minus ? -1 : 0;
			break;
		case REC_FIELD_LONG:
			*AT(base, f->off, long) = minus ? -1 : 0;
			break;
		case REC_FIELD_INT:
			if (f->flags & (REC_FIELD_POSITIVE | REC_FIELD_NULLNEG))
				*AT(base, f->off, int) = minus ? -1 : 0;
			break;
		case REC_FIELD_DOUBLE:
			if (minus)
				*AT(base, f->off, double) =
				    f->flags & REC_FIELD_POSITIVE ? -1 : NAN;
			break;
		case REC_FIELD_TRIBOOL:
			*AT(base, f->off, int) = -1;
			break;
		case REC_FIELD_OBJECT:
		case REC_FIELD_GROUP:
			if (minus)
				unknown(f->sub, base);
			break;
		default:
			break;
		}
	}
}

static const char *type_name(json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_boolean:
		return "a boolean";
	case json_type_double:
		return "a fraction";
	case json_type_int:
		return "an integer";
	case json_type_object:
		return "an object";
	case json_type_array:
		return "an array";
	case json_type_string:
		return "a string";
	default:
		return "null";
	}
}

/* what @f's non-null value must be, or NULL when @v is one */
static const char *expected(const struct rec_field *f, json_object *v)
{
	enum json_type t = json_object_get_type(v);

	switch (f->type) {
	case REC_FIELD_TEXT:
	case REC_FIELD_TEXT_SET:
	case REC_FIELD_ENUM:
		return t == json_type_string ? NULL : "a string";
	case REC_FIELD_I64:
	case REC_FIELD_LLONG:
	case REC_FIELD_LONG:
	case REC_FIELD_ULLONG:
	case REC_FIELD_INT:
		if (t == json_type_int)
			return NULL;
		if (t == json_type_double) {
			double d = json_object_get_double(v);

			if (d == floor(d) && fabs(d) < 9e18)
				return NULL;
		}
		return "an integer";
	case REC_FIELD_DOUBLE:
		return t == json_type_int || t == json_type_double ? NULL : "a number";
	case REC_FIELD_BOOL:
	case REC_FIELD_TRIBOOL:
		return t == json_type_boolean ? NULL : "true or false";
	case REC_FIELD_OBJECT:
	case REC_FIELD_JSON_OBJECT:
		return t == json_type_object ? NULL : "an object";
	case REC_FIELD_ARRAY:
		return t == json_type_array ? NULL : "an array";
	default:
		return NULL;
	}
}

static int refuse(const struct reading *r, const char *where, const char *name, const char *what)
{
	snprintf(r->err, r->errlen, "%s: %s%s%s: %s", r->path, where, *where && *name ? "." : "",
		 name, what);
	return -EINVAL;
}

static int read_table(json_object *o, const struct rec_field *t, void *base,
		      const struct reading *r, const char *where);

static int read_array(json_object *a, const struct rec_field *f, void *base,
		      const struct reading *r, const char *where)
{
	size_t n = json_object_array_length(a);
	char *e = calloc(n + 1, f->elem_size), at[256];
	int rc = 0;

	if (!e)
		return -ENOMEM;
	*AT(base, f->off, char *) = e;
	for (size_t i = 0; !rc && i < n; i++) {
		json_object *o = json_object_array_get_idx(a, i);

		snprintf(at, sizeof(at), "%s%s%s[%zu]", where, *where ? "." : "", f->name, i);
		unknown(f->sub, e + i * f->elem_size);
		*AT(base, f->count_off, size_t) = i + 1;
		if (!o || !json_object_is_type(o, json_type_object)) {
			char what[64];

			snprintf(what, sizeof(what), "expected an object, found %s", type_name(o));
			return refuse(r, at, "", what);
		}
		rc = read_table(o, f->sub, e + i * f->elem_size, r, at);
	}
	return rc;
}

/* the string @v of ENUM @f, refused unless one of its values */
static int read_enum(json_object *v, const struct rec_field *f, void *base, const struct reading *r,
		     const char *where)
{
	const char *s = json_object_get_string(v);
	char what[256];
	size_t n;

	for (const char *const *e = f->values; *e; e++)
		if (!strcmp(*e, s)) {
			*AT(base, f->off, const char *) = s;
			return 0;
		}
	n = (size_t)snprintf(what, sizeof(what), "expected one of");
	for (const char *const *e = f->values; *e && n < sizeof(what); e++)
		n += (size_t)snprintf(what + n, sizeof(what) - n, "%s %s",
				      e == f->values ? "" : ",", *e);
	if (n < sizeof(what))
		snprintf(what + n, sizeof(what) - n, ", found \"%.64s\"", s);
	return refuse(r, where, f->name, what);
}

static int read_one(json_object *o, const struct rec_field *f, void *base, const struct reading *r,
		    const char *where)
{
	json_object *v;
	const char *want;
	char at[256];

	if (f->type == REC_FIELD_GROUP) {
		struct reading g = *r;

		g.optional = true;
		return read_table(o, f->sub, base, &g, where);
	}
	if (f->type == REC_FIELD_CUSTOM)
		return f->custom->read(o, f->name, (char *)base + f->off, r->variant);
	if (!json_object_object_get_ex(o, f->name, &v)) {
		if (f->since > 1 || f->flags & REC_FIELD_OMIT || r->optional || r->missing_ok)
			return 0;
		return refuse(r, where, f->name, "missing");
	}
	if (!v)
		return 0; /* null: not known */
	if ((want = expected(f, v))) {
		char what[96];

		snprintf(what, sizeof(what), "expected %s, found %s", want, type_name(v));
		return refuse(r, where, f->name, what);
	}
	snprintf(at, sizeof(at), "%s%s%s", where, *where ? "." : "", f->name);
	switch (f->type) {
	case REC_FIELD_TEXT:
	case REC_FIELD_TEXT_SET:
		*AT(base, f->off, const char *) = json_object_get_string(v);
		return 0;
	case REC_FIELD_ENUM:
		return read_enum(v, f, base, r, where);
	case REC_FIELD_JSON:
	case REC_FIELD_JSON_OBJECT:
		*AT(base, f->off, json_object *) = v;
		return 0;
	case REC_FIELD_I64:
	case REC_FIELD_LLONG:
		*AT(base, f->off, long long) = json_object_get_int64(v);
		return 0;
	case REC_FIELD_LONG:
		*AT(base, f->off, long) = (long)json_object_get_int64(v);
		return 0;
	case REC_FIELD_ULLONG:
		*AT(base, f->off, unsigned long long) = json_object_get_uint64(v);
		return 0;
	case REC_FIELD_INT:
		*AT(base, f->off, int) = (int)json_object_get_int64(v);
		return 0;
	case REC_FIELD_DOUBLE:
		*AT(base, f->off, double) = json_object_get_double(v);
		return 0;
	case REC_FIELD_BOOL:
		*AT(base, f->off, bool) = json_object_get_boolean(v);
		return 0;
	case REC_FIELD_TRIBOOL:
		*AT(base, f->off, int) = json_object_get_boolean(v);
		return 0;
	case REC_FIELD_OBJECT:
		if (f->flags & REC_FIELD_WHEN)
			*AT(base, f->when_off, bool) = true;
		if (f->flags & REC_FIELD_ZERO)
			unknown(f->sub, base);
		return read_table(v, f->sub, base, r, at);
	case REC_FIELD_ARRAY:
		return read_array(v, f, base, r, where);
	default:
		return 0;
	}
}

static int read_table(json_object *o, const struct rec_field *t, void *base,
		      const struct reading *r, const char *where)
{
	int rc = 0;

	for (const struct rec_field *f = t; !rc && f->name; f++)
		if (carried(f, r->variant))
			rc = read_one(o, f, base, r, where);
	return rc;
}

int rec_fields_read(json_object *o, const struct rec_field *t, void *base, unsigned variant,
		    const char *path, char *err, size_t errlen)
{
	struct reading r = {path,   err,
			    errlen, variant & ~REC_FIELDS_MISSING_OK,
			    false,  (variant & REC_FIELDS_MISSING_OK) != 0};
	int rc;

	unknown(t, base);
	rc = read_table(o, t, base, &r, "");
	if (rc == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	return rc;
}

void rec_fields_free(const struct rec_field *t, void *base)
{
	for (const struct rec_field *f = t; f->name; f++) {
		if (f->type == REC_FIELD_OBJECT || f->type == REC_FIELD_GROUP)
			rec_fields_free(f->sub, base);
		if (f->type != REC_FIELD_ARRAY)
			continue;
		char *e = *AT(base, f->off, char *);
		size_t n = *AT(base, f->count_off, size_t);

		for (size_t i = 0; e && i < n; i++)
			rec_fields_free(f->sub, e + i * f->elem_size);
		free(e);
		*AT(base, f->off, char *) = NULL;
		*AT(base, f->count_off, size_t) = 0;
	}
}

/* ---- the schema --------------------------------------------------------------------------- */

/* @text's members ("\"minimum\": 1", ...) into @o; false when it is not JSON */
static bool merge(json_object *o, const char *text)
{
	json_object *m;
	char *buf;

	if (!text)
		return true;
	if (asprintf(&buf, "{%s}", text) < 0)
		return false;
	m = json_tokener_parse(buf);
	free(buf);
	if (!m)
		return false;
	json_object_object_foreach(m, k, v) add(o, k, json_object_get(v));
	json_object_put(m);
	return true;
}

static json_object *type_of(const char *t, bool nullable)
{
	json_object *a;

	if (!nullable)
		return json_object_new_string(t);
	a = json_object_new_array();
	json_object_array_add(a, json_object_new_string(t));
	json_object_array_add(a, json_object_new_string("null"));
	return a;
}

/* a string of ENUM @f's values, or null */
static json_object *enum_schema(const struct rec_field *f)
{
	json_object *s = json_object_new_object(), *e = json_object_new_array();

	add(s, "type", type_of("string", true));
	for (const char *const *v = f->values; *v; v++)
		json_object_array_add(e, json_object_new_string(*v));
	json_object_array_add(e, NULL);
	add(s, "enum", e);
	return s;
}

static json_object *member_schema(const struct rec_field *f, unsigned variant)
{
	json_object *s;
	bool positive = f->flags & REC_FIELD_POSITIVE;

	switch (f->type) {
	case REC_FIELD_OBJECT:
		if (!(s = rec_fields_schema(f->sub, variant)))
			return NULL;
		if ((f->flags & REC_FIELD_WHEN) || f->when)
			add(s, "type", type_of("object", true));
		break;
	case REC_FIELD_ENUM:
		s = enum_schema(f);
		break;
	case REC_FIELD_JSON:
		s = json_object_new_object();
		break;
	case REC_FIELD_JSON_OBJECT:
		s = json_object_new_object();
		add(s, "type", type_of("object", !(f->flags & REC_FIELD_OMIT)));
		break;
	case REC_FIELD_ARRAY:
		s = json_object_new_object();
		add(s, "type", json_object_new_string("array"));
		add(s, "items", rec_fields_schema(f->sub, variant));
		break;
	default:
		s = json_object_new_object();
		if (f->type == REC_FIELD_TEXT || f->type == REC_FIELD_TEXT_SET)
			add(s, "type", type_of("string", true));
		else if (f->type == REC_FIELD_DOUBLE)
			add(s, "type", type_of("number", true));
		else if (f->type == REC_FIELD_ULLONG)
			add(s, "type", type_of("integer", false));
		else if (f->type == REC_FIELD_BOOL)
			add(s, "type", type_of("boolean", false));
		else if (f->type == REC_FIELD_TRIBOOL)
			add(s, "type", type_of("boolean", true));
		else
			add(s, "type",
			    type_of("integer", f->type == REC_FIELD_I64 || positive ||
						   (f->flags & REC_FIELD_NULLNEG)));
		if (positive && f->type == REC_FIELD_DOUBLE)
			add(s, "exclusiveMinimum", json_object_new_int(0));
		else if (positive)
			add(s, "minimum", json_object_new_int(1));
		if (f->type == REC_FIELD_ULLONG)
			add(s, "minimum", json_object_new_int(0));
		if (positive && (f->flags & REC_FIELD_OMIT))
			add(s, "type", type_of("integer", false));
	}
	if (f->unit)
		add(s, "description", json_object_new_string(f->unit));
	if (!merge(s, f->schema)) {
		json_object_put(s);
		return NULL;
	}
	return s;
}

/* @t's members into @props, their names always written into @req */
static bool describe(const struct rec_field *t, unsigned variant, json_object *props,
		     json_object *req, bool always)
{
	for (const struct rec_field *f = t; f->name; f++) {
		json_object *s;

		if (!carried(f, variant))
			continue;
		if (f->type == REC_FIELD_GROUP) {
			if (!describe(f->sub, variant, props, req, false))
				return false;
			continue;
		}
		if (f->type == REC_FIELD_CUSTOM) {
			if (!merge(props, f->custom->schema))
				return false;
		} else {
			if (!(s = member_schema(f, variant)))
				return false;
			add(props, f->name, s);
		}
		if (always && f->since <= 1 && !(f->flags & REC_FIELD_OMIT) && req)
			json_object_array_add(req, json_object_new_string(f->name));
	}
	return true;
}

json_object *rec_fields_schema(const struct rec_field *t, unsigned variant)
{
	json_object *s = json_object_new_object(), *props = json_object_new_object(),
		    *req = json_object_new_array();

	add(s, "type", json_object_new_string("object"));
	add(s, "additionalProperties", json_object_new_boolean(false));
	add(s, "required", req);
	add(s, "properties", props);
	if (!describe(t, variant, props, req, true)) {
		json_object_put(s);
		return NULL;
	}
	return s;
}

/* a document's schema: its header (rec_fields_doc_schema()), then @o's keywords (taken) */
static json_object *doc_schema(json_object *o, const char *name, const char *title,
			       const char *description)
{
	json_object *s;
	char id[160];

	if (!o)
		return NULL;
	s = json_object_new_object();
	snprintf(id, sizeof(id), "https://ssdeng.invalid/schemas/%s.schema.json", name);
	add(s, "$schema", json_object_new_string("http://json-schema.org/draft-07/schema#"));
	add(s, "$id", json_object_new_string(id));
	add(s, "title", json_object_new_string(title));
	add(s, "description", json_object_new_string(description));
	json_object_object_foreach(o, k, v) add(s, k, json_object_get(v));
	json_object_put(o);
	return s;
}

json_object *rec_fields_doc_schema(const struct rec_field *t, unsigned variant, const char *name,
				   const char *title, const char *description)
{
	return doc_schema(rec_fields_schema(t, variant), name, title, description);
}

/* {"properties": {@key: @value}} */
static json_object *when_key(const char *key, json_object *value)
{
	json_object *i = json_object_new_object(), *p = json_object_new_object();

	add(p, key, value);
	add(i, "properties", p);
	return i;
}

json_object *rec_fields_doc_schema_by(const struct rec_field *t, const char *key,
				      const char *const *values, unsigned n, const char *name,
				      const char *title, const char *description)
{
	json_object *o = json_object_new_object(), *req = json_object_new_array(),
		    *all = json_object_new_array();

	add(o, "type", json_object_new_string("object"));
	json_object_array_add(req, json_object_new_string(key));
	add(o, "required", req);
	add(o, "allOf", all);
	for (unsigned v = 0; v < n; v++) {
		json_object *c = json_object_new_object(), *is, *then = rec_fields_schema(t, v);

		json_object_array_add(all, c);
		if (!then) {
			json_object_put(o);
			return NULL;
		}
		if (values[v]) {
			is = json_object_new_object();
			add(is, "const", json_object_new_string(values[v]));
		} else {
			json_object *e = json_object_new_array(), *not = json_object_new_object();

			for (unsigned k = 0; k < n; k++)
				if (values[k])
					json_object_array_add(e, json_object_new_string(values[k]));
			add(not, "enum", e);
			is = json_object_new_object();
			add(is, "not", not );
		}
		add(c, "if", when_key(key, is));
		add(c, "then", then);
	}
	return doc_schema(o, name, title, description);
}
