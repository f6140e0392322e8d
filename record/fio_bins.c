// SPDX-License-Identifier: GPL-2.0-only
/* fio_bins.c - json+ "bins" read without json-c; why and how in fio_bins.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/fio_bins.h"

#define UINT_DIGITS_MAX 19 /* every 19-digit decimal fits in uint64_t */

static size_t skip_blank(const char *b, size_t len, size_t i)
{
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	return i;
}

/* A decimal unsigned integer at *i (no sign, no fraction, no exponent); *i moves past it. */
static int read_uint(const char *b, size_t len, size_t *i, uint64_t *out)
{
	size_t k = *i;
	uint64_t v = 0;

	while (k < len && b[k] >= '0' && b[k] <= '9' && k - *i < UINT_DIGITS_MAX)
		v = v * 10 + (uint64_t)(b[k++] - '0');
	if (k == *i || (k < len && ((b[k] >= '0' && b[k] <= '9') || b[k] == '.' || b[k] == 'e' ||
				    b[k] == 'E')))
		return -EINVAL;
	*i = k;
	*out = v;
	return 0;
}

static int push_bin(struct rec_fio_bins_set *s, size_t *cap, uint64_t key, uint64_t count)
{
	if (s->n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		struct rec_fio_bin *nb = realloc(s->bins, ncap * sizeof(*nb));

		if (!nb)
			return -ENOMEM;
		s->bins = nb;
		*cap = ncap;
	}
	if (s->n && key <= s->bins[s->n - 1].ns)
		s->sorted = 0;
	s->bins[s->n++] = (struct rec_fio_bin){key, count};
	return 0;
}

/*
 * Read the bins object whose '{' is at @i: { "<uint>" : <uint>, ... }. Return: 0 with s filled and
 * s->to set; -EINVAL when the object has any other form (s is emptied: json-c reads it); -ENOMEM.
 */
static int read_set(const char *b, size_t len, size_t i, struct rec_fio_bins_set *s)
{
	size_t cap = 0;
	int rc;

	*s = (struct rec_fio_bins_set){.from = i, .sorted = 1};
	i = skip_blank(b, len, i + 1);
	if (i < len && b[i] == '}') {
		s->to = i + 1;
		return 0;
	}
	for (;;) {
		uint64_t key, count;

		if (i >= len || b[i] != '"')
			break;
		i++;
		if (read_uint(b, len, &i, &key) || i >= len || b[i] != '"')
			break;
		i = skip_blank(b, len, i + 1);
		if (i >= len || b[i] != ':')
			break;
		i = skip_blank(b, len, i + 1);
		if (read_uint(b, len, &i, &count))
			break;
		rc = push_bin(s, &cap, key, count);
		if (rc)
			goto fail;
		i = skip_blank(b, len, i);
		if (i < len && b[i] == '}') {
			struct rec_fio_bin *fit =
			    realloc(s->bins, s->n * sizeof(*fit)); /* give back the slack */

			if (fit)
				s->bins = fit;
			s->to = i + 1;
			return 0;
		}
		if (i >= len || b[i] != ',')
			break;
		i = skip_blank(b, len, i + 1);
	}
	rc = -EINVAL;
fail:
	free(s->bins);
	s->bins = NULL;
	s->n = 0;
	return rc;
}

/* After the string whose closing quote is at @q: is it the key "bins" of an object value? */
static size_t bins_value_at(const char *b, size_t len, size_t open, size_t q)
{
	size_t k;

	if (q - open != 5 || memcmp(b + open + 1, "bins", 4))
		return 0;
	k = skip_blank(b, len, q + 1);
	if (k >= len || b[k] != ':')
		return 0;
	k = skip_blank(b, len, k + 1);
	return k < len && b[k] == '{' ? k : 0;
}

size_t rec_json_string_end(const char *b, size_t len, size_t open)
{
	size_t i = open + 1;

	for (;;) {
		const char *q = memchr(b + i, '"', len - i);
		size_t k, slashes = 0;

		if (!q)
			return len;
		k = (size_t)(q - b);
		while (k - slashes > open + 1 && b[k - slashes - 1] == '\\')
			slashes++;
		if (!(slashes & 1))
			return k;
		i = k + 1;
	}
}

