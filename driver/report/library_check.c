// SPDX-License-Identifier: GPL-2.0-only
/* library_check.c - --library checked before a run starts (library_check.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "library/uri.h"
#include "record/json.h"
#include "report/library_check.h"
#include "run/child.h"

/* A library file not made yet: ssdreport library add makes it, in a directory it can write. */
static int new_file_ok(const char *path, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash == path ? 1 : slash - path), path);
	if (access(dir, W_OK | X_OK) == 0)
		return 0;
	snprintf(err, errlen, "--library %s: the library would be made there, but %s: %s", path,
		 dir, strerror(errno));
	return -EINVAL;
}

/* ssdreport's first message line, without its "ssdreport: " prefix. */
static void first_line(const char *text, char *out, size_t len)
{
	const char *p = text ? text : "";
	size_t n;

	if (!strncmp(p, "ssdreport: ", 11))
		p += 11;
	n = strcspn(p, "\n");
	snprintf(out, len, "%.*s", (int)n, p);
}

int rv_library_check(const char *ssdreport, const char *library, char *err, size_t errlen)
{
	char tmp[] = "/tmp/ssd-review-library.XXXXXX", msg[1024];
	char *const argv[] = {(char *)ssdreport, "library",	  "list", "--json",
			      "--library",	 (char *)library, NULL};
	struct rv_spawn s = {.argv = argv, .out_path = "/dev/null", .err_path = tmp};
	struct stat st;
	char *text = NULL;
	int fd, rc;

	if (!lib_is_uri(library) && stat(library, &st) != 0) {
		if (errno == ENOENT)
			return new_file_ok(library, err, errlen);
		snprintf(err, errlen, "--library %s: %s", library, strerror(errno));
		return -EINVAL;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		snprintf(err, errlen, "--library: cannot make a temporary file: %s",
			 strerror(errno));
		return -EIO;
	}
	close(fd);
	rc = rv_child_run(&s, 60, msg, sizeof(msg));
	rec_file_read(tmp, &text, NULL);
	unlink(tmp);
	if (rc < 0) {
		free(text);
		snprintf(err, errlen, "--library: ssdreport library list: %s", msg);
		return -EIO;
	}
	first_line(text, msg, sizeof(msg));
	free(text);
	/* a PostgreSQL database without the library's tables yet: the first add makes them */
	if (rc == 0 || (lib_is_uri(library) && strstr(msg, "holds no ssdeng library yet")))
		return 0;
	snprintf(err, errlen, "--library: %s (checked with ssdreport library list before the run)",
		 msg[0] ? msg : "ssdreport library list failed");
	return -EINVAL;
}
