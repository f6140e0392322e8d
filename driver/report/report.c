// SPDX-License-Identifier: GPL-2.0-only
/* report.c - ssdreport at the end of a run (report.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/folder.h"
#include "record/layout.h"
#include "report/report.h"
#include "run/child.h"

/* Run @ssdreport with @lead (NULL-ended) and then OUT's drive folders. */
static int run_over_drives(const char *ssdreport, const char *const *lead, const char *out,
			   const char *clients, char *err, size_t errlen)
{
	char **argv = NULL, **names = NULL, p[PATH_MAX * 2];
	size_t n = 0, nnames = 0;
	struct rv_spawn s = {0};
	int rc = -ENOMEM;

	/* the drive folders of OUT, as the record tells them (a client run: its combined one) */
	if (!clients && (rc = rec_results_drives(out, &names, &nnames)) == -ENOMEM)
		goto out;
	rc = -ENOMEM;
	if (!(argv = calloc(nnames + 10, sizeof(*argv))))
		goto out;
	argv[n++] = strdup(ssdreport);
	for (size_t i = 0; lead[i] && n < 8; i++)
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
	rec_names_free(names, nnames);
	for (size_t i = 0; argv && i < n; i++)
		free(argv[i]);
	free(argv);
	if (rc == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	return rc;
}

int rv_report_run(const char *ssdreport, const char *out, const char *clients, char *err,
		  size_t errlen)
{
	char dest[PATH_MAX + 16];

	rec_path_report(dest, sizeof(dest), out);
	return run_over_drives(ssdreport, (const char *const[]){"-o", dest, NULL}, out, clients,
			       err, errlen);
}

int rv_library_add(const char *ssdreport, const char *library, const char *out, const char *clients,
		   char *err, size_t errlen)
{
	return run_over_drives(
	    ssdreport, (const char *const[]){"library", "add", "-q", "--library", library, NULL},
	    out, clients, err, errlen);
}
