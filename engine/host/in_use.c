// SPDX-License-Identifier: GPL-2.0-only
/*
 * in_use.c - mounts, swap areas and holders of a drive's block devices; see in_use.h.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "host/in_use.h"

static int read_dev(const char *path, unsigned int *major, unsigned int *minor)
{
	FILE *f = fopen(path, "r");
	int r;

	if (!f)
		return -errno;
	r = fscanf(f, "%u:%u", major, minor) == 2 ? 0 : -EINVAL;
	fclose(f);
	return r;
}

/* Copy @name into @d->name; false when it does not fit. */
static bool set_name(struct ssd_host_blockdev *d, const char *name)
{
	if (strlen(name) >= sizeof(d->name))
		return false;
	memcpy(d->name, name, strlen(name) + 1);
	return true;
}

int ssd_host_disk_blockdevs(const char *sysfs, const char *disk, struct ssd_host_blockdev *out,
			    unsigned int max, char *err, size_t errlen)
{
	char dir[512], path[1024];
	struct dirent *de;
	unsigned int n = 0;
	DIR *d;
	int r;

	snprintf(dir, sizeof(dir), "%s/class/block/%s", sysfs, disk);
	snprintf(path, sizeof(path), "%s/dev", dir);
	if (max == 0)
		return -ENOSPC;
	r = read_dev(path, &out[0].major, &out[0].minor);
	if (r < 0) {
		snprintf(err, errlen, "%s: cannot read the device number of block device %s: %s",
			 path, disk, strerror(-r));
		return r;
	}
	if (!set_name(&out[0], disk))
		return -ENAMETOOLONG;
	n = 1;
	d = opendir(dir);
	if (!d)
		return (int)n;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/partition", dir, de->d_name);
		if (access(path, F_OK))
			continue;
		if (n == max) {
			snprintf(err, errlen, "%s: more than %u partitions", disk, max - 1);
			closedir(d);
			return -ENOSPC;
		}
		snprintf(path, sizeof(path), "%s/%s/dev", dir, de->d_name);
		if (read_dev(path, &out[n].major, &out[n].minor) < 0 ||
		    !set_name(&out[n], de->d_name))
			continue;
		n++;
	}
	closedir(d);
	return (int)n;
}

int ssd_host_blockdevs_of(const char *sysfs, const struct ssd_host_dev *dev,
			  struct ssd_host_blockdev *out, unsigned int max, char *err, size_t errlen)
{
	int r;

	if (dev->partition) {
		if (!max || !set_name(out, dev->block))
			return -ENOSPC;
		out->major = dev->major;
		out->minor = dev->minor;
		return 1;
	}
	if (!dev->disk[0])
		return 0;
	r = ssd_host_disk_blockdevs(sysfs, dev->disk, out, max, err, errlen);
	return r == -ENOENT ? 0 : r; /* gone from sysfs meanwhile: nothing of ours behind it */
}

/* Where the uses found so far go: the first @max are kept, all are counted. */
struct use_list {
	const struct ssd_host_blockdev *devs;
	unsigned int n;
	struct ssd_host_use *uses;
	unsigned int max, found;
	bool header_seen; /* /proc/swaps: its first line is a header */
};

static void add_use(struct use_list *l, enum ssd_host_use_kind kind, const char *dev,
		    const char *target, const char *fstype)
{
	if (l->found < l->max) {
		struct ssd_host_use *u = &l->uses[l->found];

		memset(u, 0, sizeof(*u));
		u->kind = kind;
		snprintf(u->dev, sizeof(u->dev), "%s", dev);
		snprintf(u->target, sizeof(u->target), "%s", target ? target : "");
		snprintf(u->fstype, sizeof(u->fstype), "%s", fstype ? fstype : "");
	}
	l->found++;
}

/* The next whitespace-separated field of *p, NUL-terminated in place. */
static char *field(char **p)
{
	char *s = *p, *e;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return NULL;
	e = s + strcspn(s, " \t");
	if (*e)
		*e++ = '\0';
	*p = e;
	return s;
}

