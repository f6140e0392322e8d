// SPDX-License-Identifier: GPL-2.0-only
/* fio_doc.c - fio's output as one json-c tree (fio_doc.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/fio_doc.h"
#include "record/json.h"

/* The document being read, and the last one read whole. */
struct gather {
	json_object *cur, *last;
	size_t first_start, last_end;
	long n;
};

static int top(void *ctx, const char *key, json_object *v)
{
	struct gather *g = ctx;

	if (!g->cur && !(g->cur = json_object_new_object()))
		return -ENOMEM;
	return json_object_object_add(g->cur, key, json_object_get(v)) ? -ENOMEM : 0;
}

static int job(void *ctx, const char *array, json_object *job, struct rec_fio_bins *bins)
{
	struct gather *g = ctx;
	json_object *a;

	(void)bins;
	if (!g->cur && !(g->cur = json_object_new_object()))
		return -ENOMEM;
	if (!json_object_object_get_ex(g->cur, array, &a)) {
		if (!(a = json_object_new_array()))
			return -ENOMEM;
		json_object_object_add(g->cur, array, a);
	}
	return json_object_array_add(a, json_object_get(job)) ? -ENOMEM : 0;
}

static int doc(void *ctx, size_t start, size_t end, size_t njobs)
{
	struct gather *g = ctx;

	(void)njobs;
	if (!g->n++)
		g->first_start = start;
	g->last_end = end;
	json_object_put(g->last);
	g->last = g->cur;
	g->cur = NULL;
	return 0;
}

static void drop(void *ctx)
{
	struct gather *g = ctx;

	json_object_put(g->cur);
	g->cur = NULL;
}

int rec_fio_doc_parse(const char *text, size_t len, struct rec_fio_doc *d,
		      struct rec_fio_error *err)
{
	static const struct rec_fio_scan_ops ops = {
	    .top = top, .job = job, .doc = doc, .drop = drop};
	struct gather g = {0};
	char *copy = malloc(len + 1); /* the scanner rewrites nan/inf in place */
	long n;

	memset(d, 0, sizeof(*d));
	if (!copy)
		return -ENOMEM;
	memcpy(copy, text, len);
	copy[len] = '\0';
	n = rec_fio_scan(copy, len, &ops, &g, false, err);
	free(copy);
	json_object_put(g.cur);
	if (n < 0) {
		json_object_put(g.last);
		return (int)n;
	}
	d->json = g.last;
	d->start = g.first_start;
	d->end = g.last_end;
	d->ndocs = (size_t)n;
	rec_fio_version_parse(rec_json_str(d->json, "fio version"), &d->version);
	return 0;
}

/* The line of byte @off in @text, from 1. */
static size_t line_of(const char *text, size_t off)
{
	size_t line = 1;

	for (const char *p = text; (p = memchr(p, '\n', (size_t)(text + off - p))); p++)
		line++;
	return line;
}

int rec_fio_doc_read(const char *path, struct rec_fio_doc *d, char *err, size_t errlen)
{
	struct rec_fio_error fe;
	char *text;
	size_t len;
	int rc = rec_file_read(path, &text, &len);

	memset(d, 0, sizeof(*d));
	if (rc) {
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		return rc;
	}
	rc = rec_fio_doc_parse(text, len, d, &fe);
	if (rc == -EINVAL && fe.off != (size_t)-1 && fe.off <= len)
		snprintf(err, errlen, "%s:%zu: byte %zu: %s", path, line_of(text, fe.off), fe.off,
			 fe.msg);
	else if (rc == -EINVAL)
		snprintf(err, errlen, "%s: %s", path, fe.msg);
	else if (rc)
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
	free(text);
	return rc;
}

void rec_fio_doc_free(struct rec_fio_doc *d)
{
	json_object_put(d->json);
	memset(d, 0, sizeof(*d));
}
