// SPDX-License-Identifier: GPL-2.0-only
/* catalogue_plan.c - templates filled in, ids matched to entries, a suite's plan (catalogue.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"

/* ---- templates --------------------------------------------------------------------------------
 */

int catalogue_expand(const char *tmpl, const struct catalogue_binding *b, char *out, size_t len)
{
	size_t k = 0;

	for (const char *p = tmpl; *p;) {
		char val[32] = "";
		const char *e;
		int w;

		if (*p != '{' || !(e = strchr(p, '}'))) {
			if (k + 1 >= len)
				return -ENAMETOOLONG;
			out[k++] = *p++;
			continue;
		}
		if (!strncmp(p, "{threads}", 9) && b->threads > 0)
			snprintf(val, sizeof(val), "%d", b->threads);
		else if (!strncmp(p, "{depth}", 7) && b->depth > 0)
			snprintf(val, sizeof(val), "%d", b->depth);
		else if (!strncmp(p, "{pct}", 5) && b->pct >= 0)
			snprintf(val, sizeof(val), "%d", b->pct);
		else if (!strncmp(p, "{bs}", 4) && b->bs[0])
			snprintf(val, sizeof(val), "%s", b->bs);
		else if (!strncmp(p, "{BS}", 4) && b->bs[0])
			for (size_t i = 0; b->bs[i] && i + 1 < sizeof(val); i++)
				val[i] = (char)toupper((unsigned char)b->bs[i]);
		else
			return -EINVAL;
		w = snprintf(out + k, len - k, "%s", val);
		if (w < 0 || (size_t)w >= len - k)
			return -ENAMETOOLONG;
		k += (size_t)w;
		p = e + 1;
	}
	if (k >= len)
		return -ENAMETOOLONG;
	out[k] = '\0';
	return 0;
}

/* ---- matching ----------------------------------------------------------------------------------
 */

/* Length of a decimal number at @s (at most 6 digits), 0 when none. */
static size_t digits(const char *s)
{
	size_t n = 0;

	while (isdigit((unsigned char)s[n]) && n < 7)
		n++;
	return n <= 6 ? n : 0;
}

/* Length of a block size at @s: digits then k, m or g ("4k", "128k", "1m"), 0 when none. */
static size_t size_token(const char *s)
{
	size_t n = digits(s);

	return n && (s[n] == 'k' || s[n] == 'm' || s[n] == 'g') ? n + 1 : 0;
}

/* Does @id match template @t from here on? Binds placeholders into @b. */
static bool match_from(const char *t, const char *id, struct catalogue_binding *b)
{
	while (*t) {
		size_t n;

		if (*t != '{') {
			if (*t++ != *id++)
				return false;
			continue;
		}
		if (!strncmp(t, "{bs}", 4)) {
			if (!(n = size_token(id)) || n >= sizeof(b->bs))
				return false;
			memcpy(b->bs, id, n);
			b->bs[n] = '\0';
			t += 4;
		} else {
			int *slot = !strncmp(t, "{threads}", 9) ? &b->threads
				    : !strncmp(t, "{depth}", 7) ? &b->depth
				    : !strncmp(t, "{pct}", 5)	? &b->pct
								: NULL;
			if (!slot || !(n = digits(id)))
				return false;
			*slot = atoi(id);
			t = strchr(t, '}') + 1;
		}
		id += n;
	}
	return *id == '\0';
}

bool catalogue_family_draws(const struct catalogue_family *f, const char *chart)
{
	for (size_t c = 0; f && c < f->ncharts; c++)
		if (!strcmp(f->charts[c], chart))
			return true;
	return false;
}

const struct catalogue_entry *catalogue_match(const struct catalogue *c, const char *id,
					      struct catalogue_binding *b)
{
	struct catalogue_binding tmp;

	for (size_t i = 0; i < c->nentries; i++) {
		tmp = (struct catalogue_binding){.threads = -1, .depth = -1, .pct = -1};
		if (match_from(c->entries[i].id, id, &tmp)) {
			if (b)
				*b = tmp;
			return &c->entries[i];
		}
	}
	return NULL;
}

/* ---- plans ------------------------------------------------------------------------------------
 */

