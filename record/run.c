// SPDX-License-Identifier: GPL-2.0-only
/* run.c - run.json written, read and described (run.h) from one table of fields
 * (doc_fields.h; a PTS test's part in run_pts.c). A test's params (their members depend on the
 * test's tool) and the run's members (on who the tests ran on) are members of their own
 * functions. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record/doc_fields.h"
#include "record/json.h"
#include "record/legacy.h"
#include "record/run.h"
#include "record/run_pts.h"

static void add(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

/* A copy of @s (NULL stays NULL); sets *@rc on failure. */
static char *dup(const char *s, int *rc)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

/* ---- a test's params: fio's, or an ssd-apps test's ------------------------------------------ */

/* "params": {} for an ssd-apps test not started, else each of its known members */
json_object *rec_params_json(const struct rec_params *p)
{
	json_object *o = json_object_new_object();

	if (p->apps) {
		if (!p->known)
			return o;
		add(o, "instances", rec_json_i64(p->instances));
		if (p->sizes & REC_SIZES_OLTP) {
			add(o, "tables", rec_json_i64(p->tables));
			add(o, "table_size", rec_json_i64(p->table_size));
		}
		if (p->sizes & REC_SIZES_TPCC)
			add(o, "warehouses", rec_json_i64(p->warehouses));
		add(o, "threads", rec_json_i64(p->threads));
		add(o, "warmup_s", rec_json_i64(p->warmup_s));
		add(o, "time_s", rec_json_i64(p->time_s));
		return o;
	}
	add(o, "rw", rec_json_text(p->rw));
	add(o, "bs", rec_json_text(p->bs));
	add(o, "bssplit", rec_json_text(p->bssplit));
	add(o, "rwmix_read", p->rwmix_read >= 0 ? json_object_new_int(p->rwmix_read) : NULL);
	add(o, "threads", json_object_new_int64(p->threads));
	add(o, "depth", json_object_new_int(p->depth));
	add(o, "rate_pct", p->rate_pct >= 0 ? json_object_new_int(p->rate_pct) : NULL);
	add(o, "region", rec_json_text(p->region));
	return o;
}

static int params_of(json_object *o, bool apps, struct rec_params *p)
{
	int rc = 0;

	p->apps = apps;
	p->known = o && json_object_object_length(o) > 0;
	p->rw = rec_json_strdup(o, "rw", &rc);
	p->bs = rec_json_strdup(o, "bs", &rc);
	p->bssplit = rec_json_strdup(o, "bssplit", &rc);
	p->region = rec_json_strdup(o, "region", &rc);
	p->rwmix_read = (int)rec_json_i64_or(o, "rwmix_read", -1);
	p->rate_pct = (int)rec_json_i64_or(o, "rate_pct", -1);
	p->threads = rec_json_i64_or(o, "threads", -1);
	p->depth = (int)rec_json_i64_or(o, "depth", -1);
	p->instances = rec_json_i64_or(o, "instances", -1);
	p->tables = rec_json_i64_or(o, "tables", -1);
	p->table_size = rec_json_i64_or(o, "table_size", -1);
	p->warehouses = rec_json_i64_or(o, "warehouses", -1);
	if (json_object_object_get_ex(o, "tables", NULL) ||
	    json_object_object_get_ex(o, "table_size", NULL))
		p->sizes |= REC_SIZES_OLTP;
	if (json_object_object_get_ex(o, "warehouses", NULL))
		p->sizes |= REC_SIZES_TPCC;
	p->warmup_s = rec_json_i64_or(o, "warmup_s", -1);
	p->time_s = rec_json_i64_or(o, "time_s", -1);
	return rc;
}

static void params_free(struct rec_params *p)
{
	free(p->rw);
	free(p->bs);
	free(p->bssplit);
	free(p->region);
	p->rw = p->bs = p->bssplit = p->region = NULL;
}

int rec_params_copy(struct rec_params *to, const struct rec_params *from)
{
	int rc = 0;

	params_free(to);
	*to = *from;
	to->rw = dup(from->rw, &rc);
	to->bs = dup(from->bs, &rc);
	to->bssplit = dup(from->bssplit, &rc);
	to->region = dup(from->region, &rc);
	return rc;
}

