// SPDX-License-Identifier: GPL-2.0-only
/* fio_keys.c - fio's JSON keys in base units, one set of rules (fio_keys.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/fio_keys.h"

#define EXACT_DOUBLE_MAX 9007199254740992.0 /* 2^53 */

struct rec_num rec_fio_num(json_object *v, double scale, bool may_be_negative)
{
	struct rec_num r = {0, 0, REC_NUM_ABSENT};
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
	r.state = REC_NUM_VALID;
	if (!isfinite(r.v))
		r.state = REC_NUM_NONFINITE;
	else if (r.v < 0 && !may_be_negative)
		r.state = REC_NUM_NEGATIVE;
	else if (t == json_type_int && fabs(r.v) > EXACT_DOUBLE_MAX)
		r.state = REC_NUM_HUGE;
	r.raw = r.v;
	r.v *= scale;
	return r;
}

struct rec_num rec_fio_member(json_object *o, const char *key, double scale)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) || !v)
		return (struct rec_num){0, 0, REC_NUM_ABSENT};
	return rec_fio_num(v, scale, false);
}

void rec_fio_version_parse(const char *s, struct rec_fio_version *v)
{
	if (!s || sscanf(s, "fio-%d.%d", &v->major, &v->minor) != 2)
		v->major = v->minor = -1;
}

json_object *rec_fio_jobs(json_object *doc)
{
	json_object *a;

	if (json_object_object_get_ex(doc, "jobs", &a) && json_object_is_type(a, json_type_array))
		return a;
	if (json_object_object_get_ex(doc, "client_stats", &a) &&
	    json_object_is_type(a, json_type_array))
		return a;
	return NULL;
}

json_object *rec_fio_globals(json_object *doc)
{
	json_object *g;

	return json_object_object_get_ex(doc, "global options", &g) ? g : NULL;
}

void rec_fio_job(json_object *job, struct rec_fio_job *out)
{
	json_object *v;

	memset(out, 0, sizeof(*out));
	if (json_object_object_get_ex(job, "jobname", &v) && v)
		out->name = json_object_get_string(v);
	if (json_object_object_get_ex(job, "hostname", &v) && v)
		out->host = json_object_get_string(v);
	if (json_object_object_get_ex(job, "port", &v))
		out->port = json_object_get_int(v);
	if (json_object_object_get_ex(job, "groupid", &v))
		out->groupid = json_object_get_int(v);
	if (json_object_object_get_ex(job, "error", &v))
		out->error = json_object_get_int(v);
	out->all_clients = out->name && !strcmp(out->name, "All clients");
	if (json_object_object_get_ex(job, "job options", &v) &&
	    json_object_is_type(v, json_type_object))
		out->options = v;
	out->elapsed_s = rec_fio_member(job, "elapsed", 1);
}

static const char *const ddir_key[REC_FIO_NDIR] = {"read", "write", "trim", "mixed"};

const char *rec_fio_ddir_key(enum rec_fio_ddir d) { return ddir_key[d]; }

json_object *rec_fio_dir(json_object *job, enum rec_fio_ddir d)
{
	json_object *v;

	return json_object_object_get_ex(job, ddir_key[d], &v) &&
		       json_object_is_type(v, json_type_object)
		   ? v
		   : NULL;
}

/* io_bytes is in KiB before fio 2.21 (which added io_kbytes beside it); an unknown version
 * without clat_ns (fio 2.x) is taken as such. */
static bool io_bytes_in_kib(json_object *dir, const struct rec_fio_version *v)
{
	json_object *k;

	if (json_object_object_get_ex(dir, "io_kbytes", &k))
		return false;
	if (v && v->major >= 0)
		return v->major < 2 || (v->major == 2 && v->minor < 21);
	return !json_object_object_get_ex(dir, "clat_ns", &k);
}

struct rec_num rec_fio_dir_fig(json_object *dir, enum rec_fio_fig f,
			       const struct rec_fio_version *v, const char **key)
{
	static const struct {
		const char *key;
		double scale;
	} figs[] = {
	    [REC_FIO_IO_BYTES] = {"io_bytes", 1},
	    [REC_FIO_BW] = {"bw_bytes", 1},
	    [REC_FIO_IOPS] = {"iops", 1},
	    [REC_FIO_RUNTIME_MS] = {"runtime", 1},
	    [REC_FIO_TOTAL_IOS] = {"total_ios", 1},
	    [REC_FIO_IOPS_MEAN] = {"iops_mean", 1},
	    [REC_FIO_IOPS_STDDEV] = {"iops_stddev", 1},
	    [REC_FIO_BW_MEAN] = {"bw_mean", 1024},
	    [REC_FIO_BW_AGG] = {"bw_agg", 1},
	};
	const char *k = figs[f].key;
	double scale = figs[f].scale;
	json_object *o;

	if (f == REC_FIO_BW && dir && !json_object_object_get_ex(dir, "bw_bytes", &o)) {
		k = "bw"; /* KiB/s in every version */
		scale = 1024;
	} else if (f == REC_FIO_IO_BYTES && dir && io_bytes_in_kib(dir, v)) {
		scale = 1024;
	}
	if (key)
		*key = k;
	return rec_fio_member(dir, k, scale);
}

