// SPDX-License-Identifier: GPL-2.0-only
/* hist_pct.c - percentiles per window from fio's histogram logs (see hist_pct.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parse/hist_pct.h"

#define NDIR 3 /* read, write, trim */

/* The non-empty columns of one window and direction, ascending. */
struct sparse {
	uint16_t *col;
	uint64_t *n;
	uint32_t len;
};

struct sr_hist_pct {
	uint32_t window_ms;
	unsigned stride, nbuckets; /* the layout of the first row; 0: none yet */
	size_t count, cap;
	struct sparse (*w)[NDIR];
};

int sr_hist_pct_new(struct sr_hist_pct **out, uint32_t window_ms)
{
	*out = NULL;
	if (!window_ms)
		return -EINVAL;
	*out = calloc(1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	(*out)->window_ms = window_ms;
	return 0;
}

void sr_hist_pct_free(struct sr_hist_pct *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->cap; i++)
		for (int d = 0; d < NDIR; d++) {
			free(p->w[i][d].col);
			free(p->w[i][d].n);
		}
	free(p->w);
	free(p);
}

uint32_t sr_hist_pct_window_ms(const struct sr_hist_pct *p) { return p->window_ms; }

size_t sr_hist_pct_count(const struct sr_hist_pct *p) { return p->count; }

static struct sparse *slot(struct sr_hist_pct *p, size_t idx, unsigned d)
{
	if (idx >= p->cap) {
		size_t cap = p->cap ? p->cap : 64;
		void *w;

		while (cap <= idx)
			cap *= 2;
		w = realloc(p->w, cap * sizeof(*p->w));
		if (!w)
			return NULL;
		p->w = w;
		memset(p->w + p->cap, 0, (cap - p->cap) * sizeof(*p->w));
		p->cap = cap;
	}
	if (idx >= p->count)
		p->count = idx + 1;
	return &p->w[idx][d];
}

/* Merge the row's non-empty columns into @s (both ascending). */
static int merge_row(struct sparse *s, const struct sr_hist_row *row)
{
	size_t max = (size_t)s->len + row->nnz, a = 0, b = 0, k = 0;
	uint16_t *col = malloc(max * sizeof(*col));
	uint64_t *n = malloc(max * sizeof(*n));

	if (!col || !n) {
		free(col);
		free(n);
		return -ENOMEM;
	}
	while (a < s->len || b < row->nnz) {
		unsigned rc = b < row->nnz ? row->nz[b] : UINT16_MAX + 1u;

		if (a < s->len && s->col[a] < rc) {
			col[k] = s->col[a];
			n[k++] = s->n[a++];
		} else if (a < s->len && s->col[a] == rc) {
			col[k] = s->col[a];
			n[k++] = s->n[a++] + row->count[rc];
			b++;
		} else {
			col[k] = (uint16_t)rc;
			n[k++] = row->count[rc];
			b++;
		}
	}
	free(s->col);
	free(s->n);
	s->col = col;
	s->n = n;
	s->len = (uint32_t)k;
	return 0;
}

int sr_hist_pct_add(struct sr_hist_pct *p, uint64_t at_ms, const struct sr_hist_row *row)
{
	uint64_t idx = at_ms / p->window_ms;
	struct sparse *s;

	if (idx >= SR_HIST_PCT_MAX_WINDOWS || row->ddir >= NDIR)
		return -EINVAL;
	if (!p->nbuckets) {
		p->nbuckets = row->nbuckets;
		p->stride = row->stride;
	} else if (p->nbuckets != row->nbuckets || p->stride != row->stride) {
		return -EINVAL;
	}
	s = slot(p, (size_t)idx, row->ddir);
	if (!s)
		return -ENOMEM;
	return row->nnz ? merge_row(s, row) : 0;
}

uint64_t sr_hist_pct_get(const struct sr_hist_pct *p, size_t i, unsigned ddir, const double *pct,
			 size_t np, double ns_per, double *out_ns, double *err_ns)
{
	const struct sparse *s = i < p->count && ddir < NDIR ? &p->w[i][ddir] : NULL;
	uint64_t total = 0;

	for (size_t k = 0; s && k < s->len; k++)
		total += s->n[k];
	for (size_t j = 0; j < np; j++) {
		double need = pct[j] / 100.0 * (double)total, mid = NAN, delta = NAN;
		uint64_t run = 0;

		for (size_t k = 0; total && k < s->len; k++) {
			run += s->n[k];
			if ((double)run >= need) {
				sr_hist_bucket(s->col[k], p->stride, &mid, &delta);
				break;
			}
		}
		out_ns[j] = mid * ns_per;
		if (err_ns)
			err_ns[j] = delta * ns_per;
	}
	return total;
}
