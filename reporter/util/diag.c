// SPDX-License-Identifier: GPL-2.0-only
/* diag.c - error lines with file/line/offset and once-per-file warnings. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/diag.h"

void sr_diag_file(struct sr_diag *d, const char *file)
{
	d->file = file;
	d->warned = 0;
}

void sr_warn(struct sr_diag *d, enum sr_warn_kind kind, const char *fmt, ...)
{
	va_list ap;

	if (d->warned & (1u << kind))
		return;
	d->warned |= 1u << kind;
	d->nwarnings++;
	if (!d->stream)
		return;
	fprintf(d->stream, "ssdreport: warning: %s: ", d->file ? d->file : "-");
	va_start(ap, fmt);
	vfprintf(d->stream, fmt, ap);
	va_end(ap);
	fputc('\n', d->stream);
}

int sr_error(struct sr_diag *d, const char *buf, size_t off, const char *fmt, ...)
{
	size_t n = 0;
	va_list ap;

	if (buf && off != (size_t)-1) {
		size_t line = 1;
		for (size_t i = 0; i < off; i++)
			line += buf[i] == '\n';
		n = snprintf(d->err, sizeof(d->err), "%s:%zu: byte %zu: ", d->file ? d->file : "-",
			     line, off);
	} else {
		n = snprintf(d->err, sizeof(d->err), "%s: ", d->file ? d->file : "-");
	}
	if (n < sizeof(d->err)) {
		va_start(ap, fmt);
		vsnprintf(d->err + n, sizeof(d->err) - n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

void sr_diag_msg(struct sr_diag *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->err, sizeof(d->err), fmt, ap);
	va_end(ap);
}

void sr_diag_warnf(struct sr_diag *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->err, sizeof(d->err), fmt, ap);
	va_end(ap);
	d->nwarnings++;
	if (d->stream)
		fprintf(d->stream, "ssdreport: warning: %s\n", d->err);
}
