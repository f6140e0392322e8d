// SPDX-License-Identifier: GPL-2.0-only
/* report_dir.c - the report's temporary directory and its atomic swap into place; see report_dir.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/report_dir.h"

/* @outdir without trailing slashes, split into its parent ("." when none) and last component. */
static int split(const char *outdir, char *parent, size_t plen, char *base, size_t blen)
{
	size_t n = strlen(outdir);
	const char *slash;

	while (n > 1 && outdir[n - 1] == '/')
		n--;
	slash = memrchr(outdir, '/', n);
	if (!slash) {
		if ((size_t)snprintf(parent, plen, ".") >= plen ||
		    (size_t)snprintf(base, blen, "%.*s", (int)n, outdir) >= blen)
			return -ENAMETOOLONG;
		return 0;
	}
	if ((size_t)snprintf(parent, plen, "%.*s", slash == outdir ? 1 : (int)(slash - outdir),
			     outdir) >= plen ||
	    (size_t)snprintf(base, blen, "%.*s", (int)(n - (size_t)(slash + 1 - outdir)),
			     slash + 1) >= blen)
		return -ENAMETOOLONG;
	return 0;
}

/* 0 when @outdir does not exist, is empty or is a report; -EEXIST (d->err set) otherwise. */
static int check_replaceable(const char *outdir, struct sr_diag *d)
{
	bool marker = false, index = false, md = false;
	unsigned int n = 0;
	struct dirent *e;
	struct stat st;
	DIR *dp;

	if (lstat(outdir, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		sr_diag_msg(d, "%s: %s", outdir, strerror(errno));
		return -errno;
	}
	if (!S_ISDIR(st.st_mode)) {
		sr_diag_msg(d, "%s: exists and is not a directory: not replaced by the report",
			    outdir);
		return -EEXIST;
	}
	dp = opendir(outdir);
	if (!dp) {
		sr_diag_msg(d, "%s: %s", outdir, strerror(errno));
		return -errno;
	}
	while ((e = readdir(dp))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		n++;
		marker |= !strcmp(e->d_name, SR_REPORT_MARKER);
		index |= !strcmp(e->d_name, "index.html");
		md |= !strcmp(e->d_name, "report.md");
	}
	closedir(dp);
	if (n == 0 || marker || (index && md))
		return 0;
	sr_diag_msg(d,
		    "%s: exists and is not an ssdreport report (no %s in it, and %s): "
		    "not replaced; give -o a new directory or a previous report",
		    outdir, SR_REPORT_MARKER,
		    index ? "report.md is missing beside index.html"
		    : md  ? "index.html is missing beside report.md"
			  : "no index.html or report.md");
	return -EEXIST;
}

static int write_marker(const char *dir)
{
	static const char text[] =
	    "This directory was written by ssdreport; the next ssdreport -o run "
	    "with the same directory replaces it.\n";
	char p[4200];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, SR_REPORT_MARKER);
	f = fopen(p, "w");
	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) == 0 ? 0 : -errno;
}

int sr_report_dir_begin(const char *outdir, char *tmp, size_t tmplen, struct sr_diag *d)
{
	char parent[4096], base[256];
	struct stat st;
	int rc = check_replaceable(outdir, d);

	if (rc)
		return rc;
	rc = split(outdir, parent, sizeof(parent), base, sizeof(base));
	if (rc || (size_t)snprintf(tmp, tmplen, "%s/.%s.tmp-XXXXXX", parent, base) >= tmplen) {
		sr_diag_msg(d, "%s: path too long", outdir);
		return -ENAMETOOLONG;
	}
	if (stat(parent, &st) != 0 || !S_ISDIR(st.st_mode)) {
		int e = stat(parent, &st) != 0 ? errno : ENOTDIR;

		sr_diag_msg(d, "%s: parent directory %s: %s", outdir, parent, strerror(e));
		return e == ENOENT || e == ENOTDIR ? -ENOENT : -e;
	}
	if (!mkdtemp(tmp)) {
		rc = -errno;
		sr_diag_msg(d, "%s: cannot create a temporary directory: %s", tmp, strerror(errno));
		return rc;
	}
	chmod(tmp, 0755);
	rc = write_marker(tmp);
	if (rc) {
		sr_diag_msg(d, "%s: cannot write %s: %s", tmp, SR_REPORT_MARKER, strerror(-rc));
		sr_report_dir_remove(tmp);
	}
	return rc;
}

/* Where renameat2() cannot exchange: move the old report aside, the new one in, drop the old. */
static int swap_by_two_renames(const char *tmp, const char *outdir, struct sr_diag *d)
{
	char old[4200];
	int rc;

	snprintf(old, sizeof(old), "%s.old", tmp);
	if (rename(outdir, old) != 0) {
		rc = -errno;
		sr_diag_msg(d, "%s: cannot move the old report aside: %s", outdir, strerror(errno));
		return rc;
	}
	if (rename(tmp, outdir) != 0) {
		rc = -errno;
		sr_diag_msg(d, "%s: cannot rename the report into place: %s", outdir,
			    strerror(errno));
		rename(old, outdir);
		return rc;
	}
	sr_report_dir_remove(old);
	return 0;
}

int sr_report_dir_commit(const char *tmp, const char *outdir, struct sr_diag *d)
{
	int rc;

	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, outdir, RENAME_EXCHANGE) == 0) {
		sr_report_dir_remove(tmp); /* now the old report */
		return 0;
	}
	if (errno == ENOENT) {
		if (rename(tmp, outdir) == 0)
			return 0;
	} else if (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP) {
		return swap_by_two_renames(tmp, outdir, d);
	}
	rc = -errno;
	sr_diag_msg(d, "%s: cannot rename the report into place: %s", outdir, strerror(errno));
	return rc;
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(p);
}

void sr_report_dir_remove(const char *dir) { nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS); }
