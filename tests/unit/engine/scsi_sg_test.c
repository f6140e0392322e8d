// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_sg_test.c - the scsi-sg transport's behaviour without a SCSI device: files that are not
 * SCSI are refused with a message naming what they are, and an idle queue never blocks.
 * Commands on real sg nodes are tested in the lab (tests/lab/scsi_*.sh).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "transport.h"

static void test_probe_not_scsi(void **state)
{
	char sg[64], err[256], tmp[] = "/tmp/ssdeng-sg-test-XXXXXX";
	int fd;

	(void)state;
	assert_int_equal(ssd_scsi_probe("/dev/null", sg, sizeof(sg), err, sizeof(err)), 0);
	assert_string_equal(err, "/dev/null: a character device that is not SCSI generic (null), "
				 "not a SCSI device; use transport=block-aio");

	fd = mkstemp(tmp);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(ssd_scsi_probe(tmp, sg, sizeof(sg), err, sizeof(err)), 0);
	assert_non_null(strstr(err, ": a regular file, not a SCSI device"));
	unlink(tmp);

	assert_int_equal(ssd_scsi_probe("/nonexistent/sg9", sg, sizeof(sg), err, sizeof(err)),
			 -ENOENT);
}

static void test_open_refuses(void **state)
{
	struct ssd_geometry geo;
	struct ssd_dev *dev = (struct ssd_dev *)&geo;
	char err[256];

	(void)state;
	assert_int_equal(ssd_scsi_sg_ops.open(NULL, "/dev/null", O_RDONLY, &dev, &geo, err,
					      sizeof(err)),
			 -ENODEV);
	assert_null(dev);
	assert_non_null(strstr(err, "not a SCSI device"));
}

static void test_idle_queue(void **state)
{
	const struct ssd_options opt = { .depth = 40, .scsi_mode = "auto" };
	const struct timespec zero = { 0, 0 };
	struct ssd_io *out[40];
	struct ssd_ctx *ctx;

	(void)state;
	assert_int_equal(ssd_scsi_sg_ops.ctx_init(&ctx, &opt), 0);
	assert_int_equal(ssd_scsi_sg_ops.inflight(ctx), 0);
	assert_int_equal(ssd_scsi_sg_ops.commit(ctx), 0);
	/* nothing in flight: reap returns at once even when asked to wait forever */
	assert_int_equal(ssd_scsi_sg_ops.reap(ctx, 1, 40, out, NULL), 0);
	assert_int_equal(ssd_scsi_sg_ops.reap(ctx, 0, 40, out, &zero), 0);
	ssd_scsi_sg_ops.ctx_exit(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe_not_scsi),
		cmocka_unit_test(test_open_refuses),
		cmocka_unit_test(test_idle_queue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
