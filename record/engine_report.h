/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * engine_report.h - OUT/<label>/logs/<test>.engine.jsonl: which transport drove each file of a
 * test, as the engine reported it (engine/core/transport_report.h writes it when fio runs with
 * SSDENG_REPORT=FILE). One JSON object a line, schema "ssdeng.engine-report.v1"
 * (docs/results-format.md, docs/schemas/engine-report.schema.json, made from the table of
 * fields in engine_report.c): path, transport, fallback_from and why (null unless a transport
 * refused the file), engine (its version). The engine appends a line when a job opens a file and
 * one when a transport refuses it and another of its family takes over, so the last line of a
 * path says what drove it last, and a line with fallback_from says a fallback happened.
 */
#ifndef SSDENG_RECORD_ENGINE_REPORT_H
#define SSDENG_RECORD_ENGINE_REPORT_H

#include <stddef.h>

#include <json-c/json.h>

#define REC_ENGINE_REPORT_SCHEMA "ssdeng.engine-report.v1"

/* One line; the strings belong to the report it was read into. */
struct rec_engine_line {
	const char *path;	   /* fio's filename */
	const char *transport;	   /* the engine's transport name ("nvme-ioctl", "block-aio") */
	const char *fallback_from; /* the transport that refused the file, or NULL */
	const char *why;	   /* why it refused, or NULL */
	const char *engine;	   /* the engine's version */
};

/* A report read back (rec_engine_report_free()). */
struct rec_engine_report {
	struct rec_engine_line *lines; /* in the order written */
	size_t n;
	json_object **docs; /* each line's object, owning its strings */
};

/**
 * rec_engine_report_read() - the report at @path, every line.
 * @r: output, zeroed first (rec_engine_report_free() after any return)
 * @err, @errlen: why not: "PATH: No such file or directory", "PATH: line 3: not JSON (...)",
 *                "PATH: line 3: schema ssdeng.engine-report.v9 is not ssdeng.engine-report.v1",
 *                "PATH: line 3: transport: expected a string, found a number",
 *                "PATH: line 3: path: missing"
 * Return: 0, -ENOENT (no report: fio ran without the engine, or before it opened a file),
 * -EINVAL, -ENOMEM.
 */
int rec_engine_report_read(const char *path, struct rec_engine_report *r, char *err, size_t errlen);

/** rec_engine_report_free() - what rec_engine_report_read() allocated in @r (@r zeroed). */
void rec_engine_report_free(struct rec_engine_report *r);

/**
 * rec_engine_report_fallbacks() - the files of @r a transport refused, in words, into @out
 * (@len bytes, truncated to fit): for each path whose lines include a fallback, in the order of
 * its first line, "TRANSPORT (FROM refused: WHY)" with TRANSPORT its last line's, FROM and WHY
 * its last fallback's; "PATH: " before each when @r names more than one path; "; " between.
 * Return: how many paths fell back (0: @out is "").
 */
size_t rec_engine_report_fallbacks(const struct rec_engine_report *r, char *out, size_t len);

/** rec_engine_report_schema_json() - the JSON Schema of one line (docs/schemas/). */
json_object *rec_engine_report_schema_json(void);

#endif
