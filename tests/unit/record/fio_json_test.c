// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_json_test.c - record/fio_json.c, the tolerant scanner of fio's JSON: documents found in
 * the text around them (a real fio 3.33 output with a signal line before it), several documents
 * back to back, nan/inf rewritten, the faults named with their byte, a failed document dropped
 * before a good one, a callback's error ending the scan, json+ bins read by the fast path;
 * hostile texts (random bytes after a '{', large valid JSON that is not fio's) refused; files
 * told apart by content (rec_fio_sniff()) on the real outputs of ../shared/cases.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cases_dir.h"
#include "record/fio_json.h"
#include "record/json.h"

/* What the callbacks saw. */
struct seen {
	size_t tops, jobs, docs, drops, skipped_before, skipped_after;
	size_t doc_start[8], doc_end[8], doc_jobs[8];
	char first_job[64], array[16];
	double read_iops; /* the last job's read.iops */
	int fail_job;	  /* return this from the job callback */
	struct rec_fio_bin *bins;
	size_t nbins;
};

static int top(void *ctx, const char *key, json_object *v)
{
	struct seen *s = ctx;

	(void)key;
	(void)v;
	s->tops++;
	return 0;
}

static int job(void *ctx, const char *array, json_object *j, struct rec_fio_bins *bins)
{
	struct seen *s = ctx;
	json_object *r, *c, *b;

	if (s->fail_job)
		return s->fail_job;
	if (!s->jobs++)
		snprintf(s->first_job, sizeof(s->first_job), "%s", rec_json_str(j, "jobname"));
	snprintf(s->array, sizeof(s->array), "%s", array);
	r = rec_json_get(j, "read");
	if (json_object_object_get_ex(r, "iops", &b))
		s->read_iops = json_object_get_double(b);
	c = rec_json_get(r, "clat_ns");
	if (c && json_object_object_get_ex(c, "bins", &b) && json_object_is_type(b, json_type_int))
		rec_fio_bins_claim(bins, json_object_get_int64(b), 1, &s->bins, &s->nbins);
	return 0;
}

static int doc(void *ctx, size_t start, size_t end, size_t njobs)
{
	struct seen *s = ctx;

	if (s->docs < 8) {
		s->doc_start[s->docs] = start;
		s->doc_end[s->docs] = end;
		s->doc_jobs[s->docs] = njobs;
	}
	s->docs++;
	return 0;
}

static void drop(void *ctx) { ((struct seen *)ctx)->drops++; }

static void skipped(void *ctx, size_t off, bool before)
{
	struct seen *s = ctx;

	(void)off;
	if (before)
		s->skipped_before++;
	else
		s->skipped_after++;
}

static const struct rec_fio_scan_ops ops = {
    .top = top, .job = job, .doc = doc, .drop = drop, .skipped = skipped};

static long scan_text(const char *text, struct seen *s, struct rec_fio_error *e, bool fast)
{
	char *b = strdup(text);
	long n = rec_fio_scan(b, strlen(b), &ops, s, fast, e);

	free(b);
	return n;
}

/* c09: fio 3.33 killed by SIGINT printed "fio: terminating on signal 2" before its JSON */
static void real_output_with_text_before(void **state)
{
	struct seen s = {0};
	struct rec_fio_error e;
	char path[4096], *text;
	size_t len;

	(void)state;
	case_path(path, sizeof(path), "c09-bensonjohnson-fio333-signal-line-before-json/fio.json");
	if (rec_file_read(path, &text, &len))
		fail_msg("%s: cannot read", path);
	assert_int_equal(rec_fio_scan(text, len, &ops, &s, false, &e), 1);
	assert_int_equal(s.skipped_before, 1);
	assert_int_equal(s.skipped_after, 0);
	assert_int_equal(s.doc_start[0], 30); /* after "fio: terminating on signal 2\n" */
	assert_int_equal(s.doc_end[0], len - 1);
	assert_int_equal(s.jobs, 1);
	assert_int_equal(s.doc_jobs[0], 1);
	assert_string_equal(s.first_job, "sequential_read");
	assert_string_equal(s.array, "jobs");
	assert_true(fabs(s.read_iops - 7662.030309) < 1e-6);
	assert_true(s.tops >= 4); /* fio version, timestamp(s), time, global options */
	free(text);
}

/* c33: --status-interval documents back to back, each handed over */
static void real_status_interval(void **state)
{
	struct seen s = {0};
	struct rec_fio_error e;
	char path[4096], *text;
	size_t len;

	(void)state;
	case_path(path, sizeof(path),
		  "c33-bug-fio672-status-interval-concatenated-json/repro-synthetic.txt");
	if (rec_file_read(path, &text, &len))
		fail_msg("%s: cannot read", path);
	assert_int_equal(rec_fio_scan(text, len, &ops, &s, false, &e), 3);
	assert_int_equal(s.docs, 3);
	assert_int_equal(s.drops, 0);
	assert_int_equal(s.doc_end[0] + 1, s.doc_start[1]); /* '\n' between them */
	assert_string_equal(s.first_job, "drive0");
	free(text);
}

static void nonfinite_rewritten(void **state)
{
	static const char text[] = "{\"jobs\":[{\"jobname\":\"nan inf\",\"read\":{\"iops\":-nan,"
				   "\"bw\":inf,\"lat\":[-inf,+inf,1]},\"x\":NaN}]}\n";
	char *b = strdup(text);
	struct seen s = {0};
	struct rec_fio_error e;

	(void)state;
	assert_int_equal(rec_fio_scan(b, strlen(b), &ops, &s, false, &e), 1);
	assert_string_equal(s.first_job, "nan inf"); /* text in a string is left alone */
	assert_true(isnan(s.read_iops));
	assert_int_equal(strlen(b), strlen(text)); /* same length: offsets stay true */
	assert_non_null(strstr(b, "\"iops\":NaN ,"));
	free(b);
}

static void faults(void **state)
{
	struct seen s = {0};
	struct rec_fio_error e;

	(void)state;
	assert_int_equal(scan_text("fio: nothing here\n", &s, &e, false), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_NO_DOCUMENT);
	assert_non_null(strstr(e.msg, "no JSON document found (18 bytes"));
	assert_int_equal(e.off, (size_t)-1);

	assert_int_equal(scan_text("{\"fio version\":\"fio-3.1\"}\n", &s, &e, false), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_NO_JOBS);
	assert_non_null(strstr(e.msg, "expected \"jobs\""));
	assert_int_equal(e.off, 0);

	assert_int_equal(scan_text("{\"jobs\":[]}\n", &s, &e, false), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_EMPTY_JOBS);

	assert_int_equal(scan_text("{\"jobs\":[{\"jobname\":\"a\"\n", &s, &e, false), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_BAD_JSON);

	/* the x is at byte 31 */
	assert_int_equal(scan_text("{\"jobs\":[{\"jobname\":\"j\",\"iops\":x}]}", &s, &e, false),
			 -EINVAL);
	assert_int_equal(e.fault, REC_FIO_BAD_JSON);
	assert_int_equal(e.off, 31);
	assert_non_null(strstr(e.msg, "invalid JSON"));
}

/* Deterministic bytes (xorshift64), any value 0..255: '{', '"', '\n' and "nan" among them. */
static void random_bytes(char *b, size_t n, uint64_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		b[i] = (char)(seed >> 24);
	}
}