/* the custom member "params" of a test (@p its struct rec_test) */
static void params_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)w;
	add(o, k, rec_params_json(&((const struct rec_test *)p)->params));
}

static int params_read(json_object *o, const char *k, void *p, unsigned w)
{
	struct rec_test *t = p;

	(void)w;
	return params_of(rec_json_get(o, k), t->tool && !strcmp(t->tool, "ssd-apps"), &t->params);
}

static int params_copy(void *to, const void *from)
{
	struct rec_test *t = to;

	memset(&t->params, 0, sizeof(t->params));
	return rec_params_copy(&t->params, &((const struct rec_test *)from)->params);
}

static void params_release(void *p) { params_free(&((struct rec_test *)p)->params); }

/* ---- the run's members: a group's drives, a client run's hosts, a fio server's run ---------- */

static json_object *members_json(const struct rec_run *r)
{
	json_object *a, *m;

	switch (r->members_kind) {
	case REC_MEMBERS_NONE:
		return NULL;
	case REC_MEMBERS_SERVER:
		m = json_object_new_object();
		add(m, "host", rec_json_text(r->server_host));
		add(m, "port", json_object_new_int(r->server_port));
		add(m, "combined_results", rec_json_text(r->combined_results));
		return m;
	case REC_MEMBERS_GROUP:
	case REC_MEMBERS_CLIENTS:
		break;
	}
	a = json_object_new_array();
	for (size_t i = 0; i < r->nmembers; i++) {
		const struct rec_member *e = &r->members[i];

		m = json_object_new_object();
		add(m, "label", rec_json_text(e->label));
		if (r->members_kind == REC_MEMBERS_GROUP) {
			add(m, "device", rec_json_text(e->device));
			add(m, "kind", rec_json_text(e->kind));
			add(m, "fio_filename", rec_json_text(e->fio_filename));
			add(m, "span_bytes", json_object_new_int64(e->span_bytes));
		} else {
			add(m, "host", rec_json_text(e->host));
			add(m, "port", json_object_new_int(e->port));
			add(m, "device", rec_json_text(e->device));
		}
		json_object_array_add(a, m);
	}
	return a;
}

static int members_of(json_object *m, struct rec_run *r)
{
	int rc = 0;

	if (!m)
		return 0;
	if (json_object_is_type(m, json_type_object)) {
		r->members_kind = REC_MEMBERS_SERVER;
		r->server_host = rec_json_strdup(m, "host", &rc);
		r->server_port = (int)rec_json_i64_or(m, "port", 0);
		r->combined_results = rec_json_strdup(m, "combined_results", &rc);
		return rc;
	}
	if (!json_object_is_type(m, json_type_array))
		return 0;
	r->nmembers = json_object_array_length(m);
	if (!(r->members = calloc(r->nmembers + 1, sizeof(*r->members)))) {
		r->nmembers = 0;
		return -ENOMEM;
	}
	for (size_t i = 0; i < r->nmembers; i++) {
		json_object *e = json_object_array_get_idx(m, i);
		struct rec_member *x = &r->members[i];

		if (rec_json_get(e, "host"))
			r->members_kind = REC_MEMBERS_CLIENTS;
		x->label = rec_json_strdup(e, "label", &rc);
		x->device = rec_json_strdup(e, "device", &rc);
		x->kind = rec_json_strdup(e, "kind", &rc);
		x->fio_filename = rec_json_strdup(e, "fio_filename", &rc);
		x->span_bytes = rec_json_i64_or(e, "span_bytes", -1);
		x->host = rec_json_strdup(e, "host", &rc);
		x->port = (int)rec_json_i64_or(e, "port", 0);
	}
	if (r->members_kind == REC_MEMBERS_NONE)
		r->members_kind = REC_MEMBERS_GROUP;
	return rc;
}

static void members_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)w;
	add(o, k, members_json(p));
}

static int members_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)w;
	return members_of(rec_json_get(o, k), p);
}

static void members_free(void *p)
{
	struct rec_run *r = p;

	for (size_t i = 0; i < r->nmembers; i++) {
		free(r->members[i].label);
		free(r->members[i].device);
		free(r->members[i].kind);
		free(r->members[i].fio_filename);
		free(r->members[i].host);
	}
	free(r->members);
	free(r->server_host);
	free(r->combined_results);
	r->members = NULL;
	r->nmembers = 0;
	r->server_host = r->combined_results = NULL;
}

