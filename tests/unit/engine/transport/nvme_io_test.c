// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_io_test.c - struct ssd_io -> NVMe command (units, write modes, trim range, metadata)
 * and completion -> io->error with one decoded log line per distinct status. The expected
 * values are worked out here from the request (offset / LBA size etc.).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "transport/nvme_io.h"
#include "core/dev_cache.h"
#include "host/dev_class.h"
#include "common/ssd_log.h"

static char logged[8][256];
static int nlogged;

static void capture(enum ssd_log_level level, const char *line)
{
	(void)level;
	if (nlogged < 8)
		snprintf(logged[nlogged], sizeof(logged[0]), "%.*s", (int)strcspn(line, "\n"),
			 line);
	nlogged++;
}

static struct ssd_tp_nvme_dev dev_4k = {.fd = -1,
					.nsid = 1,
					.unit = 4096,
					.ns = {.lba_bytes = 4096},
					.geo = {.max_xfer_bytes = 524288}};

static void test_read_write_units(void **state)
{
	(void)state;
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = 4};
	struct nvme_uring_cmd cmd;
	static char buf[8192];
	struct ssd_io io = {.op = SSD_OP_READ,
			    .offset = 3 * 4096,
			    .len = 8192,
			    .buf = buf,
			    .slot = 2,
			    .dev = &dev_4k.base};

	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.opcode, 0x02);
	assert_int_equal(cmd.cdw10, 3); /* 12288 / 4096 */
	assert_int_equal(cmd.cdw12, 1); /* 2 LBAs, zero-based */
	assert_int_equal(cmd.addr, (uintptr_t)buf);
	assert_int_equal(cmd.data_len, 8192);

	io.op = SSD_OP_WRITE;
	io.flags = SSD_IO_FUA;
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.opcode, 0x01);
	assert_int_equal(cmd.cdw12, (1u << 30) | 1);

	io.offset = 512; /* not a whole 4096-byte LBA */
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), -EINVAL);
	io.offset = 0;
	io.len = 1000;
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), -EINVAL);
	io.len = 65537ull * 4096; /* NLB above 65536 */
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), -EINVAL);
	ssd_tp_nvme_scratch_free(&s);
}

static void test_write_modes(void **state)
{
	(void)state;
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = 1, .deac = true};
	struct nvme_uring_cmd cmd;
	static char buf[4096];
	struct ssd_io io = {.op = SSD_OP_WRITE_ZEROES,
			    .offset = 8192,
			    .len = 4096,
			    .buf = buf,
			    .dev = &dev_4k.base};

	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.opcode, 0x08);
	assert_int_equal(cmd.cdw10, 2);
	assert_int_equal(cmd.cdw12, 1u << 25); /* DEAC, NLB 0 = one LBA */
	assert_int_equal(cmd.data_len, 0);

	io.op = SSD_OP_COMPARE;
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.opcode, 0x05);
	assert_int_equal(cmd.addr, (uintptr_t)buf);

	io.op = SSD_OP_VERIFY;
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.opcode, 0x0c);
	assert_int_equal(cmd.data_len, 0);

	io.op = SSD_OP_FLUSH;
	io.len = 0;
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.opcode, 0x00);
	assert_int_equal(cmd.nsid, 1);
	ssd_tp_nvme_scratch_free(&s);
}

/* trim of 1 MiB at 64 KiB on 4096-byte LBAs: one range, NLB 256 (a count), SLBA 16 */
static void test_trim_range(void **state)
{
	(void)state;
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = 2};
	struct nvme_uring_cmd cmd;
	struct ssd_io io = {
	    .op = SSD_OP_TRIM, .offset = 65536, .len = 1048576, .slot = 1, .dev = &dev_4k.base};
	const uint8_t want[16] = {0, 0, 0, 0, 0x00, 0x01, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0};

	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.opcode, 0x09);
	assert_int_equal(cmd.cdw10, 0);	      /* one range */
	assert_int_equal(cmd.cdw11, 1u << 2); /* AD */
	assert_int_equal(cmd.data_len, 16);
	assert_int_equal(cmd.addr, (uintptr_t)(s.dsm + 16));
	assert_memory_equal(s.dsm + 16, want, 16);
	ssd_tp_nvme_scratch_free(&s);
}

/* 512+8 separate metadata without PRACT: 8 bytes of metadata per LBA from the slot's scratch;
 * extended 4096+64: the unit is 4160 bytes. */
