// SPDX-License-Identifier: GPL-2.0-only
/* expand.c - a test's jobfile expanded for one target (expand.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/jobfile.h"
#include "record/json.h"
#include "record/layout.h"
#include "suites/expand.h"

int rv_expand_test(struct rv_run *r, const struct rv_target *t, size_t i,
		   const struct rv_target *host, const struct rv_env *env, char **out, char *err,
		   size_t errlen)
{
	const struct catalogue_test *ct = r->plan.t[i].ct;
	struct rv_jobfile_member m[64];
	char path[PATH_MAX * 2], missing[128], *text = NULL, *grouped = NULL;
	struct rv_env henv;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", r->plan.jobdir, ct->entry->jobfile);
	if ((rc = rec_file_read(path, &text, NULL)) < 0) {
		snprintf(err, errlen, "test %s: cannot read %s: %s", ct->id, path, strerror(-rc));
		return rc;
	}
	if (t->type == RV_T_GROUP) {
		for (size_t k = 0; k < t->ndevs && k < 64; k++)
			m[k] = (struct rv_jobfile_member){t->devs[k].name, t->devs[k].node};
		rc = rv_jobfile_group(text, m, t->ndevs < 64 ? t->ndevs : 64, &grouped);
		free(text);
		if (rc < 0) {
			snprintf(err, errlen, "test %s: %s has no job section to repeat per drive",
				 ct->id, path);
			return rc;
		}
		text = grouped;
	}
	henv = *env;
	if (host) {
		char dir[PATH_MAX + 80];

		rec_path_drive_dir(dir, sizeof(dir), r->o->out, host->label);
		rec_path_log(path, sizeof(path), dir, ct->id, NULL, REC_LOG_FIO);
		rv_env_set(&henv, "SSD_DEV", host->node);
		rv_env_set(&henv, "SSD_LOG", path);
	}
	rc = rv_jobfile_expand(text, &henv, out, missing, sizeof(missing));
	if (rc == -ENOENT)
		snprintf(err, errlen,
			 "test %s: jobfiles/%s %s is not set by the driver (catalogue entry %s)",
			 ct->id, ct->entry->jobfile, missing, ct->entry->id);
	free(text);
	return rc;
}
