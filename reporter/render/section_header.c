// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_header.c - the top of the page: the title, how the results were made (date, host, fio
 * and engine versions, profile, span, suites, wall time, the run's manifest and command), a plain
 * word when the profile's figures are not review-grade, every warning a reader must see before the
 * numbers (a partial run's tests left out: section_partial.c; failed jobs, tests that did not
 * complete, files not read, differences between compared runs), and the contents.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyse/interrupted.h"
#include "render/format.h"
#include "render/sections.h"

/* Distinct values gathered from the drives, joined: "fio-3.33, fio-3.36". */
struct words {
	char text[1024];
};

static void add_word(struct words *w, const char *s)
{
	size_t n = strlen(w->text), l;

	if (!s || !*s)
		return;
	l = strlen(s);
	for (const char *p = w->text; (p = strstr(p, s)); p += l) /* already there */
		if ((p == w->text || p[-2] == ',') && (p[l] == '\0' || p[l] == ','))
			return;
	snprintf(w->text + n, sizeof(w->text) - n, "%s%s", n ? ", " : "", s);
}

static const char *or_unknown(const struct words *w) { return w->text[0] ? w->text : SR_UNKNOWN; }

/* ISO 8601 UTC ("2026-12-01T14:54:32Z") to seconds; -1 when it is not that. */
static time_t when(const char *iso)
{
	struct tm tm = {0};
	const char *end = iso ? strptime(iso, "%Y-%m-%dT%H:%M:%S", &tm) : NULL;

	return end ? timegm(&tm) : (time_t)-1;
}

static void duration(char *buf, size_t len, time_t s)
{
	if (s >= 3600)
		snprintf(buf, len, "%ld h %02ld min", (long)s / 3600, (long)s % 3600 / 60);
	else if (s >= 60)
		snprintf(buf, len, "%ld min %02ld s", (long)s / 60, (long)s % 60);
	else
		snprintf(buf, len, "%ld s", (long)s);
}

/*
 * What each drive's run says of itself where the drives differ: one command line per drive (each
 * drive's review is its own run), its manifest. One value for all stays in the facts; several go
 * under a disclosure, a line per drive. Return: the number of distinct values.
 */
static size_t per_drive(struct sr_report *r, const char *what, bool manifest, struct words *one,
			bool emit)
{
	const char *(*pairs)[2] = calloc(r->m->ndrives + 1, sizeof(*pairs));
	char(*text)[600] = calloc(r->m->ndrives + 1, sizeof(*text));
	size_t n = 0, distinct = 0;

	if (!pairs || !text)
		goto out;
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];
		const struct sr_run_info *ri = &drv->run;
		bool seen = false;

		if (drv->source || !(manifest ? ri->manifest_id : ri->command))
			continue;
		if (manifest)
			snprintf(text[n], sizeof(text[n]), "%s (created %s)", ri->manifest_id,
				 ri->manifest_created ? ri->manifest_created : SR_UNKNOWN);
		else
			snprintf(text[n], sizeof(text[n]), "%s", ri->command);
		for (size_t k = 0; k < n && !seen; k++)
			seen = !strcmp(text[k], text[n]);
		distinct += !seen;
		pairs[n][0] = drv->label;
		pairs[n][1] = text[n];
		n++;
	}
	if (!emit && distinct == 1)
		add_word(one, text[0]);
	else if (!emit && distinct > 1)
		snprintf(one->text, sizeof(one->text), "%zu, one per drive (%s, below)", distinct,
			 what);
	if (emit && distinct > 1) {
		char summary[160];

		snprintf(summary, sizeof(summary), "%s (%zu)", what, n);
		sr_page_details(&r->page, summary, pairs, n);
	}
out:
	free(pairs);
	free(text);
	return distinct;
}

