// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_table_test.c - the report's sections as one table (section_table.h): with the catalogue
 * of jobfiles/ the header, summary, drives and the drive's own account (telemetry), then a row
 * per family in the catalogue's order
 * titled and described as the catalogue has it, then "Other tests", the PTS section and the
 * detail pages, each with its page; without a catalogue the same rows but the families'.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "catalogue/catalogue.h"
#include "render/pts_page.h"
#include "render/section_table.h"
#include "render/sections.h"

static const char *const fixed_before[] = {"live", "header", "summary", "drives", "telemetry"};
static const char *const fixed_after[] = {"steady-state", "rounds", "repeats", "sweeps",
					  "comparisons",  "other",  "pts",     "details"};

static void with_catalogue(void **state)
{
	struct catalogue *cat = NULL;
	struct sr_section *s;
	char err[512];
	long n;

	(void)state;
	if (catalogue_load("jobfiles/catalogue.json", &cat, err, sizeof(err)))
		fail_msg("catalogue: %s", err);
	assert_true(cat->nfamilies >= 5);
	n = sr_sections(cat, &s);
	assert_int_equal(n, (long)(13 + cat->nfamilies));
	for (size_t i = 0; i < 5; i++) {
		assert_string_equal(s[i].id, fixed_before[i]);
		assert_null(s[i].family);
		assert_string_equal(s[i].page, i == 3
						   ? "index.html (every field on tests/drives.html)"
						   : "index.html");
	}
	for (size_t k = 0; k < cat->nfamilies; k++) {
		const struct sr_section *r = &s[5 + k];

		assert_ptr_equal(r->family, &cat->families[k]);
		assert_string_equal(r->id, cat->families[k].id);
		assert_string_equal(r->title, cat->families[k].title);
		assert_ptr_equal(r->method, cat->families[k].method);
		assert_string_equal(r->page, "index.html");
		assert_ptr_equal(r->write,
				 s[n - 3].write); /* a family's writer, as "Other tests" */
	}
	for (size_t i = 0; i < 8; i++)
		assert_string_equal(s[n - 8 + (long)i].id, fixed_after[i]);
	assert_ptr_equal(s[n - 7].write, sr_section_rounds);
	assert_ptr_equal(s[n - 6].write, sr_section_repeats);
	assert_string_equal(s[n - 5].id, "sweeps");
	assert_ptr_equal(s[n - 5].write, sr_section_sweeps);
	assert_ptr_equal(s[n - 4].write, sr_section_comparisons);
	assert_string_equal(s[n - 3].title, "Other tests");
	assert_null(s[n - 3].write);
	assert_ptr_equal(s[0].write, sr_section_live); /* nothing without --live */
	assert_ptr_equal(s[1].write, sr_section_header);
	assert_ptr_equal(s[4].write, sr_section_telemetry);
	assert_ptr_equal(s[n - 2].write, sr_section_pts);
	assert_string_equal(s[n - 2].page, "index.html and pts.html");
	assert_string_equal(s[n - 1].page, "tests/<test>.html");
	free(s);
	catalogue_free(cat);
}

static void without_catalogue(void **state)
{
	struct sr_section *s;
	long n;

	(void)state;
	n = sr_sections(NULL, &s);
	assert_int_equal(n, 13);
	for (size_t i = 0; i < 5; i++)
		assert_string_equal(s[i].id, fixed_before[i]);
	for (size_t i = 0; i < 8; i++)
		assert_string_equal(s[5 + i].id, fixed_after[i]);
	for (long i = 0; i < n; i++) /* only "Other tests" is written by a family's writer */
		assert_true(!s[i].write == !strcmp(s[i].id, "other"));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(with_catalogue),
	    cmocka_unit_test(without_catalogue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
