// SPDX-License-Identifier: GPL-2.0-only
/* reference.c - published figures as a drive of the model (see reference.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json.h>

#include "parse/apps_json.h"
#include "parse/json_get.h"
#include "parse/reference.h"

int sr_reference_find(const char *name, const char *const *dirs, size_t n, char *out, size_t len)
{
	struct stat st;
	size_t l = strlen(name);

	if (strchr(name, '/') || (l > 5 && !strcmp(name + l - 5, ".json"))) {
		snprintf(out, len, "%s", name);
		return stat(out, &st) == 0 && S_ISREG(st.st_mode) ? 0 : -ENOENT;
	}
	for (size_t i = 0; i < n; i++) {
		if (!dirs[i])
			continue;
		snprintf(out, len, "%s/%s.json", dirs[i], name);
		if (stat(out, &st) == 0 && S_ISREG(st.st_mode))
			return 0;
	}
	return -ENOENT;
}

static const char *str_field(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || json_object_get_type(v) != json_type_string)
		return NULL;
	return json_object_get_string(v);
}

/* A positive number at @key: 1 found, 0 absent, -EINVAL wrong type or not > 0. */
static int num_field(json_object *o, const char *key, double *out)
{
	json_object *v;
	enum json_type t;

	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	t = json_object_get_type(v);
	if (t != json_type_int && t != json_type_double)
		return -EINVAL;
	*out = json_object_get_double(v);
	return *out > 0 ? 1 : -EINVAL;
}

static int cmp_pct(const void *a, const void *b)
{
	const struct sr_pct *x = a, *y = b;
	return (x->pct > y->pct) - (x->pct < y->pct);
}

/* One direction object -> @s; @where names it in messages ("tests[2].write"). */
/* @o must be an object whose keys are all in @known; else an error naming @where and the key. */
static int known_fields_only(json_object *o, const char *const *known, size_t n, const char *where,
			     struct sr_diag *d)
{
	char expected[256] = "";

	if (json_object_get_type(o) != json_type_object)
		return sr_error(d, NULL, (size_t)-1, "%s: expected an object", where);
	json_object_object_foreach(o, key, val)
	{
		bool ok = false;

		(void)val;
		for (size_t i = 0; i < n; i++)
			ok |= !strcmp(key, known[i]);
		if (ok)
			continue;
		for (size_t i = 0; i < n; i++)
			snprintf(expected + strlen(expected), sizeof(expected) - strlen(expected),
				 "%s%s", i ? ", " : "", known[i]);
		return sr_error(d, NULL, (size_t)-1, "%s: unknown field \"%s\" (expected %s)",
				where, key, expected);
	}
	return 0;
}

static int read_direction(json_object *o, struct sr_dir *s, const char *where, struct sr_diag *d)
{
	static const char *const known[] = {"iops",	 "mb_s",       "lat_mean_ms", "lat_max_ms",
					    "lat_sd_ms", "lat_pct_ms", "mib_s"};
	struct sr_value *dst[] = {&s->iops, &s->bw, &s->clat.mean, &s->clat.max, &s->clat.stddev};
	static const double scale[] = {1, 1e6, 1e6, 1e6, 1e6}; /* -> IOPS, bytes/s, ns */
	double mib;
	json_object *pct;
	int rc = known_fields_only(o, known, sizeof(known) / sizeof(known[0]), where, d);

	if (rc)
		return rc;
	s->present = true;
	for (size_t i = 0; i < sizeof(dst) / sizeof(dst[0]); i++) {
		double v;

		rc = num_field(o, known[i], &v);
		if (rc < 0)
			return sr_error(d, NULL, (size_t)-1, "%s.%s: expected a number above 0",
					where, known[i]);
		if (rc)
			*dst[i] = sr_val(v * scale[i]);
	}
	rc = num_field(o, "mib_s", &mib); /* spec sheets quote MiB/s: 2^20 bytes/s */
	if (rc < 0)
		return sr_error(d, NULL, (size_t)-1, "%s.mib_s: expected a number above 0", where);
	if (rc && sr_ok(s->bw))
		return sr_error(d, NULL, (size_t)-1, "%s: \"mb_s\" and \"mib_s\" both given",
				where);
	if (rc)
		s->bw = sr_val(mib * 1048576.0);
	if (json_object_object_get_ex(o, "lat_pct_ms", &pct)) {
		size_t n = 0;

		if (json_object_get_type(pct) != json_type_object)
			return sr_error(d, NULL, (size_t)-1,
					"%s.lat_pct_ms: expected an object {\"99\": ms, ...}",
					where);
		s->clat.pct = calloc(json_object_object_length(pct) + 1, sizeof(*s->clat.pct));
		if (!s->clat.pct)
			return -ENOMEM;
		json_object_object_foreach(pct, key, val)
		{
			char *end;
			double p = strtod(key, &end), v;
			enum json_type t = json_object_get_type(val);

			if (end == key || *end || p <= 0 || p > 100 ||
			    (t != json_type_int && t != json_type_double) ||
			    (v = json_object_get_double(val)) <= 0)
				return sr_error(d, NULL, (size_t)-1,
						"%s.lat_pct_ms: \"%s\": expected a percentile "
						"(0, 100] and a latency in ms above 0",
						where, key);
			s->clat.pct[n++] = (struct sr_pct){p, v * 1e6};
		}
		s->clat.npct = n;
		qsort(s->clat.pct, n, sizeof(*s->clat.pct), cmp_pct);
	}
	return 0;
}

