// SPDX-License-Identifier: GPL-2.0-only
/* catalogue_load.c - read jobfiles/catalogue.json with json-c and check every reference. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json.h>

#include "catalogue.h"

/* Parsing state: the file and where in it we are, for messages. */
struct rd {
	const char *path;
	char *err;
	size_t errlen;
	char where[160]; /* "tests[12] \"curve-sql-max\"" */
};

static int fail(struct rd *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(r->err, r->errlen, "%s: %s%s%s", r->path, r->where, r->where[0] ? ": " : "", msg);
	return -EINVAL;
}

static json_object *member(json_object *o, const char *key)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* A string member: 1 and *out (a copy) when present, 0 when absent, -errno on a wrong type. */
static int opt_str(struct rd *r, json_object *o, const char *key, char **out)
{
	json_object *v = member(o, key);

	*out = NULL;
	if (!v || json_object_get_type(v) == json_type_null)
		return 0;
	if (json_object_get_type(v) != json_type_string)
		return fail(r, "\"%s\" must be a string", key);
	*out = strdup(json_object_get_string(v));
	return *out ? 1 : -ENOMEM;
}

static int req_str(struct rd *r, json_object *o, const char *key, char **out)
{
	int rc = opt_str(r, o, key, out);

	if (rc == 0)
		return fail(r, "\"%s\" is missing (a string)", key);
	return rc < 0 ? rc : 0;
}

/* An integer member in [lo, hi]: 1 when present, 0 when absent (*out = dflt), -EINVAL. */
static int opt_int(struct rd *r, json_object *o, const char *key, long lo, long hi, long dflt,
		   long *out)
{
	json_object *v = member(o, key);
	long x;

	*out = dflt;
	if (!v)
		return 0;
	if (json_object_get_type(v) != json_type_int)
		return fail(r, "\"%s\" must be an integer from %ld to %ld", key, lo, hi);
	errno = 0;
	x = (long)json_object_get_int64(v);
	if (x < lo || x > hi)
		return fail(r, "\"%s\" is %ld; expected %ld to %ld", key, x, lo, hi);
	*out = x;
	return 1;
}

static int opt_bool(struct rd *r, json_object *o, const char *key, bool *out)
{
	json_object *v = member(o, key);

	*out = false;
	if (!v)
		return 0;
	if (json_object_get_type(v) != json_type_boolean)
		return fail(r, "\"%s\" must be true or false", key);
	*out = json_object_get_boolean(v);
	return 1;
}

/* An array of strings (absent: none). */
static int str_array(struct rd *r, json_object *o, const char *key, char ***out, size_t *n)
{
	json_object *v = member(o, key);
	size_t len;

	*out = NULL;
	*n = 0;
	if (!v)
		return 0;
	if (json_object_get_type(v) != json_type_array)
		return fail(r, "\"%s\" must be an array of strings", key);
	len = json_object_array_length(v);
	if (!len)
		return 0;
	*out = calloc(len, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (size_t i = 0; i < len; i++) {
		json_object *s = json_object_array_get_idx(v, i);

		if (json_object_get_type(s) != json_type_string)
			return fail(r, "\"%s\"[%zu] must be a string", key, i);
		(*out)[i] = strdup(json_object_get_string(s));
		if (!(*out)[i])
			return -ENOMEM;
		(*n)++;
	}
	return 0;
}

static json_object *req_array(struct rd *r, json_object *o, const char *key, size_t *n)
{
	json_object *v = member(o, key);

	if (!v || json_object_get_type(v) != json_type_array) {
		fail(r, "\"%s\" is missing (an array)", key);
		return NULL;
	}
	*n = json_object_array_length(v);
	return v;
}

static void free_strs(char **s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(s[i]);
	free(s);
}

/* ---- families, suites, profiles, timings, T/Q sets ------------------------------------------ */

static int load_families(struct rd *r, json_object *root, struct catalogue *c)
{
	size_t n;
	json_object *a = req_array(r, root, "families", &n);
	int rc;

	if (!a)
		return -EINVAL;
	c->families = calloc(n ? n : 1, sizeof(*c->families));
	if (!c->families)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_object *f = json_object_array_get_idx(a, i);
		struct catalogue_family *fam = &c->families[i];

		snprintf(r->where, sizeof(r->where), "families[%zu]", i);
		c->nfamilies++;
		if ((rc = req_str(r, f, "id", &fam->id)) ||
		    (rc = req_str(r, f, "title", &fam->title)) ||
		    (rc = opt_str(r, f, "method", &fam->method)) < 0 ||
		    (rc = str_array(r, f, "charts", &fam->charts, &fam->ncharts)))
			return rc;
		for (size_t j = 0; j < i; j++)
			if (!strcmp(c->families[j].id, fam->id))
				return fail(r, "family \"%s\" is defined twice", fam->id);
	}
	r->where[0] = '\0';
	return 0;
}

