// SPDX-License-Identifier: GPL-2.0-only
#include "common/ssd_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static ssd_log_sink_t log_sink;

void ssd_log_set_sink(ssd_log_sink_t sink) { log_sink = sink; }

void ssd_log(enum ssd_log_level level, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	n = strlen(line);
	if (n == 0 || line[n - 1] != '\n') {
		line[n] = '\n';
		line[n + 1] = '\0';
	}
	if (log_sink)
		log_sink(level, line);
	else
		fputs(line, stderr);
}
