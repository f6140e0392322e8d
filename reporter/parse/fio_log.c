// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_log.c - streaming reader for fio's iops/bw/lat/clat/slat logs (format: fio_log.h).
 */
#include "parse/fio_log.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record/json.h"

#define LOG_BUF_SIZE (1u << 20) /* also the longest accepted line */
#define LOG_MAX_COLS 8		/* time, mean, max, ddir, bs, offset, prio, issue_time */
#define LOG_ERR_SIZE 512

enum { LAYOUT_UNDECIDED = -1, LAYOUT_PLAIN = 0, LAYOUT_AVG_MAX = 1 };

struct sr_log_reader {
	int fd;
	enum sr_log_kind kind;
	unsigned int flags;
	int layout;	    /* LAYOUT_*: whether column 3 is a window max */
	unsigned int ncols; /* column count of the first row; every row must match */
	uint64_t line;
	uint64_t bytes;
	size_t start, end; /* unread bytes are buf[start, end) */
	bool eof;
	const char *path; /* points into name[] */
	char err[LOG_ERR_SIZE];
	char name[PATH_MAX];
	/* +1: the '\0' after the data (buf[end]), which ends every field and tells the parser it
	 * reached the data's end, or a '\n' after a last unterminated line */
	char buf[LOG_BUF_SIZE + 1];
};

/* A parsed field: its value as a double, and as an integer when it was written as one. */
struct field {
	double d;
	int64_t i;
	bool is_int;
};

static const struct {
	const char *suffix;
	enum sr_log_kind kind;
} log_suffixes[] = {
    /* longest first: "_clat" must be tried before "_lat" */
    {"_clat_hist", SR_LOG_HIST}, {"_lat_hist", SR_LOG_HIST}, {"_clat", SR_LOG_CLAT},
    {"_slat", SR_LOG_SLAT},	 {"_iops", SR_LOG_IOPS},     {"_lat", SR_LOG_LAT},
    {"_bw", SR_LOG_BW},
};

static const char *const kind_names[] = {
    [SR_LOG_UNKNOWN] = "unknown", [SR_LOG_IOPS] = "iops", [SR_LOG_BW] = "bw",
    [SR_LOG_LAT] = "lat",	  [SR_LOG_CLAT] = "clat", [SR_LOG_SLAT] = "slat",
    [SR_LOG_HIST] = "hist",
};

const char *sr_log_kind_name(enum sr_log_kind kind)
{
	if ((unsigned int)kind >= sizeof(kind_names) / sizeof(kind_names[0]))
		return "unknown";
	return kind_names[kind];
}

int sr_log_parse_name(const char *path, struct sr_log_name *out)
{
	const char *base = strrchr(path, '/');
	size_t len, i;
	const char *end;

	base = base ? base + 1 : path;
	out->kind = SR_LOG_UNKNOWN;
	out->job = -1;
	out->stem_len = 0;

	len = strlen(base);
	if (len < 4 || strcmp(base + len - 4, ".log") != 0)
		return -EINVAL;
	end = base + len - 4;

	/* optional ".N" job number */
	{
		const char *p = end;

		while (p > base && p[-1] >= '0' && p[-1] <= '9')
			p--;
		if (p < end && p > base && p[-1] == '.') {
			out->job = atoi(p);
			end = p - 1;
		}
	}

	for (i = 0; i < sizeof(log_suffixes) / sizeof(log_suffixes[0]); i++) {
		size_t sl = strlen(log_suffixes[i].suffix);

		if ((size_t)(end - base) >= sl &&
		    memcmp(end - sl, log_suffixes[i].suffix, sl) == 0) {
			out->kind = log_suffixes[i].kind;
			out->stem_len = (size_t)(end - sl - path);
			return 0;
		}
	}
	return -EINVAL;
}

double sr_log_scale(enum sr_log_kind kind, enum sr_lat_unit lat_unit)
{
	switch (kind) {
	case SR_LOG_IOPS:
		return 1.0;
	case SR_LOG_BW:
		return 1024.0; /* KiB/s -> bytes/s (HOWTO "Log File Formats") */
	case SR_LOG_LAT:
	case SR_LOG_CLAT:
	case SR_LOG_SLAT:
		return lat_unit == SR_LAT_US ? 1000.0 : 1.0;
	default:
		return 0.0;
	}
}

