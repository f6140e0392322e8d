/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * diag.h - errors and once-only warnings of the reporter.
 *
 * An error is one line: "FILE:LINE: byte OFFSET: what was expected" (line/offset when known),
 * kept in the diag for the caller to print. Warnings go to the diag's stream (stderr), each kind
 * at most once per input file.
 */
#ifndef SSDREPORT_DIAG_H
#define SSDREPORT_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum sr_warn_kind {
	SR_WARN_PREAMBLE,  /* non-JSON text before/after/between documents */
	SR_WARN_NONFINITE, /* nan/inf value */
	SR_WARN_NEGATIVE,  /* negative value where fio's unsigned arithmetic wrapped */
	SR_WARN_HUGE,	   /* integer beyond 2^53, not exact as a double */
	SR_WARN_DOCS,	   /* several documents, the last one used */
	SR_WARN_OPTION,	   /* an option value that cannot be read (default used) */
	SR_WARN_JOB_ERROR, /* a job fio ended with an error (its "error" key is not 0) */
	SR_WARN_NKINDS,
};

struct sr_diag {
	FILE *stream;	    /* warnings go here; NULL silences them */
	const char *file;   /* current input, for messages */
	unsigned warned;    /* bit per enum sr_warn_kind already printed for @file */
	unsigned nwarnings; /* total printed, for tests */
	bool strict;	    /* a result file that cannot be read is an error, not skipped */
	char err[1024];	    /* the last error line, without "ssdreport: " */
};

/**
 * sr_diag_file() - start diagnostics for a new input file (re-arms the once-only warnings).
 * @d:    diagnostics
 * @file: file name as given by the user
 */
void sr_diag_file(struct sr_diag *d, const char *file);

/**
 * sr_warn() - print a warning of @kind once per file.
 * @d:    diagnostics
 * @kind: warning kind
 * @fmt:  printf format of the message (the file name is prefixed)
 */
void sr_warn(struct sr_diag *d, enum sr_warn_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/**
 * sr_error() - record an error line about the current file.
 * @d:   diagnostics
 * @buf: the file's text, or NULL (then @off is not turned into a line number)
 * @off: byte offset of the fault in @buf, or (size_t)-1 when there is no position
 * @fmt: printf format of what was expected
 *
 * Return: -EINVAL, for "return sr_error(...)" in parsers (bad input).
 */
int sr_error(struct sr_diag *d, const char *buf, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* sr_diag_msg() - set d->err to a message (no file prefix added). */
void sr_diag_msg(struct sr_diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * sr_diag_warnf() - a warning that is not once per file: d->err set to the message, printed as
 * "ssdreport: warning: MESSAGE" on d->stream (none when NULL) and counted in d->nwarnings.
 * @d:   diagnostics
 * @fmt: printf format of the whole message (no file prefix added: name the file in it)
 */
void sr_diag_warnf(struct sr_diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
