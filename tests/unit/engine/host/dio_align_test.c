// SPDX-License-Identifier: GPL-2.0-only
/*
 * dio_align_test.c - the O_DIRECT alignment of a regular file (host/dio_align.h): the logical
 * block size of the device holding it, on a fake sysfs tree shaped like Linux 6.1's
 * (Documentation/ABI/stable/sysfs-block):
 *   devices/virtual/block/loop0 (7:0): a disk with 4096-byte logical blocks;
 *   devices/pci0/block/sda (8:0) with its partition sda1 (8:1), no queue/ of its own: 512;
 * and the 512 a path gets when nothing is known of it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fake_tree.h"
#include "host/dio_align.h"

static char root[64];

static int setup(void **state)
{
	(void)state;
	if (ft_new(root, "/tmp/dio_align_test.XXXXXX"))
		return -1;
	ft_mk(root, "devices/virtual/block/loop0/queue", NULL);
	ft_mk(root, "devices/virtual/block/loop0/queue/logical_block_size", "4096\n");
	ft_mk(root, "devices/pci0/block/sda/queue", NULL);
	ft_mk(root, "devices/pci0/block/sda/queue/logical_block_size", "512\n");
	ft_mk(root, "devices/pci0/block/sda/sda1", NULL);
	ft_mk(root, "devices/pci0/block/sda/sda1/partition", "1\n");
	ft_mk(root, "dev/block", NULL);
	ft_link(root, "../../devices/virtual/block/loop0", "dev/block/7:0");
	ft_link(root, "../../devices/pci0/block/sda", "dev/block/8:0");
	ft_link(root, "../../devices/pci0/block/sda/sda1", "dev/block/8:1");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return ft_remove(root);
}

static void test_disk_lbs(void **state)
{
	(void)state;
	assert_int_equal(ssd_host_dev_lbs(root, 7, 0), 4096);
	assert_int_equal(ssd_host_dev_lbs(root, 8, 0), 512);
}

/* a partition answers with its disk's queue, one directory up */
static void test_partition_lbs_is_its_disks(void **state)
{
	(void)state;
	ft_mk(root, "devices/pci0/block/sda/queue/logical_block_size", "4096\n");
	assert_int_equal(ssd_host_dev_lbs(root, 8, 1), 4096);
	ft_mk(root, "devices/pci0/block/sda/queue/logical_block_size", "512\n");
	assert_int_equal(ssd_host_dev_lbs(root, 8, 1), 512);
}

/* tmpfs, overlayfs, btrfs' anonymous numbers: sysfs has no such block device */
static void test_unknown_device(void **state)
{
	(void)state;
	assert_int_equal(ssd_host_dev_lbs(root, 0, 45), 0);
	ft_mk(root, "devices/virtual/block/loop9/queue", NULL);
	ft_mk(root, "devices/virtual/block/loop9/queue/logical_block_size", "none\n");
	ft_link(root, "../../devices/virtual/block/loop9", "dev/block/7:9");
	assert_int_equal(ssd_host_dev_lbs(root, 7, 9), 0);
}

/* a path in no directory there is: neither statx nor sysfs answer, 512 */
static void test_unknown_path_is_512(void **state)
{
	char path[128];

	(void)state;
	snprintf(path, sizeof(path), "%s/no/such/dir/f", root);
	assert_int_equal(ssd_host_dio_align(root, path), 512);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_disk_lbs),
	    cmocka_unit_test(test_partition_lbs_is_its_disks),
	    cmocka_unit_test(test_unknown_device),
	    cmocka_unit_test(test_unknown_path_is_512),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