enum sr_lat_unit sr_log_lat_unit_for_version(const char *fio_version)
{
	const char *p = fio_version;

	if (!p)
		return SR_LAT_NS;
	if (strncmp(p, "fio-", 4) == 0)
		p += 4;
	if (*p < '0' || *p > '9')
		return SR_LAT_NS;
	return strtol(p, NULL, 10) <= 2 ? SR_LAT_US : SR_LAT_NS;
}

static int set_err(struct sr_log_reader *r, int ret, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int set_err(struct sr_log_reader *r, int ret, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(r->err, sizeof(r->err), "%s:%llu: ", r->path, (unsigned long long)r->line);
	if (n < 0 || (size_t)n >= sizeof(r->err))
		return ret;
	va_start(ap, fmt);
	vsnprintf(r->err + n, sizeof(r->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return ret;
}

int sr_log_open(struct sr_log_reader **out, const char *path, const struct sr_log_opts *opts,
		char *err, size_t errlen)
{
	struct sr_log_name nm;
	struct sr_log_reader *r;
	const char *what = NULL;
	int fd;

	*out = NULL;
	sr_log_parse_name(path, &nm);
	if (nm.kind == SR_LOG_HIST) {
		if (err)
			snprintf(err, errlen,
				 "%s: a latency histogram log (write_hist_log: time, ddir, bs, bin "
				 "counts), not a value log; not read here",
				 path);
		return -EINVAL;
	}
	fd = rec_file_open(path, &what);
	if (fd < 0) {
		if (err)
			snprintf(err, errlen, "%s: %s", path,
				 fd == -EINVAL && what ? what : strerror(-fd));
		return fd;
	}
	r = malloc(sizeof(*r));
	if (!r) {
		close(fd);
		if (err)
			snprintf(err, errlen, "%s: out of memory", path);
		return -ENOMEM;
	}
	posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	r->fd = fd;
	r->kind = nm.kind;
	r->flags = opts ? opts->flags : 0;
	if (r->flags & SR_LOGF_AVG_MAX)
		r->layout = LAYOUT_AVG_MAX;
	else if (r->flags & SR_LOGF_NO_AVG_MAX)
		r->layout = LAYOUT_PLAIN;
	else
		r->layout = LAYOUT_UNDECIDED;
	r->ncols = 0;
	r->line = 0;
	r->bytes = 0;
	r->start = r->end = 0;
	r->buf[0] = '\0';
	r->eof = false;
	r->err[0] = '\0';
	snprintf(r->name, sizeof(r->name), "%s", path);
	r->path = r->name;
	*out = r;
	return 0;
}

void sr_log_close(struct sr_log_reader *r)
{
	if (!r)
		return;
	close(r->fd);
	free(r);
}

const char *sr_log_error(const struct sr_log_reader *r) { return r->err; }

uint64_t sr_log_line(const struct sr_log_reader *r) { return r->line; }

enum sr_log_kind sr_log_reader_kind(const struct sr_log_reader *r) { return r->kind; }

uint64_t sr_log_bytes_read(const struct sr_log_reader *r) { return r->bytes; }

ssize_t sr_log_refill(int fd, char *buf, size_t cap, size_t *start, size_t *end)
{
	ssize_t n;

	if (*start > 0) {
		memmove(buf, buf + *start, *end - *start);
		*end -= *start;
		*start = 0;
	}
	if (*end == cap)
		return -E2BIG;
	do
		n = read(fd, buf + *end, cap - *end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	*end += (size_t)n;
	return n;
}

/* More of the file after the unread tail; the sentinel after it. Return: as sr_log_refill(). */
static ssize_t refill(struct sr_log_reader *r)
{
	ssize_t n = sr_log_refill(r->fd, r->buf, LOG_BUF_SIZE, &r->start, &r->end);

	if (n < 0)
		return n;
	r->buf[r->end] = '\0';
	r->bytes += (uint64_t)n;
	if (n == 0)
		r->eof = true;
	return n;
}

static inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/*
 * Parse one numeric field at *pp: a decimal or 0x hex integer, or (rare) a decimal with a
 * fraction. The line ends with '\n', which stops every loop, so no bounds check is needed.
 * Return: true and advance *pp past the number, false when no number starts there.
 */
static bool parse_field(const char **pp, struct field *f)
{
	const char *p = *pp, *digits;
	bool neg = false;
	uint64_t v = 0;
	unsigned int d;

	if (*p == '-' || *p == '+') {
		neg = *p == '-';
		p++;
	}
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		digits = p + 2;
		for (p = digits;; p++) {
			if ((d = (unsigned int)(*p - '0')) < 10)
				v = v * 16 + d;
			else if ((d = (unsigned int)((*p | 0x20) - 'a')) < 6)
				v = v * 16 + d + 10;
			else
				break;
		}
		if (p == digits || p - digits > 16)
			return false;
		goto done;
	}
	digits = p;
	while ((d = (unsigned int)(*p - '0')) < 10) {
		v = v * 10 + d;
		p++;
	}
	if (p == digits)
		return false;
	if (*p == '.' || *p == 'e' || *p == 'E') {
		char *q;

		f->d = strtod(*pp, &q);
		/* a double outside int64_t does not convert (C11 6.3.1.4): clamp (found by fuzzing)
		 */
		f->i = f->d >= -9.2e18 && f->d <= 9.2e18 ? (int64_t)f->d
		       : f->d < 0			 ? INT64_MIN
							 : INT64_MAX;
		f->is_int = false;
		*pp = q;
		return true;
	}
	if (p - digits > 19)
		return false; /* would overflow 64 bits */
done:
	f->i =
	    (int64_t)(neg ? 0 - v : v); /* in unsigned: "-9223372036854775808" must not overflow */
	f->d = (double)f->i;
	f->is_int = true;
	*pp = p;
	return true;
}

/* split_fields()'s results besides a column count. */
enum { SPLIT_BAD = -1, SPLIT_MORE = -2 };

/*
 * Split the line at @p into fields, in one pass: it ends with '\n', or with the '\0' at the
 * data's end (buf[end]) when the buffer holds only its beginning. *@next: past the line's '\n'.
 * Return: the number of fields, 0 for a blank line, SPLIT_MORE when the data end inside the
 * line (read more and split it again), SPLIT_BAD with r->err set.
 */
static int split_fields(struct sr_log_reader *r, const char *p, struct field *fields,
			const char **next)
{
	const char *const lim = r->buf + r->end;
	int n = 0;

/* a field the data's end may have cut: anything odd this close to it is read again */
#define NEAR_END(p) (!r->eof && lim - (p) < 40)
	while (is_blank(*p))
		p++;
	if (*p == '\n' || (*p == '\0' && p == lim)) {
		*next = *p ? p + 1 : p;
		return *p || r->eof ? 0 : SPLIT_MORE;
	}
	for (;;) {
		struct field f;

		while (is_blank(*p))
			p++;
		if (!parse_field(&p, &f)) {
			int len = 0;

			if (NEAR_END(p))
				return SPLIT_MORE;
			while (len < 20 && p[len] != '\n' && p[len] != '\r' && p[len] != '\0')
				len++;
			set_err(r, -1, "column %d: expected a number, found '%.*s'", n + 1, len, p);
			return SPLIT_BAD;
		}
		if (n < LOG_MAX_COLS)
			fields[n] = f;
		n++;
		while (is_blank(*p))
			p++;
		if (*p == '\n' || (p == lim && r->eof)) {
			*next = *p ? p + 1 : p;
			return n;
		}
		if (*p != ',') {
			if (NEAR_END(p))
				return SPLIT_MORE;
			set_err(r, -1, "column %d: expected ',' or end of line, found '%c'", n, *p);
			return SPLIT_BAD;
		}
		p++;
	}
#undef NEAR_END
}

/* Place the fields of an n-column row into @row according to the file's layout. */
static int map_columns(struct sr_log_reader *r, const struct field *c, int n,
		       struct sr_log_row *row)
{
	int i = 2; /* next column after time and value */
	int64_t ddir = 0;

	if (r->layout == LAYOUT_UNDECIDED && n >= 6)
		r->layout = (n == 8 || c[2].i > 2) ? LAYOUT_AVG_MAX : LAYOUT_PLAIN;

	if (!c[0].is_int || c[0].i < 0)
		return set_err(r, -EINVAL, "time %.0f: expected a non-negative integer (ms)",
			       c[0].d);
	row->time_ms = (uint64_t)c[0].i;
	row->value = c[1].d;
	row->max = c[1].d;
	row->has_max = false;
	row->has_offset = false;
	row->bs = 0;
	row->offset = 0;
	row->prio = 0;
	row->ddir = 0;
	row->ncols = (uint8_t)n;

	if (r->layout == LAYOUT_AVG_MAX && n >= 6) {
		row->max = c[2].d;
		row->has_max = true;
		i = 3;
	}
	if (i < n) {
		ddir = c[i].i;
		if (!c[i].is_int || ddir < 0 || ddir > 2)
			return set_err(r, -EINVAL,
				       "column %d (ddir) is %g: expected 0 (read), 1 (write) or 2 "
				       "(trim)",
				       i + 1, c[i].d);
		row->ddir = (uint8_t)ddir;
		i++;
	}
	if (i < n) {
		row->bs = (uint64_t)c[i].i;
		i++;
	}
	/*
	 * What follows bs is [offset,] prio [, issue_time]. One column: prio (fio 3.2x+), or the
	 * offset of an older fio with log_offset=1. Two: offset and prio, except after a window
	 * max, where fio >= 3.35 writes prio and issue_time unless log_offset was set. Three:
	 * offset, prio, issue_time.
	 */
	if (i < n) {
		int left = n - i;
		bool with_offset = (r->flags & SR_LOGF_OFFSET) != 0;
		bool offset;

		if (left == 1)
			offset = with_offset && !row->has_max;
		else if (left == 2)
			offset = with_offset || !row->has_max;
		else
			offset = true;
		if (offset) {
			row->offset = (uint64_t)c[i].i;
			row->has_offset = true;
			i++;
		}
		if (i < n)
			row->prio = (uint32_t)c[i].i;
	}
	return 0;
}

int sr_log_next(struct sr_log_reader *r, struct sr_log_row *row)
{
	struct field fields[LOG_MAX_COLS];
	const char *next;
	int ret, n;

	for (;;) {
		if (r->start == r->end && r->eof)
			return 0;
		r->line++; /* the line being read, for messages */
		n = split_fields(r, r->buf + r->start, fields, &next);
		if (n == SPLIT_MORE) {
			ssize_t got = refill(r);

			if (got == -E2BIG)
				return set_err(r, -EINVAL,
					       "line longer than %u bytes; expected a fio log row",
					       LOG_BUF_SIZE);
			if (got < 0)
				return set_err(r, (int)got, "read: %s", strerror((int)-got));
			r->line--;
			continue;
		}
		if (n == SPLIT_BAD)
			return -EINVAL;
		r->start = (size_t)(next - r->buf);
		if (n > 0)
			break;
	}

	if (n > LOG_MAX_COLS)
		return set_err(
		    r, -EINVAL,
		    "%d columns: expected 2 to %d (time, value, ddir, bs, offset, prio); "
		    "a histogram log (write_hist_log)?",
		    n, LOG_MAX_COLS);
	if (n < 2)
		return set_err(r, -EINVAL, "1 column: expected at least time and value");
	if (r->ncols == 0)
		r->ncols = (unsigned int)n;
	else if ((unsigned int)n != r->ncols)
		return set_err(r, -EINVAL, "%d columns: expected %u like the first row", n,
			       r->ncols);
	ret = map_columns(r, fields, n, row);
	return ret < 0 ? ret : 1;
}
