// SPDX-License-Identifier: GPL-2.0-only
/* fio_hist_log.c - fio clat histogram log reader (format in fio_hist_log.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/fio_hist_log.h"

struct sr_hist_reader {
	FILE *f;
	char *path;
	char *line;
	size_t linecap;
	uint64_t lineno;
	uint64_t count[SR_HIST_PLAT_NR_MAX];
	unsigned ncols; /* of the first row; 0 before it */
	unsigned stride;
	char err[512];
};

/* Integers held by one fio bucket (stride 1): [*lo, *hi]. */
static void plat_bounds(unsigned idx, double *lo, double *hi)
{
	unsigned group;

	if (idx < 2 * SR_HIST_PLAT_VAL) {
		*lo = *hi = idx;
		return;
	}
	group = (idx >> SR_HIST_PLAT_BITS) - 1;
	*lo = ldexp(1, (int)(group + SR_HIST_PLAT_BITS)) +
	      (idx % SR_HIST_PLAT_VAL) * ldexp(1, (int)group);
	*hi = *lo + ldexp(1, (int)group) - 1;
}

void sr_hist_bucket(unsigned col, unsigned stride, double *mid, double *delta)
{
	double lo, hi, unused;

	plat_bounds(col * stride, &lo, &unused);
	plat_bounds(col * stride + stride - 1, &unused, &hi);
	*mid = (lo + hi) / 2;
	*delta = (hi - lo) / 2;
}

/* Columns -> fio buckets per column, 0 when no fio build writes that many. */
static unsigned stride_for(unsigned ncols)
{
	static const unsigned groups[] = {29, 19}; /* fio 3.x, fio 2.x */

	for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
		for (unsigned s = 1; s <= SR_HIST_PLAT_VAL; s *= 2)
			if (ncols * s == groups[g] * SR_HIST_PLAT_VAL)
				return s;
	return 0;
}

int sr_hist_open(struct sr_hist_reader **out, const char *path, char *err, size_t errlen)
{
	struct sr_hist_reader *r;
	int e;

	*out = NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->path = strdup(path);
	r->f = r->path ? fopen(path, "re") : NULL;
	if (!r->f) {
		e = r->path ? errno : ENOMEM;
		if (err)
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		sr_hist_close(r);
		return -e;
	}
	*out = r;
	return 0;
}

static int bad(struct sr_hist_reader *r, const char *what)
{
	snprintf(r->err, sizeof(r->err), "%s:%llu: %s", r->path, (unsigned long long)r->lineno,
		 what);
	return -EINVAL;
}

/* Unsigned decimal field at *p, blanks around it, then ',' or the end of the line. */
static int field(char **p, uint64_t *v, int *last)
{
	char *s = *p;
	uint64_t x = 0;
	int digits = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	for (; *s >= '0' && *s <= '9'; s++, digits++) {
		if (x > (UINT64_MAX - 9) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	if (!digits || (*s && *s != ','))
		return -1;
	*last = !*s;
	*p = *s ? s + 1 : s;
	*v = x;
	return 0;
}

int sr_hist_next(struct sr_hist_reader *r, struct sr_hist_row *row)
{
	for (;;) {
		ssize_t n;
		char *p;
		uint64_t head[3];
		unsigned cols = 0;
		int last = 0;

		errno = 0;
		n = getline(&r->line, &r->linecap, r->f);
		if (n < 0)
			return errno == ENOMEM ? -ENOMEM : ferror(r->f) ? -EIO : 0;
		r->lineno++;
		p = r->line + strspn(r->line, " \t\r\n");
		if (!*p)
			continue;
		for (int k = 0; k < 3; k++)
			if (field(&p, &head[k], &last) || last)
				return bad(
				    r,
				    "expected 'time_ms, ddir, bs, count, ...' (unsigned integers)");
		if (head[1] > 2)
			return bad(r, "expected ddir 0 (read), 1 (write) or 2 (trim) in column 2");
		while (!last) {
			if (cols == SR_HIST_PLAT_NR_MAX)
				return bad(r,
					   "more bucket counts than any fio histogram has (1856)");
			if (field(&p, &r->count[cols], &last))
				return bad(r, "expected an unsigned bucket count");
			cols++;
		}
		if (!r->ncols) {
			r->stride = stride_for(cols);
			if (!r->stride)
				return bad(r, "expected 1856 or 1216 bucket counts, or that "
					      "divided by 2^coarseness");
			r->ncols = cols;
		} else if (cols != r->ncols) {
			return bad(r, "bucket count differs from the file's first row");
		}
		*row = (struct sr_hist_row){
		    .time_ms = head[0],
		    .ddir = (uint8_t)head[1],
		    .bs = head[2],
		    .count = r->count,
		    .nbuckets = cols,
		    .stride = r->stride,
		};
		return 1;
	}
}

const char *sr_hist_error(const struct sr_hist_reader *r) { return r->err; }

void sr_hist_close(struct sr_hist_reader *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
	free(r->line);
	free(r->path);
	free(r);
}