static int load_suites(struct rd *r, json_object *root, struct catalogue *c)
{
	size_t n;
	json_object *a = req_array(r, root, "suites", &n);
	int rc;

	if (!a)
		return -EINVAL;
	c->suites = calloc(n ? n : 1, sizeof(*c->suites));
	if (!c->suites)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_object *s = json_object_array_get_idx(a, i);
		struct catalogue_suite *su = &c->suites[i];

		snprintf(r->where, sizeof(r->where), "suites[%zu]", i);
		c->nsuites++;
		if ((rc = req_str(r, s, "id", &su->id)) ||
		    (rc = req_str(r, s, "title", &su->title)) ||
		    (rc = opt_str(r, s, "method", &su->method)) < 0 ||
		    (rc = str_array(r, s, "includes", &su->includes, &su->nincludes)))
			return rc;
	}
	for (size_t i = 0; i < c->nsuites; i++) {
		snprintf(r->where, sizeof(r->where), "suites[%zu] \"%s\"", i, c->suites[i].id);
		for (size_t j = 0; j < c->suites[i].nincludes; j++) {
			const struct catalogue_suite *in =
			    catalogue_suite(c, c->suites[i].includes[j]);

			if (!in || in->nincludes)
				return fail(r,
					    "\"includes\" names \"%s\", which is not a plain suite",
					    c->suites[i].includes[j]);
		}
		for (size_t j = 0; j < i; j++)
			if (!strcmp(c->suites[j].id, c->suites[i].id))
				return fail(r, "suite \"%s\" is defined twice", c->suites[i].id);
	}
	r->where[0] = '\0';
	return 0;
}

static int load_profiles(struct rd *r, json_object *root, struct catalogue *c)
{
	json_object *o = member(root, "profiles");
	size_t i = 0;
	int rc;

	if (!o || json_object_get_type(o) != json_type_object || !json_object_object_length(o))
		return fail(r, "\"profiles\" is missing (an object of profiles)");
	c->profiles = calloc(json_object_object_length(o), sizeof(*c->profiles));
	if (!c->profiles)
		return -ENOMEM;
	json_object_object_foreach(o, key, p)
	{
		struct catalogue_profile *pr = &c->profiles[i++];
		json_object *pts;
		long v;

		snprintf(r->where, sizeof(r->where), "profiles.%s", key);
		c->nprofiles++;
		if (!(pr->id = strdup(key)))
			return -ENOMEM;
		if ((rc = req_str(r, p, "title", &pr->title)) ||
		    (rc = opt_str(r, p, "note", &pr->note)) < 0 ||
		    (rc = opt_bool(r, p, "review_grade", &pr->review_grade)) < 0 ||
		    (rc = req_str(r, p, "tq_points", &pr->tq_points)))
			return rc;
		if ((rc = opt_int(r, p, "span_bytes", 0, LONG_MAX, 0, &v)) < 0)
			return rc;
		pr->span_bytes = (uint64_t)v;
		if ((rc = opt_int(r, p, "hist_coarseness", 0, 8, 3, &v)) < 0)
			return rc;
		pr->hist_coarseness = (int)v;
		if ((rc = opt_int(r, p, "telemetry_interval_s", 0, 86400, 0, &v)) < 0)
			return rc;
		pr->telemetry_interval_s = (double)v;
		pts = member(p, "curve_points");
		if (!pts || json_object_get_type(pts) != json_type_array ||
		    !json_object_array_length(pts))
			return fail(r, "\"curve_points\" is missing (an array of percentages)");
		pr->ncurve_points = json_object_array_length(pts);
		pr->curve_points = calloc(pr->ncurve_points, sizeof(int));
		if (!pr->curve_points)
			return -ENOMEM;
		for (size_t j = 0; j < pr->ncurve_points; j++) {
			json_object *x = json_object_array_get_idx(pts, j);
			int pct = json_object_get_int(x);

			if (json_object_get_type(x) != json_type_int || pct < 1 || pct > 1000)
				return fail(r, "\"curve_points\"[%zu] must be a percentage 1..1000",
					    j);
			pr->curve_points[j] = pct;
		}
	}
	r->where[0] = '\0';
	return 0;
}

