// SPDX-License-Identifier: GPL-2.0-only
/* proc.c - process facts from /proc (proc.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/proc.h"

/* The text of /proc/@pid/stat after the command name (which may hold spaces and ')'). */
static int stat_fields(pid_t pid, char *buf, size_t len, const char **rest)
{
	char path[64];
	ssize_t n;
	char *close_paren;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -EIO;
	buf[n] = '\0';
	close_paren = strrchr(buf, ')');
	if (!close_paren || close_paren[1] != ' ')
		return -EIO;
	*rest = close_paren + 2; /* field 3, the state */
	return 0;
}

int rv_proc_starttime(pid_t pid, unsigned long long *out)
{
	char buf[1024];
	const char *p;
	int r = stat_fields(pid, buf, sizeof(buf), &p);

	if (r < 0)
		return r;
	/* p is field 3; the start time is field 22 */
	for (int field = 3; field < 22; field++) {
		p = strchr(p, ' ');
		if (!p)
			return -EIO;
		p++;
	}
	*out = strtoull(p, NULL, 10);
	return 0;
}

bool rv_proc_same(pid_t pid, unsigned long long starttime)
{
	char buf[1024];
	const char *p;
	unsigned long long st;

	if (pid <= 0 || stat_fields(pid, buf, sizeof(buf), &p) < 0 || *p == 'Z' || *p == 'X')
		return false;
	return rv_proc_starttime(pid, &st) == 0 && st == starttime;
}

int rv_proc_cmdline(pid_t pid, char *buf, size_t len)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	while (n > 0 && buf[n - 1] == '\0')
		n--;
	for (ssize_t i = 0; i < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	buf[n] = '\0';
	return 0;
}

const char *rv_sig_name(int sig, char *buf, size_t len)
{
	static const struct {
		int sig;
		const char *name;
	} names[] = {
	    {SIGHUP, "SIGHUP"},	  {SIGINT, "SIGINT"},	{SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
	    {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},	{SIGFPE, "SIGFPE"},   {SIGKILL, "SIGKILL"},
	    {SIGSEGV, "SIGSEGV"}, {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"},
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].sig == sig)
			return names[i].name;
	snprintf(buf, len, "signal %d", sig);
	return buf;
}
