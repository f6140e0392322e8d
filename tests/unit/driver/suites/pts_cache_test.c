// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_cache_test.c - driver/pts_cache.c: what a write cache change means for a PTS test's
 * record (rv_pts_cache_record()): set, already so, refused (named, not compliant), not
 * applicable, and the drive's own setting kept across a --resume after a kill.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "suites/pts_cache.h"

static void has(const char *s, const char *want)
{
	if (!s || !strstr(s, want))
		fail_msg("\"%s\" lacks \"%s\"", s ? s : "(null)", want);
}

static void set_and_already(void **state)
{
	struct rec_pts *rec = calloc(1, sizeof(*rec));
	struct rv_cache_result res = {.rc = 0, .before = 1, .after = 0};

	(void)state;
	/* Enterprise on a drive whose cache was on: disabled, 1 kept to restore */
	assert_int_equal(rv_pts_cache_record(rec, false, NULL, &res, NULL), 0);
	assert_true(rec->cache);
	assert_string_equal(rec->cache_wanted, "disabled");
	assert_string_equal(rec->cache_outcome, "set");
	assert_int_equal(rec->cache_original, 1);
	assert_null(rec->cache_restored);
	assert_int_equal(rec->nnot_compliant, 0);
	has(rec->write_cache, "disabled for the test");
	has(rec->write_cache, "own setting (enabled) restored");
	/* the cache was off already: nothing to restore later */
	res = (struct rv_cache_result){.rc = 0, .before = 0, .after = 0};
	assert_int_equal(rv_pts_cache_record(rec, false, NULL, &res, NULL), 0);
	assert_string_equal(rec->cache_outcome, "already so");
	assert_int_equal(rec->cache_original, 0);
	/* Client enables */
	res = (struct rv_cache_result){.rc = 0, .before = 0, .after = 1};
	assert_int_equal(rv_pts_cache_record(rec, true, NULL, &res, NULL), 0);
	assert_string_equal(rec->cache_wanted, "enabled");
	assert_string_equal(rec->cache_outcome, "set");
	assert_int_equal(rec->cache_original, 0);
	rec_pts_free(rec);
}

static void resumed_after_kill(void **state)
{
	struct rec_pts *rec = calloc(1, sizeof(*rec)),
		       earlier = {.cache = true, .cache_original = 1};
	struct rv_cache_result res = {.rc = 0, .before = 0, .after = 0};

	(void)state;
	earlier.cache_outcome = "set";
	/* the killed session disabled an enabled cache: the drive now reads 0, but its own
	 * setting is the earlier record's 1, and the resumed test restores that */
	assert_int_equal(rv_pts_cache_record(rec, false, NULL, &res, &earlier), 0);
	assert_string_equal(rec->cache_outcome, "set");
	assert_int_equal(rec->cache_original, 1);
	/* an earlier session that found it off already changes nothing */
	earlier.cache_outcome = "already so";
	earlier.cache_original = 0;
	assert_int_equal(rv_pts_cache_record(rec, false, NULL, &res, &earlier), 0);
	assert_string_equal(rec->cache_outcome, "already so");
	assert_int_equal(rec->cache_original, 0);
	rec_pts_free(rec);
}

static void refused_and_not_applicable(void **state)
{
	struct rec_pts *rec = calloc(1, sizeof(*rec));
	struct rv_cache_result res = {.rc = RV_CACHE_REFUSED,
				      .before = 1,
				      .after = 1,
				      .err = "refused: MODE SELECT(10): ILLEGAL REQUEST"};
	const char *why = NULL;

	(void)state;
	assert_int_equal(rv_pts_cache_record(rec, false, NULL, &res, NULL), 0);
	assert_string_equal(rec->cache_outcome, "refused");
	has(rec->write_cache, "write cache could not be disabled: not PTS compliant");
	has(rec->write_cache, "ILLEGAL REQUEST");
	assert_string_equal(rec->cache_message, res.err);
	assert_int_equal(rec->nnot_compliant, 1);
	assert_string_equal(rec->not_compliant[0], "write cache could not be disabled");
	/* recorded again (a resumed session): named once */
	assert_int_equal(rv_pts_cache_record(rec, false, NULL, &res, NULL), 0);
	assert_int_equal(rec->nnot_compliant, 1);
	/* a command that could not be sent is not compliant either */
	res.rc = -EIO;
	assert_int_equal(rv_pts_cache_record(rec, true, NULL, &res, NULL), 0);
	assert_string_equal(rec->cache_outcome, "failed");
	assert_int_equal(rec->nnot_compliant, 2);
	assert_string_equal(rec->not_compliant[1], "write cache could not be enabled");
	rec_pts_free(rec);

	rec = calloc(1, sizeof(*rec));
	assert_false(rv_pts_cache_applies(RV_KIND_FILE, &why));
	has(why, "regular file");
	assert_int_equal(rv_pts_cache_record(rec, false, why, NULL, NULL), 0);
	assert_string_equal(rec->cache_outcome, "not applicable");
	assert_int_equal(rec->cache_original, -1);
	assert_int_equal(rec->nnot_compliant, 0);
	has(rec->write_cache, "not applicable: a regular file");
	assert_false(rv_pts_cache_applies(RV_KIND_BLK, &why));
	assert_true(rv_pts_cache_applies(RV_KIND_NVME_NG, &why));
	assert_true(rv_pts_cache_applies(RV_KIND_SCSI_SG, &why));
	rec_pts_free(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(set_and_already),
	    cmocka_unit_test(resumed_after_kill),
	    cmocka_unit_test(refused_and_not_applicable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
