// SPDX-License-Identifier: GPL-2.0-only
/* transport_select.c on what the host has: regular files, /dev/null, missing paths. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/transport_select.h"
#include "host/dev_class.h"

static const struct ssd_options opt = {.depth = 1, .nvme_mode = SSD_NVME_MODE_AUTO};

static void test_auto_picks_block_for_file(void **state)
{
	char err[256] = "";

	(void)state;
	assert_ptr_equal(ssd_select_transport("Makefile", SSD_FAMILY_AUTO, &opt, err, sizeof(err)),
			 &ssd_tp_block_aio_ops);
	assert_ptr_equal(ssd_select_transport("Makefile", SSD_FAMILY_BLOCK, &opt, err, sizeof(err)),
			 &ssd_tp_block_aio_ops);
}

static void test_forced_family_names_both(void **state)
{
	char err[256] = "";

	(void)state;
	assert_null(ssd_select_transport("Makefile", SSD_FAMILY_NVME, &opt, err, sizeof(err)));
	assert_string_equal(err, "Makefile is a regular file: transport=nvme cannot drive it "
				 "(use transport=block)");
	assert_null(ssd_select_transport("Makefile", SSD_FAMILY_SCSI, &opt, err, sizeof(err)));
	assert_non_null(strstr(err, "transport=scsi cannot drive it"));
}

static void test_missing_and_undrivable(void **state)
{
	char err[256] = "";

	(void)state;
	assert_null(
	    ssd_select_transport("/nonexistent/x", SSD_FAMILY_AUTO, &opt, err, sizeof(err)));
	assert_string_equal(err, "/nonexistent/x: no such file or device");
	assert_null(ssd_select_transport("/dev/null", SSD_FAMILY_AUTO, &opt, err, sizeof(err)));
	/* /dev/null is char major 1, minor 3 (Linux devices.txt), class mem */
	assert_string_equal(err, "/dev/null is a character device 1:3 (mem), not a drive, and no "
				 "transport drives it: name a drive's block device (/dev/nvme0n1, "
				 "/dev/sda), NVMe generic node (/dev/ng0n1) or SCSI generic node "
				 "(/dev/sg0), or a regular file");
}

/* Whatever transport= says, a path no transport drives gets what to name instead, per kind. */
static void test_not_a_drive_hint_per_kind(void **state)
{
	static const enum ssd_transport_family fams[] = {SSD_FAMILY_AUTO, SSD_FAMILY_NVME,
							 SSD_FAMILY_SCSI, SSD_FAMILY_BLOCK};
	char dir[] = "/tmp/ssdeng-sel-XXXXXX", fifo[64], want[512], err[512];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof(fifo), "%s/f", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	for (size_t i = 0; i < sizeof(fams) / sizeof(fams[0]); i++) {
		assert_null(ssd_select_transport(dir, fams[i], &opt, err, sizeof(err)));
		snprintf(want, sizeof(want),
			 "%s is a directory, not a drive, and no transport drives it: name a drive "
			 "or a regular file (to have fio create its files in this directory, give "
			 "it as directory= and leave filename= out)",
			 dir);
		assert_string_equal(err, want);
		assert_null(ssd_select_transport(fifo, fams[i], &opt, err, sizeof(err)));
		snprintf(want, sizeof(want),
			 "%s is a FIFO, not a drive, and no transport drives it: a stream has no "
			 "offsets to read and write at; name a drive or a regular file",
			 fifo);
		assert_string_equal(err, want);
		assert_null(ssd_select_transport("/dev/null", fams[i], &opt, err, sizeof(err)));
		assert_null(strstr(err, "use transport="));
	}
	unlink(fifo);
	rmdir(dir);
}

static void test_fallback_only_from_uring_in_auto_mode(void **state)
{
	struct ssd_options forced = opt;

	(void)state;
	forced.nvme_mode = SSD_NVME_MODE_URING;
	assert_null(ssd_transport_fallback(&ssd_tp_block_aio_ops, -EPERM, &opt));
	assert_null(ssd_transport_fallback(&ssd_tp_nvme_uring_ops, -EPERM, &forced)); /* asked */
	assert_null(ssd_transport_fallback(&ssd_tp_nvme_uring_ops, -EIO, &opt)); /* not missing */
	assert_ptr_equal(ssd_transport_fallback(&ssd_tp_nvme_uring_ops, -EPERM, &opt),
			 &ssd_tp_nvme_ioctl_ops);
	assert_null(ssd_transport_fallback(&ssd_tp_nvme_ioctl_ops, -EPERM, &opt)); /* the last */
}

