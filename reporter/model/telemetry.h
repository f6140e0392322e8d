/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * telemetry.h - the drive's own account of each test (OUT/<label>/telemetry/<test>.jsonl,
 * record/telemetry.h) in the model: the samples within the test's own start and end, their
 * temperatures and throttling in time, the counters at the first and the last sample. Written
 * by parse/telemetry.c; write amplification and the flags are analyse/telemetry.c's.
 */
#ifndef SSDENG_REPORTER_MODEL_TELEMETRY_H
#define SSDENG_REPORTER_MODEL_TELEMETRY_H

#include <stdbool.h>
#include <stddef.h>

/* A counter at the test's first and last sample; -1 when the drive did not report it. */
struct sr_tel_counter {
	long long first, last;
};

/* One sample on the time axis. */
struct sr_tel_point {
	double t;	     /* Unix seconds */
	double temp_c;	     /* NaN when not reported */
	double sensors_c[8]; /* NVMe Temperature Sensor 1..8, NaN when not reported */
	bool throttle;	  /* thermal management transitions or time grew since the sample before */
	unsigned warning; /* NVMe critical warning bits */
	bool after_error; /* a sample the drive did not answer came between it and the one before */
};

struct sr_tel_test {
	char *id;
	char *member;			/* a group's drive, or NULL */
	double t0;			/* the test's start (run.json's started), Unix seconds */
	size_t nsamples;		/* samples within the test */
	size_t nerrors;			/* of them, samples the drive did not answer */
	double cost_mean_s, cost_max_s; /* what a sample cost, wall time */
	struct sr_tel_point *points;
	size_t npoints;
	struct sr_tel_counter host_smart;	/* SMART data units written, bytes */
	struct sr_tel_counter media;		/* media writes from media_source, bytes */
	struct sr_tel_counter media_host;	/* the same log's host-side count, bytes */
	struct sr_tel_counter media_pages;	/* a SATA family's NAND program pages (media) */
	struct sr_tel_counter media_host_pages; /* and the host's: media / host is the ratio */
	char *media_source;	   /* its name (a SATA one with the attribute and family), NULL: not
				    * reported by this drive */
	struct sr_tel_counter tmt; /* TMT1 + TMT2 transitions */
	struct sr_tel_counter tmt_s; /* TMT1 + TMT2 total time, s */
	unsigned warning_bits;	     /* critical warning bits set in any sample */
	char *latmon_status;	     /* "read", "not supported", "failed", NULL: none */
	char *latmon_message;
	long long latmon_reads[4], latmon_writes[4], latmon_thresholds_ms[4];
};

void sr_tel_test_free(struct sr_tel_test *t);

#endif
