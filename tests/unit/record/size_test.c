// SPDX-License-Identifier: GPL-2.0-only
/*
 * size_test.c - record/size.c: the sizes of ssd-review's --span, ssd-apps's --buffer-pool, a PTS
 * phase's block sizes and fio's bs= read one way.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "record/size.h"

static uint64_t whole(const char *s)
{
	uint64_t v = 0;

	assert_int_equal(rec_size_parse(s, 1024, REC_SIZE_WHOLE, &v), 0);
	return v;
}

static void refused(const char *s, enum rec_size_rest rest)
{
	uint64_t v = 7;

	assert_int_equal(rec_size_parse(s, 1024, rest, &v), -EINVAL);
	assert_int_equal(v, 7);
}

/* ssd-review --span, ssd-apps --buffer-pool: binary units, the whole string */
static void options(void **state)
{
	(void)state;
	assert_int_equal(whole("4096"), 4096);
	assert_int_equal(whole("128M"), 128ULL << 20);
	assert_int_equal(whole("64KiB"), 64ULL << 10);
	assert_int_equal(whole("2tb"), 2ULL << 40);
	assert_int_equal(whole("1g"), 1ULL << 30);
	assert_int_equal(whole("16m"), 16ULL << 20);
	assert_int_equal(whole("1p"), 1ULL << 50);
	refused("", REC_SIZE_WHOLE);
	refused("M", REC_SIZE_WHOLE);
	refused("1.5G", REC_SIZE_WHOLE);
	refused("-4k", REC_SIZE_WHOLE);
	refused(" 4k", REC_SIZE_WHOLE);
	refused("4k,8k", REC_SIZE_WHOLE);
	refused("4x", REC_SIZE_WHOLE);
	refused("99999999999T", REC_SIZE_WHOLE);
	refused("18446744073709551616", REC_SIZE_WHOLE);
	refused("16777216P", REC_SIZE_WHOLE);
	assert_int_equal(rec_size_parse(NULL, 1024, REC_SIZE_WHOLE, &(uint64_t){0}), -EINVAL);
}

/* a PTS phase's block sizes (catalogue "block_sizes") */
static void pts_block_sizes(void **state)
{
	(void)state;
	assert_int_equal(whole("512"), 512);
	assert_int_equal(whole("4k"), 4096);
	assert_int_equal(whole("128k"), 131072);
	assert_int_equal(whole("1m"), 1048576);
}

/* fio's bs= in its JSON: the first of a list, kb_base */
static void fio_bs(void **state)
{
	uint64_t v = 0;

	(void)state;
	assert_int_equal(rec_size_parse("4k", 1024, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(rec_size_parse("4k", 1000, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 4000);
	assert_int_equal(rec_size_parse("128KiB", 1000, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 131072);
	assert_int_equal(rec_size_parse("1m,4k", 1024, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 1048576);
	assert_int_equal(rec_size_parse("4k-16k", 1024, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(rec_size_parse("  8k:16k", 1024, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 8192);
	assert_int_equal(rec_size_parse("4k/50", 1024, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(rec_size_parse("512", 1024, REC_SIZE_FIRST, &v), 0);
	assert_int_equal(v, 512);
	refused("fast", REC_SIZE_FIRST);
	refused(",64k", REC_SIZE_FIRST);
	refused("4kx", REC_SIZE_FIRST);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(options),
	    cmocka_unit_test(pts_block_sizes),
	    cmocka_unit_test(fio_bs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
