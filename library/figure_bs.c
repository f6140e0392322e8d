// SPDX-License-Identifier: GPL-2.0-only
/*
 * figure_bs.c - the figures with their tests' block sizes (figure_bs.h): figures LEFT JOIN
 * tests on the tests' primary key (run_id, test), one index look-up a figure.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "library/backend.h"
#include "library/figure_bs.h"
#include "library/schema.h"

struct acc {
	struct lib_figure *f;
	int64_t *bs;
	size_t n, cap;
};

static int take(void *ctx, const struct lib_val *v, int nv)
{
	const struct lib_table *t = &lib_figures_table;
	struct acc *a = ctx;
	struct lib_figure *rec;

	(void)nv;
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 1024;
		struct lib_figure *f = realloc(a->f, cap * sizeof(*f));
		int64_t *bs = f ? realloc(a->bs, cap * sizeof(*bs)) : NULL;

		if (f)
			a->f = f;
		if (!bs)
			return -ENOMEM;
		a->bs = bs;
		a->cap = cap;
	}
	rec = &a->f[a->n];
	memset(rec, 0, sizeof(*rec));
	rec->run_id = v[0].i;
	/* the row counts before its texts are set: on a failure, what was set is freed */
	a->bs[a->n++] = v[1 + t->ncols].null ? -1 : v[1 + t->ncols].i;
	for (int i = 0; i < t->ncols; i++)
		if (lib_set_field(&t->cols[i], rec, &v[1 + i]))
			return -ENOMEM;
	return 0;
}

int lib_figures_bs(struct lib *l, struct lib_figure **out, int64_t **bs, size_t *n)
{
	const struct lib_table *t = &lib_figures_table;
	struct acc a = {0};
	enum lib_type types[32];
	char sql[1024], cols[512];
	int nc = 0, rc;

	types[nc++] = LIB_INT; /* run_id */
	for (int i = 0; i < t->ncols; i++)
		types[nc++] = t->cols[i].type;
	types[nc++] = LIB_INT; /* the test's bs_bytes */
	/* the figure's own columns, then bs_bytes; seq (both tables have one) orders only */
	lib_columns(t, cols, sizeof(cols));
	cols[strlen(cols) - strlen(", seq")] = '\0';
	snprintf(sql, sizeof(sql),
		 "SELECT %s, bs_bytes FROM (SELECT f.*, t.bs_bytes FROM figures f LEFT JOIN tests t"
		 " ON t.run_id = f.run_id AND t.test = f.test) fb ORDER BY run_id, seq",
		 cols);
	rc = l->ops->query(l, sql, NULL, 0, types, nc, take, &a, "reading the figures");
	if (rc == -ENOMEM)
		rc = lib_fail(l, rc, "out of memory");
	if (rc) {
		lib_figures_free(a.f, a.n);
		free(a.bs);
		*out = NULL;
		*bs = NULL;
		*n = 0;
		return rc;
	}
	*out = a.f;
	*bs = a.bs;
	*n = a.n;
	return 0;
}
