// SPDX-License-Identifier: GPL-2.0-only
/* util.c - small helpers of the review driver (util.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

int rv_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

void rv_addf(char *out, size_t len, const char *fmt, ...)
{
	size_t n = strlen(out);
	va_list ap;

	if (n + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(out + n, len - n, fmt, ap);
	va_end(ap);
}

char *rv_iso_time(time_t t, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

char *rv_hms(long s, char *buf, size_t len)
{
	if (s < 0)
		s = 0;
	if (s >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s % 3600 / 60, s % 60);
	else
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
	return buf;
}

int rv_shell_quote(const char *s, char *out, size_t len)
{
	size_t k = strlen(out);
	bool bare = *s != '\0';

	for (const char *p = s; *p && bare; p++)
		bare = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			      "@%_+=:,./-",
			      *p) != NULL;
	if (bare) {
		if (k + strlen(s) + 1 > len)
			return -ENAMETOOLONG;
		strcpy(out + k, s);
		return 0;
	}
	if (k + 3 > len)
		return -ENAMETOOLONG;
	out[k++] = '\'';
	for (const char *p = s; *p; p++) {
		const char *piece = *p == '\'' ? "'\\''" : NULL;
		size_t n = piece ? strlen(piece) : 1;

		if (k + n + 2 > len) {
			out[k] = '\0';
			return -ENAMETOOLONG;
		}
		if (piece)
			memcpy(out + k, piece, n);
		else
			out[k] = *p;
		k += n;
	}
	out[k++] = '\'';
	out[k] = '\0';
	return 0;
}

int rv_abspath(const char *base, const char *path, char *out, size_t len)
{
	char full[PATH_MAX * 2], cwd[PATH_MAX];
	size_t k = 0;

	if (path[0] == '/')
		snprintf(full, sizeof(full), "%s", path);
	else {
		if (!base)
			base = getcwd(cwd, sizeof(cwd)) ? cwd : "/";
		snprintf(full, sizeof(full), "%s/%s", base, path);
	}
	if (len < 2)
		return -ENAMETOOLONG;
	/* walk the components: skip "" and ".", pop for ".." */
	for (char *save, *c = strtok_r(full, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
		size_t n = strlen(c);

		if (!strcmp(c, "."))
			continue;
		if (!strcmp(c, "..")) {
			while (k > 0 && out[k - 1] != '/')
				k--;
			if (k > 0)
				k--;
			continue;
		}
		if (k + n + 2 > len)
			return -ENAMETOOLONG;
		out[k++] = '/';
		memcpy(out + k, c, n);
		k += n;
	}
	if (k == 0)
		out[k++] = '/';
	out[k] = '\0';
	return 0;
}

int rv_mkdirs(const char *path)
{
	char p[PATH_MAX];

	if ((size_t)snprintf(p, sizeof(p), "%s", path) >= sizeof(p))
		return -ENAMETOOLONG;
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			return -errno;
		*s = '/';
	}
	if (mkdir(p, 0777) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}
