// SPDX-License-Identifier: GPL-2.0-only
/* result.c - fio's output of one test (result.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/count_text.h"
#include "record/fio_doc.h"
#include "run/result.h"

static bool all_clients(json_object *e)
{
	struct rec_fio_job id;

	rec_fio_job(e, &id);
	return id.all_clients;
}

static double dir_iops(json_object *e, enum rec_fio_ddir d, const struct rec_fio_version *v)
{
	struct rec_num n = rec_fio_dir_fig(rec_fio_dir(e, d), REC_FIO_IOPS, v, NULL);

	return rec_num_ok(n) ? n.v : 0;
}

/* Bytes job @e read, wrote and trimmed; -1 when fio's JSON gives none of the three. */
static double job_bytes(json_object *e, const struct rec_fio_version *v)
{
	static const enum rec_fio_ddir dirs[] = {REC_FIO_READ, REC_FIO_WRITE, REC_FIO_TRIM};
	double sum = -1;

	for (size_t k = 0; k < sizeof(dirs) / sizeof(dirs[0]); k++) {
		struct rec_num n =
		    rec_fio_dir_fig(rec_fio_dir(e, dirs[k]), REC_FIO_IO_BYTES, v, NULL);

		if (rec_num_ok(n))
			sum = (sum < 0 ? 0 : sum) + n.v;
	}
	return sum;
}

int rv_result_parse(const char *text, struct rv_result_doc *doc, json_object **json, char *summary,
		    size_t slen, char *problem, size_t plen)
{
	struct rec_fio_error fe;
	struct rec_fio_doc d;
	json_object *arr;
	double r = 0, w = 0, bytes = -1, jb;
	char rt[REC_COUNT_TEXT_LEN], wt[REC_COUNT_TEXT_LEN];
	int rc;

	*json = NULL;
	if ((rc = rec_fio_doc_parse(text, strlen(text), &d, &fe))) {
		snprintf(problem, plen, "%s",
			 rc != -EINVAL			   ? strerror(-rc)
			 : fe.fault == REC_FIO_NO_DOCUMENT ? "no JSON document in fio's output"
			 : fe.fault == REC_FIO_NO_JOBS || fe.fault == REC_FIO_EMPTY_JOBS
			     ? "no job in fio's JSON"
			     : "fio's output is not a complete JSON document");
		return -EINVAL;
	}
	doc->start = d.start;
	doc->pre_len = d.start;
	doc->len = d.end - d.start;
	arr = rec_fio_jobs(d.json);
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *e = json_object_array_get_idx(arr, i);
		struct rec_fio_job id;

		rec_fio_job(e, &id);
		if (id.error) {
			snprintf(problem, plen, "job %s%s%s%s: error %d (%s)",
				 id.name ? id.name : "?", id.host ? " (host " : "",
				 id.host ? id.host : "", id.host ? ")" : "", id.error,
				 strerror(abs(id.error)));
			rec_fio_doc_free(&d);
			return -EINVAL;
		}
		if (id.all_clients)
			continue;
		r += dir_iops(e, REC_FIO_READ, &d.version);
		w += dir_iops(e, REC_FIO_WRITE, &d.version);
		jb = job_bytes(e, &d.version);
		if (jb >= 0)
			bytes = (bytes < 0 ? 0 : bytes) + jb;
	}
	if (bytes == 0) {
		snprintf(problem, plen,
			 "fio moved no data: every job read, wrote and trimmed 0 bytes "
			 "(the device gone, or empty?)");
		rec_fio_doc_free(&d);
		return -EINVAL;
	}
	/* the figures as the report prints them (rounded, thousands grouped) */
	snprintf(summary, slen, "read %s IOPS, write %s IOPS", rec_count_text(rt, r),
		 rec_count_text(wt, w));
	*json = json_object_get(d.json);
	rec_fio_doc_free(&d);
	return 0;
}

/* numjobs of the first entry (its job options, else the global options that apply to it, else
 * fio's default) */
static long numjobs(json_object *max, json_object *first)
{
	struct rec_fio_job id;

	rec_fio_job(first, &id);
	return atol(rec_fio_option(id.options,
				   rec_fio_globals_for(rec_fio_globals(max), id.host, id.port),
				   "numjobs", true));
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
	json_object *arr = rec_fio_jobs(max), *first = NULL;
	double r = 0, w = 0;
	size_t k = 0;
	long n;

	for (size_t i = 0; arr && i < json_object_array_length(arr); i++) {
		json_object *e = json_object_array_get_idx(arr, i);

		if (all_clients(e))
			continue;
		if (!first)
			first = e;
		r += dir_iops(e, REC_FIO_READ, NULL);
		w += dir_iops(e, REC_FIO_WRITE, NULL);
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