/* A real fio output (c09) after @pre: where the scan found it and its job's read IOPS. */
static void expect_c09_after(const char *pre, size_t prelen, bool fast)
{
	struct seen s = {0};
	struct rec_fio_error e;
	char path[4096], *text, *b;
	size_t len;

	case_path(path, sizeof(path), "c09-bensonjohnson-fio333-signal-line-before-json/fio.json");
	if (rec_file_read(path, &text, &len))
		fail_msg("%s: cannot read", path);
	b = malloc(prelen + 1 + len);
	assert_non_null(b);
	memcpy(b, pre, prelen);
	b[prelen] = '\n';
	memcpy(b + prelen + 1, text, len);
	assert_int_equal(rec_fio_scan(b, prelen + 1 + len, &ops, &s, fast, &e), 1);
	assert_int_equal(s.doc_start[0], prelen + 1 + 30); /* its '{' after fio's signal line */
	assert_string_equal(s.first_job, "sequential_read");
	assert_true(fabs(s.read_iops - 7662.030309) < 1e-6); /* as in the file */
	free(b);
	free(text);
}

/* 8 MiB of random bytes after a '{' (hundreds of '{' in column 0, each a failed candidate): no
 * document, the fault of the first named; a real output after them is still found whole. */
static void random_bytes_after_brace(void **state)
{
	const size_t n = (size_t)8 << 20;
	struct seen s = {0};
	struct rec_fio_error e;
	char *b = malloc(n + 1);

	(void)state;
	assert_non_null(b);
	b[0] = '{';
	random_bytes(b + 1, n, 0x9e3779b97f4a7c15ull);
	b[1] = 'x'; /* the first candidate fails on its first byte */
	assert_int_equal(rec_fio_scan(b, n + 1, &ops, &s, false, &e), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_BAD_JSON);
	assert_int_equal(e.off, 1);
	assert_non_null(strstr(e.msg, "expected '\"' starting a key"));
	assert_int_equal(s.docs, 0);
	random_bytes(b + 1, n, 0x9e3779b97f4a7c15ull);
	expect_c09_after(b, n + 1, false);
	expect_c09_after(b, n + 1, true);
	free(b);
}

