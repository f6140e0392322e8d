/* Unit tests for reporter/model/params.c: which fio rw= values are a read/write mix. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>

#include <cmocka.h>

#include "model/params.h"

/* rwmixread applies to rw, readwrite and randrw (fio HOWTO "rw"), with or without ":N". */
static void mixed_values(void **state)
{
	(void)state;
	assert_true(sr_rw_mixed("rw"));
	assert_true(sr_rw_mixed("readwrite"));
	assert_true(sr_rw_mixed("randrw"));
	assert_true(sr_rw_mixed("randrw:8"));
	assert_true(sr_rw_mixed("rw:4"));
}

/* Single-direction jobs and trim+write jobs carry no read share. */
static void not_mixed_values(void **state)
{
	(void)state;
	assert_false(sr_rw_mixed(NULL));
	assert_false(sr_rw_mixed(""));
	assert_false(sr_rw_mixed("read"));
	assert_false(sr_rw_mixed("randwrite"));
	assert_false(sr_rw_mixed("trimwrite"));
	assert_false(sr_rw_mixed("randtrimwrite"));
	assert_false(sr_rw_mixed("randr"));
	assert_false(sr_rw_mixed("rwx"));
	assert_false(sr_rw_mixed("randrw8"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(mixed_values),
	    cmocka_unit_test(not_mixed_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