/* The facts of the run, from run.json (and the fio JSON where run.json is missing). */
static void facts(struct sr_report *r)
{
	struct words fio = {""}, engine = {""}, profile = {""}, span = {""}, suites = {""},
		     host = {""}, manifest = {""}, command = {""};
	time_t first = -1, last = -1, t0 = -1, t1 = -1, ran = -1;
	char date[96] = SR_UNKNOWN, wall[96] = SR_UNKNOWN, buf[SR_FMT_LEN], e[256];
	size_t sessions = 0;
	bool record = false; /* some drive has ssd-review's run.json */

	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];
		const struct sr_run_info *ri = &drv->run;
		time_t a = when(ri->started), b = when(ri->ended);

		if (drv->source)
			continue;
		record |= ri->present;
		add_word(&fio, ri->fio_version);
		for (size_t t = 0; t < drv->ntests && !ri->fio_version; t++)
			add_word(&fio, drv->tests[t].fio_version);
		if (ri->engine) {
			snprintf(e, sizeof(e), "%s%s%s%s%s", ri->engine,
				 ri->engine_option ? " (" : "",
				 ri->engine_option ? ri->engine_option : "",
				 ri->engine_option ? ")" : "", "");
			add_word(&engine, e);
		}
		if (ri->ssdeng_version) {
			snprintf(e, sizeof(e), "ssdeng %s", ri->ssdeng_version);
			add_word(&engine, e);
		}
		add_word(&profile, drv->profile);
		if (sr_ok(ri->span_bytes))
			add_word(&span, sr_fmt_bytes(buf, ri->span_bytes));
		else if (sr_ok(drv->info.span_bytes))
			add_word(&span, sr_fmt_bytes(buf, drv->info.span_bytes));
		for (size_t s = 0; s < ri->nsuites; s++)
			add_word(&suites, ri->suites[s]);
		add_word(&host, ri->host);
		if (a >= 0 && (first < 0 || a < first))
			first = a;
		if (b >= 0 && b > last)
			last = b;
		if (sr_ok(ri->wall_s) && (time_t)ri->wall_s.v > ran)
			ran = (time_t)ri->wall_s.v;
		if (ri->nsessions > sessions)
			sessions = ri->nsessions;
		for (size_t t = 0; t < drv->ntests; t++) {
			time_t ts = (time_t)drv->tests[t].timestamp;

			if (ts > 0 && (t0 < 0 || ts < t0))
				t0 = ts;
			if (ts > t1)
				t1 = ts;
		}
	}
	per_drive(r, "Commands", false, &command, false);
	per_drive(r, "Run manifests", true, &manifest, false);
	if (first < 0) { /* no run.json: fio's own timestamps (each test's end) */
		first = t0;
		last = -1;
	}
	if (first >= 0) {
		struct tm tm;

		gmtime_r(&first, &tm);
		strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", &tm);
	}
	if (sessions > 1 && ran >= 0) { /* resumed: the time its sessions ran */
		duration(wall, sizeof(wall), ran);
		snprintf(wall + strlen(wall), sizeof(wall) - strlen(wall),
			 " in %zu sessions (the run was resumed)", sessions);
	} else if (first >= 0 && last >= first) {
		duration(wall, sizeof(wall), last - first);
	}
	{
		const char *const pairs[][2] = {
		    {"Date", date},
		    {"Host", or_unknown(&host)},
		    {"fio", or_unknown(&fio)},
		    {"Engine", or_unknown(&engine)},
		    {"Profile", or_unknown(&profile)},
		    {"Span tested", or_unknown(&span)},
		    {"Suites run", or_unknown(&suites)},
		    {"Wall time", wall},
		    {"Run manifest", or_unknown(&manifest)},
		    {"Command", or_unknown(&command)},
		};
		const char *shown[sizeof(pairs) / sizeof(pairs[0])][2];
		size_t n = 0;

		/* results ssd-review did not make have no record of the run: a field they cannot
		 * hold is left out, not shown unknown */
		for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
			if (!record && !strcmp(pairs[i][1], SR_UNKNOWN))
				continue;
			shown[n][0] = pairs[i][0];
			shown[n++][1] = pairs[i][1];
		}
		sr_page_facts(&r->page, shown, n);
	}
	per_drive(r, "Commands", false, &command, true);
	per_drive(r, "Run manifests", true, &manifest, true);
}

/* A profile whose figures are not review-grade says so, in the catalogue's words. */
static void profile_notes(struct sr_report *r)
{
	struct words said = {""};

	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const char *id = r->m->drives[dv].profile;
		const struct catalogue_profile *p =
		    id && r->cat ? catalogue_profile(r->cat, id) : NULL;

		if (!p || p->review_grade || strstr(said.text, id))
			continue;
		add_word(&said, id);
		sr_page_text(&r->page, "warn", "%s.",
			     p->note ? p->note : "these figures are not review-grade");
	}
}

/* Job files beside the results that describe none of them: one quiet line naming them (those
 * that describe a result are named on its test page). */
static void job_files(struct sr_report *r)
{
	const struct sr_model *m = r->m;
	char list[1024] = "";
	size_t len = 0, n = 0;

	for (size_t i = 0; i < m->nskipped; i++)
		if (m->skipped[i].jobfile && len < sizeof(list)) {
			len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s",
						n++ ? ", " : "", m->skipped[i].path);
		}
	if (n)
		sr_page_text(&r->page, "note",
			     "Job file%s beside the results, describing none of them (fio's input, "
			     "not read): %s.",
			     n > 1 ? "s" : "", list);
}