/* ---- the document ------------------------------------------------------------------------- */

static void schema_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)p, (void)w;
	add(o, k, json_object_new_string(REC_RUN_SCHEMA));
}

static int nothing_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)o, (void)k, (void)p, (void)w;
	return 0;
}

/* "previous_runs": [] when there are none */
static void previous_write(json_object *o, const char *k, const void *p, unsigned w)
{
	json_object *v = ((const struct rec_run *)p)->previous_runs;

	(void)w;
	add(o, k, v ? json_object_get(v) : json_object_new_array());
}

static int previous_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)w;
	((struct rec_run *)p)->previous_runs = json_object_get(rec_json_get(o, k));
	return 0;
}

static void previous_free(void *p)
{
	json_object_put(((struct rec_run *)p)->previous_runs);
	((struct rec_run *)p)->previous_runs = NULL;
}

#define STRING "\"type\": \"string\""
#define TIME_RE "\"pattern\": \"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$\""
#define TIME STRING ", " TIME_RE
#define WHAT(text) "\"description\": \"" text "\""
#define ARGV "\"type\": \"array\", \"items\": {\"type\": \"string\"}"

/* a test's "params": fio's, or an ssd-apps test's ({} until it starts) */
static const char params_schema[] =
    "\"params\": {\"oneOf\": [{\"type\": \"object\", \"additionalProperties\": false, "
    "\"required\": [\"rw\", \"bs\", \"bssplit\", \"rwmix_read\", \"threads\", \"depth\", "
    "\"rate_pct\", \"region\"], \"properties\": {"
    "\"rw\": {\"type\": [\"string\", \"null\"]}, "
    "\"bs\": {\"type\": [\"string\", \"null\"]}, "
    "\"bssplit\": {\"type\": [\"string\", \"null\"]}, "
    "\"rwmix_read\": {\"type\": [\"integer\", \"null\"], \"minimum\": 0, \"maximum\": 100}, "
    "\"threads\": {\"type\": \"integer\", \"minimum\": 1}, "
    "\"depth\": {\"type\": \"integer\", \"minimum\": 1}, "
    "\"rate_pct\": {\"type\": [\"integer\", \"null\"], \"minimum\": 1}, "
    "\"region\": {\"enum\": [\"span\", \"quarter\"]}}, \"description\": \"a fio test's\"}, "
    "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {"
    "\"instances\": {\"type\": [\"integer\", \"null\"]}, "
    "\"tables\": {\"type\": [\"integer\", \"null\"], \"description\": \"apps-oltp\"}, "
    "\"table_size\": {\"type\": [\"integer\", \"null\"], \"description\": \"apps-oltp\"}, "
    "\"warehouses\": {\"type\": [\"integer\", \"null\"], \"description\": \"apps-tpcc\"}, "
    "\"threads\": {\"type\": [\"integer\", \"null\"]}, "
    "\"warmup_s\": {\"type\": [\"integer\", \"null\"], \"description\": \"s\"}, "
    "\"time_s\": {\"type\": [\"integer\", \"null\"], \"description\": \"s\"}}, "
    "\"description\": \"an ssd-apps test's (tool ssd-apps): {} until it starts\"}]}";

/* "members": null, an array (a group's drives, a client run's hosts) or a fio server's object */
static const char members_schema[] =
    "\"members\": {\"oneOf\": [{\"type\": \"null\", \"description\": \"one drive\"}, "
    "{\"type\": \"array\", \"description\": \"a group's drives, or a client run's hosts\", "
    "\"items\": {\"type\": \"object\", \"required\": [\"label\"], \"properties\": {"
    "\"label\": {\"type\": \"string\"}, "
    "\"device\": {\"type\": [\"string\", \"null\"]}, "
    "\"kind\": {\"type\": [\"string\", \"null\"]}, "
    "\"fio_filename\": {\"type\": [\"string\", \"null\"]}, "
    "\"span_bytes\": {\"type\": \"integer\", \"description\": \"bytes\"}, "
    "\"host\": {\"type\": [\"string\", \"null\"]}, "
    "\"port\": {\"type\": \"integer\"}}}}, "
    "{\"type\": \"object\", \"description\": \"a fio server's copy of a client run\", "
    "\"additionalProperties\": false, \"required\": [\"host\", \"port\", \"combined_results\"], "
    "\"properties\": {\"host\": {\"type\": \"string\"}, \"port\": {\"type\": \"integer\"}, "
    "\"combined_results\": {\"type\": \"string\"}}}]}";

