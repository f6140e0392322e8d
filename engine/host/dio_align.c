// SPDX-License-Identifier: GPL-2.0-only
/*
 * dio_align.c - the alignment O_DIRECT needs on a regular file; see dio_align.h.
 */
#include "host/dio_align.h"
#include "host/dev_class.h"

#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN 0x00002000U /* include/uapi/linux/stat.h, Linux 6.1 */
#endif

uint32_t ssd_host_dev_lbs(const char *sysfs, unsigned int major, unsigned int minor)
{
	static const char *const at[] = {"queue", "../queue"}; /* a disk, a partition */
	char p[PATH_MAX];
	uint64_t v;

	for (unsigned int i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		int n = snprintf(p, sizeof(p), "%s/dev/block/%u:%u/%s/logical_block_size", sysfs,
				 major, minor, at[i]);

		if (n > 0 && (size_t)n < sizeof(p) && !ssd_host_read_u64(p, &v) && v &&
		    v <= UINT32_MAX)
			return (uint32_t)v;
	}
	return 0;
}

/* statx(2) of @path: the DIO offset alignment (0: not reported) and the device holding it. */
static int dio_statx(const char *path, uint32_t *align, unsigned int *major, unsigned int *minor)
{
	struct statx stx;

	if (statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &stx) < 0)
		return -1;
	*align = (stx.stx_mask & STATX_DIOALIGN) ? stx.stx_dio_offset_align : 0;
	*major = stx.stx_dev_major;
	*minor = stx.stx_dev_minor;
	return 0;
}

uint32_t ssd_host_dio_align(const char *sysfs, const char *path)
{
	unsigned int major, minor;
	uint32_t align = 0;
	int ret = dio_statx(path, &align, &major, &minor);

	if (ret < 0) { /* not created yet: the directory it goes in */
		char dir[PATH_MAX];

		snprintf(dir, sizeof(dir), "%s", path);
		ret = dio_statx(dirname(dir), &align, &major, &minor);
		align = 0; /* a directory's DIO fields say nothing of a file's */
	}
	if (!align && !ret)
		align = ssd_host_dev_lbs(sysfs, major, minor);
	return align ? align : 512;
}
