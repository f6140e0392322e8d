// SPDX-License-Identifier: GPL-2.0-only
/* files.c - the report's files and the gnuplot child (files.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "output/files.h"

FILE *sr_out_open(const char *dir, const char *name, const char *mode)
{
	char p[4400];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return fopen(p, mode);
}

FILE *sr_out_scratch(void) { return tmpfile(); }

int sr_out_mkdir(const char *dir, const char *name)
{
	char p[4400];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return mkdir(p, 0755) && errno != EEXIST ? -errno : 0;
}

long sr_out_size(const char *dir, const char *name)
{
	char p[4400];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return stat(p, &st) == 0 ? (long)st.st_size : -1;
}

int sr_out_gnuplot(const char *dir, const char *script, int errfd)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, 0);
		if (errfd >= 0)
			dup2(errfd, 2);
		if (chdir(dir) == 0)
			execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}
