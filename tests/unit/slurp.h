/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * slurp.h - a test's fixture file read whole (tests run from the repository root; cmocka fails
 * the test when the file cannot be read).
 */
#ifndef SSDENG_TEST_SLURP_H
#define SSDENG_TEST_SLURP_H

#include <stdio.h>
#include <stdlib.h>

/* slurp_if() - the file @name, NUL-terminated, in a malloc()ed buffer; NULL when it cannot be
 * opened */
static inline char *slurp_if(const char *name)
{
	FILE *f = fopen(name, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* slurp() - the file @name, NUL-terminated, in a malloc()ed buffer */
static inline char *slurp(const char *name)
{
	char *buf = slurp_if(name);

	assert_non_null(buf);
	return buf;
}

#endif
