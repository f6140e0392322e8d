// SPDX-License-Identifier: GPL-2.0-only
/* count_text.c - a count people read, written one way (count_text.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "record/count_text.h"

char *rec_count_text(char *buf, double v)
{
	char digits[REC_COUNT_TEXT_LEN];
	double r = round(fabs(v));
	size_t n, k = 0;

	if (!isfinite(v) || r >= 1e18) {
		snprintf(buf, REC_COUNT_TEXT_LEN, "%g", v);
		return buf;
	}
	snprintf(digits, sizeof(digits), "%.0f", r);
	n = strlen(digits);
	if (v < 0 && r > 0)
		buf[k++] = '-';
	for (size_t i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = digits[i];
	}
	buf[k] = '\0';
	return buf;
}
