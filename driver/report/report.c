// SPDX-License-Identifier: GPL-2.0-only
/* report.c - ssdreport at the end of a run, and while it runs (report.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/folder.h"
#include "record/layout.h"
#include "report/report.h"
#include "run/child.h"

void rv_report_argv_free(char **argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int rv_report_argv(const char *ssdreport, const char *out, const char *clients, bool live,
		   char ***argvp)
{
	char **argv = NULL, **names = NULL, dest[PATH_MAX + 16], p[PATH_MAX * 2];
	size_t n = 0, nnames = 0;
	int rc = -ENOMEM;

	*argvp = NULL;
	rec_path_report(dest, sizeof(dest), out);
	/* the drive folders of OUT, as the record tells them (a client run: its combined one) */
	if (!clients && rec_results_drives(out, &names, &nnames) == -ENOMEM)
		goto out;
	if (!(argv = calloc(nnames + 7, sizeof(*argv))))
		goto out;
	argv[n++] = strdup(ssdreport);
	argv[n++] = strdup("-o");
	argv[n++] = strdup(dest);
	if (live) {
		argv[n++] = strdup("--live");
		argv[n++] = strdup(out);
	}
	if (clients) {
		rec_path_drive_dir(p, sizeof(p), out, clients);
		argv[n++] = strdup(p);
	}
	for (size_t i = 0; i < nnames; i++) {
		rec_path_drive_dir(p, sizeof(p), out, names[i]);
		argv[n++] = strdup(p);
	}
	argv[n] = NULL;
	rc = 0;
	for (size_t i = 0; i < n; i++)
		if (!argv[i])
			rc = -ENOMEM;
out:
	rec_names_free(names, nnames);
	if (rc) {
		for (size_t i = 0; argv && i < n; i++)
			free(argv[i]);
		free(argv);
	} else {
		*argvp = argv;
	}
	return rc;
}

int rv_report_run(const char *ssdreport, const char *out, const char *clients, char *err,
		  size_t errlen)
{
	struct rv_spawn s = {0};
	char **argv;
	int rc = rv_report_argv(ssdreport, out, clients, false, &argv);

	if (rc) {
		snprintf(err, errlen, "out of memory");
		return rc;
	}
	s.argv = argv;
	s.out_path = NULL;
	rc = rv_child_run(&s, 0, err, errlen);
	if (rc > 0)
		snprintf(err, errlen, "exit %d", rc);
	rv_report_argv_free(argv);
	return rc ? -EIO : 0;
}
