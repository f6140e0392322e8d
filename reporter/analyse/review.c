// SPDX-License-Identifier: GPL-2.0-only
/* review.c - the model's tests matched to the test catalogue and ordered (see review.h). */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/review.h"
#include "model/params.h"

/* The id a result is known by: the test id, or "<id>/<job name>" for each group of a file
 * with several (stonewalled groups run one after another: each is its own test). */
static char *result_id(const struct sr_result *r)
{
	char *s;

	if (!r->several_groups)
		return strdup(r->test->id);
	if (asprintf(&s, "%s/%s", r->test->id, r->first->name ? r->first->name : "job") < 0)
		return NULL;
	return s;
}

static char *stem_of(const char *id)
{
	char *s = strdup(id);

	for (char *p = s; p && *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '.' && *p != '_')
			*p = '_';
	return s;
}

/*
 * The review's tests by id while it is built: open addressing on an FNV-1a hash, at most half
 * full; slot[] holds a test's index + 1, 0 when empty. A tree of 10,000 results is 10,000 ids:
 * looked up one by one in a list they took 50 million string compares.
 */
struct id_index {
	size_t *slot;
	size_t nslots; /* a power of 2 */
	size_t cap;    /* room in rv->tests */
};

static size_t id_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

/* The slot of @id: its test's, else the empty one where it goes. */
static size_t *id_slot(const struct sr_review *rv, const struct id_index *ix, const char *id)
{
	size_t i = id_hash(id) & (ix->nslots - 1);

	while (ix->slot[i] && strcmp(rv->tests[ix->slot[i] - 1].id, id))
		i = (i + 1) & (ix->nslots - 1);
	return &ix->slot[i];
}

/* Room for one more test in @ix and in rv->tests. Return: 0 or -ENOMEM. */
static int id_room(struct sr_review *rv, struct id_index *ix)
{
	if (rv->ntests == ix->cap) {
		size_t cap = ix->cap ? 2 * ix->cap : 64;
		struct sr_rtest *grown = realloc(rv->tests, cap * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		rv->tests = grown;
		ix->cap = cap;
	}
	if (2 * (rv->ntests + 1) > ix->nslots) {
		struct id_index big = {.nslots = ix->nslots ? 2 * ix->nslots : 128, .cap = ix->cap};

		big.slot = calloc(big.nslots, sizeof(*big.slot));
		if (!big.slot)
			return -ENOMEM;
		for (size_t t = 0; t < rv->ntests; t++)
			*id_slot(rv, &big, rv->tests[t].id) = t + 1;
		free(ix->slot);
		*ix = big;
	}
	return 0;
}

static struct sr_rtest *test_get(struct sr_review *rv, struct id_index *ix, const char *id)
{
	struct sr_rtest *k;
	size_t *slot;

	if (ix->nslots && *(slot = id_slot(rv, ix, id)))
		return &rv->tests[*slot - 1];
	if (id_room(rv, ix))
		return NULL;
	k = &rv->tests[rv->ntests];
	*k = (struct sr_rtest){.id = strdup(id),
			       .stem = stem_of(id),
			       .rwmix_read = -1,
			       .pct = -1,
			       .per_drive = calloc(rv->m->ndrives + 1, sizeof(void *))};
	if (!k->id || !k->stem || !k->per_drive) {
		free(k->id);
		free(k->stem);
		free(k->per_drive);
		return NULL;
	}
	*id_slot(rv, ix, id) = ++rv->ntests;
	return k;
}

static int add_results(struct sr_review *rv, struct id_index *ix, size_t dv,
		       const struct sr_test *t)
{
	struct sr_result *r;
	size_t n;
	int rc = 0;

	if (sr_results_of_test(t, &r, &n))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char *id = rc ? NULL : result_id(&r[i]);
		struct sr_rtest *k = id ? test_get(rv, ix, id) : NULL;

		free(id);
		if (!k)
			rc = -ENOMEM;
		if (rc || k->per_drive[dv]) { /* the same id twice on a drive: the first wins */
			sr_result_release(&r[i]);
			continue;
		}
		k->per_drive[dv] = malloc(sizeof(*r));
		if (!k->per_drive[dv]) {
			sr_result_release(&r[i]);
			rc = -ENOMEM;
			continue;
		}
		*k->per_drive[dv] = r[i];
	}
	free(r);
	return rc;
}

