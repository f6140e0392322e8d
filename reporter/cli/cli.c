// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli.c - what ssdreport's subcommands share (cli.h): the test catalogue the results are read
 * with, and the exit status of an error.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue/catalogue.h"
#include "cli/cli.h"
#include "record/folder.h"
#include "record/json.h"
#include "util/diag.h"

/*
 * The catalogue that travels with the @n @inputs (rec_input_catalogue()): the first input's that
 * has one, into @path; a later input's that differs is named in a warning (its tests are read
 * with the first's definitions). Return: 0, -ENOENT (none), -ENOMEM.
 */
static int run_catalogue(const char *const *inputs, size_t n, char *path, size_t len,
			 struct sr_diag *d)
{
	char other[PATH_MAX + 32], *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	int rc = -ENOENT;

	for (size_t i = 0; i < n; i++) {
		if (rec_input_catalogue(inputs[i], rc ? path : other, rc ? len : sizeof(other)))
			continue;
		if (rc) {
			rc = 0;
			if (rec_file_read(path, &a, &na) == -ENOMEM)
				return -ENOMEM;
			continue;
		}
		if (strcmp(path, other) && !rec_file_read(other, &b, &nb) && a &&
		    (na != nb || memcmp(a, b, na)) && d->stream)
			fprintf(d->stream,
				"ssdreport: warning: %s and %s differ: the runs were planned from "
				"different catalogues; all are read with the first (give "
				"--catalogue to choose)\n",
				path, other);
		free(b);
		b = NULL;
	}
	free(a);
	return rc;
}

/*
 * The test catalogue: --catalogue FILE (an error when it cannot be read), else the one the
 * results were planned from (run_catalogue()), else catalogue_find() (without one the report
 * still comes, every test under "Other tests", and says why).
 */
int sr_cli_load_catalogue(const char *given, const char *const *inputs, size_t ninputs,
			  struct catalogue **cat, char *note, size_t len, struct sr_diag *d)
{
	char path[PATH_MAX + 32], err[1024];
	int rc;

	*cat = NULL;
	if (!given && (rc = run_catalogue(inputs, ninputs, path, sizeof(path), d)) != -ENOENT) {
		if (rc)
			return rc;
		given = path;
	}
	if (!given && catalogue_find(path, sizeof(path))) {
		snprintf(note, len, "none found at %s", path);
		if (d->stream)
			fprintf(d->stream,
				"ssdreport: warning: no test catalogue (%s): every test goes "
				"to Other tests\n",
				note);
		return 0;
	}
	rc = catalogue_load(given ? given : path, cat, err, sizeof(err));
	if (rc == -ENOMEM)
		return rc;
	if (rc) {
		sr_diag_msg(d, "%s: %s", given == path ? "the run's catalogue" : "--catalogue",
			    err);
		return -EINVAL;
	}
	return 0;
}

int sr_cli_exit_code(int rc)
{
	return rc == -ENOMEM || rc == -EIO || rc == -ENOSPC || rc == -EPERM ? 1 : 2;
}