static int load_timing(struct rd *r, json_object *o, struct catalogue_timing *t)
{
	long v;
	int rc;

	if (!o || json_object_get_type(o) != json_type_object)
		return fail(r, "missing (an object with runtime_s or runtime_ms, and ramp_s)");
	if ((rc = opt_int(r, o, "runtime_s", 0, 31 * 86400, 0, &v)) < 0)
		return rc;
	t->runtime_ms = v * 1000;
	if (rc == 1 && member(o, "runtime_ms"))
		return fail(r, "give \"runtime_s\" or \"runtime_ms\", not both");
	if ((rc = opt_int(r, o, "runtime_ms", 0, 31L * 86400 * 1000, t->runtime_ms,
			  &t->runtime_ms)) < 0 ||
	    (rc = opt_int(r, o, "ramp_s", 0, 86400, 0, &t->ramp_s)) < 0 ||
	    (rc = opt_str(r, o, "ss", &t->ss)) < 0 ||
	    (rc = opt_int(r, o, "ss_dur_s", 0, 86400, 0, &t->ss_dur_s)) < 0 ||
	    (rc = opt_int(r, o, "ss_ramp_s", 0, 86400, 0, &t->ss_ramp_s)) < 0 ||
	    (rc = opt_int(r, o, "round_io_pct", 0, 100, 0, &t->round_io_pct)) < 0 ||
	    (rc = opt_int(r, o, "setup_s", 0, 31 * 86400, 0, &t->setup_s)) < 0)
		return rc;
	if (t->ss && (!t->ss_dur_s || t->runtime_ms <= 0))
		return fail(r, "\"ss\" needs \"ss_dur_s\" and a \"runtime_s\" cap");
	if (t->round_io_pct && t->runtime_ms <= 0)
		return fail(r, "\"round_io_pct\" needs a \"runtime_s\" cap");
	return 0;
}

static int load_timings(struct rd *r, json_object *root, struct catalogue *c)
{
	json_object *o = member(root, "timings");
	size_t i = 0, n;
	int rc;

	if (!o || json_object_get_type(o) != json_type_object)
		return fail(r, "\"timings\" is missing (an object of timing classes)");
	n = json_object_object_length(o);
	c->timing_names = calloc(n ? n : 1, sizeof(char *));
	c->timings = calloc((n ? n : 1) * c->nprofiles, sizeof(*c->timings));
	if (!c->timing_names || !c->timings)
		return -ENOMEM;
	json_object_object_foreach(o, key, t)
	{
		if (!(c->timing_names[i] = strdup(key)))
			return -ENOMEM;
		c->ntimings++;
		for (size_t p = 0; p < c->nprofiles; p++) {
			snprintf(r->where, sizeof(r->where), "timings.%s.%s", key,
				 c->profiles[p].id);
			if ((rc = load_timing(r, member(t, c->profiles[p].id),
					      &c->timings[i * c->nprofiles + p])))
				return rc;
		}
		i++;
	}
	r->where[0] = '\0';
	return 0;
}

static int load_tq_sets(struct rd *r, json_object *root, struct catalogue *c)
{
	json_object *o = member(root, "tq_points");
	size_t i = 0;

	if (!o || json_object_get_type(o) != json_type_object)
		return fail(r, "\"tq_points\" is missing (an object of [threads, depth] lists)");
	c->tq_sets = calloc(json_object_object_length(o) + 1, sizeof(*c->tq_sets));
	if (!c->tq_sets)
		return -ENOMEM;
	json_object_object_foreach(o, key, a)
	{
		struct catalogue_tq_set *s = &c->tq_sets[i++];

		snprintf(r->where, sizeof(r->where), "tq_points.%s", key);
		c->ntq_sets++;
		if (!(s->id = strdup(key)))
			return -ENOMEM;
		if (json_object_get_type(a) != json_type_array || !json_object_array_length(a))
			return fail(r, "expected an array of [threads, depth] pairs");
		s->n = json_object_array_length(a);
		s->tq = calloc(s->n, sizeof(*s->tq));
		if (!s->tq)
			return -ENOMEM;
		for (size_t j = 0; j < s->n; j++) {
			json_object *p = json_object_array_get_idx(a, j);

			if (json_object_get_type(p) != json_type_array ||
			    json_object_array_length(p) != 2)
				return fail(r, "[%zu] must be [threads, depth]", j);
			s->tq[j][0] = json_object_get_int(json_object_array_get_idx(p, 0));
			s->tq[j][1] = json_object_get_int(json_object_array_get_idx(p, 1));
			if (s->tq[j][0] < 1 || s->tq[j][0] > 4096 || s->tq[j][1] < 1 ||
			    s->tq[j][1] > 65536)
				return fail(r, "[%zu]: threads 1..4096 and depth 1..65536", j);
		}
	}
	for (size_t p = 0; p < c->nprofiles; p++)
		if (!catalogue_tq_set(c, c->profiles[p].tq_points)) {
			snprintf(r->where, sizeof(r->where), "profiles.%s", c->profiles[p].id);
			return fail(r, "\"tq_points\" names \"%s\", not a set of \"tq_points\"",
				    c->profiles[p].tq_points);
		}
	r->where[0] = '\0';
	return 0;
}

static int load_defaults(struct rd *r, json_object *root, struct catalogue *c)
{
	json_object *o = member(root, "defaults");
	int rc;

	snprintf(r->where, sizeof(r->where), "defaults");
	if (!o || json_object_get_type(o) != json_type_object)
		return fail(r, "missing (an object)");
	if ((rc = str_array(r, o, "sweep", &c->default_sweep, &c->ndefault_sweep)) ||
	    (rc = req_str(r, o, "fc_rand_bs", &c->default_fc_rand_bs)) ||
	    (rc = req_str(r, o, "fc_seq_bs", &c->default_fc_seq_bs)))
		return rc;
	r->where[0] = '\0';
	return 0;
}

