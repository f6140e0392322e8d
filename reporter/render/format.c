// SPDX-License-Identifier: GPL-2.0-only
/* format.c - numbers for people (see format.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "record/count_text.h"
#include "render/format.h"

char *sr_fmt_int(char *buf, double v) { return rec_count_text(buf, v); }

char *sr_fmt_sig(char *buf, double v)
{
	double a = fabs(v), p, r;
	int e, decimals;

	if (!isfinite(v)) {
		snprintf(buf, SR_FMT_LEN, "%s", SR_UNKNOWN);
		return buf;
	}
	if (a == 0) {
		snprintf(buf, SR_FMT_LEN, "0");
		return buf;
	}
	e = (int)floor(log10(a));
	p = pow(10, e - 2);
	r = round(a / p) * p; /* three significant figures; 9.996 becomes 10.0 */
	e = (int)floor(log10(r) + 1e-9);
	decimals = e >= 2 ? 0 : 2 - e;
	if (r >= 1000)
		return sr_fmt_int(buf, v < 0 ? -r : r);
	snprintf(buf, SR_FMT_LEN, "%s%.*f", v < 0 ? "-" : "", decimals, r);
	return buf;
}

char *sr_fmt_short(char *buf, double v)
{
	double a = fabs(v);

	if (!isfinite(v) || a < 10000)
		return isfinite(v) ? sr_fmt_int(buf, v) : sr_fmt_sig(buf, v);
	sr_fmt_sig(buf, a >= 999500 ? v / 1e6 : v / 1e3);
	strcat(buf, a >= 999500 ? "M" : "k");
	return buf;
}

static const char *missing(struct sr_value v)
{
	return v.state == SR_INVALID ? SR_UNKNOWN : SR_NOT_MEASURED;
}

char *sr_fmt_iops(char *buf, struct sr_value v)
{
	if (!sr_ok(v))
		snprintf(buf, SR_FMT_LEN, "%s", missing(v));
	else
		sr_fmt_int(buf, v.v);
	return buf;
}

char *sr_fmt_mbps(char *buf, struct sr_value v)
{
	if (!sr_ok(v))
		snprintf(buf, SR_FMT_LEN, "%s", missing(v));
	else if (v.v / 1e6 >= 100)
		sr_fmt_int(buf, v.v / 1e6);
	else
		sr_fmt_sig(buf, v.v / 1e6);
	return buf;
}

enum sr_lat_unit sr_lat_unit_for(const double *ns, size_t n)
{
	bool any = false, all_under_ms = true, all_over_s = true;

	for (size_t i = 0; i < n; i++) {
		if (!isfinite(ns[i]))
			continue;
		any = true;
		all_under_ms &= ns[i] < 0.9995e6; /* rounds to 1,000 µs otherwise */
		all_over_s &= ns[i] >= 1e9;
	}
	if (!any || all_under_ms)
		return any ? SR_UNIT_US : SR_UNIT_MS;
	return all_over_s ? SR_UNIT_S : SR_UNIT_MS;
}

const char *sr_lat_unit_name(enum sr_lat_unit u)
{
	static const char *const name[] = {"\xc2\xb5s", "ms", "s"}; /* µs */
	return name[u];
}

double sr_lat_in(double ns, enum sr_lat_unit u)
{
	static const double div[] = {1e3, 1e6, 1e9};
	return ns / div[u];
}

char *sr_fmt_lat(char *buf, struct sr_fig f, enum sr_lat_unit u)
{
	char n[SR_FMT_LEN];

	if (!sr_ok(f.v))
		snprintf(buf, SR_FMT_LEN, "%s", missing(f.v));
	else if (f.clamped) /* "\u2265 17,100" (ms): at least the histogram's ceiling, in the
			     * row's or column's unit like every other cell */
		snprintf(buf, SR_FMT_LEN, "\xe2\x89\xa5 %s", sr_fmt_sig(n, sr_lat_in(f.v.v, u)));
	else if (f.is_max) /* a percentile from too few I/Os: the maximum */
		snprintf(buf, SR_FMT_LEN, "max %s", sr_fmt_sig(n, sr_lat_in(f.v.v, u)));
	else
		sr_fmt_sig(buf, sr_lat_in(f.v.v, u));
	return buf;
}

char *sr_csv_lat(char *buf, struct sr_fig f, enum sr_lat_unit u)
{
	if (!sr_ok(f.v))
		snprintf(buf, SR_FMT_LEN, "%s", f.v.state == SR_INVALID ? SR_UNKNOWN : "");
	else
		snprintf(buf, SR_FMT_LEN, "%s%.9g", f.clamped ? ">=" : "", sr_lat_in(f.v.v, u));
	return buf;
}

char *sr_fmt_bytes(char *buf, struct sr_value v)
{
	static const char *const si[] = {"B", "kB", "MB", "GB", "TB", "PB"};
	static const char *const bin[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
	char a[SR_FMT_LEN], b[SR_FMT_LEN];
	double x = sr_ok(v) ? v.v : 0, y = x;
	int i = 0, j = 0;

	if (!sr_ok(v) || v.v < 0) {
		snprintf(buf, SR_FMT_LEN, "%s", SR_UNKNOWN);
		return buf;
	}
	if (v.v < 1000) {
		snprintf(buf, SR_FMT_LEN, "%s B", sr_fmt_int(a, v.v));
		return buf;
	}
	while (x >= 1000 && i < 5) {
		x /= 1000;
		i++;
	}
	while (y >= 1024 && j < 5) {
		y /= 1024;
		j++;
	}
	snprintf(buf, SR_FMT_LEN, "%s %s (%s %s)", sr_fmt_sig(a, x), si[i], sr_fmt_sig(b, y),
		 bin[j]);
	return buf;
}

char *sr_fmt_si(char *buf, struct sr_value v)
{
	char full[SR_FMT_LEN], *paren;

	sr_fmt_bytes(full, v);
	paren = strstr(full, " (");
	if (paren)
		*paren = '\0';
	snprintf(buf, SR_FMT_LEN, "%s", full);
	return buf;
}

char *sr_fmt_mix(char *buf, unsigned pct_read)
{
	if (pct_read == 0)
		snprintf(buf, SR_FMT_LEN, "100 %% write");
	else
		snprintf(buf, SR_FMT_LEN, "%u %% read", pct_read > 100 ? 100 : pct_read);
	return buf;
}

char *sr_fmt_bs(char *buf, uint64_t bytes)
{
	if (!bytes)
		snprintf(buf, SR_FMT_LEN, "%s", SR_UNKNOWN);
	else if (bytes % (1024 * 1024) == 0)
		snprintf(buf, SR_FMT_LEN, "%llu MiB", (unsigned long long)(bytes >> 20));
	else if (bytes % 1024 == 0)
		snprintf(buf, SR_FMT_LEN, "%llu KiB", (unsigned long long)(bytes >> 10));
	else
		snprintf(buf, SR_FMT_LEN, "%llu B", (unsigned long long)bytes);
	return buf;
}

char *sr_fmt_count(char *buf, struct sr_value v)
{
	if (!sr_ok(v))
		snprintf(buf, SR_FMT_LEN, "%s", SR_UNKNOWN);
	else
		sr_fmt_int(buf, v.v);
	return buf;
}
