// SPDX-License-Identifier: GPL-2.0-only
/* files.c - the report's files and the gnuplot child (files.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <zlib.h>

#include "output/files.h"

FILE *sr_out_open(const char *dir, const char *name, const char *mode)
{
	char p[4400];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return fopen(p, mode);
}

/* A gzip file behind a stdio stream (fopencookie(3)): writes compress, close ends the stream. */
static ssize_t gz_write(void *cookie, const char *buf, size_t len)
{
	int n = len ? gzwrite((gzFile)cookie, buf, (unsigned)len) : 0;

	if (len && n <= 0) {
		errno = EIO;
		return -1;
	}
	return n;
}

static int gz_close(void *cookie)
{
	int rc = gzclose((gzFile)cookie);

	if (rc != Z_OK) {
		errno = rc == Z_ERRNO && errno ? errno : EIO;
		return EOF;
	}
	return 0;
}

FILE *sr_out_open_gz(const char *dir, const char *name)
{
	static const cookie_io_functions_t io = {.write = gz_write, .close = gz_close};
	char p[4400];
	gzFile z;
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	errno = 0;
	if (!(z = gzopen(p, "wb6")))
		return errno ? NULL : (errno = ENOMEM, NULL);
	if (!(f = fopencookie(z, "w", io))) {
		int e = errno;

		gzclose(z);
		unlink(p);
		errno = e;
	}
	return f;
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