/* ---- tests ----------------------------------------------------------------------------------- */

/* Placeholders of a template: bit 0 {threads}, 1 {depth}, 2 {pct}, 3 {bs}/{BS}; -1 unknown. */
static int placeholders(const char *t, char *bad, size_t badlen)
{
	static const char *const names[] = {"threads", "depth", "pct", "bs", "BS"};
	static const int bits[] = {1, 2, 4, 8, 8};
	int mask = 0;

	for (const char *p = strchr(t, '{'); p; p = strchr(p + 1, '{')) {
		const char *e = strchr(p, '}');
		size_t k;

		for (k = 0; e && k < sizeof(names) / sizeof(names[0]); k++)
			if ((size_t)(e - p - 1) == strlen(names[k]) &&
			    !strncmp(p + 1, names[k], e - p - 1))
				break;
		if (!e || k == sizeof(names) / sizeof(names[0])) {
			snprintf(bad, badlen, "%.*s", e ? (int)(e - p + 1) : (int)strlen(p), p);
			return -1;
		}
		mask |= bits[k];
	}
	return mask;
}

static int load_env(struct rd *r, json_object *t, struct catalogue_entry *e)
{
	json_object *o = member(t, "env");
	size_t i = 0;

	if (!o)
		return 0;
	if (json_object_get_type(o) != json_type_object)
		return fail(r, "\"env\" must be an object of jobfile variables");
	e->env = calloc(json_object_object_length(o) + 1, sizeof(*e->env));
	if (!e->env)
		return -ENOMEM;
	json_object_object_foreach(o, key, v)
	{
		if (json_object_get_type(v) != json_type_string || strncmp(key, "SSD_", 4))
			return fail(
			    r, "\"env\": \"%s\" must be an SSD_ variable with a string value", key);
		e->env[i].name = strdup(key);
		e->env[i].value = strdup(json_object_get_string(v));
		if (!e->env[i].name || !e->env[i].value)
			return -ENOMEM;
		e->nenv = ++i;
	}
	return 0;
}

/* An entry's "suites" (each a plain suite of "suites") and "family" (one of "families"), read
 * into @e. Return: 0, or -EINVAL with the error recorded. */
static int place_entry(struct rd *r, const struct catalogue *c, struct catalogue_entry *e,
		       const char *family)
{
	if (!e->nsuites)
		return fail(r, "\"suites\" is missing (the suites that run it)");
	for (size_t i = 0; i < e->nsuites; i++) {
		const struct catalogue_suite *s = catalogue_suite(c, e->suites[i]);

		if (!s || s->nincludes)
			return fail(r, "\"suites\" names \"%s\", not a plain suite of \"suites\"",
				    e->suites[i]);
	}
	if (!(e->family = catalogue_family(c, family)))
		return fail(r, "\"family\" is \"%s\", not one of \"families\"", family);
	return 0;
}

/* An ssd-apps entry: id, suites, family, title, timing, apps_workload; none of fio's keys. */
static int load_apps_entry(struct rd *r, struct catalogue *c, json_object *t,
			   struct catalogue_entry *e)
{
	static const char *const fio_keys[] = {"jobfile",
					       "workload",
					       "rw",
					       "bs",
					       "bssplit",
					       "rwmix_read",
					       "percentage_random",
					       "random_distribution",
					       "percentile_list",
					       "threads",
					       "depth",
					       "vary",
					       "when",
					       "after",
					       "rate_from",
					       "rate",
					       "region",
					       "output",
					       "env"};
	char *family = NULL;
	int rc;

	e->tool = CATALOGUE_TOOL_SSD_APPS;
	e->rwmix_read = -1;
	for (size_t i = 0; i < sizeof(fio_keys) / sizeof(fio_keys[0]); i++)
		if (member(t, fio_keys[i]))
			return fail(r,
				    "\"%s\" is a fio key; a \"tool\": \"ssd-apps\" test has none",
				    fio_keys[i]);
	if ((rc = str_array(r, t, "suites", &e->suites, &e->nsuites)) ||
	    (rc = req_str(r, t, "family", &family)) || (rc = req_str(r, t, "title", &e->title)) ||
	    (rc = req_str(r, t, "timing", &e->timing)) ||
	    (rc = opt_str(r, t, "apps_workload", &e->apps_workload)) < 0)
		goto out;
	rc = -EINVAL;
	if (!e->apps_workload && !(e->apps_workload = strdup("oltp"))) {
		rc = -ENOMEM;
		goto out;
	}
	if (strcmp(e->apps_workload, "oltp") && strcmp(e->apps_workload, "tpcc")) {
		fail(r, "\"apps_workload\" is \"%s\"; expected oltp or tpcc (apps/README.md)",
		     e->apps_workload);
		goto out;
	}
	if (place_entry(r, c, e, family))
		goto out;
	if (strchr(e->id, '{') || strchr(e->title, '{')) {
		fail(r, "an ssd-apps test's id and title hold no placeholders");
		goto out;
	}
	rc = 0;
out:
	free(family);
	return rc;
}

