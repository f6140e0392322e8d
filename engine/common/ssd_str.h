/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ssd_str.h - the engine's bounded string copy and append, for the paths, names and device
 * descriptions its set-up builds into fixed buffers on every job (snprintf's "%s" costs about
 * ten times as much, a description of a few numbers about 2,000 instructions). Pure: no
 * system call, no state; the codecs may use it.
 */
#ifndef SSDENG_COMMON_SSD_STR_H
#define SSDENG_COMMON_SSD_STR_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/**
 * ssd_str_copy() - copy @src into @dst (@len bytes, @len > 0), truncated to fit and always
 * terminated, as snprintf(dst, len, "%s", src) does.
 * Return: true when the whole of @src fit.
 */
static inline bool ssd_str_copy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);
	bool fit = n < len;

	if (!fit)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return fit;
}

/**
 * ssd_str_put() - append at most @max bytes of @src (up to its terminator) to @dst (@len bytes,
 * @len > 0) at @pos, truncated to fit and always terminated, as snprintf's "%.MAXs" does.
 * Return: the new end, at most @len - 1; @pos is taken as the string's end (strlen(@dst)).
 */
static inline size_t ssd_str_put(char *dst, size_t len, size_t pos, const char *src, size_t max)
{
	const size_t room = pos + 1 < len ? len - 1 - pos : 0;
	const size_t n = strnlen(src, max < room ? max : room);

	memcpy(dst + pos, src, n);
	pos += n;
	dst[pos] = '\0';
	return pos;
}

/**
 * ssd_str_put_u() - append @v in decimal to @dst (@len bytes) at @pos, as ssd_str_put().
 * Return: the new end.
 */
static inline size_t ssd_str_put_u(char *dst, size_t len, size_t pos, unsigned long long v)
{
	char digits[24];
	size_t n = sizeof(digits) - 1;

	digits[n] = '\0';
	do
		digits[--n] = (char)('0' + v % 10);
	while (v /= 10);
	return ssd_str_put(dst, len, pos, digits + n, sizeof(digits));
}

#endif
