// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpcc_parse.c - tpcc.lua's own lines as numbers (tpcc_parse.h). Pure: the caller reads the
 * files. Each line is "tpcc-<kind> key=value ..."; "what=" runs to the end of its line.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tpcc_parse.h"

const char *const tpcc_type_names[TPCC_NTYPES] = {
    "new_order", "payment", "order_status", "delivery", "stock_level",
};

/* sysbench 1.0's histogram (src/sb_histogram.c): size 1024, range 0.001 .. 100000 ms */
#define HIST_SIZE 1024
#define HIST_MIN 0.001
#define HIST_MAX 100000.0

double tpcc_bucket_ms(unsigned long index)
{
	double deduct = log(HIST_MIN), mult = (HIST_SIZE - 1) / (log(HIST_MAX) - deduct);

	return index < HIST_SIZE ? exp((double)index / mult + deduct) : -1;
}

/* the value of "key=" in @line (up to the next blank), or NULL */
static const char *field(const char *line, const char *key, char *buf, size_t len)
{
	size_t kl = strlen(key), n;
	const char *p = line;

	while ((p = strstr(p, key))) {
		if ((p == line || p[-1] == ' ') && p[kl] == '=') {
			p += kl + 1;
			n = strcspn(p, " \n");
			if (n >= len)
				n = len - 1;
			memcpy(buf, p, n);
			buf[n] = '\0';
			return buf;
		}
		p += kl;
	}
	return NULL;
}

static int u64_field(const char *line, const char *key, uint64_t *out)
{
	char buf[32], *end;
	const char *v = field(line, key, buf, sizeof(buf));

	if (!v || !*v)
		return -EINVAL;
	*out = strtoull(v, &end, 10);
	return *end ? -EINVAL : 0;
}

/* "390:1,398:2" into a histogram (buckets ascending by index, so by value) */
static int parse_hist(const char *v, struct sb_bucket **out, size_t *n)
{
	struct sb_bucket *b = NULL, *nb;
	size_t cap = 0, k = 0;
	char *end;

	while (*v && *v != ' ' && *v != '\n') {
		unsigned long i = strtoul(v, &end, 10);

		if (end == v || *end != ':' || tpcc_bucket_ms(i) < 0)
			goto bad;
		v = end + 1;
		if (k == cap) {
			cap = cap ? cap * 2 : 64;
			nb = realloc(b, cap * sizeof(*b));
			if (!nb) {
				free(b);
				return -ENOMEM;
			}
			b = nb;
		}
		b[k].value_ms = tpcc_bucket_ms(i);
		b[k].count = strtoull(v, &end, 10);
		if (end == v || (k && b[k].value_ms <= b[k - 1].value_ms))
			goto bad;
		k++;
		v = *end == ',' ? end + 1 : end;
	}
	*out = b;
	*n = k;
	return 0;
bad:
	free(b);
	return -EINVAL;
}

int tpcc_types_add(struct tpcc_type_stats *dst, const struct tpcc_type_stats *src)
{
	for (size_t i = 0; i < TPCC_NTYPES; i++) {
		struct tpcc_type_stats *d = &dst[i];
		const struct tpcc_type_stats *s = &src[i];

		if (s->nhist && sb_hist_merge(&d->hist, &d->nhist, s->hist, s->nhist))
			return -ENOMEM;
		d->done += s->done;
		d->rolled_back += s->rolled_back;
		d->retries += s->retries;
		d->deadlocks += s->deadlocks;
		d->serialization += s->serialization;
		d->lat_sum_ms += s->lat_sum_ms;
	}
	return 0;
}