static void drop_sets(struct rec_fio_bins *jb)
{
	for (size_t k = 0; k < jb->n; k++)
		free(jb->set[k].bins);
	jb->n = 0;
}

static int add_set(struct rec_fio_bins *jb, const char *b, size_t len, size_t at, size_t *next)
{
	struct rec_fio_bins_set s;
	int rc;

	rc = read_set(b, len, at, &s);
	if (rc)
		return rc == -EINVAL ? 0 : rc; /* another form: left to json-c */
	if (jb->n == jb->cap) {
		size_t ncap = jb->cap ? jb->cap * 2 : 8;
		struct rec_fio_bins_set *ns = realloc(jb->set, ncap * sizeof(*ns));

		if (!ns) {
			free(s.bins);
			return -ENOMEM;
		}
		jb->set = ns;
		jb->cap = ncap;
	}
	jb->set[jb->n++] = s;
	*next = s.to;
	return 0;
}

int rec_fio_bins_scan(struct rec_fio_bins *jb, const char *b, size_t len, size_t start, size_t *end)
{
	size_t depth = 0, i = start;
	int rc;

	drop_sets(jb);
	while (i < len) {
		char ch = b[i];

		if (ch == '"') {
			size_t q = rec_json_string_end(b, len, i), v, next = 0;

			if (q >= len)
				return 1;
			v = bins_value_at(b, len, i, q);
			if (v) {
				rc = add_set(jb, b, len, v, &next);
				if (rc)
					return rc;
			}
			i = next ? next : q + 1;
			continue;
		}
		if (ch == '{' || ch == '[') {
			depth++;
		} else if (ch == '}' || ch == ']') {
			if (depth <= 1) {
				*end = i + 1;
				return 0;
			}
			depth--;
		}
		i++;
	}
	return 1;
}

const char *rec_fio_bins_text(struct rec_fio_bins *jb, const char *b, size_t start, size_t end,
			      size_t *n)
{
	size_t need = end - start + jb->n * 24 + 1, o = 0, prev = start;

	if (!jb->n) {
		*n = end - start;
		return b + start;
	}
	if (need > jb->textcap) {
		char *t = realloc(jb->text, need);

		if (!t)
			return NULL;
		jb->text = t;
		jb->textcap = need;
	}
	for (size_t k = 0; k < jb->n; k++) {
		memcpy(jb->text + o, b + prev, jb->set[k].from - prev);
		o += jb->set[k].from - prev;
		o += (size_t)snprintf(jb->text + o, 24, "-%zu", k + 1);
		prev = jb->set[k].to;
	}
	memcpy(jb->text + o, b + prev, end - prev);
	o += end - prev;
	jb->text[o] = '\0';
	*n = o;
	return jb->text;
}

static int cmp_bin_ns(const void *a, const void *b)
{
	const struct rec_fio_bin *x = a, *y = b;

	return (x->ns > y->ns) - (x->ns < y->ns);
}

int rec_fio_bins_claim(struct rec_fio_bins *jb, int64_t marker, double scale,
		       struct rec_fio_bin **bins, size_t *n)
{
	struct rec_fio_bins_set *s;

	if (!jb || marker >= 0 || marker < -(int64_t)jb->n)
		return 0;
	s = &jb->set[-marker - 1];
	if (!s->bins && s->n)
		return 0; /* claimed already */
	if (scale != 1)
		for (size_t i = 0; i < s->n; i++)
			s->bins[i].ns = (uint64_t)((double)s->bins[i].ns * scale);
	if (!s->sorted)
		qsort(s->bins, s->n, sizeof(*s->bins), cmp_bin_ns);
	free(*bins);
	*bins = s->bins;
	*n = s->n;
	s->bins = NULL;
	return 0;
}

void rec_fio_bins_free(struct rec_fio_bins *jb)
{
	drop_sets(jb);
	free(jb->set);
	free(jb->text);
	*jb = (struct rec_fio_bins){0};
}
