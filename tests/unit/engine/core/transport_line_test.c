// SPDX-License-Identifier: GPL-2.0-only
/*
 * transport_line_test.c - engine/core/transport_line.c: the lines the engine writes are read
 * back as what they say (which transport drives which file, a fallback, a note), and any other
 * "ssdeng: " line (an error) or a name the registry does not hold is not information.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/transport_line.h"

static enum ssd_line_kind parse(const char *line, struct ssd_line_info *info)
{
	return ssd_transport_line_parse(line, strlen(line), info);
}

static void transport_line_written_and_read(void **state)
{
	char buf[1024];
	struct ssd_line_info info;
	size_t n;

	(void)state;
	n = ssd_transport_line(buf, sizeof(buf), "/dev/ng0n1", "nvme-uring",
			       "NVMe nsid 1, LBA format 4 (4096+0)");
	assert_string_equal(buf, "ssdeng: /dev/ng0n1: nvme-uring, NVMe nsid 1, LBA format 4 "
				 "(4096+0)\n");
	assert_int_equal(n, strlen(buf));
	/* read without its newline, as the driver's lines are */
	assert_int_equal(ssd_transport_line_parse(buf, n - 1, &info), SSD_LINE_TRANSPORT);
	assert_int_equal(info.path_len, 10);
	assert_memory_equal(info.path, "/dev/ng0n1", 10);
	assert_ptr_equal(info.transport->ops, &ssd_tp_nvme_uring_ops);
	/* truncated to fit, still a line */
	n = ssd_transport_line(buf, 16, "/dev/ng0n1", "nvme-uring", "x");
	assert_string_equal(buf, "ssdeng: /dev/n\n");
	assert_int_equal(n, 15);
}

static void fallback_and_note(void **state)
{
	char text[256], line[300];
	struct ssd_line_info info;

	(void)state;
	/* the reason may hold "; ": the last "; using " names the fallback */
	ssd_fallback_text(text, sizeof(text), "/dev/ng1n1", "nvme-uring",
			  "Operation not permitted; io_uring_disabled=2", "nvme-ioctl");
	assert_string_equal(text, "/dev/ng1n1: nvme-uring refused the file (Operation not "
				  "permitted; io_uring_disabled=2); using nvme-ioctl");
	snprintf(line, sizeof(line), "ssdeng: %s", text);
	assert_int_equal(parse(line, &info), SSD_LINE_FALLBACK);
	assert_int_equal(info.path_len, 10);
	assert_memory_equal(info.path, "/dev/ng1n1", 10);
	assert_ptr_equal(info.transport->ops, &ssd_tp_nvme_ioctl_ops);
	assert_int_equal(parse("ssdeng: /tmp/f: note: readfua=1 has no effect on block-aio", &info),
			 SSD_LINE_NOTE);
	assert_int_equal(info.path_len, 6);
	assert_null(info.transport);
	assert_int_equal(parse("ssdeng: /dev/sda: block-aio, block device", NULL),
			 SSD_LINE_TRANSPORT);
}

/* Errors and names outside the registry are not the engine's information. */
static void others(void **state)
{
	struct ssd_line_info info = {0};

	(void)state;
	assert_int_equal(parse("ssdeng: /tmp/f.img: cannot open: Operation not permitted", &info),
			 SSD_LINE_OTHER);
	assert_int_equal(
	    parse("ssdeng: /dev/null is a character device 1:3 (mem), not a drive", &info),
	    SSD_LINE_OTHER);
	assert_int_equal(parse("ssdeng: /dev/ng0n1: spdk, NVMe nsid 1", &info), SSD_LINE_OTHER);
	assert_int_equal(parse("ssdeng: /dev/ng0n1: nvme-uringx, NVMe nsid 1", &info),
			 SSD_LINE_OTHER);
	assert_int_equal(
	    parse("ssdeng: /dev/ng0n1: nvme-uring refused the file (x); using spdk", &info),
	    SSD_LINE_OTHER);
	assert_int_equal(parse("ssdeng: /dev/ng0n1: nvme-uring refused the file (x)", &info),
			 SSD_LINE_OTHER);
	assert_int_equal(parse("ssdeng: scsi_timeout=-5 is not valid", &info), SSD_LINE_OTHER);
	assert_int_equal(parse("fio: /dev/ng0n1: nvme-uring, NVMe nsid 1", &info), SSD_LINE_OTHER);
	assert_int_equal(parse("ssdeng: ", &info), SSD_LINE_OTHER);
	assert_null(info.path); /* untouched */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(transport_line_written_and_read),
	    cmocka_unit_test(fallback_and_note),
	    cmocka_unit_test(others),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
