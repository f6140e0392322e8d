// SPDX-License-Identifier: GPL-2.0-only
/* variant.c - PTS Enterprise and Client parameters (variant.h). */
#include "pts/variant.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

static const struct pts_variant_info variants[] = {
    [PTS_ENTERPRISE] = {PTS_ENTERPRISE, "enterprise", "SNIA PTS-E", "2.0.2", 4, 32, 100, false},
    [PTS_CLIENT] = {PTS_CLIENT, "client", "SNIA PTS-C", "2.0", 2, 16, 75, true},
};

const struct pts_variant_info *pts_variant_info(enum pts_variant v)
{
	return &variants[v == PTS_CLIENT ? PTS_CLIENT : PTS_ENTERPRISE];
}

int pts_variant_parse(const char *s, enum pts_variant *out)
{
	if (!s)
		return -EINVAL;
	if (!strcasecmp(s, "enterprise") || !strcasecmp(s, "e"))
		*out = PTS_ENTERPRISE;
	else if (!strcasecmp(s, "client") || !strcasecmp(s, "c"))
		*out = PTS_CLIENT;
	else
		return -EINVAL;
	return 0;
}

bool pts_variant_sets_outstanding(const char *test)
{
	return test && (!strcmp(test, "iops") || !strcmp(test, "wsat") || !strcmp(test, "hir"));
}

unsigned long long pts_active_range_bytes(unsigned long long span_bytes, unsigned int pct,
					  unsigned long long align_bytes)
{
	unsigned long long b;

	if (!pct || pct > 100 || !align_bytes)
		return 0;
	/* span / 100 × pct + (span % 100) × pct / 100: no overflow for any 64-bit span */
	b = span_bytes / 100 * pct + span_bytes % 100 * pct / 100;
	return b / align_bytes * align_bytes;
}
