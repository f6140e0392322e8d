// SPDX-License-Identifier: GPL-2.0-only
/*
 * library_report.c - `ssdreport library report` (library_report.h): every run's figures read from
 * the library, grouped per headline figure and profile (like with like), ranked (complete runs
 * only), differences in span, block size and fio version marked, each model's history; the page
 * is render/library_page.c's.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/library_report.h"
#include "library/figure_bs.h"
#include "render/library_page.h"

/* A headline figure: (entry, metric), in the order of first appearance. */
struct key {
	const char *entry, *metric, *title, *unit;
};

struct ctx {
	const struct sr_lib_report_opts *o;
	struct lib_run *runs;
	size_t nruns;
	struct lib_figure *figs;
	int64_t *bs; /* figure -> its test's block size, -1 unknown */
	size_t nfigs;
	struct key *keys;
	size_t nkeys;
	size_t *run_of_fig; /* figure -> index in runs */
	size_t *key_of_fig; /* figure -> index in keys, (size_t)-1 when not wanted */
	size_t *cls_of_run; /* run -> index in the profiles */
	char (*done)[200];  /* run -> its completeness in words, "" when a whole review */
	char (*name)[300];  /* run -> the drive as the page names it (drive_names()) */
};

/* Each run's drive as the page names it: its model (its label when it has none), and when the
 * library holds another drive of that model (another serial; a reference drive's serial is its
 * state directory) "MODEL (SERIAL)", so that two drives of one model are ranked and their
 * histories kept apart. Runs without a serial (anyone's fio results) are named by the model
 * alone. Return: the number of drives (distinct names); @models: of models. */
static size_t drive_names(struct ctx *c, size_t *models)
{
	size_t nd = 0;

	*models = 0;
	for (size_t i = 0; i < c->nruns; i++) {
		const struct lib_run *r = &c->runs[i];
		const char *base = r->model ? r->model : r->label;
		bool other = false, seen_model = false, seen_name = false;

		for (size_t j = 0; j < c->nruns && !other; j++) {
			const struct lib_run *q = &c->runs[j];

			other = r->serial && q->serial && strcmp(r->serial, q->serial) &&
				!strcmp(base, q->model ? q->model : q->label);
		}
		if (other)
			snprintf(c->name[i], sizeof(c->name[i]), "%s (%s)", base, r->serial);
		else
			snprintf(c->name[i], sizeof(c->name[i]), "%s", base);
		for (size_t j = 0; j < i; j++) {
			const struct lib_run *q = &c->runs[j];

			seen_model |= !strcmp(base, q->model ? q->model : q->label);
			seen_name |= !strcmp(c->name[i], c->name[j]);
		}
		*models += !seen_model;
		nd += !seen_name;
	}
	return nd;
}

static int cmp_id(const void *a, const void *b)
{
	int64_t x = ((const int64_t *)a)[0], y = ((const int64_t *)b)[0];

	return x < y ? -1 : x > y;
}

/* figure -> run index, through a sorted (id, index) table. */
static int map_runs(struct ctx *c)
{
	int64_t(*ids)[2] = calloc(c->nruns + 1, sizeof(*ids));

	c->run_of_fig = calloc(c->nfigs + 1, sizeof(size_t));
	if (!ids || !c->run_of_fig) {
		free(ids);
		return -ENOMEM;
	}
	for (size_t i = 0; i < c->nruns; i++) {
		ids[i][0] = c->runs[i].id;
		ids[i][1] = (int64_t)i;
	}
	qsort(ids, c->nruns, sizeof(*ids), cmp_id);
	for (size_t f = 0; f < c->nfigs; f++) {
		int64_t key[2] = {c->figs[f].run_id, 0};
		int64_t(*hit)[2] = bsearch(key, ids, c->nruns, sizeof(*ids), cmp_id);

		c->run_of_fig[f] = hit ? (size_t)(*hit)[1] : (size_t)-1;
	}
	free(ids);
	return 0;
}

static bool wanted(const struct ctx *c, const struct lib_figure *f)
{
	if (!c->o->ntests)
		return true;
	for (size_t i = 0; i < c->o->ntests; i++)
		if (!strcmp(c->o->tests[i], f->entry) || !strcmp(c->o->tests[i], f->test))
			return true;
	return false;
}

