/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * transport_report.h - the engine's structured account of which transport drove each file, for
 * programs (the review driver) rather than people (the stderr lines of transport_line.h say the
 * same in words). When fio runs with SSDENG_REPORT=FILE in its environment, the engine appends
 * one JSON object a line to FILE:
 *
 *   {"schema":"ssdeng.engine-report.v1","path":P,"transport":T,"fallback_from":F,"why":W,
 *    "engine":V}
 *
 *   path          the file as fio names it (filename=)
 *   transport     the registry's name (core/transport_registry.h) of the transport that drives it
 *   fallback_from the transport that refused the file, null when none did
 *   why           why it refused, null when none did
 *   engine        the engine's version (git describe of the build)
 *
 * A line when a job opens a file (once per job and file) and one when a transport refuses it and
 * another of its family takes over (at open, or at its first refused command). Each line is one
 * write(2) to a file opened O_APPEND, so the lines of fio's jobs and threads never interleave.
 * The reader and the document's JSON Schema are record/'s (record/engine_report.h,
 * docs/schemas/engine-report.schema.json).
 */
#ifndef SSDENG_CORE_TRANSPORT_REPORT_H
#define SSDENG_CORE_TRANSPORT_REPORT_H

#include <stddef.h>

/* The environment variable naming the file the engine appends its report to. */
#define SSD_REPORT_ENV "SSDENG_REPORT"
#define SSD_REPORT_SCHEMA "ssdeng.engine-report.v1"

/* One line of the report; the strings are borrowed. */
struct ssd_report_entry {
	const char *path;	   /* fio's filename */
	const char *transport;	   /* the transport that drives it */
	const char *fallback_from; /* the transport that refused it, or NULL */
	const char *why;	   /* why, or NULL */
	const char *engine;	   /* the engine's version */
};

/**
 * ssd_report_line() - @e as one JSON object ending in a newline, into @buf (@len bytes), the
 * strings escaped as RFC 8259 §7 requires. Pure.
 * Return: the line's length, bytes, without the terminator; 0 when it does not fit (never a
 * truncated line).
 */
size_t ssd_report_line(char *buf, size_t len, const struct ssd_report_entry *e);

/**
 * ssd_report_append() - @line (@n bytes) appended to @file (created 0644 when missing) in one
 * write(2) on a descriptor opened O_APPEND.
 * Return: 0, or -errno (a short write is -EIO).
 */
int ssd_report_append(const char *file, const char *line, size_t n);

#endif
