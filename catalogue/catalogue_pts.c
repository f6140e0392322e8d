// SPDX-License-Identifier: GPL-2.0-only
/* catalogue_pts.c - a catalogue entry's "pts" object: a SNIA PTS test's phases (catalogue.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "catalogue.h"

static int bad(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static json_object *get(json_object *o, const char *key)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static int dup_str(json_object *o, const char *key, const char *where, char **out, char *err,
		   size_t errlen)
{
	json_object *v = get(o, key);

	if (!v || !json_object_is_type(v, json_type_string) || !json_object_get_string_len(v))
		return bad(err, errlen, "%s\"%s\" must be a non-empty string", where, key);
	*out = strdup(json_object_get_string(v));
	return *out ? 0 : -ENOMEM;
}

/* A block size as fio takes it: digits, then nothing (bytes), k or m. */
static bool size_ok(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n > 0 && (!s[n] || ((s[n] == 'k' || s[n] == 'm') && !s[n + 1]));
}

/* An array of positive integers at @key of @o: @min entries or more, each 1 to @maxv, strictly
 * decreasing for @order -1, increasing for 1, any for 0. */
static int uint_list(json_object *o, const char *key, const char *where, size_t min,
		     unsigned int maxv, int order, unsigned int **out, size_t *n, char *err,
		     size_t errlen)
{
	json_object *v = get(o, key);

	if (!v || !json_object_is_type(v, json_type_array) || json_object_array_length(v) < min)
		return bad(err, errlen, "%s\"%s\" must be an array of %zu or more integers", where,
			   key, min);
	*n = json_object_array_length(v);
	if (!(*out = calloc(*n + 1, sizeof(**out))))
		return -ENOMEM;
	for (size_t k = 0; k < *n; k++) {
		json_object *e = json_object_array_get_idx(v, k);
		long long x = json_object_is_type(e, json_type_int) ? json_object_get_int64(e) : 0;

		if (x < 1 || x > (long long)maxv)
			return bad(err, errlen, "%s\"%s\"[%zu] must be an integer 1 to %u", where,
				   key, k, maxv);
		(*out)[k] = (unsigned int)x;
		if (k && order < 0 && (*out)[k] >= (*out)[k - 1])
			return bad(err, errlen, "%s\"%s\" must decrease (high to low)", where, key);
		if (k && order > 0 && (*out)[k] <= (*out)[k - 1])
			return bad(err, errlen, "%s\"%s\" must increase", where, key);
	}
	return 0;
}

/* A positive integer at @key of @o, 1 to @maxv. */
static int uint_of(json_object *o, const char *key, const char *where, unsigned int maxv,
		   unsigned int *out, char *err, size_t errlen)
{
	json_object *v = get(o, key);
	long long x = v && json_object_is_type(v, json_type_int) ? json_object_get_int64(v) : 0;

	if (x < 1 || x > (long long)maxv)
		return bad(err, errlen, "%s\"%s\" must be an integer 1 to %u", where, key, maxv);
	*out = (unsigned int)x;
	return 0;
}

/* A phase's optional TC x QD matrix and its tracking point, its own threads and depth, and the
 * pre-write. */
static int load_matrix(json_object *o, json_object *tr, const char *where,
		       struct catalogue_pts_phase *ph, char *err, size_t errlen)
{
	json_object *m = get(o, "matrix"), *v;
	bool found_tc = false, found_qd = false;
	unsigned int x;
	int rc;

