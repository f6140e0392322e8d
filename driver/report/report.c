// SPDX-License-Identifier: GPL-2.0-only
/* report.c - ssdreport at the end of a run, while it runs, and the library add (report.h). */
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

/* `ssdreport LEAD... DIR...`: @lead (NULL-ended, at most 6) and then OUT's drive folders (a
 * client run: its combined one). */
static int argv_over_drives(const char *ssdreport, const char *const *lead, const char *out,
			    const char *clients, char ***argvp)
{
	char **argv = NULL, **names = NULL, p[PATH_MAX * 2];
	size_t n = 0, nnames = 0;
	int rc = -ENOMEM;

	*argvp = NULL;
	if (!clients && rec_results_drives(out, &names, &nnames) == -ENOMEM)
		goto out;
	if (!(argv = calloc(nnames + 9, sizeof(*argv))))
		goto out;
	argv[n++] = strdup(ssdreport);
	for (size_t i = 0; lead[i] && i < 6; i++)
		argv[n++] = strdup(lead[i]);
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

int rv_report_argv(const char *ssdreport, const char *out, const char *clients, bool live,
		   char ***argvp)
{
	char dest[PATH_MAX + 16];

	rec_path_report(dest, sizeof(dest), out);
	return argv_over_drives(ssdreport,
				live ? (const char *const[]){"-o", dest, "--live", out, NULL}
				     : (const char *const[]){"-o", dest, NULL},
				out, clients, argvp);
}

/* Run @argv to its end (taking it), its stderr the driver's. */
static int run_argv(char **argv, int rc, char *err, size_t errlen)
{
	struct rv_spawn s = {0};

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

int rv_report_run(const char *ssdreport, const char *out, const char *clients, char *err,
		  size_t errlen)
{
	char **argv = NULL;
	int rc = rv_report_argv(ssdreport, out, clients, false, &argv);

	return run_argv(argv, rc, err, errlen);
}

int rv_library_add(const char *ssdreport, const char *library, const char *out, const char *clients,
		   char *err, size_t errlen)
{
	char **argv = NULL;
	int rc = argv_over_drives(
	    ssdreport, (const char *const[]){"library", "add", "-q", "--library", library, NULL},
	    out, clients, &argv);

	return run_argv(argv, rc, err, errlen);
}
