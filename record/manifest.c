// SPDX-License-Identifier: GPL-2.0-only
/* manifest.c - the origin of a results directory, and its comparison (manifest.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/json.h"
#include "record/manifest.h"

static const char *const compared[] = {"request", "drive", "software", "host"};

static void add(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

void rec_manifest_id(json_object *m, char *out)
{
	json_object *sub = json_object_new_object(), *v;

	for (size_t i = 0; i < sizeof(compared) / sizeof(compared[0]); i++)
		if (json_object_object_get_ex(m, compared[i], &v))
			add(sub, compared[i], json_object_get(v));
	snprintf(out, 17, "%016llx",
		 (unsigned long long)rec_fnv1a64(json_object_to_json_string_ext(
		     sub, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)));
	json_object_put(sub);
}

json_object *rec_manifest_new(struct rec_manifest_parts *p)
{
	json_object *m = json_object_new_object();
	char id[17];

	if (!m) {
		json_object_put(p->command);
		json_object_put(p->request);
		json_object_put(p->drive);
		json_object_put(p->software);
		json_object_put(p->host);
		json_object_put(p->info);
		return NULL;
	}
	add(m, "schema", json_object_new_string(REC_MANIFEST_SCHEMA));
	add(m, "id", NULL);
	add(m, "created", p->created ? json_object_new_string(p->created) : NULL);
	add(m, "command", p->command);
	add(m, "cwd", p->cwd ? json_object_new_string(p->cwd) : NULL);
	add(m, "request", p->request);
	add(m, "drive", p->drive);
	add(m, "software", p->software);
	add(m, "host", p->host);
	add(m, "info", p->info);
	rec_manifest_id(m, id);
	add(m, "id", json_object_new_string(id));
	return m;
}

/* @v as JSON text, "(none)" when the key is absent (@has false); the copy is the caller's. */
static char *text(json_object *v, bool has)
{
	if (!has)
		return strdup("(none)");
	return strdup(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN |
							    JSON_C_TO_STRING_NOSLASHESCAPE));
}

/* Appends "@path: A in the results, B now\n" to @out ("...\n" once it is full). */
static void line(char *out, size_t len, const char *path, json_object *a, bool ha, json_object *b,
		 bool hb)
{
	size_t k = strlen(out);
	char *sa = text(a, ha), *sb = text(b, hb);
	int n;

	if (k + 5 < len && !(k >= 4 && !strcmp(out + k - 4, "...\n"))) {
		n = snprintf(out + k, len - k, "%s: %s in the results, %s now\n", path,
			     sa ? sa : "?", sb ? sb : "?");
		if (n < 0 || (size_t)n >= len - k)
			snprintf(out + len - 5, 5, "...\n");
	}
	free(sa);
	free(sb);
}

static bool equal(json_object *a, bool ha, json_object *b, bool hb)
{
	char *sa, *sb;
	bool eq;

	if (ha != hb)
		return false;
	sa = text(a, ha);
	sb = text(b, hb);
	eq = sa && sb && !strcmp(sa, sb);
	free(sa);
	free(sb);
	return eq;
}

/* Compare @a and @b under @path; objects member by member (both sides' keys). */
static int diff(const char *path, json_object *a, bool ha, json_object *b, bool hb, char *out,
		size_t len)
{
	char sub[512];
	int n = 0;

	if (!json_object_is_type(a, json_type_object) ||
	    !json_object_is_type(b, json_type_object)) {
		if (equal(a, ha, b, hb))
			return 0;
		line(out, len, path, a, ha, b, hb);
		return 1;
	}
	json_object_object_foreach(a, ka, va)
	{
		json_object *vb = NULL;
		bool has = json_object_object_get_ex(b, ka, &vb);

		snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", ka);
		n += diff(sub, va, true, vb, has, out, len);
	}
	json_object_object_foreach(b, kb, vb2)
	{
		if (json_object_object_get_ex(a, kb, NULL))
			continue;
		snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", kb);
		n += diff(sub, NULL, false, vb2, true, out, len);
	}
	return n;
}

int rec_manifest_diff(json_object *old, json_object *cur, char *out, size_t len)
{
	int n = 0;

	out[0] = '\0';
	for (size_t i = 0; i < sizeof(compared) / sizeof(compared[0]); i++) {
		json_object *a = NULL, *b = NULL;
		bool ha = json_object_object_get_ex(old, compared[i], &a),
		     hb = json_object_object_get_ex(cur, compared[i], &b);

		/* the request's keys read best without their part's name: "profile" */
		n +=
		    diff(strcmp(compared[i], "request") ? compared[i] : "", a, ha, b, hb, out, len);
	}
	return n;
}

const char *rec_manifest_host(json_object *m)
{
	const char *h = rec_json_str(m, "host");

	return h ? h : rec_json_str(rec_json_get(m, "host"), "name");
}

const char *rec_manifest_suite(json_object *m, size_t i)
{
	json_object *v = rec_json_get(m, "suites");

	if (!v)
		v = rec_json_get(rec_json_get(m, "request"), "suite");
	if (v && json_object_is_type(v, json_type_array))
		return i < json_object_array_length(v)
			   ? json_object_get_string(json_object_array_get_idx(v, i))
			   : NULL;
	return !i && v && json_object_is_type(v, json_type_string) ? json_object_get_string(v)
								   : NULL;
}

uint64_t rec_fnv1a64(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}