/* What each transport declares: its family, operations, capabilities and fallback. */
static void test_capabilities(void **state)
{
	const uint32_t nvme_ops = SSD_OP_BIT(SSD_OP_COMPARE) | SSD_OP_BIT(SSD_OP_VERIFY) |
				  SSD_OP_BIT(SSD_OP_WRITE_ZEROES) | SSD_OP_BIT(SSD_OP_TRIM);

	(void)state;
	assert_int_equal(ssd_tp_nvme_uring_ops.caps.family, SSD_FAMILY_NVME);
	assert_int_equal(ssd_tp_nvme_ioctl_ops.caps.family, SSD_FAMILY_NVME);
	assert_int_equal(ssd_tp_scsi_sg_ops.caps.family, SSD_FAMILY_SCSI);
	assert_int_equal(ssd_tp_block_aio_ops.caps.family, SSD_FAMILY_BLOCK);
	assert_int_equal(ssd_tp_nvme_uring_ops.caps.ops & nvme_ops, nvme_ops);
	assert_int_equal(ssd_tp_nvme_ioctl_ops.caps.ops & nvme_ops, nvme_ops);
	assert_false(ssd_tp_scsi_sg_ops.caps.ops & SSD_OP_BIT(SSD_OP_COMPARE));
	assert_false(ssd_tp_block_aio_ops.caps.ops & SSD_OP_BIT(SSD_OP_VERIFY));
	assert_true(ssd_tp_scsi_sg_ops.caps.flags & SSD_CAP_MULTI_RANGE_TRIM);
	assert_true(ssd_tp_nvme_uring_ops.caps.flags & SSD_CAP_IO_URING);
	assert_false(ssd_tp_nvme_ioctl_ops.caps.flags & SSD_CAP_IO_URING);
	assert_false(ssd_tp_block_aio_ops.caps.flags & SSD_CAP_READ_FUA);
	assert_true(ssd_tp_block_aio_ops.caps.flags & SSD_CAP_WRITE_FUA);
	assert_string_equal(ssd_family_name(SSD_FAMILY_SCSI), "scsi");
}

/* Given the classification, the choice and its messages are those of ssd_select_transport(),
 * from that answer alone: the path is not looked at again (here it does not exist). */
static void test_select_from_a_classification(void **state)
{
	struct ssd_host_dev h, file;
	char err[256] = "", err2[256] = "";

	(void)state;
	memset(&h, 0, sizeof(h));
	h.kind = SSD_HOST_KIND_NVME_NG;
	assert_ptr_equal(ssd_select_transport_of("/nonexistent/ng9n1", &h, SSD_FAMILY_AUTO, &opt,
						 err, sizeof(err)),
			 &ssd_tp_nvme_uring_ops);
	h.kind = SSD_HOST_KIND_SCSI_SG;
	assert_ptr_equal(ssd_select_transport_of("/nonexistent/sg9", &h, SSD_FAMILY_AUTO, &opt, err,
						 sizeof(err)),
			 &ssd_tp_scsi_sg_ops);
	assert_null(ssd_select_transport_of("/nonexistent/sg9", &h, SSD_FAMILY_NVME, &opt, err,
					    sizeof(err)));
	assert_string_equal(err, "/nonexistent/sg9 is a SCSI generic (sg) device: transport=nvme "
				 "cannot drive it (use transport=scsi)");
	ssd_host_classify("Makefile", &file);
	assert_null(
	    ssd_select_transport_of("Makefile", &file, SSD_FAMILY_NVME, &opt, err, sizeof(err)));
	assert_null(ssd_select_transport("Makefile", SSD_FAMILY_NVME, &opt, err2, sizeof(err2)));
	assert_string_equal(err, err2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_auto_picks_block_for_file),
	    cmocka_unit_test(test_forced_family_names_both),
	    cmocka_unit_test(test_missing_and_undrivable),
	    cmocka_unit_test(test_not_a_drive_hint_per_kind),
	    cmocka_unit_test(test_fallback_only_from_uring_in_auto_mode),
	    cmocka_unit_test(test_capabilities),
	    cmocka_unit_test(test_select_from_a_classification),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