static const char previous_schema[] =
    "\"previous_runs\": {\"type\": \"array\", \"items\": {\"type\": \"object\"}, "
    "\"description\": \"the run.json of each earlier session, newest first, as they were\"}";

static const struct rec_field_custom schema = {schema_write, nothing_read,
					       "\"schema\": {\"const\": \"" REC_RUN_SCHEMA "\"}"},
				     previous = {previous_write, previous_read, previous_schema,
						 NULL, previous_free},
				     params = {params_write, params_read, params_schema,
					       params_copy, params_release},
				     members = {members_write, members_read, members_schema, NULL,
						members_free};

#define T(m) offsetof(struct rec_test, m)
#define S(m) offsetof(struct rec_session, m)
#define R(m) offsetof(struct rec_run, m)
#define OWN REC_FIELD_OWN
#define OMIT REC_FIELD_OMIT

static const struct rec_field fio_rc[] = {
    {"fio_rc", REC_FIELD_INT, T(fio_rc),
     .schema = WHAT("fio's or ssd-apps's exit status, 128 + N for signal N")},
    {NULL}};

static const struct rec_field test[] = {
    {"id", REC_FIELD_TEXT, T(id), .flags = OWN, .schema = STRING},
    {"jobfile", REC_FIELD_TEXT, T(jobfile), .flags = OWN,
     .schema = WHAT("jobfiles/<name>; null for an ssd-apps test")},
    {"tool", REC_FIELD_TEXT, T(tool), .flags = OWN | OMIT, .schema = "\"const\": \"ssd-apps\""},
    {"status", REC_FIELD_TEXT, T(status), .flags = OWN,
     .schema = "\"enum\": [\"pending\", \"running\", \"done\", \"failed\", \"interrupted\", "
	       "\"skipped\"]"},
    {"reason", REC_FIELD_TEXT, T(reason), .flags = OWN, .schema = WHAT("null when done")},
    {"entry", REC_FIELD_TEXT, T(entry), .flags = OWN},
    {"family", REC_FIELD_TEXT, T(family), .flags = OWN},
    {"title", REC_FIELD_TEXT, T(title), .flags = OWN},
    {"params", REC_FIELD_CUSTOM, 0, .custom = &params},
    {"expected_seconds", REC_FIELD_LLONG, T(expected_seconds), "s", REC_FIELD_ZERO,
     .schema = "\"minimum\": 0"},
    {"rate_iops_per_job", REC_FIELD_TEXT, T(rate_iops_per_job), .flags = OWN | OMIT,
     .schema = STRING ", \"pattern\": \"^[0-9]+,[0-9]+$\", " WHAT("a curve point's rate_iops, "
								  "read,write")},
    {"started", REC_FIELD_TEXT, T(started), .flags = OWN | OMIT, .schema = TIME},
    {"ended", REC_FIELD_TEXT, T(ended), .flags = OWN | OMIT, .schema = TIME},
    {"seconds", REC_FIELD_I64, T(seconds), "s", OMIT,
     .schema = "\"type\": \"integer\", \"minimum\": 0"},
    {"fio_rc", REC_FIELD_GROUP, T(has_fio_rc), .sub = fio_rc},
    {"manifest_id", REC_FIELD_TEXT, T(manifest_id), .flags = OWN | OMIT,
     .schema = STRING ", \"pattern\": \"^[0-9a-f]{16}$\", " WHAT("the manifest it ran under")},
    {"resumed", REC_FIELD_BOOL, T(resumed), .flags = OMIT,
     .schema = "\"const\": true, " WHAT("kept from an earlier session")},
    {"span_unwritten_bytes", REC_FIELD_I64, T(unwritten_bytes), .flags = OMIT,
     .schema = "\"type\": \"integer\", \"minimum\": 0, " WHAT(
	 "bytes of the span never written when it started reading (a file's holes)")},
    {"pts", REC_FIELD_POINTER, T(pts), .flags = OMIT, .elem_size = sizeof(struct rec_pts),
     .sub = rec_run_pts_fields, .schema = WHAT("a SNIA PTS test's record")},
    {NULL}};

