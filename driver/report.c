// SPDX-License-Identifier: GPL-2.0-only
/* report.c - ssdreport at the end of a run (report.h). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_run.h"
#include "record/layout.h"
#include "report.h"
#include "util.h"

/* OUT/<name> is a drive's results: its run.json names a drive and is not a server's copy. */
static bool drive_dir(const char *out, const char *name)
{
	char path[PATH_MAX * 2], dir[PATH_MAX + 300], err[PATH_MAX + 64];
	json_object *run, *drive = NULL, *members = NULL;
	bool yes;

	rec_path_drive_dir(dir, sizeof(dir), out, name);
	rec_path_run(path, sizeof(path), dir);
	if (!(run = rv_json_read(path, err, sizeof(err))))
		return false;
	yes = json_object_object_get_ex(run, "drive", &drive) && rv_json_str(drive, "label") &&
	      !(json_object_object_get_ex(run, "members", &members) && members &&
		json_object_object_get_ex(members, "combined_results", NULL));
	json_object_put(run);
	return yes;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int rv_report_run(const char *ssdreport, const char *out, const char *clients, const char *state,
		  char *err, size_t errlen)
{
	char **argv = NULL, dest[PATH_MAX + 16];
	size_t n = 0, cap = 8;
	struct dirent *e;
	DIR *d = NULL;
	struct rv_spawn s = {0};
	int rc = -ENOMEM;

	(void)state;
	rec_path_report(dest, sizeof(dest), out);
	if (!(argv = calloc(cap, sizeof(*argv))))
		goto out;
	argv[n++] = strdup(ssdreport);
	argv[n++] = strdup("-o");
	argv[n++] = strdup(dest);
	if (clients) {
		char p[PATH_MAX * 2];

		rec_path_drive_dir(p, sizeof(p), out, clients);
		argv[n++] = strdup(p);
	} else if ((d = opendir(out))) {
		size_t first = n;

		while ((e = readdir(d))) {
			char p[PATH_MAX * 2];

			if (e->d_name[0] == '.' || !drive_dir(out, e->d_name))
				continue;
			if (n + 2 >= cap) {
				char **g = realloc(argv, (cap *= 2) * sizeof(*argv));

				if (!g)
					goto out;
				argv = g;
			}
			rec_path_drive_dir(p, sizeof(p), out, e->d_name);
			argv[n++] = strdup(p);
		}
		qsort(argv + first, n - first, sizeof(*argv), by_name);
	}
	argv[n] = NULL;
	for (size_t i = 0; i < n; i++)
		if (!argv[i])
			goto out;
	s.argv = argv;
	s.out_path = NULL;
	rc = rv_child_run(&s, 0, err, errlen);
	if (rc > 0)
		snprintf(err, errlen, "exit %d", rc);
	rc = rc ? -EIO : 0;
out:
	if (d)
		closedir(d);
	for (size_t i = 0; argv && i < n; i++)
		free(argv[i]);
	free(argv);
	if (rc == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	return rc;
}
