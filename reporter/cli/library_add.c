// SPDX-License-Identifier: GPL-2.0-only
/*
 * library_add.c - a drive of the model as library rows (library_add.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analyse/headline.h"
#include "catalogue/catalogue.h"
#include "cli/library_add.h"
#include "model/pts.h"
#include "model/run_plan.h"

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * FNV_PRIME;
	return h;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
	h = fnv(h, s ? s : "\x01", s ? strlen(s) : 1);
	return fnv(h, "", 1); /* a separator: "ab","c" differs from "a","bc" */
}

/* A file's bytes into @h. */
static int fnv_file(uint64_t *h, const char *path)
{
	char buf[65536];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		*h = fnv(*h, buf, (size_t)n);
	close(fd);
	return n < 0 ? -EIO : 0;
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static int64_t val_int(struct sr_value v) { return sr_ok(v) ? (int64_t)llround(v.v) : -1; }

static int cmp_test_path(const void *a, const void *b)
{
	const struct sr_test *x = *(const struct sr_test *const *)a,
			     *y = *(const struct sr_test *const *)b;

	return strcmp(x->path ? x->path : "", y->path ? y->path : "");
}

/* A PTS file @rel of the drive folder @dir into @h: its name, and its bytes when it is there
 * (a round the run never wrote is a missing figure, not a failed add). */
static int pts_file(uint64_t *h, const char *dir, const char *rel)
{
	char path[PATH_MAX];
	int rc;

	if (!rel)
		return 0;
	*h = fnv_str(*h, rel);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	rc = fnv_file(h, path);
	return rc == -ENOENT ? 0 : rc;
}

/* The files of a PTS test's rounds and segments into @h. */
static int pts_files(uint64_t *h, const char *dir, const struct rec_pts *p)
{
	int rc = 0;

	for (size_t q = 0; p && q < p->nphases && !rc; q++)
		for (size_t k = 0; k < p->phases[q].nrounds && !rc; k++)
			rc = pts_file(h, dir, p->phases[q].rounds[k].file);
	for (size_t k = 0; p && k < p->nsegments && !rc; k++)
		rc = pts_file(h, dir, p->segments[k].file);
	return rc;
}

/* "fio:<hash of the fio files' contents, in path order, then its PTS tests' files>". */
static int content_key(const struct sr_drive *drv, char *key, size_t len)
{
	const struct sr_test **t = calloc(drv->ntests + 1, sizeof(*t));
	uint64_t h = FNV_OFFSET;
	int rc = 0;

	if (!t)
		return -ENOMEM;
	for (size_t i = 0; i < drv->ntests; i++)
		t[i] = &drv->tests[i];
	qsort(t, drv->ntests, sizeof(*t), cmp_test_path);
	for (size_t i = 0; i < drv->ntests && !rc; i++)
		if (t[i]->path && (i == 0 || !t[i - 1]->path || strcmp(t[i]->path, t[i - 1]->path)))
			rc = fnv_file(&h, t[i]->path);
	free(t);
	for (size_t i = 0; i < drv->npts && !rc && drv->dir; i++) /* a PTS test's round files */
		rc = pts_files(&h, drv->dir, drv->pts[i].rec.pts);
	snprintf(key, len, "fio:%016" PRIx64, h);
	return rc;
}

static void iso_of(int64_t t, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The folder a drive's results are in. */
/* @path as the library keeps it: absolute (a library outlives the directory it was added
 * from), as given when it cannot be resolved; NULL for NULL. */
static char *abs_or_null(const char *path)
{
	char *r;

	if (!path)
		return NULL;
	r = realpath(path, NULL);
	return r ? r : strdup(path);
}

static char *source_of(const struct sr_drive *drv)
{
	char *s, *slash;

	if (drv->dir)
		return abs_or_null(drv->dir);
	if (!drv->ntests || !drv->tests[0].path)
		return NULL;
	s = abs_or_null(drv->tests[0].path);
	if (s && (slash = strrchr(s, '/')))
		*slash = '\0';
	return s;
}

static int tests_of(const struct sr_drive *drv, struct sr_lib_rows *r)
{
	r->tests = calloc(drv->ntests + drv->nnotes + drv->napps + 1, sizeof(*r->tests));
	if (!r->tests)
		return -ENOMEM;
	for (size_t i = 0; i < drv->ntests; i++) {
		const struct sr_test *t = &drv->tests[i];
		struct lib_test *lt = &r->tests[r->ntests++];

		lt->test = strdup(t->id);
		lt->status = strdup(t->fio_signal ? "interrupted" : "done");
		lt->rw = t->nruns ? dup_or_null(t->runs[0].rw) : NULL;
		lt->bs = t->nruns && t->runs[0].bs ? (int64_t)t->runs[0].bs : -1;
		lt->fio_version = dup_or_null(t->fio_version);
		lt->path = abs_or_null(t->path);
		if (!lt->test || !lt->status)
			return -ENOMEM;
	}
	for (size_t i = 0; i < drv->napps; i++) {
		const struct sr_apps *a = &drv->apps[i];
		struct lib_test *lt = &r->tests[r->ntests++];

		*lt = (struct lib_test){-1, strdup(a->id), dup_or_null(a->status), NULL,
					-1, NULL,	   abs_or_null(a->path)};
		if (!lt->test)
			return -ENOMEM;
	}
	for (size_t i = 0; i < drv->nnotes; i++) { /* planned, not completed: no results */
		bool have = false;

		for (size_t k = 0; k < r->ntests && !have; k++)
			have = !strcmp(r->tests[k].test, drv->notes[i].id);
		if (have)
			continue;
		r->tests[r->ntests++] = (struct lib_test){-1,
							  strdup(drv->notes[i].id),
							  dup_or_null(drv->notes[i].status),
							  NULL,
							  -1,
							  NULL,
							  NULL};
	}
	return 0;
}

static int figures_of(const struct sr_analysis *an, const struct catalogue *cat, size_t dv,
		      struct sr_lib_rows *r)
{
	struct sr_headline *h = NULL;
	long n = sr_headline_figures(an, cat, dv, &h);

	if (n < 0)
		return (int)n;
	r->figs = calloc((size_t)n + 1, sizeof(*r->figs));
	if (!r->figs) {
		free(h);
		return -ENOMEM;
	}
	for (long i = 0; i < n; i++) {
		struct lib_figure *f = &r->figs[r->nfigs++];

		*f = (struct lib_figure){.test = strdup(h[i].test),
					 .entry = strdup(h[i].entry),
					 .metric = strdup(h[i].metric),
					 .title = strdup(h[i].title),
					 .unit = strdup(h[i].unit),
					 .value = h[i].value,
					 .flags = h[i].flags};
	}
	free(h);
	return 0;
}

/* What the rows hold, as a hash: the same run added twice is found unchanged. */
static void fingerprint(struct sr_lib_rows *r)
{
	const struct lib_run *u = &r->run;
	uint64_t h = FNV_OFFSET;
	char buf[64];

	const char *s[] = {u->run_key,	      u->kind,	  u->status,   u->label,
			   u->model,	      u->serial,  u->firmware, u->transport,
			   u->manifest_id,    u->profile, u->host,     u->fio_version,
			   u->engine_version, u->started};
	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		h = fnv_str(h, s[i]);
	h = fnv(h, &u->capacity_bytes, sizeof(u->capacity_bytes));
	h = fnv(h, &u->logical_block_bytes, sizeof(u->logical_block_bytes));
	h = fnv(h, &u->span_bytes, sizeof(u->span_bytes));
	h = fnv(h, &u->tests_planned, sizeof(u->tests_planned));
	h = fnv(h, &u->tests_done, sizeof(u->tests_done));
	h = fnv_str(h, u->only_tests);
	for (size_t i = 0; i < r->ntests; i++) {
		h = fnv_str(h, r->tests[i].test);
		h = fnv_str(h, r->tests[i].status);
	}
	for (size_t i = 0; i < r->nfigs; i++) {
		snprintf(buf, sizeof(buf), "%.17g/%u", r->figs[i].value, r->figs[i].flags);
		h = fnv_str(h, r->figs[i].entry);
		h = fnv_str(h, r->figs[i].metric);
		h = fnv_str(h, buf);
	}
	snprintf(buf, sizeof(buf), "%016" PRIx64, h);
	r->run.fingerprint = strdup(buf);
}

int sr_lib_run_of(const struct sr_drive *drv, const struct sr_lib_given *given, struct lib_run *u)
{
	const struct sr_run_info *ri = &drv->run;
	const struct sr_drive_info *di = &drv->info;
	const char *first;
	char key[96], when[32];
	int rc;

	memset(u, 0, sizeof(*u));
	u->id = -1;
	u->tests_planned = u->tests_done = -1;
	if (ri->present && ri->ntests) { /* completeness: run.json's plan; a subset's below */
		u->tests_planned = (int64_t)ri->ntests;
		u->tests_done = 0;
		for (size_t i = 0; i < ri->ntests; i++)
			u->tests_done +=
			    ri->tests[i].status && !strcmp(ri->tests[i].status, "done");
	}
	if (ri->only && !(u->only_tests = strdup(ri->only)))
		return -ENOMEM;
	u->kind = strdup(ri->present || di->present ? "ssd-review" : "fio");
	/* the manifest's id is a hash of what was asked (the same for every review of one drive
	 * with one request, --only and --out aside); its first session's start, which --resume
	 * keeps, tells one review from another */
	first = ri->started ? ri->started : ri->manifest_created;
	if (ri->manifest_id) {
		snprintf(key, sizeof(key), "manifest:%s%s%s", ri->manifest_id, first ? "@" : "",
			 first ? first : "");
	} else if ((rc = content_key(drv, key, sizeof(key)))) {
		lib_run_free(u);
		return rc;
	}
	u->run_key = strdup(key);
	if (ri->status) {
		u->status = strdup(ri->status);
	} else {
		bool cut = false;

		for (size_t i = 0; i < drv->ntests; i++)
			cut |= drv->tests[i].fio_signal != 0;
		u->status = strdup(cut ? "interrupted" : "complete");
	}
	u->label = strdup(given && given->label ? given->label : drv->label);
	u->model = dup_or_null(given && given->model ? given->model : di->model);
	u->serial = dup_or_null(di->serial);
	u->firmware = dup_or_null(given && given->firmware ? given->firmware : di->firmware);
	u->transport = dup_or_null(di->transport);
	u->capacity_bytes = val_int(di->capacity_bytes);
	u->logical_block_bytes = val_int(di->logical_block_bytes);
	u->manifest_id = dup_or_null(ri->manifest_id);
	u->profile = dup_or_null(ri->profile ? ri->profile : drv->profile);
	u->span_bytes = sr_ok(ri->span_bytes) ? val_int(ri->span_bytes) : val_int(di->span_bytes);
	u->host = dup_or_null(ri->host);
	u->fio_version = dup_or_null(ri->fio_version);
	for (size_t i = 0; !u->fio_version && i < drv->ntests; i++)
		u->fio_version = dup_or_null(drv->tests[i].fio_version);
	for (size_t i = 0; !u->host && i < drv->ntests; i++)
		for (size_t k = 0; !u->host && k < drv->tests[i].nruns; k++)
			u->host = dup_or_null(drv->tests[i].runs[k].host);
	u->engine_version = dup_or_null(ri->ssdeng_version);
	if (ri->started || ri->manifest_created) {
		u->started = strdup(ri->started ? ri->started : ri->manifest_created);
	} else {
		int64_t first = 0;

		for (size_t i = 0; i < drv->ntests; i++)
			if (drv->tests[i].timestamp && (!first || drv->tests[i].timestamp < first))
				first = drv->tests[i].timestamp;
		if (first) {
			iso_of(first, when, sizeof(when));
			u->started = strdup(when);
		}
	}
	u->source = source_of(drv);
	if (!u->kind || !u->run_key || !u->status || !u->label) {
		lib_run_free(u);
		return -ENOMEM;
	}
	return 0;
}

/* A subset run's (ssd-review --only) tests planned: its suite's whole plan on its profile, from
 * the catalogue with the manifest's request; -1 when the catalogue does not plan it. */
static int64_t suite_plan_len(const struct sr_run_info *ri, const struct catalogue *cat)
{
	struct catalogue_test *t = NULL;
	size_t n = 0;
	char err[512];

	if (sr_run_plan(cat, ri, ri->profile, &t, &n, err, sizeof(err)))
		return -1;
	catalogue_plan_free(t, n);
	return (int64_t)n;
}

int sr_lib_rows_of(const struct sr_analysis *an, const struct catalogue *cat, size_t dv,
		   const struct sr_lib_given *given, struct sr_lib_rows *out)
{
	const struct sr_drive *drv = &an->rv.m->drives[dv];
	int rc;

	memset(out, 0, sizeof(*out));
	rc = sr_lib_run_of(drv, given, &out->run);
	if (rc)
		return rc;
	if (drv->run.only) /* a subset: planned is what the whole suite runs */
		out->run.tests_planned = suite_plan_len(&drv->run, cat);
	if (!(rc = tests_of(drv, out)))
		rc = figures_of(an, cat, dv, out);
	if (!rc) {
		fingerprint(out);
		rc = out->run.fingerprint ? 0 : -ENOMEM;
	}
	if (rc)
		sr_lib_rows_free(out);
	return rc;
}

void sr_lib_rows_free(struct sr_lib_rows *r)
{
	lib_run_free(&r->run);
	lib_tests_free(r->tests, r->ntests);
	lib_figures_free(r->figs, r->nfigs);
	memset(r, 0, sizeof(*r));
}
