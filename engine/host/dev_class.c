// SPDX-License-Identifier: GPL-2.0-only
/*
 * dev_class.c - the device classifier: stat(2) and one walk of sysfs; see dev_class.h.
 */
#include "host/dev_class.h"
#include "common/ssd_str.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fs.h>
#include <linux/major.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* snprintf() that reports truncation: true if the whole string fit. */
__attribute__((format(printf, 3, 4))) static bool fmt(char *buf, size_t len, const char *f, ...)
{
	va_list ap;
	int n;

	va_start(ap, f);
	n = vsnprintf(buf, len, f, ap);
	va_end(ap);
	return n >= 0 && (size_t)n < len;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static bool exists(const char *dir, const char *leaf)
{
	char p[PATH_MAX];

	return fmt(p, sizeof(p), "%s/%s", dir, leaf) && access(p, F_OK) == 0;
}

/* The last component of the target of symlink <@dir>/<@leaf> (a "subsystem" link, say). */
static bool link_base(const char *dir, const char *leaf, char *buf, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	ssize_t n;

	if (!fmt(link, sizeof(link), "%s/%s", dir, leaf))
		return false;
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return false;
	target[n] = '\0';
	return fmt(buf, len, "%s", base_name(target));
}

/* "MAJ:MIN" from <@dir>/dev. */
static bool read_devnum(const char *dir, unsigned int *maj, unsigned int *min)
{
	char p[PATH_MAX];
	FILE *f;
	int n;

	if (!fmt(p, sizeof(p), "%s/dev", dir))
		return false;
	f = fopen(p, "r");
	if (!f)
		return false;
	n = fscanf(f, "%u:%u", maj, min);
	fclose(f);
	return n == 2;
}

/* The first entry of @dir whose name is @prefix followed by a digit; with @prefix "", the
 * first entry that does not start with a dot. */
static bool first_entry(const char *dir, const char *prefix, char *buf, size_t len)
{
	size_t plen = strlen(prefix);
	struct dirent *de;
	bool found = false;
	DIR *d = opendir(dir);

	if (!d)
		return false;
	while (!found && (de = readdir(d))) {
		const char c = de->d_name[plen];

		if (plen ? !strncmp(de->d_name, prefix, plen) && c >= '0' && c <= '9' : c != '.')
			found = fmt(buf, len, "%s", de->d_name);
	}
	closedir(d);
	return found;
}

/* The controller of a namespace whose device directory's parent is @parent: the controller
 * itself ("nvme0"), or with native multipath the subsystem, whose directory lists its
 * controllers; take the first. */
static bool is_ctrl_name(const char *p)
{
	return !strncmp(p, "nvme", 4) && p[4] && strspn(p + 4, "0123456789") == strlen(p + 4);
}

static void nvme_ctrl_of(const char *parent, struct ssd_host_dev *out)
{
	struct dirent *de;
	DIR *d;

	if (is_ctrl_name(base_name(parent))) {
		fmt(out->ctrl, sizeof(out->ctrl), "%s", base_name(parent));
		return;
	}
	if (strncmp(base_name(parent), "nvme-subsys", 11) || !(d = opendir(parent)))
		return;
	while ((de = readdir(d)))
		if (is_ctrl_name(de->d_name)) {
			fmt(out->ctrl, sizeof(out->ctrl), "%s", de->d_name);
			break;
		}
	closedir(d);
}

/* The generic node found in sysfs at @gdir (its "dev" file) becomes out->generic. */
static void set_generic(const char *gdir, const char *devdir, struct ssd_host_dev *out)
{
	unsigned int maj, min;
	char node[PATH_MAX];
	struct stat st;

	if (!read_devnum(gdir, &maj, &min))
		return;
	/* the name must stand in /dev for that very device (a stale node is no node) */
	if (devdir &&
	    (!fmt(node, sizeof(node), "%s/%s", devdir, base_name(gdir)) || stat(node, &st) < 0 ||
	     !S_ISCHR(st.st_mode) || st.st_rdev != makedev(maj, min)))
		return;
	fmt(out->generic, sizeof(out->generic), "/dev/%s", base_name(gdir));
}

static void classify_char(const char *dir, const char *devdir, struct ssd_host_dev *out)
{
	char sub[64], parent[PATH_MAX], p[PATH_MAX];

	if (!link_base(dir, "subsystem", sub, sizeof(sub)))
		return;
	fmt(parent, sizeof(parent), "%s", dir);
	*strrchr(parent, '/') = '\0';
	if (!strcmp(sub, "nvme-generic") && !strncmp(out->name, "ng", 2)) {
		/* ng<A>n<B> and the disk nvme<A>n<B> share their parent */
		out->kind = SSD_HOST_KIND_NVME_NG;
		set_generic(dir, devdir, out);
		if (fmt(p, sizeof(p), "%s/nvme%s", parent, out->name + 2) && exists(p, "dev")) {
			fmt(out->block, sizeof(out->block), "nvme%s", out->name + 2);
			fmt(out->disk, sizeof(out->disk), "%s", out->block);
		}
		nvme_ctrl_of(parent, out);
	} else if (!strcmp(sub, "nvme")) {
		out->kind = SSD_HOST_KIND_NVME_CTRL;
		fmt(out->ctrl, sizeof(out->ctrl), "%s", out->name);
	} else if (!strcmp(sub, "scsi_generic")) {
		out->kind = SSD_HOST_KIND_SCSI_SG;
		set_generic(dir, devdir, out);
		if (fmt(p, sizeof(p), "%s/device/block", dir) &&
		    first_entry(p, "", out->block, sizeof(out->block)))
			fmt(out->disk, sizeof(out->disk), "%s", out->block);
	}
}

static void classify_block(const char *dir, const char *devdir, struct ssd_host_dev *out)
{
	char sub[64], parent[PATH_MAX], p[PATH_MAX], sg[64];

	fmt(parent, sizeof(parent), "%s", dir);
	*strrchr(parent, '/') = '\0';
	fmt(out->block, sizeof(out->block), "%s", out->name);
	if (exists(dir, "partition")) {
		out->partition = true;
		fmt(out->disk, sizeof(out->disk), "%s", base_name(parent));
		return;
	}
	fmt(out->disk, sizeof(out->disk), "%s", out->name);
	if (!link_base(dir, "device/subsystem", sub, sizeof(sub)))
		return;
	if (!strcmp(sub, "nvme") || !strcmp(sub, "nvme-subsystem")) {
		out->kind = SSD_HOST_KIND_NVME_BLK;
		if (!strncmp(out->name, "nvme", 4) &&
		    fmt(p, sizeof(p), "%s/ng%s", parent, out->name + 4))
			set_generic(p, devdir, out);
		nvme_ctrl_of(parent, out);
	} else if (!strcmp(sub, "scsi")) {
		out->kind = SSD_HOST_KIND_SCSI_BLK;
		if (fmt(p, sizeof(p), "%s/device/scsi_generic", dir) &&
		    first_entry(p, "sg", sg, sizeof(sg)) &&
		    fmt(p, sizeof(p), "%s/device/scsi_generic/%s", dir, sg))
			set_generic(p, devdir, out);
	}
}

/*
 * The directory the sysfs device-number link @link (/sys/dev/{block,char}/M:m) names, into @out
 * (PATH_MAX): one readlink(2), the relative target joined to the link's directory lexically.
 * Those links point into /sys/devices, whose directories are real ones (no symlink on the way),
 * so this is what realpath(3) gives without its lstat(2) of every component. Return false if
 * @link is not a symlink.
 */
static bool sysfs_link_dir(const char *link, char *out)
{
	char target[PATH_MAX], joined[PATH_MAX];
	const char *slash = strrchr(link, '/');
	ssize_t n = readlink(link, target, sizeof(target) - 1);
	size_t len = 0;
	char *save = NULL;

	if (n <= 0 || !slash)
		return false;
	target[n] = '\0';
	if (target[0] == '/')
		snprintf(joined, sizeof(joined), "%s", target);
	else if (!fmt(joined, sizeof(joined), "%.*s/%s", (int)(slash - link), link, target))
		return false;
	out[0] = '\0';
	for (char *c = strtok_r(joined, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
		if (!strcmp(c, "."))
			continue;
		if (!strcmp(c, "..")) {
			char *up = strrchr(out, '/');

			len = up ? (size_t)(up - out) : 0;
			out[len] = '\0';
			continue;
		}
		if (len + 1 + strlen(c) >= PATH_MAX)
			return false;
		out[len++] = '/';
		strcpy(out + len, c);
		len += strlen(c);
	}
	return len > 0;
}

void ssd_host_classify_node(const char *sysfs, bool is_block, dev_t rdev, const char *devdir,
			    struct ssd_host_dev *out)
{
	char link[PATH_MAX], dir[PATH_MAX];
	uint64_t sectors;

	memset(out, 0, sizeof(*out));
	out->kind = is_block ? SSD_HOST_KIND_BLK : SSD_HOST_KIND_CHR;
	out->major = major(rdev);
	out->minor = minor(rdev);
	if (!fmt(link, sizeof(link), "%s/dev/%s/%u:%u", sysfs, is_block ? "block" : "char",
		 out->major, out->minor) ||
	    !(sysfs_link_dir(link, dir) || realpath(link, dir)) || !strrchr(dir, '/'))
		return; /* a node sysfs does not know */
	fmt(out->name, sizeof(out->name), "%s", base_name(dir));
	if (is_block)
		classify_block(dir, devdir, out);
	else
		classify_char(dir, devdir, out);
	if (out->block[0] && ssd_host_block_attr_u64(sysfs, out->block, "size", &sectors) == 0 &&
	    sectors <= UINT64_MAX / 512) {
		out->capacity_known = true;
		out->capacity_bytes = sectors * 512;
	}
}

/* "ng<digits>n<digits>": the name Linux gives an NVMe namespace's generic char device. */
/* The end of the run of at least one decimal digit at @p, or NULL when @p has none. */
static const char *digits_end(const char *p)
{
	const char *s = p;

	while (*p >= '0' && *p <= '9')
		p++;
	return p == s ? NULL : p;
}

/* "ng<digits>n<digits>": one pass, no string-library calls (a job's set-up asks once). */
static bool is_ng_name(const char *name)
{
	const char *p = name[0] == 'n' && name[1] == 'g' ? digits_end(name + 2) : NULL;

	p = p && *p == 'n' ? digits_end(p + 1) : NULL;
	return p && !*p;
}

bool ssd_host_classify_quick(const char *path, const struct stat *st, struct ssd_host_dev *out)
{
	enum ssd_host_kind kind;
	const size_t len = S_ISCHR(st->st_mode) ? strlen(path) : sizeof(out->generic);
	const char *name = base_name(path);

	if (len >= sizeof(out->generic))
		return false;
	if (major(st->st_rdev) == SCSI_GENERIC_MAJOR)
		kind = SSD_HOST_KIND_SCSI_SG;
	else if (is_ng_name(name))
		kind = SSD_HOST_KIND_NVME_NG;
	else
		return false;
	memset(out, 0, sizeof(*out));
	out->kind = kind;
	out->major = major(st->st_rdev);
	out->minor = minor(st->st_rdev);
	/* the name is the path's end, shorter than the path (which fits @generic) */
	_Static_assert(sizeof(out->name) >= sizeof(out->generic),
		       "a name fits where its path does");
	memcpy(out->name, name, len - (size_t)(name - path) + 1);
	memcpy(out->generic, path, len + 1);
	return true;
}

void ssd_host_classify(const char *path, struct ssd_host_dev *out)
{
	struct stat st;

	memset(out, 0, sizeof(*out));
	if (stat(path, &st) < 0) {
		out->kind = SSD_HOST_KIND_MISSING;
	} else if (S_ISREG(st.st_mode)) {
		out->kind = SSD_HOST_KIND_FILE;
		out->capacity_known = true;
		out->capacity_bytes = (uint64_t)st.st_size;
	} else if (!S_ISBLK(st.st_mode) && !S_ISCHR(st.st_mode)) {
		out->kind = SSD_HOST_KIND_OTHER;
	} else {
		ssd_host_classify_node("/sys", S_ISBLK(st.st_mode), st.st_rdev, "/dev", out);
	}
}

int ssd_host_read_u64(const char *path, uint64_t *val)
{
	char buf[32];
	ssize_t n;
	char *end;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	errno = 0;
	*val = strtoull(buf, &end, 10);
	return end == buf || errno ? -EINVAL : 0;
}

int ssd_host_block_attr_u64(const char *sysfs, const char *block, const char *attr, uint64_t *val)
{
	char p[PATH_MAX];

	if (!fmt(p, sizeof(p), "%s/class/block/%s/%s", sysfs, block, attr))
		return -ENAMETOOLONG;
	return ssd_host_read_u64(p, val);
}

static const struct {
	const char *id;
	const char *name;
} kinds[] = {
    [SSD_HOST_KIND_MISSING] = {"missing", "a missing file"},
    [SSD_HOST_KIND_FILE] = {"file", "a regular file"},
    [SSD_HOST_KIND_NVME_NG] = {"nvme-ng", "an NVMe namespace generic char device"},
    [SSD_HOST_KIND_NVME_CTRL] = {"nvme-ctrl", "an NVMe controller char device"},
    [SSD_HOST_KIND_NVME_BLK] = {"nvme-blk", "an NVMe namespace block device"},
    [SSD_HOST_KIND_SCSI_SG] = {"scsi-sg", "a SCSI generic (sg) device"},
    [SSD_HOST_KIND_SCSI_BLK] = {"scsi-blk", "a SCSI disk block device"},
    [SSD_HOST_KIND_BLK] = {"blk", "a block device"},
    [SSD_HOST_KIND_CHR] = {"chr", "a character device"},
    [SSD_HOST_KIND_OTHER] = {"other", "neither a drive nor a regular file"},
};

const char *ssd_host_kind_id(enum ssd_host_kind kind)
{
	return (unsigned int)kind < sizeof(kinds) / sizeof(kinds[0]) ? kinds[kind].id : "unknown";
}

const char *ssd_host_kind_name(enum ssd_host_kind kind, bool partition)
{
	if (kind == SSD_HOST_KIND_BLK && partition)
		return "a partition";
	return (unsigned int)kind < sizeof(kinds) / sizeof(kinds[0]) ? kinds[kind].name : "unknown";
}

const char *ssd_host_describe(const char *path, const struct ssd_host_dev *dev, char *buf,
			      size_t len)
{
	char dir[64], sub[64];
	struct stat st;

	if ((dev->kind != SSD_HOST_KIND_CHR && dev->kind != SSD_HOST_KIND_OTHER) ||
	    stat(path, &st) < 0) {
		snprintf(buf, len, "%s", ssd_host_kind_name(dev->kind, dev->partition));
	} else if (S_ISCHR(st.st_mode)) {
		snprintf(dir, sizeof(dir), "/sys/dev/char/%u:%u", major(st.st_rdev),
			 minor(st.st_rdev));
		if (!link_base(dir, "subsystem", sub, sizeof(sub)))
			snprintf(sub, sizeof(sub), "unknown");
		snprintf(buf, len, "a character device %u:%u (%s), not a drive", major(st.st_rdev),
			 minor(st.st_rdev), sub);
	} else {
		snprintf(buf, len, "%s, not a drive",
			 S_ISDIR(st.st_mode)	? "a directory"
			 : S_ISFIFO(st.st_mode) ? "a FIFO"
			 : S_ISSOCK(st.st_mode) ? "a socket"
						: "neither a drive nor a regular file");
	}
	return buf;
}

const char *ssd_host_not_a_drive_hint(const char *path, const struct ssd_host_dev *dev)
{
	struct stat st;

	switch (dev->kind) {
	case SSD_HOST_KIND_NVME_CTRL:
		return "a controller takes no I/O: name one of its namespaces, /dev/nvmeXnY or "
		       "/dev/ngXnY";
	case SSD_HOST_KIND_OTHER:
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			return "name a drive or a regular file (to have fio create its files in "
			       "this "
			       "directory, give it as directory= and leave filename= out)";
		if (stat(path, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
			return "a stream has no offsets to read and write at; name a drive or a "
			       "regular file";
		return "name a drive or a regular file";
	default:
		return "name a drive's block device (/dev/nvme0n1, /dev/sda), NVMe generic node "
		       "(/dev/ng0n1) or SCSI generic node (/dev/sg0), or a regular file";
	}
}

const char *ssd_host_open_errno_hint(int err)
{
	switch (err) {
	case EACCES:
		return "; run fio as root, or give its user read-write access to the node (owner, "
		       "group, mode; a udev rule) and the capability the passthrough needs "
		       "(CAP_SYS_ADMIN for NVMe on Linux before 6.2, CAP_SYS_RAWIO for some SCSI "
		       "commands)";
	case EPERM:
		return "; refused by a security policy, not by the file mode: an LSM (SELinux, "
		       "AppArmor), a seccomp filter, a device cgroup, or a missing capability";
	case EROFS:
		return "; the device is read-only (blockdev --setrw, or the drive's write protect)";
	default:
		return "";
	}
}

const char *ssd_host_open_errno_hint_file(const char *path, int err)
{
	int saved = errno, flags = 0, fd;
	struct stat st;

	if (err != EPERM || stat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
		errno = saved;
		return ssd_host_open_errno_hint(err);
	}
	/* a file that refuses writing still opens for reading, which FS_IOC_GETFLAGS needs */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0) {
		if (ioctl(fd, FS_IOC_GETFLAGS, &flags) < 0)
			flags = 0;
		close(fd);
	}
	errno = saved;
	if (flags & FS_IMMUTABLE_FL)
		return "; the file is immutable (chattr -i)";
	if (flags & FS_APPEND_FL)
		return "; the file is append-only (chattr -a)";
	return ssd_host_open_errno_hint(err);
}
