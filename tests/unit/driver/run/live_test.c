// SPDX-License-Identifier: GPL-2.0-only
/*
 * live_test.c - driver/run/live.c: when a live rebuild may start (ten times the last one's CPU
 * time after it started), and real children: the first one waits for a running test, a rebuild
 * due while one runs is not stacked, a failed one is counted, a stop ends a running one (not
 * counted as failed).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run/live.h"

static void wait_rule(void **state)
{
	(void)state;
	assert_int_equal(rv_live_wait_s(0, 0, 1000), 0);       /* none yet */
	assert_int_equal(rv_live_wait_s(1000, 0.0, 1000), 0);  /* it cost nothing */
	assert_int_equal(rv_live_wait_s(1000, 3.0, 1010), 20); /* 10 x 3 s after 1000 */
	assert_int_equal(rv_live_wait_s(1000, 3.0, 1030), 0);  /* at 1030 exactly */
	assert_int_equal(rv_live_wait_s(1000, 0.25, 1001), 2); /* 2.5 s left: rounded up */
	assert_int_equal(rv_live_wait_s(1000, 60.0, 1599), 1); /* a dear one: 10 min apart */
}

/* the command line @a @b @c, owned as rv_live_init() takes it */
static char **cmd(const char *a, const char *b, const char *c)
{
	char **v = calloc(4, sizeof(*v));

	v[0] = strdup(a);
	v[1] = strdup(b);
	v[2] = strdup(c);
	return v;
}

/* tick until the running rebuild has ended (at most 10 s) */
static void until_ended(struct rv_live *l)
{
	for (int i = 0; i < 200 && l->running; i++) {
		usleep(50000);
		rv_live_tick(l, false, false, time(NULL));
	}
	assert_false(l->running);
}

static void children(void **state)
{
	struct rv_live l;
	time_t now = time(NULL);
	pid_t first;

	(void)state;
	rv_live_init(&l, cmd("sh", "-c", "sleep 0.3"), "/dev/null", 5);
	assert_true(l.due); /* the first is due from the start ... */
	assert_false(rv_live_tick(&l, false, false, now));
	assert_false(l.running); /* ... but waits for a test to run (status.json names it) */
	rv_live_tick(&l, false, true, now);
	assert_true(l.running);
	first = l.c.pid;
	/* a test ends and the next runs while it is still under way: not stacked */
	rv_live_tick(&l, true, false, now);
	rv_live_tick(&l, false, true, now);
	assert_int_equal(l.c.pid, first);
	assert_true(l.due);
	until_ended(&l);
	assert_int_equal(l.rebuilds, 1);
	assert_int_equal(l.failed, 0);
	assert_int_equal(l.last_code, 0);
	assert_true(l.built[0] != '\0');
	/* the due one starts at the next tick of a running test a second after the last one
	 * started (its CPU time is tiny: ten times it is well under a second; the clock's
	 * seconds are whole, so "now" may still be the second the last one started in) */
	rv_live_tick(&l, false, true, l.started + 1);
	assert_true(l.running);
	assert_true(l.c.pid != first);
	assert_false(l.due);
	until_ended(&l);
	assert_int_equal(l.rebuilds, 2);
	/* nothing due: a running test gets one only every_s after the last one started */
	rv_live_tick(&l, false, true, l.started + 4);
	assert_false(l.running);
	rv_live_tick(&l, false, true, l.started + 5);
	assert_true(l.running);
	/* stopped by the driver: not a failure, nothing left running */
	rv_live_stop(&l);
	assert_false(l.running);
	assert_int_equal(l.failed, 0);
	assert_int_equal(l.last_code, 128 + 15);
	rv_live_free(&l);
	assert_null(l.argv);
}

static void failure(void **state)
{
	struct rv_live l;

	(void)state;
	rv_live_init(&l, cmd("sh", "-c", "exit 3"), "/dev/null", 5);
	rv_live_tick(&l, false, true, time(NULL));
	until_ended(&l);
	assert_int_equal(l.rebuilds, 0);
	assert_int_equal(l.failed, 1);
	assert_int_equal(l.last_code, 3);
	assert_string_equal(l.built, "");
	rv_live_free(&l);
	/* off: nothing ever starts */
	rv_live_init(&l, NULL, NULL, 0);
	assert_false(rv_live_tick(&l, true, true, time(NULL)));
	assert_false(l.running);
	rv_live_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(wait_rule),
	    cmocka_unit_test(children),
	    cmocka_unit_test(failure),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
