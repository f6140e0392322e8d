/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * transport_line.h - the lines the engine writes on fio's stderr to say how it drives a file,
 * written (engine/fio/fio_engine.c) and read back (the review driver, driver/run/reason.c) by the
 * functions below, so both sides share one format:
 *
 *   ssdeng: PATH: TRANSPORT, DESCRIPTION          which transport drives PATH (once per device)
 *   ssdeng: PATH: TRANSPORT refused the file (WHY); using FALLBACK
 *   ssdeng: PATH: note: TEXT                      information; the job runs
 *
 * PATH ends at the first ": " after "ssdeng: " (as fio's filename= has no ": "); TRANSPORT and
 * FALLBACK are names of the registry (core/transport_registry.h). Any other "ssdeng: " line is an
 * error message.
 */
#ifndef SSDENG_CORE_TRANSPORT_LINE_H
#define SSDENG_CORE_TRANSPORT_LINE_H

#include <stddef.h>

#include "core/transport_registry.h"

enum ssd_line_kind {
	SSD_LINE_OTHER,	    /* not one of the engine's information lines (an error, fio's text) */
	SSD_LINE_TRANSPORT, /* which transport drives a file */
	SSD_LINE_FALLBACK,  /* a transport refused the file; another of its family drives it */
	SSD_LINE_NOTE,	    /* a note */
};

/* What an information line says (ssd_transport_line_parse()). */
struct ssd_line_info {
	const char *path; /* into the line, path_len bytes */
	size_t path_len;
	const struct ssd_transport_reg *transport; /* the transport that drives the file: the
						    * named one, a fallback's FALLBACK; NULL for a
						    * note */
};

/**
 * ssd_transport_line() - "ssdeng: @path: @name, @desc\n" into @buf (@len bytes, truncated to fit
 * but always ending in a newline and terminated; @len >= 2), built without printf's parsing.
 * Return: the line's length, bytes, without the terminator.
 */
size_t ssd_transport_line(char *buf, size_t len, const char *path, const char *name,
			  const char *desc);

/**
 * ssd_fallback_text() - "@path: @from refused the file (@why); using @to" into @buf (@len
 * bytes, snprintf's truncation): the text after "ssdeng: ".
 */
void ssd_fallback_text(char *buf, size_t len, const char *path, const char *from, const char *why,
		       const char *to);

/**
 * ssd_transport_line_parse() - what the engine's line @line (@n bytes, no newline) says.
 * @info: filled for a kind other than SSD_LINE_OTHER (NULL: not wanted)
 * Return: the line's kind; a line naming a transport the registry does not hold is
 * SSD_LINE_OTHER.
 */
enum ssd_line_kind ssd_transport_line_parse(const char *line, size_t n, struct ssd_line_info *info);

#endif
