// SPDX-License-Identifier: GPL-2.0-only
/*
 * uri_test.c - library/uri.c: a PostgreSQL URI recognised (any case of its scheme), and shown
 * without the password of its user part nor a password= parameter, everything else kept.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "library/uri.h"

static void test_is_uri(void **state)
{
	(void)state;
	assert_true(lib_is_uri("postgresql://db.lab/ssdlib"));
	assert_true(lib_is_uri("postgres://db.lab/ssdlib"));
	assert_true(lib_is_uri("PostgreSQL://db.lab/ssdlib"));
	assert_false(lib_is_uri("lab.sqlite"));
	assert_false(lib_is_uri("/srv/postgresql://x"));
	assert_false(lib_is_uri("postgresql:/db"));
}

static void shown_is(const char *uri, const char *want)
{
	char out[256];

	lib_uri_shown(uri, out, sizeof(out));
	assert_string_equal(out, want);
}

static void test_shown(void **state)
{
	(void)state;
	shown_is("postgresql://ssd:s3cr3t@db.lab:5433/ssdlib",
		 "postgresql://ssd@db.lab:5433/ssdlib");
	shown_is("postgresql://ssd@db.lab/ssdlib", "postgresql://ssd@db.lab/ssdlib");
	shown_is("postgresql://db.lab/ssdlib?sslmode=require",
		 "postgresql://db.lab/ssdlib?sslmode=require");
	shown_is("postgresql:///lib?host=/tmp/s&password=pw&user=ssd",
		 "postgresql:///lib?host=/tmp/s&user=ssd");
	shown_is("postgresql:///lib?password=pw", "postgresql:///lib");
	shown_is("postgresql:///lib?PASSWORD=pw&port=5", "postgresql:///lib?port=5");
	/* an @ in the path or the parameters is no user part */
	shown_is("postgresql://u:p@h/db?application_name=a@b",
		 "postgresql://u@h/db?application_name=a@b");
	shown_is("lab.sqlite", "lab.sqlite");
}

static void test_truncated(void **state)
{
	char out[12];

	(void)state;
	lib_uri_shown("postgresql://u:pw@host/db", out, sizeof(out));
	assert_string_equal(out, "postgresql:");
	assert_null(strstr(out, "pw"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_is_uri),
	    cmocka_unit_test(test_shown),
	    cmocka_unit_test(test_truncated),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
