// SPDX-License-Identifier: GPL-2.0-only
/* fio_hist_log.c - fio clat histogram log reader (format in fio_hist_log.h). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "parse/fio_hist_log.h"
#include "parse/fio_log.h"
#include "record/json.h"

#define HIST_BUF_SIZE (1u << 20) /* also the longest accepted line */
#define HIST_PAD 32 /* '\0' bytes after the data: the sentinel, and room to look ahead */

struct sr_hist_reader {
	int fd;
	char *path;
	uint64_t lineno;
	unsigned ncols; /* of the first row; 0 before it */
	unsigned stride;
	unsigned nnz;	   /* non-empty columns of the last row */
	size_t start, end; /* unread bytes are buf[start, end); buf[end..] is '\0' */
	bool eof;
	char err[512];
	uint64_t count[SR_HIST_PLAT_NR_MAX];
	uint16_t nz[SR_HIST_PLAT_NR_MAX];
	double mid[SR_HIST_PLAT_NR_MAX], delta[SR_HIST_PLAT_NR_MAX]; /* the layout's table */
	char buf[HIST_BUF_SIZE + HIST_PAD];
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
	const char *what = NULL;
	int e;

	*out = NULL;
	r = malloc(sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->path = strdup(path);
	r->fd = r->path ? rec_file_open(path, &what) : -ENOMEM;
	if (r->fd < 0) {
		e = -r->fd;
		if (err)
			snprintf(err, errlen, "%s: %s", path,
				 e == EINVAL && what ? what : strerror(e));
		free(r->path);
		free(r);
		return -e;
	}
	posix_fadvise(r->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	r->lineno = 0;
	r->ncols = r->stride = r->nnz = 0;
	r->start = r->end = 0;
	r->eof = false;
	r->err[0] = '\0';
	memset(r->count, 0, sizeof(r->count));
	memset(r->buf, 0, HIST_PAD);
	*out = r;
	return 0;
}

enum { ROW_OK = 1, ROW_BLANK = 0, ROW_MORE = -1, ROW_BAD = -2 };

/* The line being read (r->lineno + 1) is malformed: say why. Return: ROW_BAD. */
static int bad(struct sr_hist_reader *r, const char *what)
{
	snprintf(r->err, sizeof(r->err), "%s:%llu: %s", r->path, (unsigned long long)r->lineno + 1,
		 what);
	return ROW_BAD;
}

/* More of the file after the unread tail; the sentinel and look-ahead room after it.
 * Return: as sr_log_refill(). */
static ssize_t refill(struct sr_hist_reader *r)
{
	ssize_t n = sr_log_refill(r->fd, r->buf, HIST_BUF_SIZE, &r->start, &r->end);

	if (n < 0)
		return n;
	memset(r->buf + r->end, 0, HIST_PAD);
	if (n == 0)
		r->eof = true;
	return n;
}

static inline bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/*
 * One unsigned decimal field at *pp (blanks before it skipped: *pp then points past them). The
 * data end with '\0', which stops the digits. Return: 1 with *v, 0 for no digits, -1 for a value
 * beyond 64 bits.
 */
static inline int number(const char **pp, uint64_t *v)
{
	const char *p = *pp;
	uint64_t x = 0;
	unsigned d;

	while (blank(*p))
		p++;
	*pp = p;
	if ((d = (unsigned)(*p - '0')) > 9)
		return 0;
	do {
		if (x > UINT64_MAX / 10 || (x == UINT64_MAX / 10 && d > UINT64_MAX % 10))
			return -1;
		x = x * 10 + d;
		p++;
	} while ((d = (unsigned)(*p - '0')) <= 9);
	*pp = p;
	*v = x;
	return 1;
}

/*
 * After a field: blanks, then ',' (another field follows: *last = false) or the end of the line
 * (*last = true, *pp past the '\n'). Return: ROW_OK, ROW_MORE at the end of the data before the
 * line's end, ROW_BAD for anything else.
 */
static inline int separator(const struct sr_hist_reader *r, const char **pp, bool *last)
{
	const char *p = *pp;

	while (blank(*p))
		p++;
	if (*p == ',') {
		*pp = p + 1;
		*last = false;
		return ROW_OK;
	}
	if (*p == '\n' || (*p == '\0' && p == r->buf + r->end && r->eof)) {
		*pp = *p ? p + 1 : p;
		*last = true;
		return ROW_OK;
	}
	return *p == '\0' && p == r->buf + r->end ? ROW_MORE : ROW_BAD;
}

/* Skip the empty buckets at *pp five at a time ("0, 0, 0, 0, 0, "). Return: buckets skipped. */
static inline unsigned zero_run(const char **pp, unsigned room)
{
	unsigned n = 0;
#ifdef __SSE2__
	const __m128i five = _mm_setr_epi8('0', ',', ' ', '0', ',', ' ', '0', ',', ' ', '0', ',',
					   ' ', '0', ',', ' ', 0);

	while (n + 5 <= room &&
	       (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)*pp), five)) &
		0x7fff) == 0x7fff) {
		*pp += 15;
		n += 5;
	}
