/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dev_cache.h - what the engine learns about a device once per process: fio sizes each job's
 * files and then each job thread opens them, and a PTS round runs many jobs on one drive, so the
 * classification of a path (sysfs walks) and what a transport read from the drive at open
 * (Identify, READ CAPACITY, the kernel's limits) are kept for the process and shared by its job
 * threads. An entry is used only while the path still names the same node (stat(2): device
 * number, inode and type), so a drive removed or replaced is looked at afresh.
 *
 * This is the engine's one piece of process-wide state; every entry points to data that never
 * changes after it is added (entries are added, never changed or removed), under one mutex.
 */
#ifndef SSDENG_CORE_DEV_CACHE_H
#define SSDENG_CORE_DEV_CACHE_H

#include <stddef.h>

struct ssd_host_dev;

/**
 * ssd_classify() - ssd_host_classify() of @path, from the cache when @path names the node it
 * named when classified first. Regular files and missing paths are classified every time (a
 * file's size changes).
 * @path: the file
 * @out:  output
 */
void ssd_classify(const char *path, struct ssd_host_dev *out);

/**
 * ssd_dev_cache_get() - the @size bytes a transport kept under @kind for the node @path names
 * now (the generic node's path: "/dev/ng0n1", "/dev/sg0"), copied to @out.
 * @kind: the transport's tag ("nvme", "scsi"): one key space per transport
 * Return: 1 found, 0 not (never added, or @path names another node now).
 */
int ssd_dev_cache_get(const char *kind, const char *path, void *out, size_t size);

/**
 * ssd_dev_cache_put() - keep @size bytes of @data under @kind for the node @path names now.
 * Nothing is kept when @path cannot be stat()ed, the cache is full (64 entries) or memory is
 * short: the next open reads the drive again.
 */
void ssd_dev_cache_put(const char *kind, const char *path, const void *data, size_t size);

#endif
