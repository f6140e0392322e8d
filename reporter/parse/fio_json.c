// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_json.c - fio JSON output into the model (see fio_json.h for what is tolerated).
 *
 * The top-level object is walked here key by key; each top-level value and each element of
 * "jobs"/"client_stats" is parsed by json-c on its own, converted, and freed. Key names and units
 * follow fio's stat.c show_thread_status_json() / add_ddir_status_json() (fio 2.x and 3.x).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json.h>

#include "parse/fio_json.h"
#include "parse/fio_json_bins.h"
#include "record/size.h"

#define EXACT_DOUBLE_MAX 9007199254740992.0 /* 2^53 */

/* fio's defaults for the options the model needs (fio HOWTO: rw, bs, iodepth, numjobs, rwmixread).
 */
static const struct {
	const char *key;
	const char *alias;
	const char *def;
} fio_options[] = {
    {"rw", "readwrite", "read"},
    {"bs", "blocksize", "4k"},
    {"iodepth", NULL, "1"},
    {"numjobs", NULL, "1"},
    {"rwmixread", NULL, "50"},
    {"rwmixwrite", NULL, NULL},
    {"name", NULL, NULL},
    {"group_reporting", NULL, NULL},
    {"new_group", NULL, NULL},
    {"stonewall", "wait_for_previous", NULL},
    {"unified_rw_reporting", NULL, NULL},
    {"kb_base", NULL, "1024"},
    {"bssplit", NULL, NULL},
    {"bsrange", "blocksize_range", NULL},
    {"log_avg_msec", NULL, "0"},
    {"log_hist_msec", NULL, "0"},
};

static const char *const ddir_key[SR_NDIR] = {"read", "write", "trim", "mixed"};

/* What the document says about units, found before the jobs are converted. */
struct doc_ctx {
	struct sr_diag *d;
	int major, minor;      /* fio version, -1 when unknown */
	json_object *globals;  /* "global options": object, array, or NULL */
	json_object **jobopts; /* per run: its "job options" (reference held), may be NULL */
	size_t njobopts;
	struct sr_job_bins *jb; /* the current job's bins read by the fast path (fio_json_bins.h) */
};

int sr_read_file(const char *path, char **buf, size_t *len)
{
	struct stat st;
	char *p = NULL;
	size_t got = 0;
	int fd, rc = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		rc = -errno;
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		rc = -EISDIR;
		goto out;
	}
	p = malloc((size_t)st.st_size + 1);
	if (!p) {
		rc = -ENOMEM;
		goto out;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, p + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = -errno;
			goto out;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	p[got] = '\0';
	*buf = p;
	*len = got;
	p = NULL;
out:
	free(p);
	close(fd);
	return rc;
}

/* ---- text scanning ------------------------------------------------------------------------ */

static size_t skip_ws(const char *b, size_t len, size_t i)
{
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	return i;
}

/* Next document candidate at or after @i: '{' in column 0, or the file's first non-blank. */
static size_t next_candidate(const char *b, size_t len, size_t i)
{
	size_t first = skip_ws(b, len, 0);

	for (; i < len; i++)
		if (b[i] == '{' && (i == 0 || b[i - 1] == '\n' || b[i - 1] == '\r' || i == first))
			return i;
	return len;
}

static bool token_at(const char *b, size_t len, size_t i, const char *word, size_t *n)
{
	size_t w = strlen(word);

	if (i + w > len || strncasecmp(b + i, word, w))
		return false;
	if (i + w < len && (isalnum((unsigned char)b[i + w]) || b[i + w] == '_'))
		return false;
	*n = w;
	return true;
}

/*
 * Rewrite nan/inf tokens in value position outside strings to "NaN" plus blanks (same length, so
 * offsets in error messages stay true). json-c 0.16 reads "nan"/"NaN" but not "-nan", "inf",
 * "-inf"; fio prints all four through printf("%f").
 */