#else
	while (n + 1 <= room && (*pp)[0] == '0' && (*pp)[1] == ',' && (*pp)[2] == ' ') {
		*pp += 3;
		n++;
	}
#endif
	return n;
}

/*
 * Parse the row at buf[start]: ROW_OK (the row in the reader, *next past its '\n'), ROW_BLANK (a
 * blank line, *next past it), ROW_MORE (the data end inside the line: read more and parse again),
 * ROW_BAD (r->err says why).
 */
static int parse_row(struct sr_hist_reader *r, uint64_t head[3], const char **next)
{
	const char *p = r->buf + r->start;
	unsigned cols = 0;
	bool last = false;
	int rc;

	for (unsigned i = 0; i < r->nnz; i++) /* the last row's counts, back to 0 */
		r->count[r->nz[i]] = 0;
	r->nnz = 0;
	while (blank(*p))
		p++;
	if (*p == '\n') {
		*next = p + 1;
		return ROW_BLANK;
	}
	if (*p == '\0' && p == r->buf + r->end) {
		*next = p;
		return r->eof ? ROW_BLANK : ROW_MORE;
	}
	for (int k = 0; k < 3; k++) {
		if (number(&p, &head[k]) <= 0)
			goto bad_head;
		rc = separator(r, &p, &last);
		if (rc == ROW_MORE)
			return rc;
		if (rc != ROW_OK || last)
			goto bad_head;
	}
	while (!last) {
		uint64_t v;

		while (blank(*p))
			p++;
		cols += zero_run(&p, SR_HIST_PLAT_NR_MAX - cols);
		if (cols == SR_HIST_PLAT_NR_MAX)
			return bad(r, "more bucket counts than any fio histogram has (1856)");
		rc = number(&p, &v);
		if (rc <= 0) {
			if (*p == '\0' && p == r->buf + r->end && !r->eof)
				return ROW_MORE;
			return bad(r, "expected an unsigned bucket count");
		}
		if (v) {
			r->count[cols] = v;
			r->nz[r->nnz++] = (uint16_t)cols;
		}
		cols++;
		rc = separator(r, &p, &last);
		if (rc == ROW_MORE)
			return rc;
		if (rc != ROW_OK)
			return bad(r, "expected an unsigned bucket count");
	}
	if (head[1] > 2)
		return bad(r, "expected ddir 0 (read), 1 (write) or 2 (trim) in column 2");
	if (!r->ncols) {
		r->stride = stride_for(cols);
		if (!r->stride)
			return bad(r, "expected 1856 or 1216 bucket counts, or that divided by "
				      "2^coarseness");
		r->ncols = cols;
		for (unsigned c = 0; c < cols; c++)
			sr_hist_bucket(c, r->stride, &r->mid[c], &r->delta[c]);
	} else if (cols != r->ncols) {
		return bad(r, "bucket count differs from the file's first row");
	}
	*next = p;
	return ROW_OK;
bad_head:
	if (*p == '\0' && p == r->buf + r->end && !r->eof)
		return ROW_MORE;
	return bad(r, "expected 'time_ms, ddir, bs, count, ...' (unsigned integers)");
}

int sr_hist_next(struct sr_hist_reader *r, struct sr_hist_row *row)
{
	for (;;) {
		uint64_t head[3] = {0, 0, 0};
		const char *next = NULL;
		ssize_t n;
		int rc;

		if (r->start == r->end && r->eof)
			return 0;
		rc = parse_row(r, head, &next);
		if (rc == ROW_MORE) {
			n = refill(r);
			if (n == -E2BIG) {
				bad(r, "line longer than 1 MiB; expected a fio histogram row");
				return -EINVAL;
			}
			if (n < 0) {
				snprintf(r->err, sizeof(r->err), "%s:%llu: read: %s", r->path,
					 (unsigned long long)r->lineno + 1, strerror((int)-n));
				return (int)n;
			}
			continue;
		}
		if (rc == ROW_BAD)
			return -EINVAL;
		r->lineno++;
		r->start = (size_t)(next - r->buf);
		if (rc == ROW_BLANK)
			continue;
		*row = (struct sr_hist_row){
		    .time_ms = head[0],
		    .ddir = (uint8_t)head[1],
		    .bs = head[2],
		    .count = r->count,
		    .nbuckets = r->ncols,
		    .stride = r->stride,
		    .nz = r->nz,
		    .nnz = r->nnz,
		    .mid = r->mid,
		    .delta = r->delta,
		};
		return 1;
	}
}

const char *sr_hist_error(const struct sr_hist_reader *r) { return r->err; }

void sr_hist_close(struct sr_hist_reader *r)
{
	if (!r)
		return;
	if (r->fd >= 0)
		close(r->fd);
	free(r->path);
	free(r);
}
