/* SPDX-License-Identifier: GPL-2.0-only */
/* read_file.h - a whole input file into memory, for the parsers that take text (fio's JSON). */
#ifndef SSDREPORT_PARSE_READ_FILE_H
#define SSDREPORT_PARSE_READ_FILE_H

#include <stddef.h>

/**
 * sr_read_file() - read a whole file into a malloc'd buffer (NUL-terminated).
 * @path: file name
 * @buf:  out: the text
 * @len:  out: its length in bytes
 *
 * Return: 0 or -errno.
 */
int sr_read_file(const char *path, char **buf, size_t *len);

#endif
