// SPDX-License-Identifier: GPL-2.0-only
/* engine_report.c - the engine's report of its transports read back (engine_report.h) with one
 * table of fields (doc_fields.h), from which its JSON Schema is made too. */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/doc_fields.h"
#include "record/engine_report.h"
#include "record/json.h"

static void schema_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)p, (void)w;
	json_object_object_add(o, k, json_object_new_string(REC_ENGINE_REPORT_SCHEMA));
}

static int nothing_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)o, (void)k, (void)p, (void)w;
	return 0;
}

static const struct rec_field_custom schema = {
    schema_write, nothing_read, "\"schema\": {\"const\": \"" REC_ENGINE_REPORT_SCHEMA "\"}"};

#define L(m) offsetof(struct rec_engine_line, m)
#define NAME "\"type\": \"string\", \"minLength\": 1"
#define WHAT(text) "\"description\": \"" text "\""

static const struct rec_field line_fields[] = {
    {"schema", REC_FIELD_CUSTOM, 0, .custom = &schema},
    {"path", REC_FIELD_TEXT, L(path), .schema = NAME ", " WHAT("the file as fio names it")},
    {"transport", REC_FIELD_TEXT, L(transport),
     .schema = NAME ", " WHAT("the engine's transport that drives it (docs/engine.md)")},
    {"fallback_from", REC_FIELD_TEXT, L(fallback_from),
     .schema = WHAT("the transport that refused the file, null when none did")},
    {"why", REC_FIELD_TEXT, L(why), .schema = WHAT("why it refused, null when none did")},
    {"engine", REC_FIELD_TEXT, L(engine), .schema = NAME ", " WHAT("the engine's version")},
    {NULL},
};

/* Line @no (@s, @n bytes) into @r's next entry. Return 0, -EINVAL or -ENOMEM. */
static int read_line(struct rec_engine_report *r, const char *path, size_t no, const char *s,
		     size_t n, char *err, size_t errlen)
{
	struct rec_engine_line *e = &r->lines[r->n];
	char where[PATH_MAX + 32], sub[512];
	json_tokener *tok = json_tokener_new();
	json_object *o;
	const char *sch;

	if (!tok)
		return -ENOMEM;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	o = json_tokener_parse_ex(tok, s, (int)(n > INT_MAX ? INT_MAX : n));
	snprintf(where, sizeof(where), "%s: line %zu", path, no);
	if (!o || json_tokener_get_error(tok) != json_tokener_success ||
	    json_tokener_get_parse_end(tok) != n) {
		snprintf(err, errlen, "%s: not JSON (%s at offset %zu)", where,
			 o ? "text after the object"
			   : json_tokener_error_desc(json_tokener_get_error(tok)),
			 json_tokener_get_parse_end(tok));
		json_object_put(o);
		json_tokener_free(tok);
		return -EINVAL;
	}
	json_tokener_free(tok);
	r->docs[r->n] = o;
	if (!json_object_is_type(o, json_type_object)) {
		snprintf(err, errlen, "%s: expected a JSON object", where);
		return -EINVAL;
	}
	sch = rec_json_str(o, "schema");
	if (!sch || strcmp(sch, REC_ENGINE_REPORT_SCHEMA)) {
		snprintf(err, errlen, "%s: schema %s is not " REC_ENGINE_REPORT_SCHEMA, where,
			 sch ? sch : "missing");
		return -EINVAL;
	}
	if (rec_fields_read(o, line_fields, e, 0, where, sub, sizeof(sub))) {
		snprintf(err, errlen, "%s", sub);
		return -EINVAL;
	}
	if (!e->path || !e->transport || !e->engine || !*e->path || !*e->transport) {
		snprintf(err, errlen, "%s: %s: missing", where,
			 !e->path || !*e->path		   ? "path"
			 : !e->transport || !*e->transport ? "transport"
							   : "engine");
		return -EINVAL;
	}
	r->n++;
	return 0;
}

int rec_engine_report_read(const char *path, struct rec_engine_report *r, char *err, size_t errlen)
{
	char *text;
	size_t len, lines = 0, no = 0;
	int rc;

	memset(r, 0, sizeof(*r));
	rc = rec_file_read(path, &text, &len);
	if (rc < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		return rc;
	}
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	lines++;
	r->lines = calloc(lines, sizeof(*r->lines));
	/* one more: the list of objects ends in NULL (rec_engine_report_free()) */
	r->docs = calloc(lines + 1, sizeof(*r->docs));
	if (!r->lines || !r->docs) {
		free(text);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (const char *p = text; p < text + len;) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);

		no++;
		if (n && (rc = read_line(r, path, no, p, n, err, errlen)))
			break;
		p += n + 1;
	}
	free(text);
	return rc;
}

void rec_engine_report_free(struct rec_engine_report *r)
{
	for (size_t i = 0; r->docs && r->docs[i]; i++)
		json_object_put(r->docs[i]);
	free(r->docs);
	free(r->lines);
	memset(r, 0, sizeof(*r));
}

/* Whether line @i is the first of its path. */
static bool first_of_path(const struct rec_engine_report *r, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(r->lines[k].path, r->lines[i].path))
			return false;
	return true;
}

size_t rec_engine_report_fallbacks(const struct rec_engine_report *r, char *out, size_t len)
{
	size_t paths = 0, fell = 0, used = 0;

	for (size_t i = 0; i < r->n; i++)
		paths += first_of_path(r, i);
	if (len)
		out[0] = '\0';
	for (size_t i = 0; i < r->n; i++) {
		const struct rec_engine_line *last = NULL, *fb = NULL;

		if (!first_of_path(r, i))
			continue;
		for (size_t k = i; k < r->n; k++)
			if (!strcmp(r->lines[k].path, r->lines[i].path)) {
				last = &r->lines[k];
				fb = last->fallback_from ? last : fb;
			}
		if (!fb)
			continue;
		if (used < len)
			used += (size_t)snprintf(
			    out + used, len - used, "%s%s%s%s (%s refused: %s)", fell ? "; " : "",
			    paths > 1 ? fb->path : "", paths > 1 ? ": " : "", last->transport,
			    fb->fallback_from, fb->why ? fb->why : "no reason given");
		fell++;
	}
	return fell;
}

json_object *rec_engine_report_schema_json(void)
{
	return rec_fields_doc_schema(
	    line_fields, 0, "engine-report", "ssdeng engine report line",
	    "One line of OUT/<label>/logs/<test>.engine.jsonl: which transport drove a file of the "
	    "test, as the engine reported it (SSDENG_REPORT; docs/results-format.md)");
}