	if ((v = get(o, "threads"))) {
		if ((rc = uint_of(o, "threads", where, 256, &x, err, errlen)))
			return rc;
		ph->threads = (int)x;
	}
	if ((v = get(o, "depth"))) {
		if ((rc = uint_of(o, "depth", where, 4096, &x, err, errlen)))
			return rc;
		ph->depth = (int)x;
	}
	v = get(o, "prewrite");
	if (v && !json_object_is_type(v, json_type_boolean))
		return bad(err, errlen, "%s\"prewrite\" must be true or false", where);
	ph->prewrite = v && json_object_get_boolean(v);
	if (!m) {
		if (get(tr, "tc") || get(tr, "qd"))
			return bad(err, errlen,
				   "%s\"tracking\" has tc and qd only with a \"matrix\"", where);
		return ph->prewrite
			   ? bad(err, errlen, "%s\"prewrite\" goes with a \"matrix\"", where)
			   : 0;
	}
	if (!json_object_is_type(m, json_type_object))
		return bad(err, errlen, "%s\"matrix\" must be an object {tc, qd}", where);
	if ((rc = uint_list(m, "tc", where, 1, 256, -1, &ph->tc, &ph->ntc, err, errlen)) ||
	    (rc = uint_list(m, "qd", where, 1, 4096, -1, &ph->qd, &ph->nqd, err, errlen)))
		return rc;
	if ((rc = uint_of(tr, "tc", where, 256, &x, err, errlen)))
		return rc;
	ph->track_tc = (int)x;
	if ((rc = uint_of(tr, "qd", where, 4096, &x, err, errlen)))
		return rc;
	ph->track_qd = (int)x;
	for (size_t k = 0; k < ph->ntc; k++)
		found_tc |= ph->tc[k] == (unsigned int)ph->track_tc;
	for (size_t k = 0; k < ph->nqd; k++)
		found_qd |= ph->qd[k] == (unsigned int)ph->track_qd;
	if (!found_tc || !found_qd)
		return bad(err, errlen, "%s\"tracking\" tc and qd must name a point of the matrix",
			   where);
	return 0;
}