static int load_entry(struct rd *r, struct catalogue *c, json_object *t, struct catalogue_entry *e)
{
	char *family = NULL, *vary = NULL, *when = NULL, *region = NULL, *rate = NULL, *tool;
	char bad[64];
	long v;
	int rc, need, have;

	if ((rc = req_str(r, t, "id", &e->id)))
		return rc;
	snprintf(r->where, sizeof(r->where), "tests[%zu] \"%s\"", e->index, e->id);
	if ((rc = opt_str(r, t, "tool", &tool)) < 0)
		return rc;
	if (tool && strcmp(tool, "fio")) {
		rc = strcmp(tool, "ssd-apps")
			 ? fail(r, "\"tool\" is \"%s\"; expected fio or ssd-apps", tool)
			 : load_apps_entry(r, c, t, e);
		free(tool);
		return rc;
	}
	free(tool);
	if ((rc = str_array(r, t, "suites", &e->suites, &e->nsuites)) ||
	    (rc = req_str(r, t, "family", &family)) || (rc = req_str(r, t, "title", &e->title)) ||
	    (rc = req_str(r, t, "jobfile", &e->jobfile)) ||
	    (rc = opt_str(r, t, "workload", &e->workload)) < 0 ||
	    (rc = req_str(r, t, "rw", &e->rw)) || (rc = opt_str(r, t, "bs", &e->bs)) < 0 ||
	    (rc = opt_str(r, t, "bssplit", &e->bssplit)) < 0 ||
	    (rc = opt_str(r, t, "percentage_random", &e->percentage_random)) < 0 ||
	    (rc = opt_str(r, t, "random_distribution", &e->random_distribution)) < 0 ||
	    (rc = opt_str(r, t, "percentile_list", &e->percentile_list)) < 0 ||
	    (rc = opt_str(r, t, "vary", &vary)) < 0 || (rc = opt_str(r, t, "when", &when)) < 0 ||
	    (rc = opt_str(r, t, "after", &e->after)) < 0 ||
	    (rc = opt_str(r, t, "rate_from", &e->rate_from)) < 0 ||
	    (rc = opt_str(r, t, "rate", &rate)) < 0 ||
	    (rc = opt_str(r, t, "region", &region)) < 0 ||
	    (rc = req_str(r, t, "timing", &e->timing)) ||
	    (rc = req_str(r, t, "output", &e->output)) || (rc = load_env(r, t, e)))
		goto out;
	rc = -EINVAL;
	if (place_entry(r, c, e, family))
		goto out;
	if (!strchr(e->jobfile, '.') || strchr(e->jobfile, '/')) {
		fail(r, "\"jobfile\" must be a file name in jobfiles/ (\"measure-rand.fio\")");
		goto out;
	}
	if (!!e->bs == !!e->bssplit) {
		fail(r, "give one of \"bs\" and \"bssplit\"");
		goto out;
	}
	if (strcmp(e->rw, "read") && strcmp(e->rw, "write") && strcmp(e->rw, "randread") &&
	    strcmp(e->rw, "randwrite") && strcmp(e->rw, "randrw") && strcmp(e->rw, "rw")) {
		fail(r, "\"rw\" is \"%s\"; expected read, write, randread, randwrite, rw or randrw",
		     e->rw);
		goto out;
	}
	if ((rc = opt_int(r, t, "rwmix_read", 0, 100, -1, &v)) < 0)
		goto out;
	e->rwmix_read = (int)v;
	if ((rc = opt_int(r, t, "threads", 1, 4096, 0, &v)) < 0)
		goto out;
	e->threads = (int)v;
	if ((rc = opt_int(r, t, "depth", 1, 65536, 0, &v)) < 0)
		goto out;
	e->depth = (int)v;
	rc = -EINVAL;
	if (!vary)
		e->vary = CATALOGUE_VARY_NONE;
	else if (!strcmp(vary, "tq_points"))
		e->vary = CATALOGUE_VARY_TQ;
	else if (!strcmp(vary, "curve_points"))
		e->vary = CATALOGUE_VARY_CURVE;
	else {
		fail(r, "\"vary\" is \"%s\"; expected tq_points or curve_points", vary);
		goto out;
	}
	if ((e->vary == CATALOGUE_VARY_TQ) != (!e->threads && !e->depth) ||
	    (e->vary != CATALOGUE_VARY_TQ && (!e->threads || !e->depth))) {
		fail(r,
		     "\"threads\" and \"depth\" are required, except with \"vary\": \"tq_points\" "
		     "(which sets them)");
		goto out;
	}
	if (when && strcmp(when, "sweep")) {
		fail(r, "\"when\" is \"%s\"; the only condition is \"sweep\"", when);
		goto out;
	}
	e->when_sweep = when != NULL;
	if (e->when_sweep && !e->workload) {
		fail(r, "\"when\": \"sweep\" needs a \"workload\" (what --sweep names)");
		goto out;
	}
	if (region && strcmp(region, "span") && strcmp(region, "quarter")) {
		fail(r, "\"region\" is \"%s\"; expected span or quarter", region);
		goto out;
	}
	e->region_quarter = region && !strcmp(region, "quarter");
	if (rate && strcmp(rate, "max")) {
		fail(r, "\"rate\" is \"%s\"; the only value is \"max\" (a curve's flat-out run)",
		     rate);
		goto out;
	}
	e->rate_max = rate != NULL;
	if ((e->vary == CATALOGUE_VARY_CURVE) != (e->rate_from != NULL)) {
		fail(r, "a curve point (\"vary\": \"curve_points\") and \"rate_from\" go together");
		goto out;
	}
	if (strcmp(e->output, "json") && strcmp(e->output, "json+")) {
		fail(r, "\"output\" is \"%s\"; expected json or json+", e->output);
		goto out;
	}
	have = placeholders(e->id, bad, sizeof(bad));
	if (have < 0 || placeholders(e->title, bad, sizeof(bad)) < 0) {
		fail(r, "unknown placeholder %s (known: {threads} {depth} {pct} {bs} {BS})", bad);
		goto out;
	}
	need = (e->vary == CATALOGUE_VARY_TQ ? 3 : 0) | (e->vary == CATALOGUE_VARY_CURVE ? 4 : 0);
	if ((have & 7) != need) {
		fail(r, "the id's placeholders do not match \"vary\" (tq_points: {threads} and "
			"{depth}; curve_points: {pct})");
		goto out;
	}
	if ((have & 8) && !e->bs) {
		fail(r, "{bs} in the id needs \"bs\"");
		goto out;
	}
	if (e->bs && e->bs[0] == '{' && strcmp(e->bs, "{fc_rand_bs}") &&
	    strcmp(e->bs, "{fc_seq_bs}")) {
		fail(r, "\"bs\" is \"%s\"; an option placeholder is {fc_rand_bs} or {fc_seq_bs}",
		     e->bs);
		goto out;
	}
	if (e->bs && e->bs[0] == '{' && !(have & 8)) {
		fail(r, "\"bs\" comes from an option, so the id must hold {bs} (one id per size)");
		goto out;
	}
	if (member(t, "pts")) {
		char msg[256];

		if ((rc = catalogue_pts_load(member(t, "pts"), &e->pts, msg, sizeof(msg)))) {
			if (rc == -EINVAL)
				fail(r, "\"pts\": %s", msg);
			goto out;
		}
		if (e->vary != CATALOGUE_VARY_NONE || e->after) {
			fail(r, "a \"pts\" test is one test: no \"vary\", no \"after\"");
			rc = -EINVAL;
			goto out;
		}
	}
	rc = 0;
out:
	free(family);
	free(vary);
	free(when);
	free(region);
	free(rate);
	return rc;
}