static void rewrite_nonfinite(char *b, size_t len, size_t from)
{
	static const char *const words[] = {"-infinity", "infinity", "-nan", "-inf",
					    "+inf",	 "nan",	     "inf"};
	char prev = 0;

	for (size_t i = from; i < len; i++) {
		char c = b[i];
		size_t n;

		if (c == '"') { /* strings are skipped whole: a "nan" in a string is text */
			i = sr_json_string_end(b, len, i);
			prev = c;
			continue;
		}
		if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
			continue;
		if ((prev == ':' || prev == ',' || prev == '[') &&
		    (c == '-' || c == '+' || c == 'n' || c == 'N' || c == 'i' || c == 'I')) {
			for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
				if (token_at(b, len, i, words[k], &n)) {
					memcpy(b + i, "NaN", 3);
					memset(b + i + 3, ' ', n - 3);
					i += n - 1;
					break;
				}
			}
		}
		prev = c;
	}
}

/* Parse one JSON value at @pos with json-c; *end gets the offset after it. */
static json_object *parse_value(json_tokener *tok, const char *b, size_t len, size_t pos,
				size_t *end, struct sr_diag *d, int *rc)
{
	size_t avail = len - pos;
	json_object *o;
	enum json_tokener_error e;

	json_tokener_reset(tok);
	o = json_tokener_parse_ex(tok, b + pos, avail > INT_MAX ? INT_MAX : (int)avail);
	e = json_tokener_get_error(tok);
	*end = pos + json_tokener_get_parse_end(tok);
	if (e == json_tokener_success) {
		*rc = 0;
		return o;
	}
	json_object_put(o);
	if (e == json_tokener_continue)
		*rc =
		    sr_error(d, b, *end,
			     "unexpected end of input in the JSON value starting at byte %zu", pos);
	else
		*rc = sr_error(d, b, *end, "invalid JSON (%s) in the value starting at byte %zu",
			       json_tokener_error_desc(e), pos);
	return NULL;
}

/* A plain top-level key (fio's keys have no escapes); *end is after the closing quote. */
static int scan_key(const char *b, size_t len, size_t pos, char *key, size_t keysz, size_t *end,
		    struct sr_diag *d)
{
	size_t i = pos + 1, k = 0;

	if (pos >= len || b[pos] != '"')
		return sr_error(d, b, pos, "expected '\"' starting a key of the fio document");
	for (; i < len && b[i] != '"'; i++) {
		if (b[i] == '\\')
			i++;
		if (k + 1 < keysz)
			key[k++] = b[i];
	}
	if (i >= len)
		return sr_error(d, b, pos, "unterminated key string");
	key[k] = '\0';
	*end = i + 1;
	return 0;
}

/* ---- values ------------------------------------------------------------------------------- */

static struct sr_value num_of(json_object *v, double scale, bool may_be_negative, struct sr_diag *d,
			      const char *what)
{
	struct sr_value r = {0, SR_ABSENT};
	enum json_type t = json_object_get_type(v);

	if (t == json_type_int || t == json_type_double) {
		r.v = json_object_get_double(v);
	} else if (t == json_type_string) {
		const char *s = json_object_get_string(v);
		char *end;
		r.v = strtod(s, &end);
		if (end == s)
			return r;
	} else if (t == json_type_boolean) {
		r.v = json_object_get_boolean(v);
	} else {
		return r;
	}
	r.state = SR_VALID;
	if (!isfinite(r.v)) {
		r.state = SR_INVALID;
		sr_warn(d, SR_WARN_NONFINITE,
			"non-finite value (nan/inf) in \"%s\", marked invalid", what);
	} else if (r.v < 0 && !may_be_negative) {
		r.state = SR_INVALID;
		sr_warn(d, SR_WARN_NEGATIVE,
			"negative value %g in \"%s\" (unsigned overflow in fio), marked invalid",
			r.v, what);
	} else if (t == json_type_int && fabs(r.v) > EXACT_DOUBLE_MAX) {
		r.state = SR_INVALID;
		sr_warn(d, SR_WARN_HUGE,
			"value of \"%s\" beyond 2^53 (wrapped counter), marked invalid", what);
	}
	r.v *= scale;
	return r;
}

static struct sr_value num(json_object *o, const char *key, double scale, struct sr_diag *d)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) || !v)
		return (struct sr_value){0, SR_ABSENT};
	return num_of(v, scale, false, d, key);
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

