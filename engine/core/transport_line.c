// SPDX-License-Identifier: GPL-2.0-only
/* transport_line.c - the engine's information lines, written and read; see transport_line.h. */
#include "core/transport_line.h"
#include "common/ssd_str.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PREFIX "ssdeng: "
#define REFUSED " refused the file ("
#define USING "; using "

size_t ssd_transport_line(char *buf, size_t len, const char *path, const char *name,
			  const char *desc)
{
	size_t pos = ssd_str_put(buf, len - 1, 0, PREFIX, SIZE_MAX);

	pos = ssd_str_put(buf, len - 1, pos, path, SIZE_MAX);
	pos = ssd_str_put(buf, len - 1, pos, ": ", SIZE_MAX);
	pos = ssd_str_put(buf, len - 1, pos, name, SIZE_MAX);
	pos = ssd_str_put(buf, len - 1, pos, ", ", SIZE_MAX);
	pos = ssd_str_put(buf, len - 1, pos, desc, SIZE_MAX);
	buf[pos++] = '\n';
	buf[pos] = '\0';
	return pos;
}

void ssd_fallback_text(char *buf, size_t len, const char *path, const char *from, const char *why,
		       const char *to)
{
	snprintf(buf, len, "%s: %s" REFUSED "%s)" USING "%s", path, from, why, to);
}

/* The registered transport whose name starts @s (@n bytes) and is followed by @after. */
static const struct ssd_transport_reg *named(const char *s, size_t n, const char *after)
{
	const size_t a = strlen(after);

	for (size_t i = 0; i < ssd_transport_count(); i++) {
		const struct ssd_transport_reg *t = ssd_transport_at(i);
		const size_t k = strlen(t->ops->name);

		if (k + a <= n && !memcmp(s, t->ops->name, k) && !memcmp(s + k, after, a))
			return t;
	}
	return NULL;
}

/* The fallback a "T refused the file (WHY); using F" text @s (@n bytes) ends with, else NULL. */
static const struct ssd_transport_reg *fallback_of(const char *s, size_t n)
{
	const size_t u = strlen(USING);

	/* WHY may hold "; ", so the last "; using " is the one */
	for (size_t i = n; i-- > 0;)
		if (i + u <= n && !memcmp(s + i, USING, u))
			return ssd_transport_find(s + i + u, n - i - u);
	return NULL;
}

enum ssd_line_kind ssd_transport_line_parse(const char *line, size_t n, struct ssd_line_info *info)
{
	const size_t p = strlen(PREFIX);
	const struct ssd_transport_reg *t;
	const char *rest, *end = line + n;
	enum ssd_line_kind kind;

	if (n <= p || memcmp(line, PREFIX, p))
		return SSD_LINE_OTHER;
	rest = memmem(line + p, n - p, ": ", 2);
	if (!rest)
		return SSD_LINE_OTHER;
	if ((size_t)(end - rest - 2) >= 6 && !memcmp(rest + 2, "note: ", 6)) {
		kind = SSD_LINE_NOTE;
		t = NULL;
	} else if ((t = named(rest + 2, (size_t)(end - rest - 2), ","))) {
		kind = SSD_LINE_TRANSPORT;
	} else if (named(rest + 2, (size_t)(end - rest - 2), REFUSED)) {
		kind = SSD_LINE_FALLBACK;
		t = fallback_of(rest + 2, (size_t)(end - rest - 2));
		if (!t)
			return SSD_LINE_OTHER;
	} else {
		return SSD_LINE_OTHER;
	}
	if (info) {
		info->path = line + p;
		info->path_len = (size_t)(rest - line) - p;
		info->transport = t;
	}
	return kind;
}