static int load_phase(json_object *o, size_t i, struct catalogue_pts_phase *ph, char *err,
		      size_t errlen)
{
	char where[64];
	json_object *v, *tr;
	const char *access;
	bool found_bs = false, found_mix = false;
	int rc;

	snprintf(where, sizeof(where), "phases[%zu]: ", i);
	if (!json_object_is_type(o, json_type_object))
		return bad(err, errlen, "phases[%zu] must be an object", i);
	if ((rc = dup_str(o, "id", where, &ph->id, err, errlen)))
		return rc;
	v = get(o, "access");
	access = v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";
	if (strcmp(access, "random") && strcmp(access, "sequential"))
		return bad(err, errlen, "%s\"access\" must be \"random\" or \"sequential\"", where);
	ph->random = !strcmp(access, "random");
	v = get(o, "purge");
	if (!v || !json_object_is_type(v, json_type_boolean))
		return bad(err, errlen, "%s\"purge\" must be true or false", where);
	ph->purge = json_object_get_boolean(v);
	v = get(o, "wipc");
	if (v && !json_object_is_type(v, json_type_boolean))
		return bad(err, errlen, "%s\"wipc\" must be true or false", where);
	ph->wipc = ph->purge && (!v || json_object_get_boolean(v));
	v = get(o, "stop_written_spans");
	if (v && (!json_object_is_type(v, json_type_int) || json_object_get_int(v) < 1 ||
		  json_object_get_int(v) > 100))
		return bad(err, errlen, "%s\"stop_written_spans\" must be an integer 1 to 100",
			   where);
	ph->stop_written = v ? json_object_get_int(v) : 0;
	v = get(o, "max_rounds");
	if (v && (!json_object_is_type(v, json_type_int) || json_object_get_int(v) < 5 ||
		  json_object_get_int(v) > 100000))
		return bad(err, errlen, "%s\"max_rounds\" must be an integer 5 to 100000", where);
	if (v && !ph->stop_written)
		return bad(err, errlen,
			   "%s\"max_rounds\" goes with \"stop_written_spans\" (a steady-state "
			   "phase runs at most 25 rounds)",
			   where);
	ph->max_rounds = v ? json_object_get_int(v) : 25;
	if (i == 0 && !ph->purge)
		return bad(err, errlen, "%sthe first phase starts from a purge (\"purge\": true)",
			   where);
	v = get(o, "mixes");
	if (!v || !json_object_is_type(v, json_type_array) || !json_object_array_length(v))
		return bad(err, errlen, "%s\"mixes\" must be an array of percent read (0 to 100)",
			   where);
	ph->nmixes = json_object_array_length(v);
	if (!(ph->mixes = calloc(ph->nmixes, sizeof(*ph->mixes))))
		return -ENOMEM;
	for (size_t k = 0; k < ph->nmixes; k++) {
		json_object *m = json_object_array_get_idx(v, k);

		if (!json_object_is_type(m, json_type_int) || json_object_get_int(m) < 0 ||
		    json_object_get_int(m) > 100)
			return bad(err, errlen, "%s\"mixes\"[%zu] must be an integer 0 to 100",
				   where, k);
		ph->mixes[k] = json_object_get_int(m);
	}
	v = get(o, "block_sizes");
	if (!v || !json_object_is_type(v, json_type_array) || !json_object_array_length(v))
		return bad(err, errlen, "%s\"block_sizes\" must be an array of fio sizes", where);
	ph->nbs = json_object_array_length(v);
	if (!(ph->block_sizes = calloc(ph->nbs, sizeof(*ph->block_sizes))))
		return -ENOMEM;
	for (size_t k = 0; k < ph->nbs; k++) {
		json_object *b = json_object_array_get_idx(v, k);

		if (!json_object_is_type(b, json_type_string) ||
		    !size_ok(json_object_get_string(b)))
			return bad(err, errlen,
				   "%s\"block_sizes\"[%zu] must be a size such as \"512\", \"4k\" "
				   "or \"1m\"",
				   where, k);
		if (!(ph->block_sizes[k] = strdup(json_object_get_string(b))))
			return -ENOMEM;
	}
	tr = get(o, "tracking");
	snprintf(where, sizeof(where), "phases[%zu].tracking: ", i);
	if (!tr || !json_object_is_type(tr, json_type_object))
		return bad(err, errlen,
			   "phases[%zu]: \"tracking\" must be an object {bs, mix, metric}", i);
	if ((rc = dup_str(tr, "bs", where, &ph->track_bs, err, errlen)) ||
	    (rc = dup_str(tr, "metric", where, &ph->track_metric, err, errlen)))
		return rc;
	v = get(tr, "mix");
	ph->track_mix = v && json_object_is_type(v, json_type_int) ? json_object_get_int(v) : -1;
	for (size_t k = 0; k < ph->nbs; k++)
		found_bs |= !strcmp(ph->block_sizes[k], ph->track_bs);
	for (size_t k = 0; k < ph->nmixes; k++)
		found_mix |= ph->mixes[k] == ph->track_mix;
	if (!found_bs || !found_mix)
		return bad(err, errlen, "%s\"bs\" and \"mix\" must name a cell of the phase",
			   where);
	if (strcmp(ph->track_metric, "iops") && strcmp(ph->track_metric, "mbps") &&
	    strcmp(ph->track_metric, "lat_mean"))
		return bad(err, errlen, "%s\"metric\" is \"%s\"; expected iops, mbps or lat_mean",
			   where, ph->track_metric);
	snprintf(where, sizeof(where), "phases[%zu]: ", i);
	return load_matrix(o, tr, where, ph, err, errlen);
}

/* One profile's durations of a test's segments. */
static int load_seg_profile(json_object *o, const char *name,
			    const struct catalogue_pts_segments *s,
			    struct catalogue_pts_seg_profile *p, char *err, size_t errlen)
{
	char where[96];
	int rc;

	snprintf(where, sizeof(where), "segments.profiles.%s: ", name);
	if (!json_object_is_type(o, json_type_object))
		return bad(err, errlen, "%smust be an object", where);
	if (!(p->profile = strdup(name)))
		return -ENOMEM;
	if (!strcmp(s->kind, "hir")) {
		if ((rc = uint_of(o, "write_s", where, 86400, &p->write_s, err, errlen)) ||
		    (rc = uint_list(o, "idle_s", where, 1, 86400, 1, &p->idle_s, &p->nidle, err,
				    errlen)) ||
		    (rc = uint_of(o, "repeats", where, 100000, &p->repeats, err, errlen)) ||
		    (rc = uint_of(o, "baseline_s", where, 864000, &p->baseline_s, err, errlen)))
			return rc;
		for (size_t k = 0; k < p->nidle; k++)
			if (p->idle_s[k] % p->write_s)
				return bad(err, errlen,
					   "%s\"idle_s\"[%zu] must be a multiple of \"write_s\"",
					   where, k);
		return 0;
	}
	if (!strcmp(s->kind, "xsr")) {
		if ((rc = uint_list(o, "group_s", where, 1, 864000, 0, &p->group_s, &p->ngroups,
				    err, errlen)))
			return rc;
		if (p->ngroups != s->ngroups)
			return bad(err, errlen, "%s\"group_s\" must give each of the %zu groups",
				   where, s->ngroups);
		return 0;
	}
	return uint_of(o, "point_s", where, 86400, &p->point_s, err, errlen);
}

