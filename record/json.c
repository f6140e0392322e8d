// SPDX-License-Identifier: GPL-2.0-only
/* json.c - files and JSON values of the record (json.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/json.h"

/* What a file of mode @m that is no regular file is. */
static const char *file_type(mode_t m)
{
	return S_ISDIR(m)    ? "a directory"
	       : S_ISFIFO(m) ? "a FIFO"
	       : S_ISSOCK(m) ? "a socket"
	       : S_ISCHR(m)  ? "a character device"
	       : S_ISBLK(m)  ? "a block device"
			     : "not a regular file";
}

int rec_file_open(const char *path, const char **what)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY), rc;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		rc = -errno;
		close(fd);
		return rc;
	}
	if (!S_ISREG(st.st_mode)) {
		if (what)
			*what = file_type(st.st_mode);
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

void rec_file_error(const char *path, int rc, char *out, size_t len)
{
	const char *what = NULL;

	if (rc == -EINVAL && rec_file_open(path, &what) == -EINVAL && what)
		snprintf(out, len, "%s, not a regular file", what);
	else
		snprintf(out, len, "%s", strerror(-rc));
}

int rec_file_read(const char *path, char **text, size_t *len)
{
	struct stat st;
	size_t cap, n = 0;
	char *buf;
	int fd, rc = 0;

	*text = NULL;
	fd = rec_file_open(path, NULL);
	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0) {
		rc = -errno;
		close(fd);
		return rc;
	}
	/* the size it has now, and room to grow for a file still being written (or /proc) */
	cap = (size_t)st.st_size + 4096;
	buf = malloc(cap);
	while (buf) {
		ssize_t r = read(fd, buf + n, cap - n - 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rc = -errno;
			break;
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
	if (!buf)
		return -ENOMEM;
	if (rc) {
		free(buf);
		return rc;
	}
	buf[n] = '\0';
	*text = buf;
	if (len)
		*len = n;
	return 0;
}

int rec_file_write(const char *path, const char *data, size_t len)
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

int rec_json_write(const char *path, json_object *obj)
{
	size_t len;
	const char *s = json_object_to_json_string_length(
	    obj, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE,
	    &len);
	char *buf = s ? malloc(len + 2) : NULL;
	int r;

	if (!buf)
		return -ENOMEM;
	memcpy(buf, s, len);
	buf[len] = '\n';
	r = rec_file_write(path, buf, len + 1);
	free(buf);
	return r;
}

json_object *rec_json_read(const char *path, bool *missing, char *err, size_t errlen)
{
	json_tokener *tok;
	json_object *o;
	char *text;
	size_t len;
	int r = rec_file_read(path, &text, &len);

	if (missing)
		*missing = r == -ENOENT;
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
	o = json_tokener_parse_ex(tok, text, (int)(len > INT_MAX ? INT_MAX : len));
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

json_object *rec_json_text(const char *s) { return s ? json_object_new_string(s) : NULL; }

json_object *rec_json_i64(long long v) { return v >= 0 ? json_object_new_int64(v) : NULL; }

json_object *rec_json_get(json_object *o, const char *key)
{
	json_object *v;

	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v; /* NULL for a JSON null */
}

const char *rec_json_str(json_object *o, const char *key)
{
	json_object *v = rec_json_get(o, key);

	return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

char *rec_json_strdup(json_object *o, const char *key, int *rc)
{
	const char *s = rec_json_str(o, key);
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

bool rec_json_num(json_object *o, const char *key, double *v)
{
	json_object *m = rec_json_get(o, key);
	enum json_type t = m ? json_object_get_type(m) : json_type_null;

	if (t == json_type_int || t == json_type_double)
		*v = json_object_get_double(m);
	else if (t == json_type_boolean)
		*v = json_object_get_boolean(m) ? 1 : 0;
	else
		return false;
	return true;
}

long long rec_json_i64_or(json_object *o, const char *key, long long def)
{
	json_object *m = rec_json_get(o, key);
	enum json_type t = m ? json_object_get_type(m) : json_type_null;

	return t == json_type_int || t == json_type_double ? json_object_get_int64(m) : def;
}

int rec_str_set(char **field, const char *s)
{
	char *c = s ? strdup(s) : NULL;

	free(*field);
	*field = c;
	return s && !c ? -ENOMEM : 0;
}
