// SPDX-License-Identifier: GPL-2.0-only
/* csv.c - CSV field writing and number formatting. */
#include <string.h>

#include "render/csv.h"

char *sr_fmt_num(char *buf, double v)
{
	char *dot, *e;

	snprintf(buf, 64, "%.6f", v);
	dot = strchr(buf, '.');
	if (!dot)
		return buf;
	e = buf + strlen(buf) - 1;
	while (e > dot && *e == '0')
		*e-- = '\0';
	if (e == dot)
		*e = '\0';
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
	return buf;
}

void sr_csv_str(FILE *f, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void sr_csv_val(FILE *f, struct sr_value v)
{
	char buf[64];

	if (sr_ok(v))
		fputs(sr_fmt_num(buf, v.v), f);
}
