// SPDX-License-Identifier: GPL-2.0-only
/*
 * rounds.c - series of rounds of one job in several fio documents, judged by the SNIA PTS
 * steady-state rule (rounds.h).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyse/figures.h"
#include "analyse/rounds.h"

/* qsort() has no context; the analysis runs on one thread. */
static const struct sr_structure *cur;

static const struct sr_test *test_of(const struct sr_point *p)
{
	const struct sr_result *res = p->t->per_drive[p->drive];

	return res ? res->test : NULL;
}

/* Same job and source, then fio's timestamp (0: none), then the file name's natural order. */
static int by_round(const void *a, const void *b)
{
	const struct sr_point *x = &cur->pts[*(const size_t *)a],
			      *y = &cur->pts[*(const size_t *)b];
	const struct sr_test *tx = test_of(x), *ty = test_of(y);
	int c = (x->source > y->source) - (x->source < y->source);

	if (!c)
		c = sr_params_cmp_job(&x->p, &y->p, SR_P_ALL);
	if (!c && tx && ty)
		c = (tx->timestamp > ty->timestamp) - (tx->timestamp < ty->timestamp);
	if (!c)
		c = strverscmp(x->t->id, y->t->id);
	return c;
}

bool sr_round_named(const char *name)
{
	for (const char *s = name; s && *s; s++) {
		const char *d = s + 5;

		if (strncasecmp(s, "round", 5))
			continue;
		if (*d == '_' || *d == '-' || *d == '.' || *d == ' ')
			d++;
		if (isdigit((unsigned char)*d))
			return true;
	}
	return false;
}

/* The SNIA test flow over the rounds the tool ran: the first window meeting both criteria, else
 * the last 5 rounds. */
static void judge(struct sr_round_series *g)
{
	enum pts_ss_next next = PTS_SS_CONTINUE;

	g->w.mean = NAN;
	for (size_t k = PTS_SS_WINDOW; k <= g->n && next == PTS_SS_CONTINUE; k++)
		next = pts_ss_after_round(g->iops, k, g->n, &g->w);
	g->steady = next == PTS_SS_STEADY;
	g->has_window = g->n >= PTS_SS_WINDOW && !isnan(g->w.mean);
}

/* Did the tool name the series' runs rounds: a fio document each, each file named as a round? */
static bool named_rounds(const struct sr_structure *s, const size_t *v, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		const struct sr_point *p = &s->pts[v[k]];

		if (!test_of(p) || !sr_round_named(p->t->id))
			return false;
		for (size_t j = 0; j < k; j++)
			if (test_of(&s->pts[v[j]]) == test_of(p))
				return false;
	}
	return n > 0;
}

static int add_series(const struct sr_structure *s, struct sr_rounds *out, const size_t *v,
		      size_t n)
{
	struct sr_round_series *g = realloc(out->g, (out->n + 1) * sizeof(*g));

	if (!g)
		return -ENOMEM;
	out->g = g;
	g = &out->g[out->n];
	memset(g, 0, sizeof(*g));
	g->pts = malloc(n * sizeof(*g->pts));
	g->iops = malloc(n * sizeof(*g->iops));
	if (!g->pts || !g->iops) {
		free(g->pts);
		free(g->iops);
		return -ENOMEM;
	}
	out->n++;
	g->n = n;
	g->by_time = true;
	for (size_t k = 0; k < n; k++) {
		const struct sr_point *p = &s->pts[v[k]];
		const struct sr_test *t = test_of(p);
		struct sr_fig f = sr_fig_of(p->t->per_drive[p->drive], SR_W_BOTH, SR_M_IOPS, 0.0);

		g->pts[k] = v[k];
		g->iops[k] = sr_ok(f.v) && !f.interrupted && f.v.v > 0 ? f.v.v : NAN;
		g->by_time &= t && t->timestamp > 0 &&
			      (k == 0 || t->timestamp != test_of(&s->pts[v[k - 1]])->timestamp);
	}
	g->rounds = named_rounds(s, v, n);
	out->nrounds += g->rounds;
	if (g->rounds)
		judge(g);
	else
		g->w.mean = NAN;
	return 0;
}

int sr_rounds_build(const struct sr_structure *s, struct sr_rounds *out)
{
	size_t n = 0, *idx = malloc((s->npts + 1) * sizeof(*idx));
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!idx)
		return -ENOMEM;
	for (size_t i = 0; i < s->npts; i++)
		if (s->repeat[i])
			idx[n++] = i;
	cur = s;
	qsort(idx, n, sizeof(*idx), by_round);
	for (size_t i = 0, j; i < n && !rc; i = j) {
		const struct sr_point *a = &s->pts[idx[i]];

		for (j = i + 1; j < n && s->pts[idx[j]].source == a->source &&
				!sr_params_cmp_job(&a->p, &s->pts[idx[j]].p, SR_P_ALL);
		     j++)
			;
		rc = add_series(s, out, idx + i, j - i);
	}
	free(idx);
	return rc;
}

void sr_rounds_free(struct sr_rounds *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->g[i].pts);
		free(r->g[i].iops);
	}
	free(r->g);
	memset(r, 0, sizeof(*r));
}
