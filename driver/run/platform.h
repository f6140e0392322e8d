/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * platform.h - the test platform a run's report names (the SNIA PTS report header's "test
 * platform"): the CPU, the memory and the operating system, read from Linux's own files.
 */
#ifndef SSDREVIEW_RUN_PLATFORM_H
#define SSDREVIEW_RUN_PLATFORM_H

struct rv_platform {
	char cpu[256];		/* /proc/cpuinfo's first "model name" ("" when none) */
	long cpus;		/* online logical CPUs, -1 when not known */
	long long memory_bytes; /* physical memory (sysconf), bytes, -1 when not known */
	char os[256];		/* /etc/os-release PRETTY_NAME ("" when none) */
};

/**
 * rv_platform_read() - @p from /proc/cpuinfo, sysconf() and /etc/os-release. A file that is
 * missing or unreadable leaves its field empty (or -1): the record then says "not recorded".
 */
void rv_platform_read(struct rv_platform *p);

#endif
