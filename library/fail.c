// SPDX-License-Identifier: GPL-2.0-only
/*
 * fail.c - the library's error message (backend.h): the library's printed name (a URI without
 * its password), then what went wrong, in one line; used by the store and every back end.
 */
#include <stdarg.h>
#include <stdio.h>

#include "library/backend.h"

int lib_fail(struct lib *l, int rc, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(l->err, sizeof(l->err), "%s: ", l->name);

	if (n < 0 || (size_t)n >= sizeof(l->err))
		return rc;
	va_start(ap, fmt);
	vsnprintf(l->err + n, sizeof(l->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return rc;
}
