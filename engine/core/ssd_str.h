/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ssd_str.h - the engine's bounded string copy, for the paths and names its set-up copies
 * into fixed buffers on every job (snprintf's "%s" costs about ten times as much).
 */
#ifndef SSDENG_CORE_SSD_STR_H
#define SSDENG_CORE_SSD_STR_H

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

#endif
