/* SPDX-License-Identifier: GPL-2.0-only */
/* read_file.h - a whole input file into memory, for the parsers that take text (fio's JSON). */
#ifndef SSDREPORT_PARSE_READ_FILE_H
#define SSDREPORT_PARSE_READ_FILE_H

#include <stddef.h>

struct sr_diag;

/**
 * sr_read_file() - read a whole file into a malloc'd buffer (NUL-terminated), rec_file_read():
 * a FIFO, socket or device is refused without blocking.
 * @path: file name
 * @buf:  out: the text
 * @len:  out: its length in bytes
 *
 * Return: 0 or -errno (-EINVAL: not a regular file).
 */
int sr_read_file(const char *path, char **buf, size_t *len);

/**
 * sr_read_error() - say why sr_read_file() failed: d->err "a FIFO, not a regular file" (a socket,
 * a character device, ...) or "cannot read: <strerror>", for the file sr_diag_file() named.
 * @path: the file
 * @rc:   sr_read_file()'s return
 * @d:    diagnostics
 *
 * Return: -EINVAL (sr_error()).
 */
int sr_read_error(const char *path, int rc, struct sr_diag *d);

#endif
