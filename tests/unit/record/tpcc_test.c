// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpcc_test.c - record/tpcc.c: a run's transaction types and New-Orders per minute written and
 * read back (a rate not known is null, a run without the types writes neither key), and the
 * consistency conditions (a violated one with its examples, a held one without).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "record/json.h"
#include "record/tpcc.h"

static void figures(void **state)
{
	struct rec_tpcc_type t[2] = {
	    {"new_order", 263, 1, 2, 1, 1, 51.5, 39.85, 196.9, 376.5},
	    {"payment", 0, 0, 0, 0, 0, NAN, NAN, NAN, NAN}, /* none ran: no rate, no latency */
	};
	struct rec_tpcc_figures f = {true, 3082.4, t, 2}, none = {0}, back = {0};
	json_object *o = json_object_new_object(), *p = json_object_new_object();

	(void)state;
	rec_tpcc_figures_add(o, &f);
	rec_tpcc_figures_add(p, &none);
	assert_int_equal(json_object_object_length(p), 0);
	assert_true(json_object_object_get_ex(rec_json_get(rec_json_get(o, "types"), "payment"),
					      "tps", NULL));
	assert_null(rec_json_get(rec_json_get(rec_json_get(o, "types"), "payment"), "tps"));
	assert_int_equal(rec_tpcc_figures_of(o, &back), 0);
	assert_true(back.have);
	assert_true(back.new_orders_per_min == 3082.4);
	assert_int_equal(back.ntypes, 2);
	assert_string_equal(back.types[0].name, "new_order");
	assert_int_equal(back.types[0].done, 263);
	assert_int_equal(back.types[0].retries, 2);
	assert_int_equal(back.types[0].serialization_failures, 1);
	assert_true(back.types[0].lat_p99_ms == 196.9);
	assert_true(isnan(back.types[1].tps) && isnan(back.types[1].lat_max_ms));
	free(back.types);
	memset(&back, 0, sizeof(back));
	assert_int_equal(rec_tpcc_figures_of(p, &back), 0);
	assert_false(back.have);
	json_object_put(o);
	json_object_put(p);
}

static void consistency(void **state)
{
	struct rec_tpcc_condition c[2] =
	    {
		{1, "W_YTD = sum(D_YTD)", 1, 1, false,
		 "w_id=1 w_ytd=300010.00 sum_d_ytd=300000.00"},
		{2, "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)", 10, 0, true, ""},
	    },
				  *back;
	json_object *a = rec_tpcc_consistency_json(c, 2);
	size_t n;

	(void)state;
	assert_int_equal(json_object_array_length(a), 2);
	assert_null(rec_json_get(json_object_array_get_idx(a, 1), "examples")); /* "" is none */
	assert_int_equal(rec_tpcc_consistency_of(a, &back, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(back[0].condition, 1);
	assert_false(back[0].holds);
	assert_int_equal(back[0].violations, 1);
	assert_string_equal(back[0].examples, c[0].examples);
	assert_true(back[1].holds);
	assert_int_equal(back[1].checked, 10);
	assert_null(back[1].examples);
	free(back);
	json_object_put(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(figures),
	    cmocka_unit_test(consistency),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
