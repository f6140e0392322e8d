/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * uri.h - a library's location as a PostgreSQL URI (docs/library.md): whether it is one, and how
 * messages print it (never with its password). Depends on nothing but libc, so that a program
 * that only names the library (ssd-review --library) links it alone.
 */
#ifndef SSDENG_LIBRARY_URI_H
#define SSDENG_LIBRARY_URI_H

#include <stddef.h>

/**
 * lib_is_uri() - whether @where names a PostgreSQL server: a postgresql:// or postgres:// URI
 * (any other string is an SQLite file).
 */
int lib_is_uri(const char *where);

/**
 * lib_uri_shown() - @uri as messages print it: without the password of its user part
 * (user:password@) nor a password= parameter.
 * @uri: a connection URI
 * @out: the URI shown (truncated to @len)
 * @len: its size
 */
void lib_uri_shown(const char *uri, char *out, size_t len);

#endif