/* The "segments" object of a test: {kind, groups (XSR), art_ceiling_ms (DIRTH), profiles}. */
static int load_segments(json_object *o, struct catalogue_pts_segments **out, char *err,
			 size_t errlen)
{
	struct catalogue_pts_segments *s = calloc(1, sizeof(*s));
	json_object *v, *pr;
	int rc;

	if (!(*out = s))
		return -ENOMEM;
	if (!json_object_is_type(o, json_type_object))
		return bad(err, errlen, "\"segments\" must be an object {kind, profiles}");
	if ((rc = dup_str(o, "kind", "segments: ", &s->kind, err, errlen)))
		return rc;
	if (strcmp(s->kind, "hir") && strcmp(s->kind, "xsr") && strcmp(s->kind, "dirth"))
		return bad(err, errlen, "segments: \"kind\" is \"%s\"; expected hir, xsr or dirth",
			   s->kind);
	if (!strcmp(s->kind, "xsr")) {
		v = get(o, "groups");
		if (!v || !json_object_is_type(v, json_type_array) || !json_object_array_length(v))
			return bad(err, errlen,
				   "segments: \"groups\" must be an array of {rw, bs} (XSR)");
		s->ngroups = json_object_array_length(v);
		s->group_rw = calloc(s->ngroups, sizeof(*s->group_rw));
		s->group_bs = calloc(s->ngroups, sizeof(*s->group_bs));
		if (!s->group_rw || !s->group_bs)
			return -ENOMEM;
		for (size_t k = 0; k < s->ngroups; k++) {
			json_object *g = json_object_array_get_idx(v, k);
			char where[48];

			snprintf(where, sizeof(where), "segments.groups[%zu]: ", k);
			if ((rc = dup_str(g, "rw", where, &s->group_rw[k], err, errlen)) ||
			    (rc = dup_str(g, "bs", where, &s->group_bs[k], err, errlen)))
				return rc;
			if (!size_ok(s->group_bs[k]))
				return bad(err, errlen, "%s\"bs\" must be a size such as \"8k\"",
					   where);
			if (strcmp(s->group_rw[k], "write") && strcmp(s->group_rw[k], "randwrite"))
				return bad(err, errlen, "%s\"rw\" must be write or randwrite",
					   where);
		}
	}
	s->art_ceiling_ns = 5e6;
	if ((v = get(o, "art_ceiling_ms"))) {
		if (!json_object_is_type(v, json_type_int) &&
		    !json_object_is_type(v, json_type_double))
			return bad(err, errlen, "segments: \"art_ceiling_ms\" must be a number");
		s->art_ceiling_ns = json_object_get_double(v) * 1e6;
		if (!(s->art_ceiling_ns > 0))
			return bad(err, errlen, "segments: \"art_ceiling_ms\" must be above 0");
	}
	pr = get(o, "profiles");
	if (!pr || !json_object_is_type(pr, json_type_object) || !json_object_object_length(pr))
		return bad(err, errlen,
			   "segments: \"profiles\" must be an object of durations per profile");
	if (!(s->profiles = calloc((size_t)json_object_object_length(pr), sizeof(*s->profiles))))
		return -ENOMEM;
	json_object_object_foreach(pr, key, val)
	{
		if ((rc = load_seg_profile(val, key, s, &s->profiles[s->nprofiles++], err, errlen)))
			return rc;
	}
	return 0;
}