/* Valid JSON that is no fio output is refused before json-c builds its tree: a value past 4 MiB,
 * top-level values past 4 MiB together, job objects without fio's "jobname". */
static void non_fio_json_refused(void **state)
{
	const size_t n = (size_t)9 << 20;
	struct seen s = {0};
	struct rec_fio_error e;
	char *b = malloc(n + 64);
	size_t k;

	(void)state;
	assert_non_null(b);
	k = (size_t)sprintf(b, "{\"data\": [");
	while (k < n)
		k += (size_t)sprintf(b + k, "{\"id\": %zu, \"v\": [1, 2.5, \"x\"]},\n", k);
	k += (size_t)sprintf(b + k, "0]}\n");
	assert_int_equal(rec_fio_scan(b, k, &ops, &s, false, &e), -EINVAL);
	assert_int_equal(e.fault, REC_FIO_BAD_JSON);
	assert_int_equal(e.off, 9);
	assert_non_null(strstr(e.msg, "larger than 4 MiB: not fio's JSON"));
	assert_int_equal(s.docs, 0);

	k = (size_t)sprintf(b, "{"); /* values of 16 bytes in lines of about 28 */
	for (size_t i = 0; k < n; i++)
		k += (size_t)sprintf(b + k, "\"k%zu\": {\"v\": [1, 2, 3]},\n", i);
	k += (size_t)sprintf(b + k, "\"end\": 0}\n");
	assert_int_equal(rec_fio_scan(b, k, &ops, &s, false, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "values other than the jobs pass 4 MiB"));
	/* 4 MiB of 16-byte values are passed by the 262145th, "k262144" */
	assert_int_equal(e.off, (size_t)(strstr(b, "\"k262144\": ") - b) + 11);

	k = (size_t)sprintf(b, "{\"jobs\": [");
	while (k < n)
		k += (size_t)sprintf(b + k, "{\"id\": %zu},\n", k);
	k += (size_t)sprintf(b + k, "{}]}\n");
	for (int fast = 0; fast < 2; fast++) {
		memset(&s, 0, sizeof(s));
		assert_int_equal(rec_fio_scan(b, k, &ops, &s, fast, &e), -EINVAL);
		assert_int_equal(e.fault, REC_FIO_NO_JOBS);
		assert_int_equal(e.off, 10);
		assert_non_null(strstr(e.msg, "with \"jobname\""));
		assert_int_equal(s.jobs, 0);
		assert_int_equal(s.docs, 0);
	}
	free(b);
}

/* rec_fio_sniff() of case file @rel: its kind, and @why_part in the reason when not fio's JSON. */
static void expect_sniff(const char *rel, enum rec_fio_kind kind, const char *why_part)
{
	char path[4096], why[256] = "", *text;
	size_t len;

	case_path(path, sizeof(path), rel);
	if (rec_file_read(path, &text, &len))
		fail_msg("%s: cannot read", path);
	if (rec_fio_sniff(text, len < 65536 ? len : 65536, why, sizeof(why)) != kind)
		fail_msg("%s: not kind %d (%s)", rel, kind, why);
	if (why_part && !strstr(why, why_part))
		fail_msg("%s: \"%s\" does not say \"%s\"", rel, why, why_part);
	free(text);
}

/* Files told apart by content: fio's JSON after fio's text lines (a signal line, a client/server
 * preamble, warnings), fio's text output, job files, fio's error lines, logs, other data. */
