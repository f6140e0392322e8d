/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * util.h - small helpers of the review driver: time stamps and durations as people read them,
 * shell quoting, paths. Files and JSON are the record's (record/json.h).
 */
#ifndef SSDENG_DRIVER_UTIL_H
#define SSDENG_DRIVER_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/**
 * rv_fmt() - snprintf() that truncates quietly: messages and paths built from parts whose
 * total may exceed the buffer (a path is then refused where it is used).
 * Return: what snprintf() returns.
 */
int rv_fmt(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/**
 * rv_addf() - append printf(@fmt) to the NUL-terminated text in @out (of @len bytes), cut short
 * quietly when it is full (a line for people built in parts).
 */
void rv_addf(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/** rv_iso_time() - @t as "2026-01-31T12:00:00Z" (UTC) into @buf of @len bytes; returns @buf. */
char *rv_iso_time(time_t t, char *buf, size_t len);

/**
 * rv_hms() - a duration for people: "0:42" (minutes:seconds) under an hour, "1:02:03"
 * (hours:minutes:seconds) from an hour on; negative durations print as "0:00".
 * @seconds: the duration, s
 * @buf, @len: output
 * Return: @buf.
 */
char *rv_hms(long seconds, char *buf, size_t len);

/**
 * rv_shell_quote() - append @s to @out (of @len bytes, NUL-terminated) as one shell word:
 * bare when it holds only safe characters, else in single quotes.
 * Return: 0, or -ENAMETOOLONG when @out is too short (it then holds a truncated string).
 */
int rv_shell_quote(const char *s, char *out, size_t len);

/**
 * rv_abspath() - @path made absolute against the current directory (or @base when not NULL),
 * with "." and ".." components and repeated slashes removed; symbolic links are not followed,
 * so the result names a path that need not exist yet.
 * Return: 0, or -ENAMETOOLONG.
 */
int rv_abspath(const char *base, const char *path, char *out, size_t len);

/** rv_mkdirs() - mkdir -p @path (mode 0777 less the umask). Return 0 or -errno. */
int rv_mkdirs(const char *path);

#endif
