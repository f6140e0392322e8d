// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_json.c - fio JSON output into the model (see fio_json.h for what is tolerated): the
 * documents found and walked by record/fio_json.h's scanner, each job's figures read by
 * record/fio_keys.h's rules (the ones pts/ and ssd-review read fio's JSON by) and converted into
 * struct sr_test, its runs and their directions.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/fio_json.h"
#include "parse/read_file.h"
#include "record/fio_json.h"
#include "record/fio_keys.h"
#include "record/json.h"
#include "record/size.h"

/* The documents of one text being read into tests. */
struct doc_ctx {
	struct sr_diag *d;
	bool all;	    /* keep every document, else the last */
	struct sr_test cur; /* the document being read */
	struct rec_fio_version version;
	json_object *globals;  /* its "global options": object, array, or NULL */
	json_object **jobopts; /* per run: its "job options" (reference held), may be NULL */
	size_t njobopts;
	struct rec_fio_bins *jb; /* the current job's bins read by the fast path */
	struct sr_test *out;	 /* the documents kept */
	size_t n, seen;
	const char *buf;  /* the text */
	size_t text_from; /* where the text after the last document read starts */
};

/* A number read by record/fio_keys.h's rules into the model, a marked one said once per file. */
static struct sr_value conv(struct rec_num n, struct sr_diag *d, const char *what)
{
	switch (n.state) {
	case REC_NUM_ABSENT:
		return (struct sr_value){0, SR_ABSENT};
	case REC_NUM_VALID:
		return sr_val(n.v);
	case REC_NUM_NONFINITE:
		sr_warn(d, SR_WARN_NONFINITE,
			"non-finite value (nan/inf) in \"%s\", marked invalid", what);
		break;
	case REC_NUM_NEGATIVE:
		sr_warn(d, SR_WARN_NEGATIVE,
			"negative value %g in \"%s\" (unsigned overflow in fio), marked invalid",
			n.raw, what);
		break;
	case REC_NUM_HUGE:
		sr_warn(d, SR_WARN_HUGE,
			"value of \"%s\" beyond 2^53 (wrapped counter), marked invalid", what);
		break;
	}
	return (struct sr_value){n.v, SR_INVALID};
}

static struct sr_value num(json_object *o, const char *key, double scale, struct sr_diag *d)
{
	return conv(rec_fio_member(o, key, scale), d, key);
}

static char *str_dup(json_object *o, const char *key)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) || !v)
		return NULL;
	return strdup(json_object_get_string(v));
}

static int cmp_pct(const void *a, const void *b)
{
	const struct sr_pct *x = a, *y = b;
	return (x->pct > y->pct) - (x->pct < y->pct);
}

static int cmp_bin(const void *a, const void *b)
{
	const struct sr_bin *x = a, *y = b;
	return (x->ns > y->ns) - (x->ns < y->ns);
}

struct pct_ctx {
	struct sr_lat *l;
	struct sr_diag *d;
};

static void add_pct(void *ctx, double pct, struct rec_num ns)
{
	struct pct_ctx *c = ctx;
	struct sr_value v = conv(ns, c->d, "percentile");

	if (sr_ok(v))
		c->l->pct[c->l->npct++] = (struct sr_pct){pct, v.v};
}

static int read_percentiles(json_object *lat, double scale, struct sr_lat *l, struct sr_diag *d)
{
	struct pct_ctx c = {l, d};
	json_object *po;

	if (!json_object_object_get_ex(lat, "percentile", &po) ||
	    json_object_get_type(po) != json_type_object)
		return 0;
	l->pct = calloc(json_object_object_length(po) + 1, sizeof(*l->pct));
	if (!l->pct)
		return -ENOMEM;
	rec_fio_percentiles(lat, scale, add_pct, &c);
	qsort(l->pct, l->npct, sizeof(*l->pct), cmp_pct);
	return 0;
}

/* json+ bins json-c read (a form the fast path left to it). */
static int read_bins(json_object *bo, double scale, struct sr_lat *l)
{
	size_t n = 0;

	if (!bo || json_object_get_type(bo) != json_type_object)
		return 0;
	l->bins = calloc(json_object_object_length(bo) + 1, sizeof(*l->bins));
	if (!l->bins)
		return -ENOMEM;
	json_object_object_foreach(bo, key, val)
	{
		char *end;
		double ns = strtod(key, &end) * scale;
		int64_t c = json_object_get_int64(val);

		if (end == key || ns < 0 || c < 0)
			continue;
		l->bins[n++] = (struct sr_bin){(uint64_t)ns, (uint64_t)c};
	}
	qsort(l->bins, n, sizeof(*l->bins), cmp_bin);
	l->nbins = n;
	return 0;
}

