// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysbench_parse.c - sysbench's end-of-run report and latency histogram as numbers. Pure: the
 * caller reads the file. Line by line: "key: value" lines are matched on their key whatever the
 * section (the keys do not repeat between sections of one report), the histogram is the block of
 * "VALUE |*** COUNT" lines after its header.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysbench_parse.h"

/* the value part of "key:   value": skip blanks */
static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* "12345 (306.56 per sec.)" -> count 12345, rate 306.56; rate optional */
static int count_and_rate(const char *v, uint64_t *count, double *rate)
{
	char *end;
	const char *p;

	errno = 0;
	*count = strtoull(v, &end, 10);
	if (end == v || errno)
		return -EINVAL;
	p = strchr(end, '(');
	if (p && rate)
		*rate = strtod(p + 1, NULL);
	return 0;
}

/* "10.2560s", "1.41", "2.93ms" -> the number */
static int number(const char *v, double *out)
{
	char *end;

	*out = strtod(v, &end);
	return end == v ? -EINVAL : 0;
}

/* the percentile named in a key: "99th percentile" -> 99, "approx.  95 percentile" -> 95 */
static double key_percentile(const char *key)
{
	while (*key && !isdigit((unsigned char)*key))
		key++;
	return *key ? strtod(key, NULL) : -1;
}

/* "       81.479 |**     3" -> bucket; 0 on a match */
static int hist_line(const char *line, struct sb_bucket *b)
{
	char *end;
	const char *bar, *last;
	unsigned long long c;

	b->value_ms = strtod(line, &end);
	if (end == line)
		return -EINVAL;
	bar = skip_blank(end);
	if (*bar != '|')
		return -EINVAL;
	last = bar + strlen(bar);
	while (last > bar && isspace((unsigned char)last[-1]))
		last--;
	while (last > bar && isdigit((unsigned char)last[-1]))
		last--;
	if (!isdigit((unsigned char)*last))
		return -EINVAL;
	c = strtoull(last, NULL, 10);
	b->count = c;
	return 0;
}

static int hist_push(struct sb_report *r, const struct sb_bucket *b, size_t *cap)
{
	struct sb_bucket *nb;

	if (r->nhist == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;

		nb = realloc(r->hist, ncap * sizeof(*nb));
		if (!nb)
			return -ENOMEM;
		r->hist = nb;
		*cap = ncap;
	}
	r->hist[r->nhist++] = *b;
	r->hist_events += b->count;
	return 0;
}

/* the banner "sysbench 1.0.20 (using …)" or "sysbench 0.5:  multi-threaded …" */
static void banner(const char *line, struct sb_report *r)
{
	size_t n = 0;
	const char *v = line + strlen("sysbench ");

	if (r->version[0] || !isdigit((unsigned char)*v))
		return;
	while (v[n] && v[n] != ' ' && v[n] != ':' && n < sizeof(r->version) - 1)
		n++;
	memcpy(r->version, v, n);
	r->version[n] = '\0';
}

/* one "key: value" line of the report */
static int key_value(const char *key, size_t klen, const char *v, struct sb_report *r,
		     double *rw_rate, double *other_rate)
{
	uint64_t c;
	double d;

#define KEY(s) (klen == strlen(s) && !strncmp(key, s, klen))
	if (KEY("Number of threads")) {
		r->threads = (unsigned int)strtoul(v, NULL, 10);
	} else if (KEY("read")) {
		return count_and_rate(v, &r->reads, NULL);
	} else if (KEY("write")) {
		return count_and_rate(v, &r->writes, NULL);
	} else if (KEY("other")) {
		return count_and_rate(v, &r->others, NULL);
	} else if (KEY("total")) {
		return count_and_rate(v, &r->queries, NULL);
	} else if (KEY("transactions")) {
		return count_and_rate(v, &r->transactions, &r->tps);
	} else if (KEY("queries")) {
		return count_and_rate(v, &c, &r->qps);
	} else if (KEY("ignored errors") || KEY("deadlocks")) {
		/* 0.4 counted deadlocks; 0.5 and 1.x count every ignored error (deadlocks among
		 * them) */
		if (count_and_rate(v, &c, NULL) == 0) {
			r->errors = KEY("deadlocks") && r->has_errors ? r->errors : c;
			r->has_errors = true;
		}
	} else if (KEY("reconnects")) {
		if (count_and_rate(v, &r->reconnects, NULL) == 0)
			r->has_reconnects = true;
	} else if (KEY("read/write requests")) {
		return count_and_rate(v, &c, rw_rate);
	} else if (KEY("other operations")) {
		return count_and_rate(v, &c, other_rate);
	} else if (KEY("total time") || KEY("time elapsed")) {
		return number(v, &r->total_time_s);
	} else if (KEY("total number of events")) {
		return count_and_rate(v, &r->events, NULL);
	} else if (KEY("min") || KEY("avg") || KEY("max")) {
		if (number(v, &d))
			return -EINVAL;
		if (KEY("min"))
			r->lat_min_ms = d;
		else if (KEY("avg"))
			r->lat_avg_ms = d;
		else
			r->lat_max_ms = d;
		r->has_latency = true;
	} else if (klen > 10 && !strncmp(key + klen - 10, "percentile", 10)) {
		if (number(v, &r->lat_pct_ms) == 0) {
			r->pct = key_percentile(key);
			r->has_pct = r->pct > 0;
		}
	}
#undef KEY
	return 0;
}

