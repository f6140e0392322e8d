// SPDX-License-Identifier: GPL-2.0-only
/* status.c - OUT/status.json written and read (status.h) from one table of fields
 * (doc_fields.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "record/doc_fields.h"
#include "record/json.h"
#include "record/status.h"

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

static void schema_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)p, (void)w;
	add(o, k, json_object_new_string(REC_STATUS_SCHEMA));
}

static int nothing_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)o, (void)k, (void)p, (void)w;
	return 0;
}

static const struct rec_field_custom schema = {
    schema_write, nothing_read, "\"schema\": {\"const\": \"" REC_STATUS_SCHEMA "\"}"};

static bool live_on(const void *s) { return ((const struct rec_status *)s)->live_every_s > 0; }
static bool test_running(const void *s) { return ((const struct rec_status *)s)->test_id; }
static bool fio_running(const void *s) { return ((const struct rec_status *)s)->fio_pid > 0; }

static const char *const states[] = {"running", "complete", "failed", "interrupted", NULL};

#define S(m) offsetof(struct rec_status, m)
#define TIME "\"pattern\": \"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$\""
#define NONNEG "\"minimum\": 0"
#define WHAT(text) "\"description\": \"" text "\""

static const struct rec_field tests[] = {
    {"total", REC_FIELD_LLONG, S(total), .schema = NONNEG},
    {"done", REC_FIELD_LLONG, S(done), .schema = NONNEG},
    {"failed", REC_FIELD_LLONG, S(failed), .schema = NONNEG},
    {"kept", REC_FIELD_LLONG, S(kept), .schema = NONNEG},
    {"skipped", REC_FIELD_LLONG, S(skipped), .since = 2,
     .schema = NONNEG ", " WHAT("tests not run (an apps test on a file, a curve point without its "
				"max run, the rest after a stop); absent in files written before "
				"it")},
    {NULL}};

static const struct rec_field run[] = {
    {"elapsed_s", REC_FIELD_LONG, S(run_elapsed_s), "s", .schema = NONNEG},
    {"earlier_s", REC_FIELD_LONG, S(run_earlier_s), "s",
     .flags = REC_FIELD_POSITIVE | REC_FIELD_OMIT, .since = 3,
     .schema =
	 NONNEG ", " WHAT("s: what the run's earlier sessions ran (--resume), each from its "
			  "start to its end as run.json's sessions say (a killed one, without "
			  "an end, not counted), absent for a first session; elapsed_s is "
			  "this session's")},
    {"eta_s", REC_FIELD_LONG, S(run_eta_s), "s", REC_FIELD_NULLNEG,
     .schema = WHAT("s: the running test's ETA plus the catalogue durations of the tests still "
		    "to run, each with the overhead per test measured so far (fills: the mean "
		    "of those that ended)")},
    {"eta_lower_bound", REC_FIELD_BOOL, S(run_eta_lower_bound)},
    {"pace", REC_FIELD_DOUBLE, S(pace), .flags = REC_FIELD_POSITIVE, .since = 2, .digits = 3,
     .schema = WHAT("the tests this session ended (done or failed) that have a planned "
		    "duration: their measured seconds over their planned seconds; null before "
		    "the first")},
    {NULL}};

static const struct rec_field live[] = {
    {"every_s", REC_FIELD_LONG, S(live_every_s),
     .schema = "\"minimum\": 1, " WHAT("seconds between rebuilds while a test runs")},
    {"rebuilds", REC_FIELD_LLONG, S(live_rebuilds), .flags = REC_FIELD_ZERO,
     .schema = NONNEG ", " WHAT("rebuilds swapped in")},
    {"failed", REC_FIELD_LLONG, S(live_failed), .flags = REC_FIELD_ZERO,
     .schema = NONNEG ", " WHAT("rebuilds that failed (one the driver stopped at the run's end or "
				"on an interrupt is not counted)")},
    {"built", REC_FIELD_TEXT, S(live_built),
     .schema = TIME ", " WHAT("UTC, ISO 8601: when the last one was swapped in")},
    {"cpu_s", REC_FIELD_DOUBLE, S(live_cpu_s), .flags = REC_FIELD_ZERO, .digits = 2,
     .schema = "\"type\": \"number\", " NONNEG ", " WHAT("s: user + system seconds of all "
							 "rebuilds, their gnuplots included")},
    {NULL}};

static const struct rec_field test[] = {
    {"index", REC_FIELD_LLONG, S(index), .schema = "\"minimum\": 1"},
    {"label", REC_FIELD_TEXT, S(label)},
    {"id", REC_FIELD_TEXT, S(test_id)},
    {"title", REC_FIELD_TEXT, S(title)},
    {"started", REC_FIELD_TEXT, S(test_started), "UTC, ISO 8601", .schema = TIME},
    {"elapsed_s", REC_FIELD_LONG, S(elapsed_s), "s"},
    {"expected_s", REC_FIELD_LONG, S(expected_s), "s"},
    {"eta_s", REC_FIELD_LONG, S(eta_s), "s", REC_FIELD_NULLNEG},
    {"rate", REC_FIELD_TEXT_SET, S(rate)},
    {NULL}};

static const struct rec_field fio[] = {
    {"pid", REC_FIELD_LLONG, S(fio_pid), .flags = REC_FIELD_ZERO, .schema = "\"minimum\": 1"},
    {"starttime", REC_FIELD_ULLONG, S(fio_starttime),
     .schema = WHAT("its /proc start time, clock ticks since boot")},
    {NULL}};

/* The document. Revision 2 added tests.skipped, run.pace and live: a file written before them
 * reads them as not known (live off); revision 3 run.earlier_s (absent for a first session). */
