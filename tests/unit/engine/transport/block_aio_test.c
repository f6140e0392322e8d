// SPDX-License-Identifier: GPL-2.0-only
/* block_aio.c through its ops on a real temporary file: async write, read back, sync ops. */
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

#include "core/transport_registry.h"

#define BLK 4096
#define NIO 8

struct fixture {
	char path[64];
	struct ssd_ctx *ctx;
	struct ssd_dev *dev;
	struct ssd_geometry geo;
	struct ssd_io io[NIO];
	void *buf[NIO];
};

static int setup(void **state)
{
	struct ssd_options opt = {.depth = NIO};
	struct fixture *f = calloc(1, sizeof(*f));
	char err[256];
	int fd;

	snprintf(f->path, sizeof(f->path),
		 "build/ssdeng-aio-XXXXXX" /* not /tmp: tmpfs has no O_DIRECT on 6.1 */);
	fd = mkstemp(f->path);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, 1 << 20), 0);
	close(fd);
	assert_int_equal(ssd_tp_block_aio_ops.ctx_init(&f->ctx, &opt), 0);
	assert_int_equal(ssd_tp_block_aio_ops.open(f->ctx, &opt, f->path, O_RDWR | O_DIRECT,
						   &f->dev, &f->geo, err, sizeof(err)),
			 0);
	for (int i = 0; i < NIO; i++) {
		assert_int_equal(posix_memalign(&f->buf[i], BLK, BLK), 0);
		f->io[i].slot = (unsigned int)i;
		f->io[i].dev = f->dev;
		f->io[i].buf = f->buf[i];
		f->io[i].len = BLK;
		f->io[i].offset = (uint64_t)i * BLK;
	}
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	ssd_tp_block_aio_ops.close(f->ctx, f->dev);
	ssd_tp_block_aio_ops.ctx_exit(f->ctx);
	for (int i = 0; i < NIO; i++)
		free(f->buf[i]);
	unlink(f->path);
	free(f);
	return 0;
}

static int run_all(struct fixture *f, enum ssd_op op)
{
	struct ssd_io *out[NIO];
	int got = 0;

	for (int i = 0; i < NIO; i++) {
		f->io[i].op = op;
		assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &f->io[i]), SSD_Q_QUEUED);
	}
	assert_int_equal(ssd_tp_block_aio_ops.inflight(f->ctx), NIO);
	assert_int_equal(ssd_tp_block_aio_ops.commit(f->ctx), 0);
	while (got < NIO) {
		int r = ssd_tp_block_aio_ops.reap(f->ctx, 1, NIO, out, NULL);
		assert_true(r > 0);
		for (int i = 0; i < r; i++) {
			assert_int_equal(out[i]->error, 0);
			assert_int_equal(out[i]->resid, 0);
		}
		got += r;
	}
	return got;
}

static void test_geometry_of_file(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(f->geo.capacity_bytes, 1 << 20);
	assert_int_equal(f->geo.lba_bytes, 512);
}

static void test_write_then_read_back(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < NIO; i++)
		memset(f->buf[i], 'a' + i, BLK);
	assert_int_equal(run_all(f, SSD_OP_WRITE), NIO);
	for (int i = 0; i < NIO; i++)
		memset(f->buf[i], 0, BLK);
	assert_int_equal(run_all(f, SSD_OP_READ), NIO);
	for (int i = 0; i < NIO; i++) {
		assert_int_equal(((unsigned char *)f->buf[i])[0], 'a' + i);
		assert_int_equal(((unsigned char *)f->buf[i])[BLK - 1], 'a' + i);
	}
	assert_int_equal(ssd_tp_block_aio_ops.inflight(f->ctx), 0);
}

static void test_queue_full_is_busy(void **state)
{
	struct fixture *f = *state;
	struct ssd_io *out[NIO];
	struct ssd_io extra = f->io[0];
	int got = 0;

	for (int i = 0; i < NIO; i++) {
		f->io[i].op = SSD_OP_READ;
		assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &f->io[i]), SSD_Q_QUEUED);
	}
	assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &extra), SSD_Q_BUSY);
	/* a flush waits for the queue to drain */
	extra.op = SSD_OP_FLUSH;
	assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &extra), SSD_Q_BUSY);
	assert_int_equal(ssd_tp_block_aio_ops.commit(f->ctx), 0);
	while (got < NIO)
		got += ssd_tp_block_aio_ops.reap(f->ctx, 1, NIO, out, NULL);
	assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &extra), SSD_Q_COMPLETED);
	assert_int_equal(extra.error, 0);
}

static void test_trim_and_write_zeroes_read_zero(void **state)
{
	struct fixture *f = *state;
	struct ssd_io op = f->io[1];

	for (int i = 0; i < NIO; i++)
		memset(f->buf[i], 0x5a, BLK);
	assert_int_equal(run_all(f, SSD_OP_WRITE), NIO);
	op.op = SSD_OP_TRIM; /* block 1 */
	assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &op), SSD_Q_COMPLETED);
	assert_int_equal(op.error, 0);
	op = f->io[2];
	op.op = SSD_OP_WRITE_ZEROES; /* block 2 */
	assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &op), SSD_Q_COMPLETED);
	assert_int_equal(op.error, 0);
	assert_int_equal(run_all(f, SSD_OP_READ), NIO);
	assert_int_equal(((unsigned char *)f->buf[0])[100], 0x5a);
	assert_int_equal(((unsigned char *)f->buf[1])[100], 0);
	assert_int_equal(((unsigned char *)f->buf[2])[100], 0);
	assert_int_equal(((unsigned char *)f->buf[3])[100], 0x5a);
}

static void test_read_past_end_is_short(void **state)
{
	struct fixture *f = *state;
	struct ssd_io *out[1];
	struct ssd_io io = f->io[0];

	io.op = SSD_OP_READ;
	io.offset = (1 << 20) - 512; /* only 512 of 4096 bytes exist */
	assert_int_equal(ssd_tp_block_aio_ops.queue(f->ctx, &io), SSD_Q_QUEUED);
	assert_int_equal(ssd_tp_block_aio_ops.commit(f->ctx), 0);
	assert_int_equal(ssd_tp_block_aio_ops.reap(f->ctx, 1, 1, out, NULL), 1);
	assert_ptr_equal(out[0], &io);
	assert_int_equal(io.error, 0);
	assert_int_equal(io.resid, BLK - 512);
}

static void test_open_rejects_char_device(void **state)
{
	struct ssd_geometry geo;
	struct ssd_dev *dev;
	char err[256] = "";

	(void)state;
	assert_int_equal(ssd_tp_block_aio_ops.open(NULL, NULL, "/dev/null", O_RDONLY, &dev, &geo,
						   err, sizeof(err)),
			 -ENOTBLK);
	assert_non_null(strstr(err, "/dev/null"));
	assert_non_null(strstr(err, "block device or a regular file"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_geometry_of_file, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_write_then_read_back, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_queue_full_is_busy, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_trim_and_write_zeroes_read_zero, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_read_past_end_is_short, setup, teardown),
	    cmocka_unit_test(test_open_rejects_char_device),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