int sb_parse(const char *text, struct sb_report *out, char *err, size_t errlen)
{
	const char *line = text, *nl, *t, *colon;
	double rw_rate = -1, other_rate = -1;
	size_t cap = 0, len;
	bool in_hist = false, in_report = false;
	char buf[512];
	int r;

	memset(out, 0, sizeof(*out));
	for (; *line; line = nl ? nl + 1 : line + strlen(line)) {
		nl = strchr(line, '\n');
		len = nl ? (size_t)(nl - line) : strlen(line);
		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, line, len);
		buf[len] = '\0';
		while (len && (buf[len - 1] == '\r' || buf[len - 1] == ' '))
			buf[--len] = '\0';
		t = skip_blank(buf);
		if (in_hist) {
			struct sb_bucket b;

			if (!strncmp(t, "value", 5))
				continue; /* the column header */
			if (hist_line(t, &b) == 0) {
				if (hist_push(out, &b, &cap))
					goto nomem;
				continue;
			}
			in_hist = false;
		}
		if (!strncmp(t, "sysbench ", 9)) {
			banner(t, out);
			continue;
		}
		if (!strncmp(t, "Latency histogram", 17)) {
			in_hist = true;
			continue;
		}
		if (!strcmp(t, "SQL statistics:")) {
			out->format = SB_FORMAT_SQL_1X;
			in_report = true;
			continue;
		}
		if (!strcmp(t, "OLTP test statistics:")) {
			out->format = SB_FORMAT_OLTP_0X;
			in_report = true;
			continue;
		}
		if (*t == '[' || !(colon = strchr(t, ':')))
			continue; /* interval reports, prose */
		if (!in_report && strncmp(t, "Number of threads", 17))
			continue;
		r = key_value(t, (size_t)(colon - t), skip_blank(colon + 1), out, &rw_rate,
			      &other_rate);
		if (r) {
			snprintf(err, errlen, "sysbench report line not understood: '%s'", t);
			return r;
		}
	}
	if (out->format == SB_FORMAT_NONE) {
		snprintf(err, errlen,
			 "no 'SQL statistics:' or 'OLTP test statistics:' report in the output");
		return -ENODATA;
	}
	if (out->format == SB_FORMAT_OLTP_0X && rw_rate >= 0 && other_rate >= 0)
		out->qps = rw_rate + other_rate;
	if (!out->total_time_s || (!out->transactions && !out->tps && !out->events)) {
		snprintf(err, errlen, "the sysbench report has no %s",
			 out->total_time_s ? "transactions" : "total time");
		return -EINVAL;
	}
	return 0;
nomem:
	snprintf(err, errlen, "out of memory");
	return -ENOMEM;
}

void sb_report_free(struct sb_report *r)
{
	free(r->hist);
	r->hist = NULL;
	r->nhist = 0;
	r->hist_events = 0;
}

double sb_hist_percentile(const struct sb_bucket *b, size_t n, double pct)
{
	uint64_t total = 0, want, run = 0;
	size_t i;

	if (!n || pct <= 0 || pct > 100)
		return -1;
	for (i = 0; i < n; i++)
		total += b[i].count;
	if (!total)
		return -1;
	want = (uint64_t)floor((double)total * pct / 100 + 0.5);
	for (i = 0; i < n; i++) {
		run += b[i].count;
		if (run >= want)
			return b[i].value_ms;
	}
	return b[n - 1].value_ms;
}

/* equal buckets: the same 3-decimal printed value */
static int same_bucket(double a, double b) { return fabs(a - b) < 0.0005; }

int sb_hist_merge(struct sb_bucket **dst, size_t *ndst, const struct sb_bucket *src, size_t nsrc)
{
	struct sb_bucket *m;
	size_t i = 0, j = 0, k = 0;

	m = malloc((*ndst + nsrc + 1) * sizeof(*m));
	if (!m)
		return -ENOMEM;
	while (i < *ndst || j < nsrc) {
		if (j == nsrc || (i < *ndst && (*dst)[i].value_ms < src[j].value_ms &&
				  !same_bucket((*dst)[i].value_ms, src[j].value_ms))) {
			m[k++] = (*dst)[i++];
		} else if (i == *ndst || !same_bucket((*dst)[i].value_ms, src[j].value_ms)) {
			m[k++] = src[j++];
		} else {
			m[k] = (*dst)[i++];
			m[k++].count += src[j++].count;
		}
	}
	free(*dst);
	*dst = m;
	*ndst = k;
	return 0;
}

unsigned int sb_fatal_lines(const char *text, char *buf, size_t len)
{
	const char *line = text, *nl;
	unsigned int n = 0;
	size_t used = 0, l;

	if (len)
		buf[0] = '\0';
	for (; *line; line = nl ? nl + 1 : line + strlen(line)) {
		nl = strchr(line, '\n');
		l = nl ? (size_t)(nl - line) : strlen(line);
		if (!memmem(line, l, "FATAL", 5) && !memmem(line, l, "ERROR", 5) &&
		    !memmem(line, l, "returned error", 14))
			continue;
		n++;
		if (used + 3 >= len)
			continue;
		if (used) {
			memcpy(buf + used, "; ", 2);
			used += 2;
		}
		if (l > len - used - 1)
			l = len - used - 1;
		memcpy(buf + used, line, l);
		used += l;
		buf[used] = '\0';
	}
	return n;
}

bool sb_reported_fatal(const char *text)
{
	const char *line;

	for (line = text; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL)
		if (!strncmp(line, "FATAL:", 6))
			return true;
	return false;
}
