// SPDX-License-Identifier: GPL-2.0-only
/*
 * dev_class_test.c - the device classifier (host/dev_class.h): what the host has (regular files,
 * /dev/null, a directory, missing paths), and device numbers on a fake sysfs tree shaped like
 * Linux 6.1's (Documentation/ABI/testing/sysfs-dev, sysfs-block):
 *   devices/pci0/nvme/nvme0: a controller (class nvme) with nvme0n1 (partition nvme0n1p1) and
 *     its generic node ng0n1; nvme0n2 whose generic node is missing;
 *   devices/virtual/nvme-subsystem/nvme-subsys1: native multipath, controller nvme1, head disk
 *     nvme1n1 and ng1n1; ng1n2 of a namespace the block layer hides (no nvme1n2);
 *   devices/pci1/host0/0:0:0:0: a SCSI disk sda (partition sda1) with sg0; 0:0:1:0 an enclosure
 *     with sg1 and no disk;
 *   devices/pci2/virtio/block/vda; devices/virtual/mem/null.
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
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake_tree.h"
#include "host/dev_class.h"

static char root[64];

static void mk(const char *rel, const char *text) { ft_mk(root, rel, text); }

static void ln(const char *target, const char *rel) { ft_link(root, target, rel); }

#define NV0 "devices/pci0/nvme/nvme0"
#define SUB1 "devices/virtual/nvme-subsystem/nvme-subsys1"
#define SD "devices/pci1/host0/0:0:0:0"
#define ENC "devices/pci1/host0/0:0:1:0"

/* a device directory @dir with its "dev" file and the /sys/dev/{block,char} link to it */
static void dev(const char *dir, const char *kind, const char *devnum)
{
	char rel[256], target[256], num[32];

	mk(dir, NULL);
	snprintf(rel, sizeof(rel), "%s/dev", dir);
	snprintf(num, sizeof(num), "%s\n", devnum);
	mk(rel, num);
	snprintf(rel, sizeof(rel), "dev/%s/%s", kind, devnum);
	snprintf(target, sizeof(target), "../../%s", dir);
	ln(target, rel);
}

/* /sys/class/block/<name> -> its device directory, with its size in 512-byte sectors */
static void blk(const char *dir, const char *name, const char *sectors)
{
	char rel[256], target[256];

	snprintf(rel, sizeof(rel), "class/block/%s", name);
	snprintf(target, sizeof(target), "../../%s", dir);
	ln(target, rel);
	snprintf(rel, sizeof(rel), "%s/size", dir);
	mk(rel, sectors);
}

static int setup(void **state)
{
	(void)state;
	if (ft_new(root, "/tmp/ssdeng-sysfs-XXXXXX"))
		return -1;
	mk("class/block", NULL);
	mk("class/nvme", NULL);
	mk("class/nvme-generic", NULL);
	mk("class/scsi_generic", NULL);
	mk("class/mem", NULL);
	mk("bus/scsi", NULL);
	mk("dev/block", NULL);
	mk("dev/char", NULL);
	/* NVMe controller nvme0, no multipath */
	dev(NV0, "char", "241:0");
	ln("../../../../class/nvme", NV0 "/subsystem");
	dev(NV0 "/nvme0n1", "block", "259:0");
	ln("../../nvme0", NV0 "/nvme0n1/device");
	mk(NV0 "/nvme0n1/queue", NULL);
	mk(NV0 "/nvme0n1/queue/max_hw_sectors_kb", "512\n");
	blk(NV0 "/nvme0n1", "nvme0n1", "2097152\n");
	dev(NV0 "/nvme0n1/nvme0n1p1", "block", "259:1");
	mk(NV0 "/nvme0n1/nvme0n1p1/partition", "1\n");
	blk(NV0 "/nvme0n1/nvme0n1p1", "nvme0n1p1", "32768\n");
	dev(NV0 "/ng0n1", "char", "242:0");
	ln("../../../../../class/nvme-generic", NV0 "/ng0n1/subsystem");
	dev(NV0 "/nvme0n2", "block", "259:2"); /* no ng0n2 */
	ln("../../nvme0", NV0 "/nvme0n2/device");
	blk(NV0 "/nvme0n2", "nvme0n2", "8\n");
	/* NVMe subsystem nvme-subsys1 with native multipath */
	mk(SUB1, NULL);
	ln("../../../pci0/nvme/nvme1", SUB1 "/nvme1");
	dev(SUB1 "/nvme1n1", "block", "259:3");
	ln("../../nvme-subsys1", SUB1 "/nvme1n1/device");
	ln("../../../../class/nvme-subsystem", SUB1 "/nvme1n1/device/subsystem");
	blk(SUB1 "/nvme1n1", "nvme1n1", "1024\n");
	dev(SUB1 "/ng1n1", "char", "242:1");
	ln("../../../../../class/nvme-generic", SUB1 "/ng1n1/subsystem");
	dev(SUB1 "/ng1n2", "char", "242:2"); /* extended LBA: no nvme1n2 disk */
	ln("../../../../../class/nvme-generic", SUB1 "/ng1n2/subsystem");
	/* SCSI disk sda with sg0, and an enclosure with sg1 */
	mk(SD, NULL);
	ln("../../../../bus/scsi", SD "/subsystem");
	dev(SD "/block/sda", "block", "8:0");
	ln("../../../0:0:0:0", SD "/block/sda/device");
	blk(SD "/block/sda", "sda", "1048576\n");
	dev(SD "/block/sda/sda1", "block", "8:1");
	mk(SD "/block/sda/sda1/partition", "1\n");
	blk(SD "/block/sda/sda1", "sda1", "2048\n");
	dev(SD "/scsi_generic/sg0", "char", "21:0");
	ln("../../../0:0:0:0", SD "/scsi_generic/sg0/device");
	ln("../../../../../../class/scsi_generic", SD "/scsi_generic/sg0/subsystem");
	mk(ENC, NULL);
	dev(ENC "/scsi_generic/sg1", "char", "21:1");
	ln("../../../0:0:1:0", ENC "/scsi_generic/sg1/device");
	ln("../../../../../../class/scsi_generic", ENC "/scsi_generic/sg1/subsystem");
	/* virtio-blk and /dev/null */
	dev("devices/pci2/virtio/block/vda", "block", "254:0");
	dev("devices/virtual/mem/null", "char", "1:3");
	ln("../../../../class/mem", "devices/virtual/mem/null/subsystem");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return ft_remove(root);
}

