// SPDX-License-Identifier: GPL-2.0-only
/* live.c - ssdreport --live OUT: the run's status.json and the drives' latest temperature (live.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parse/live.h"
#include "record/layout.h"
#include "record/status.h"
#include "record/telemetry.h"

static int dup_to(char **dst, const char *s)
{
	if (!s)
		return 0;
	return (*dst = strdup(s)) ? 0 : -ENOMEM;
}

/* @drv's latest temperature: its newest telemetry sample (record/telemetry.h), if it has one
 * that holds a temperature; none yet is "–" on the page, not an error. */
static int temperature(const struct sr_drive *drv, struct sr_live_temp *t)
{
	struct rec_tel_sample s;
	int rc = dup_to(&t->label, drv->label);

	t->known = false;
	if (rc || !drv->dir)
		return rc;
	rc = rec_telemetry_latest(drv->dir, &s);
	if (rc == -ENOMEM)
		return rc;
	if (rc == 0 && s.temperature_c != REC_TEL_NONE) {
		char at[32];
		time_t when = (time_t)s.t;
		struct tm tm;

		t->known = true;
		t->celsius = (double)s.temperature_c;
		gmtime_r(&when, &tm);
		strftime(at, sizeof(at), "%Y-%m-%dT%H:%M:%SZ", &tm);
		rc = dup_to(&t->at, at);
	} else {
		rc = 0;
	}
	if (s.doc)
		rec_tel_sample_free(&s);
	return rc;
}

/*
 * The test running now is no test that "did not complete" (the words for a run killed while it
 * ran): run.json's status of it becomes "pending" in the model, its note goes; the banner says it
 * runs. A group's or a client run's test runs on every drive folder of that label.
 */
static int not_a_leftover(struct sr_model *m, const char *label, const char *test_id)
{
	for (size_t dv = 0; label && test_id && dv < m->ndrives; dv++) {
		struct sr_drive *drv = &m->drives[dv];
		size_t k = 0;

		if (!drv->label || strcmp(drv->label, label))
			continue;
		for (size_t i = 0; i < drv->run.ntests; i++) {
			struct sr_run_test *t = &drv->run.tests[i];

			if (t->id && t->status && !strcmp(t->id, test_id) &&
			    !strcmp(t->status, "running")) {
				char *p = strdup("pending");

				if (!p)
					return -ENOMEM;
				free(t->status);
				t->status = p;
			}
		}
		for (size_t i = 0; i < drv->nnotes; i++) {
			struct sr_run_note *n = &drv->notes[i];

			if (n->id && n->status && !strcmp(n->id, test_id) &&
			    !strcmp(n->status, "running")) {
				free(n->id);
				free(n->status);
				free(n->reason);
				continue;
			}
			drv->notes[k++] = *n;
		}
		drv->nnotes = k;
	}
	return 0;
}

int sr_live_load(struct sr_model *m, const char *out, struct sr_diag *d)
{
	char path[PATH_MAX], err[PATH_MAX + 128], now[32];
	struct rec_status st;
	struct sr_live *l;
	time_t t = time(NULL);
	struct tm tm;
	int rc;

	rec_path_status(path, sizeof(path), out);
	if ((rc = rec_status_read(path, &st, err, sizeof(err)))) {
		if (rc == -ENOENT)
			sr_diag_msg(d,
				    "--live %s: no status.json there (%s): give ssd-review's --out",
				    out, err);
		else
			sr_diag_msg(d, "--live %s: %s", out, err);
		return rc;
	}
	if (!(l = calloc(1, sizeof(*l)))) {
		rec_status_free(&st);
		return -ENOMEM;
	}
	gmtime_r(&t, &tm);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
	rc = dup_to(&l->state, st.state ? st.state : "?");
	rc = rc ? rc : dup_to(&l->updated, st.updated);
	rc = rc ? rc : dup_to(&l->built, now);
	rc = rc ? rc : dup_to(&l->test_id, st.test_id);
	rc = rc ? rc : dup_to(&l->label, st.label);
	rc = rc ? rc : dup_to(&l->title, st.title);
	rc = rc ? rc : dup_to(&l->rate, st.rate && *st.rate ? st.rate : NULL);
	l->total = st.total;
	l->done = st.done;
	l->failed = st.failed;
	l->kept = st.kept;
	l->skipped = st.skipped;
	l->left = rec_status_left(&st);
	l->index = st.test_id ? st.index : -1;
	l->elapsed_s = st.test_id ? st.elapsed_s : -1;
	l->expected_s = st.test_id ? st.expected_s : -1;
	l->eta_s = st.test_id ? st.eta_s : -1;
	l->run_elapsed_s = st.run_elapsed_s;
	l->run_eta_s = st.run_eta_s;
	l->run_eta_lower_bound = st.run_eta_lower_bound;
	l->pace = st.pace;
	l->every_s = st.live_every_s;
	l->refresh_s = SR_LIVE_REFRESH_S;
	if (!rc && st.state && !strcmp(st.state, "running"))
		rc = not_a_leftover(m, st.label, st.test_id);
	rec_status_free(&st);
	if (!rc && m->ndrives && !(l->temps = calloc(m->ndrives, sizeof(*l->temps))))
		rc = -ENOMEM;
	for (size_t i = 0; !rc && i < m->ndrives; i++) {
		if (m->drives[i].source) /* published figures */
			continue;
		rc = temperature(&m->drives[i], &l->temps[l->ntemps++]);
	}
	if (rc) {
		sr_live_free(l);
		sr_diag_msg(d, "--live %s: out of memory", out);
		return rc;
	}
	m->live = l;
	return 0;
}
