// SPDX-License-Identifier: GPL-2.0-only
/*
 * reason_test.c - driver/run/reason.c: a failed test's reason is the first real message of fio's
 * stderr (the engine's own line, or fio's first error), never the transport line, a note,
 * fio's summary after it or its O_DIRECT guess placed after it.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "run/reason.h"

static void engine_line_first(void **state)
{
	const char *text =
	    "\n"
	    "ssdeng: /dev/ng0n1: nvme-uring, 4096-byte LBAs, 1073741824 bytes, MDTS 524288\n"
	    "ssdeng: /dev/ng0n1: note: scsi_timeout=5000 has no effect on nvme-uring\n"
	    "ssdeng: /dev/ng0n1: nvme-uring refused the file (Operation not permitted); using "
	    "nvme-ioctl\n"
	    "note: both iodepth >= 1 and synchronous I/O engine are selected\n"
	    "ssdeng: /tmp/f.img: cannot open: Operation not permitted; the file is immutable "
	    "(chattr -i)\n"
	    "fio: destination does not support O_DIRECT\n"
	    "fio: pid=12, err=1/file:engine/fio_engine.c:46, func=open_file, error=Operation not "
	    "permitted\n";
	char out[256];

	(void)state;
	assert_true(rv_reason_line(text, out, sizeof(out)));
	assert_string_equal(out, "ssdeng: /tmp/f.img: cannot open: Operation not permitted; the "
				 "file is immutable (chattr -i)");
	rv_reason(text, 1, NULL, out, sizeof(out));
	assert_string_equal(out, "ssdeng: /tmp/f.img: cannot open: Operation not permitted; the "
				 "file is immutable (chattr -i)");
}

static void fio_first_error(void **state)
{
	const char *text = "ssdeng: /dev/ng0n1: nvme-uring, 512-byte LBAs\r\n"
			   "fio: io_u error on file /dev/ng0n1: No such device: write "
			   "offset=4096, buflen=4096\n"
			   "fio: pid=7, err=19/file:io_u.c:1845, func=io_u error, error=No such "
			   "device\n";
	char out[256];

	(void)state;
	rv_reason(text, 1, NULL, out, sizeof(out));
	assert_string_equal(out, "fio: io_u error on file /dev/ng0n1: No such device: write "
				 "offset=4096, buflen=4096");
	rv_reason("Bad option <bogus=1>\nDid you mean bs?\nfio: job global dropped\n", 1, NULL, out,
		  sizeof(out));
	assert_string_equal(out, "Bad option <bogus=1>");
}

static void no_message(void **state)
{
	char out[256];

	(void)state;
	assert_false(rv_reason_line("fio: terminating on signal 2\n\n", out, sizeof(out)));
	assert_string_equal(out, "");
	rv_reason("", 1, NULL, out, sizeof(out));
	assert_string_equal(out, "fio exit 1 without a message on stderr");
	rv_reason(NULL, 0, "job x: error 5 (Input/output error)", out, sizeof(out));
	assert_string_equal(out, "job x: error 5 (Input/output error)");
}

static void killed_by_signal(void **state)
{
	char out[512];

	(void)state;
	rv_reason("", 128 + SIGFPE, NULL, out, sizeof(out));
	assert_string_equal(out, "fio died of SIGFPE (fio 3.33 steady-state division by zero "
				 "under load; --resume reruns it)");
	rv_reason("fio: something\n", 128 + SIGSEGV, NULL, out, sizeof(out));
	assert_string_equal(out, "fio died of SIGSEGV: fio: something");
	rv_reason("", 128 + 40, NULL, out, sizeof(out));
	assert_string_equal(out, "fio died of signal 40");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(engine_line_first),
	    cmocka_unit_test(fio_first_error),
	    cmocka_unit_test(no_message),
	    cmocka_unit_test(killed_by_signal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