static void test_metadata(void **state)
{
	(void)state;
	struct ssd_tp_nvme_dev sep = {.fd = -1,
				      .nsid = 3,
				      .unit = 512,
				      .md_sep_bytes = 8,
				      .ns = {.lba_bytes = 512, .md_bytes = 8},
				      .geo = {.max_xfer_bytes = 524288}};
	struct ssd_tp_nvme_dev ext = {
	    .fd = -1,
	    .nsid = 4,
	    .unit = 4160,
	    .ns = {.lba_bytes = 4096, .md_bytes = 64, .md_extended = true},
	    .geo = {.max_xfer_bytes = 524160}};
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = 2};
	struct nvme_uring_cmd cmd;
	static char buf[8320];
	struct ssd_io io = {.op = SSD_OP_WRITE,
			    .offset = 4096,
			    .len = 4096,
			    .buf = buf,
			    .slot = 1,
			    .dev = &sep.base};

	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	assert_int_equal(ssd_tp_nvme_scratch_fit(&s, &sep), 0);
	assert_int_equal(s.md_stride, 8192); /* 1024 LBAs × 8 bytes */
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.cdw10, 8);
	assert_int_equal(cmd.cdw12, 7);
	assert_int_equal(cmd.metadata, (uintptr_t)(s.md + 8192));
	assert_int_equal(cmd.metadata_len, 64);

	io.dev = &ext.base;
	io.offset = 4160;
	io.len = 8320;
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.cdw10, 1);
	assert_int_equal(cmd.cdw12, 1);
	assert_int_equal(cmd.data_len, 8320);
	assert_int_equal(cmd.metadata_len, 0);
	ssd_tp_nvme_scratch_free(&s);
}

static void test_completion_errors_logged_once(void **state)
{
	(void)state;
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = 1};
	struct nvme_uring_cmd cmd;
	static char buf[4096];
	struct ssd_io io = {.op = SSD_OP_READ,
			    .offset = 2048 * 4096ull,
			    .len = 4096,
			    .buf = buf,
			    .dev = &dev_4k.base};

	ssd_log_set_sink(capture);
	nlogged = 0;
	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	ssd_tp_nvme_complete(&s, &io, 0x281, NULL);
	assert_int_equal(io.error, EIO);
	assert_int_equal(io.resid, 4096);
	ssd_tp_nvme_complete(&s, &io, 0x281, NULL);
	assert_int_equal(nlogged, 1);
	assert_string_equal(logged[0], "nvme: read nsid 1 slba 2048 nlb 1: SCT 0x2 SC 0x81 "
				       "Unrecovered Read Error (DNR=0 More=0)");
	ssd_tp_nvme_complete(&s, &io, 0x4080, NULL); /* a new status: logged */
	assert_int_equal(io.error, EINVAL);
	assert_int_equal(nlogged, 2);
	ssd_tp_nvme_complete(&s, &io, -ENODEV, NULL); /* host error: its errno, never a status */
	assert_int_equal(io.error, ENODEV);
	assert_int_equal(nlogged, 3);
	assert_non_null(strstr(logged[2], "host error 19"));
	ssd_tp_nvme_complete(&s, &io, 0, NULL);
	assert_int_equal(io.error, 0);
	assert_int_equal(io.resid, 0);
	ssd_log_set_sink(NULL);
	ssd_tp_nvme_scratch_free(&s);
}

/* The clock of ssd_io.issued in the cancellation test: set by hand. */
static struct timespec fake_now;
static void fake_clock(struct timespec *ts) { *ts = fake_now; }

/* -EINTR: the kernel cancelled the command; a timeout when it was out for the whole timeout,
 * measured from its issue time in the caller's clock (ssd_options.now) */