static const struct rec_field document[] = {
    {"schema", REC_FIELD_CUSTOM, 0, .custom = &schema},
    {"state", REC_FIELD_ENUM, S(state), .values = states},
    {"pid", REC_FIELD_LLONG, S(pid), .schema = "\"minimum\": 1, " WHAT("the driver's pid")},
    {"pid_starttime", REC_FIELD_ULLONG, S(pid_starttime),
     .schema = WHAT("its /proc start time, clock ticks since boot: a reused pid is not taken "
		    "for it")},
    {"command", REC_FIELD_JSON, S(command),
     .schema = "\"type\": [\"array\", \"null\"], \"items\": {\"type\": \"string\"}, " WHAT(
	 "the driver's argv")},
    {"resume_command", REC_FIELD_TEXT, S(resume_command)},
    {"out", REC_FIELD_TEXT, S(out), .schema = WHAT("the results directory, absolute")},
    {"started", REC_FIELD_TEXT, S(started), "UTC, ISO 8601", .schema = TIME},
    {"updated", REC_FIELD_TEXT, S(updated),
     .schema = "\"type\": \"string\", " TIME ", " WHAT("UTC, ISO 8601: when it was written")},
    {"ended", REC_FIELD_TEXT, S(ended), "UTC, ISO 8601", .schema = TIME},
    {"reason", REC_FIELD_TEXT, S(reason),
     .schema = WHAT("how the run stopped when it did not complete")},
    {"tests", REC_FIELD_OBJECT, .sub = tests},
    {"run", REC_FIELD_OBJECT, .sub = run},
    {"live", REC_FIELD_OBJECT, .since = 2, .sub = live, .when = live_on,
     .schema = WHAT("the live report (OUT/report/ rebuilt while the run goes on, docs/live.md); "
		    "null with --no-live or --no-report; absent in files written before it")},
    {"test", REC_FIELD_OBJECT, .flags = REC_FIELD_ZERO, .sub = test, .when = test_running,
     .schema = WHAT("the running test; null between tests")},
    {"fio", REC_FIELD_OBJECT, .flags = REC_FIELD_ZERO, .sub = fio, .when = fio_running,
     .schema = WHAT("the fio (or ssd-apps) running now, else null")},
    {"exit_status", REC_FIELD_INT, S(exit_status), .flags = REC_FIELD_NULLNEG,
     .schema = WHAT("null while running")},
    {NULL}};

int rec_status_write(const char *path, const struct rec_status *s)
{
	struct rec_status w = *s;
	char now[32];
	struct tm tm;
	time_t t = time(NULL);

	gmtime_r(&t, &tm);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
	w.updated = now;
	w.skipped = s->skipped > 0 ? s->skipped : 0;
	return rec_fields_write_file(path, document, &w, 0);
}

bool rec_status_is(json_object *o)
{
	const char *schema = rec_json_str(o, "schema");

	return schema && !strncmp(schema, "ssdeng.review-status.", 21);
}

int rec_status_read(const char *path, struct rec_status *s, char *err, size_t errlen)
{
	json_object *o;
	bool missing;
	int rc;

	memset(s, 0, sizeof(*s));
	if (!(o = rec_json_read(path, &missing, err, errlen)))
		return missing ? -ENOENT : -EINVAL;
	if (!rec_status_is(o)) {
		snprintf(err, errlen, "%s: not a status file of ssd-review (schema %s)", path,
			 rec_json_str(o, "schema") ? rec_json_str(o, "schema") : "missing");
		json_object_put(o);
		return -EINVAL;
	}
	s->doc = o;
	/* a member missing reads as not known: the driver's first writers left some out */
	if ((rc = rec_fields_read(o, document, s, REC_FIELDS_MISSING_OK, path, err, errlen))) {
		rec_status_free(s);
		return rc;
	}
	if (!s->test_id && json_object_is_type(rec_json_get(o, "test"), json_type_object))
		s->test_id = "?"; /* a test runs, its id not known */
	return 0;
}

json_object *rec_status_schema_json(void)
{
	return rec_fields_doc_schema(
	    document, 0, "status",
	    "OUT/status.json: what a run of ssd-review is doing (" REC_STATUS_SCHEMA ")",
	    "Generated from record/status.c's table of fields (scripts/schema-sync): do not edit. "
	    "Rewritten atomically at each test's start and end and every 5 s while fio runs "
	    "(docs/results-format.md); times UTC, ISO 8601; a figure not known is null.");
}

long long rec_status_left(const struct rec_status *s)
{
	long long left = s->total;

	left -= s->done > 0 ? s->done : 0;
	left -= s->failed > 0 ? s->failed : 0;
	left -= s->kept > 0 ? s->kept : 0;
	left -= s->skipped > 0 ? s->skipped : 0;
	return left > 0 ? left : 0;
}

void rec_status_free(struct rec_status *s)
{
	json_object_put(s->doc);
	memset(s, 0, sizeof(*s));
}