/* What run.json says the driver planned for test @id on the drives holding it. */
static const struct sr_run_test *run_test_of(const struct sr_review *rv, const struct sr_rtest *k)
{
	for (size_t dv = 0; dv < rv->m->ndrives; dv++) {
		const struct sr_run_info *ri = &rv->m->drives[dv].run;

		if (!k->per_drive[dv])
			continue;
		for (size_t i = 0; i < ri->ntests; i++)
			if (ri->tests[i].id && !strcmp(ri->tests[i].id, k->per_drive[dv]->test->id))
				return &ri->tests[i];
	}
	return NULL;
}

/* Entry, title and parameters of one test. */
static int describe(const struct sr_review *rv, struct sr_rtest *k)
{
	const struct sr_result *first = NULL;
	const struct sr_run_test *planned = run_test_of(rv, k);
	struct catalogue_binding b = {.threads = -1, .depth = -1, .pct = -1};
	char title[256];

	for (size_t dv = 0; dv < rv->m->ndrives && !first; dv++)
		first = k->per_drive[dv];
	if (rv->cat && first && !strchr(k->id, '/'))
		k->entry = catalogue_match(rv->cat, first->test->id, &b);
	if (rv->cat && !k->entry && planned && planned->entry) /* the driver's word */
		k->entry = catalogue_entry(rv->cat, planned->entry);
	if (k->entry)
		k->family = k->entry->family;
	if (k->entry && !catalogue_expand(k->entry->title, &b, title, sizeof(title)))
		k->title = strdup(title);
	else if (planned && planned->title)
		k->title = strdup(planned->title);
	else
		k->title = strdup(k->id);
	if (!k->title)
		return -ENOMEM;
	if (first && first->first->rw) { /* fio printed its options */
		const struct sr_run *run = first->first;

		k->rw = run->rw;
		k->bs = run->bs;
		k->bssplit = sr_run_option(run, "bssplit") != NULL;
		k->threads = run->numjobs;
		k->depth = run->iodepth;
		k->rwmix_read = sr_rw_mixed(run->rw) ? (int)run->rwmixread : -1;
	}
	k->pct = b.pct >= 0 ? b.pct : -1;
	if (k->pct < 0 && planned && sr_ok(planned->rate_pct))
		k->pct = (int)planned->rate_pct.v;
	k->rate_max = k->entry && k->entry->rate_max;
	for (size_t dv = 0; dv < rv->m->ndrives && !k->error; dv++)
		if (k->per_drive[dv])
			k->error = k->per_drive[dv]->error;
	return 0;
}

static size_t family_rank(const struct catalogue *c, const struct sr_rtest *k)
{
	if (!c || !k->family)
		return (size_t)-1;
	for (size_t i = 0; i < c->nfamilies; i++)
		if (&c->families[i] == k->family)
			return i;
	return (size_t)-1;
}

static const struct catalogue *sort_cat; /* qsort has no context argument */

/*
 * Where an entry's workload first appears in its family: a curve's flat-out run and its points
 * are two entries of one workload, ordered together by their points (max last), not by entry.
 */
static size_t group_rank(const struct catalogue *c, const struct catalogue_entry *e)
{
	for (size_t i = 0; e->workload && i < c->nentries; i++)
		if (c->entries[i].family == e->family && c->entries[i].workload &&
		    !strcmp(c->entries[i].workload, e->workload))
			return c->entries[i].index < e->index ? c->entries[i].index : e->index;
	return e->index;
}

static int cmp_num(double a, double b) { return (a > b) - (a < b); }