/* The keys, in the order of the run holding most figures, then any others. */
static int collect_keys(struct ctx *c)
{
	size_t best = 0, bestn = 0, start = 0;

	c->keys = calloc(c->nfigs + 1, sizeof(*c->keys));
	if (!c->keys)
		return -ENOMEM;
	for (size_t f = 0; f <= c->nfigs; f++) /* figures come grouped by run */
		if (f == c->nfigs || c->figs[f].run_id != c->figs[start].run_id) {
			if (f - start > bestn) {
				bestn = f - start;
				best = start;
			}
			start = f;
		}
	for (int pass = 0; pass < 2; pass++)
		for (size_t f = pass ? 0 : best; f < (pass ? c->nfigs : best + bestn); f++) {
			const struct lib_figure *g = &c->figs[f];
			bool have = false;

			if (!wanted(c, g))
				continue;
			for (size_t k = 0; k < c->nkeys && !have; k++)
				have = !strcmp(c->keys[k].entry, g->entry) &&
				       !strcmp(c->keys[k].metric, g->metric);
			if (!have)
				c->keys[c->nkeys++] =
				    (struct key){g->entry, g->metric, g->title, g->unit};
		}
	return 0;
}

/* Each figure's key, found from the previous figure's next key first (figures come in the same
 * order in every run). */
static int map_keys(struct ctx *c)
{
	size_t k = 0;

	c->key_of_fig = calloc(c->nfigs + 1, sizeof(size_t));
	if (!c->key_of_fig)
		return -ENOMEM;
	for (size_t f = 0; f < c->nfigs; f++) {
		const struct lib_figure *g = &c->figs[f];
		size_t hit = (size_t)-1;

		for (size_t n = 0; n < c->nkeys && hit == (size_t)-1; n++) {
			size_t j = (k + n) % c->nkeys;

			if (!strcmp(c->keys[j].entry, g->entry) &&
			    !strcmp(c->keys[j].metric, g->metric))
				hit = j;
		}
		c->key_of_fig[f] = hit;
		if (hit != (size_t)-1)
			k = (hit + 1) % c->nkeys;
	}
	return 0;
}

static const char *cls_of(const struct lib_run *r) { return r->profile ? r->profile : "none"; }

/* Does --drive @name select run @r: contained in its model or label, any case? */
static bool run_named(const struct lib_run *r, const char *name)
{
	return (r->model && strcasestr(r->model, name)) || (r->label && strcasestr(r->label, name));
}

static bool highlighted(const struct ctx *c, const struct lib_run *r)
{
	for (size_t i = 0; i < c->o->ndrives; i++)
		if (run_named(r, c->o->drives[i]))
			return true;
	return false;
}

static const char *metric_words(const char *metric, char *buf, size_t len)
{
	static const char *const words[][2] = {
	    {"iops", "IOPS"},
	    {"mbps", "MB/s"},
	    {"lat_mean", "average latency"},
	    {"lat_max", "maximum latency"},
	    {"lat_sd", "latency standard deviation"},
	    {"tps", "transactions/s"},
	    {"nopm", "New-Orders/min"},
	    {"peak_iops", "peak IOPS"},
	    {"peak_mbps", "MB/s at peak"},
	    {"peak_lat_mean", "latency at peak"},
	    {"under_1ms_iops", "best IOPS under 1 ms"},
	    {"pts_iops", "IOPS (steady-state window mean)"},
	    {"pts_mbps", "MB/s (steady-state window mean)"},
	    {"pts_lat_mean", "average total latency (steady-state window mean)"},
	    {"pts_last_iops", "IOPS (mean of the last 5 rounds)"},
	    {"pts_last_mbps", "MB/s (mean of the last 5 rounds)"},
	    {"pts_last_lat_mean", "average total latency (mean of the last 5 rounds)"},
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcmp(metric, words[i][0]))
			return words[i][1];
	snprintf(buf, len, "%s latency", metric);
	return buf;
}

/* A key's title as the page heads it: "4K random read IOPS" (the test's title, the metric's
 * words), into @buf (@len bytes). */
static const char *key_title(const struct key *k, char *buf, size_t len)
{
	char words[64];

	snprintf(buf, len, "%s %s", k->title, metric_words(k->metric, words, sizeof(words)));
	return buf;
}