/* What the tree's MAJ:MIN should classify as ("" = none; capacity in 512-byte sectors, 0 =
 * unknown). */
struct want {
	bool is_block;
	unsigned int major, minor;
	enum ssd_host_kind kind;
	bool partition;
	const char *block, *disk, *generic, *ctrl;
	uint64_t sectors;
};

static void expect(const struct want *w, struct ssd_host_dev *h)
{
	ssd_host_classify_node(root, w->is_block, makedev(w->major, w->minor), NULL, h);
	assert_int_equal(h->major, w->major);
	assert_int_equal(h->minor, w->minor);
	assert_int_equal(h->kind, w->kind);
	assert_int_equal(h->partition, w->partition);
	assert_string_equal(h->block, w->block);
	assert_string_equal(h->disk, w->disk);
	assert_string_equal(h->generic, w->generic);
	assert_string_equal(h->ctrl, w->ctrl);
	assert_int_equal(h->capacity_known, w->sectors != 0);
	assert_int_equal(h->capacity_bytes, w->sectors * 512);
}

#define BLK true
#define CHR false

/* nvme0n1: its generic node, controller, capacity and queue limit */
static void test_block_maps_to_generic(void **state)
{
	static const struct want w = {BLK,     259,	  0,	     SSD_HOST_KIND_NVME_BLK,
				      false,   "nvme0n1", "nvme0n1", "/dev/ng0n1",
				      "nvme0", 2097152};
	struct ssd_host_dev h;
	uint64_t kb = 0;

	(void)state;
	expect(&w, &h);
	assert_string_equal(h.name, "nvme0n1");
	assert_int_equal(ssd_host_block_attr_u64(root, h.block, "queue/max_hw_sectors_kb", &kb), 0);
	assert_int_equal(kb, 512);
	assert_int_equal(ssd_host_block_attr_u64(root, "sdz", "size", &kb), -ENOENT);
}

static void test_char_generic(void **state)
{
	static const struct want w[] = {
	    {CHR, 242, 0, SSD_HOST_KIND_NVME_NG, false, "nvme0n1", "nvme0n1", "/dev/ng0n1", "nvme0",
	     2097152},
	    {CHR, 241, 0, SSD_HOST_KIND_NVME_CTRL, false, "", "", "", "nvme0", 0},
	};
	struct ssd_host_dev h;

	(void)state;
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		expect(&w[i], &h);
}

/* a partition is "blk" whatever its disk, and names the disk */
static void test_partition_refused(void **state)
{
	static const struct want w[] = {
	    {BLK, 259, 1, SSD_HOST_KIND_BLK, true, "nvme0n1p1", "nvme0n1", "", "", 32768},
	    {BLK, 8, 1, SSD_HOST_KIND_BLK, true, "sda1", "sda", "", "", 2048},
	};
	struct ssd_host_dev h;

	(void)state;
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		expect(&w[i], &h);
	assert_string_equal(ssd_host_kind_name(h.kind, h.partition), "a partition");
}

