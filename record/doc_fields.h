/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * doc_fields.h - a stored document described once, as a table of its fields: each member's
 * name, JSON type, unit, whether it is always written, the revision of the document that added
 * it, and which variants of the document carry it (apps.json and tpcc.json are two variants of
 * one table). From the table record/ writes the document (members in the table's order), reads
 * it back into the C struct (a member not known reads as -1, NaN or NULL; a member of the wrong
 * JSON type is refused naming the file, the member's path and what was expected), and makes the
 * document's JSON Schema (draft-07), which docs/schemas/ holds as generated
 * (build/rec-schemas, scripts/schema-sync --check).
 *
 * A table is an array ended by an entry whose name is NULL; offsets are into the struct the
 * table describes (REC_FIELD_OBJECT and REC_FIELD_GROUP nest a table over the same struct,
 * REC_FIELD_ARRAY one over each element of an array the struct points to, REC_FIELD_POINTER one
 * over a struct it points to). Documents kept as tables: apps.json and tpcc.json (apps.c),
 * status.json (status.c), drive.json (drive.c), run.json (run.c, run_pts.c).
 *
 * A struct that owns its strings and JSON values (REC_FIELD_OWN on those members) is read with
 * copies of them, freed with rec_fields_free() and copied whole with rec_fields_copy().
 */
#ifndef SSDENG_RECORD_DOC_FIELDS_H
#define SSDENG_RECORD_DOC_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

enum rec_field_type {
	REC_FIELD_TEXT,	       /* const char *: null for NULL */
	REC_FIELD_TEXT_SET,    /* const char *: null for NULL and "" */
	REC_FIELD_I64,	       /* long long: null when negative (not known); read -1 */
	REC_FIELD_LLONG,       /* long long: always written; read -1 */
	REC_FIELD_LONG,	       /* long: always written; read -1 */
	REC_FIELD_ULLONG,      /* unsigned long long: always written; read 0 */
	REC_FIELD_INT,	       /* int: always written; read 0 (with REC_FIELD_POSITIVE: -1) */
	REC_FIELD_DOUBLE,      /* double: null for NaN; read NaN */
	REC_FIELD_BOOL,	       /* bool; read false */
	REC_FIELD_TRIBOOL,     /* int: 1, 0, or -1 written as null */
	REC_FIELD_ENUM,	       /* const char *: one of values (another refused), null for NULL */
	REC_FIELD_JSON,	       /* json_object *: any JSON value as it is (borrowed either way) */
	REC_FIELD_JSON_OBJECT, /* json_object *: a JSON object as it is, or null (another refused)
				*/
	REC_FIELD_OBJECT,      /* a nested object over the same struct (sub) */
	REC_FIELD_GROUP,       /* sub's members in this object, written when the bool at off is
				* (or .when); read: the bool set when one of them is there */
	REC_FIELD_ARRAY,       /* an array of objects: off a pointer, count_off its size_t (sub) */
	REC_FIELD_CUSTOM,      /* members written and read by custom's functions */
	REC_FIELD_POINTER,     /* an object: off a pointer to a struct of elem_size (sub), NULL
				* null (with REC_FIELD_OMIT left out); read calloc'ed */
	REC_FIELD_STRINGS,     /* an array of strings: off a char ** (owned), count_off its size_t
				*/
};

/* flags */
#define REC_FIELD_POSITIVE 1u /* a number written only when > 0 (else null; read -1) */
#define REC_FIELD_OMIT 2u     /* a member not known is left out rather than written null */
#define REC_FIELD_WHEN 4u     /* OBJECT: written null unless the bool at when_off is true */
#define REC_FIELD_NULLNEG 8u  /* an integer: a negative one written null; read -1 */
/* a number not known reads 0 (not -1 or NaN); an OBJECT: its members read 0, NULL and false
 * while it is null or missing (a member missing from it reads as not known) */
#define REC_FIELD_ZERO 16u
/* TEXT, TEXT_SET, ENUM: the struct owns the string (read as a copy, freed, copied); JSON,
 * JSON_OBJECT: holds a reference (json_object_get() on reading, put by rec_fields_free()) */
#define REC_FIELD_OWN 32u
#define REC_FIELD_NANZERO 64u  /* DOUBLE: NaN written 0.0 (never null) */
#define REC_FIELD_WHOLE 128u   /* DOUBLE: a whole value written as an integer ("60", "0.5") */
#define REC_FIELD_DEFAULT 256u /* an integer not known (missing, null) reads .dflt */
/* A BOOL with REC_FIELD_OMIT is written only when true; an OBJECT with it (and a condition) is
 * left out rather than written null when the condition fails. */

/* rec_fields_read()'s @variant may carry: a member missing (from a file of an older writer that
 * left it out) reads as not known rather than being refused */
#define REC_FIELDS_MISSING_OK (1u << 16)

/* A member (or several, inline) written and read by functions of its own. */
struct rec_field_custom {
	/* add the member(s) to @parent; @p is the struct + the field's off */
	void (*write)(json_object *parent, const char *name, const void *p, unsigned variant);
	/* read them from @parent into @p; Return: 0 or -errno */
	int (*read)(json_object *parent, const char *name, void *p, unsigned variant);
	const char *schema; /* the member(s) of "properties" as JSON text */
	/* optional, for rec_fields_copy() and rec_fields_free(): @to holds a shallow copy of
	 * @from, its owned parts replaced by copies (Return: 0 or -ENOMEM; on failure nothing of
	 * @from left shared); free what @p owns */
	int (*copy)(void *to, const void *from);
	void (*free)(void *p);
};

struct rec_field {
	const char *name;
	enum rec_field_type type;
	size_t off;
	const char *unit;   /* "bytes", "s", "ms", "1/s", "%", "min^-1", or NULL */
	unsigned flags;	    /* REC_FIELD_POSITIVE, _OMIT, _WHEN, _NULLNEG, _ZERO, _OWN, ... */
	unsigned since;	    /* the document's revision that added it; 0 and 1: the first */
	unsigned variants;  /* 1u << variant of each variant that carries it; 0: all */
	const char *schema; /* JSON Schema keywords replacing the type's, as JSON members */
	const struct rec_field *sub;	       /* OBJECT, GROUP, ARRAY, POINTER: its members */
	size_t count_off, elem_size, when_off; /* ARRAY, STRINGS; POINTER; OBJECT _WHEN */
	const struct rec_field_custom *custom; /* CUSTOM */
	int digits;		   /* DOUBLE: written with this many decimals ("1.143"); 0: all */
	const char *const *values; /* ENUM: its values, ended by NULL */
	/* OBJECT: written null unless true for the struct; GROUP: written when true (instead of
	 * the bool at off; reading then sets no bool) */
	bool (*when)(const void *base);
	long long dflt; /* an integer with REC_FIELD_DEFAULT: its value when not known */
};

/** rec_fields_write() - @t's members of @variant, from the struct @base, into object @o. */
void rec_fields_write(json_object *o, const struct rec_field *t, const void *base,
		      unsigned variant);

/**
 * rec_fields_write_file() - rec_fields_write() of @base as a new document, written to @path
 * atomically (rec_json_write()). Return: 0 or -errno.
 */
int rec_fields_write_file(const char *path, const struct rec_field *t, const void *base,
			  unsigned variant);

/**
 * rec_fields_read() - object @o's members described by @t into the struct @base: every member
 * of every variant is first set to "not known", then those of @variant read.
 * @path: the file, for @err; @err, @errlen: "PATH: workload.threads: expected an integer,
 *        found a string", "PATH: instances[1]: "id" missing" (a member added in a later
 *        revision may be missing)
 * Return: 0, -EINVAL (the error in @err), -ENOMEM. Strings and JSON values are borrowed from
 * @o unless REC_FIELD_OWN (copies, references); arrays and pointed structs are calloc'ed
 * (rec_fields_free(), also after a failure).
 */
int rec_fields_read(json_object *o, const struct rec_field *t, void *base, unsigned variant,
		    const char *path, char *err, size_t errlen);

/**
 * rec_fields_free() - the arrays and pointed structs rec_fields_read() allocated in @base, and
 * what it owns (REC_FIELD_OWN strings and JSON references, string arrays, custom members with
 * a free function); those members NULL (counts 0) after.
 */
void rec_fields_free(const struct rec_field *t, void *base);

/**
 * rec_fields_copy() - @to, holding a shallow copy of @from (*to = *from), made a deep one: each
 * array, pointed struct and owned member of @t replaced by a copy (custom members by their
 * copy function). Return: 0 or -ENOMEM; on failure the members not copied are NULL (counts 0)
 * in @to, so rec_fields_free(@t, @to) frees what was.
 */
int rec_fields_copy(const struct rec_field *t, void *to, const void *from);

/**
 * rec_fields_schema() - the JSON Schema of an object described by @t for @variant:
 * "type": "object", no other members, "required" those always written since revision 1,
 * "properties" each member's (its unit as "description").
 * Return: a new object, or NULL (out of memory, or a table's schema text not JSON).
 */
json_object *rec_fields_schema(const struct rec_field *t, unsigned variant);

/**
 * rec_fields_doc_schema() - rec_fields_schema() of @t as a whole document: "$schema"
 * (draft-07), "$id" https://ssdeng.invalid/schemas/@name.schema.json, "title" @title,
 * "description" @description, then the object's keywords.
 * Return: a new object, or NULL (as rec_fields_schema()).
 */
json_object *rec_fields_doc_schema(const struct rec_field *t, unsigned variant, const char *name,
				   const char *title, const char *description);

/**
 * rec_fields_doc_schema_by() - the JSON Schema of a document whose variants are told apart by
 * the string member @key: as rec_fields_doc_schema(), but the object's keywords are "required"
 * @key and "allOf" one "if" @key is @values[v] "then" rec_fields_schema(@t, v) per variant
 * v < @n; the variant whose value is NULL is the one for every other value of @key.
 * Return: a new object, or NULL (as rec_fields_schema()).
 */
json_object *rec_fields_doc_schema_by(const struct rec_field *t, const char *key,
				      const char *const *values, unsigned n, const char *name,
				      const char *title, const char *description);

#endif