static int check_links(struct rd *r, const struct catalogue *c)
{
	for (size_t i = 0; i < c->nentries; i++) {
		const struct catalogue_entry *e = &c->entries[i];
		const struct catalogue_entry *a;

		snprintf(r->where, sizeof(r->where), "tests[%zu] \"%s\"", i, e->id);
		if (!catalogue_timing(c, e->timing, &c->profiles[0]))
			return fail(r, "\"timing\" is \"%s\", not a class of \"timings\"",
				    e->timing);
		for (size_t j = 0; j < i; j++)
			if (!strcmp(c->entries[j].id, e->id))
				return fail(r, "the id is used twice (tests[%zu])", j);
		for (size_t p = 0; e->pts && e->pts->segments && p < c->nprofiles; p++)
			if (!catalogue_pts_seg_profile(e->pts->segments, c->profiles[p].id))
				return fail(r, "\"pts\".segments.profiles has no \"%s\"",
					    c->profiles[p].id);
		if (e->after) {
			a = catalogue_entry(c, e->after);
			if (!a || a->index >= e->index)
				return fail(r, "\"after\" names \"%s\", not an earlier test",
					    e->after);
		}
		if (e->rate_from) {
			a = catalogue_entry(c, e->rate_from);
			if (!a || a->index >= e->index || !a->rate_max)
				return fail(r,
					    "\"rate_from\" names \"%s\", not an earlier test with "
					    "\"rate\": \"max\"",
					    e->rate_from);
		}
	}
	r->where[0] = '\0';
	return 0;
}