struct plan {
	const struct catalogue *c;
	const struct catalogue_plan_opts *o;
	const struct catalogue_profile *profile;
	const struct catalogue_tq_set *tq;
	const int *curve;
	size_t ncurve;
	struct catalogue_test *t;
	size_t n, cap;
	char *err;
	size_t errlen;
};

static int valid_bs(const char *bs)
{
	size_t n = size_token(bs);

	return n && bs[n] == '\0' && atoi(bs) > 0;
}

static bool swept(const struct plan *p, const char *workload)
{
	const struct catalogue *c = p->c;

	if (p->o->sweep) {
		for (size_t i = 0; i < p->o->nsweep; i++)
			if (!strcmp(p->o->sweep[i], workload))
				return true;
		return false;
	}
	for (size_t i = 0; i < c->ndefault_sweep; i++)
		if (!strcmp(c->default_sweep[i], workload))
			return true;
	return false;
}

/* The step of a test that runs after @after: the step of the last planned test with that id. */
static size_t step_of(const struct plan *p, const char *after, bool *found)
{
	for (size_t i = p->n; i-- > 0;)
		if (!strcmp(p->t[i].entry->id, after)) {
			*found = true;
			return p->t[i].step;
		}
	*found = false;
	return 0;
}

static int add(struct plan *p, const struct catalogue_entry *e, struct catalogue_binding b,
	       const char *bs)
{
	char id[256], title[256], dep[256];
	struct catalogue_test *t;
	bool found;
	int rc;

	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 64;
		struct catalogue_test *g = realloc(p->t, cap * sizeof(*g));

		if (!g)
			return -ENOMEM;
		p->t = g;
		p->cap = cap;
	}
	if ((rc = catalogue_expand(e->id, &b, id, sizeof(id))) ||
	    (rc = catalogue_expand(e->title, &b, title, sizeof(title)))) {
		snprintf(p->err, p->errlen, "%s: test \"%s\": cannot fill in its id or title",
			 p->c->path, e->id);
		return rc == -ENOMEM ? rc : -EINVAL;
	}
	t = &p->t[p->n];
	memset(t, 0, sizeof(*t));
	t->entry = e;
	t->bind = b;
	t->threads = e->threads ? e->threads : b.threads;
	t->depth = e->depth ? e->depth : b.depth;
	t->rate_pct = b.pct;
	t->timing = catalogue_timing(p->c, e->timing, p->profile);
	t->id = strdup(id);
	t->title = strdup(title);
	t->bs = bs ? strdup(bs) : NULL;
	if (!t->id || !t->title || (bs && !t->bs))
		goto nomem;
	t->step = p->n ? p->t[p->n - 1].step + 1 : 0;
	if (e->after) {
		size_t s = step_of(p, e->after, &found);

		if (found) {
			/* the last planned test of that entry (a varied entry: its last point) */
			for (size_t i = p->n; i-- > 0;)
				if (!strcmp(p->t[i].entry->id, e->after)) {
					t->after = strdup(p->t[i].id);
					break;
				}
			if (!t->after)
				goto nomem;
			t->step = s;
		}
	}
	if (e->rate_from) {
		/* the flat-out run's id: the rate_from template filled with this test's values */
		if (catalogue_expand(e->rate_from, &b, dep, sizeof(dep)) ||
		    !(t->rate_from = strdup(dep)))
			goto nomem;
	}
	p->n++;
	return 0;
nomem:
	free(t->id);
	free(t->title);
	free(t->bs);
	free(t->after);
	free(t->rate_from);
	return -ENOMEM;
}

