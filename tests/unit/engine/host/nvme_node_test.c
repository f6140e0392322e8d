// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_path_test.c - ssd_host_nvme_classify() on a fake sysfs tree shaped like Linux 6.1's:
 *   devices/pci0/nvme/nvme0/{nvme0n1/{nsid,dev,queue/max_hw_sectors_kb,nvme0n1p1/partition},
 *                            ng0n1/{dev,subsystem -> class/nvme-generic}}
 *   devices/pci1/host0/sda (no nsid)
 *   dev/block/259:0, 259:1, 8:0 and dev/char/242:0 link to them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <cmocka.h>

#include "fake_tree.h"
#include "host/nvme_node.h"

static char root[64];

static void mkfile(const char *rel, const char *text) { ft_mk(root, rel, text); }

static void mkdirs(const char *rel) { ft_mk(root, rel, NULL); }

static void mklink(const char *target, const char *rel) { ft_link(root, target, rel); }

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/ssdeng-sysfs-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	mkdirs("class/nvme-generic");
	mkdirs("devices/pci0/nvme/nvme0/nvme0n1/queue");
	mkdirs("devices/pci0/nvme/nvme0/nvme0n1/nvme0n1p1");
	mkdirs("devices/pci0/nvme/nvme0/ng0n1");
	mkdirs("devices/pci0/nvme/nvme0/nvme0n2");
	mkdirs("devices/pci1/host0/sda");
	mkdirs("dev/block");
	mkdirs("dev/char");
	mkfile("devices/pci0/nvme/nvme0/nvme0n1/nsid", "1\n");
	mkfile("devices/pci0/nvme/nvme0/nvme0n1/dev", "259:0\n");
	mkfile("devices/pci0/nvme/nvme0/nvme0n1/queue/max_hw_sectors_kb", "512\n");
	mkfile("devices/pci0/nvme/nvme0/nvme0n1/nvme0n1p1/partition", "1\n");
	mkfile("devices/pci0/nvme/nvme0/ng0n1/dev", "242:0\n");
	mklink("../../../../../class/nvme-generic", "devices/pci0/nvme/nvme0/ng0n1/subsystem");
	mkfile("devices/pci0/nvme/nvme0/nvme0n2/nsid", "2\n"); /* no ng0n2 */
	mkfile("devices/pci1/host0/sda/dev", "8:0\n");
	mklink("../../devices/pci0/nvme/nvme0/nvme0n1", "dev/block/259:0");
	mklink("../../devices/pci0/nvme/nvme0/nvme0n1/nvme0n1p1", "dev/block/259:1");
	mklink("../../devices/pci0/nvme/nvme0/nvme0n2", "dev/block/259:2");
	mklink("../../devices/pci1/host0/sda", "dev/block/8:0");
	mklink("../../devices/pci0/nvme/nvme0/ng0n1", "dev/char/242:0");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return ft_remove(root);
}

static void test_block_maps_to_generic(void **state)
{
	(void)state;
	struct ssd_host_nvme_node node;
	char err[256] = "";
	uint64_t kb = 0;

	assert_int_equal(
	    ssd_host_nvme_classify(root, true, makedev(259, 0), &node, err, sizeof(err)), 1);
	assert_string_equal(node.ng_name, "ng0n1");
	assert_string_equal(node.disk_name, "nvme0n1");
	assert_int_equal(major(node.ng_rdev), 242);
	assert_int_equal(minor(node.ng_rdev), 0);
	assert_int_equal(ssd_host_nvme_sysfs_read_u64(&node, "queue/max_hw_sectors_kb", &kb), 0);
	assert_int_equal(kb, 512);
}

static void test_char_generic(void **state)
{
	(void)state;
	struct ssd_host_nvme_node node;
	char err[256] = "";

	assert_int_equal(
	    ssd_host_nvme_classify(root, false, makedev(242, 0), &node, err, sizeof(err)), 1);
	assert_string_equal(node.ng_name, "ng0n1");
	assert_string_equal(node.disk_name, "nvme0n1");
}

static void test_partition_refused(void **state)
{
	(void)state;
	struct ssd_host_nvme_node node;
	char err[256] = "";

	assert_int_equal(
	    ssd_host_nvme_classify(root, true, makedev(259, 1), &node, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "nvme0n1p1 is a partition of NVMe namespace nvme0n1; give the "
				 "whole namespace (/dev/nvme0n1 or its generic node)");
}

static void test_no_generic_node(void **state)
{
	(void)state;
	struct ssd_host_nvme_node node;
	char err[256] = "";

	assert_int_equal(
	    ssd_host_nvme_classify(root, true, makedev(259, 2), &node, err, sizeof(err)), -ENODEV);
	assert_non_null(strstr(err, "ng0n2"));
}

static void test_not_nvme(void **state)
{
	(void)state;
	struct ssd_host_nvme_node node;
	char err[256] = "";

	assert_int_equal(ssd_host_nvme_classify(root, true, makedev(8, 0), &node, err, sizeof(err)),
			 0);
	assert_int_equal(
	    ssd_host_nvme_classify(root, false, makedev(1, 3), &node, err, sizeof(err)), 0);
	/* same numbers as the ng node but asked as a block device: unknown */
	assert_int_equal(
	    ssd_host_nvme_classify(root, true, makedev(242, 0), &node, err, sizeof(err)), 0);
}

static void test_probe_regular_file_and_missing(void **state)
{
	(void)state;
	char ng[64], err[256] = "";

	assert_int_equal(ssd_host_nvme_probe("/proc/self/exe", ng, sizeof(ng), err, sizeof(err)),
			 0);
	assert_int_equal(
	    ssd_host_nvme_probe("/dev/ng-does-not-exist", ng, sizeof(ng), err, sizeof(err)),
	    -ENOENT);
	assert_string_equal(err, "/dev/ng-does-not-exist: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_block_maps_to_generic),
	    cmocka_unit_test(test_char_generic),
	    cmocka_unit_test(test_partition_refused),
	    cmocka_unit_test(test_no_generic_node),
	    cmocka_unit_test(test_not_nvme),
	    cmocka_unit_test(test_probe_regular_file_and_missing),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