static int cmp_str(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;

	return !x || !y ? (x != NULL) - (y != NULL) : strcmp(x, y);
}

static int cmp_int(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The most common of @n values (sorted in place; NULL counts as a value). */
static const char *mode_str(const char **v, size_t n)
{
	size_t best = 0, bestn = 0;

	qsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && !cmp_str(&v[i], &v[j]); j++)
			;
		if (j - i > bestn) {
			bestn = j - i;
			best = i;
		}
	}
	return n ? v[best] : NULL;
}

static int64_t mode_int(int64_t *v, size_t n)
{
	size_t best = 0, bestn = 0;

	qsort(v, n, sizeof(*v), cmp_int);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && v[j] == v[i]; j++)
			;
		if (j - i > bestn) {
			bestn = j - i;
			best = i;
		}
	}
	return n ? v[best] : -1;
}

static bool lower_better(const char *unit) { return !strcmp(unit, "ns"); }

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

static int cmp_entry(const void *a, const void *b)
{
	const struct sr_libp_entry *x = a, *y = b;

	if (x->ranked != y->ranked)
		return x->ranked ? -1 : 1;
	if (x->value == y->value)
		return x->run < y->run ? -1 : x->run > y->run;
	/* the order is set by the caller: entries are negated for lower-better rankings */
	return x->value > y->value ? -1 : 1;
}

/* @bs: each entry's test's block size (-1 unknown) */
static void mark_differences(const struct ctx *c, struct sr_libp_ranking *rk, const size_t *ri,
			     const int64_t *bs_in)
{
	const char **fio = calloc(rk->n + 1, sizeof(*fio));
	int64_t *span = calloc(rk->n + 1, sizeof(*span)), *bs = calloc(rk->n + 1, sizeof(*bs));
	const char *fio_m;
	int64_t span_m, bs_m;

	if (!fio || !span || !bs)
		goto out;
	for (size_t i = 0; i < rk->n; i++) {
		fio[i] = c->runs[ri[i]].fio_version;
		span[i] = c->runs[ri[i]].span_bytes;
		bs[i] = bs_in[i];
	}
	{
		const char **fc = calloc(rk->n + 1, sizeof(*fc));
		int64_t *ic = calloc(rk->n + 1, sizeof(*ic));

		if (!fc || !ic) {
			free(fc);
			free(ic);
			goto out;
		}
		memcpy(fc, fio, rk->n * sizeof(*fc));
		fio_m = mode_str(fc, rk->n);
		memcpy(ic, span, rk->n * sizeof(*ic));
		span_m = mode_int(ic, rk->n);
		memcpy(ic, bs, rk->n * sizeof(*ic));
		bs_m = mode_int(ic, rk->n);
		free(fc);
		free(ic);
	}
	for (size_t i = 0; i < rk->n; i++) {
		char *d = rk->e[i].differs;
		size_t len = sizeof(rk->e[i].differs);

		if (span[i] != span_m)
			snprintf(d + strlen(d), len - strlen(d), "%sspan %.4g GB", *d ? "; " : "",
				 span[i] >= 0 ? (double)span[i] / 1e9 : NAN);
		if (bs[i] != bs_m && bs[i] >= 0)
			snprintf(d + strlen(d), len - strlen(d), "%sbs %lld B", *d ? "; " : "",
				 (long long)bs[i]);
		if ((fio[i] || fio_m) && (!fio[i] || !fio_m || strcmp(fio[i], fio_m)))
			snprintf(d + strlen(d), len - strlen(d), "%s%s", *d ? "; " : "",
				 fio[i] ? fio[i] : "fio version unknown");
	}
out:
	free(fio);
	free(span);
	free(bs);
}

/* @id made a file name in place: letters, digits, '-' and '.' kept, a family's placeholder
 * braces dropped ("fc-{bs}-read": "fc-bs-read"), anything else '_'. */
static void file_name(char *id)
{
	char *w = id;

	for (const char *p = id; *p; p++) {
		if (*p == '{' || *p == '}')
			continue;
		*w++ = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			       (*p >= '0' && *p <= '9') || *p == '-' || *p == '.'
			   ? *p
			   : '_';
	}
	*w = '\0';
}

