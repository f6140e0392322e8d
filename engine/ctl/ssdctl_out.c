// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_out.c - the one output writer of ssdctl: json-c for --json, an indented
 * "key: value" walk of the same object for people. A null prints as "not reported".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ctl/ssdctl.h"

void ssdctl_put_u64(json_object *o, const char *key, bool valid, uint64_t v)
{
	json_object_object_add(o, key, valid ? json_object_new_uint64(v) : NULL);
}

void ssdctl_put_i64(json_object *o, const char *key, bool valid, int64_t v)
{
	json_object_object_add(o, key, valid ? json_object_new_int64(v) : NULL);
}

void ssdctl_put_str(json_object *o, const char *key, const char *s)
{
	json_object_object_add(o, key, s && *s ? json_object_new_string(s) : NULL);
}

void ssdctl_put_bool(json_object *o, const char *key, bool valid, bool v)
{
	json_object_object_add(o, key, valid ? json_object_new_boolean(v) : NULL);
}

void ssdctl_put_hex(json_object *o, const char *key, unsigned int width, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%0*" PRIx64, (int)width, v);
	json_object_object_add(o, key, json_object_new_string(buf));
}

static void text_value(json_object *v, int depth, FILE *out);

static void indent(int depth, FILE *out) { fprintf(out, "%*s", 2 * depth, ""); }

/* Is @v printed on the same line as its key? */
static bool scalar(json_object *v)
{
	enum json_type t = json_object_get_type(v);

	if (t == json_type_array) {
		for (size_t i = 0; i < json_object_array_length(v); i++)
			if (!scalar(json_object_array_get_idx(v, i)))
				return false;
		return true;
	}
	return t != json_type_object;
}

static void text_scalar(json_object *v, FILE *out)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		fputs("not reported", out);
		break;
	case json_type_string:
		fputs(json_object_get_string(v), out);
		break;
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			fputs(i ? ", " : "", out);
			text_scalar(json_object_array_get_idx(v, i), out);
		}
		if (json_object_array_length(v) == 0)
			fputs("none", out);
		break;
	case json_type_boolean:
		fputs(json_object_get_boolean(v) ? "yes" : "no", out);
		break;
	default:
		fputs(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN), out);
	}
}

static void text_object(json_object *obj, int depth, FILE *out)
{
	json_object_object_foreach(obj, key, v)
	{
		/* the objects of transports the drive does not use are null: not worth a line */
		if (!strcmp(key, "schema") ||
		    (depth == 0 && !v &&
		     (!strcmp(key, "nvme") || !strcmp(key, "scsi") || !strcmp(key, "ata"))))
			continue;
		indent(depth, out);
		fprintf(out, "%s:", key);
		if (scalar(v)) {
			fputc(' ', out);
			text_scalar(v, out);
			fputc('\n', out);
		} else {
			fputc('\n', out);
			text_value(v, depth + 1, out);
		}
	}
}

static void text_value(json_object *v, int depth, FILE *out)
{
	if (json_object_get_type(v) == json_type_object) {
		text_object(v, depth, out);
		return;
	}
	for (size_t i = 0; i < json_object_array_length(v); i++) {
		json_object *e = json_object_array_get_idx(v, i);

		indent(depth, out);
		fprintf(out, "- [%zu]\n", i);
		if (scalar(e)) {
			indent(depth + 1, out);
			text_scalar(e, out);
			fputc('\n', out);
		} else {
			text_value(e, depth + 1, out);
		}
	}
}

int ssdctl_emit(json_object *obj, bool json, FILE *out)
{
	if (json) {
		fputs(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PRETTY |
							      JSON_C_TO_STRING_SPACED |
							      JSON_C_TO_STRING_NOSLASHESCAPE),
		      out);
		fputc('\n', out);
	} else {
		text_object(obj, 0, out);
	}
	return fflush(out) == 0 && !ferror(out) ? 0 : -EIO;
}
