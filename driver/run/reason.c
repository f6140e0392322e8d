// SPDX-License-Identifier: GPL-2.0-only
/* reason.c - a failed test's reason from fio's stderr (reason.h). */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "core/transport_line.h"
#include "run/reason.h"
#include "util/proc.h"

static bool skipped(const char *line, size_t n)
{
	while (n && (*line == ' ' || *line == '\t')) {
		line++;
		n--;
	}
	if (!n)
		return true;
	if (n > 8 && !strncmp(line, "ssdeng: ", 8))
		return ssd_transport_line_parse(line, n, NULL) != SSD_LINE_OTHER;
	return !strncmp(line, "note: ", 6) || !strncmp(line, "fio: terminating on signal", 26);
}

bool rv_reason_line(const char *text, char *out, size_t len)
{
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		while (n && p[n - 1] == '\r')
			n--;
		if (!skipped(p, n)) {
			snprintf(out, len, "%.*s", (int)n, p);
			return true;
		}
		p = nl ? nl + 1 : NULL;
	}
	if (len)
		out[0] = '\0';
	return false;
}

void rv_reason(const char *text, int status, const char *json_problem, char *out, size_t len)
{
	char first[1024], sig[32];
	bool have = rv_reason_line(text ? text : "", first, sizeof(first));

	if (status > 128) {
		int s = status - 128;

		/* fio 3.33's steady-state check divides by the milliseconds since its last tick,
		 * which are 0 when two ticks land in one millisecond under load */
		snprintf(out, len, "fio died of %s%s%s%s", rv_sig_name(s, sig, sizeof(sig)),
			 s == SIGFPE ? " (fio 3.33 steady-state division by zero under load; "
				       "--resume reruns it)"
				     : "",
			 have ? ": " : "", have ? first : "");
		return;
	}
	if (have)
		snprintf(out, len, "%s", first);
	else if (json_problem)
		snprintf(out, len, "%s", json_problem);
	else
		snprintf(out, len, "fio exit %d without a message on stderr", status);
}
