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

#include "transport/scsi_sg_dev.h"
#include "core/transport_registry.h"
#include "core/dev_cache.h"
#include "host/dev_class.h"

/* One fd per command up to SSD_TP_SG_MAX_FDS (256), then the fewest commands per fd that fit. */
static void test_fds_for_depth(void **state)
{
	(void)state;
	assert_int_equal(ssd_tp_sg_fds_for_depth(0), 1);
	assert_int_equal(ssd_tp_sg_fds_for_depth(1), 1);
	assert_int_equal(ssd_tp_sg_fds_for_depth(32), 32);
	assert_int_equal(ssd_tp_sg_fds_for_depth(256), 256);
	assert_int_equal(ssd_tp_sg_fds_for_depth(1000), 256);
	assert_int_equal(ssd_tp_sg_per_fd(32, 32), 1);
	assert_int_equal(ssd_tp_sg_per_fd(256, 256), 1);
	assert_int_equal(ssd_tp_sg_per_fd(256, 1000), 4);  /* 1000 / 256 = 3.9 */
	assert_int_equal(ssd_tp_sg_per_fd(256, 4096), 16); /* the sg driver's limit per fd */
	assert_int_equal(ssd_tp_sg_per_fd(0, 8), 1);
}

/* A file that is not SCSI is refused at open, naming what it is and what to use. */
static void test_probe_not_scsi(void **state)
{
	struct ssd_geometry geo;
	struct ssd_dev *dev;
	char err[256], tmp[] = "/tmp/ssdeng-sg-test-XXXXXX";
	int fd;

	(void)state;
	assert_int_equal(ssd_tp_scsi_sg_ops.open(NULL, NULL, "/dev/null", O_RDONLY, &dev, &geo, err,
						 sizeof(err)),
			 -ENODEV);
	assert_string_equal(err, "/dev/null: a character device (null), not a SCSI device; name a "
				 "drive's block device (/dev/nvme0n1, /dev/sda), NVMe generic node "
				 "(/dev/ng0n1) or SCSI generic node (/dev/sg0), or a regular file");

	fd = mkstemp(tmp);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(
	    ssd_tp_scsi_sg_ops.open(NULL, NULL, tmp, O_RDONLY, &dev, &geo, err, sizeof(err)),
	    -ENODEV);
	assert_non_null(strstr(err, ": a regular file, not a SCSI device; use transport=block"));
	unlink(tmp);

	assert_int_equal(ssd_tp_scsi_sg_ops.open(NULL, NULL, "/nonexistent/sg9", O_RDONLY, &dev,
						 &geo, err, sizeof(err)),
			 -ENOENT);
}

static void test_open_refuses(void **state)
{
	struct ssd_geometry geo;
	struct ssd_dev *dev = (struct ssd_dev *)&geo;
	char err[256];

	(void)state;
	assert_int_equal(ssd_tp_scsi_sg_ops.open(NULL, NULL, "/dev/null", O_RDONLY, &dev, &geo, err,
						 sizeof(err)),
			 -ENODEV);
	assert_null(dev);
	assert_non_null(strstr(err, "not a SCSI device"));
}

/* A probe's open takes the classification its caller made (ssd_options.host): the same
 * refusal and message as classifying the path itself; the given classification decides. */
static void test_open_takes_callers_classification(void **state)
{
	struct ssd_host_dev h, ng = {.kind = SSD_HOST_KIND_NVME_NG};
	struct ssd_options opt = {.depth = 1};
	struct ssd_geometry geo;
	struct ssd_dev *dev;
	char e1[256], e2[256];

	(void)state;
	assert_int_equal(
	    ssd_tp_scsi_sg_ops.open(NULL, &opt, "/dev/null", O_RDONLY, &dev, &geo, e1, sizeof(e1)),
	    -ENODEV);
	ssd_classify("/dev/null", &h);
	opt.host = &h;
	assert_int_equal(
	    ssd_tp_scsi_sg_ops.open(NULL, &opt, "/dev/null", O_RDONLY, &dev, &geo, e2, sizeof(e2)),
	    -ENODEV);
	assert_string_equal(e2, e1);
	snprintf(ng.name, sizeof(ng.name), "ng0n1");
	opt.host = &ng;
	assert_int_equal(
	    ssd_tp_scsi_sg_ops.open(NULL, &opt, "/dev/null", O_RDONLY, &dev, &geo, e2, sizeof(e2)),
	    -ENODEV);
	assert_string_equal(e2, "/dev/null: an NVMe namespace generic char device (ng0n1), not a "
				"SCSI device; use transport=nvme (or transport=auto)");
}

/* Each READ/WRITE template, built at its first use, is what ssd_scsi_rw_tmpl_init() builds,
 * byte for byte, for every CDB size; built once (a template scribbled on stays as it is). */
