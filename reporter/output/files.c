// SPDX-License-Identifier: GPL-2.0-only
/* files.c - the report's files (files.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
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

/* the report a rebuild replaces, whose charts it may take (sr_out_reuse_from()); "" none */
static char reuse_dir[4096];

void sr_out_reuse_from(const char *prev)
{
	snprintf(reuse_dir, sizeof(reuse_dir), "%s", prev ? prev : "");
}

/* whether files @a and @b hold the same bytes */
static bool same_bytes(const char *a, const char *b)
{
	static char x[65536], y[65536];
	struct stat sa, sb;
	FILE *fa, *fb;
	bool same = false;
	size_t n;

	if (stat(a, &sa) || stat(b, &sb) || sa.st_size != sb.st_size)
		return false;
	fa = fopen(a, "rb");
	fb = fopen(b, "rb");
	if (fa && fb)
		for (same = true; same && (n = fread(x, 1, sizeof(x), fa)) > 0;)
			same = fread(y, 1, n, fb) == n && !memcmp(x, y, n);
	if (fa && ferror(fa))
		same = false;
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/* @to as a hard link to @from, else a copy; 0 or -1 (nothing left at @to) */
static int take(const char *from, const char *to)
{
	static char buf[65536];
	FILE *in, *out;
	size_t n;
	int rc = 0;

	if (link(from, to) == 0)
		return 0;
	if (!(in = fopen(from, "rb")))
		return -1;
	if (!(out = fopen(to, "wb"))) {
		fclose(in);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (ferror(in))
		rc = -1;
	fclose(in);
	if (fclose(out))
		rc = -1;
	if (rc)
		unlink(to);
	return rc;
}

int sr_out_chart_reuse(const char *dir, const char *name)
{
	static const char *const in[] = {"gp", "dat"}, *const out[] = {"png", "svg"};
	char a[4400], b[4400];

	if (!reuse_dir[0])
		return 0;
	for (size_t i = 0; i < 2; i++) {
		snprintf(a, sizeof(a), "%s/%s.%s", dir, name, in[i]);
		snprintf(b, sizeof(b), "%s/%s.%s", reuse_dir, name, in[i]);
		if (!same_bytes(a, b))
			return 0;
	}
	for (size_t i = 0; i < 2; i++) {
		struct stat st;

		snprintf(b, sizeof(b), "%s/%s.%s", reuse_dir, name, out[i]);
		if (stat(b, &st) || st.st_size <= 0)
			return 0;
	}
	for (size_t i = 0; i < 2; i++) {
		snprintf(a, sizeof(a), "%s/%s.%s", dir, name, out[i]);
		snprintf(b, sizeof(b), "%s/%s.%s", reuse_dir, name, out[i]);
		if (take(b, a)) {
			if (i) { /* the PNG was taken: drop it, gnuplot draws both */
				snprintf(a, sizeof(a), "%s/%s.%s", dir, name, out[0]);
				unlink(a);
			}
			return 0;
		}
	}
	return 1;
}