static const struct rec_field session[] = {
    {"started", REC_FIELD_TEXT, S(started), .flags = OWN, .schema = TIME_RE},
    {"ended", REC_FIELD_TEXT, S(ended), .flags = OWN,
     .schema = TIME_RE ", " WHAT("null while running, or when its driver was killed")},
    {"status", REC_FIELD_TEXT, S(status), .flags = OWN,
     .schema = "\"enum\": [\"running\", \"complete\", \"failed\", \"interrupted\", \"killed\", "
	       "null]"},
    {"resume", REC_FIELD_BOOL, S(resume)},
    {"pid", REC_FIELD_LLONG, S(pid), .flags = REC_FIELD_POSITIVE},
    {"command", REC_FIELD_JSON, S(command), .flags = OWN,
     .schema =
	 "\"type\": [\"array\", \"string\", \"null\"], \"items\": {\"type\": \"string\"}, " WHAT(
	     "argv")},
    {NULL}};

static const struct rec_field versions[] = {
    {"fio", REC_FIELD_TEXT, R(fio_version), .flags = OWN},
    {"kernel", REC_FIELD_TEXT, R(kernel), .flags = OWN},
    {"ssdeng", REC_FIELD_TEXT, R(ssdeng_version), .flags = OWN},
    {"ioengine", REC_FIELD_TEXT, R(ioengine), .flags = OWN},
    {NULL}};

static const struct rec_field drive[] = {
    {"label", REC_FIELD_TEXT, R(label), .flags = OWN, .schema = STRING},
    {"device", REC_FIELD_TEXT, R(device), .flags = OWN,
     .schema = WHAT("as given; a group's a,b; a client run's host:port:dev,...")},
    {"fio_filename", REC_FIELD_TEXT, R(fio_filename), .flags = OWN},
    {"span_bytes", REC_FIELD_I64, R(span_bytes), "bytes", .schema = "\"minimum\": 0"},
    {NULL}};

/* The document, in the order written. */
static const struct rec_field document[] = {
    {"schema", REC_FIELD_CUSTOM, 0, .custom = &schema},
    {"command", REC_FIELD_JSON, R(command), .flags = OWN,
     .schema = ARGV ", " WHAT("the command of the session that wrote it")},
    {"cwd", REC_FIELD_TEXT, R(cwd), .flags = OWN},
    {"versions", REC_FIELD_OBJECT, .sub = versions},
    {"started", REC_FIELD_TEXT, R(started), .flags = OWN,
     .schema = TIME ", " WHAT("this session's start (sessions[0] is the run's)")},
    {"ended", REC_FIELD_TEXT, R(ended), .flags = OWN,
     .schema = TIME_RE ", " WHAT("null while running")},
    {"status", REC_FIELD_TEXT, R(status), .flags = OWN,
     .schema = "\"enum\": [\"running\", \"complete\", \"failed\", \"interrupted\", \"killed\"]"},
    {"note", REC_FIELD_TEXT, R(note), .flags = OWN | OMIT,
     .schema = STRING ", " WHAT("why the status is killed")},
    {"suite", REC_FIELD_TEXT, R(suite), .flags = OWN},
    {"profile", REC_FIELD_TEXT, R(profile), .flags = OWN},
    {"engine", REC_FIELD_TEXT, R(engine), .flags = OWN},
    {"engine_option", REC_FIELD_TEXT, R(engine_option), .flags = OWN},
    {"drive", REC_FIELD_OBJECT, .sub = drive},
    {"members", REC_FIELD_CUSTOM, 0, .custom = &members},
    {"resume", REC_FIELD_BOOL, R(resume), .schema = WHAT("this session was a --resume")},
    {"previous_runs", REC_FIELD_CUSTOM, 0, .custom = &previous},
    {"sessions", REC_FIELD_ARRAY, R(sessions), .count_off = R(nsessions),
     .elem_size = sizeof(struct rec_session), .sub = session,
     .schema =
	 "\"minItems\": 1, " WHAT("oldest first; the last is the session that wrote the file")},
    {"tests", REC_FIELD_ARRAY, R(tests), .count_off = R(ntests),
     .elem_size = sizeof(struct rec_test), .sub = test},
    {"manifest", REC_FIELD_JSON, R(manifest), .flags = OWN,
     .schema = "\"$ref\": \"manifest.schema.json\""},
    {"pid", REC_FIELD_LLONG, R(pid), .flags = REC_FIELD_POSITIVE,
     .schema = WHAT("the driver's pid while it runs")},
    {"resume_command", REC_FIELD_TEXT, R(resume_command), .flags = OWN},
    {NULL}};