static int read_test(json_object *o, size_t idx, struct sr_test *t, struct sr_diag *d)
{
	static const char *const dirs[2] = {"read", "write"};
	static const char *const known[] = {"id", "rw",	  "bs",	   "threads",
					    "qd", "read", "write", "note"};
	struct sr_run *r;
	double bs = 0, th = 0, qd = 0;
	const char *id = str_field(o, "id"), *rw = str_field(o, "rw");
	char where[64];
	int rc = 0;

	snprintf(where, sizeof(where), "tests[%zu]", idx);
	rc = known_fields_only(o, known, sizeof(known) / sizeof(known[0]), where, d);
	if (rc)
		return rc;
	if (!id || !rw || num_field(o, "bs", &bs) != 1 || num_field(o, "threads", &th) != 1 ||
	    num_field(o, "qd", &qd) != 1)
		return sr_error(d, NULL, (size_t)-1,
				"%s: expected \"id\" and \"rw\" strings and \"bs\" (bytes), "
				"\"threads\", \"qd\" numbers above 0",
				where);
	t->id = strdup(id);
	t->runs = calloc(1, sizeof(*t->runs));
	if (!t->id || !t->runs)
		return -ENOMEM;
	t->nruns = 1;
	r = &t->runs[0];
	r->name = strdup(id);
	r->rw = strdup(rw);
	if (!r->name || !r->rw)
		return -ENOMEM;
	r->bs = (uint64_t)bs;
	r->numjobs = (unsigned)th;
	r->iodepth = (unsigned)qd;
	r->group_reporting = true; /* published figures are the totals of all threads */
	for (int k = 0; k < 2 && !rc; k++) {
		json_object *v;
		char w[80];

		snprintf(w, sizeof(w), "%s.%s", where, dirs[k]);
		if (json_object_object_get_ex(o, dirs[k], &v))
			rc = read_direction(v, &r->dir[k], w, d);
	}
	if (!rc && !r->dir[0].present && !r->dir[1].present)
		rc = sr_error(d, NULL, (size_t)-1,
			      "%s (%s): expected a \"read\" or \"write\" object", where, id);
	return rc;
}