static const struct ssd_host_blockdev *by_path(const char *path,
					       const struct ssd_host_blockdev *devs, unsigned int n)
{
	if (strncmp(path, "/dev/", 5))
		return NULL;
	for (unsigned int i = 0; i < n; i++)
		if (!strcmp(path + 5, devs[i].name))
			return &devs[i];
	return NULL;
}

/*
 * One mountinfo line: "36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw".
 * Return: the device of @devs it mounts, or NULL.
 */
static const struct ssd_host_blockdev *mount_line_dev(char *line,
						      const struct ssd_host_blockdev *devs,
						      unsigned int n, char **mnt, char **fstype)
{
	char *p = line, *devno, *f, *source = NULL;
	unsigned int major, minor;

	*fstype = NULL;
	if (!field(&p) || !field(&p) || !(devno = field(&p)) || !field(&p) || !(*mnt = field(&p)))
		return NULL;
	while ((f = field(&p)))
		if (!strcmp(f, "-")) {
			*fstype = field(&p);
			source = *fstype ? field(&p) : NULL;
			break;
		}
	if (sscanf(devno, "%u:%u", &major, &minor) == 2)
		for (unsigned int i = 0; i < n; i++)
			if (devs[i].major == major && devs[i].minor == minor)
				return &devs[i];
	return source ? by_path(source, devs, n) : NULL;
}

/* Call @fn on each line of @text (a private copy). Return 0 or -ENOMEM. */
static int each_line(const char *text, void (*fn)(char *line, struct use_list *l),
		     struct use_list *l)
{
	char *copy = strdup(text), *save = NULL, *line;

	if (!copy)
		return -ENOMEM;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		fn(line, l);
	free(copy);
	return 0;
}

static void mount_line(char *line, struct use_list *l)
{
	char *mnt, *fstype;
	const struct ssd_host_blockdev *d = mount_line_dev(line, l->devs, l->n, &mnt, &fstype);

	if (d)
		add_use(l, SSD_HOST_USE_MOUNTED, d->name, mnt, fstype ? fstype : "?");
}

static void swap_line(char *line, struct use_list *l)
{
	char *p = line, *name;
	const struct ssd_host_blockdev *d;

	if (!l->header_seen) { /* "Filename Type Size Used Priority" */
		l->header_seen = true;
		return;
	}
	name = field(&p);
	d = name ? by_path(name, l->devs, l->n) : NULL;
	if (d)
		add_use(l, SSD_HOST_USE_SWAP, d->name, NULL, NULL);
}

int ssd_host_mounts_in(const char *mountinfo, const struct ssd_host_blockdev *devs, unsigned int n,
		       struct ssd_host_use *uses, unsigned int max)
{
	struct use_list l = {.devs = devs, .n = n, .uses = uses, .max = max};
	int r = each_line(mountinfo, mount_line, &l);

	return r < 0 ? r : (int)l.found;
}

int ssd_host_swaps_in(const char *swaps, const struct ssd_host_blockdev *devs, unsigned int n,
		      struct ssd_host_use *uses, unsigned int max)
{
	struct use_list l = {.devs = devs, .n = n, .uses = uses, .max = max};
	int r = each_line(swaps, swap_line, &l);

	return r < 0 ? r : (int)l.found;
}

int ssd_host_holders_in(const char *sysfs, const struct ssd_host_blockdev *devs, unsigned int n,
			struct ssd_host_use *uses, unsigned int max)
{
	struct use_list l = {.devs = devs, .n = n, .uses = uses, .max = max};

	for (unsigned int i = 0; i < n; i++) {
		char dir[512];
		struct dirent *de;
		DIR *d;

		snprintf(dir, sizeof(dir), "%s/class/block/%s/holders", sysfs, devs[i].name);
		d = opendir(dir);
		if (!d)
			continue;
		while ((de = readdir(d)))
			if (de->d_name[0] != '.')
				add_use(&l, SSD_HOST_USE_HELD, devs[i].name, de->d_name, NULL);
		closedir(d);
	}
	return (int)l.found;
}

