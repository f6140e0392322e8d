// SPDX-License-Identifier: GPL-2.0-only
/* read_file.c - a whole input file into memory (read_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse/read_file.h"

int sr_read_file(const char *path, char **buf, size_t *len)
{
	struct stat st;
	char *p = NULL;
	size_t got = 0;
	int fd, rc = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		rc = -errno;
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		rc = -EISDIR;
		goto out;
	}
	p = malloc((size_t)st.st_size + 1);
	if (!p) {
		rc = -ENOMEM;
		goto out;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, p + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = -errno;
			goto out;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	p[got] = '\0';
	*buf = p;
	*len = got;
	p = NULL;
out:
	free(p);
	close(fd);
	return rc;
}
