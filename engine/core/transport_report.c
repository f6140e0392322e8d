// SPDX-License-Identifier: GPL-2.0-only
/* transport_report.c - the engine's report of its transports, one JSON line each; see
 * transport_report.h. */
#include "core/transport_report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <unistd.h>

/* Append @s to @buf at *@pos (@len bytes, one kept for the terminator). false when it does not
 * fit. */
static bool put_raw(char *buf, size_t len, size_t *pos, const char *s)
{
	for (; *s; s++) {
		if (*pos + 1 >= len)
			return false;
		buf[(*pos)++] = *s;
	}
	return true;
}

/* @s as a JSON string ("..." with '"', '\\' and the control characters escaped), or null. */
static bool put_str(char *buf, size_t len, size_t *pos, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	if (!s)
		return put_raw(buf, len, pos, "null");
	if (!put_raw(buf, len, pos, "\""))
		return false;
	for (; *s; s++) {
		const unsigned char c = (unsigned char)*s;
		char esc[7] = {'\\', (char)c, '\0'};

		if (c < 0x20) {
			esc[1] = 'u';
			esc[2] = '0';
			esc[3] = '0';
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			esc[6] = '\0';
		} else if (c != '"' && c != '\\') {
			esc[0] = (char)c;
			esc[1] = '\0';
		}
		if (!put_raw(buf, len, pos, esc))
			return false;
	}
	return put_raw(buf, len, pos, "\"");
}

size_t ssd_report_line(char *buf, size_t len, const struct ssd_report_entry *e)
{
	size_t pos = 0;

	if (!len)
		return 0;
	if (put_raw(buf, len, &pos, "{\"schema\":\"" SSD_REPORT_SCHEMA "\",\"path\":") &&
	    put_str(buf, len, &pos, e->path) && put_raw(buf, len, &pos, ",\"transport\":") &&
	    put_str(buf, len, &pos, e->transport) &&
	    put_raw(buf, len, &pos, ",\"fallback_from\":") &&
	    put_str(buf, len, &pos, e->fallback_from) && put_raw(buf, len, &pos, ",\"why\":") &&
	    put_str(buf, len, &pos, e->why) && put_raw(buf, len, &pos, ",\"engine\":") &&
	    put_str(buf, len, &pos, e->engine) && put_raw(buf, len, &pos, "}\n")) {
		buf[pos] = '\0';
		return pos;
	}
	buf[0] = '\0';
	return 0;
}

int ssd_report_append(const char *file, const char *line, size_t n)
{
	int fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	ssize_t w;
	int ret = 0;

	if (fd < 0)
		return -errno;
	do
		w = write(fd, line, n);
	while (w < 0 && errno == EINTR);
	if (w < 0)
		ret = -errno;
	else if ((size_t)w != n)
		ret = -EIO;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	return ret;
}