static void sniffed_by_content(void **state)
{
	char why[256], bin[64] = "fio";

	(void)state;
	expect_sniff("c09-bensonjohnson-fio333-signal-line-before-json/fio.json", REC_FIO_DOC,
		     NULL);
	expect_sniff("c14-pbench-fio37-client-server-preamble/fio-result.txt", REC_FIO_DOC, NULL);
	expect_sniff("c31-bug-fio731-warning-lines-before-json/repro-synthetic.txt", REC_FIO_DOC,
		     NULL);
	expect_sniff("c39-bug-fioplot155-client-stats-without-job-options/repro-synthetic.json",
		     REC_FIO_DOC, NULL);
	expect_sniff("c16-cephfio-fio2210-logs-usec-4col/randread-4k.out", REC_FIO_NORMAL,
		     "fio's normal (text) output, not JSON");
	expect_sniff("c16-cephfio-fio2210-logs-usec-4col/bluestore.fio", REC_FIO_TEXT,
		     "a fio job file (its first line: \"[global]\")");
	expect_sniff("c13-whitepau-json-file-with-only-errors/bs_qd_results.json", REC_FIO_TEXT,
		     "its first line: \"Bad option <\u202f>\""); /* a narrow no-break space */
	expect_sniff(
	    "c02-fioplot-fio316-randrw-numjobs8-group/randrw-iodepth-32-numjobs-8_bw.1.log",
	    REC_FIO_TEXT, "text without a fio JSON document");
	assert_int_equal(rec_fio_sniff("{\"data\": [1]}\n", 14, why, sizeof(why)), REC_FIO_JSON);
	assert_non_null(strstr(why, "its first key is \"data\""));
	assert_int_equal(rec_fio_sniff(bin, sizeof(bin), why, sizeof(why)), REC_FIO_BINARY);
	assert_int_equal(rec_fio_sniff(" \n\t", 3, why, sizeof(why)), REC_FIO_EMPTY);
}

/* A document that fails is dropped and the next '{' in column 0 tried; the first fault is not
 * reported when a later document is read. */
static void bad_then_good(void **state)
{
	struct seen s = {0};
	struct rec_fio_error e;

	(void)state;
	assert_int_equal(
	    scan_text("{\"jobs\":[{\"jobname\":\"a\"},\n{\"jobs\":[{\"jobname\":\"b\"}]}\n", &s, &e,
		      false),
	    1);
	assert_int_equal(s.drops, 1);
	assert_int_equal(s.docs, 1);
	assert_int_equal(e.fault, REC_FIO_OK);
	assert_int_equal(s.doc_start[0], 26); /* after the first line */
}

static void callback_error_ends_scan(void **state)
{
	struct seen s = {.fail_job = -ENOMEM};
	struct rec_fio_error e;

	(void)state;
	assert_int_equal(
	    scan_text("{\"jobs\":[{\"jobname\":\"a\"}]}\n{\"jobs\":[{\"jobname\":\"b\"}]}", &s, &e,
		      false),
	    -ENOMEM);
	assert_int_equal(s.docs, 0);
	assert_int_equal(s.drops, 1);
}

/* client/server output: the entries of "client_stats"; a text after the document is said */
static void client_stats_and_text_after(void **state)
{
	struct seen s = {0};
	struct rec_fio_error e;

	(void)state;
	assert_int_equal(
	    scan_text("{\"client_stats\":[{\"jobname\":\"All clients\"}]}\nbye\n", &s, &e, false),
	    1);
	assert_string_equal(s.array, "client_stats");
	assert_int_equal(s.skipped_after, 1);
}

/* json+ bins: the fast path reads them and the job's reader claims them by marker */
static void bins_fast_path(void **state)
{
	struct seen s = {0};
	struct rec_fio_error e;

	(void)state;
	assert_int_equal(scan_text("{\"jobs\":[{\"jobname\":\"a\",\"read\":{\"clat_ns\":{\"bins\":"
				   "{\"300\":1,\"100\":2}}}}]}",
				   &s, &e, true),
			 1);
	assert_int_equal(s.nbins, 2);
	assert_int_equal(s.bins[0].ns, 100); /* sorted */
	assert_int_equal(s.bins[0].count, 2);
	assert_int_equal(s.bins[1].ns, 300);
	free(s.bins);
	/* without the fast path json-c reads them: no marker to claim */
	memset(&s, 0, sizeof(s));
	assert_int_equal(scan_text("{\"jobs\":[{\"jobname\":\"a\",\"read\":{\"clat_ns\":{\"bins\":"
				   "{\"300\":1}}}}]}",
				   &s, &e, false),
			 1);
	assert_null(s.bins);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(real_output_with_text_before),
	    cmocka_unit_test(real_status_interval),
	    cmocka_unit_test(nonfinite_rewritten),
	    cmocka_unit_test(faults),
	    cmocka_unit_test(bad_then_good),
	    cmocka_unit_test(random_bytes_after_brace),
	    cmocka_unit_test(non_fio_json_refused),
	    cmocka_unit_test(sniffed_by_content),
	    cmocka_unit_test(callback_error_ends_scan),
	    cmocka_unit_test(client_stats_and_text_after),
	    cmocka_unit_test(bins_fast_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