static void test_completion_cancelled(void **state)
{
	(void)state;
	struct ssd_tp_nvme_dev dev = dev_4k;
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = 1, .now = fake_clock};
	struct nvme_uring_cmd cmd;
	static char buf[4096];
	const struct timespec issued = {.tv_sec = 100, .tv_nsec = 900000000};
	struct ssd_io io = {
	    .op = SSD_OP_WRITE, .offset = 16 * 4096ull, .len = 4096, .buf = buf, .dev = &dev.base};

	dev.timeout_ms = 1000;
	dev.eff_timeout_ms = 1000;
	ssd_log_set_sink(capture);
	nlogged = 0;
	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	assert_int_equal(ssd_tp_nvme_prep(&opt, &s, &io, &cmd), 0);
	assert_int_equal(cmd.timeout_ms, 1000);
	fake_now = (struct timespec){.tv_sec = 101, .tv_nsec = 300000000}; /* 400 ms later */
	ssd_tp_nvme_complete(&s, &io, -EINTR, &issued); /* a reset cancelled it, no timeout */
	assert_int_equal(io.error, ECANCELED);
	assert_int_equal(io.resid, 4096);
	assert_int_equal(nlogged, 1);
	assert_non_null(strstr(logged[0], "nvme: write nsid 1 slba 16 nlb 1: command cancelled "
					  "after 400 ms"));
	assert_non_null(strstr(logged[0], "in a controller reset or removal"));
	fake_now = (struct timespec){.tv_sec = 103, .tv_nsec = 400000000}; /* out for 2.5 s */
	ssd_tp_nvme_complete(&s, &io, -EINTR, &issued);
	assert_int_equal(io.error, ETIMEDOUT);
	assert_int_equal(nlogged, 2);
	assert_non_null(
	    strstr(logged[1], "nvme: write nsid 1 slba 16 nlb 1: command timed out after 2500 ms"));
	assert_non_null(strstr(logged[1],
			       "(command timeout 1000 ms, nvme_timeout): the kernel "
			       "cancelled it (EINTR) with an Abort and a controller reset"));
	ssd_tp_nvme_complete(&s, &io, -EINTR, &issued); /* logged once */
	assert_int_equal(nlogged, 2);
	ssd_log_set_sink(NULL);
	ssd_tp_nvme_scratch_free(&s);
}

/* A command whose issue time is unknown cannot be told a timeout: cancelled, said so. */
static void test_completion_cancelled_unknown_age(void **state)
{
	(void)state;
	struct ssd_tp_nvme_dev dev = dev_4k;
	struct ssd_tp_nvme_scratch s;
	struct ssd_options opt = {.depth = 1};
	struct ssd_io io = {.op = SSD_OP_READ, .offset = 0, .len = 4096, .dev = &dev.base};

	dev.eff_timeout_ms = 1000;
	ssd_log_set_sink(capture);
	nlogged = 0;
	assert_int_equal(ssd_tp_nvme_scratch_init(&s, &opt), 0);
	ssd_tp_nvme_complete(&s, &io, -EINTR, NULL);
	assert_int_equal(io.error, ECANCELED);
	assert_int_equal(nlogged, 1);
	assert_non_null(strstr(logged[0], "command cancelled after an unknown time"));
	ssd_log_set_sink(NULL);
	ssd_tp_nvme_scratch_free(&s);
}

/* A probe's open takes the classification its caller made (ssd_options.host) instead of
 * classifying the path again: the same refusal and message as classifying it itself, and what
 * the given classification says is what is refused. */
static void test_open_takes_callers_classification(void **state)
{
	char path[] = "/tmp/nvme-io-test-XXXXXX", e1[256], e2[256];
	struct ssd_options opt = {.depth = 1};
	struct ssd_host_dev h, part = {.kind = SSD_HOST_KIND_BLK, .partition = true};
	struct ssd_tp_nvme_dev *d = NULL;
	struct ssd_geometry g;
	int fd = mkstemp(path), r1, r2;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	r1 = ssd_tp_nvme_open(&opt, true, path, O_RDWR, &d, &g, e1, sizeof(e1));
	ssd_classify(path, &h);
	opt.host = &h;
	r2 = ssd_tp_nvme_open(&opt, true, path, O_RDWR, &d, &g, e2, sizeof(e2));
	assert_int_equal(r1, -ENODEV);
	assert_int_equal(r2, r1);
	assert_string_equal(e2, e1);
	assert_non_null(strstr(e1, "is not an NVMe namespace"));
	/* the caller's classification decides: a partition, refused as one */
	snprintf(part.disk, sizeof(part.disk), "nvme0n1");
	opt.host = &part;
	assert_int_equal(ssd_tp_nvme_open(&opt, true, path, O_RDWR, &d, &g, e2, sizeof(e2)),
			 -EINVAL);
	assert_non_null(strstr(e2, "is a partition of nvme0n1"));
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_read_write_units),
	    cmocka_unit_test(test_write_modes),
	    cmocka_unit_test(test_trim_range),
	    cmocka_unit_test(test_metadata),
	    cmocka_unit_test(test_completion_errors_logged_once),
	    cmocka_unit_test(test_completion_cancelled),
	    cmocka_unit_test(test_completion_cancelled_unknown_age),
	    cmocka_unit_test(test_open_takes_callers_classification),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