static int read_percentiles(json_object *po, double scale, struct sr_lat *l, struct sr_diag *d)
{
	size_t n = 0;

	if (!po || json_object_get_type(po) != json_type_object)
		return 0;
	l->pct = calloc(json_object_object_length(po) + 1, sizeof(*l->pct));
	if (!l->pct)
		return -ENOMEM;
	json_object_object_foreach(po, key, val)
	{
		char *end;
		double p = strtod(key, &end);
		struct sr_value v;

		if (end == key || p <= 0 || p > 100) /* old fio's "0.00" : 0 fillers */
			continue;
		v = num_of(val, scale, false, d, "percentile");
		if (!sr_ok(v))
			continue;
		l->pct[n++] = (struct sr_pct){p, v.v};
	}
	qsort(l->pct, n, sizeof(*l->pct), cmp_pct);
	l->npct = n;
	return 0;
}

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

/* "clat_ns" (fio 3.x, ns) or "clat" (fio 2.x, usec). */
static int read_lat(const struct doc_ctx *c, json_object *dir, const char *base, struct sr_lat *l)
{
	struct sr_diag *d = c->d;
	char key[16];
	json_object *o, *v;
	double scale = 1;
	int rc;

	snprintf(key, sizeof(key), "%s_ns", base);
	if (!json_object_object_get_ex(dir, key, &o)) {
		if (!json_object_object_get_ex(dir, base, &o))
			return 0;
		scale = 1000;
	}
	if (!o || json_object_get_type(o) != json_type_object)
		return 0;
	l->n = num(o, "N", 1, d);
	l->min = num(o, "min", scale, d);
	l->max = num(o, "max", scale, d);
	l->mean = num(o, "mean", scale, d);
	l->stddev = num(o, "stddev", scale, d);
	if (json_object_object_get_ex(o, "percentile", &v)) {
		rc = read_percentiles(v, scale, l, d);
		if (rc)
			return rc;
	}
	if (!json_object_object_get_ex(o, "bins", &v))
		return 0;
	if (json_object_get_type(v) ==
	    json_type_int) /* replaced by the fast path, see fio_json_bins.h */
		return sr_job_bins_claim(c->jb, json_object_get_int64(v), scale, &l->bins,
					 &l->nbins);
	return read_bins(v, scale, l);
}

static bool io_bytes_in_kib(const struct doc_ctx *c, json_object *dir)
{
	json_object *v;

	if (json_object_object_get_ex(dir, "io_kbytes", &v))
		return false;
	if (c->major >= 0)
		return c->major < 2 || (c->major == 2 && c->minor < 21);
	return !json_object_object_get_ex(dir, "clat_ns", &v);
}

