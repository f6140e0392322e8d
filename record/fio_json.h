/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_json.h - fio's JSON output (--output-format=json or json+, any fio from 2.x to 3.4x, local
 * or client/server) found in a text and walked document by document: the one reader of fio's
 * JSON that ssd-review's result check, pts/ and ssdreport build on. What each key means, in base
 * units whatever the version, is fio_keys.h; a whole document as one json-c tree is fio_doc.h.
 *
 * Tolerated, as fio's outputs are known to be odd:
 *  - text before, between and after documents (the engine's or fio's messages written into the
 *    --output file, client/server banners): skipped; a document starts with '{' in column 0 (or
 *    is the text's first non-blank character) and must hold "jobs" or "client_stats";
 *  - several documents back to back (--status-interval): each is handed over in order;
 *  - nan/inf: json-c 0.16 reads "nan" but not "-nan", "inf", "-inf", which fio prints through
 *    printf("%f"); those are rewritten to NaN in place, same length, before parsing, so offsets
 *    in error messages stay true (a "nan" in a string is text, left alone);
 *  - a document that is not JSON or not closed: skipped, the next '{' in column 0 tried.
 * Refused as no fio output (a fault, the next candidate tried): a job object or a top-level value
 * larger than 4 MiB, or top-level values other than the jobs past 4 MiB together (fio's largest
 * are below 1 MiB; json-c's tree of a value is about ten times its text), and an entry of "jobs"
 * or "client_stats" without fio's "jobname". A string's scan ends at its line's end (JSON strings
 * hold no raw newline), so a text of many failed candidates (random bytes after a '{') is read in
 * time linear in its size.
 * Each job object is parsed by json-c on its own and dropped once handed over, so memory holds
 * the text and one job tree, not the whole document tree; with @bins_fast the json+ "bins"
 * objects are read by the fast path (fio_bins.h) and claimed by the job's reader.
 */
#ifndef SSDENG_RECORD_FIO_JSON_H
#define SSDENG_RECORD_FIO_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "record/fio_bins.h"

/* Why a text held no usable document. */
enum rec_fio_fault {
	REC_FIO_OK = 0,
	REC_FIO_NO_DOCUMENT, /* no '{' starting a document */
	REC_FIO_BAD_JSON,    /* a document that is not JSON, or not closed */
	REC_FIO_NO_JOBS,     /* a document without "jobs" or "client_stats" */
	REC_FIO_EMPTY_JOBS,  /* ... whose array is empty */
};

/* The fault of the first document that failed (when none was kept). */
struct rec_fio_error {
	enum rec_fio_fault fault;
	size_t off; /* byte offset of the fault in the text, (size_t)-1: none */
	char
	    msg[512]; /* what was expected: "invalid JSON (...) in the value starting at byte 12" */
};

/* What a scan hands over, in the text's order. Every callback may be NULL. */
struct rec_fio_scan_ops {
	/* a member of the document other than "jobs" and "client_stats" (@v NULL for null) */
	int (*top)(void *ctx, const char *key, json_object *v);
	/*
	 * one entry of the document's "jobs" or "client_stats" array (@array names which); with
	 * bins_fast its "bins" objects read by the fast path are integers -1, -2, ... that
	 * rec_fio_bins_claim(@bins, ...) turns into the bins
	 */
	int (*job)(void *ctx, const char *array, json_object *job, struct rec_fio_bins *bins);
	/* the document [@start, @end) was read whole, with @njobs entries */
	int (*doc)(void *ctx, size_t start, size_t end, size_t njobs);
	/* the document whose members and jobs were handed over failed: forget them */
	void (*drop)(void *ctx);
	/* text that is no document, before (@before) or after the document at @off */
	void (*skipped)(void *ctx, size_t off, bool before);
};

/**
 * rec_fio_scan() - every fio JSON document in a text, handed over member by member.
 * @buf:       the text; modified in place (nan/inf rewritten), need not be NUL-terminated
 * @len:       bytes in @buf
 * @ops, @ctx: the callbacks; a callback's non-zero return ends the scan with that value
 * @bins_fast: read json+ bins objects by the fast path (fio_bins.h)
 * @err:       when no document was read whole: why (the first failed document's fault, or
 *             REC_FIO_NO_DOCUMENT)
 * Return: the number of documents read whole (>= 1); -EINVAL with @err set; -ENOMEM; or a
 * callback's value.
 */
long rec_fio_scan(char *buf, size_t len, const struct rec_fio_scan_ops *ops, void *ctx,
		  bool bins_fast, struct rec_fio_error *err);

/* What the start of a file is, to fio's reader (rec_fio_sniff()). */
enum rec_fio_kind {
	REC_FIO_DOC,	/* fio's JSON: a document after fio's text lines, if any */
	REC_FIO_NORMAL, /* fio's normal (text) output: "(groupid=0, jobs=1): err= 0" */
	REC_FIO_JSON,	/* a JSON document that is not fio's */
	REC_FIO_TEXT,	/* text without a JSON document */
	REC_FIO_BINARY, /* a NUL byte before any document */
	REC_FIO_EMPTY,	/* nothing but blanks */
};

/**
 * rec_fio_sniff() - what a file is by its first bytes, whatever its name: fio's JSON is a
 * document starting as rec_fio_scan() finds one ('{' in column 0 or first) whose first key is
 * "fio version", or with "jobs" or "client_stats" among its keys within @len, after lines of text
 * (fio's and the engine's messages) without a NUL byte.
 * @text: the file's first bytes (64 KiB are plenty: fio's lines before its JSON are few)
 * @len:  bytes in @text
 * @why:  out: for anything but REC_FIO_DOC, why it is not read, for a person: "fio's normal
 *        (text) output, not JSON (run fio with --output-format=json)"; may be NULL
 * @whylen: size of @why
 * Return: the kind.
 */
enum rec_fio_kind rec_fio_sniff(const char *text, size_t len, char *why, size_t whylen);

#endif