/* nvme0n2 has no ng0n2; ng1n2 is a namespace the block layer hides (no disk) */
static void test_no_generic_node(void **state)
{
	static const struct want w[] = {
	    {BLK, 259, 2, SSD_HOST_KIND_NVME_BLK, false, "nvme0n2", "nvme0n2", "", "nvme0", 8},
	    {CHR, 242, 2, SSD_HOST_KIND_NVME_NG, false, "", "", "/dev/ng1n2", "nvme1", 0},
	};
	struct ssd_host_dev h;

	(void)state;
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		expect(&w[i], &h);
}

/* native multipath: the head disk and its ng node hang off the subsystem */
static void test_multipath(void **state)
{
	static const struct want w[] = {
	    {BLK, 259, 3, SSD_HOST_KIND_NVME_BLK, false, "nvme1n1", "nvme1n1", "/dev/ng1n1",
	     "nvme1", 1024},
	    {CHR, 242, 1, SSD_HOST_KIND_NVME_NG, false, "nvme1n1", "nvme1n1", "/dev/ng1n1", "nvme1",
	     1024},
	};
	struct ssd_host_dev h;

	(void)state;
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		expect(&w[i], &h);
}

static void test_not_nvme(void **state)
{
	static const struct want w[] = {
	    {BLK, 254, 0, SSD_HOST_KIND_BLK, false, "vda", "vda", "", "", 0}, /* no size file */
	    {CHR, 1, 3, SSD_HOST_KIND_CHR, false, "", "", "", "", 0},
	    /* the numbers of the ng node asked as a block device: unknown to sysfs */
	    {BLK, 242, 0, SSD_HOST_KIND_BLK, false, "", "", "", "", 0},
	};
	struct ssd_host_dev h;

	(void)state;
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		expect(&w[i], &h);
	assert_string_equal(h.name, "");
}

static void test_sg_and_disk(void **state)
{
	static const struct want w[] = {
	    {CHR, 21, 0, SSD_HOST_KIND_SCSI_SG, false, "sda", "sda", "/dev/sg0", "", 1048576},
	    {BLK, 8, 0, SSD_HOST_KIND_SCSI_BLK, false, "sda", "sda", "/dev/sg0", "", 1048576},
	};
	struct ssd_host_dev h;

	(void)state;
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		expect(&w[i], &h);
}

static void test_not_scsi(void **state)
{
	/* an enclosure: an sg node, no disk */
	static const struct want w = {CHR,	  21, 1, SSD_HOST_KIND_SCSI_SG, false, "", "",
				      "/dev/sg1", "", 0};
	struct ssd_host_dev h;

	(void)state;
	expect(&w, &h);
	/* checked against /dev: this tree's nodes are not in the host's /dev */
	ssd_host_classify_node(root, false, makedev(21, 0), "/nonexistent", &h);
	assert_string_equal(h.generic, "");
}

/* What the host has: no fake tree needed. */
static void test_kinds(void **state)
{
	struct ssd_host_dev h;

	(void)state;
	ssd_host_classify("Makefile", &h);
	assert_int_equal(h.kind, SSD_HOST_KIND_FILE);
	assert_true(h.capacity_known);
	assert_true(h.capacity_bytes > 0);
	ssd_host_classify("/nonexistent/ssdeng", &h);
	assert_int_equal(h.kind, SSD_HOST_KIND_MISSING);
	ssd_host_classify("/dev/null", &h); /* char, subsystem mem */
	assert_int_equal(h.kind, SSD_HOST_KIND_CHR);
	ssd_host_classify("/", &h);
	assert_int_equal(h.kind, SSD_HOST_KIND_OTHER);
	assert_string_equal(ssd_host_kind_id(SSD_HOST_KIND_NVME_NG), "nvme-ng");
	assert_string_equal(ssd_host_kind_id(SSD_HOST_KIND_OTHER), "other");
}

static void test_describe_names_the_file_type(void **state)
{
	struct ssd_host_dev h;
	char buf[96];

	(void)state;
	ssd_host_classify("/", &h);
	assert_string_equal(ssd_host_describe("/", &h, buf, sizeof(buf)),
			    "a directory, not a drive");
	ssd_host_classify("Makefile", &h);
	assert_string_equal(ssd_host_describe("Makefile", &h, buf, sizeof(buf)), "a regular file");
	/* /dev/null: char major 1, minor 3 (Linux Documentation/admin-guide/devices.txt) */
	ssd_host_classify("/dev/null", &h);
	assert_string_equal(ssd_host_describe("/dev/null", &h, buf, sizeof(buf)),
			    "a character device 1:3 (mem), not a drive");
}

