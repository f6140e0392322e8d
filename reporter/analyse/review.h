/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * review.h - the results arranged as the review: one test per test id across the drives, each
 * matched to its entry of the test catalogue (jobfiles/catalogue.json: family, title, workload),
 * its parameters read from fio's own job options (rw, bs, T, Q, mix) and, where fio has none, from
 * the catalogue (a curve point's percentage), never from the spelling of the id.
 *
 * Order: the catalogue's families in its order; within a family the entries in file order, then
 * the parameters (T, then Q; a curve's points by percentage, the flat-out run last). Tests no
 * entry describes (an older run, another tool's output) come last, sorted by rw, bs, T, Q.
 */
#ifndef SSDREPORT_REVIEW_H
#define SSDREPORT_REVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "catalogue/catalogue.h"
#include "analyse/results.h"
#include "model/model.h"

/* One test of the review: a test id and its result on each drive. */
struct sr_rtest {
	char *id;    /* the test id; "<id>/<job name>" for each group of a file with several */
	char *stem;  /* the id made safe as a file name: tests/<stem>.html */
	char *title; /* the entry's title with its placeholders filled in, else the id */
	const struct catalogue_entry *entry;   /* NULL when no entry describes the test */
	const struct catalogue_family *family; /* entry->family, NULL without an entry */
	const char *rw;	  /* fio rw of the first drive holding it, NULL when fio printed none */
	uint64_t bs;	  /* bytes (fio bs; the first size of a bssplit), 0 when unknown */
	bool bssplit;	  /* the job mixes block sizes (bssplit): bs is only the first */
	unsigned threads; /* T (numjobs), 0 when unknown */
	unsigned depth;	  /* Q per thread (iodepth), 0 when unknown */
	int rwmix_read;	  /* percent read of a mixed workload, -1 otherwise */
	int pct;	  /* a curve point's percentage of the flat-out run, -1 otherwise */
	bool rate_max;	  /* a curve's flat-out run */
	struct sr_result **per_drive; /* one per drive of the model, NULL where a drive lacks it */
	int error;		      /* the first job error (errno) on any drive, 0 when none */
};

struct sr_review {
	const struct sr_model *m;
	const struct catalogue *cat; /* may be NULL: every test is then "other" */
	struct sr_rtest *tests;	     /* in the review's order (above) */
	size_t ntests;
};

/**
 * sr_review_build() - match and order the model's tests.
 * @m:   the model
 * @cat: the test catalogue, or NULL
 * @out: the review (sr_review_free())
 *
 * Return: 0 or -ENOMEM.
 */
int sr_review_build(const struct sr_model *m, const struct catalogue *cat, struct sr_review *out);

void sr_review_free(struct sr_review *r);

/**
 * sr_review_family() - the tests of one family, in order.
 * @r:      the review
 * @family: a catalogue family id, or NULL for the tests no entry describes
 * @out:    an array of pointers into @r->tests (free() it), NULL when there are none
 *
 * Return: the number of tests, or -ENOMEM.
 */
long sr_review_family(const struct sr_review *r, const char *family, const struct sr_rtest ***out);

/**
 * sr_review_entry() - the first test of an entry.
 * @r:     the review
 * @entry: a catalogue entry id (template), as summary rows name them ("fc-{bs}-randread")
 *
 * Return: the test, NULL when no result belongs to that entry.
 */
const struct sr_rtest *sr_review_entry(const struct sr_review *r, const char *entry);

/**
 * sr_rtest_tq() - "16T/16Q", "?T/?Q" where fio printed no options.
 * @t:   the test
 * @buf: out
 * @len: its size
 *
 * Return: @buf.
 */
char *sr_rtest_tq(const struct sr_rtest *t, char *buf, size_t len);

/**
 * sr_rtest_point() - a test's place on its curve or sweep: "50 %", "max", "4T/4Q".
 * @t:   the test
 * @buf: out
 * @len: its size
 *
 * Return: @buf.
 */
char *sr_rtest_point(const struct sr_rtest *t, char *buf, size_t len);

#endif