static void warnings(struct sr_report *r)
{
	const struct sr_model *m = r->m;
	char buf[SR_FMT_LEN];

	for (size_t i = 0; i < r->o->nflags; i++)
		sr_page_text(&r->page, "warn", "The compared runs differ: %s.", r->o->flags[i]);
	for (size_t i = 0; i < r->rv->ntests; i++) {
		const struct sr_rtest *t = &r->rv->tests[i];

		for (size_t dv = 0; dv < m->ndrives; dv++) {
			const struct sr_result *res = t->per_drive[dv];

			if (res && res->error)
				sr_page_text(
				    &r->page, "warn",
				    "%s on %s: a job ended with error %d (%s); its figures "
				    "are marked and are not a clean run.",
				    t->title, m->drives[dv].label, res->error,
				    strerror(res->error));
		}
	}
	for (size_t dv = 0; dv < m->ndrives; dv++)
		for (size_t i = 0; i < m->drives[dv].nnotes; i++) {
			const struct sr_run_note *n = &m->drives[dv].notes[i];

			sr_page_text(&r->page, "warn", "%s on %s did not complete: %s%s%s.", n->id,
				     m->drives[dv].label, n->status, n->reason[0] ? ": " : "",
				     n->reason);
		}
	for (size_t dv = 0; dv < m->ndrives; dv++)
		for (size_t i = 0; i < m->drives[dv].run.ntests; i++) {
			const struct sr_run_test *t = &m->drives[dv].run.tests[i];

			if (sr_ok(t->unwritten_bytes) && t->unwritten_bytes.v > 0)
				sr_page_text(&r->page, "warn",
					     "%s on %s read %s of its span that had never been "
					     "written (holes of a sparse file): those reads return "
					     "the file system's zeroes, not the drive's data.",
					     t->id, m->drives[dv].label,
					     sr_fmt_bytes(buf, t->unwritten_bytes));
			if (t->fallback)
				sr_page_text(&r->page, "note",
					     "%s on %s ran on the engine's fallback transport: %s.",
					     t->id, m->drives[dv].label, t->fallback);
		}
	for (size_t dv = 0; dv < m->ndrives; dv++)
		for (size_t i = 0; i < m->drives[dv].ntests; i++) {
			const struct sr_test *t = &m->drives[dv].tests[i];

			for (size_t k = 0; k < t->nruns; k++) {
				char why[160];

				if (!t->runs[k].all_clients &&
				    sr_run_interrupted(t, &t->runs[k], why, sizeof(why)))
					sr_page_text(&r->page, "warn",
						     "%s on %s: job %s was interrupted: %s; its "
						     "figures are of the time it ran.",
						     t->id, m->drives[dv].label,
						     t->runs[k].name ? t->runs[k].name : "?", why);
			}
		}
	for (size_t i = 0; i < m->nskipped; i++)
		if (!m->skipped[i].jobfile)
			sr_page_text(&r->page, "warn", "Not read: %s", m->skipped[i].why);
	job_files(r);
	if (!r->cat)
		sr_page_text(&r->page, "warn",
			     "No test catalogue (%s): every test is listed under Other tests.",
			     r->o->cat_note ? r->o->cat_note : "none given");
}

/* The contents: a line of links to the sections present. */
static void contents(struct sr_report *r)
{
	char anchor[128];

	sr_page_raw(&r->page,
		    "<nav><a href=\"#summary\">Summary</a><a href=\"#drives\">Drives</a>");
	for (size_t i = 0; r->cat && i <= r->cat->nfamilies; i++) {
		const struct catalogue_family *f =
		    i < r->cat->nfamilies ? &r->cat->families[i] : NULL;
		const struct sr_rtest **t;
		long n = sr_review_family(r->rv, f ? f->id : NULL, &t), k = 0;

		for (long j = 0; !f && j < n; j++) /* those in a sweep or comparison are there */
			k += !r->an->st.placed || !r->an->st.placed[t[j] - r->rv->tests];
		free(t);
		if (f ? n <= 0 : k <= 0)
			continue;
		fprintf(r->page.html, "<a href=\"#%s\">", sr_rep_anchor(f, anchor, sizeof(anchor)));
		sr_html_text(r->page.html, f ? f->title : "Other tests");
		fputs("</a>", r->page.html);
	}
	if (r->an->st.nsteady)
		sr_page_raw(&r->page, "<a href=\"#steady-state\">Steady state</a>");
	if (r->an->rounds.nrounds)
		sr_page_raw(&r->page, "<a href=\"#rounds\">Rounds</a>");
	if (r->an->rounds.n > r->an->rounds.nrounds)
		sr_page_raw(&r->page, "<a href=\"#repeats\">Repeats</a>");
	if (r->an->st.nsweeps)
		sr_page_raw(&r->page, "<a href=\"#sweeps\">Sweeps</a>");
	if (r->an->st.ncmps)
		sr_page_raw(&r->page, "<a href=\"#comparisons\">Comparisons</a>");
	sr_page_raw(&r->page, "</nav>\n");
}

int sr_section_header(struct sr_report *r)
{
	sr_page_heading(&r->page, 1, NULL, r->o->title);
	facts(r);
	profile_notes(r);
	sr_section_partial(r);
	warnings(r);
	contents(r);
	sr_page_text(
	    &r->page, "note",
	    "Latency is completion latency (fio clat)%s; MB/s is 10^6 bytes/s. Every table "
	    "has a CSV file, every chart its data as CSV and its gnuplot script; each test's "
	    "detail page holds every figure of every run.",
	    r->an->npts_tests ? ", except in the SNIA PTS tables, which say per table which "
				"they use (their averages and maxima are total latency, "
				"fio lat)"
			      : "");
	return r->page.err;
}
