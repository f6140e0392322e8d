// SPDX-License-Identifier: GPL-2.0-only
/* run.c - what changes the whole run's state at once (run.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/run.h"

void rv_status_update(struct rv_run *r)
{
	r->st.done = r->done;
	r->st.failed = r->failed;
	r->st.kept = r->kept;
	r->st.run_elapsed_s = time(NULL) - r->t0;
	if (rec_status_write(r->status_path, &r->st) < 0)
		fprintf(stderr, "ssd-review: cannot write %s: %s\n", r->status_path,
			strerror(errno));
}

void rv_write_records(struct rv_run *r, const char *status, const char *ended)
{
	for (size_t i = 0; i < r->ts.n; i++)
		rv_record_write(&r->rec[i], status, ended);
}

void rv_run_free(struct rv_run *r)
{
	for (size_t i = 0; r->rec && i < r->ts.n; i++)
		rv_record_free(&r->rec[i]);
	free(r->rec);
	for (size_t i = 0; i < r->nlocks; i++)
		rv_lock_release(&r->locks[i]);
	rv_targets_free(&r->ts);
	rv_plan_free(&r->plan);
	json_object_put(r->argv);
	r->rec = NULL;
	r->nlocks = 0;
}