static void test_rw_tmpl_at_first_use(void **state)
{
	static const enum ssd_cdb_size sizes[] = {SSD_CDB_AUTO, SSD_CDB_10, SSD_CDB_16};

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct ssd_tp_sg_dev *d = calloc(1, sizeof(*d));

		assert_non_null(d);
		d->cdb_size = sizes[i];
		for (int w = 0; w < 2; w++) {
			for (int fua = 0; fua < 2; fua++) {
				struct ssd_scsi_rw_tmpl want;
				const struct ssd_scsi_rw_tmpl *got = ssd_tp_sg_rw_tmpl(d, w, fua);

				memset(&want, 0, sizeof(want));
				assert_int_equal(ssd_scsi_rw_tmpl_init(&want, w, fua, sizes[i]), 0);
				assert_ptr_equal(got, &d->rw_tmpl[w][fua]);
				assert_memory_equal(got, &want, sizeof(want));
				assert_true(d->tmpl_built & (1u << (2 * w + fua)));
				d->rw_tmpl[w][fua].size = 99;
				assert_int_equal(ssd_tp_sg_rw_tmpl(d, w, fua)->size, 99);
			}
		}
		assert_int_equal(d->tmpl_built, 0xf);
		free(d);
	}
}

static void test_idle_queue(void **state)
{
	const struct ssd_options opt = {.depth = 40, .scsi_mode = SSD_SCSI_MODE_AUTO};
	const struct timespec zero = {0, 0};
	struct ssd_io *out[40];
	struct ssd_ctx *ctx;

	(void)state;
	assert_int_equal(ssd_tp_scsi_sg_ops.ctx_init(&ctx, &opt), 0);
	assert_int_equal(ssd_tp_scsi_sg_ops.inflight(ctx), 0);
	assert_int_equal(ssd_tp_scsi_sg_ops.commit(ctx), 0);
	/* nothing in flight: reap returns at once even when asked to wait forever */
	assert_int_equal(ssd_tp_scsi_sg_ops.reap(ctx, 1, 40, out, NULL), 0);
	assert_int_equal(ssd_tp_scsi_sg_ops.reap(ctx, 0, 40, out, &zero), 0);
	ssd_tp_scsi_sg_ops.ctx_exit(ctx);
}

/* The device in words (the transport line, refusals): as the printf format it replaces,
 * "SCSI %.16s %.4s on %.8s, LBA %u[/PHYS][, thin LBPRZ=N][, PI on]", truncated alike. */
static void test_describe(void **state)
{
	static const uint8_t lbppbe[] = {0, 3};
	struct ssd_tp_sg_dev d;
	char got[SSD_DESC_LEN], want[SSD_DESC_LEN], phys[24];

	(void)state;
	for (int k = 0; k < 32; k++) {
		memset(&d, 0, sizeof(d));
		strcpy(d.inq.product, k & 1 ? "0123456789abcdef" : "QEMU HARDDISK");
		strcpy(d.inq.revision, "2.5+");
		strcpy(d.sg_path, k & 2 ? "/dev/bsg/0:0:0:0-long-name" : "/dev/sg0");
		d.cap.lba_bytes = k & 4 ? 4096 : 512;
		d.cap.lbppbe = lbppbe[!!(k & 8)];
		d.cap.lbpme = k & 16;
		d.cap.lbprz = k & 1;
		d.cap.prot_en = k & 2;
		phys[0] = '\0';
		if (d.cap.lbppbe)
			snprintf(phys, sizeof(phys), "/%u", d.cap.lba_bytes << d.cap.lbppbe);
		snprintf(want, sizeof(want), "SCSI %.16s %.4s on %.8s, LBA %u%s%s%s", d.inq.product,
			 d.inq.revision, strrchr(d.sg_path, '/') + 1, d.cap.lba_bytes, phys,
			 d.cap.lbpme ? (d.cap.lbprz ? ", thin LBPRZ=1" : ", thin LBPRZ=0") : "",
			 d.cap.prot_en ? ", PI on" : "");
		ssd_tp_sg_describe(&d.base, got, sizeof(got));
		assert_string_equal(got, want);
		ssd_tp_sg_describe(&d.base, got, 20);
		want[19] = '\0';
		assert_string_equal(got, want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fds_for_depth),
	    cmocka_unit_test(test_probe_not_scsi),
	    cmocka_unit_test(test_open_refuses),
	    cmocka_unit_test(test_idle_queue),
	    cmocka_unit_test(test_describe),
	    cmocka_unit_test(test_open_takes_callers_classification),
	    cmocka_unit_test(test_rw_tmpl_at_first_use),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
