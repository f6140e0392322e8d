/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * log_dir.h - the fio logs a folder holds, listed once: the names that sr_log_parse_name()
 * knows (fio_log.h), in the folder's own order. A folder of N tests is read once for all of
 * them, not once per test (a bench-fio folder holds a thousand JSON files and no log).
 */
#ifndef SSDREPORT_PARSE_LOG_DIR_H
#define SSDREPORT_PARSE_LOG_DIR_H

#include <stddef.h>

#include "parse/fio_log.h"

/* One log in the folder: its file name (no folder) and what the name says. */
struct sr_log_entry {
	char *name;
	struct sr_log_name ln;
};

/* The logs of one folder (none when it does not exist or cannot be read). */
struct sr_log_dir {
	struct sr_log_entry *e;
	size_t n;
};

/**
 * sr_log_dir_list() - list the fio logs of folder @dir.
 * @dir: folder path
 * @out: filled; free with sr_log_dir_free(); a missing or unreadable folder lists no log
 *
 * Return: 0 or -ENOMEM (@out then empty).
 */
int sr_log_dir_list(const char *dir, struct sr_log_dir *out);

/* sr_log_dir_free() - free what sr_log_dir_list() filled; @l is left empty. */
void sr_log_dir_free(struct sr_log_dir *l);

#endif
