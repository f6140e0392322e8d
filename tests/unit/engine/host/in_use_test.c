// SPDX-License-Identifier: GPL-2.0-only
/*
 * in_use_test.c - mounted / swap / held block devices (host/in_use.h) on mountinfo text and a
 * fake sysfs tree made in a temporary directory, as `ssdctl purge` and `ssdctl probe` check
 * them; and the engine's write guard: the block devices behind an ng, sg, disk or partition
 * node, checked against a fake /proc.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake_tree.h"

#include "host/in_use.h"

static char err[512];

/* What a reader found in @n of devs[]: the count, with the first use's refusal in err. */
static int first_use(int found, const struct ssd_host_use *u)
{
	if (found > 0)
		ssd_host_use_refusal(&u[0], "before a purge", err, sizeof(err));
	return found;
}

static int mounts(const char *mountinfo, const struct ssd_host_blockdev *d, unsigned int n)
{
	struct ssd_host_use u[4];

	return first_use(ssd_host_mounts_in(mountinfo, d, n, u, 4), u);
}

static int swaps(const char *text, const struct ssd_host_blockdev *d, unsigned int n)
{
	struct ssd_host_use u[4];

	return first_use(ssd_host_swaps_in(text, d, n, u, 4), u);
}

static int holders(const char *sysfs, const struct ssd_host_blockdev *d, unsigned int n)
{
	struct ssd_host_use u[4];

	return first_use(ssd_host_holders_in(sysfs, d, n, u, 4), u);
}

static const struct ssd_host_blockdev devs[] = {
    {"nvme0n1", 259, 0},
    {"nvme0n1p1", 259, 1},
    {"nvme0n1p2", 259, 2},
};

static void test_mounts(void **state)
{
	const char *clean = "22 1 0:21 / / rw,relatime - 9p hostroot ro\n"
			    "23 22 0:5 / /dev rw - devtmpfs devtmpfs rw\n"
			    "24 22 8:1 / /data rw - ext4 /dev/sda1 rw\n";
	const char *mounted =
	    "22 1 0:21 / / rw,relatime - 9p hostroot ro\n"
	    "40 22 259:2 / /mnt/scratch rw,noatime shared:1 - ext4 /dev/nvme0n1p2 rw\n";
	/* btrfs: anonymous device number, matched by the source */
	const char *btrfs = "41 22 0:45 /@ /home rw master:3 - btrfs /dev/nvme0n1p1 rw\n";
	/* the same device number under a different name (a symlinked source) */
	const char *by_devno = "42 22 259:0 / /raw rw - xfs /dev/disk/by-id/x rw\n";
	const char *two =
	    "40 22 259:2 / /mnt/scratch rw,noatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"
	    "41 22 0:45 /@ /home rw master:3 - btrfs /dev/nvme0n1p1 rw\n";
	struct ssd_host_use all[4];

	(void)state;
	assert_int_equal(mounts(clean, devs, 3), 0);
	assert_int_equal(mounts(mounted, devs, 3), 1);
	assert_string_equal(err, "nvme0n1p2 is mounted on /mnt/scratch (ext4): unmount it before "
				 "a purge");
	assert_int_equal(mounts(btrfs, devs, 3), 1);
	assert_non_null(strstr(err, "nvme0n1p1 is mounted on /home (btrfs)"));
	assert_int_equal(mounts(by_devno, devs, 3), 1);
	assert_non_null(strstr(err, "nvme0n1 is mounted on /raw"));
	/* the same mounts, but not of this drive */
	assert_int_equal(mounts(mounted, devs, 1), 0);
	assert_int_equal(mounts("", devs, 3), 0);
	/* every mount is listed, in mountinfo's order */
	assert_int_equal(ssd_host_mounts_in(two, devs, 3, all, 4), 2);
	assert_string_equal(all[0].dev, "nvme0n1p2");
	assert_string_equal(all[0].target, "/mnt/scratch");
	assert_string_equal(all[0].fstype, "ext4");
	assert_int_equal(all[1].kind, SSD_HOST_USE_MOUNTED);
	assert_string_equal(all[1].dev, "nvme0n1p1");
	assert_string_equal(all[1].target, "/home");
	assert_int_equal(ssd_host_mounts_in(two, devs, 3, all, 1), 2); /* counted, one written */
}

