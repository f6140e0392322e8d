// SPDX-License-Identifier: GPL-2.0-only
/* lock.c - one run per drive and per results directory (lock.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/manifest.h"
#include "run/lock.h"
#include "util/proc.h"
#include "util/util.h"

void rv_lock_name(enum rv_lock_kind kind, unsigned int major, unsigned int minor, const char *path,
		  const char *tag, char *out, size_t len)
{
	switch (kind) {
	case RV_LOCK_BLOCK:
	case RV_LOCK_CHAR:
		snprintf(out, len, "ssd-review.%s-%u:%u.lock",
			 kind == RV_LOCK_BLOCK ? "blk" : "chr", major, minor);
		break;
	case RV_LOCK_PATH:
		snprintf(out, len, "ssd-review.%s-%016llx.lock", tag,
			 (unsigned long long)rec_fnv1a64(path));
		break;
	}
}

int rv_lock_parse(const char *text, struct rv_lock_holder *h)
{
	memset(h, 0, sizeof(*h));
	for (const char *line = text; line && *line;) {
		const char *end = strchr(line, '\n'), *eq = strchr(line, '=');
		size_t n = end ? (size_t)(end - line) : strlen(line);

		if (eq && eq < line + n) {
			size_t k = (size_t)(eq - line), vn = n - k - 1;
			char val[PATH_MAX];

			snprintf(val, sizeof(val), "%.*s", (int)vn, eq + 1);
			if (k == 3 && !strncmp(line, "pid", 3))
				h->pid = (pid_t)atol(val);
			else if (k == 9 && !strncmp(line, "starttime", 9))
				h->starttime = strtoull(val, NULL, 10);
			else if (k == 7 && !strncmp(line, "started", 7))
				rv_fmt(h->started, sizeof(h->started), "%s", val);
			else if (k == 7 && !strncmp(line, "command", 7))
				rv_fmt(h->command, sizeof(h->command), "%s", val);
			else if (k == 4 && !strncmp(line, "what", 4))
				snprintf(h->what, sizeof(h->what), "%s", val);
			else if (k == 7 && !strncmp(line, "fio_pid", 7))
				h->fio_pid = (pid_t)atol(val);
			else if (k == 13 && !strncmp(line, "fio_starttime", 13))
				h->fio_starttime = strtoull(val, NULL, 10);
		}
		line = end ? end + 1 : NULL;
	}
	return h->pid > 0 ? 0 : -EINVAL;
}

/* @s without newlines (a command line could hold one) */
static void one_line(const char *s, char *out, size_t len)
{
	snprintf(out, len, "%s", s);
	for (char *p = out; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
}

int rv_lock_format(const struct rv_lock_holder *h, char *out, size_t len)
{
	char cmd[sizeof(h->command)], what[sizeof(h->what)];
	int n;

	one_line(h->command, cmd, sizeof(cmd));
	one_line(h->what, what, sizeof(what));
	n = snprintf(out, len,
		     "pid=%d\nstarttime=%llu\nstarted=%s\ncommand=%s\nwhat=%s\nfio_pid=%d\n"
		     "fio_starttime=%llu\n",
		     (int)h->pid, h->starttime, h->started, cmd, what, (int)h->fio_pid,
		     h->fio_starttime);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : n;
}

void rv_lock_describe(const struct rv_lock_holder *h, char *out, size_t len)
{
	char cmd[256];

	if (rv_proc_same(h->pid, h->starttime)) {
		snprintf(out, len, "ssd-review pid %d (started %s): %s", (int)h->pid, h->started,
			 h->command);
		return;
	}
	if (h->fio_pid > 0 && rv_proc_same(h->fio_pid, h->fio_starttime)) {
		if (rv_proc_cmdline(h->fio_pid, cmd, sizeof(cmd)) < 0)
			snprintf(cmd, sizeof(cmd), "fio");
		snprintf(out, len,
			 "fio pid %d, left running by ssd-review pid %d (started %s, now gone): "
			 "%s (stop it with kill %d, or wait for it)",
			 (int)h->fio_pid, (int)h->pid, h->started, cmd, (int)h->fio_pid);
		return;
	}
	snprintf(out, len,
		 "a process left from ssd-review pid %d (started %s, now gone: %s); fuser on "
		 "the lock file names it",
		 (int)h->pid, h->started, h->command);
}

const char *rv_lock_dir(void)
{
	const char *env = getenv("SSD_REVIEW_LOCK_DIR");
	struct stat st;

	if (env && *env)
		return env;
	if (stat("/run/lock", &st) == 0 && S_ISDIR(st.st_mode) && access("/run/lock", W_OK) == 0)
		return "/run/lock";
	return "/tmp";
}

static void write_holder(int fd, const struct rv_lock_holder *me)
{
	char text[sizeof(me->command) + sizeof(me->what) + 256];
	int n = rv_lock_format(me, text, sizeof(text));

	if (n < 0 || ftruncate(fd, 0) < 0)
		return;
	if (pwrite(fd, text, (size_t)n, 0) < 0)
		return; /* the lock holds without its text; a refusal then says less */
}

int rv_lock_take(struct rv_lock *l, const char *name, const struct rv_lock_holder *me,
		 struct rv_lock_holder *holder)
{
	char text[sizeof(holder->command) + sizeof(holder->what) + 256];
	ssize_t n;
	int fd;

	l->fd = -1;
	snprintf(l->path, sizeof(l->path), "%s/%s", rv_lock_dir(), name);
	fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 && errno == EACCES)
		fd = open(l->path, O_RDONLY | O_CLOEXEC); /* another user's lock file */
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno;

		n = pread(fd, text, sizeof(text) - 1, 0);
		text[n > 0 ? n : 0] = '\0';
		if (rv_lock_parse(text, holder) < 0)
			rv_fmt(holder->command, sizeof(holder->command), "(unknown: %s is empty)",
			       l->path);
		close(fd);
		return e == EWOULDBLOCK ? -EWOULDBLOCK : -e;
	}
	fchmod(fd, 0666); /* a lock another user's run can take in turn */
	write_holder(fd, me);
	l->fd = fd;
	return 0;
}

void rv_lock_update(struct rv_lock *l, const struct rv_lock_holder *me)
{
	if (l->fd >= 0)
		write_holder(l->fd, me);
}

void rv_lock_release(struct rv_lock *l)
{
	if (l->fd >= 0) {
		flock(l->fd, LOCK_UN);
		close(l->fd);
	}
	l->fd = -1;
}
