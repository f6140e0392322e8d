// SPDX-License-Identifier: GPL-2.0-only
/* size.c - sizes read one way (size.h). */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "record/size.h"

int rec_size_parse(const char *s, unsigned kb_base, enum rec_size_rest rest, uint64_t *out)
{
	static const char powers[] = "kmgtp";
	uint64_t n = 0, unit = kb_base == 1000 ? 1000 : 1024, mult = 1;
	const char *p = s, *pw;

	if (!s)
		return -EINVAL;
	while (rest == REC_SIZE_FIRST && isspace((unsigned char)*p))
		p++;
	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		if (n > (UINT64_MAX - 9) / 10)
			return -EINVAL;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	if (*p && (pw = strchr(powers, tolower((unsigned char)*p)))) {
		p++;
		if (tolower((unsigned char)*p) == 'i') {
			unit = 1024; /* "KiB" is 1024 whatever kb_base says */
			p++;
		}
		for (int i = 0; i <= pw - powers; i++) {
			if (mult > UINT64_MAX / unit)
				return -EINVAL;
			mult *= unit;
		}
	}
	if (tolower((unsigned char)*p) == 'b')
		p++;
	if (rest == REC_SIZE_WHOLE ? *p != '\0'
				   : *p && !strchr(",:-/", *p) && !isspace((unsigned char)*p))
		return -EINVAL;
	if (n > UINT64_MAX / mult)
		return -EINVAL;
	*out = n * mult;
	return 0;
}