static int cmp_test(const void *pa, const void *pb)
{
	const struct sr_rtest *a = pa, *b = pb;
	size_t fa = family_rank(sort_cat, a), fb = family_rank(sort_cat, b);
	int c;

	if (fa != fb)
		return fa < fb ? -1 : 1;
	if (a->entry && b->entry &&
	    group_rank(sort_cat, a->entry) != group_rank(sort_cat, b->entry))
		return group_rank(sort_cat, a->entry) < group_rank(sort_cat, b->entry) ? -1 : 1;
	if (!a->entry) { /* other tests: by rw, bs, T, Q; unknown options last */
		if (!a->rw != !b->rw)
			return a->rw ? -1 : 1;
		if (a->rw && (c = strcmp(a->rw, b->rw)))
			return c;
		if ((c = cmp_num((double)a->bs, (double)b->bs)))
			return c;
	}
	if ((c = cmp_num(a->rate_max ? 1e9 : a->pct, b->rate_max ? 1e9 : b->pct)))
		return c;
	if ((c = cmp_num(a->threads, b->threads)) || (c = cmp_num(a->depth, b->depth)))
		return c;
	return strcmp(a->id, b->id);
}

int sr_review_build(const struct sr_model *m, const struct catalogue *cat, struct sr_review *out)
{
	struct id_index ix = {0};
	int rc = 0;

	*out = (struct sr_review){.m = m, .cat = cat};
	for (size_t dv = 0; dv < m->ndrives && !rc; dv++)
		for (size_t t = 0; t < m->drives[dv].ntests && !rc; t++)
			rc = add_results(out, &ix, dv, &m->drives[dv].tests[t]);
	free(ix.slot);
	for (size_t i = 0; i < out->ntests && !rc; i++)
		rc = describe(out, &out->tests[i]);
	if (rc) {
		sr_review_free(out);
		return rc;
	}
	sort_cat = cat;
	if (out->ntests)
		qsort(out->tests, out->ntests, sizeof(*out->tests), cmp_test);
	return 0;
}

void sr_review_free(struct sr_review *r)
{
	for (size_t i = 0; i < r->ntests; i++) {
		struct sr_rtest *k = &r->tests[i];

		for (size_t dv = 0; dv < r->m->ndrives; dv++) {
			if (k->per_drive[dv])
				sr_result_release(k->per_drive[dv]);
			free(k->per_drive[dv]);
		}
		free(k->per_drive);
		free(k->id);
		free(k->stem);
		free(k->title);
	}
	free(r->tests);
	r->tests = NULL;
	r->ntests = 0;
}

long sr_review_family(const struct sr_review *r, const char *family, const struct sr_rtest ***out)
{
	size_t n = 0;

	*out = NULL;
	for (size_t pass = 0; pass < 2; pass++) {
		n = 0;
		for (size_t i = 0; i < r->ntests; i++) {
			const struct sr_rtest *k = &r->tests[i];
			bool in = family ? k->family && !strcmp(k->family->id, family) : !k->family;

			if (!in)
				continue;
			if (pass)
				(*out)[n] = k;
			n++;
		}
		if (!n)
			return 0;
		if (!pass && !(*out = calloc(n, sizeof(**out))))
			return -ENOMEM;
	}
	return (long)n;
}

const struct sr_rtest *sr_review_entry(const struct sr_review *r, const char *entry)
{
	for (size_t i = 0; i < r->ntests; i++)
		if (r->tests[i].entry && !strcmp(r->tests[i].entry->id, entry))
			return &r->tests[i];
	return NULL;
}

char *sr_rtest_tq(const struct sr_rtest *t, char *buf, size_t len)
{
	if (t->threads && t->depth)
		snprintf(buf, len, "%uT/%uQ", t->threads, t->depth);
	else
		snprintf(buf, len, "?T/?Q");
	return buf;
}

char *sr_rtest_point(const struct sr_rtest *t, char *buf, size_t len)
{
	if (t->rate_max)
		snprintf(buf, len, "max");
	else if (t->pct >= 0)
		snprintf(buf, len, "%d %%", t->pct);
	else
		sr_rtest_tq(t, buf, len);
	return buf;
}
