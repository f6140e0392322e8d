// SPDX-License-Identifier: GPL-2.0-only
/* jobfile.c - ${VAR} expansion, group sections, the probe job (jobfile.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/jobfile.h"

/* A growing string. */
struct buf {
	char *s;
	size_t n, cap;
	bool oom;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = (b->n + n + 1) * 2;
		char *g = realloc(b->s, cap);

		if (!g) {
			b->oom = true;
			return;
		}
		b->s = g;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static void puts_(struct buf *b, const char *s) { put(b, s, strlen(s)); }

static int done(struct buf *b, char **out)
{
	if (b->oom || !b->s) {
		free(b->s);
		*out = NULL;
		return -ENOMEM;
	}
	*out = b->s;
	return 0;
}

/* The length of a ${NAME} or ${?NAME} reference at @p, 0 when there is none. */
static size_t ref_len(const char *p)
{
	size_t n = p[0] == '$' && p[1] == '{' && p[2] == '?' ? 3 : 2;

	if (p[0] != '$' || p[1] != '{' || !(isalpha((unsigned char)p[n]) || p[n] == '_'))
		return 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return p[n] == '}' ? n + 1 : 0;
}

/* Does the line at @p name an optional ${?NAME} that @env does not set? */
static bool line_left_out(const char *p, const struct rv_env *env)
{
	char name[64];

	for (; *p && *p != '\n'; p++) {
		size_t n = ref_len(p);

		if (!n || p[2] != '?')
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(n - 4), p + 3);
		if (!rv_env_get(env, name))
			return true;
	}
	return false;
}

/* Append line @p..@end of a jobfile to @b with its references filled in from @env. */
static int expand_line(struct buf *b, const char *p, const char *end, const struct rv_env *env,
		       unsigned int lineno, char *missing, size_t mlen)
{
	bool comment = p[0] == '#' || p[0] == ';';

	while (p < end) {
		size_t n = comment ? 0 : ref_len(p);
		bool opt = n && p[2] == '?';
		char name[64];
		const char *v;

		if (!n) {
			put(b, p++, 1);
			continue;
		}
		snprintf(name, sizeof(name), "%.*s", (int)(n - (opt ? 4 : 3)), p + (opt ? 3 : 2));
		v = rv_env_get(env, name);
		if (!v) {
			snprintf(missing, mlen, "line %u: ${%s}", lineno, name);
			return -ENOENT;
		}
		puts_(b, v);
		p += n;
	}
	return 0;
}

int rv_jobfile_expand(const char *text, const struct rv_env *env, char **out, char *missing,
		      size_t mlen)
{
	struct buf b = {0};
	unsigned int lineno = 1;

	put(&b, "", 0);
	for (const char *line = text; *line; lineno++) {
		size_t len = strcspn(line, "\n");
		const char *end = line + len + (line[len] ? 1 : 0);
		bool comment = line[0] == '#' || line[0] == ';';

		if ((comment || !line_left_out(line, env)) &&
		    expand_line(&b, line, end, env, lineno, missing, mlen)) {
			free(b.s);
			*out = NULL;
			return -ENOENT;
		}
		line = end;
	}
	return done(&b, out);
}

/* Is the line at @p (up to @n bytes) a section header other than [global]? */
static bool job_header(const char *p, size_t n)
{
	return n >= 2 && p[0] == '[' && p[n - 1] == ']' && !(n == 8 && !strncmp(p, "[global]", 8));
}

int rv_jobfile_group(const char *text, const struct rv_jobfile_member *m, size_t n, char **out)
{
	struct buf head = {0}, body = {0}, all = {0};
	bool in_job = false;
	int r;

	put(&head, "", 0);
	put(&body, "", 0);
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (job_header(p, len))
			in_job = true;
		else {
			put(in_job ? &body : &head, p, len);
			put(in_job ? &body : &head, "\n", 1);
		}
		p += len + (nl ? 1 : 0);
	}
	if (!in_job) {
		free(head.s);
		free(body.s);
		return -EINVAL;
	}
	put(&all, "", 0);
	puts_(&all, head.s ? head.s : "");
	for (size_t i = 0; i < n; i++) {
		puts_(&all, "\n[");
		puts_(&all, m[i].name);
		puts_(&all, "]\nfilename=");
		puts_(&all, m[i].node);
		puts_(&all, "\ngroup_reporting=1\n");
		if (i)
			puts_(&all, "new_group=1\n");
		puts_(&all, body.s ? body.s : "");
	}
	r = head.oom || body.oom ? -ENOMEM : 0;
	free(head.s);
	free(body.s);
	if (r) {
		free(all.s);
		return r;
	}
	return done(&all, out);
}

int rv_jobfile_probe(const char *ioengine, const char *engine_opt, const char *node, char *out,
		     size_t len)
{
	int n = snprintf(out, len,
			 "[probe]\nioengine=%s\n%s\nfilename=%s\nrw=read\nbs=4k\nsize=16k\n"
			 "direct=1\nthread\n",
			 ioengine, engine_opt, node);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int rv_jobfile_probe_bs(const char *ioengine, const char *engine_opt, const char *node,
			unsigned long long bs, char *out, size_t len)
{
	int n = snprintf(out, len,
			 "[probe]\nioengine=%s\n%s\nfilename=%s\nrw=read\nbs=%llu\nsize=%llu\n"
			 "direct=1\nthread\n",
			 ioengine, engine_opt, node, bs, bs);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}