/* one "tpcc-stats" line into @t */
static int stats_line(const char *line, struct tpcc_instance *t, char *err, size_t errlen,
		      unsigned int no)
{
	struct tpcc_type_stats one[TPCC_NTYPES] = {0}, *s;
	char name[32], lat[48], *end;
	const char *h;
	size_t k;
	int r;

	if (!field(line, "type", name, sizeof(name))) {
		snprintf(err, errlen, "tpcc-stats line %u: no type=", no);
		return -EINVAL;
	}
	for (k = 0; k < TPCC_NTYPES && strcmp(name, tpcc_type_names[k]); k++)
		;
	if (k == TPCC_NTYPES) {
		snprintf(err, errlen, "tpcc-stats line %u: unknown type '%s'", no, name);
		return -EINVAL;
	}
	s = &one[k];
	h = strstr(line, " hist=");
	if (u64_field(line, "done", &s->done) || u64_field(line, "rolled_back", &s->rolled_back) ||
	    u64_field(line, "retries", &s->retries) ||
	    u64_field(line, "deadlocks", &s->deadlocks) ||
	    u64_field(line, "serialization", &s->serialization) ||
	    !field(line, "lat_sum_ms", lat, sizeof(lat)) || !h) {
		snprintf(err, errlen,
			 "tpcc-stats line %u: expected done, rolled_back, retries, "
			 "deadlocks, serialization, lat_sum_ms and hist",
			 no);
		return -EINVAL;
	}
	s->lat_sum_ms = strtod(lat, &end);
	if (*end) {
		snprintf(err, errlen, "tpcc-stats line %u: lat_sum_ms=%s is not a number", no, lat);
		return -EINVAL;
	}
	r = parse_hist(h + 6, &s->hist, &s->nhist);
	if (r == -EINVAL)
		snprintf(err, errlen, "tpcc-stats line %u: hist= is not bucket:count pairs", no);
	if (!r)
		r = tpcc_types_add(t->type, one);
	free(s->hist);
	if (r == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	return r;
}

/* calls @fn on each line of @text starting with @prefix; returns the first error */
static int each_line(const char *text, const char *prefix,
		     int (*fn)(const char *line, struct tpcc_instance *t, char *err, size_t errlen,
			       unsigned int no),
		     struct tpcc_instance *t, char *err, size_t errlen, unsigned int *count)
{
	char buf[65536];
	const char *line, *nl;
	size_t len, pl = strlen(prefix);
	int r;

	*count = 0;
	for (line = text; *line; line = nl ? nl + 1 : line + len) {
		nl = strchr(line, '\n');
		len = nl ? (size_t)(nl - line) : strlen(line);
		if (len < pl || strncmp(line, prefix, pl))
			continue;
		if (len >= sizeof(buf)) {
			snprintf(err, errlen, "%s line %u: longer than %zu bytes", prefix,
				 *count + 1, sizeof(buf));
			return -EINVAL;
		}
		memcpy(buf, line, len);
		buf[len] = '\0';
		r = fn(buf, t, err, errlen, ++*count);
		if (r)
			return r;
	}
	return 0;
}

int tpcc_parse_stats(const char *text, struct tpcc_instance *t, char *err, size_t errlen)
{
	unsigned int n;
	int r = each_line(text, "tpcc-stats ", stats_line, t, err, errlen, &n);

	t->stats_lines += n;
	if (!r && !n) {
		snprintf(err, errlen, "no tpcc-stats lines (not the output of tpcc.lua's run)");
		return -ENODATA;
	}
	return r;
}

/* one "tpcc-check" line into @t */
static int check_line(const char *line, struct tpcc_instance *t, char *err, size_t errlen,
		      unsigned int no)
{
	struct tpcc_condition *c;
	uint64_t k;
	const char *v, *what;
	size_t used;

	if (u64_field(line, "condition", &k) || k < 1 || k > TPCC_NCONDITIONS) {
		snprintf(err, errlen, "tpcc-check line %u: condition= is not 1 to %d", no,
			 TPCC_NCONDITIONS);
		return -EINVAL;
	}
	c = &t->cond[k - 1];
	v = strstr(line, " violation ");
	if (v) { /* "violation w_id=1 w_ytd=...": kept as printed */
		used = strlen(c->examples);
		snprintf(c->examples + used, sizeof(c->examples) - used, "%s%s", used ? "; " : "",
			 v + 11);
		return 0;
	}
	what = strstr(line, " what=");
	if (u64_field(line, "checked", &c->checked) ||
	    u64_field(line, "violations", &c->violations) || !what) {
		snprintf(err, errlen, "tpcc-check line %u: expected checked, violations and what",
			 no);
		return -EINVAL;
	}
	snprintf(c->what, sizeof(c->what), "%s", what + 6);
	c->seen = true;
	return 0;
}

int tpcc_parse_check(const char *text, struct tpcc_instance *t, char *err, size_t errlen)
{
	unsigned int n, k;
	int r = each_line(text, "tpcc-check ", check_line, t, err, errlen, &n);

	if (r)
		return r;
	for (k = 0; k < TPCC_NCONDITIONS; k++) {
		if (!t->cond[k].seen) {
			snprintf(err, errlen,
				 "consistency condition %u was not reported (the check "
				 "did not finish)",
				 k + 1);
			return -ENODATA;
		}
	}
	t->checked = true;
	return 0;
}

int tpcc_check_verdict(const struct tpcc_instance *t, unsigned int id, char *msg, size_t len)
{
	size_t used = 0;
	int r = 0;

	msg[0] = '\0';
	if (!t || !t->checked) {
		snprintf(msg, len, "db%u: the TPC-C consistency conditions were not checked", id);
		return -ENODATA;
	}
	for (unsigned int k = 0; k < TPCC_NCONDITIONS; k++) {
		const struct tpcc_condition *c = &t->cond[k];

		if (!c->violations)
			continue;
		snprintf(msg + used, len - used,
			 "%sdb%u: TPC-C consistency condition %u (%s) fails on %" PRIu64
			 " of %" PRIu64 " rows: %s",
			 used ? "; " : "", id, k + 1, c->what, c->violations, c->checked,
			 c->examples[0] ? c->examples : "(no example printed)");
		used = strlen(msg);
		r = -EPROTO;
	}
	return r;
}

void tpcc_types_free(struct tpcc_type_stats *ts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(ts[i].hist);
		ts[i].hist = NULL;
		ts[i].nhist = 0;
	}
}

void tpcc_instance_free(struct tpcc_instance *t)
{
	if (!t)
		return;
	tpcc_types_free(t->type, TPCC_NTYPES);
	free(t);
}
