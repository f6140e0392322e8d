// SPDX-License-Identifier: GPL-2.0-only
/* options_check.c - the rules between ssd-review's options, and labels (options.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/options.h"
#include "record/layout.h"

bool rv_check_label(const char *l)
{
	size_t n = strlen(l);

	if (n == 0 || n > 63 || !isalnum((unsigned char)l[0]) || !strcmp(l, REC_REPORT_DIR))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)l[i]) && !strchr("._-", l[i]))
			return false;
	return true;
}

/* The rules between options, in the order a user meets them. */
int rv_opts_check(const struct rv_opts *o, int nshaping, char *err, size_t errlen)
{
	size_t ndrives = o->drives.n + o->groups.n + o->clients.n;

	if (o->status_dir) {
		if (nshaping > 1 || o->resume || o->out_given) {
			snprintf(err, errlen, "--status DIR takes no other option");
			return -EINVAL;
		}
		return 0;
	}
	if (o->resume && o->overwrite) {
		snprintf(err, errlen,
			 "--resume and --overwrite exclude each other: --resume continues the "
			 "results in --out, --overwrite moves them aside and starts again");
		return -EINVAL;
	}
	if (!ndrives && o->resume) {
		if (nshaping) {
			snprintf(
			    err, errlen,
			    "--resume without a drive takes the whole run from the manifest in "
			    "--out: give only --out DIR (and --no-report, --no-live, --live-every, "
			    "--yes, --allow-mounted, --dry-run), "
			    "or the run's full "
			    "command with --resume");
			return -EINVAL;
		}
		return 0;
	}
	if (!ndrives) {
		snprintf(err, errlen,
			 "no drive: give --drive LABEL=DEV, --group NAME=DEV,DEV or --client "
			 "HOST=LABEL:DEV (see --help)");
		return -EINVAL;
	}
	if (o->clients.n) {
		if (o->drives.n || o->groups.n) {
			snprintf(err, errlen,
				 "--client cannot be mixed with --drive or --group (one fio client "
				 "drives all servers)");
			return -EINVAL;
		}
		if (o->purge) {
			snprintf(err, errlen,
				 "--purge works on a local drive only, not with --client");
			return -EINVAL;
		}
	}
	if (o->purge && o->groups.n) {
		snprintf(err, errlen, "--purge takes exactly one --drive, not a --group");
		return -EINVAL;
	}
	if (o->purge || o->confirm) {
		if (!o->purge || !o->confirm) {
			snprintf(err, errlen,
				 "--purge METHOD needs --confirm SERIAL (and the reverse)");
			return -EINVAL;
		}
		if (o->drives.n != 1) {
			snprintf(
			    err, errlen,
			    "--purge takes exactly one --drive (the serial confirms one drive)");
			return -EINVAL;
		}
	}
	for (size_t i = 0; i < o->sweep.n; i++)
		if (!o->sweep.v[i][0]) {
			snprintf(err, errlen, "--sweep: an empty workload name");
			return -EINVAL;
		}
	return 0;
}