static int read_dir(const struct doc_ctx *c, json_object *o, struct sr_dir *s)
{
	struct sr_diag *d = c->d;
	json_object *v;
	int rc;

	s->present = true;
	s->io_bytes = num(o, "io_bytes", io_bytes_in_kib(c, o) ? 1024 : 1, d);
	if (json_object_object_get_ex(o, "bw_bytes", &v))
		s->bw = num_of(v, 1, false, d, "bw_bytes");
	else
		s->bw = num(o, "bw", 1024, d); /* KiB/s in every version */
	s->iops = num(o, "iops", 1, d);
	s->runtime_ms = num(o, "runtime", 1, d);
	s->total_ios = num(o, "total_ios", 1, d);
	s->iops_mean = num(o, "iops_mean", 1, d);
	s->iops_stddev = num(o, "iops_stddev", 1, d);
	s->bw_mean = num(o, "bw_mean", 1024, d);
	s->bw_agg = num(o, "bw_agg", 1, d);
	rc = read_lat(c, o, "clat", &s->clat);
	if (!rc)
		rc = read_lat(c, o, "slat", &s->slat);
	if (!rc)
		rc = read_lat(c, o, "lat", &s->lat);
	if (sr_ok(s->total_ios) && s->total_ios.v == 0) {
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
		struct sr_value v =
		    num_of(json_object_array_get_idx(a, i), 1, false, d, "steadystate data");
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
	if (json_object_object_get_ex(o, "criterion", &v))
		ss->criterion = num_of(v, 1, ss->ss && strstr(ss->ss, "_slope"), d, "criterion");
	ss->max_deviation = num(o, "max_deviation", 1, d);
	if (json_object_object_get_ex(o, "slope", &v))
		ss->slope = num_of(v, 1, true, d, "slope");
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
	struct sr_diag *d = c->d;
	json_object *v;
	int rc = 0;

	r->name = str_dup(job, "jobname");
	r->host = str_dup(job, "hostname");
	if (json_object_object_get_ex(job, "port", &v))
		r->port = json_object_get_int(v);
	r->all_clients = r->name && !strcmp(r->name, "All clients");
	if (json_object_object_get_ex(job, "groupid", &v))
		r->groupid = json_object_get_int(v);
	if (json_object_object_get_ex(job, "error", &v))
		r->error = json_object_get_int(v);
	r->elapsed_s = num(job, "elapsed", 1, d);
	for (int k = 0; k < SR_NDIR && !rc; k++)
		if (json_object_object_get_ex(job, ddir_key[k], &v) &&
		    json_object_get_type(v) == json_type_object)
			rc = read_dir(c, v, &r->dir[k]);
	if (!rc && json_object_object_get_ex(job, "steadystate", &v) &&
	    json_object_get_type(v) == json_type_object)
		rc = read_fio_ss(v, &r->fio_ss, d);
	*jobopts = NULL;
	if (json_object_object_get_ex(job, "job options", &v) &&
	    json_object_get_type(v) == json_type_object)
		*jobopts = json_object_get(v);
	return rc;
}

/* The global options object that applies to a run: per host when "global options" is an array. */
static json_object *globals_for(json_object *g, const struct sr_run *r)
{
	json_object *v;

	if (!g || json_object_get_type(g) != json_type_array)
		return g;
	for (size_t i = 0; i < json_object_array_length(g); i++) {
		json_object *e = json_object_array_get_idx(g, i);
		const char *h =
		    json_object_object_get_ex(e, "hostname", &v) ? json_object_get_string(v) : NULL;
		int port = json_object_object_get_ex(e, "port", &v) ? json_object_get_int(v) : 0;

		if (r->host && h && !strcmp(r->host, h) && (!r->port || !port || port == r->port))
			return e;
	}
	return json_object_array_length(g) ? json_object_array_get_idx(g, 0) : NULL;
}

/* Option @key as set in job options, else in global options; NULL when set in neither. */
static const char *option_set(json_object *job, json_object *glob, const char *key)
{
	for (size_t i = 0; i < sizeof(fio_options) / sizeof(fio_options[0]); i++) {
		json_object *srcs[2] = {job, glob};
		json_object *v;

		if (strcmp(fio_options[i].key, key))
			continue;
		for (int s = 0; s < 2; s++) {
			if (!srcs[s] || json_object_get_type(srcs[s]) != json_type_object)
				continue;
			if (json_object_object_get_ex(srcs[s], key, &v) ||
			    (fio_options[i].alias &&
			     json_object_object_get_ex(srcs[s], fio_options[i].alias, &v)))
				return v ? json_object_get_string(v) : "";
		}
		return NULL;
	}
	return NULL;
}

/* Option @key: job options, then global options, then fio's default (NULL if it has none). */
static const char *option(json_object *job, json_object *glob, const char *key)
{
	const char *s = option_set(job, glob, key);

	for (size_t i = 0; !s && i < sizeof(fio_options) / sizeof(fio_options[0]); i++)
		if (!strcmp(fio_options[i].key, key))
			return fio_options[i].def;
	return s;
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

static int resolve_options(struct sr_run *r, json_object *job, json_object *globals,
			   struct sr_diag *d)
{
	json_object *glob = globals_for(globals, r);
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

static int add_run(struct sr_test *t, struct doc_ctx *c, json_object *job)
{
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

/*
 * Parse the job object at @pos: its bins objects are read by the fast path (fio_json_bins.h) and
 * json-c parses the rest. Errors are found again on the original text so their offsets are true.
 */
static json_object *parse_job(json_tokener *tok, const char *b, size_t len, size_t pos, size_t *end,
			      struct doc_ctx *c, int *rc)
{
	const char *text;
	size_t tlen, jend;
	json_object *o;

	*rc = sr_job_bins_scan(c->jb, b, len, pos, &jend);
	if (*rc < 0)
		return NULL;
	if (*rc > 0 || !c->jb->n) /* not closed (json-c says where), or no bins to skip */
		return parse_value(tok, b, len, pos, end, c->d, rc);
	text = sr_job_bins_text(c->jb, b, pos, jend, &tlen);
	if (!text) {
		*rc = -ENOMEM;
		return NULL;
	}
	json_tokener_reset(tok);
	o = json_tokener_parse_ex(tok, text, (int)(tlen > INT_MAX ? INT_MAX : tlen));
	if (json_tokener_get_error(tok) == json_tokener_success) {
		*end = jend;
		*rc = 0;
		return o;
	}
	json_object_put(o);
	o = parse_value(tok, b, len, pos, end, c->d, rc);
	if (o) { /* cannot happen: the rewrite keeps the text valid JSON; be safe */
		json_object_put(o);
		*rc = sr_error(c->d, b, pos, "invalid JSON in the job object starting at byte %zu",
			       pos);
	}
	return NULL;
}

static int read_jobs(json_tokener *tok, char *b, size_t len, size_t *pos, struct sr_test *t,
		     struct doc_ctx *c)
{
	size_t i = skip_ws(b, len, *pos);
	int rc;

	if (i >= len || b[i] != '[')
		return sr_error(c->d, b, i, "expected '[' starting the jobs array");
	i = skip_ws(b, len, i + 1);
	while (i < len && b[i] != ']') {
		size_t end;
		json_object *job = parse_job(tok, b, len, i, &end, c, &rc);

		if (!job)
			return rc;
		if (json_object_get_type(job) == json_type_object)
			rc = add_run(t, c, job);
		else
			rc = sr_error(c->d, b, i, "expected a job object in the jobs array");
		json_object_put(job);
		if (rc)
			return rc;
		i = skip_ws(b, len, end);
		if (i < len && b[i] == ',')
			i = skip_ws(b, len, i + 1);
		else if (i >= len || b[i] != ']')
			return sr_error(c->d, b, i, "expected ',' or ']' after a job object");
	}
	if (i >= len)
		return sr_error(c->d, b, i, "unexpected end of input in the jobs array");
	*pos = i + 1;
	return 0;
}

static void top_value(struct doc_ctx *c, struct sr_test *t, const char *key, json_object *v)
{
	if (!strcmp(key, "fio version") && json_object_get_type(v) == json_type_string) {
		free(t->fio_version);
		t->fio_version = strdup(json_object_get_string(v));
		if (sscanf(json_object_get_string(v), "fio-%d.%d", &c->major, &c->minor) != 2)
			c->major = c->minor = -1;
	} else if (!strcmp(key, "timestamp")) {
		t->timestamp = json_object_get_int64(v);
	} else if (!strcmp(key, "global options")) {
		json_object_put(c->globals);
		c->globals = json_object_get(v);
	}
}

/* Parse the document whose '{' is at @start; *end gets the offset after its '}'. */
static int parse_doc(json_tokener *tok, char *b, size_t len, size_t start, size_t *end,
		     struct sr_test *t, struct sr_diag *d)
{
	struct sr_job_bins jb = {0};
	struct doc_ctx c = {.d = d, .major = -1, .minor = -1, .jb = &jb};
	bool have_jobs = false;
	size_t i = skip_ws(b, len, start + 1);
	int rc = 0;

	while (i < len && b[i] != '}') {
		char key[64];
		size_t vend;
		json_object *v;

		rc = scan_key(b, len, i, key, sizeof(key), &i, d);
		if (rc)
			goto out;
		i = skip_ws(b, len, i);
		if (i >= len || b[i] != ':') {
			rc = sr_error(d, b, i, "expected ':' after the key \"%s\"", key);
			goto out;
		}
		i = skip_ws(b, len, i + 1);
		if (!strcmp(key, "jobs") || !strcmp(key, "client_stats")) {
			have_jobs = true;
			rc = read_jobs(tok, b, len, &i, t, &c);
			if (rc)
				goto out;
		} else {
			v = parse_value(tok, b, len, i, &vend, d, &rc);
			if (!v && rc)
				goto out;
			top_value(&c, t, key, v);
			json_object_put(v);
			i = vend;
		}
		i = skip_ws(b, len, i);
		if (i < len && b[i] == ',')
			i = skip_ws(b, len, i + 1);
		else if (i >= len || b[i] != '}') {
			rc =
			    sr_error(d, b, i, "expected ',' or '}' after the value of \"%s\"", key);
			goto out;
		}
	}
	if (i >= len) {
		rc = sr_error(
		    d, b, i,
		    "unexpected end of input: the fio document starting at byte %zu is not closed",
		    start);
		goto out;
	}
	*end = i + 1;
	if (!have_jobs) {
		rc = sr_error(d, b, start,
			      "expected \"jobs\" or \"client_stats\" in the fio JSON document");
		goto out;
	}
	if (!t->nruns) {
		rc = sr_error(d, b, start, "no jobs in the fio JSON document (empty jobs array)");
		goto out;
	}
	for (size_t k = 0; k < t->nruns && !rc; k++)
		rc = resolve_options(&t->runs[k], c.jobopts[k], c.globals, d);
	for (size_t k = 0; k < t->nruns && !rc; k++)
		infer_group_reporting(t, &t->runs[k]);
	if (!rc)
		warn_job_errors(t, d);
out:
	for (size_t k = 0; k < c.njobopts; k++)
		json_object_put(c.jobopts[k]);
	free(c.jobopts);
	json_object_put(c.globals);
	sr_job_bins_free(&jb);
	return rc;
}

static bool blank(const char *b, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (!isspace((unsigned char)b[i]))
			return false;
	return true;
}

int sr_fio_json_parse(char *buf, size_t len, bool all, struct sr_test **docs, size_t *ndocs,
		      struct sr_diag *d)
{
	json_tokener *tok = json_tokener_new();
	struct sr_test *out = NULL;
	size_t n = 0, seen = 0, pos = 0, rewritten = (size_t)-1;
	char first_err[sizeof(d->err)] = "";
	int rc = 0;

	if (!tok)
		return -ENOMEM;
	while (pos < len) {
		size_t c = next_candidate(buf, len, pos), end = 0;
		struct sr_test t = {0};

		if (c >= len)
			break;
		if (!blank(buf, pos, c))
			sr_warn(d, SR_WARN_PREAMBLE, "skipped non-JSON text before byte %zu", c);
		if (rewritten != pos) {
			rewrite_nonfinite(buf, len, c);
			rewritten = c;
		}
		rc = parse_doc(tok, buf, len, c, &end, &t, d);
		if (rc == -ENOMEM) {
			sr_test_free(&t);
			goto out;
		}
		if (rc) {
			sr_test_free(&t);
			if (!first_err[0])
				memcpy(first_err, d->err, sizeof(first_err));
			pos = c + 1;
			rc = 0;
			continue;
		}
		seen++;
		if (!all && n) {
			sr_test_free(&out[0]);
			n = 0;
		}
		if (!n || all) {
			struct sr_test *grown = realloc(out, (n + 1) * sizeof(*out));
			if (!grown) {
				sr_test_free(&t);
				rc = -ENOMEM;
				goto out;
			}
			out = grown;
		}
		out[n++] = t;
		pos = end;
		rewritten = pos;
		if (!blank(buf, pos, next_candidate(buf, len, pos)))
			sr_warn(d, SR_WARN_PREAMBLE, "skipped non-JSON text after byte %zu", pos);
	}
	if (!n) {
		if (first_err[0]) {
			memcpy(d->err, first_err, sizeof(d->err));
			rc = -EINVAL;
		} else {
			rc = sr_error(d, NULL, (size_t)-1,
				      "no JSON document found (%zu bytes, expected fio JSON "
				      "starting with '{')",
				      len);
		}
		goto out;
	}
	if (seen > 1 && !all)
		sr_warn(d, SR_WARN_DOCS, "%zu JSON documents (--status-interval?), using the last",
			seen);
	*docs = out;
	*ndocs = n;
	out = NULL;
	n = 0;
out:
	for (size_t i = 0; i < n; i++)
		sr_test_free(&out[i]);
	free(out);
	json_tokener_free(tok);
	return rc;
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
		sr_error(d, NULL, (size_t)-1, "cannot read: %s", strerror(-rc));
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
