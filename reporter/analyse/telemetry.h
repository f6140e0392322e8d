/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * telemetry.h - figures of a test's telemetry (model/telemetry.h): host and media writes over
 * the test and the write amplification between them, each with its source named; the
 * temperature range; whether the drive throttled or raised a critical warning during it.
 * Pure functions of the model (docs/telemetry.md says which source wins).
 */
#ifndef SSDENG_REPORTER_ANALYSE_TELEMETRY_H
#define SSDENG_REPORTER_ANALYSE_TELEMETRY_H

#include <stdbool.h>

#include "model/model.h"

struct sr_tel_figures {
	struct sr_value host_bytes;  /* written by the host during the test */
	const char *host_source;     /* "SMART data units written", "fio's bytes written", ... */
	struct sr_value media_bytes; /* written to the media; absent: not reported */
	const char *media_source;    /* NULL: "media writes: not reported by this drive" */
	struct sr_value waf;	     /* media / host; absent when either is missing or host is 0 */
	bool pages;		     /* the drive counts NAND program pages (a SATA family): waf
				      * is media_pages / host_pages, media_bytes absent */
	struct sr_value media_pages, host_pages; /* over the test, when pages */
	struct sr_value temp_min_c, temp_max_c;
	bool throttled;	       /* TMT transitions or times grew within the test */
	long long throttle_s;  /* TMT1 + TMT2 seconds within it (-1 unknown) */
	unsigned warning_bits; /* critical warning bits seen */
};

/**
 * sr_tel_figures() - the figures of @t; @fio_written_bytes is fio's own bytes written in the
 * test (absent when not known), the host side's last resort.
 */
void sr_tel_figures(const struct sr_tel_test *t, struct sr_value fio_written_bytes,
		    struct sr_tel_figures *f);

/* One sample on a test's time axis. */
struct sr_tel_mark {
	double x_s;	     /* seconds from the test's start (run.json's started) */
	double temp_c;	     /* composite, NaN when not reported */
	double sensors_c[8]; /* Temperature Sensor 1..8, NaN when not reported */
	bool gap_before;     /* a sample the drive did not answer, or more than SR_TEL_GAP times
			      * the usual spacing, since the last answered sample: the line is
			      * broken there, not drawn across */
};

/* A stretch of the time axis in which the drive throttled: from the sample before the one
 * whose thermal management transitions or time grew to that sample (merged when they touch). */
struct sr_tel_span {
	double x0_s, x1_s;
};

#define SR_TEL_GAP 2.5

/**
 * sr_tel_track() - the samples of @t on its test's time axis and its throttle periods.
 * @t:      the test's telemetry (its points in time order)
 * @marks:  out, @t->npoints marks (free()); NULL when there are none
 * @nmarks: their number
 * @spans:  out, the throttle periods in time order (free()); NULL when none
 * @nspans: their number
 *
 * The usual spacing is the median of the spacings between answered samples; a spacing more
 * than SR_TEL_GAP times it (and at least 1 s more) is a gap.
 * Return: 0 or -ENOMEM.
 */
int sr_tel_track(const struct sr_tel_test *t, struct sr_tel_mark **marks, size_t *nmarks,
		 struct sr_tel_span **spans, size_t *nspans);

/** sr_tel_fio_written() - the bytes fio wrote in test @id of @drv (absent when no result). */
struct sr_value sr_tel_fio_written(const struct sr_drive *drv, const char *id);

/** sr_tel_of() - the telemetry of test @id of @drv (the first drive of a group), or NULL. */
const struct sr_tel_test *sr_tel_of(const struct sr_drive *drv, const char *id);

/**
 * sr_tel_next() - the next telemetry of test @id of @drv after @prev (NULL: the first): each
 * drive of a group in turn (the order of their first samples), a lone drive's once.
 * Return: the entry, or NULL after the last.
 */
const struct sr_tel_test *sr_tel_next(const struct sr_drive *drv, const char *id,
				      const struct sr_tel_test *prev);

#endif