static void test_swaps(void **state)
{
	const char *text =
	    "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
	    "/dev/nvme0n1p1                          partition\t1048572\t\t0\t\t-2\n";

	(void)state;
	assert_int_equal(swaps(text, devs, 3), 1);
	assert_string_equal(err, "nvme0n1p1 is an active swap area: swapoff it before a purge");
	assert_int_equal(swaps("Filename Type Size Used Priority\n", devs, 3), 0);
}

static char root[64];

static void mk(const char *rel, const char *content) { ft_mk(root, rel, content); }

static int tree_setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/purge_check_test.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	mk("class", NULL);
	mk("class/block", NULL);
	mk("class/block/nvme0n1", NULL);
	mk("class/block/nvme0n1/dev", "259:0\n");
	mk("class/block/nvme0n1/holders", NULL);
	mk("class/block/nvme0n1/queue", NULL); /* not a partition */
	mk("class/block/nvme0n1/nvme0n1p1", NULL);
	mk("class/block/nvme0n1/nvme0n1p1/partition", "1\n");
	mk("class/block/nvme0n1/nvme0n1p1/dev", "259:1\n");
	mk("class/block/nvme0n1/nvme0n1p2", NULL);
	mk("class/block/nvme0n1/nvme0n1p2/partition", "2\n");
	mk("class/block/nvme0n1/nvme0n1p2/dev", "259:2\n");
	mk("class/block/nvme0n1p1", NULL);
	mk("class/block/nvme0n1p1/holders", NULL);
	mk("class/block/nvme0n1p2", NULL);
	mk("class/block/nvme0n1p2/holders", NULL);
	return 0;
}

static int tree_teardown(void **state)
{
	(void)state;
	return ft_remove(root);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct ssd_host_blockdev *)a)->name,
		      ((const struct ssd_host_blockdev *)b)->name);
}

static void test_collect_and_holders(void **state)
{
	struct ssd_host_blockdev d[8];
	int n;

	(void)state;
	n = ssd_host_disk_blockdevs(root, "nvme0n1", d, 8, err, sizeof(err));
	assert_int_equal(n, 3);
	qsort(d + 1, 2, sizeof(d[0]), by_name);
	assert_string_equal(d[0].name, "nvme0n1");
	assert_int_equal(d[0].major, 259);
	assert_int_equal(d[0].minor, 0);
	assert_string_equal(d[2].name, "nvme0n1p2");
	assert_int_equal(d[2].minor, 2);
	assert_int_equal(ssd_host_disk_blockdevs(root, "nvme0n1", d, 2, err, sizeof(err)), -ENOSPC);
	assert_int_equal(ssd_host_disk_blockdevs(root, "sdz", d, 8, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "sdz"));

	n = ssd_host_disk_blockdevs(root, "nvme0n1", d, 8, err, sizeof(err));
	assert_int_equal(holders(root, d, (unsigned int)n), 0);
	mk("class/block/nvme0n1p2/holders/dm-0", "");
	assert_int_equal(holders(root, d, (unsigned int)n), 1);
	assert_string_equal(err, "nvme0n1p2 is held by dm-0 (device mapper, md RAID or bcache): "
				 "stop that device before a purge");
}

/*
 * A second fake tree shaped like Linux 6.1's sysfs for the write guard: an NVMe namespace with a
 * partition and its generic node, a namespace whose disk is hidden, a SCSI disk with a
 * partition and its sg node, and an sg node of a non-disk; plus a fake /proc.
 */
static char node_root[64];

static void mkl(const char *target, const char *rel) { ft_link(node_root, target, rel); }

static void mkn(const char *rel, const char *content) { ft_mk(node_root, rel, content); }

