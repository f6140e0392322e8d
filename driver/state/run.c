// SPDX-License-Identifier: GPL-2.0-only
/* run.c - what changes the whole run's state at once (run.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/json.h"
#include "run/progress.h"
#include "state/run.h"

void rv_status_update(struct rv_run *r)
{
	r->st.done = r->done;
	r->st.failed = r->failed;
	r->st.kept = r->kept;
	r->st.skipped = r->skipped;
	r->st.run_elapsed_s = time(NULL) - r->t0;
	r->st.pace = rv_eta_pace(&r->eta);
	r->st.live_every_s = r->live.argv ? r->live.every_s : -1;
	r->st.live_rebuilds = r->live.rebuilds;
	r->st.live_failed = r->live.failed;
	r->st.live_built = r->live.built[0] ? r->live.built : NULL;
	r->st.live_cpu_s = r->live.cpu_s;
	if (rec_status_write(r->status_path, &r->st) < 0)
		fprintf(stderr, "ssd-review: cannot write %s: %s\n", r->status_path,
			strerror(errno));
}

void rv_write_records(struct rv_run *r, const char *status, const char *ended)
{
	for (size_t i = 0; i < r->ts.n; i++)
		rv_record_write(&r->rec[i], status, ended);
}

/* The first live rebuild that fails is said, with the last line ssdreport wrote; the run goes
 * on (status.json counts the others). */
static void live_failed(struct rv_run *r)
{
	char line[1024], *text = NULL, *last = NULL, *nl;

	if (rec_file_read(r->live.log, &text, NULL) == 0)
		for (char *p = text; p && *p; p = nl ? nl + 1 : NULL) {
			if ((nl = strchr(p, '\n')))
				*nl = '\0';
			if (*p)
				last = p;
			if (!nl)
				break;
		}
	snprintf(line, sizeof(line),
		 "ssd-review: the live report failed (ssdreport %s %d%s%s); "
		 "the run goes on",
		 r->live.last_code > 128 ? "signal" : "exit",
		 r->live.last_code > 128 ? r->live.last_code - 128 : r->live.last_code,
		 last ? ": " : "", last ? last : "");
	rv_progress_print(line, r->tty, true);
	free(text);
}

void rv_live_poll(struct rv_run *r, bool test_ended, bool test_running)
{
	if (!rv_live_tick(&r->live, test_ended, test_running, time(NULL)))
		return;
	if (r->live.last_code != 0 && r->live.failed == 1 && !rv_stop_signal)
		live_failed(r);
	rv_status_update(r);
}

void rv_run_free(struct rv_run *r)
{
	rv_live_free(&r->live);
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
