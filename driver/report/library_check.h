/* SPDX-License-Identifier: GPL-2.0-only */
/* library_check.h - --library checked before a run starts, so a long run does not learn at its
 * end that its results cannot be kept (docs/library.md). */
#ifndef SSDENG_DRIVER_LIBRARY_CHECK_H
#define SSDENG_DRIVER_LIBRARY_CHECK_H

#include <stddef.h>

/**
 * rv_library_check() - can `ssdreport library add --library @library` add to it?
 * A file that exists must be a library this ssdreport reads (`ssdreport library list` passes:
 * not another file, not another SQLite database, not a newer schema, not locked for a minute);
 * a file that does not exist must be in a directory the driver can write (add makes it); a
 * PostgreSQL URI must connect (a database without the library's tables yet is fine).
 * @ssdreport: the program
 * @library:   --library's value (a file or a postgresql:// URI)
 * @err, @errlen: why not, ssdreport's own message ("--library: library: F: not an SQLite
 *                database, so not an ssdeng library ...")
 * Return: 0 usable; -EINVAL not usable; -EIO ssdreport could not be run.
 */
int rv_library_check(const char *ssdreport, const char *library, char *err, size_t errlen);

#endif
