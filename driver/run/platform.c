// SPDX-License-Identifier: GPL-2.0-only
/* platform.c - the host's CPU, memory and operating system (platform.h). */
#include "run/platform.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The value of the first line of @path starting with @key, after its @sep, trimmed of blanks
 * and quotes, into @out ("" when none). */
static void first_value(const char *path, const char *key, char sep, char *out, size_t len)
{
	FILE *f = fopen(path, "re");
	char line[512];

	out[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *v, *e;

		if (strncmp(line, key, strlen(key)) || !(v = strchr(line, sep)))
			continue;
		for (v++; *v == ' ' || *v == '\t' || *v == '"'; v++)
			;
		for (e = v + strlen(v); e > v && strchr(" \t\r\n\"", e[-1]); e--)
			;
		snprintf(out, len, "%.*s", (int)(e - v), v);
		break;
	}
	fclose(f);
}

void rv_platform_read(struct rv_platform *p)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	first_value("/proc/cpuinfo", "model name", ':', p->cpu, sizeof(p->cpu));
	first_value("/etc/os-release", "PRETTY_NAME=", '=', p->os, sizeof(p->os));
	p->cpus = sysconf(_SC_NPROCESSORS_ONLN);
	p->memory_bytes = pages > 0 && page > 0 ? (long long)pages * page : -1;
}