bool rec_fio_dir_no_ios(json_object *dir)
{
	struct rec_num n = rec_fio_member(dir, "total_ios", 1);

	return rec_num_ok(n) && n.v == 0;
}

json_object *rec_fio_lat_obj(json_object *dir, enum rec_fio_lat k, double *scale)
{
	static const char *const base[] = {"clat", "slat", "lat"};
	char key[16];
	json_object *o;

	*scale = 1;
	snprintf(key, sizeof(key), "%s_ns", base[k]);
	if (!dir || !json_object_object_get_ex(dir, key, &o)) {
		if (!dir || !json_object_object_get_ex(dir, base[k], &o))
			return NULL;
		*scale = 1000;
	}
	return o && json_object_is_type(o, json_type_object) ? o : NULL;
}

struct rec_num rec_fio_lat_fig(json_object *lat, enum rec_fio_lat_fig f, double scale,
			       const char **key)
{
	static const char *const keys[] = {"N", "min", "max", "mean", "stddev"};

	if (key)
		*key = keys[f];
	return rec_fio_member(lat, keys[f], f == REC_FIO_LAT_N ? 1 : scale);
}

size_t rec_fio_percentiles(json_object *lat, double scale,
			   void (*each)(void *ctx, double pct, struct rec_num ns), void *ctx)
{
	json_object *po;
	size_t n = 0;

	if (!lat || !json_object_object_get_ex(lat, "percentile", &po) ||
	    !json_object_is_type(po, json_type_object))
		return 0;
	json_object_object_foreach(po, key, val)
	{
		char *end;
		double p = strtod(key, &end);
		struct rec_num v;

		if (end == key || p <= 0 || p > 100) /* old fio's "0.00" : 0 fillers */
			continue;
		v = rec_fio_num(val, scale, false);
		if (v.state == REC_NUM_ABSENT)
			continue;
		each(ctx, p, v);
		n++;
	}
	return n;
}

struct one_pct {
	double want;
	struct rec_num got;
};

static void match_pct(void *ctx, double pct, struct rec_num ns)
{
	struct one_pct *o = ctx;

	if (fabs(pct - o->want) < 1e-6)
		o->got = ns;
}

struct rec_num rec_fio_percentile(json_object *lat, double scale, double pct)
{
	struct one_pct o = {.want = pct};

	rec_fio_percentiles(lat, scale, match_pct, &o);
	return o.got;
}

/* fio's defaults for the options this table knows (fio HOWTO: rw, bs, iodepth, numjobs, ...). */
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
    {"runtime", "timeout", NULL},
    {"ramp_time", NULL, NULL},
    {"time_based", NULL, NULL},
};

const char *rec_fio_option(json_object *job_opts, json_object *globals, const char *key,
			   bool fio_default)
{
	for (size_t i = 0; i < sizeof(fio_options) / sizeof(fio_options[0]); i++) {
		json_object *srcs[2] = {job_opts, globals};
		json_object *v;

		if (strcmp(fio_options[i].key, key))
			continue;
		for (int s = 0; s < 2; s++) {
			if (!srcs[s] || !json_object_is_type(srcs[s], json_type_object))
				continue;
			if (json_object_object_get_ex(srcs[s], key, &v) ||
			    (fio_options[i].alias &&
			     json_object_object_get_ex(srcs[s], fio_options[i].alias, &v)))
				return v ? json_object_get_string(v) : "";
		}
		return fio_default ? fio_options[i].def : NULL;
	}
	return NULL;
}

json_object *rec_fio_globals_for(json_object *globals, const char *host, int port)
{
	json_object *v;

	if (!globals || !json_object_is_type(globals, json_type_array))
		return globals;
	for (size_t i = 0; i < json_object_array_length(globals); i++) {
		json_object *e = json_object_array_get_idx(globals, i);
		const char *h =
		    json_object_object_get_ex(e, "hostname", &v) ? json_object_get_string(v) : NULL;
		int p = json_object_object_get_ex(e, "port", &v) ? json_object_get_int(v) : 0;

		if (host && h && !strcmp(host, h) && (!port || !p || p == port))
			return e;
	}
	return json_object_array_length(globals) ? json_object_array_get_idx(globals, 0) : NULL;
}
