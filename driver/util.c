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

#include "util.h"

int rv_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
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

int rv_read_file(const char *path, char **text, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*text = NULL;
	if (fd < 0)
		return -errno;
	buf = malloc(cap);
	for (;;) {
		ssize_t r;

		if (!buf) {
			close(fd);
			return -ENOMEM;
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = -errno;

			free(buf);
			close(fd);
			return e;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n + 1 == cap) {
			char *g = realloc(buf, cap * 2);

			if (!g)
				free(buf);
			buf = g;
			cap *= 2;
		}
	}
	close(fd);
	buf[n] = '\0';
	*text = buf;
	if (len)
		*len = n;
	return 0;
}

int rv_write_atomic(const char *path, const char *data, size_t len)
{
	char tmp[PATH_MAX];
	size_t done = 0;
	int fd, e = 0;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			e = -errno;
			break;
		}
		done += (size_t)w;
	}
	if (close(fd) < 0 && !e)
		e = -errno;
	if (!e && rename(tmp, path) < 0)
		e = -errno;
	if (e)
		unlink(tmp);
	return e;
}

int rv_json_write(const char *path, json_object *obj)
{
	size_t len;
	const char *s = json_object_to_json_string_length(
	    obj, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE,
	    &len);
	char *buf = malloc(len + 2);
	int r;

	if (!buf)
		return -ENOMEM;
	memcpy(buf, s, len);
	buf[len] = '\n';
	r = rv_write_atomic(path, buf, len + 1);
	free(buf);
	return r;
}

json_object *rv_json_read(const char *path, char *err, size_t errlen)
{
	json_tokener *tok;
	json_object *o;
	char *text;
	size_t len;
	int r = rv_read_file(path, &text, &len);

	if (r < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(-r));
		return NULL;
	}
	tok = json_tokener_new();
	if (!tok) {
		free(text);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	o = json_tokener_parse_ex(tok, text, (int)len);
	if (!o || json_tokener_get_error(tok) != json_tokener_success) {
		snprintf(err, errlen, "%s: not JSON (%s at offset %zu)", path,
			 json_tokener_error_desc(json_tokener_get_error(tok)),
			 json_tokener_get_parse_end(tok));
		json_object_put(o);
		o = NULL;
	}
	json_tokener_free(tok);
	free(text);
	return o;
}

const char *rv_json_str(json_object *o, const char *key)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
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

uint64_t rv_fnv1a64(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}