/* json+ bins the fast path read (fio_bins.h): claimed, copied into the model. */
static int claim_bins(struct rec_fio_bins *jb, int64_t marker, double scale, struct sr_lat *l)
{
	struct rec_fio_bin *b = NULL;
	size_t n = 0;

	rec_fio_bins_claim(jb, marker, scale, &b, &n);
	if (!b)
		return 0;
	free(l->bins);
	l->bins = malloc((n + 1) * sizeof(*l->bins));
	if (!l->bins) {
		free(b);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		l->bins[i] = (struct sr_bin){b[i].ns, b[i].count};
	l->nbins = n;
	free(b);
	return 0;
}

static int read_lat(const struct doc_ctx *c, json_object *dir, enum rec_fio_lat kind,
		    struct sr_lat *l)
{
	static const struct {
		enum rec_fio_lat_fig f;
		size_t off;
	} figs[] = {
	    {REC_FIO_LAT_N, offsetof(struct sr_lat, n)},
	    {REC_FIO_LAT_MIN, offsetof(struct sr_lat, min)},
	    {REC_FIO_LAT_MAX, offsetof(struct sr_lat, max)},
	    {REC_FIO_LAT_MEAN, offsetof(struct sr_lat, mean)},
	    {REC_FIO_LAT_STDDEV, offsetof(struct sr_lat, stddev)},
	};
	double scale;
	json_object *o = rec_fio_lat_obj(dir, kind, &scale), *v;
	const char *key;
	int rc;

	if (!o)
		return 0;
	for (size_t i = 0; i < sizeof(figs) / sizeof(figs[0]); i++) {
		struct rec_num n = rec_fio_lat_fig(o, figs[i].f, scale, &key);

		*(struct sr_value *)((char *)l + figs[i].off) = conv(n, c->d, key);
	}
	if ((rc = read_percentiles(o, scale, l, c->d)))
		return rc;
	if (!json_object_object_get_ex(o, "bins", &v))
		return 0;
	if (json_object_get_type(v) == json_type_int) /* read by the fast path, see fio_bins.h */
		return claim_bins(c->jb, json_object_get_int64(v), scale, l);
	return read_bins(v, scale, l);
}

static int read_dir(const struct doc_ctx *c, json_object *o, struct sr_dir *s)
{
	static const struct {
		enum rec_fio_fig f;
		size_t off;
	} figs[] = {
	    {REC_FIO_IO_BYTES, offsetof(struct sr_dir, io_bytes)},
	    {REC_FIO_BW, offsetof(struct sr_dir, bw)},
	    {REC_FIO_IOPS, offsetof(struct sr_dir, iops)},
	    {REC_FIO_RUNTIME_MS, offsetof(struct sr_dir, runtime_ms)},
	    {REC_FIO_TOTAL_IOS, offsetof(struct sr_dir, total_ios)},
	    {REC_FIO_IOPS_MEAN, offsetof(struct sr_dir, iops_mean)},
	    {REC_FIO_IOPS_STDDEV, offsetof(struct sr_dir, iops_stddev)},
	    {REC_FIO_BW_MEAN, offsetof(struct sr_dir, bw_mean)},
	    {REC_FIO_BW_AGG, offsetof(struct sr_dir, bw_agg)},
	};
	const char *key;
	int rc;

	s->present = true;
	for (size_t i = 0; i < sizeof(figs) / sizeof(figs[0]); i++) {
		struct rec_num n = rec_fio_dir_fig(o, figs[i].f, &c->version, &key);

		*(struct sr_value *)((char *)s + figs[i].off) = conv(n, c->d, key);
	}
	rc = read_lat(c, o, REC_FIO_CLAT, &s->clat);
	if (!rc)
		rc = read_lat(c, o, REC_FIO_SLAT, &s->slat);
	if (!rc)
		rc = read_lat(c, o, REC_FIO_TOTAL_LAT, &s->lat);
	if (rec_fio_dir_no_ios(o)) {
		/* fio prints 0 for the mean/min/max of no samples: they do not exist */
		struct sr_lat *l[] = {&s->clat, &s->slat, &s->lat};
		for (int i = 0; i < 3; i++) {
			l[i]->min = l[i]->max = l[i]->mean = l[i]->stddev =
			    (struct sr_value){0, SR_ABSENT};
			l[i]->npct = 0;
		}
	}
	return rc;
}

static int read_array(json_object *a, double **out, size_t *n, struct sr_diag *d)
{
	size_t len;

	if (!a || json_object_get_type(a) != json_type_array)
		return 0;
	len = json_object_array_length(a);
	*out = calloc(len + 1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (size_t i = 0; i < len; i++) {
		struct sr_value v = conv(rec_fio_num(json_object_array_get_idx(a, i), 1, false), d,
					 "steadystate data");
		(*out)[i] = sr_ok(v) ? v.v : NAN;
	}
	*n = len;
	return 0;
}

static int read_fio_ss(json_object *o, struct sr_fio_ss *ss, struct sr_diag *d)
{
	json_object *data, *v;
	int rc;

	ss->present = true;
	ss->ss = str_dup(o, "ss");
	ss->attained = json_object_object_get_ex(o, "attained", &v) && json_object_get_int(v) != 0;
	ss->duration_s = num(o, "duration", 1, d);
	/*
	 * fio prints the measured criterion of a slope check (ss=iops_slope:..., bw_slope:...)
	 * with its sign (steadystate.c: 100 * slope / mean): a falling slope is negative, a real
	 * figure. A mean-deviation criterion cannot be negative, so there a negative value stays
	 * flagged like any other.
	 */
	if (json_object_object_get_ex(o, "criterion", &v)) {
		ss->criterion =
		    conv(rec_fio_num(v, 1, ss->ss && strstr(ss->ss, "_slope")), d, "criterion");
		ss->criterion_text = str_dup(o, "criterion");
	}
	ss->max_deviation = num(o, "max_deviation", 1, d);
	if (json_object_object_get_ex(o, "slope", &v))
		ss->slope = conv(rec_fio_num(v, 1, true), d, "slope");
	if (!json_object_object_get_ex(o, "data", &data))
		return 0;
	ss->iops_mean = num(data, "iops_mean", 1, d);
	ss->bw_mean = num(data, "bw_mean", 1, d);
	rc = read_array(json_object_object_get_ex(data, "iops", &v) ? v : NULL, &ss->iops,
			&ss->niops, d);
	if (!rc)
		rc = read_array(json_object_object_get_ex(data, "bw", &v) ? v : NULL, &ss->bw,
				&ss->nbw, d);
	return rc;
}

/* Convert one job / client_stats entry; its "job options" are resolved at the document's end. */
static int read_run(struct doc_ctx *c, json_object *job, struct sr_run *r, json_object **jobopts)
{
	struct rec_fio_job id;
	json_object *v;
	int rc = 0;

	rec_fio_job(job, &id);
	r->name = id.name ? strdup(id.name) : NULL;
	r->host = id.host ? strdup(id.host) : NULL;
	r->port = id.port;
	r->all_clients = id.all_clients;
	r->groupid = id.groupid;
	r->error = id.error;
	r->elapsed_s = conv(id.elapsed_s, c->d, "elapsed");
	for (int k = 0; k < SR_NDIR && !rc; k++)
		if ((v = rec_fio_dir(job, (enum rec_fio_ddir)k)))
			rc = read_dir(c, v, &r->dir[k]);
	if (!rc && json_object_object_get_ex(job, "steadystate", &v) &&
	    json_object_get_type(v) == json_type_object)
		rc = read_fio_ss(v, &r->fio_ss, c->d);
	*jobopts = json_object_get(id.options);
	return rc;
}

/* Option @key as set in job options, else in global options; NULL when set in neither. */
static const char *option_set(json_object *job, json_object *glob, const char *key)
{
	return rec_fio_option(job, glob, key, false);
}

/* Option @key: job options, then global options, then fio's default (NULL if it has none). */
static const char *option(json_object *job, json_object *glob, const char *key)
{
	return rec_fio_option(job, glob, key, true);
}

static unsigned option_uint(json_object *job, json_object *glob, const char *key, unsigned def)
{
	const char *s = option(job, glob, key);
	char *end;
	unsigned long v;

	if (!s)
		return def;
	v = strtoul(s, &end, 10); /* base 10: fio 2.x wrote iodepth "01" */
	return end == s ? def : (unsigned)v;
}

/* Does bs= give reads, writes and trims different sizes ("4k,64k"; an empty part keeps fio's)? */
static bool bs_per_direction_differ(const char *bs, unsigned kb_base)
{
	uint64_t first = 0, v;

	for (const char *p = bs; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		if (*p == ',' || rec_size_parse(p, kb_base, REC_SIZE_FIRST, &v) < 0)
			continue;
		if (first && v != first)
			return true;
		first = v;
	}
	return false;
}

/* Every option of @o (an object) appended to @r->options, as text. */
static int keep_options(struct sr_run *r, json_object *o)
{
	struct sr_kv *grown;

	if (!o || json_object_get_type(o) != json_type_object)
		return 0;
	grown =
	    realloc(r->options, (r->noptions + json_object_object_length(o) + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	r->options = grown;
	json_object_object_foreach(o, key, val)
	{
		const char *v = val ? json_object_get_string(val) : "";
		struct sr_kv *kv = &r->options[r->noptions];

		kv->key = strdup(key);
		kv->value = strdup(v ? v : "");
		if (!kv->key || !kv->value) {
			free(kv->key);
			free(kv->value);
			return -ENOMEM;
		}
		r->noptions++;
	}
	return 0;
}

/*
 * A time option of fio (runtime=, ramp_time=) in seconds: a number with an optional unit, "us",
 * "ms", "s", "m", "h" or "d" (fio's default unit for these is seconds); absent when not set or
 * not a time.
 */
static struct sr_value fio_seconds(const char *s)
{
	static const struct {
		const char *unit;
		double s;
	} units[] = {{"", 1},	{"s", 1},    {"us", 1e-6}, {"ms", 1e-3},
		     {"m", 60}, {"h", 3600}, {"d", 86400}};
	char *end;
	double v;

	if (!s || !*s)
		return (struct sr_value){0, SR_ABSENT};
	v = strtod(s, &end);
	for (size_t i = 0; end != s && i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcasecmp(end, units[i].unit))
			return sr_val(v * units[i].s);
	return (struct sr_value){0, SR_ABSENT};
}

static int resolve_options(struct sr_run *r, json_object *job, json_object *globals,
			   struct sr_diag *d)
{
	json_object *glob = rec_fio_globals_for(globals, r->host, r->port);
	unsigned kb_base = option_uint(job, glob, "kb_base", 1024);
	const char *s;

	if (!job && !glob)
		return 0; /* fio < 2.2 printed no options: rw/bs/T/Q unknown, not fio's defaults */
	if (keep_options(r, glob) || keep_options(r, job))
		return -ENOMEM;
	r->rw = strdup(option(job, glob, "rw"));
	if (!r->rw)
		return -ENOMEM;
	if (rec_size_parse(option(job, glob, "bs"), kb_base, REC_SIZE_FIRST, &r->bs) < 0) {
		sr_warn(d, SR_WARN_OPTION, "bs \"%s\" is not a size, using 4k",
			option(job, glob, "bs"));
		r->bs = 4096;
	}
	r->bs_mixed = option_set(job, glob, "bssplit") || option_set(job, glob, "bsrange") ||
		      bs_per_direction_differ(option(job, glob, "bs"), kb_base);
	r->log_avg_ms = option_uint(job, glob, "log_avg_msec", 0);
	r->log_hist_ms = option_uint(job, glob, "log_hist_msec", 0);
	r->numjobs = option_uint(job, glob, "numjobs", 1);
	r->iodepth = option_uint(job, glob, "iodepth", 1);
	r->rwmixread = option_uint(job, glob, "rwmixread", 50);
	if (option_set(job, glob, "rwmixwrite") && !option_set(job, glob, "rwmixread"))
		r->rwmixread = 100 - option_uint(job, glob, "rwmixwrite", 50);
	s = option(job, glob, "group_reporting");
	r->group_reporting = s && strcmp(s, "0") != 0;
	s = option_set(job, NULL, "new_group");
	r->new_group = s && strcmp(s, "0") != 0;
	s = option_set(job, NULL, "stonewall");
	r->stonewall = s && strcmp(s, "0") != 0;
	s = option(job, glob, "time_based");
	r->time_based = s && strcmp(s, "0") != 0;
	r->runtime_s = fio_seconds(option(job, glob, "runtime"));
	r->ramp_s = fio_seconds(option(job, glob, "ramp_time"));
	/* fio truncates jobname; "name" in job options keeps the whole string */
	s = option(job, NULL, "name");
	if (s && r->name && strlen(s) > strlen(r->name) && !strncmp(s, r->name, strlen(r->name))) {
		char *full = strdup(s);
		if (!full)
			return -ENOMEM;
		free(r->name);
		r->name = full;
	}
	return 0;
}

/*
 * fio 3.33 prints a bare "group_reporting" (no value) in neither options object. A job with
 * numjobs N printed fewer than N times (same name, group and host) was group-reported: fio
 * prints one entry per job otherwise.
 */
static void infer_group_reporting(const struct sr_test *t, struct sr_run *r)
{
	unsigned seen = 0;

	if (r->group_reporting || r->numjobs < 2 || r->all_clients)
		return;
	for (size_t i = 0; i < t->nruns; i++) {
		const struct sr_run *o = &t->runs[i];
		if (o->groupid == r->groupid && o->port == r->port && !o->all_clients &&
		    !strcmp(o->name ? o->name : "", r->name ? r->name : "") &&
		    !strcmp(o->host ? o->host : "", r->host ? r->host : ""))
			seen++;
	}
	r->group_reporting = seen < r->numjobs;
}

/*
 * A job fio ended with an error (its "error" key, an errno) did not run as its jobfile says: its
 * figures are those of a broken run. Say so once per file, naming every such job.
 */
static void warn_job_errors(const struct sr_test *t, struct sr_diag *d)
{
	char list[512] = "";
	size_t n = 0, len = 0;

	for (size_t i = 0; i < t->nruns; i++) {
		const struct sr_run *r = &t->runs[i];

		if (!r->error || r->all_clients)
			continue;
		if (len < sizeof(list))
			len += snprintf(list + len, sizeof(list) - len, "%s%s (error %d: %s)",
					n ? ", " : "", r->name ? r->name : "?", r->error,
					strerror(r->error));
		n++;
	}
	if (n)
		sr_warn(d, SR_WARN_JOB_ERROR,
			"%s ended with an error: %s; %s figures are not a clean run",
			n == 1 ? "a job" : "jobs", list, n == 1 ? "its" : "their");
}

/* ---- document ----------------------------------------------------------------------------- */

static int add_run(struct doc_ctx *c, json_object *job)
{
	struct sr_test *t = &c->cur;
	struct sr_run *runs;
	json_object **opts;
	int rc;

	runs = realloc(t->runs, (t->nruns + 1) * sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	t->runs = runs;
	opts = realloc(c->jobopts, (c->njobopts + 1) * sizeof(*opts));
	if (!opts)
		return -ENOMEM;
	c->jobopts = opts;
	memset(&runs[t->nruns], 0, sizeof(*runs));
	rc = read_run(c, job, &runs[t->nruns], &opts[c->njobopts]);
	t->nruns++;
	c->njobopts++;
	return rc;
}

static int on_top(void *ctx, const char *key, json_object *v)
{
	struct doc_ctx *c = ctx;
	struct sr_test *t = &c->cur;

	if (!strcmp(key, "fio version") && json_object_get_type(v) == json_type_string) {
		free(t->fio_version);
		t->fio_version = strdup(json_object_get_string(v));
		rec_fio_version_parse(json_object_get_string(v), &c->version);
	} else if (!strcmp(key, "timestamp")) {
		t->timestamp = json_object_get_int64(v);
	} else if (!strcmp(key, "global options")) {
		json_object_put(c->globals);
		c->globals = json_object_get(v);
	}
	return 0;
}

static int on_job(void *ctx, const char *array, json_object *job, struct rec_fio_bins *bins)
{
	struct doc_ctx *c = ctx;

	(void)array;
	c->jb = bins;
	return add_run(c, job);
}

/* What a document gathered besides its test: options and version. */
static void forget_doc(struct doc_ctx *c)
{
	for (size_t k = 0; k < c->njobopts; k++)
		json_object_put(c->jobopts[k]);
	free(c->jobopts);
	c->jobopts = NULL;
	c->njobopts = 0;
	json_object_put(c->globals);
	c->globals = NULL;
	c->version = (struct rec_fio_version){-1, -1};
}

static void on_drop(void *ctx)
{
	struct doc_ctx *c = ctx;

	sr_test_free(&c->cur);
	memset(&c->cur, 0, sizeof(c->cur));
	forget_doc(c);
}

/* The document was read whole: its options resolved, then kept (the last, or every one). */
/* The N of fio's "fio: terminating on signal N" in [@from, @to) of @buf, else 0. */
static int signal_line(const char *buf, size_t from, size_t to)
{
	static const char line[] = "fio: terminating on signal ";
	const char *p = from < to ? memmem(buf + from, to - from, line, sizeof(line) - 1) : NULL;

	return p ? atoi(p + sizeof(line) - 1) : 0;
}

static int on_doc(void *ctx, size_t start, size_t end, size_t njobs)
{
	struct doc_ctx *c = ctx;
	struct sr_test *t = &c->cur;
	int rc = 0;

	(void)njobs;
	t->fio_signal = signal_line(c->buf, c->text_from, start);
	c->text_from = end;
	for (size_t k = 0; k < t->nruns && !rc; k++)
		rc = resolve_options(&t->runs[k], c->jobopts[k], c->globals, c->d);
	for (size_t k = 0; k < t->nruns && !rc; k++)
		infer_group_reporting(t, &t->runs[k]);
	if (!rc)
		warn_job_errors(t, c->d);
	forget_doc(c);
	if (rc)
		return rc;
	c->seen++;
	if (!c->all && c->n) {
		sr_test_free(&c->out[0]);
		c->n = 0;
	}
	if (!c->n || c->all) {
		struct sr_test *grown = realloc(c->out, (c->n + 1) * sizeof(*c->out));

		if (!grown)
			return -ENOMEM;
		c->out = grown;
	}
	c->out[c->n++] = *t;
	memset(t, 0, sizeof(*t));
	return 0;
}

static void on_skipped(void *ctx, size_t off, bool before)
{
	struct doc_ctx *c = ctx;

	sr_warn(c->d, SR_WARN_PREAMBLE, "skipped non-JSON text %s byte %zu",
		before ? "before" : "after", off);
}

int sr_fio_json_parse(char *buf, size_t len, bool all, struct sr_test **docs, size_t *ndocs,
		      struct sr_diag *d)
{
	static const struct rec_fio_scan_ops ops = {
	    .top = on_top, .job = on_job, .doc = on_doc, .drop = on_drop, .skipped = on_skipped};
	struct doc_ctx c = {.d = d, .all = all, .version = {-1, -1}, .buf = buf};
	struct rec_fio_error err;
	long rc = rec_fio_scan(buf, len, &ops, &c, true, &err);
	int sig = rc > 0 ? signal_line(buf, c.text_from, len) : 0;

	if (rc == -EINVAL && err.fault != REC_FIO_OK)
		sr_error(d, err.off != (size_t)-1 ? buf : NULL, err.off, "%s", err.msg);
	if (rc < 0) {
		for (size_t i = 0; i < c.n; i++)
			sr_test_free(&c.out[i]);
		free(c.out);
		return (int)rc;
	}
	if (c.seen > 1 && !all)
		sr_warn(d, SR_WARN_DOCS, "%zu JSON documents (--status-interval?), using the last",
			c.seen);
	if (sig && c.n && !c.out[c.n - 1].fio_signal) /* printed after the last document */
		c.out[c.n - 1].fio_signal = sig;
	*docs = c.out;
	*ndocs = c.n;
	return 0;
}

static char *test_id(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".json"))
		n -= 5;
	return strndup(base, n);
}

int sr_fio_json_load(const char *path, struct sr_test *t, struct sr_diag *d)
{
	struct sr_test *docs = NULL;
	size_t ndocs = 0, len = 0;
	char *buf = NULL;
	int rc;

	sr_diag_file(d, path);
	rc = sr_read_file(path, &buf, &len);
	if (rc) {
		sr_read_error(path, rc, d);
		return rc;
	}
	rc = sr_fio_json_parse(buf, len, false, &docs, &ndocs, d);
	free(buf);
	if (rc)
		return rc;
	*t = docs[0];
	free(docs);
	t->path = strdup(path);
	t->id = test_id(path);
	if (!t->path || !t->id) {
		sr_test_free(t);
		return -ENOMEM;
	}
	return 0;
}