static void segments_free(struct catalogue_pts_segments *s)
{
	if (!s)
		return;
	for (size_t k = 0; k < s->ngroups; k++) {
		free(s->group_rw ? s->group_rw[k] : NULL);
		free(s->group_bs ? s->group_bs[k] : NULL);
	}
	free(s->group_rw);
	free(s->group_bs);
	for (size_t k = 0; k < s->nprofiles; k++) {
		free(s->profiles[k].profile);
		free(s->profiles[k].idle_s);
		free(s->profiles[k].group_s);
	}
	free(s->profiles);
	free(s->kind);
	free(s);
}

const struct catalogue_pts_seg_profile *
catalogue_pts_seg_profile(const struct catalogue_pts_segments *s, const char *profile)
{
	for (size_t k = 0; s && profile && k < s->nprofiles; k++)
		if (s->profiles[k].profile && !strcmp(s->profiles[k].profile, profile))
			return &s->profiles[k];
	return NULL;
}

int catalogue_pts_load(struct json_object *o, struct catalogue_pts **out, char *err, size_t errlen)
{
	struct catalogue_pts *p;
	json_object *ph;
	int rc;

	*out = NULL;
	if (!json_object_is_type(o, json_type_object))
		return bad(err, errlen, "must be an object {test, spec, wipc, phases}");
	if (!(p = calloc(1, sizeof(*p))))
		return -ENOMEM;
	if ((rc = dup_str(o, "test", "", &p->test, err, errlen)) ||
	    (rc = dup_str(o, "spec", "", &p->spec, err, errlen)) ||
	    (rc = dup_str(o, "wipc", "", &p->wipc, err, errlen)))
		goto fail;
	rc = -EINVAL;
	if (!strchr(p->wipc, '.') || strchr(p->wipc, '/')) {
		bad(err, errlen, "\"wipc\" must be a jobfile name in jobfiles/");
		goto fail;
	}
	if (get(o, "segments") &&
	    (rc = load_segments(get(o, "segments"), &p->segments, err, errlen)))
		goto fail;
	rc = -EINVAL;
	ph = get(o, "phases");
	if (!ph || !json_object_is_type(ph, json_type_array) ||
	    (!json_object_array_length(ph) && !p->segments)) {
		bad(err, errlen, "\"phases\" must be a non-empty array (empty only with segments)");
		goto fail;
	}
	if (p->segments && !strcmp(p->segments->kind, "dirth") &&
	    (!json_object_array_length(ph) ||
	     !get(json_object_array_get_idx(ph, json_object_array_length(ph) - 1), "matrix"))) {
		bad(err, errlen, "segments of kind dirth follow a last phase with a \"matrix\"");
		goto fail;
	}
	p->nphases = json_object_array_length(ph);
	if (p->nphases && !(p->phases = calloc(p->nphases, sizeof(*p->phases)))) {
		rc = -ENOMEM;
		goto fail;
	}
	for (size_t i = 0; i < p->nphases; i++) {
		if ((rc = load_phase(json_object_array_get_idx(ph, i), i, &p->phases[i], err,
				     errlen)))
			goto fail;
		for (size_t j = 0; j < i; j++)
			if (!strcmp(p->phases[j].id, p->phases[i].id)) {
				rc = bad(err, errlen, "phases[%zu]: the id \"%s\" is used twice", i,
					 p->phases[i].id);
				goto fail;
			}
	}
	*out = p;
	return 0;
fail:
	catalogue_pts_free(p);
	return rc;
}

void catalogue_pts_free(struct catalogue_pts *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nphases; i++) {
		struct catalogue_pts_phase *ph = &p->phases[i];

		free(ph->id);
		free(ph->mixes);
		for (size_t k = 0; k < ph->nbs; k++)
			free(ph->block_sizes[k]);
		free(ph->block_sizes);
		free(ph->track_bs);
		free(ph->track_metric);
		free(ph->tc);
		free(ph->qd);
	}
	segments_free(p->segments);
	free(p->phases);
	free(p->test);
	free(p->spec);
	free(p->wipc);
	free(p);
}
