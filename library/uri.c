// SPDX-License-Identifier: GPL-2.0-only
/*
 * uri.c - a library's location as a PostgreSQL URI (uri.h): recognised, and shown without its
 * password.
 */
#include <string.h>
#include <strings.h>

#include "library/uri.h"

int lib_is_uri(const char *where)
{
	return !strncasecmp(where, "postgresql://", 13) || !strncasecmp(where, "postgres://", 11);
}

/* Append @k bytes of @s to @out (length *@n, size @len), truncating. */
static void append(char *out, size_t len, size_t *n, const char *s, size_t k)
{
	if (*n + 1 >= len)
		return;
	if (k > len - 1 - *n)
		k = len - 1 - *n;
	memcpy(out + *n, s, k);
	*n += k;
	out[*n] = '\0';
}

void lib_uri_shown(const char *uri, char *out, size_t len)
{
	const char *a = strstr(uri, "://"), *end, *at = NULL, *q;
	size_t n = 0;

	if (!len)
		return;
	*out = '\0';
	if (!a) {
		append(out, len, &n, uri, strlen(uri));
		return;
	}
	a += 3;
	end = a + strcspn(a, "/?#");
	for (const char *p = a; p < end; p++)
		if (*p == '@')
			at = p;
	append(out, len, &n, uri, (size_t)(a - uri));
	if (at) { /* user[:password]@: the user kept */
		const char *colon = memchr(a, ':', (size_t)(at - a));

		append(out, len, &n, a, (size_t)((colon ? colon : at) - a));
		a = at;
	}
	append(out, len, &n, a, (size_t)(end - a));
	q = strchr(end, '?');
	append(out, len, &n, end, q ? (size_t)(q - end) : strlen(end));
	if (!q)
		return;
	for (char sep = '?'; *q;) { /* the parameters but password= */
		size_t k;

		q++;
		k = strcspn(q, "&");
		if (k && strncasecmp(q, "password=", 9)) {
			append(out, len, &n, &sep, 1);
			append(out, len, &n, q, k);
			sep = '&';
		}
		q += k;
	}
}