int rec_run_write(const char *path, const struct rec_run *r)
{
	return rec_fields_write_file(path, document, r, 0);
}

int rec_run_read(const char *path, struct rec_run *r, char *err, size_t errlen)
{
	json_object *o, *tests = NULL;
	bool missing;
	int rc;

	memset(r, 0, sizeof(*r));
	if (!(o = rec_json_read(path, &missing, err, errlen)))
		return missing ? -ENOENT : -EINVAL;
	if (!json_object_is_type(o, json_type_object) ||
	    (json_object_object_get_ex(o, "tests", &tests) &&
	     !json_object_is_type(tests, json_type_array))) { /* also "tests": null */
		snprintf(err, errlen,
			 "%s: expected ssd-review's run.json: an object (with a \"tests\" array)",
			 path);
		json_object_put(o);
		return -EINVAL;
	}
	if ((r->version = rec_legacy_version(o, "ssdeng.run.v", 2)) < 0) {
		snprintf(err, errlen, "%s: schema %s is newer than this program reads (%s)", path,
			 rec_json_str(o, "schema"), REC_RUN_SCHEMA);
		json_object_put(o);
		return -EINVAL;
	}
	if (r->version == 1 && (rc = rec_legacy_run_upgrade(o))) {
		json_object_put(o);
		return rc;
	}
	/* any member may be missing: the driver's first writers left some out */
	if ((rc = rec_fields_read(o, document, r, REC_FIELDS_MISSING_OK, path, err, errlen))) {
		json_object_put(o);
		rec_run_free(r);
		return rc;
	}
	r->doc = o;
	return 0;
}

json_object *rec_run_schema_json(void)
{
	return rec_fields_doc_schema(
	    document, 0, "run",
	    "OUT/<label>/run.json: the run's record of a drive folder (" REC_RUN_SCHEMA ")",
	    "Generated from record/run.c's and run_pts.c's table of fields (scripts/schema-sync): "
	    "do not edit. One manifest with its sessions (the ssd-review that started the run and "
	    "each --resume) and the tests of its plan; rewritten atomically whenever a test "
	    "changes state (docs/results-format.md); times UTC, ISO 8601.");
}

/* ---- helpers ------------------------------------------------------------------------------ */

struct rec_test *rec_run_test(const struct rec_run *r, const char *id)
{
	for (size_t i = 0; id && i < r->ntests; i++)
		if (r->tests[i].id && !strcmp(r->tests[i].id, id))
			return &r->tests[i];
	return NULL;
}

/* One more element of *@v (of @n, @size bytes each), zeroed. */
static void *grow(void **v, size_t *n, size_t size)
{
	char *g = realloc(*v, (*n + 1) * size);

	if (!g)
		return NULL;
	*v = g;
	memset(g + *n * size, 0, size);
	return g + (*n)++ * size;
}

struct rec_test *rec_run_add_test(struct rec_run *r)
{
	struct rec_test *t = grow((void **)&r->tests, &r->ntests, sizeof(*t));

	if (t) {
		t->seconds = t->unwritten_bytes = -1;
		t->params.rwmix_read = t->params.rate_pct = -1;
		t->params.threads = t->params.instances = t->params.tables = -1;
		t->params.table_size = t->params.warmup_s = t->params.time_s = -1;
		t->params.warehouses = -1;
	}
	return t;
}

struct rec_session *rec_run_add_session(struct rec_run *r)
{
	struct rec_session *s = grow((void **)&r->sessions, &r->nsessions, sizeof(*s));

	if (s)
		s->pid = -1;
	return s;
}

struct rec_pts_phase *rec_pts_add_phase(struct rec_pts *p)
{
	struct rec_pts_phase *ph = grow((void **)&p->phases, &p->nphases, sizeof(*ph));