static void test_sysfs_subsystem_of_dev_null(void **state)
{
	struct ssd_host_dev h;

	(void)state;
	ssd_host_classify("/dev/null", &h);
	assert_string_equal(h.name, "null");
	assert_int_equal(h.major, 1);
	assert_int_equal(h.minor, 3);
	assert_string_equal(h.block, "");
	assert_false(h.capacity_known);
}

static void test_probe_regular_file_and_missing(void **state)
{
	struct ssd_host_dev h;
	char f[PATH_MAX];

	(void)state;
	snprintf(f, sizeof(f), "%s/plain", root);
	close(open(f, O_CREAT | O_WRONLY, 0644));
	ssd_host_classify(f, &h);
	assert_int_equal(h.kind, SSD_HOST_KIND_FILE);
	assert_int_equal(h.capacity_bytes, 0);
	assert_string_equal(h.block, "");
	snprintf(f, sizeof(f), "%s/missing", root);
	ssd_host_classify(f, &h);
	assert_int_equal(h.kind, SSD_HOST_KIND_MISSING);
	assert_false(h.capacity_known);
}

static void test_open_errno_hints(void **state)
{
	(void)state;
	assert_non_null(strstr(ssd_host_open_errno_hint(EACCES), "run fio as root"));
	assert_non_null(strstr(ssd_host_open_errno_hint(EPERM), "security policy"));
	assert_string_equal(ssd_host_open_errno_hint(EIO), "");
}

/* The classification without sysfs: an sg node by its major, an NVMe generic node by its name
 * "ng<digits>n<digits>"; anything else (or a block node, or a path too long for the generic
 * field) is left to ssd_host_classify(). */
static void test_classify_quick(void **state)
{
	static const struct {
		const char *path;
		unsigned int major;
		bool chr, quick;
		enum ssd_host_kind kind;
		const char *name;
	} cases[] = {
	    {"/dev/ng0n1", 242, true, true, SSD_HOST_KIND_NVME_NG, "ng0n1"},
	    {"/dev/ng12n345", 242, true, true, SSD_HOST_KIND_NVME_NG, "ng12n345"},
	    {"ng3n2", 242, true, true, SSD_HOST_KIND_NVME_NG, "ng3n2"},
	    {"/dev/sg4", 21, true, true, SSD_HOST_KIND_SCSI_SG, "sg4"},
	    {"/dev/ng0", 242, true, false, 0, ""},
	    {"/dev/ngn1", 242, true, false, 0, ""},
	    {"/dev/ng0n", 242, true, false, 0, ""},
	    {"/dev/ng0n1p1", 242, true, false, 0, ""},
	    {"/dev/ng0x1", 242, true, false, 0, ""},
	    {"/dev/nvme0n1", 242, true, false, 0, ""},
	    {"/dev/ng0n1", 259, false, false, 0, ""},
	    {"/dev/ng/0n1", 242, true, false, 0, ""},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct stat st = {.st_mode = cases[i].chr ? S_IFCHR | 0600 : S_IFBLK | 0600,
				  .st_rdev = makedev(cases[i].major, 7)};
		struct ssd_host_dev h;

		memset(&h, 0xa5, sizeof(h));
		assert_int_equal(ssd_host_classify_quick(cases[i].path, &st, &h), cases[i].quick);
		if (!cases[i].quick)
			continue;
		assert_int_equal(h.kind, cases[i].kind);
		assert_int_equal(h.major, cases[i].major);
		assert_int_equal(h.minor, 7);
		assert_string_equal(h.name, cases[i].name);
		assert_string_equal(h.generic, cases[i].path);
		assert_string_equal(h.block, "");
		assert_false(h.capacity_known);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_block_maps_to_generic),
	    cmocka_unit_test(test_char_generic),
	    cmocka_unit_test(test_partition_refused),
	    cmocka_unit_test(test_no_generic_node),
	    cmocka_unit_test(test_multipath),
	    cmocka_unit_test(test_not_nvme),
	    cmocka_unit_test(test_sg_and_disk),
	    cmocka_unit_test(test_not_scsi),
	    cmocka_unit_test(test_kinds),
	    cmocka_unit_test(test_describe_names_the_file_type),
	    cmocka_unit_test(test_sysfs_subsystem_of_dev_null),
	    cmocka_unit_test(test_probe_regular_file_and_missing),
	    cmocka_unit_test(test_open_errno_hints),
	    cmocka_unit_test(test_classify_quick),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