/* The ranking of key @k in profile @cls. */
static int build_ranking(const struct ctx *c, size_t ki, size_t ci, const char *cls,
			 struct sr_libp_ranking *rk)
{
	size_t *ri = calloc(c->nruns + 1, sizeof(*ri));
	int64_t *bs = calloc(c->nruns + 1, sizeof(*bs));
	const struct key *k = &c->keys[ki];
	char words[64];
	bool lb = lower_better(k->unit);
	int rc = 0;

	memset(rk, 0, sizeof(*rk));
	rk->e = calloc(c->nruns + 1, sizeof(*rk->e));
	if (!ri || !bs || !rk->e) {
		rc = -ENOMEM;
		goto out;
	}
	snprintf(rk->what, sizeof(rk->what), "%s", metric_words(k->metric, words, sizeof(words)));
	key_title(k, rk->title, sizeof(rk->title));
	snprintf(rk->cls, sizeof(rk->cls), "%s", cls);
	snprintf(rk->id, sizeof(rk->id), "rank-%s-%s-%s", cls, k->entry, k->metric);
	file_name(rk->id);
	rk->unit = k->unit;
	rk->lower_better = lb;
	for (size_t f = 0; f < c->nfigs; f++) {
		const struct lib_figure *g = &c->figs[f];
		const struct lib_run *r;
		struct sr_libp_entry *e;

		if (c->run_of_fig[f] == (size_t)-1 || c->key_of_fig[f] != ki ||
		    c->cls_of_run[c->run_of_fig[f]] != ci)
			continue;
		r = &c->runs[c->run_of_fig[f]];
		ri[rk->n] = c->run_of_fig[f];
		bs[rk->n] = c->bs[f];
		e = &rk->e[rk->n++];
		e->drive = c->name[c->run_of_fig[f]];
		e->firmware = r->firmware;
		e->date = r->started ? r->started : r->added;
		e->profile = r->profile;
		e->host = r->host;
		e->status = c->done[c->run_of_fig[f]][0] ? c->done[c->run_of_fig[f]] : r->status;
		e->run = (long long)r->id;
		e->value = lb ? -g->value : g->value; /* negated while sorting */
		e->flags = g->flags;
		e->ranked = !lib_run_partial(r); /* docs/library.md: a partial run is not ranked */
		e->highlight = highlighted(c, r);
	}
	mark_differences(c, rk, ri, bs);
	qsort(rk->e, rk->n, sizeof(*rk->e), cmp_entry);
	for (size_t i = 0; i < rk->n; i++) {
		if (lb)
			rk->e[i].value = -rk->e[i].value;
		rk->nranked += rk->e[i].ranked;
	}
out:
	free(ri);
	free(bs);
	return rc;
}

/* The history's columns of model @h: of the figures its runs have (@cnt per key: how many of its
 * runs have it), those most of its runs have, rates before latencies, then in the page's order;
 * at most SR_LIBP_HIST_COLS, shown in the page's order. */
static void hist_columns(const struct ctx *c, struct sr_libp_history *h, const size_t *cnt,
			 size_t *col_key)
{
	size_t n = 0;

	for (size_t k = 0; k < c->nkeys; k++) {
		size_t at;

		if (!cnt[k])
			continue;
		/* insertion into the best SR_LIBP_HIST_COLS: more runs, then rates, then order */
		for (at = n; at > 0; at--) {
			size_t j = col_key[at - 1];
			bool jl = lower_better(c->keys[j].unit), kl = lower_better(c->keys[k].unit);

			if (cnt[j] > cnt[k] || (cnt[j] == cnt[k] && (jl == kl || !jl)))
				break;
		}
		if (at >= SR_LIBP_HIST_COLS)
			continue;
		if (n < SR_LIBP_HIST_COLS)
			n++;
		memmove(&col_key[at + 1], &col_key[at], (n - 1 - at) * sizeof(*col_key));
		col_key[at] = k;
	}
	qsort(col_key, n, sizeof(*col_key), cmp_size); /* the page's order */
	h->ncols = n;
	for (size_t j = 0; j < n; j++) {
		const struct key *k = &c->keys[col_key[j]];

		key_title(k, h->col_title[j], sizeof(h->col_title[j]));
		h->col_unit[j] = k->unit;
	}
}

/* The history: drives (drive_names()) with more than one run, oldest first, with the headline
 * figures their runs have (hist_columns()). */
