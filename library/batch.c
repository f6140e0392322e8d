// SPDX-License-Identifier: GPL-2.0-only
/*
 * batch.c - a run's child rows several to a statement (batch.h):
 *   INSERT INTO t (run_id, <fields>, seq) VALUES (?1, ?2, ..., ?k), (?1, ?k+1, ...), ...
 * the run's id bound once as ?1, each row's fields and place after it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "library/batch.h"

/* The statement of @rows rows of @t into @sql (its size @len). */
static void batch_sql(const struct lib_table *t, size_t rows, char *sql, size_t len)
{
	char cols[512];
	int per = t->ncols + 1, k = 2; /* the fields and seq; ?1 is the run's id */
	size_t n = (size_t)snprintf(sql, len, "INSERT INTO %s (%s) VALUES ", t->name,
				    lib_columns(t, cols, sizeof(cols)));

	for (size_t r = 0; r < rows && n < len; r++) {
		n += (size_t)snprintf(sql + n, len - n, "%s(?1", r ? ", " : "");
		for (int i = 0; i < per && n < len; i++)
			n += (size_t)snprintf(sql + n, len - n, ", ?%d", k++);
		if (n < len)
			n += (size_t)snprintf(sql + n, len - n, ")");
	}
}

int lib_insert_rows(struct lib *l, const struct lib_table *t, int64_t id, const void *recs,
		    size_t size, size_t nrec, const char *what)
{
	size_t per = (size_t)t->ncols + 1, chunk = (LIB_BATCH_PARAMS - 1) / per;
	size_t len = 1024 + chunk * (per + 1) * 8; /* ", ?NNN" a parameter, "(?1" a row */
	struct lib_val *p = calloc(1 + chunk * per, sizeof(*p));
	char *sql = malloc(len);
	int rc = 0;

	if (!p || !sql) {
		free(p);
		free(sql);
		return lib_fail(l, -ENOMEM, "out of memory");
	}
	p[0] = (struct lib_val){.type = LIB_INT, .i = id};
	for (size_t from = 0; from < nrec && !rc; from += chunk) {
		size_t rows = nrec - from < chunk ? nrec - from : chunk;
		struct lib_val *v = p + 1;

		batch_sql(t, rows, sql, len);
		for (size_t r = from; r < from + rows; r++) {
			const void *rec = (const char *)recs + r * size;

			for (int i = 0; i < t->ncols; i++)
				*v++ = lib_field(&t->cols[i], rec);
			*v++ = (struct lib_val){.type = LIB_INT, .i = (int64_t)r};
		}
		rc = l->ops->query(l, sql, p, (int)(1 + rows * per), NULL, 0, NULL, NULL, what);
	}
	free(p);
	free(sql);
	return rc;
}