	if (ph) {
		ph->stop_written_bytes = ph->wipc_bytes = ph->wipc_seconds = -1;
		ph->track_tc = ph->track_qd = -1;
		ph->bytes_written = NAN;
		ph->window_mean = ph->window_range_pct = ph->window_slope = NAN;
		ph->window_intercept = ph->window_excursion_pct = NAN;
	}
	return ph;
}

struct rec_pts_round *rec_pts_add_round(struct rec_pts_phase *ph)
{
	struct rec_pts_round *r = grow((void **)&ph->rounds, &ph->nrounds, sizeof(*r));

	if (r) {
		r->tracking = r->bytes_written = NAN;
		r->seconds = -1;
	}
	return r;
}

int rec_pts_add_not_compliant(struct rec_pts *p, const char *why)
{
	char **nc;

	for (size_t k = 0; k < p->nnot_compliant; k++)
		if (!strcmp(p->not_compliant[k], why))
			return 0;
	if (!(nc = realloc(p->not_compliant, (p->nnot_compliant + 2) * sizeof(*nc))))
		return -ENOMEM;
	p->not_compliant = nc;
	if (!(nc[p->nnot_compliant] = strdup(why)))
		return -ENOMEM;
	nc[++p->nnot_compliant] = NULL;
	return 0;
}

/* ISO 8601 UTC ("2026-12-01T14:54:32Z") to seconds; -1 when it is not that. */
static time_t when(const char *iso)
{
	struct tm tm = {0};
	const char *end = iso ? strptime(iso, "%Y-%m-%dT%H:%M:%S", &tm) : NULL;

	return end ? timegm(&tm) : (time_t)-1;
}

long long rec_run_wall_s(const struct rec_run *r, size_t *counted)
{
	long long wall = -1;
	size_t n = 0;

	for (size_t i = 0; i < r->nsessions; i++) {
		time_t a = when(r->sessions[i].started), b = when(r->sessions[i].ended);

		if (a < 0 || b < a)
			continue;
		wall = (wall < 0 ? 0 : wall) + (b - a);
		n++;
	}
	if (counted)
		*counted = n;
	return wall;
}

int rec_run_mark_killed(struct rec_run *r, const char *note)
{
	int rc = rec_str_set(&r->status, "killed");

	if (!rc)
		rc = rec_str_set(&r->note, note);
	if (!rc && r->nsessions)
		rc = rec_str_set(&r->sessions[r->nsessions - 1].status, "killed");
	if (r->doc) {
		json_object *s = rec_json_get(r->doc, "sessions");

		json_object_object_add(r->doc, "status", json_object_new_string("killed"));
		json_object_object_add(r->doc, "note", json_object_new_string(note));
		if (s && json_object_array_length(s))
			json_object_object_add(
			    json_object_array_get_idx(s, json_object_array_length(s) - 1), "status",
			    json_object_new_string("killed"));
	}
	return rc;
}

void rec_run_command_line(json_object *command, char *out, size_t len)
{
	size_t k = 0;

	out[0] = '\0';
	if (command && json_object_is_type(command, json_type_string)) {
		snprintf(out, len, "%s", json_object_get_string(command));
		return;
	}
	for (size_t i = 0; command && json_object_is_type(command, json_type_array) &&
			   i < json_object_array_length(command) && k < len;
	     i++)
		k +=
		    (size_t)snprintf(out + k, len - k, "%s%s", i ? " " : "",
				     json_object_get_string(json_object_array_get_idx(command, i)));
}

int rec_test_copy(struct rec_test *to, const struct rec_test *from)
{
	rec_test_free(to);
	*to = *from;
	return rec_fields_copy(test, to, from);
}

int rec_session_copy(struct rec_session *to, const struct rec_session *from)
{
	*to = *from;
	return rec_fields_copy(session, to, from);
}

void rec_test_free(struct rec_test *t)
{
	rec_fields_free(test, t);
	memset(t, 0, sizeof(*t));
}

void rec_session_free(struct rec_session *s)
{
	rec_fields_free(session, s);
	memset(s, 0, sizeof(*s));
}

void rec_run_free(struct rec_run *r)
{
	rec_fields_free(document, r);
	json_object_put(r->doc);
	memset(r, 0, sizeof(*r));
}
