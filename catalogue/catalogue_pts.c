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
	return 0;
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
	rc = -EINVAL;
	ph = get(o, "phases");
	if (!ph || !json_object_is_type(ph, json_type_array) || !json_object_array_length(ph)) {
		bad(err, errlen, "\"phases\" must be a non-empty array");
		goto fail;
	}
	p->nphases = json_object_array_length(ph);
	if (!(p->phases = calloc(p->nphases, sizeof(*p->phases)))) {
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
	}
	free(p->phases);
	free(p->test);
	free(p->spec);
	free(p->wipc);
	free(p);
}