static int node_tree_setup(void **state)
{
	(void)state;
	snprintf(node_root, sizeof(node_root), "/tmp/purge_node_test.XXXXXX");
	if (!mkdtemp(node_root))
		return -1;
	mkn("sys/class/nvme-generic", NULL);
	mkn("sys/class/block", NULL);
	mkn("sys/dev/block", NULL);
	mkn("sys/dev/char", NULL);
	mkn("sys/devices/pci0/nvme0/nvme0n1/nvme0n1p1", NULL);
	mkn("sys/devices/pci0/nvme0/nvme0n1/dev", "259:0\n");
	mkn("sys/devices/pci0/nvme0/nvme0n1/nsid", "1\n");
	mkn("sys/devices/pci0/nvme0/nvme0n1/nvme0n1p1/dev", "259:1\n");
	mkn("sys/devices/pci0/nvme0/nvme0n1/nvme0n1p1/partition", "1\n");
	mkn("sys/devices/pci0/nvme0/ng0n1", NULL);
	mkn("sys/devices/pci0/nvme0/ng0n1/dev", "242:0\n");
	mkl("../../../../class/nvme-generic", "sys/devices/pci0/nvme0/ng0n1/subsystem");
	mkn("sys/devices/pci0/nvme0/ng0n2", NULL); /* extended LBA: no nvme0n2 disk */
	mkn("sys/devices/pci0/nvme0/ng0n2/dev", "242:1\n");
	mkl("../../../../class/nvme-generic", "sys/devices/pci0/nvme0/ng0n2/subsystem");
	mkn("sys/devices/host0/0:0:0:0/block/sda/sda1", NULL);
	mkn("sys/devices/host0/0:0:0:0/block/sda/dev", "8:0\n");
	mkn("sys/devices/host0/0:0:0:0/block/sda/sda1/dev", "8:1\n");
	mkn("sys/devices/host0/0:0:0:0/block/sda/sda1/partition", "1\n");
	mkn("sys/devices/host0/0:0:0:0/scsi_generic/sg0", NULL);
	mkn("sys/devices/host0/0:0:0:0/scsi_generic/sg0/dev", "21:0\n");
	mkl("../../../0:0:0:0", "sys/devices/host0/0:0:0:0/scsi_generic/sg0/device");
	mkl("../../../../../class/scsi_generic",
	    "sys/devices/host0/0:0:0:0/scsi_generic/sg0/subsystem");
	mkn("sys/devices/host0/0:0:1:0/scsi_generic/sg1", NULL); /* an enclosure: no disk */
	mkn("sys/devices/host0/0:0:1:0/scsi_generic/sg1/dev", "21:1\n");
	mkl("../../../0:0:1:0", "sys/devices/host0/0:0:1:0/scsi_generic/sg1/device");
	mkl("../../../../../class/scsi_generic",
	    "sys/devices/host0/0:0:1:0/scsi_generic/sg1/subsystem");
	mkl("../../devices/pci0/nvme0/nvme0n1", "sys/class/block/nvme0n1");
	mkl("../../devices/pci0/nvme0/nvme0n1/nvme0n1p1", "sys/class/block/nvme0n1p1");
	mkl("../../devices/host0/0:0:0:0/block/sda", "sys/class/block/sda");
	mkl("../../devices/host0/0:0:0:0/block/sda/sda1", "sys/class/block/sda1");
	mkl("../../devices/pci0/nvme0/nvme0n1", "sys/dev/block/259:0");
	mkl("../../devices/pci0/nvme0/nvme0n1/nvme0n1p1", "sys/dev/block/259:1");
	mkl("../../devices/host0/0:0:0:0/block/sda", "sys/dev/block/8:0");
	mkl("../../devices/pci0/nvme0/ng0n1", "sys/dev/char/242:0");
	mkl("../../devices/pci0/nvme0/ng0n2", "sys/dev/char/242:1");
	mkl("../../devices/host0/0:0:0:0/scsi_generic/sg0", "sys/dev/char/21:0");
	mkl("../../devices/host0/0:0:1:0/scsi_generic/sg1", "sys/dev/char/21:1");
	mkn("proc/self", NULL);
	mkn("proc/self/mountinfo",
	    "22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
	    "36 22 259:1 / /mnt/data rw,relatime shared:1 - ext4 /dev/nvme0n1p1 rw\n");
	mkn("proc/swaps", "Filename\t\t\t\tType\t\tSize\tUsed\tPriority\n");
	return 0;
}

static int node_tree_teardown(void **state)
{
	(void)state;
	return ft_remove(node_root);
}

