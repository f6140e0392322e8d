/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dev_cache.h - what the engine learns about a device once per process: fio sizes each job's
 * files and then each job thread opens them, and a PTS round runs many jobs on one drive, so the
 * classification of a path and what a transport read from the drive at open (Identify, READ
 * CAPACITY, the kernel's limits) are kept for the process and shared by its job threads. An
 * entry is used only while the path still names the same node (stat(2): device number, inode
 * and type), so a drive removed or replaced is looked at afresh.
 *
 * A thread reads a path's node once (one stat(2)) and goes by that answer until it says it is
 * done with the path (ssd_dev_cache_done()): the fio glue's sizing and opening of a file then
 * cost one stat(2) between them, however many entries they consult.
 *
 * Also kept: process-wide facts that no node carries (a module parameter), and one file
 * descriptor per path that a sizing probe opened and the job's open may take over, so that a
 * first job does not open its device twice.
 *
 * This is the engine's one piece of process-wide state: entries are added or replaced, never
 * removed, under one lock; readers copy them out. A value of up to 512 bytes (all the engine
 * keeps) is held inside its entry: adding or replacing one allocates nothing.
 */
#ifndef SSDENG_CORE_DEV_CACHE_H
#define SSDENG_CORE_DEV_CACHE_H

#include <stddef.h>

struct ssd_host_dev;

/**
 * ssd_classify() - what @path is, from the cache when @path names the node it named when
 * classified first (ssd_host_classify_quick(), else ssd_host_classify()). Regular files and
 * missing paths are classified every time (a file's size changes).
 * @path: the file
 * @out:  output
 */
void ssd_classify(const char *path, struct ssd_host_dev *out);

/**
 * ssd_dev_cache_get() - the @size bytes a transport kept under @kind for the node @path names
 * now (the generic node's path: "/dev/ng0n1", "/dev/sg0"), copied to @out.
 * @kind: the transport's tag ("nvme", "scsi"): one key space per transport
 * Return: 1 found, 0 not (never added, or @path names another node now). No stat(2) when
 * nothing was kept for @path.
 */
int ssd_dev_cache_get(const char *kind, const char *path, void *out, size_t size);

/**
 * ssd_dev_cache_put() - keep @size bytes of @data under @kind for the node @path names now,
 * replacing what was kept there. Nothing is kept when @path cannot be stat()ed, the cache is
 * full (64 entries) or memory is short for a value above 512 bytes: the next open reads the
 * drive again.
 */
void ssd_dev_cache_put(const char *kind, const char *path, const void *data, size_t size);

/**
 * ssd_dev_cache_claim() - keep @data (@size bytes) under @kind for the node @path names now,
 * unless that very value is kept under @kind for the same device by any path (a symlink, an
 * alias made with mknod(2): a block or character node's device number; a file's device and
 * inode): one check and store under the cache's lock, so of threads claiming the same value
 * at once exactly one gets 1 (a message said once per process and device).
 * Return: 1 claimed (also when @path cannot be stat()ed or the value cannot be kept), 0 kept
 * before.
 */
int ssd_dev_cache_claim(const char *kind, const char *path, const void *data, size_t size);

/**
 * ssd_dev_cache_fact() - a process-wide fact under @key (a sysfs or /proc path): the
 * @size bytes kept at @out, 1; else 0. Facts are not tied to a node (a module parameter stays
 * what it is while the module is in use).
 */
int ssd_dev_cache_fact(const char *key, void *out, size_t size);

/* ssd_dev_cache_put_fact() - keep the fact @data (@size bytes) under @key. */
void ssd_dev_cache_put_fact(const char *key, const void *data, size_t size);

/**
 * ssd_dev_cache_keep_fd() - keep @fd, opened on @path with open(2) flags @oflags, for a later
 * ssd_dev_cache_take_fd() (one per path; a second is closed). Close-on-exec is the caller's.
 */
void ssd_dev_cache_keep_fd(const char *path, int oflags, int fd);

/**
 * ssd_dev_cache_take_fd() - the fd kept for @path when it was opened with the access mode of
 * @oflags (O_ACCMODE) on the node @path names now; it is the caller's from then on.
 * Return: the fd, or -1.
 */
int ssd_dev_cache_take_fd(const char *path, int oflags);

/**
 * ssd_dev_cache_done() - this thread has finished with @path (a file closed): its next look
 * reads the node again.
 */
void ssd_dev_cache_done(const char *path);

#endif