static int build_history(const struct ctx *c, struct sr_libp *p)
{
	size_t *hist_of = calloc(c->nruns + 1, sizeof(*hist_of)), /* run -> history, row */
	    *row_of = calloc(c->nruns + 1, sizeof(*row_of)), *cnt = NULL, *col_key = NULL;
	int rc = 0;

	p->hist = calloc(c->nruns + 1, sizeof(*p->hist));
	if (!p->hist || !hist_of || !row_of) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t i = c->nruns; i-- > 0;) { /* oldest first */
		const char *model = c->name[i];
		struct sr_libp_history *h = NULL;
		struct sr_libp_hist_row *row;

		for (size_t k = 0; k < p->nhist && !h; k++)
			if (!strcmp(p->hist[k].drive, model))
				h = &p->hist[k];
		if (!h) {
			h = &p->hist[p->nhist++];
			h->drive = model;
			h->rows = calloc(c->nruns + 1, sizeof(*h->rows));
			if (!h->rows) {
				rc = -ENOMEM;
				goto out;
			}
		}
		hist_of[i] = (size_t)(h - p->hist);
		row_of[i] = h->n;
		row = &h->rows[h->n++];
		*row = (struct sr_libp_hist_row){
		    c->runs[i].id,	 c->runs[i].started ? c->runs[i].started : c->runs[i].added,
		    c->runs[i].firmware, c->runs[i].profile,
		    c->runs[i].status,	 c->runs[i].host};
		snprintf(row->done, sizeof(row->done), "%s", c->done[i]);
		for (size_t k = 0; k < SR_LIBP_HIST_COLS; k++)
			row->v[k] = NAN;
	}
	cnt = calloc(p->nhist * c->nkeys + 1, sizeof(*cnt));
	col_key = calloc(p->nhist * SR_LIBP_HIST_COLS + 1, sizeof(*col_key));
	if (!cnt || !col_key) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t f = 0; f < c->nfigs; f++) /* how many runs of each model have each figure */
		if (c->run_of_fig[f] != (size_t)-1 && c->key_of_fig[f] != (size_t)-1)
			cnt[hist_of[c->run_of_fig[f]] * c->nkeys + c->key_of_fig[f]]++;
	for (size_t h = 0; h < p->nhist; h++)
		if (p->hist[h].n > 1)
			hist_columns(c, &p->hist[h], &cnt[h * c->nkeys],
				     &col_key[h * SR_LIBP_HIST_COLS]);
	for (size_t f = 0; f < c->nfigs; f++) {
		size_t ri = c->run_of_fig[f], h;

		if (ri == (size_t)-1 || c->key_of_fig[f] == (size_t)-1)
			continue;
		h = hist_of[ri];
		for (size_t j = 0; j < p->hist[h].ncols; j++)
			if (col_key[h * SR_LIBP_HIST_COLS + j] == c->key_of_fig[f])
				p->hist[h].rows[row_of[ri]].v[j] = c->figs[f].value;
	}
	{ /* keep the models with several runs */
		size_t m = 0;

		for (size_t h = 0; h < p->nhist; h++) {
			if (p->hist[h].n > 1)
				p->hist[m++] = p->hist[h];
			else
				free(p->hist[h].rows);
		}
		p->nhist = m;
	}
out:
	free(hist_of);
	free(row_of);
	free(cnt);
	free(col_key);
	return rc;
}

/* Does every --test name a test or summary entry the library has figures of, and every --drive
 * a run's model or label? A filter that matches nothing is a typo, not an empty page: said on
 * stderr, naming it. */
static bool filters_match(const struct ctx *c)
{
	bool ok = true;

	for (size_t i = 0; i < c->o->ntests; i++) {
		size_t f = 0;

		while (f < c->nfigs && strcmp(c->o->tests[i], c->figs[f].entry) &&
		       strcmp(c->o->tests[i], c->figs[f].test))
			f++;
		if (f == c->nfigs) {
			fprintf(
			    stderr,
			    "ssdreport: library report: --test %s: the library holds no figure of "
			    "that test or summary entry (ssdreport library export --csv DIR lists "
			    "them)\n",
			    c->o->tests[i]);
			ok = false;
		}
	}
	for (size_t i = 0; i < c->o->ndrives; i++) {
		size_t r = 0;

		while (r < c->nruns && !run_named(&c->runs[r], c->o->drives[i]))
			r++;
		if (r == c->nruns) {
			fprintf(
			    stderr,
			    "ssdreport: library report: --drive %s: no run in the library has that "
			    "model or label (ssdreport library list shows them)\n",
			    c->o->drives[i]);
			ok = false;
		}
	}
	return ok;
}