/* "apps": a review's application workload figures (reference.h) -> drv->apps. */
static int read_apps(json_object *o, struct sr_drive *drv, struct sr_diag *d)
{
	static const char *const known[] = {"id",      "test",	     "instances",
					    "tables",  "table_size", "warehouses",
					    "threads", "total",	     "note"};
	static const char *const known_total[] = {"tps", "qps", "lat_avg_ms", "lat_p95_ms",
						  "lat_p99_ms"};
	json_object *total = sr_json_get(o, "total");
	struct sr_apps *a;
	int rc = known_fields_only(o, known, sizeof(known) / sizeof(known[0]), "apps", d);

	if (rc)
		return rc;
	if (!str_field(o, "id") || !total)
		return sr_error(d, NULL, (size_t)-1,
				"apps: expected an \"id\" (the test, \"apps-oltp\" or "
				"\"apps-tpcc\") and a \"total\" object");
	rc = known_fields_only(total, known_total, sizeof(known_total) / sizeof(known_total[0]),
			       "apps.total", d);
	if (rc)
		return rc;
	if (!(drv->apps = calloc(1, sizeof(*drv->apps))))
		return -ENOMEM;
	a = &drv->apps[0];
	drv->napps = 1;
	a->id = sr_json_strdup(o, "id", &rc);
	a->test = sr_json_strdup(o, "test", &rc);
	a->note = sr_json_strdup(o, "note", &rc);
	a->status = strdup("done");
	if (rc || !a->status)
		return -ENOMEM;
	a->instances = sr_json_num(o, "instances");
	a->tables = sr_json_num(o, "tables");
	a->table_size = sr_json_num(o, "table_size");
	a->threads = sr_json_num(o, "threads");
	a->warehouses = sr_json_num(o, "warehouses");
	sr_apps_figures_read(total, &a->total);
	if (!sr_ok(a->total.tps) && !sr_ok(a->total.lat_avg_ms))
		return sr_error(d, NULL, (size_t)-1,
				"apps.total: expected \"tps\" or \"lat_avg_ms\", a number");
	return 0;
}

/* The reference file @path into @drv (zeroed by the caller); @kind, when set, must match. */
static int read_reference(const char *path, const char *kind, struct sr_drive *drv,
			  struct sr_diag *d)
{
	json_object *o = json_object_from_file(path), *tests;
	const char *name, *source;
	int rc = 0;

	sr_diag_file(d, path);
	if (!o)
		return sr_error(d, NULL, (size_t)-1, "cannot read a JSON object: %s",
				json_util_get_last_err());
	name = str_field(o, "name");
	source = str_field(o, "source");
	if (!name || !source || !str_field(o, "title") || !str_field(o, "kind") ||
	    !json_object_object_get_ex(o, "tests", &tests) ||
	    json_object_get_type(tests) != json_type_array) {
		rc = sr_error(d, NULL, (size_t)-1,
			      "expected \"name\", \"title\", \"kind\", \"source\" strings and a "
			      "\"tests\" array (reporter/reference.h)");
		goto out;
	}
	if (kind && strcmp(str_field(o, "kind"), kind)) {
		rc = sr_error(d, NULL, (size_t)-1, "kind is \"%s\", expected \"%s\"",
			      str_field(o, "kind"), kind);
		goto out;
	}
	drv->label = strdup(name);
	drv->source = strdup(source);
	drv->tests = calloc(json_object_array_length(tests) + 1, sizeof(*drv->tests));
	if (!drv->label || !drv->source || !drv->tests) {
		rc = -ENOMEM;
		goto out;
	}
	rc = sr_drive_add_kv(drv, "published figures", str_field(o, "title"));
	if (!rc)
		rc = sr_drive_add_kv(drv, "kind", str_field(o, "kind"));
	if (!rc)
		rc = sr_drive_add_kv(drv, "source", source);
	for (size_t i = 0; i < json_object_array_length(tests) && !rc; i++) {
		rc = read_test(json_object_array_get_idx(tests, i), i, &drv->tests[drv->ntests], d);
		drv->ntests++;
	}
	if (!rc && sr_json_get(o, "apps"))
		rc = read_apps(sr_json_get(o, "apps"), drv, d);
out:
	json_object_put(o);
	return rc;
}

int sr_reference_load(struct sr_model *m, const char *path, struct sr_diag *d)
{
	struct sr_drive *grown = realloc(m->drives, (m->ndrives + 1) * sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	m->drives = grown;
	memset(&m->drives[m->ndrives], 0, sizeof(*grown));
	return read_reference(path, NULL, &m->drives[m->ndrives++], d);
}

int sr_reference_load_sheet(struct sr_model *m, const char *path, struct sr_diag *d)
{
	struct sr_drive *sheet = calloc(1, sizeof(*sheet));
	int rc;

	if (!sheet)
		return -ENOMEM;
	rc = read_reference(path, "spec sheet", sheet, d);
	if (rc) {
		sr_drive_free(sheet);
		free(sheet);
		return rc;
	}
	if (m->sheet) {
		sr_drive_free(m->sheet);
		free(m->sheet);
	}
	m->sheet = sheet;
	return 0;
}