static int load_summary(struct rd *r, json_object *root, struct catalogue *c)
{
	size_t n;
	json_object *a = req_array(r, root, "summary", &n);
	int rc;

	if (!a)
		return -EINVAL;
	c->summary = calloc(n ? n : 1, sizeof(*c->summary));
	if (!c->summary)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_object *s = json_object_array_get_idx(a, i);
		struct catalogue_summary_row *row = &c->summary[i];

		snprintf(r->where, sizeof(r->where), "summary[%zu]", i);
		c->nsummary++;
		if ((rc = opt_str(r, s, "test", &row->test)) < 0 ||
		    (rc = opt_str(r, s, "family", &row->family)) < 0 ||
		    (rc = req_str(r, s, "metric", &row->metric)) ||
		    (rc = req_str(r, s, "title", &row->title)))
			return rc;
		if (!!row->test == !!row->family)
			return fail(r, "give one of \"test\" and \"family\"");
		if (row->test && !catalogue_entry(c, row->test))
			return fail(r, "\"test\" names \"%s\", not an id of \"tests\"", row->test);
		if (row->family && !catalogue_family(c, row->family))
			return fail(r, "\"family\" names \"%s\", not one of \"families\"",
				    row->family);
	}
	r->where[0] = '\0';
	return 0;
}

static int load_tests(struct rd *r, json_object *root, struct catalogue *c)
{
	size_t n;
	json_object *a = req_array(r, root, "tests", &n);
	int rc;

	if (!a)
		return -EINVAL;
	c->entries = calloc(n ? n : 1, sizeof(*c->entries));
	if (!c->entries)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		snprintf(r->where, sizeof(r->where), "tests[%zu]", i);
		c->entries[i].index = i;
		c->nentries++;
		if ((rc = load_entry(r, c, json_object_array_get_idx(a, i), &c->entries[i])))
			return rc;
	}
	return check_links(r, c);
}

int catalogue_load(const char *path, struct catalogue **out, char *err, size_t errlen)
{
	struct rd r = {.path = path, .err = err, .errlen = errlen};
	struct catalogue *c;
	json_object *root, *schema;
	int rc;

	*out = NULL;
	if (access(path, R_OK)) {
		rc = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return rc;
	}
	root = json_object_from_file(path);
	if (!root) {
		snprintf(err, errlen, "%s: not valid JSON (%s)", path, json_util_get_last_err());
		return -EINVAL;
	}
	c = calloc(1, sizeof(*c));
	if (!c || !(c->path = strdup(path))) {
		free(c);
		json_object_put(root);
		return -ENOMEM;
	}
	schema = member(root, "schema");
	if (!schema || json_object_get_type(schema) != json_type_string ||
	    strcmp(json_object_get_string(schema), CATALOGUE_SCHEMA)) {
		rc = fail(&r, "\"schema\" is not \"%s\": not a test catalogue of this version",
			  CATALOGUE_SCHEMA);
		goto out;
	}
	if ((rc = load_families(&r, root, c)) || (rc = load_suites(&r, root, c)) ||
	    (rc = load_profiles(&r, root, c)) || (rc = load_timings(&r, root, c)) ||
	    (rc = load_tq_sets(&r, root, c)) || (rc = load_defaults(&r, root, c)) ||
	    (rc = load_tests(&r, root, c)) || (rc = load_summary(&r, root, c)))
		goto out;
	for (size_t i = 0; i < c->ndefault_sweep; i++) {
		bool known = false;

		for (size_t j = 0; j < c->nentries && !known; j++)
			known = c->entries[j].when_sweep && c->entries[j].workload &&
				!strcmp(c->entries[j].workload, c->default_sweep[i]);
		if (!known) {
			snprintf(r.where, sizeof(r.where), "defaults");
			rc = fail(&r, "\"sweep\" names \"%s\", which no sweep test has",
				  c->default_sweep[i]);
			goto out;
		}
	}
	*out = c;
	c = NULL;
out:
	if (rc == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	catalogue_free(c);
	json_object_put(root);
	return rc;
}

void catalogue_free(struct catalogue *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nfamilies; i++) {
		free(c->families[i].id);
		free(c->families[i].title);
		free(c->families[i].method);
		free_strs(c->families[i].charts, c->families[i].ncharts);
	}
	free(c->families);
	for (size_t i = 0; i < c->nsuites; i++) {
		free(c->suites[i].id);
		free(c->suites[i].title);
		free(c->suites[i].method);
		free_strs(c->suites[i].includes, c->suites[i].nincludes);
	}
	free(c->suites);
	for (size_t i = 0; i < c->nprofiles; i++) {
		free(c->profiles[i].id);
		free(c->profiles[i].title);
		free(c->profiles[i].note);
		free(c->profiles[i].tq_points);
		free(c->profiles[i].curve_points);
	}
	free(c->profiles);
	for (size_t i = 0; i < c->ntimings * c->nprofiles; i++)
		free(c->timings[i].ss);
	free(c->timings);
	free_strs(c->timing_names, c->ntimings);
	for (size_t i = 0; i < c->ntq_sets; i++) {
		free(c->tq_sets[i].id);
		free(c->tq_sets[i].tq);
	}
	free(c->tq_sets);
	free_strs(c->default_sweep, c->ndefault_sweep);
	free(c->default_fc_rand_bs);
	free(c->default_fc_seq_bs);
	for (size_t i = 0; i < c->nsummary; i++) {
		free(c->summary[i].test);
		free(c->summary[i].family);
		free(c->summary[i].metric);
		free(c->summary[i].title);
	}
	free(c->summary);
	for (size_t i = 0; i < c->nentries; i++) {
		struct catalogue_entry *e = &c->entries[i];

		free(e->id);
		free_strs(e->suites, e->nsuites);
		free(e->title);
		free(e->jobfile);
		free(e->workload);
		free(e->apps_workload);
		free(e->rw);
		free(e->bs);
		free(e->bssplit);
		free(e->percentage_random);
		free(e->random_distribution);
		free(e->percentile_list);
		free(e->after);
		free(e->rate_from);
		free(e->timing);
		free(e->output);
		for (size_t k = 0; k < e->nenv; k++) {
			free(e->env[k].name);
			free(e->env[k].value);
		}
		free(e->env);
		catalogue_pts_free(e->pts);
	}
	free(c->entries);
	free(c->path);
	free(c);
}

