// SPDX-License-Identifier: GPL-2.0-only
/*
 * lock_test.c - driver/run/lock.c: lock file names from a drive's identity (one name for every
 * node of one disk: the caller passes the disk's numbers), the holder text, and a lock taken
 * twice refused with the holder named.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run/lock.h"
#include "util/proc.h"

static void names(void **state)
{
	char a[RV_LOCK_NAME], b[RV_LOCK_NAME];

	(void)state;
	rv_lock_name(RV_LOCK_BLOCK, 259, 0, NULL, "dev", a, sizeof(a));
	assert_string_equal(a, "ssd-review.blk-259:0.lock");
	rv_lock_name(RV_LOCK_CHAR, 21, 1, NULL, "dev", a, sizeof(a));
	assert_string_equal(a, "ssd-review.chr-21:1.lock");
	rv_lock_name(RV_LOCK_PATH, 0, 0, "/tmp/a4.img", "dev", a, sizeof(a));
	rv_lock_name(RV_LOCK_PATH, 0, 0, "/tmp/a4.img", "dev", b, sizeof(b));
	assert_string_equal(a, b);
	assert_int_equal(strlen(a), strlen("ssd-review.dev-0123456789abcdef.lock"));
	assert_int_equal(strncmp(a, "ssd-review.dev-", 15), 0);
	rv_lock_name(RV_LOCK_PATH, 0, 0, "/tmp/a5.img", "dev", b, sizeof(b));
	assert_string_not_equal(a, b);
	rv_lock_name(RV_LOCK_PATH, 0, 0, "/tmp/a4.img", "out", b, sizeof(b));
	assert_int_equal(strncmp(b, "ssd-review.out-", 15), 0);
	assert_string_equal(a + 15, b + 15);
}

static void holder_text(void **state)
{
	struct rv_lock_holder h = {.pid = 1234, .starttime = 987654321, .fio_pid = 99}, back;
	char text[4096], who[2048];

	(void)state;
	snprintf(h.started, sizeof(h.started), "2026-01-01T00:00:00Z");
	snprintf(h.command, sizeof(h.command), "ssd-review --drive a=/dev/ng0n1\n--yes");
	snprintf(h.what, sizeof(h.what), "--drive a=/dev/ng0n1");
	assert_true(rv_lock_format(&h, text, sizeof(text)) > 0);
	assert_int_equal(rv_lock_parse(text, &back), 0);
	assert_int_equal(back.pid, 1234);
	assert_true(back.starttime == 987654321ULL);
	assert_int_equal(back.fio_pid, 99);
	assert_string_equal(back.started, "2026-01-01T00:00:00Z");
	assert_string_equal(back.command, "ssd-review --drive a=/dev/ng0n1 --yes");
	assert_string_equal(back.what, "--drive a=/dev/ng0n1");
	assert_int_equal(rv_lock_parse("what=x\n", &back), -EINVAL);
	assert_int_equal(rv_lock_format(&h, text, 16), -ENAMETOOLONG);
	/* a holder that is gone (no process has that start time) is named as gone */
	rv_lock_describe(&h, who, sizeof(who));
	assert_non_null(strstr(who, "ssd-review pid 1234 (started 2026-01-01T00:00:00Z, now "
				    "gone"));
}

static void taken_twice(void **state)
{
	char dir[] = "/tmp/lock_test.XXXXXX", who[2048], path[256];
	struct rv_lock_holder me = {.pid = getpid()}, other;
	struct rv_lock l1, l2;

	(void)state;
	assert_non_null(mkdtemp(dir));
	setenv("SSD_REVIEW_LOCK_DIR", dir, 1);
	assert_string_equal(rv_lock_dir(), dir);
	assert_int_equal(rv_proc_starttime(me.pid, &me.starttime), 0);
	snprintf(me.started, sizeof(me.started), "now");
	snprintf(me.command, sizeof(me.command), "ssd-review --drive a=x");
	assert_int_equal(rv_lock_take(&l1, "ssd-review.blk-1:2.lock", &me, &other), 0);
	/* another open file description: flock refuses it, as it would another process */
	assert_int_equal(rv_lock_take(&l2, "ssd-review.blk-1:2.lock", &me, &other), -EWOULDBLOCK);
	assert_int_equal(other.pid, me.pid);
	rv_lock_describe(&other, who, sizeof(who));
	assert_non_null(strstr(who, "ssd-review --drive a=x"));
	me.fio_pid = 4242;
	rv_lock_update(&l1, &me);
	assert_int_equal(rv_lock_take(&l2, "ssd-review.blk-1:2.lock", &me, &other), -EWOULDBLOCK);
	assert_int_equal(other.fio_pid, 4242);
	rv_lock_release(&l1);
	assert_int_equal(rv_lock_take(&l2, "ssd-review.blk-1:2.lock", &me, &other), 0);
	rv_lock_release(&l2);
	snprintf(path, sizeof(path), "%s/ssd-review.blk-1:2.lock", dir);
	assert_int_equal(access(path, F_OK), 0); /* lock files stay */
	unlink(path);
	rmdir(dir);
	unsetenv("SSD_REVIEW_LOCK_DIR");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(names),
	    cmocka_unit_test(holder_text),
	    cmocka_unit_test(taken_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
