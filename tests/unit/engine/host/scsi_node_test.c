// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_node_test.c - device classification on a fake sysfs tree laid out like the guest's
 * (virtio-scsi disk sda with sg0, its partition sda1, nvme0n1 and ng0n1, a virtio-blk vda).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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

#include "fake_tree.h"
#include "host/scsi_node.h"

static char root[64];

static void mkdirs(const char *rel) { ft_mk(root, rel, NULL); }

static void link_dev(const char *kind, const char *devnum, const char *target_rel)
{
	char l[PATH_MAX], t[PATH_MAX];

	snprintf(l, sizeof(l), "%s/dev/%s/%s", root, kind, devnum);
	snprintf(t, sizeof(t), "%s/%s", root, target_rel);
	assert_int_equal(symlink(t, l), 0);
}

#define SDEV "devices/pci0/virtio1/host0/target0:0:0/0:0:0:0"
#define NVME "devices/pci0/nvme/nvme0"

static int setup(void **state)
{
	char p[PATH_MAX];

	(void)state;
	strcpy(root, "/tmp/ssdeng-sysfs-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	mkdirs("dev/block");
	mkdirs("dev/char");
	mkdirs(SDEV "/block/sda/sda1");
	mkdirs(SDEV "/scsi_generic/sg0");
	mkdirs(NVME "/nvme0n1");
	mkdirs(NVME "/ng0n1");
	mkdirs("devices/pci0/virtio2/block/vda");
	mkdirs("devices/virtual/mem/null");
	/* /sys/block/sda/device -> the SCSI device directory */
	snprintf(p, sizeof(p), "%s/" SDEV "/block/sda/device", root);
	symlink("../../../0:0:0:0", p);
	snprintf(p, sizeof(p), "%s/" SDEV "/block/sda/sda1/partition", root);
	close(open(p, O_CREAT | O_WRONLY, 0644));
	link_dev("block", "8:0", SDEV "/block/sda");
	link_dev("block", "8:1", SDEV "/block/sda/sda1");
	link_dev("char", "21:0", SDEV "/scsi_generic/sg0");
	link_dev("block", "259:0", NVME "/nvme0n1");
	link_dev("char", "242:0", NVME "/ng0n1");
	link_dev("block", "254:0", "devices/pci0/virtio2/block/vda");
	link_dev("char", "1:3", "devices/virtual/mem/null");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return ft_remove(root);
}

static void test_sg_and_disk(void **state)
{
	struct scsi_node n;

	(void)state;
	assert_int_equal(scsi_node_classify_dev(root, false, 21, 0, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_SG);
	assert_string_equal(n.sg_path, "/dev/sg0");

	assert_int_equal(scsi_node_classify_dev(root, true, 8, 0, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_DISK);
	assert_string_equal(n.sg_path, "/dev/sg0");
	assert_string_equal(n.what, "a SCSI disk (sda)");
}

static void test_not_scsi(void **state)
{
	struct scsi_node n;
	char err[256];

	(void)state;
	assert_int_equal(scsi_node_classify_dev(root, true, 8, 1, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_PARTITION);

	assert_int_equal(scsi_node_classify_dev(root, true, 259, 0, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_NVME);
	scsi_node_refusal("/dev/nvme0n1", &n, err, sizeof(err));
	assert_string_equal(err, "/dev/nvme0n1: an NVMe namespace block device (nvme0n1), not a "
				 "SCSI device; use transport=nvme-uring (or transport=auto)");

	assert_int_equal(scsi_node_classify_dev(root, false, 242, 0, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_NVME);
	assert_string_equal(n.what, "an NVMe character device (ng0n1)");

	assert_int_equal(scsi_node_classify_dev(root, true, 254, 0, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_OTHER);
	scsi_node_refusal("/dev/vda", &n, err, sizeof(err));
	assert_string_equal(err, "/dev/vda: a block device without a SCSI generic node (vda), not "
				 "a SCSI device; use transport=block-aio");

	assert_int_equal(scsi_node_classify_dev(root, false, 1, 3, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_OTHER);

	assert_int_equal(scsi_node_classify_dev(root, true, 7, 7, &n), -ENOENT);
}

static void test_regular_file(void **state)
{
	struct scsi_node n;
	char f[PATH_MAX], err[256];

	(void)state;
	snprintf(f, sizeof(f), "%s/plain", root);
	close(open(f, O_CREAT | O_WRONLY, 0644));
	assert_int_equal(scsi_node_classify(root, f, &n), 0);
	assert_int_equal(n.kind, SCSI_NODE_OTHER);
	assert_string_equal(n.what, "a regular file");
	scsi_node_refusal("/tmp/x", &n, err, sizeof(err));
	assert_string_equal(err,
			    "/tmp/x: a regular file, not a SCSI device; use transport=block-aio");
	snprintf(f, sizeof(f), "%s/missing", root);
	assert_int_equal(scsi_node_classify(root, f, &n), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sg_and_disk),
	    cmocka_unit_test(test_not_scsi),
	    cmocka_unit_test(test_regular_file),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
