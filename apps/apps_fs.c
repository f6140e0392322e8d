// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_fs.c - the filesystem the servers run on: mkfs.xfs (or mkfs.ext4) on the drive, mount(8)
 * with the options asked for, the options in effect read back from /proc/self/mountinfo, and an
 * unmount that waits for the last server's files to close.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "apps.h"
#include "record/layout.h"

int apps_fs_choose(const char *want, struct apps_fs *fs, char *err, size_t errlen)
{
	const char *t = want;

	if (!strcmp(want, "auto"))
		t = apps_which("mkfs.xfs") ? "xfs" : "ext4";
	snprintf(fs->type, sizeof(fs->type), "%s", t);
	if (!strcmp(t, "xfs") ? !apps_which("mkfs.xfs") : !apps_which("mkfs.ext4")) {
		snprintf(err, errlen, "mkfs.%s not found (Debian package %s)", t,
			 !strcmp(t, "xfs") ? "xfsprogs" : "e2fsprogs");
		return -ENOENT;
	}
	return 0;
}

/*
 * mountinfo(5) line of @mnt: field 6 the per-mount options, after " - " the type, the source
 * and the superblock options
 */
static int read_options(struct apps_fs *fs)
{
	char *text, *line, *nl, *sep, *f[6], *save;
	size_t ml = strlen(fs->mnt);
	int i, r;

	r = apps_read_file("/proc/self/mountinfo", &text, NULL);
	if (r)
		return r;
	r = -ENOENT;
	for (line = text; line && *line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		sep = strstr(line, " - ");
		if (!sep)
			continue;
		*sep = '\0';
		f[0] = strtok_r(line, " ", &save);
		for (i = 1; i < 6 && f[i - 1]; i++)
			f[i] = strtok_r(NULL, " ", &save);
		if (i < 6 || !f[5] || strncmp(f[4], fs->mnt, ml) || f[4][ml])
			continue;
		snprintf(fs->mount_opts, sizeof(fs->mount_opts), "%s", f[5]);
		/* "xfs /dev/nvme0n1 rw,attr2,…": the third word */
		f[0] = strtok_r(sep + 3, " ", &save);
		f[1] = f[0] ? strtok_r(NULL, " ", &save) : NULL;
		f[2] = f[1] ? strtok_r(NULL, " ", &save) : NULL;
		snprintf(fs->super_opts, sizeof(fs->super_opts), "%s", f[2] ? f[2] : "");
		r = 0;
	}
	free(text);
	return r;
}

int apps_fs_make(struct apps_fs *fs, const char *blk, const char *mount_opts, const char *logdir,
		 char *err, size_t errlen)
{
	char log[600], tmpl[] = "/tmp/ssd-apps.XXXXXX", msg[1024];
	struct statvfs sv;
	int r;
	/* ext4 initialised in full now, so no background inode-table writes during the run */
	char *xfs[] = {"mkfs.xfs", "-f", "-q", (char *)blk, NULL};
	char *ext4[] = {"mkfs.ext4", "-F", "-q", "-E", "lazy_itable_init=0,lazy_journal_init=0",
			(char *)blk, NULL};
	char **mkfs = !strcmp(fs->type, "xfs") ? xfs : ext4;
	char *mnt_argv[] = {"mount",	 "-t",	  fs->type, "-o", (char *)mount_opts,
			    (char *)blk, fs->mnt, NULL};
	int i;

	rec_path_apps_file(log, sizeof(log), logdir, REC_APPS_MKFS_LOG);
	fs->mkfs_cmd[0] = '\0';
	for (i = 0; mkfs[i]; i++)
		snprintf(fs->mkfs_cmd + strlen(fs->mkfs_cmd),
			 sizeof(fs->mkfs_cmd) - strlen(fs->mkfs_cmd), "%s%s", i ? " " : "",
			 mkfs[i]);
	r = apps_run_cmd(mkfs, log, 3600, msg, sizeof(msg));
	if (r) {
		snprintf(err, errlen, "making the filesystem on %s failed: %s", blk, msg);
		return r;
	}
	if (!fs->mnt[0]) {
		if (!mkdtemp(tmpl)) {
			snprintf(err, errlen, "cannot create a mount point under /tmp: %s",
				 strerror(errno));
			return -errno;
		}
		snprintf(fs->mnt, sizeof(fs->mnt), "%s", tmpl);
		fs->made_mnt = true;
	} else if (mkdir(fs->mnt, 0755) == 0) {
		fs->made_mnt = true;
	} else if (errno != EEXIST) {
		snprintf(err, errlen, "cannot create the mount point %s: %s", fs->mnt,
			 strerror(errno));
		return -errno;
	}
	rec_path_apps_file(log, sizeof(log), logdir, REC_APPS_MOUNT_LOG);
	r = apps_run_cmd(mnt_argv, log, 600, msg, sizeof(msg));
	if (r) {
		snprintf(err, errlen, "mounting %s (%s) on %s failed: %s%s", blk, fs->type, fs->mnt,
			 msg,
			 strstr(msg, "unknown filesystem type")
			     ? " (the kernel lacks the module: modprobe it first)"
			     : "");
		return r;
	}
	fs->mounted = true;
	if (read_options(fs)) {
		snprintf(err, errlen, "%s is not in /proc/self/mountinfo after mounting", fs->mnt);
		return -ENOENT;
	}
	if (statvfs(fs->mnt, &sv) == 0) {
		fs->size = (uint64_t)sv.f_blocks * sv.f_frsize;
		fs->avail = (uint64_t)sv.f_bavail * sv.f_frsize;
	}
	return 0;
}

int apps_fs_unmount(struct apps_fs *fs, char *err, size_t errlen)
{
	double end = apps_now() + 30;
	int r = 0;

	while (fs->mounted) {
		sync();
		if (umount2(fs->mnt, 0) == 0 || errno == EINVAL || errno == ENOENT) {
			fs->mounted = false;
			break;
		}
		r = -errno;
		if (r != -EBUSY || apps_now() > end) {
			snprintf(err, errlen,
				 "%s is still mounted on %s: umount: %s (a process still uses it: "
				 "fuser -vm %s)",
				 fs->type, fs->mnt, strerror(-r), fs->mnt);
			return r;
		}
		usleep(200000);
	}
	if (fs->made_mnt && rmdir(fs->mnt) == 0)
		fs->made_mnt = false;
	return 0;
}
