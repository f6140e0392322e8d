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
typedef char **str_list;       /* a REC_FIELD_STRINGS member */

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

	if (isnan(v) && (f->flags & REC_FIELD_NANZERO))
		return json_object_new_double(0.0);
	if (isnan(v) || ((f->flags & REC_FIELD_POSITIVE) && !(v > 0)))
		return NULL;
	if ((f->flags & REC_FIELD_WHOLE) && v == floor(v))
		return json_object_new_int64((long long)v);
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
	case REC_FIELD_BOOL: {
		bool v = *CAT(base, f->off, bool);

		return v || !(f->flags & REC_FIELD_OMIT) ? json_object_new_boolean(v) : NULL;
	}
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

static json_object *strings_json(const struct rec_field *f, const void *base)
{
	str_list s = *CAT(base, f->off, str_list);
	size_t n = *CAT(base, f->count_off, size_t);
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, rec_json_text(s[i]));
	return a;
}

/* object @f (OBJECT or POINTER) of @base, NULL when its condition fails */
static json_object *object_json(const struct rec_field *f, const void *base, unsigned variant)
{
	json_object *v;

	if (f->type == REC_FIELD_POINTER) {
		const void *p = *CAT(base, f->off, void *);

		if (!p)
			return NULL;
		base = p;
	} else if (((f->flags & REC_FIELD_WHEN) && !*CAT(base, f->when_off, bool)) ||
		   (f->when && !f->when(base))) {
		return NULL;
	}
	v = json_object_new_object();
	rec_fields_write(v, f->sub, base, variant);
	return v;
}

void rec_fields_write(json_object *o, const struct rec_field *t, const void *base, unsigned variant)
{
	for (const struct rec_field *f = t; f->name; f++) {
		json_object *v;

		if (!carried(f, variant))
			continue;
		switch (f->type) {
		case REC_FIELD_OBJECT:
		case REC_FIELD_POINTER:
			v = object_json(f, base, variant);
			if (v || !(f->flags & REC_FIELD_OMIT))
				add(o, f->name, v);
			continue;
		case REC_FIELD_GROUP:
			if (f->when ? f->when(base) : *CAT(base, f->off, bool))
				rec_fields_write(o, f->sub, base, variant);
			continue;
		case REC_FIELD_ARRAY:
			add(o, f->name, array_json(f, base, variant));
			continue;
		case REC_FIELD_STRINGS:
			add(o, f->name, strings_json(f, base));
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
			if (f->flags & REC_FIELD_WHEN)
				*AT(base, f->when_off, bool) = false;
			zero(f->sub, base);
			break;
		case REC_FIELD_GROUP:
			if (!f->when)
				*AT(base, f->off, bool) = false;
			zero(f->sub, base);
			break;
		case REC_FIELD_ARRAY:
		case REC_FIELD_STRINGS:
			*AT(base, f->off, void *) = NULL;
			*AT(base, f->count_off, size_t) = 0;
			break;
		case REC_FIELD_POINTER:
			*AT(base, f->off, void *) = NULL;
			break;
		case REC_FIELD_CUSTOM:
			break;
		}
	}
}