/* The text of a /proc file (they report size 0, so read to the end), or NULL with errno. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;

	if (!f)
		return NULL;
	if (getdelim(&buf, &len, '\0', f) < 0) {
		free(buf);
		buf = strdup("");
	}
	fclose(f);
	return buf;
}

/* @r uses found by one reader: how many of @max slots they took (negative: an error). */
static unsigned int taken(int r, unsigned int max)
{
	return r <= 0 ? 0 : (unsigned int)r < max ? (unsigned int)r : max;
}

int ssd_host_uses(const char *sysfs, const char *proc, const struct ssd_host_blockdev *devs,
		  unsigned int n, struct ssd_host_use *uses, unsigned int max, char *err,
		  size_t errlen)
{
	char path[PATH_MAX], *mi, *sw;
	int found = 0, r;

	snprintf(path, sizeof(path), "%s/self/mountinfo", proc);
	mi = slurp(path);
	if (!mi) {
		r = -errno;
		snprintf(err, errlen, "%s: %s: cannot check for mounts", path, strerror(errno));
		return r < 0 ? r : -EIO;
	}
	snprintf(path, sizeof(path), "%s/swaps", proc);
	sw = slurp(path); /* no /proc/swaps: a kernel without swap */
	r = ssd_host_mounts_in(mi, devs, n, uses, max);
	if (r >= 0) {
		found += r;
		r = sw ? ssd_host_swaps_in(sw, devs, n, uses + taken(found, max),
					   max - taken(found, max))
		       : 0;
	}
	if (r >= 0) {
		found += r;
		r = ssd_host_holders_in(sysfs, devs, n, uses + taken(found, max),
					max - taken(found, max));
	}
	free(mi);
	free(sw);
	if (r < 0) {
		snprintf(err, errlen, "%s", strerror(-r));
		return r;
	}
	return found + r;
}

void ssd_host_use_refusal(const struct ssd_host_use *use, const char *purpose, char *buf,
			  size_t len)
{
	switch (use->kind) {
	case SSD_HOST_USE_MOUNTED:
		snprintf(buf, len, "%s is mounted on %s (%s): unmount it %s", use->dev, use->target,
			 use->fstype, purpose);
		break;
	case SSD_HOST_USE_SWAP:
		snprintf(buf, len, "%s is an active swap area: swapoff it %s", use->dev, purpose);
		break;
	case SSD_HOST_USE_HELD:
		snprintf(buf, len,
			 "%s is held by %s (device mapper, md RAID or bcache): stop that device %s",
			 use->dev, use->target, purpose);
		break;
	}
}

int ssd_host_check_unused(const char *sysfs, const char *proc, const struct ssd_host_blockdev *devs,
			  unsigned int n, const char *purpose, char *err, size_t errlen)
{
	struct ssd_host_use first;
	int r = ssd_host_uses(sysfs, proc, devs, n, &first, 1, err, errlen);

	if (r <= 0)
		return r;
	ssd_host_use_refusal(&first, purpose, err, errlen);
	return -EBUSY;
}

int ssd_host_check_path_unused(const char *path, const char *purpose, char *err, size_t errlen)
{
	struct ssd_host_blockdev devs[SSD_HOST_MAX_BLOCKDEVS];
	struct ssd_host_dev dev;
	char msg[384];
	int n, r;

	ssd_host_classify(path, &dev);
	n = ssd_host_blockdevs_of("/sys", &dev, devs, SSD_HOST_MAX_BLOCKDEVS, msg, sizeof(msg));
	if (n > 0)
		r = ssd_host_check_unused("/sys", "/proc", devs, (unsigned int)n, purpose, msg,
					  sizeof(msg));
	else
		r = n;
	if (r < 0)
		snprintf(err, errlen, "%s: %s", path, msg);
	return r;
}
