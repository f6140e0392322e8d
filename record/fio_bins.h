/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_bins.h - json+ "bins" objects read without json-c (a fast path of fio_json.c's scanner).
 *
 * Why a hand-written scanner: a json+ file is mostly "bins" objects, one per latency distribution
 * with up to FIO_IO_U_PLAT_NR (1216) entries "<value>" : <count>, and json-c builds a hash-table
 * entry, a key string and an int object for every entry; on a 100 MB json+ file that made
 * ssdreport no faster than jq. fio writes the bins in one fixed, flat form (stat.c, json+ output:
 * decimal unsigned keys in quotes, decimal unsigned counts), so a job object's text is scanned
 * once here (string-aware, brace counting), each bins object in exactly that form is read straight
 * into struct rec_fio_bin, and json-c is handed the job's text with that object replaced by a
 * marker (a negative integer, -1 for the first set, which fio never writes as "bins"). A bins
 * object in any other form (a float or quoted count, an escape, a nested value) is left in the text
 * and json-c reads it as before. Everything else in the document is parsed by json-c.
 */
#ifndef SSDENG_RECORD_FIO_BINS_H
#define SSDENG_RECORD_FIO_BINS_H

#include <stddef.h>
#include <stdint.h>

/* One json+ histogram bin as fio writes it: "<value>" : count (the value in ns for fio 3.x keys,
 * in us for fio 2.x; rec_fio_bins_claim() scales it to ns). */
struct rec_fio_bin {
	uint64_t ns;
	uint64_t count;
};

/* One bins object read by the fast path: raw keys (fio's unit), counts. */
struct rec_fio_bins_set {
	size_t from, to;	  /* the object's text: b[from] == '{', b[to - 1] == '}' */
	struct rec_fio_bin *bins; /* NULL once claimed */
	size_t n;
	int sorted; /* keys ascending as written (fio writes them so) */
};

/* The bins of the job object being parsed, and the rewritten job text handed to json-c. */
struct rec_fio_bins {
	struct rec_fio_bins_set *set;
	size_t n, cap;
	char *text;
	size_t textcap;
};

/**
 * rec_fio_bins_scan() - find the end of a job object, reading its bins objects on the way.
 * @jb:    state; its previous sets are dropped first
 * @b:     document text
 * @len:   bytes in @b
 * @start: offset of the job object's '{'
 * @end:   out: offset after the job object's closing '}'
 *
 * Return: 0; 1 when the object is not closed before @len (left to json-c to report); -ENOMEM.
 */
int rec_fio_bins_scan(struct rec_fio_bins *jb, const char *b, size_t len, size_t start,
		      size_t *end);

/**
 * rec_fio_bins_text() - the job's text for json-c, each fast-read bins object replaced by -(k+1).
 * @jb:    state after rec_fio_bins_scan() over @b[@start, @end)
 * @b:     document text
 * @start: the job object's '{'
 * @end:   after its '}'
 * @n:     out: length of the returned text
 *
 * Return: the text (@b + @start when no bins were read, else jb->text); NULL on -ENOMEM.
 */
const char *rec_fio_bins_text(struct rec_fio_bins *jb, const char *b, size_t start, size_t end,
			      size_t *n);

/**
 * rec_fio_bins_claim() - take the bins set a marker names, scaled to ns and sorted.
 * @jb:     state
 * @marker: the integer json-c read for "bins" (-1 for set 0, -2 for set 1, ...)
 * @scale:  ns per key unit (1 for fio 3.x ns keys, 1000 for 2.x usec keys)
 * @bins:   out: the bins (caller owns them), untouched when the marker names no unclaimed set
 * @n:      out: their number
 *
 * Return: 0 (a marker naming no set, e.g. a literal integer in the input, is ignored).
 */
int rec_fio_bins_claim(struct rec_fio_bins *jb, int64_t marker, double scale,
		       struct rec_fio_bin **bins, size_t *n);

/**
 * rec_json_string_end() - the closing quote of a JSON string.
 * @b:    text
 * @len:  bytes in @b
 * @open: offset of the opening '"'
 *
 * Return: the offset of the closing '"' (escaped quotes skipped), or @len when there is none.
 */
size_t rec_json_string_end(const char *b, size_t len, size_t open);

/* rec_fio_bins_free() - release every set and the text buffer; @jb is reusable after. */
void rec_fio_bins_free(struct rec_fio_bins *jb);

#endif