/* The names ssd_host_blockdevs_of() gives for one node, sorted, joined with ' '. */
static int node_names(bool is_block, unsigned int maj, unsigned int min, char *names, size_t len,
		      struct ssd_host_blockdev *d)
{
	struct ssd_host_dev h;
	char sys[128];
	int n;

	snprintf(sys, sizeof(sys), "%s/sys", node_root);
	ssd_host_classify_node(sys, is_block, makedev(maj, min), NULL, &h);
	n = ssd_host_blockdevs_of(sys, &h, d, 8, err, sizeof(err));
	names[0] = '\0';
	if (n > 0)
		qsort(d, (size_t)n, sizeof(d[0]), by_name);
	for (int i = 0; i < n; i++)
		snprintf(names + strlen(names), len - strlen(names), "%s%s", i ? " " : "",
			 d[i].name);
	return n;
}

static void test_blockdevs_of_node(void **state)
{
	struct ssd_host_blockdev d[8];
	char names[256];

	(void)state;
	assert_int_equal(node_names(true, 259, 0, names, sizeof(names), d), 2);
	assert_string_equal(names, "nvme0n1 nvme0n1p1");
	assert_int_equal(d[1].major, 259);
	assert_int_equal(d[1].minor, 1);
	assert_int_equal(node_names(true, 259, 1, names, sizeof(names), d), 1); /* partition */
	assert_string_equal(names, "nvme0n1p1");
	assert_int_equal(node_names(false, 242, 0, names, sizeof(names), d), 2); /* ng0n1 */
	assert_string_equal(names, "nvme0n1 nvme0n1p1");
	assert_int_equal(node_names(false, 21, 0, names, sizeof(names), d), 2); /* sg0 */
	assert_string_equal(names, "sda sda1");
	assert_int_equal(d[0].major, 8);
	assert_int_equal(d[0].minor, 0);
	assert_int_equal(node_names(false, 21, 1, names, sizeof(names), d), 0);	 /* no disk */
	assert_int_equal(node_names(false, 242, 1, names, sizeof(names), d), 0); /* hidden ns */
	assert_int_equal(node_names(true, 7, 0, names, sizeof(names), d), 0);	 /* unknown */
}

static void test_check_unused(void **state)
{
	const char *why = "before writing to it (or set allow_mounted_write=1)";
	struct ssd_host_blockdev d[8];
	char names[256], sys[128], proc[128];
	int n;

	(void)state;
	snprintf(sys, sizeof(sys), "%s/sys", node_root);
	snprintf(proc, sizeof(proc), "%s/proc", node_root);
	n = node_names(false, 242, 0, names, sizeof(names), d);
	assert_int_equal(
	    ssd_host_check_unused(sys, proc, d, (unsigned int)n, why, err, sizeof(err)), -EBUSY);
	assert_string_equal(err, "nvme0n1p1 is mounted on /mnt/data (ext4): unmount it before "
				 "writing to it (or set allow_mounted_write=1)");
	n = node_names(false, 21, 0, names, sizeof(names), d);
	assert_int_equal(
	    ssd_host_check_unused(sys, proc, d, (unsigned int)n, why, err, sizeof(err)), 0);
	mkn("sys/devices/host0/0:0:0:0/block/sda/sda1/holders/md0", NULL);
	assert_int_equal(
	    ssd_host_check_unused(sys, proc, d, (unsigned int)n, why, err, sizeof(err)), -EBUSY);
	assert_string_equal(err, "sda1 is held by md0 (device mapper, md RAID or bcache): stop "
				 "that device before writing to it (or set allow_mounted_write=1)");
	snprintf(proc, sizeof(proc), "%s/noproc", node_root);
	assert_int_equal(
	    ssd_host_check_unused(sys, proc, d, (unsigned int)n, why, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "noproc/self/mountinfo"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mounts),
	    cmocka_unit_test(test_swaps),
	    cmocka_unit_test_setup_teardown(test_collect_and_holders, tree_setup, tree_teardown),
	    cmocka_unit_test_setup_teardown(test_blockdevs_of_node, node_tree_setup,
					    node_tree_teardown),
	    cmocka_unit_test_setup_teardown(test_check_unused, node_tree_setup, node_tree_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
