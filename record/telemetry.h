/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * telemetry.h - the drive's own account through a run: OUT/<label>/telemetry/<test>.jsonl, one
 * JSON object a line (schema "ssdeng.telemetry.v1", docs/results-format.md,
 * docs/schemas/telemetry.schema.json, docs/telemetry.md). The driver appends a line per sample
 * while a test runs (kind "sample": temperatures, thermal management, critical warning, data
 * units, errors, media-side writes with their source) and, where the drive has an OCP latency
 * monitor, one line at the test's end (kind "latency_monitor"). Lines are only ever appended, so
 * a killed run leaves every sample it took and a --resume goes on in the same file; a reader
 * keeps the samples within a test's started..ended (run.json), which drops the samples of an
 * attempt a later session ran again.
 */
#ifndef SSDENG_RECORD_TELEMETRY_H
#define SSDENG_RECORD_TELEMETRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#define REC_TELEMETRY_SCHEMA "ssdeng.telemetry.v1"

/* A figure the drive did not report (or the sample could not read). */
#define REC_TEL_NONE INT64_MIN
#define REC_TEL_SENSORS 8

/* Where media-side writes come from, in the order of preference (docs/telemetry.md). */
enum rec_tel_media_source {
	REC_TEL_MEDIA_NONE,	       /* not reported by this drive */
	REC_TEL_MEDIA_ENDURANCE_GROUP, /* NVMe Endurance Group Information log 09h, MUW */
	REC_TEL_MEDIA_FDP,	       /* NVMe FDP Statistics log 22h, MBMW */
	REC_TEL_MEDIA_OCP_C0,	       /* OCP SMART / Health Information Extended log C0h, PMUW */
	REC_TEL_MEDIA_SATA_ATTR,       /* a SATA vendor SMART attribute naming NAND writes */
	REC_TEL_MEDIA_NSOURCES,
};

/*
 * One sample of one drive. Written from the driver's values (strings borrowed); read back with
 * the strings owned by @doc. Every count is REC_TEL_NONE when not reported.
 */
struct rec_tel_sample {
	double t;	       /* Unix time, seconds (millisecond resolution) */
	const char *test;      /* the test's id (run.json) */
	const char *part;      /* a PTS round's or segment's file name ("iops-round-03"), or NULL */
	const char *member;    /* a group's drive (drive-<M>.json), or NULL */
	const char *transport; /* "nvme", "scsi", "sata" */
	const char *error;     /* NULL, or why the sample could not be taken (the rest NONE) */
	double cost_s;	       /* wall time the sample took, seconds */
	long long temperature_c; /* composite temperature (NVMe), or the drive's, °C */
	long long sensors_c[REC_TEL_SENSORS];	      /* NVMe Temperature Sensor 1..8, °C */
	long long critical_warning;		      /* NVMe Critical Warning bit mask */
	long long tmt1_transitions, tmt2_transitions; /* NVMe Thermal Mgmt Temperature 1/2 counts */
	long long tmt1_seconds, tmt2_seconds;	      /* their total times, seconds */
	long long warning_temp_minutes, critical_temp_minutes; /* NVMe WCTEMP / CCTEMP times */
	long long data_read_bytes, data_written_bytes;	       /* host side: SMART data units */
	long long media_errors, error_log_entries;
	enum rec_tel_media_source media_source;
	long long media_written_bytes;		 /* media side, from media_source */
	long long media_host_written_bytes;	 /* the same source's own host-side count (09h Data
						  * Units Written, 22h HBMW), or NONE */
	long long media_pages, media_host_pages; /* a SATA family that counts NAND program
						  * pages (media, host) instead of bytes: only
						  * their ratio is exact; NONE otherwise */
	const char *media_detail; /* SATA: the attribute and family it was read from, or NULL */
	json_object *doc;	  /* read back: the line's object */
};

/* The OCP latency monitor of one test (OCP Datacenter NVMe SSD 2.0, log C3h, feature C5h). */
struct rec_tel_latmon {
	double t;
	const char *test, *member;
	const char *status;  /* "read", "not supported", "failed" */
	const char *message; /* the drive's words (not supported, failed), or NULL */
	/* active bucket counters per bucket 0..3: reads, writes, deallocates */
	long long reads[4], writes[4], trims[4];
	long long thresholds_ms[4]; /* bucket bounds A..D, ms; NONE when not known */
	json_object *doc;
};

/* One test's telemetry file read back. */
struct rec_tel_series {
	struct rec_tel_sample *samples; /* in file order (time order) */
	size_t n;
	struct rec_tel_latmon *latmon; /* the last latency_monitor line, or NULL */
	json_object *docs;	       /* owns every line's object */
};

/** rec_tel_media_source_name() - "NVMe Endurance Group log (09h)", ...; "" for NONE. */
const char *rec_tel_media_source_name(enum rec_tel_media_source s);

/** rec_tel_media_source_key() - the key in the file: "nvme-09h", ..., or NULL for NONE. */
const char *rec_tel_media_source_key(enum rec_tel_media_source s);

/** rec_tel_sample_init() - every figure REC_TEL_NONE, every string NULL. */
void rec_tel_sample_init(struct rec_tel_sample *s);

/**
 * rec_telemetry_append() - one sample as a line at the end of @path (created, with its
 * folder, when missing), in a single write(2) on an O_APPEND descriptor.
 * Return: 0, or -errno.
 */
int rec_telemetry_append(const char *path, const struct rec_tel_sample *s);

/** rec_telemetry_append_latmon() - a latency_monitor line. 0 / -errno. */
int rec_telemetry_append_latmon(const char *path, const struct rec_tel_latmon *l);

/**
 * rec_telemetry_read() - a test's telemetry file.
 * @from, @to: keep samples with @from <= t <= @to (Unix seconds; 0 for no bound)
 * @out: output (rec_tel_series_free())
 * @err, @errlen: why it could not be read; a line that is not a telemetry object (a line cut
 *                short by a kill, the last one) is skipped, not an error
 * Return: 0, -ENOENT (no file: the test has no telemetry), -EINVAL, -ENOMEM.
 */
int rec_telemetry_read(const char *path, double from, double to, struct rec_tel_series *out,
		       char *err, size_t errlen);

void rec_tel_series_free(struct rec_tel_series *s);

/**
 * rec_telemetry_latest() - the newest sample of a drive folder: the last complete sample line
 * of the telemetry file written last (only its tail is read, whatever the run's length).
 * @dir: the drive folder (OUT/<label>)
 * @out: output; its strings belong to out->doc (rec_tel_sample_free())
 * Return: 0, -ENOENT (no sample yet), -EINVAL, -ENOMEM.
 */
int rec_telemetry_latest(const char *dir, struct rec_tel_sample *out);

void rec_tel_sample_free(struct rec_tel_sample *s);

#endif