/* integer @f of @base set to @v */
static void set_integer(const struct rec_field *f, void *base, long long v)
{
	if (f->type == REC_FIELD_I64 || f->type == REC_FIELD_LLONG)
		*AT(base, f->off, long long) = v;
	else if (f->type == REC_FIELD_LONG)
		*AT(base, f->off, long) = (long)v;
	else if (f->type == REC_FIELD_INT)
		*AT(base, f->off, int) = (int)v;
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
		if (f->flags & REC_FIELD_DEFAULT)
			set_integer(f, base, f->dflt);
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
	case REC_FIELD_POINTER:
		return t == json_type_object ? NULL : "an object";
	case REC_FIELD_ARRAY:
	case REC_FIELD_STRINGS:
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

/* string @f of @base set to @s (a copy when the struct owns it) */
static int set_text(const struct rec_field *f, void *base, const char *s)
{
	if (f->flags & REC_FIELD_OWN) {
		if (!(s = strdup(s)))
			return -ENOMEM;
	}
	*AT(base, f->off, const char *) = s;
	return 0;
}

/* the strings of array @a into STRINGS @f of @base (each refused unless a string) */
static int read_strings(json_object *a, const struct rec_field *f, void *base,
			const struct reading *r, const char *where)
{
	size_t n = json_object_array_length(a);
	char **s = calloc(n + 1, sizeof(*s)), at[256], what[64];

	if (!s)
		return -ENOMEM;
	*AT(base, f->off, char **) = s;
	for (size_t i = 0; i < n; i++) {
		json_object *v = json_object_array_get_idx(a, i);

		if (!json_object_is_type(v, json_type_string)) {
			snprintf(at, sizeof(at), "%s%s%s[%zu]", where, *where ? "." : "", f->name,
				 i);
			snprintf(what, sizeof(what), "expected a string, found %s", type_name(v));
			return refuse(r, at, "", what);
		}
		if (!(s[i] = strdup(json_object_get_string(v))))
			return -ENOMEM;
		*AT(base, f->count_off, size_t) = i + 1;
	}
	return 0;
}

/* object @v into POINTER @f of @base: a new struct */
static int read_pointer(json_object *v, const struct rec_field *f, void *base,
			const struct reading *r, const char *at)
{
	void *p = calloc(1, f->elem_size);

	if (!p)
		return -ENOMEM;
	unknown(f->sub, p);
	*AT(base, f->off, void *) = p;
	return read_table(v, f->sub, p, r, at);
}

/* whether one of group @f's members is in @o */
static bool group_there(json_object *o, const struct rec_field *f, unsigned variant)
{
	for (const struct rec_field *g = f->sub; g->name; g++)
		if (carried(g, variant) && json_object_object_get_ex(o, g->name, NULL))
			return true;
	return false;
}

/* the string @v of ENUM @f, refused unless one of its values */
static int read_enum(json_object *v, const struct rec_field *f, void *base, const struct reading *r,
		     const char *where)
{
	const char *s = json_object_get_string(v);
	char what[256];
	size_t n;

	for (const char *const *e = f->values; *e; e++)
		if (!strcmp(*e, s))
			return set_text(f, base, s);
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
		if (!f->when && group_there(o, f, r->variant))
			*AT(base, f->off, bool) = true;
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
		return set_text(f, base, json_object_get_string(v));
	case REC_FIELD_ENUM:
		return read_enum(v, f, base, r, where);
	case REC_FIELD_JSON:
	case REC_FIELD_JSON_OBJECT:
		*AT(base, f->off, json_object *) =
		    f->flags & REC_FIELD_OWN ? json_object_get(v) : v;
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
	case REC_FIELD_STRINGS:
		return read_strings(v, f, base, r, where);
	case REC_FIELD_POINTER:
		return read_pointer(v, f, base, r, at);
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

/* what owned member @f of @base holds, freed */
static void free_owned(const struct rec_field *f, void *base)
{
	switch (f->type) {
	case REC_FIELD_TEXT:
	case REC_FIELD_TEXT_SET:
	case REC_FIELD_ENUM:
		free(*AT(base, f->off, char *));
		*AT(base, f->off, char *) = NULL;
		break;
	case REC_FIELD_JSON:
	case REC_FIELD_JSON_OBJECT:
		json_object_put(*AT(base, f->off, json_object *));
		*AT(base, f->off, json_object *) = NULL;
		break;
	default:
		break;
	}
}

static void free_array(const struct rec_field *f, void *base)
{
	char *e = *AT(base, f->off, char *);
	size_t n = *AT(base, f->count_off, size_t);

	for (size_t i = 0; e && i < n; i++) {
		if (f->type == REC_FIELD_STRINGS)
			free(((char **)e)[i]);
		else
			rec_fields_free(f->sub, e + i * f->elem_size);
	}
	free(e);
	*AT(base, f->off, char *) = NULL;
	*AT(base, f->count_off, size_t) = 0;
}

void rec_fields_free(const struct rec_field *t, void *base)
{
	for (const struct rec_field *f = t; f->name; f++) {
		void *p;

		switch (f->type) {
		case REC_FIELD_OBJECT:
		case REC_FIELD_GROUP:
			rec_fields_free(f->sub, base);
			break;
		case REC_FIELD_ARRAY:
		case REC_FIELD_STRINGS:
			free_array(f, base);
			break;
		case REC_FIELD_POINTER:
			if ((p = *AT(base, f->off, void *)))
				rec_fields_free(f->sub, p);
			free(p);
			*AT(base, f->off, void *) = NULL;
			break;
		case REC_FIELD_CUSTOM:
			if (f->custom->free)
				f->custom->free((char *)base + f->off);
			break;
		default:
			if (f->flags & REC_FIELD_OWN)
				free_owned(f, base);
		}
	}
}

/* ---- copying ------------------------------------------------------------------------------ */

/* owned member @f of @to (holding @from's) replaced by a copy; NULL when that fails */
static int copy_owned(const struct rec_field *f, void *to)
{
	if (f->type == REC_FIELD_JSON || f->type == REC_FIELD_JSON_OBJECT) {
		json_object_get(*AT(to, f->off, json_object *));
		return 0;
	}
	if (f->type != REC_FIELD_TEXT && f->type != REC_FIELD_TEXT_SET && f->type != REC_FIELD_ENUM)
		return 0;
	char **s = AT(to, f->off, char *);

	if (*s && !(*s = strdup(*s)))
		return -ENOMEM;
	return 0;
}

/* array @f of @to (holding @from's) replaced by a copy; empty when that fails */
static int copy_array(const struct rec_field *f, void *to)
{
	const char *from = *AT(to, f->off, char *);
	size_t n = *AT(to, f->count_off, size_t),
	       size = f->type == REC_FIELD_STRINGS ? sizeof(char *) : f->elem_size;
	char *e = from && n ? calloc(n + 1, size) : NULL;
	int rc = 0;

	*AT(to, f->off, char *) = e;
	*AT(to, f->count_off, size_t) = e ? n : 0;
	if (!e)
		return from && n ? -ENOMEM : 0;
	memcpy(e, from, n * size);
	for (size_t i = 0; i < n; i++) {
		int c;

		if (f->type == REC_FIELD_STRINGS)
			c = (((char **)e)[i] = strdup(((char **)e)[i])) ? 0 : -ENOMEM;
		else
			c = rec_fields_copy(f->sub, e + i * size, from + i * size);
		rc = rc ? rc : c;
	}
	return rc;
}

/* struct @f of @to (pointing at @from's) replaced by a copy; NULL when that fails */
static int copy_pointer(const struct rec_field *f, void *to)
{
	const void *from = *AT(to, f->off, void *);
	void *p = from ? malloc(f->elem_size) : NULL;

	*AT(to, f->off, void *) = p;
	if (!p)
		return from ? -ENOMEM : 0;
	memcpy(p, from, f->elem_size);
	return rec_fields_copy(f->sub, p, from);
}

int rec_fields_copy(const struct rec_field *t, void *to, const void *from)
{
	int rc = 0;

	for (const struct rec_field *f = t; f->name; f++) {
		int c = 0;

		switch (f->type) {
		case REC_FIELD_OBJECT:
		case REC_FIELD_GROUP:
			c = rec_fields_copy(f->sub, to, from);
			break;
		case REC_FIELD_ARRAY:
		case REC_FIELD_STRINGS:
			c = copy_array(f, to);
			break;
		case REC_FIELD_POINTER:
			c = copy_pointer(f, to);
			break;
		case REC_FIELD_CUSTOM:
			if (f->custom->copy)
				c = f->custom->copy((char *)to + f->off,
						    (const char *)from + f->off);
			break;
		default:
			if (f->flags & REC_FIELD_OWN)
				c = copy_owned(f, to);
		}
		rc = rc ? rc : c;
	}
	return rc;
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
		if (((f->flags & REC_FIELD_WHEN) || f->when) && !(f->flags & REC_FIELD_OMIT))
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
	case REC_FIELD_POINTER:
		if (!(s = rec_fields_schema(f->sub, variant)))
			return NULL;
		if (!(f->flags & REC_FIELD_OMIT))
			add(s, "type", type_of("object", true));
		break;
	case REC_FIELD_ARRAY:
		s = json_object_new_object();
		add(s, "type", json_object_new_string("array"));
		add(s, "items", rec_fields_schema(f->sub, variant));
		break;
	case REC_FIELD_STRINGS:
		s = json_object_new_object();
		add(s, "type", json_object_new_string("array"));
		add(s, "items", json_object_new_object());
		add(json_object_object_get(s, "items"), "type", json_object_new_string("string"));
		break;
	default:
		s = json_object_new_object();
		if (f->type == REC_FIELD_TEXT || f->type == REC_FIELD_TEXT_SET)
			add(s, "type", type_of("string", true));
		else if (f->type == REC_FIELD_DOUBLE)
			add(s, "type",
			    type_of("number", !(f->flags & (REC_FIELD_NANZERO | REC_FIELD_OMIT))));
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
