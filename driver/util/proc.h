/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * proc.h - what /proc says about a process, so a process id written in a file (a lock's holder,
 * the fio of a run) can be checked later: still the same process (same start time), and what
 * it runs (its command line).
 */
#ifndef SSDENG_DRIVER_PROC_H
#define SSDENG_DRIVER_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/**
 * rv_proc_starttime() - field 22 of /proc/@pid/stat: when the process started, in clock ticks
 * after boot (proc(5)). A pid is reused; the pair (pid, start time) is not.
 * Return: 0 with @out set, or -errno (-ENOENT: no such process).
 */
int rv_proc_starttime(pid_t pid, unsigned long long *out);

/**
 * rv_proc_same() - true while process @pid exists and started at @starttime (a zombie counts
 * as gone).
 */
bool rv_proc_same(pid_t pid, unsigned long long starttime);

/**
 * rv_proc_cmdline() - /proc/@pid/cmdline with the NULs as spaces, into @buf (truncated).
 * Return: 0 or -errno.
 */
int rv_proc_cmdline(pid_t pid, char *buf, size_t len);

/** rv_sig_name() - "SIGINT", "SIGTERM", ... for @sig; "signal N" for others (static/@buf). */
const char *rv_sig_name(int sig, char *buf, size_t len);

#endif