/* ---- lookups ----------------------------------------------------------------------------------
 */

const struct catalogue_family *catalogue_family(const struct catalogue *c, const char *id)
{
	for (size_t i = 0; id && i < c->nfamilies; i++)
		if (!strcmp(c->families[i].id, id))
			return &c->families[i];
	return NULL;
}

const struct catalogue_suite *catalogue_suite(const struct catalogue *c, const char *id)
{
	for (size_t i = 0; id && i < c->nsuites; i++)
		if (!strcmp(c->suites[i].id, id))
			return &c->suites[i];
	return NULL;
}

const struct catalogue_profile *catalogue_profile(const struct catalogue *c, const char *id)
{
	for (size_t i = 0; id && i < c->nprofiles; i++)
		if (!strcmp(c->profiles[i].id, id))
			return &c->profiles[i];
	return NULL;
}

const struct catalogue_tq_set *catalogue_tq_set(const struct catalogue *c, const char *id)
{
	for (size_t i = 0; id && i < c->ntq_sets; i++)
		if (!strcmp(c->tq_sets[i].id, id))
			return &c->tq_sets[i];
	return NULL;
}

const struct catalogue_timing *catalogue_timing(const struct catalogue *c, const char *name,
						const struct catalogue_profile *profile)
{
	size_t p = profile ? (size_t)(profile - c->profiles) : c->nprofiles;

	if (!name || p >= c->nprofiles)
		return NULL;
	for (size_t i = 0; i < c->ntimings; i++)
		if (!strcmp(c->timing_names[i], name))
			return &c->timings[i * c->nprofiles + p];
	return NULL;
}

const struct catalogue_entry *catalogue_entry(const struct catalogue *c, const char *id)
{
	for (size_t i = 0; id && i < c->nentries; i++)
		if (!strcmp(c->entries[i].id, id))
			return &c->entries[i];
	return NULL;
}

bool catalogue_entry_in_suite(const struct catalogue *c, const struct catalogue_entry *e,
			      const char *suite)
{
	const struct catalogue_suite *s = catalogue_suite(c, suite);

	if (!s)
		return false;
	for (size_t i = 0; i < e->nsuites; i++) {
		if (!strcmp(e->suites[i], s->id))
			return true;
		for (size_t j = 0; j < s->nincludes; j++)
			if (!strcmp(e->suites[i], s->includes[j]))
				return true;
	}
	return false;
}

int catalogue_find(char *out, size_t len)
{
	const char *env = getenv("SSDENG_CATALOGUE");
	char exe[PATH_MAX], *slash;
	ssize_t n;
	struct stat st;

	if (env && *env) {
		snprintf(out, len, "%s", env);
		return stat(out, &st) == 0 && S_ISREG(st.st_mode) ? 0 : -ENOENT;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0) {
		snprintf(out, len, "$SSDENG_CATALOGUE (unset; /proc/self/exe unreadable)");
		return -ENOENT;
	}
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	snprintf(out, len, "%s/../jobfiles/catalogue.json", exe);
	if (stat(out, &st) == 0 && S_ISREG(st.st_mode))
		return 0;
	snprintf(out, len, "%s/../share/ssdeng/jobfiles/catalogue.json", exe);
	if (stat(out, &st) == 0 && S_ISREG(st.st_mode))
		return 0;
	snprintf(out, len,
		 "$SSDENG_CATALOGUE, %s/../jobfiles/catalogue.json or "
		 "%s/../share/ssdeng/jobfiles/catalogue.json",
		 exe, exe);
	return -ENOENT;
}
