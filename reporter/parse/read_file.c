// SPDX-License-Identifier: GPL-2.0-only
/* read_file.c - a whole input file into memory (read_file.h), through the record's one file
 * reader (record/json.h: regular files only, never blocking on a FIFO). */
#include <errno.h>

#include "parse/read_file.h"
#include "record/json.h"
#include "util/diag.h"

int sr_read_file(const char *path, char **buf, size_t *len)
{
	return rec_file_read(path, buf, len);
}

int sr_read_error(const char *path, int rc, struct sr_diag *d)
{
	char why[128];

	rec_file_error(path, rc, why, sizeof(why));
	return sr_error(d, NULL, (size_t)-1, "%s%s", rc == -EINVAL ? "" : "cannot read: ", why);
}