static int plan_entry(struct plan *p, const struct catalogue_entry *e)
{
	struct catalogue_binding b = {.threads = -1, .depth = -1, .pct = -1};
	const char *bs = e->bssplit ? NULL : e->bs;
	int rc;

	if (e->when_sweep && !swept(p, e->workload))
		return 0;
	if (bs && !strcmp(bs, "{fc_rand_bs}"))
		bs = p->o->fc_rand_bs ? p->o->fc_rand_bs : p->c->default_fc_rand_bs;
	else if (bs && !strcmp(bs, "{fc_seq_bs}"))
		bs = p->o->fc_seq_bs ? p->o->fc_seq_bs : p->c->default_fc_seq_bs;
	if (bs) {
		if (!valid_bs(bs)) {
			snprintf(
			    p->err, p->errlen,
			    "block size \"%s\" of test \"%s\": expected a number with k, m or g "
			    "(e.g. 64k)",
			    bs, e->id);
			return -EINVAL;
		}
		snprintf(b.bs, sizeof(b.bs), "%s", bs);
	}
	switch (e->vary) {
	case CATALOGUE_VARY_NONE:
		return add(p, e, b, bs);
	case CATALOGUE_VARY_TQ:
		for (size_t i = 0; i < p->tq->n; i++) {
			b.threads = p->tq->tq[i][0];
			b.depth = p->tq->tq[i][1];
			if ((rc = add(p, e, b, bs)))
				return rc;
		}
		return 0;
	case CATALOGUE_VARY_CURVE:
		for (size_t i = 0; i < p->ncurve; i++) {
			b.pct = p->curve[i];
			if ((rc = add(p, e, b, bs)))
				return rc;
		}
		return 0;
	}
	return 0;
}

static int check_opts(struct plan *p)
{
	const struct catalogue *c = p->c;
	const struct catalogue_plan_opts *o = p->o;

	if (!catalogue_suite(c, o->suite)) {
		char list[256] = "";

		for (size_t i = 0; i < c->nsuites; i++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
				 i ? ", " : "", c->suites[i].id);
		snprintf(p->err, p->errlen, "suite \"%s\" is not one of %s",
			 o->suite ? o->suite : "", list);
		return -EINVAL;
	}
	if (!(p->profile = catalogue_profile(c, o->profile))) {
		snprintf(p->err, p->errlen, "profile \"%s\" is not one of the catalogue's profiles",
			 o->profile ? o->profile : "");
		return -EINVAL;
	}
	if (!(p->tq = catalogue_tq_set(c, o->tq_points ? o->tq_points : p->profile->tq_points))) {
		snprintf(p->err, p->errlen, "T/Q points \"%s\": expected all or diagonal",
			 o->tq_points);
		return -EINVAL;
	}
	p->curve = o->curve_points ? o->curve_points : p->profile->curve_points;
	p->ncurve = o->curve_points ? o->ncurve_points : p->profile->ncurve_points;
	for (size_t i = 0; i < p->ncurve; i++)
		if (p->curve[i] < 1 || p->curve[i] > 1000) {
			snprintf(p->err, p->errlen, "curve point %d%%: expected 1 to 1000",
				 p->curve[i]);
			return -EINVAL;
		}
	for (size_t i = 0; o->sweep && i < o->nsweep; i++) {
		bool known = false;

		for (size_t j = 0; j < c->nentries && !known; j++)
			known = c->entries[j].when_sweep &&
				!strcmp(c->entries[j].workload, o->sweep[i]);
		if (!known) {
			char list[256] = "";

			for (size_t j = 0; j < c->nentries; j++)
				if (c->entries[j].when_sweep)
					snprintf(list + strlen(list), sizeof(list) - strlen(list),
						 "%s%s", list[0] ? ", " : "",
						 c->entries[j].workload);
			snprintf(p->err, p->errlen, "sweep workload \"%s\" is not one of %s",
				 o->sweep[i], list);
			return -EINVAL;
		}
	}
	return 0;
}

int catalogue_plan(const struct catalogue *c, const struct catalogue_plan_opts *o,
		   struct catalogue_test **out, size_t *n, char *err, size_t errlen)
{
	struct plan p = {.c = c, .o = o, .err = err, .errlen = errlen};
	int rc;

	*out = NULL;
	*n = 0;
	if ((rc = check_opts(&p)))
		return rc;
	for (size_t i = 0; i < c->nentries; i++) {
		if (!catalogue_entry_in_suite(c, &c->entries[i], o->suite))
			continue;
		if ((rc = plan_entry(&p, &c->entries[i]))) {
			if (rc == -ENOMEM)
				snprintf(err, errlen, "out of memory");
			catalogue_plan_free(p.t, p.n);
			return rc;
		}
	}
	*out = p.t;
	*n = p.n;
	return 0;
}

void catalogue_plan_free(struct catalogue_test *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(t[i].id);
		free(t[i].title);
		free(t[i].bs);
		free(t[i].after);
		free(t[i].rate_from);
	}
	free(t);
}
