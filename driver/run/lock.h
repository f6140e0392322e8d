/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lock.h - one run per drive and per results directory: an exclusive flock(2) on a lock file
 * named after what is locked, held for the whole run. The file says who holds it (pid, start
 * time, command, and the fio it runs), so a refused run can name the holder.
 *
 * A drive's lock is named after its stable identity, not the path given: the block device
 * behind the node (major:minor of the disk, so /dev/ng0n1 and /dev/nvme0n1, /dev/sg1 and
 * /dev/sdb, a partition and its disk share one lock), a regular file's resolved path. The lock
 * files live in /run/lock (else /tmp; $SSD_REVIEW_LOCK_DIR overrides) and are never deleted:
 * deleting a lock file another process is about to lock would let two runs hold "the" lock.
 */
#ifndef SSDENG_DRIVER_LOCK_H
#define SSDENG_DRIVER_LOCK_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define RV_LOCK_NAME 96

/* What identifies a drive (or directory) for its lock. */
enum rv_lock_kind {
	RV_LOCK_BLOCK, /* a block device (the disk): major, minor */
	RV_LOCK_CHAR,  /* a char device with no block device behind it: major, minor */
	RV_LOCK_PATH,  /* a regular file, or a results directory: its absolute path */
};

/**
 * rv_lock_name() - the lock file's name for a drive or directory.
 * @kind:  what @major/@minor or @path mean
 * @major, @minor: the device number (RV_LOCK_BLOCK, RV_LOCK_CHAR)
 * @path:  an absolute, resolved path (RV_LOCK_PATH)
 * @tag:   "dev" for drives, "out" for results directories (RV_LOCK_PATH only)
 * @out:   "ssd-review.blk-259:0.lock", "ssd-review.chr-21:1.lock",
 *         "ssd-review.dev-<16 hex digits of the path's FNV-1a hash>.lock"
 * @len:   size of @out
 */
void rv_lock_name(enum rv_lock_kind kind, unsigned int major, unsigned int minor, const char *path,
		  const char *tag, char *out, size_t len);

/* Who holds a lock, as its file says. */
struct rv_lock_holder {
	pid_t pid;		      /* the ssd-review process */
	unsigned long long starttime; /* its /proc start time */
	char started[32];	      /* ISO time */
	char command[1024];	      /* its command line */
	char what[PATH_MAX];	      /* the drive or directory locked, as given */
	pid_t fio_pid;		      /* the fio it runs, 0 for none */
	unsigned long long fio_starttime;
};

/**
 * rv_lock_parse() - the holder from a lock file's text ("key=value" lines: pid, starttime,
 * started, command, what, fio_pid, fio_starttime; unknown keys are skipped).
 * Return: 0, or -EINVAL when it names no pid.
 */
int rv_lock_parse(const char *text, struct rv_lock_holder *h);

/**
 * rv_lock_format() - the lock file's text for @h (the inverse of rv_lock_parse()).
 * Return: the length, or -ENAMETOOLONG when @len is short.
 */
int rv_lock_format(const struct rv_lock_holder *h, char *out, size_t len);

/**
 * rv_lock_describe() - who holds a lock, for the refusal: "ssd-review pid 12 (started ...):
 * COMMAND", and when that process is gone but its fio still holds the lock, that fio.
 * @h: the holder read from the file
 * @out, @len: output
 */
void rv_lock_describe(const struct rv_lock_holder *h, char *out, size_t len);

struct rv_lock {
	int fd; /* -1 when not held */
	char path[PATH_MAX];
};

/** rv_lock_dir() - where lock files go: $SSD_REVIEW_LOCK_DIR, /run/lock, else /tmp. */
const char *rv_lock_dir(void);

/**
 * rv_lock_take() - take the exclusive lock in file @name of rv_lock_dir(), without waiting.
 * @l:      output: the held lock (its descriptor is close-on-exec)
 * @name:   from rv_lock_name()
 * @me:     what to write into the file for a later refusal
 * @holder: when the lock is held elsewhere, who holds it
 * Return: 0; -EWOULDBLOCK when another process holds it (@holder filled); -errno.
 */
int rv_lock_take(struct rv_lock *l, const char *name, const struct rv_lock_holder *me,
		 struct rv_lock_holder *holder);

/** rv_lock_update() - rewrite the holder text of a held lock (the fio it runs now). */
void rv_lock_update(struct rv_lock *l, const struct rv_lock_holder *me);

/** rv_lock_release() - drop the lock (the file stays). */
void rv_lock_release(struct rv_lock *l);

#endif
