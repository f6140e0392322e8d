// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_json.c - fio's JSON documents found in a text and walked (fio_json.h).
 *
 * The top-level object is walked here key by key; each top-level value and each element of
 * "jobs"/"client_stats" is parsed by json-c on its own, handed over and freed. Keys follow fio's
 * stat.c show_thread_status_json() / add_ddir_status_json() (fio 2.x and 3.x).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record/fio_json.h"

/*
 * The largest job object, and the most bytes of top-level values other than the jobs, that a
 * document may hold: fio's largest (a json+ job with every bin of three directions, its
 * "disk_util" of many disks) are well below 1 MiB. A larger value is no fio output; it is refused
 * before json-c builds its tree (about ten times the text's size in memory).
 */
#define VALUE_MAX ((size_t)4 << 20)

/* One scan: the text, the callbacks, the job being read and the current document's fault. */
struct scan {
	char *b;
	size_t len;
	size_t first; /* the text's first non-blank byte */
	const struct rec_fio_scan_ops *ops;
	void *ctx;
	json_tokener *tok;
	struct rec_fio_bins jb;
	bool bins_fast;
	struct rec_fio_error cur;
	size_t njobs; /* entries handed over in the current document */
};

static int fault(struct scan *s, enum rec_fio_fault f, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Record the current document's fault; returns -EINVAL. */
static int fault(struct scan *s, enum rec_fio_fault f, size_t off, const char *fmt, ...)
{
	va_list ap;

	s->cur.fault = f;
	s->cur.off = off;
	va_start(ap, fmt);
	vsnprintf(s->cur.msg, sizeof(s->cur.msg), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static size_t skip_ws(const char *b, size_t len, size_t i)
{
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	return i;
}

/* Next document candidate at or after @i: '{' in column 0, or @first (the text's first
 * non-blank byte). */
static size_t next_candidate(const char *b, size_t len, size_t first, size_t i)
{
	for (; i < len; i++)
		if (b[i] == '{' && (i == 0 || b[i - 1] == '\n' || b[i - 1] == '\r' || i == first))
			return i;
	return len;
}

static bool blank(const char *b, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (!isspace((unsigned char)b[i]))
			return false;
	return true;
}

static bool token_at(const char *b, size_t len, size_t i, const char *word, size_t *n)
{
	size_t w = strlen(word);

	if (i + w > len || strncasecmp(b + i, word, w))
		return false;
	if (i + w < len && (isalnum((unsigned char)b[i + w]) || b[i + w] == '_'))
		return false;
	*n = w;
	return true;
}

/*
 * The end of the string opened at @open: its closing '"', or the end of its line (a JSON string
 * holds no raw newline, so a quote left open ends there and every scan of a line is bounded by
 * it), or @len.
 */
static size_t quote_end(const char *b, size_t len, size_t open)
{
	for (size_t i = open + 1; i < len; i++) {
		if (b[i] == '\\' && i + 1 < len && b[i + 1] != '\n')
			i++;
		else if (b[i] == '"' || b[i] == '\n')
			return i;
	}
	return len;
}

/*
 * Rewrite nan/inf tokens in value position outside strings to "NaN" plus blanks (same length, so
 * offsets in error messages stay true). json-c 0.16 reads "nan"/"NaN" but not "-nan", "inf",
 * "-inf"; fio prints all four through printf("%f"). The document starting at @from is rewritten
 * up to the next '{' in column 0 outside a string (the next candidate), so each byte of a text of
 * many failed candidates is rewritten once or twice, not once per candidate before it.
 */
static void rewrite_nonfinite(char *b, size_t len, size_t from)
{
	static const char *const words[] = {"-infinity", "infinity", "-nan", "-inf",
					    "+inf",	 "nan",	     "inf"};
	char prev = 0;

	for (size_t i = from; i < len; i++) {
		char c = b[i];
		size_t n;

		if (c == '"') { /* strings are skipped whole: a "nan" in a string is text */
			i = quote_end(b, len, i);
			prev = c;
			continue;
		}
		if (c == '{' && i > from && (b[i - 1] == '\n' || b[i - 1] == '\r'))
			return;
		if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
			continue;
		if ((prev == ':' || prev == ',' || prev == '[') &&
		    (c == '-' || c == '+' || c == 'n' || c == 'N' || c == 'i' || c == 'I')) {
			for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
				if (token_at(b, len, i, words[k], &n)) {
					memcpy(b + i, "NaN", 3);
					memset(b + i + 3, ' ', n - 3);
					i += n - 1;
					break;
				}
			}
		}
		prev = c;
	}
}

/*
 * Bytes of the JSON value at @pos by its brackets and strings alone (json-c validates it after):
 * up to the end of the text when it is not closed, or more than @max when it runs past @max.
 */
static size_t value_span(const char *b, size_t len, size_t pos, size_t max)
{
	size_t depth = 0, lim = len - pos > max ? pos + max + 1 : len;

	for (size_t i = pos; i < lim; i++) {
		char c = b[i];

		if (c == '"')
			i = quote_end(b, lim, i);
		else if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && depth && !--depth)
			return i + 1 - pos;
		if (!depth)
			return i + 1 - pos; /* a scalar: json-c finds its end */
	}
	return lim - pos;
}

/* A value at @pos larger than VALUE_MAX (@what names it): a fault, as no fio output holds one. */
static int too_large(struct scan *s, size_t pos, const char *what)
{
	if (value_span(s->b, s->len, pos, VALUE_MAX) <= VALUE_MAX)
		return 0;
	return fault(s, REC_FIO_BAD_JSON, pos,
		     "%s starting at byte %zu is larger than %zu MiB: not fio's JSON (fio's "
		     "largest are below 1 MiB)",
		     what, pos, VALUE_MAX >> 20);
}

/* Parse one JSON value at @pos with json-c; *end gets the offset after it. */
static json_object *parse_value(struct scan *s, size_t pos, size_t *end, int *rc)
{
	size_t avail = s->len - pos;
	json_object *o;
	enum json_tokener_error e;

	json_tokener_reset(s->tok);
	o = json_tokener_parse_ex(s->tok, s->b + pos, avail > INT_MAX ? INT_MAX : (int)avail);
	e = json_tokener_get_error(s->tok);
	*end = pos + json_tokener_get_parse_end(s->tok);
	if (e == json_tokener_success) {
		*rc = 0;
		return o;
	}
	json_object_put(o);
	if (e == json_tokener_continue)
		*rc = fault(s, REC_FIO_BAD_JSON, *end,
			    "unexpected end of input in the JSON value starting at byte %zu", pos);
	else
		*rc = fault(s, REC_FIO_BAD_JSON, *end,
			    "invalid JSON (%s) in the value starting at byte %zu",
			    json_tokener_error_desc(e), pos);
	return NULL;
}

/* A plain top-level key (fio's keys have no escapes); *end is after the closing quote. */
static int scan_key(struct scan *s, size_t pos, char *key, size_t keysz, size_t *end)
{
	size_t i = pos + 1, k = 0;

	if (pos >= s->len || s->b[pos] != '"')
		return fault(s, REC_FIO_BAD_JSON, pos,
			     "expected '\"' starting a key of the fio document");
	for (; i < s->len && s->b[i] != '"' && s->b[i] != '\n'; i++) {
		if (s->b[i] == '\\')
			i++;
		if (k + 1 < keysz)
			key[k++] = s->b[i];
	}
	if (i >= s->len || s->b[i] != '"')
		return fault(s, REC_FIO_BAD_JSON, pos, "unterminated key string");
	key[k] = '\0';
	*end = i + 1;
	return 0;
}

/*
 * Parse the job object at @pos: with the fast path its bins objects are read by fio_bins.c and
 * json-c parses the rest. Errors are found again on the original text so their offsets are true.
 */
static json_object *parse_job(struct scan *s, size_t pos, size_t *end, int *rc)
{
	const char *text;
	size_t tlen, jend;
	json_object *o;

	if (!s->bins_fast)
		return (*rc = too_large(s, pos, "a job object")) ? NULL
								 : parse_value(s, pos, end, rc);
	*rc = rec_fio_bins_scan(&s->jb, s->b, s->len, pos, &jend);
	if (*rc < 0)
		return NULL;
	if (*rc > 0 || jend - pos > VALUE_MAX) /* not closed (json-c says where), or huge */
		return (*rc = too_large(s, pos, "a job object")) ? NULL
								 : parse_value(s, pos, end, rc);
	if (!s->jb.n) /* no bins to skip */
		return parse_value(s, pos, end, rc);
	text = rec_fio_bins_text(&s->jb, s->b, pos, jend, &tlen);
	if (!text) {
		*rc = -ENOMEM;
		return NULL;
	}
	json_tokener_reset(s->tok);
	o = json_tokener_parse_ex(s->tok, text, (int)(tlen > INT_MAX ? INT_MAX : tlen));
	if (json_tokener_get_error(s->tok) == json_tokener_success) {
		*end = jend;
		*rc = 0;
		return o;
	}
	json_object_put(o);
	o = parse_value(s, pos, end, rc);
	if (o) { /* cannot happen: the rewrite keeps the text valid JSON; be safe */
		json_object_put(o);
		*rc = fault(s, REC_FIO_BAD_JSON, pos,
			    "invalid JSON in the job object starting at byte %zu", pos);
	}
	return NULL;
}

static int read_jobs(struct scan *s, const char *array, size_t *pos)
{
	size_t i = skip_ws(s->b, s->len, *pos);
	int rc;

	if (i >= s->len || s->b[i] != '[')
		return fault(s, REC_FIO_BAD_JSON, i, "expected '[' starting the jobs array");
	i = skip_ws(s->b, s->len, i + 1);
	while (i < s->len && s->b[i] != ']') {
		size_t end;
		json_object *job = parse_job(s, i, &end, &rc);

		if (!job)
			return rc;
		if (json_object_get_type(job) != json_type_object)
			rc = fault(s, REC_FIO_BAD_JSON, i,
				   "expected a job object in the jobs array");
		else if (!json_object_object_get_ex(job, "jobname", NULL))
			rc = fault(s, REC_FIO_NO_JOBS, i,
				   "expected a fio job object (with \"jobname\", as every fio "
				   "writes) in the %s array",
				   array);
		else if (s->ops->job)
			rc = s->ops->job(s->ctx, array, job, &s->jb);
		s->njobs += rc == 0;
		json_object_put(job);
		if (rc)
			return rc;
		i = skip_ws(s->b, s->len, end);
		if (i < s->len && s->b[i] == ',')
			i = skip_ws(s->b, s->len, i + 1);
		else if (i >= s->len || s->b[i] != ']')
			return fault(s, REC_FIO_BAD_JSON, i,
				     "expected ',' or ']' after a job object");
	}
	if (i >= s->len)
		return fault(s, REC_FIO_BAD_JSON, i, "unexpected end of input in the jobs array");
	*pos = i + 1;
	return 0;
}

/* Walk the document whose '{' is at @start; *end gets the offset after its '}'. A fault is
 * -EINVAL (s->cur says why); any other non-zero value ends the scan. */
static int walk_doc(struct scan *s, size_t start, size_t *end)
{
	bool have_jobs = false;
	size_t i = skip_ws(s->b, s->len, start + 1), topbytes = 0;
	int rc = 0;

	s->njobs = 0;
	while (i < s->len && s->b[i] != '}') {
		char key[64];
		size_t vend;
		json_object *v;

		if ((rc = scan_key(s, i, key, sizeof(key), &i)))
			return rc;
		i = skip_ws(s->b, s->len, i);
		if (i >= s->len || s->b[i] != ':')
			return fault(s, REC_FIO_BAD_JSON, i, "expected ':' after the key \"%s\"",
				     key);
		i = skip_ws(s->b, s->len, i + 1);
		if (!strcmp(key, "jobs") || !strcmp(key, "client_stats")) {
			have_jobs = true;
			if ((rc = read_jobs(s, key, &i)))
				return rc;
		} else {
			if ((rc = too_large(s, i, "a top-level value")))
				return rc;
			v = parse_value(s, i, &vend, &rc);
			if (!v && rc)
				return rc;
			rc = s->ops->top ? s->ops->top(s->ctx, key, v) : 0;
			json_object_put(v);
			if (rc)
				return rc;
			if ((topbytes += vend - i) > VALUE_MAX)
				return fault(
				    s, REC_FIO_BAD_JSON, i,
				    "the document's values other than the jobs pass %zu MiB "
				    "at byte %zu: not fio's JSON",
				    VALUE_MAX >> 20, i);
			i = vend;
		}
		i = skip_ws(s->b, s->len, i);
		if (i < s->len && s->b[i] == ',')
			i = skip_ws(s->b, s->len, i + 1);
		else if (i >= s->len || s->b[i] != '}')
			return fault(s, REC_FIO_BAD_JSON, i,
				     "expected ',' or '}' after the value of \"%s\"", key);
	}
	if (i >= s->len)
		return fault(
		    s, REC_FIO_BAD_JSON, i,
		    "unexpected end of input: the fio document starting at byte %zu is not "
		    "closed",
		    start);
	*end = i + 1;
	if (!have_jobs)
		return fault(s, REC_FIO_NO_JOBS, start,
			     "expected \"jobs\" or \"client_stats\" in the fio JSON document");
	if (!s->njobs)
		return fault(s, REC_FIO_EMPTY_JOBS, start,
			     "no jobs in the fio JSON document (empty jobs array)");
	return 0;
}

long rec_fio_scan(char *buf, size_t len, const struct rec_fio_scan_ops *ops, void *ctx,
		  bool bins_fast, struct rec_fio_error *err)
{
	struct scan s = {.b = buf,
			 .len = len,
			 .first = skip_ws(buf, len, 0),
			 .ops = ops,
			 .ctx = ctx,
			 .bins_fast = bins_fast};
	size_t pos = 0;
	long n = 0;
	int rc = 0;

	*err = (struct rec_fio_error){.fault = REC_FIO_OK, .off = (size_t)-1};
	if (!(s.tok = json_tokener_new()))
		return -ENOMEM;
	while (pos < len) {
		size_t c = next_candidate(buf, len, s.first, pos), end = 0;

		if (c >= len)
			break;
		if (!blank(buf, pos, c) && ops->skipped)
			ops->skipped(ctx, c, true);
		rewrite_nonfinite(buf, len, c);
		rc = walk_doc(&s, c, &end);
		if (rc == -EINVAL && s.cur.fault != REC_FIO_OK) {
			if (ops->drop)
				ops->drop(ctx);
			if (err->fault == REC_FIO_OK)
				*err = s.cur;
			s.cur.fault = REC_FIO_OK;
			pos = c + 1;
			rc = 0;
			continue;
		}
		if (!rc && ops->doc)
			rc = ops->doc(ctx, c, end, s.njobs);
		if (rc) {
			if (ops->drop)
				ops->drop(ctx);
			goto out;
		}
		n++;
		pos = end;
		if (!blank(buf, pos, next_candidate(buf, len, s.first, pos)) && ops->skipped)
			ops->skipped(ctx, pos, false);
	}
	if (!n && err->fault == REC_FIO_OK) {
		err->fault = REC_FIO_NO_DOCUMENT;
		snprintf(err->msg, sizeof(err->msg),
			 "no JSON document found (%zu bytes, expected fio JSON starting with '{')",
			 len);
	}
	if (n)
		*err = (struct rec_fio_error){.fault = REC_FIO_OK, .off = (size_t)-1};
	rc = n ? 0 : -EINVAL;
out:
	rec_fio_bins_free(&s.jb);
	json_tokener_free(s.tok);
	return rc ? rc : n;
}

/* The first key of the object whose '{' is at @open, into @key ("" when there is none). */
static void first_key(const char *b, size_t len, size_t open, char *key, size_t keylen)
{
	size_t i = skip_ws(b, len, open + 1), k = 0;

	if (i < len && b[i] == '"')
		for (i++; i < len && b[i] != '"' && b[i] != '\n' && k + 1 < keylen; i++)
			key[k++] = b[i];
	key[k] = '\0';
}

/* A key "@key" (with its quotes, then ':') in [@from, @len). */
static bool has_key(const char *b, size_t len, size_t from, const char *key)
{
	size_t kl = strlen(key);

	for (const char *p = b + from; (p = memmem(p, len - (size_t)(p - b), key, kl)); p += kl) {
		size_t i = skip_ws(b, len, (size_t)(p - b) + kl);

		if (p > b && p[-1] == '"' && i < len && b[i] == '"' &&
		    skip_ws(b, len, i + 1) < len && b[skip_ws(b, len, i + 1)] == ':')
			return true;
	}
	return false;
}

/* The first line of @b that is not blank, for a message. */
static void first_line(const char *b, size_t len, char *out, size_t outlen)
{
	size_t i = skip_ws(b, len, 0), n = 0;

	while (i + n < len && b[i + n] != '\n' && b[i + n] != '\r' && n < 60)
		n++;
	snprintf(out, outlen, "%.*s%s", (int)n, b + i, i + n < len && n == 60 ? "..." : "");
}

enum rec_fio_kind rec_fio_sniff(const char *text, size_t len, char *why, size_t whylen)
{
	size_t first = skip_ws(text, len, 0), c = next_candidate(text, len, first, 0);
	char key[64], line[80];
	char dummy[1];

	if (!why) {
		why = dummy;
		whylen = sizeof(dummy);
	}
	if (first >= len) {
		snprintf(why, whylen, "empty");
		return REC_FIO_EMPTY;
	}
	if (memchr(text, '\0', c < len ? c : len)) {
		snprintf(why, whylen, "binary data, not fio's output");
		return REC_FIO_BINARY;
	}
	for (; c < len; c = next_candidate(text, len, first, c + 1)) {
		first_key(text, len, c, key, sizeof(key));
		if (!strcmp(key, "fio version") || has_key(text, len, c, "jobs") ||
		    has_key(text, len, c, "client_stats"))
			return REC_FIO_DOC;
	}
	c = next_candidate(text, len, first, 0);
	if (c < len) {
		first_key(text, len, c, key, sizeof(key));
		snprintf(why, whylen,
			 "JSON that is not fio's (its first key is \"%s\"; fio's is \"fio "
			 "version\", with \"jobs\" or \"client_stats\")",
			 key);
		return REC_FIO_JSON;
	}
	if (memmem(text, len, "(groupid=", 9) && memmem(text, len, "err=", 4)) {
		snprintf(why, whylen,
			 "fio's normal (text) output, not JSON (run fio with "
			 "--output-format=json, or json+)");
		return REC_FIO_NORMAL;
	}
	first_line(text, len, line, sizeof(line));
	if (line[0] == '[' && strchr(line, ']'))
		snprintf(why, whylen, "a fio job file (its first line: \"%s\"), not fio's output",
			 line);
	else
		snprintf(why, whylen, "text without a fio JSON document (its first line: \"%s\")",
			 line);
	return REC_FIO_TEXT;
}
