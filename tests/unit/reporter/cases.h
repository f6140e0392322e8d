/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cases.h - shared helpers of the reporter tests: find ../shared/cases (CI clones the repo with
 * shared/ beside it; tests run from the repo root), load a case file, compare numbers.
 */
#ifndef SSDREPORT_TEST_CASES_H
#define SSDREPORT_TEST_CASES_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cases_dir.h"
#include "parse/fio_json.h"
#include "parse/read_file.h"

/* Relative comparison at fio's printing precision (6 decimals, 1e-9 relative). */
#define assert_num(val, expect)                                                                    \
	do {                                                                                       \
		struct sr_value v_ = (val);                                                        \
		double e_ = (expect);                                                              \
		if (v_.state != SR_VALID || fabs(v_.v - e_) > 1e-9 * fmax(1.0, fabs(e_)))          \
			fail_msg("%s = %.9f (state %d), expected %.9f", #val, v_.v, v_.state, e_); \
	} while (0)

#define assert_absent(val) assert_int_equal((val).state, SR_ABSENT)
#define assert_invalid(val) assert_int_equal((val).state, SR_INVALID)

#endif
