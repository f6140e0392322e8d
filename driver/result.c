// SPDX-License-Identifier: GPL-2.0-only
/* result.c - fio's output of one test (result.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

/* The start of the line holding only "{" and the end of the last line holding only "}". */
static int find_doc(const char *text, struct rv_result_doc *doc)
{
	size_t first = (size_t)-1, last_end = 0;

	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		if (n == 1 && *p == '{' && first == (size_t)-1)
			first = (size_t)(p - text);
		if (n == 1 && *p == '}' && first != (size_t)-1)
			last_end = (size_t)(p - text) + 1;
		p = nl ? nl + 1 : p + n;
	}
	if (first == (size_t)-1 || last_end <= first)
		return -EINVAL;
	doc->start = first;
	doc->pre_len = first;
	doc->len = last_end - first;
	return 0;
}

/* fio's result entries: "jobs", or a client run's "client_stats". */
static json_object *entries(json_object *j)
{
	json_object *a = NULL;

	if (json_object_object_get_ex(j, "jobs", &a) && json_object_is_type(a, json_type_array))
		return a;
	if (json_object_object_get_ex(j, "client_stats", &a) &&
	    json_object_is_type(a, json_type_array))
		return a;
	return NULL;
}

static bool all_clients(json_object *e)
{
	json_object *n;

	return json_object_object_get_ex(e, "jobname", &n) &&
	       !strcmp(json_object_get_string(n), "All clients");
}

static double dir_iops(json_object *e, const char *dir)
{
	json_object *d, *v;

	if (!json_object_object_get_ex(e, dir, &d) || !json_object_object_get_ex(d, "iops", &v))
		return 0;
	return json_object_get_double(v);
}

int rv_result_parse(const char *text, struct rv_result_doc *doc, json_object **json, char *summary,
		    size_t slen, char *problem, size_t plen)
{
	json_tokener *tok;
	json_object *j, *arr;
	double r = 0, w = 0;

	*json = NULL;
	if (find_doc(text, doc) < 0) {
		snprintf(problem, plen, "no JSON document in fio's output");
		return -EINVAL;
	}
	tok = json_tokener_new();
	j = tok ? json_tokener_parse_ex(tok, text + doc->start, (int)doc->len) : NULL;
	if (tok && json_tokener_get_error(tok) != json_tokener_success) {
		json_object_put(j);
		j = NULL;
	}
	json_tokener_free(tok);
	if (!j) {
		snprintf(problem, plen, "fio's output is not a complete JSON document");
		return -EINVAL;
	}
	arr = entries(j);
	if (!arr || json_object_array_length(arr) == 0) {
		snprintf(problem, plen, "no job in fio's JSON");
		json_object_put(j);
		return -EINVAL;
	}
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *e = json_object_array_get_idx(arr, i), *err = NULL, *name = NULL,
			    *host = NULL;
		int code;

		json_object_object_get_ex(e, "error", &err);
		code = err ? json_object_get_int(err) : 0;
		if (code) {
			json_object_object_get_ex(e, "jobname", &name);
			json_object_object_get_ex(e, "hostname", &host);
			snprintf(problem, plen, "job %s%s%s%s: error %d (%s)",
				 name ? json_object_get_string(name) : "?", host ? " (host " : "",
				 host ? json_object_get_string(host) : "", host ? ")" : "", code,
				 strerror(abs(code)));
			json_object_put(j);
			return -EINVAL;
		}
		if (all_clients(e))
			continue;
		r += dir_iops(e, "read");
		w += dir_iops(e, "write");
	}
	snprintf(summary, slen, "read %.0f IOPS, write %.0f IOPS", floor(r), floor(w));
	*json = j;
	return 0;
}

/* numjobs of the first entry's job options, else of the global options, else 1 */
static long numjobs(json_object *max, json_object *first)
{
	json_object *o = NULL, *v = NULL, *g = NULL;

	if (json_object_object_get_ex(first, "job options", &o) &&
	    json_object_object_get_ex(o, "numjobs", &v))
		return atol(json_object_get_string(v));
	if (json_object_object_get_ex(max, "global options", &g)) {
		if (json_object_is_type(g, json_type_array))
			g = json_object_array_get_idx(g, 0);
		if (g && json_object_object_get_ex(g, "numjobs", &v))
			return atol(json_object_get_string(v));
	}
	return 1;
}

static long per_job(double total, int pct, long jobs, size_t entries_n)
{
	double v;

	if (total <= 0)
		return 0;
	v = floor(total * pct / 100.0 / (double)jobs / (double)entries_n);
	return v < 1 ? 1 : (long)v;
}

int rv_result_rate(json_object *max, int pct, char *out, size_t len)
{
	json_object *arr = entries(max), *first = NULL;
	double r = 0, w = 0;
	size_t k = 0;
	long n;

	for (size_t i = 0; arr && i < json_object_array_length(arr); i++) {
		json_object *e = json_object_array_get_idx(arr, i);

		if (all_clients(e))
			continue;
		if (!first)
			first = e;
		r += dir_iops(e, "read");
		w += dir_iops(e, "write");
		k++;
	}
	if (!k)
		return -EINVAL;
	n = numjobs(max, first);
	if (n < 1)
		n = 1;
	snprintf(out, len, "%ld,%ld", per_job(r, pct, n, k), per_job(w, pct, n, k));
	return 0;
}

static bool same_host(json_object *e, const char *host, int port)
{
	json_object *h = NULL, *p = NULL;

	return json_object_object_get_ex(e, "hostname", &h) &&
	       json_object_object_get_ex(e, "port", &p) &&
	       !strcmp(json_object_get_string(h), host) && json_object_get_int(p) == port;
}

json_object *rv_result_host(json_object *combined, const char *host, int port, const char *node)
{
	json_object *out = json_object_new_object(), *stats = json_object_new_array();

	json_object_object_foreach(combined, key, val)
	{
		if (!strcmp(key, "client_stats")) {
			for (size_t i = 0; i < json_object_array_length(val); i++) {
				json_object *e = json_object_array_get_idx(val, i);

				if (same_host(e, host, port) && !all_clients(e))
					json_object_array_add(stats, json_object_get(e));
			}
			json_object_object_add(out, key, json_object_get(stats));
		} else if (!strcmp(key, "global options") &&
			   json_object_is_type(val, json_type_array)) {
			json_object *g = json_object_new_array();

			for (size_t i = 0; i < json_object_array_length(val); i++)
				if (same_host(json_object_array_get_idx(val, i), host, port))
					json_object_array_add(
					    g, json_object_get(json_object_array_get_idx(val, i)));
			json_object_object_add(out, key, g);
		} else if (!strcmp(key, "global options") &&
			   json_object_is_type(val, json_type_object) &&
			   json_object_object_get_ex(val, "filename", NULL)) {
			json_object *g = json_object_new_object();

			json_object_object_foreach(val, gk, gv) json_object_object_add(
			    g, gk,
			    strcmp(gk, "filename") ? json_object_get(gv)
						   : json_object_new_string(node));
			json_object_object_add(out, key, g);
		} else {
			json_object_object_add(out, key, json_object_get(val));
		}
	}
	json_object_put(stats);
	return out;
}