int sr_library_report(struct lib *l, const struct sr_lib_report_opts *o)
{
	struct ctx c = {.o = o};
	struct sr_libp p = {.title = o->title,
			    .library = lib_path(l),
			    .selected = o->drives,
			    .nselected = o->ndrives};
	struct sr_diag d = {.stream = o->quiet ? NULL : stderr};
	const char **classes = NULL;
	size_t ncls = 0;
	int rc;

	rc = lib_list(l, NULL, NULL, &c.runs, &c.nruns);
	if (!rc)
		rc = lib_figures_bs(l, &c.figs, &c.bs, &c.nfigs);
	if (rc) {
		fprintf(stderr, "ssdreport: library report: %s\n", lib_error(l));
		rc = rc == -ENOMEM ? 1 : 2;
		goto out;
	}
	if (!filters_match(&c)) {
		rc = 2;
		goto out;
	}
	rc = map_runs(&c);
	if (!rc)
		rc = collect_keys(&c);
	if (!rc)
		rc = map_keys(&c);
	classes = calloc(c.nruns + 1, sizeof(*classes));
	c.done = calloc(c.nruns + 1, sizeof(*c.done));
	for (size_t i = 0; c.done && i < c.nruns; i++)
		lib_run_done_text(&c.runs[i], c.done[i], sizeof(c.done[i]));
	c.name = calloc(c.nruns + 1, sizeof(*c.name));
	if (c.name)
		p.ndrives = drive_names(&c, &p.nmodels);
	c.cls_of_run = calloc(c.nruns + 1, sizeof(size_t));
	p.rankings = calloc(c.nkeys * (c.nruns ? c.nruns : 1) + 1, sizeof(*p.rankings));
	if (rc || !classes || !p.rankings || !c.cls_of_run || !c.done || !c.name) {
		rc = 1;
		fputs("ssdreport: library report: out of memory\n", stderr);
		goto out;
	}
	for (size_t i = 0; i < c.nruns; i++) { /* the profiles, most runs first (full, quick) */
		bool have = false;

		for (size_t k = 0; k < ncls && !have; k++)
			if (!strcmp(classes[k], cls_of(&c.runs[i]))) {
				have = true;
				c.cls_of_run[i] = k;
			}
		if (!have) {
			c.cls_of_run[i] = ncls;
			classes[ncls++] = cls_of(&c.runs[i]);
		}
	}
	for (size_t k = 0; k < c.nkeys && !rc; k++)
		for (size_t j = 0; j < ncls && !rc; j++) {
			struct sr_libp_ranking *rk = &p.rankings[p.nrankings];

			rc = build_ranking(&c, k, j, classes[j], rk);
			if (!rc && rk->n)
				p.nrankings++;
			else
				free(rk->e);
		}
	p.nruns = c.nruns;
	if (!rc)
		rc = build_history(&c, &p);
	if (rc) {
		fputs("ssdreport: library report: out of memory\n", stderr);
		rc = 1;
		goto out;
	}
	rc = sr_library_page_write(&p, o->outdir, o->charts, &d);
	if (rc) {
		fprintf(stderr, "ssdreport: library report: %s\n",
			d.err[0] ? d.err : strerror(-rc));
		rc = rc == -ENOMEM || rc == -EIO ? 1 : 2;
	}
out:
	for (size_t i = 0; i < p.nrankings; i++)
		free(p.rankings[i].e);
	free(p.rankings);
	for (size_t h = 0; h < p.nhist; h++)
		free(p.hist[h].rows);
	free(p.hist);
	free(classes);
	free(c.keys);
	free(c.run_of_fig);
	free(c.key_of_fig);
	free(c.cls_of_run);
	free(c.done);
	free(c.name);
	lib_runs_free(c.runs, c.nruns);
	lib_figures_free(c.figs, c.nfigs);
	free(c.bs);
	return rc;
}
