// SPDX-License-Identifier: GPL-2.0-only
/* report_dir.c - the report's temporary directory and its atomic swap into place; see report_dir.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
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

/*
 * The temporary directory being written (one report at a time per process), for the signal
 * handler; its descriptor holds an exclusive flock() for as long as this process may write it,
 * so a later run tells a live report's directory from a dead one's (the kernel drops the lock of
 * a killed process).
 */
static char pending[4200];
static volatile sig_atomic_t have_pending;
static int pending_fd = -1;

/* Remove @name under the directory @parent with async-signal-safe calls only (no malloc, no
 * stdio): getdents64() into a buffer on the stack, unlinkat(); @depth bounds the recursion. */
static void remove_at(int parent, const char *name, int depth)
{
	char buf[2048];
	bool more = true;
	int fd;

	if (unlinkat(parent, name, 0) == 0 || depth > 8)
		return;
	fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	for (int pass = 0; more && pass < 4; pass++) { /* entries removed while listed: again */
		ssize_t n;

		more = false;
		lseek(fd, 0, SEEK_SET);
		while ((n = getdents64(fd, buf, sizeof(buf))) > 0)
			for (ssize_t off = 0; off < n;) {
				struct dirent64 *e = (struct dirent64 *)(buf + off);

				off += e->d_reclen;
				if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
					continue;
				more = true;
				if (unlinkat(fd, e->d_name, 0) != 0)
					remove_at(fd, e->d_name, depth + 1);
			}
	}
	close(fd);
	unlinkat(parent, name, AT_REMOVEDIR);
}

void sr_report_dir_abandon(void)
{
	if (have_pending) {
		have_pending = 0;
		remove_at(AT_FDCWD, pending, 0);
	}
}

static void on_signal(int sig)
{
	sr_report_dir_abandon();
	signal(sig, SIG_DFL);
	raise(sig);
}

void sr_report_dir_trap_signals(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa = {.sa_handler = on_signal}, old;

		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue; /* ignored by whoever started us (nohup, a background job) */
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

static void pending_set(const char *tmp)
{
	snprintf(pending, sizeof(pending), "%s", tmp);
	pending_fd = open(tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (pending_fd >= 0)
		flock(pending_fd, LOCK_EX);
	have_pending = 1;
}

static void pending_clear(void)
{
	have_pending = 0;
	if (pending_fd >= 0)
		close(pending_fd);
	pending_fd = -1;
}

/* @name in @parent is a temporary directory of report @base: ".<base>.tmp-XXXXXX", or that with
 * ".old" (the replaced report while two renames swap them). */
static bool tmp_of(const char *name, const char *base)
{
	size_t bl = strlen(base), n = strlen(name);

	if (n < bl + 12 || name[0] != '.' || strncmp(name + 1, base, bl) ||
	    strncmp(name + 1 + bl, ".tmp-", 5))
		return false;
	n -= bl + 6;
	return n == 6 || (n == 10 && !strcmp(name + bl + 12, ".old"));
}

/* A temporary directory nobody holds (its report was killed): its lock is free. */
static bool stale(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	bool yes;

	if (fd < 0)
		return false;
	yes = flock(fd, LOCK_EX | LOCK_NB) == 0;
	close(fd);
	return yes;
}

/* Remove the temporary directories of @base in @parent that interrupted reports left. */
static void remove_stale(const char *parent, const char *base, struct sr_diag *d)
{
	DIR *dp = opendir(parent);
	struct dirent *e;
	char p[4400];

	while (dp && (e = readdir(dp))) {
		if (!tmp_of(e->d_name, base) ||
		    (size_t)snprintf(p, sizeof(p), "%s/%s", parent, e->d_name) >= sizeof(p) ||
		    !stale(p))
			continue;
		sr_report_dir_remove(p);
		if (d->stream)
			fprintf(d->stream,
				"ssdreport: removed %s, the temporary directory of an interrupted "
				"report\n",
				p);
	}
	if (dp)
		closedir(dp);
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
	remove_stale(parent, base, d);
	if (!mkdtemp(tmp)) {
		rc = -errno;
		sr_diag_msg(d, "%s: cannot create a temporary directory: %s", tmp, strerror(errno));
		return rc;
	}
	pending_set(tmp);
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

/* The swap itself, with the signals that remove the temporary directory held off. */
static int swap(const char *tmp, const char *outdir, struct sr_diag *d)
{
	int rc;

	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, outdir, RENAME_EXCHANGE) == 0) {
		pending_clear();
		sr_report_dir_remove(tmp); /* now the old report */
		return 0;
	}
	if (errno == ENOENT) {
		if (rename(tmp, outdir) == 0) {
			pending_clear();
			return 0;
		}
	} else if (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP) {
		rc = swap_by_two_renames(tmp, outdir, d);
		if (!rc)
			pending_clear();
		return rc;
	}
	rc = -errno;
	sr_diag_msg(d, "%s: cannot rename the report into place: %s", outdir, strerror(errno));
	return rc;
}

int sr_report_dir_commit(const char *tmp, const char *outdir, struct sr_diag *d)
{
	sigset_t block, old;
	int rc;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &old);
	rc = swap(tmp, outdir, d);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(p);
}

void sr_report_dir_remove(const char *dir)
{
	if (have_pending && !strcmp(dir, pending))
		pending_clear();
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}
