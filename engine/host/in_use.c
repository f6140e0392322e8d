// SPDX-License-Identifier: GPL-2.0-only
/*
 * in_use.c - safety checks before a drive is erased.
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

#include "host/nvme_node.h"
#include "host/in_use.h"

#define PURGE_PURPOSE "before a purge"

static const struct {
	const char *name;
	const char *desc;
} methods[SSD_PURGE_NMETHODS] = {
    [SSD_PURGE_FORMAT] = {"format", "NVMe Format NVM with Secure Erase Settings"},
    [SSD_PURGE_SANITIZE_BLOCK] = {"sanitize-block", "Sanitize, block erase"},
    [SSD_PURGE_SANITIZE_CRYPTO] = {"sanitize-crypto", "Sanitize, cryptographic erase"},
    [SSD_PURGE_SANITIZE_OVERWRITE] = {"sanitize-overwrite", "Sanitize, overwrite"},
    [SSD_PURGE_FORMAT_UNIT] = {"format-unit", "SCSI FORMAT UNIT"},
};

int ssd_purge_method_parse(const char *name, enum ssd_purge_method *out)
{
	for (int m = 0; m < SSD_PURGE_NMETHODS; m++)
		if (name && !strcmp(name, methods[m].name)) {
			*out = (enum ssd_purge_method)m;
			return 0;
		}
	return -EINVAL;
}

const char *ssd_purge_method_name(enum ssd_purge_method m)
{
	return (unsigned int)m < SSD_PURGE_NMETHODS ? methods[m].name : "?";
}

const char *ssd_purge_method_desc(enum ssd_purge_method m)
{
	return (unsigned int)m < SSD_PURGE_NMETHODS ? methods[m].desc : "?";
}

void ssd_purge_methods_list(unsigned int mask, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int m = 0; m < SSD_PURGE_NMETHODS && o < len; m++)
		if (mask & SSD_PURGE_BIT(m))
			o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "",
					      methods[m].name);
	if (o == 0)
		snprintf(buf, len, "none");
}

unsigned int ssd_purge_nvme_methods(const struct ssd_nvme_identity *id)
{
	unsigned int mask = 0;

	if (id->oacs & NVME_CTRL_OACS_FORMAT)
		mask |= SSD_PURGE_BIT(SSD_PURGE_FORMAT);
	if (id->sanicap & NVME_CTRL_SANICAP_BES)
		mask |= SSD_PURGE_BIT(SSD_PURGE_SANITIZE_BLOCK);
	if (id->sanicap & NVME_CTRL_SANICAP_CES)
		mask |= SSD_PURGE_BIT(SSD_PURGE_SANITIZE_CRYPTO);
	if (id->sanicap & NVME_CTRL_SANICAP_OWS)
		mask |= SSD_PURGE_BIT(SSD_PURGE_SANITIZE_OVERWRITE);
	return mask;
}

unsigned int ssd_purge_scsi_methods(int format_unit, int block, int crypto, int overwrite)
{
	unsigned int mask = 0;

	if (format_unit != 0)
		mask |= SSD_PURGE_BIT(SSD_PURGE_FORMAT_UNIT);
	if (block > 0)
		mask |= SSD_PURGE_BIT(SSD_PURGE_SANITIZE_BLOCK);
	if (crypto > 0)
		mask |= SSD_PURGE_BIT(SSD_PURGE_SANITIZE_CRYPTO);
	if (overwrite > 0)
		mask |= SSD_PURGE_BIT(SSD_PURGE_SANITIZE_OVERWRITE);
	return mask;
}

int ssd_purge_check_method(unsigned int supported, enum ssd_purge_method m, char *err,
			   size_t errlen)
{
	char list[128];

	if (supported & SSD_PURGE_BIT(m))
		return 0;
	ssd_purge_methods_list(supported, list, sizeof(list));
	snprintf(err, errlen, "the drive does not support --method %s (%s); supported methods: %s",
		 ssd_purge_method_name(m), ssd_purge_method_desc(m), list);
	return -EOPNOTSUPP;
}

/* [*s, *e) without leading and trailing spaces */
static void trim(const char **s, const char **e)
{
	while (*s < *e && **s == ' ')
		(*s)++;
	while (*e > *s && (*e)[-1] == ' ')
		(*e)--;
}

int ssd_purge_check_serial(const char *serial, const char *confirm, char *err, size_t errlen)
{
	const char *a = serial, *ae = serial + strlen(serial), *b, *be;

	trim(&a, &ae);
	if (a == ae) {
		snprintf(err, errlen,
			 "the drive reports no serial number, so --confirm cannot "
			 "name it; refusing to erase");
		return -ENODATA;
	}
	if (!confirm) {
		snprintf(err, errlen,
			 "--confirm SERIAL is required: repeat the drive's serial "
			 "number (%.*s) to erase it",
			 (int)(ae - a), a);
		return -EINVAL;
	}
	b = confirm;
	be = confirm + strlen(confirm);
	trim(&b, &be);
	if (ae - a != be - b || memcmp(a, b, (size_t)(ae - a))) {
		snprintf(err, errlen,
			 "--confirm '%.*s' does not match the drive's serial number "
			 "'%.*s'; refusing to erase",
			 (int)(be - b), b, (int)(ae - a), a);
		return -EPERM;
	}
	return 0;
}

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

int ssd_purge_collect_disk(const char *sysfs, const char *disk, struct ssd_blockdev *out,
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
	if (strlen(disk) >= sizeof(out[0].name))
		return -ENAMETOOLONG;
	memcpy(out[0].name, disk, strlen(disk) + 1);
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
		if (read_dev(path, &out[n].major, &out[n].minor) < 0)
			continue;
		if (strlen(de->d_name) >= sizeof(out[n].name))
			continue;
		memcpy(out[n].name, de->d_name, strlen(de->d_name) + 1);
		n++;
	}
	closedir(d);
	return (int)n;
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

static const struct ssd_blockdev *by_path(const char *path, const struct ssd_blockdev *devs,
					  unsigned int n)
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
static const struct ssd_blockdev *mount_line_dev(char *line, const struct ssd_blockdev *devs,
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

/* Call @fn on each line of @text (a private copy); stop at the first non-zero return. */
static int each_line(const char *text, int (*fn)(char *line, void *arg), void *arg)
{
	char *copy = strdup(text), *save = NULL, *line;
	int r = 0;

	if (!copy)
		return -ENOMEM;
	for (line = strtok_r(copy, "\n", &save); line && !r; line = strtok_r(NULL, "\n", &save))
		r = fn(line, arg);
	free(copy);
	return r;
}

struct check_ctx {
	const struct ssd_blockdev *devs;
	unsigned int n;
	char *err;
	size_t errlen;
	bool header_seen;
	const char *purpose; /* "before a purge": ends each message */
};

static int mount_line(char *line, void *arg)
{
	struct check_ctx *c = arg;
	char *mnt, *fstype;
	const struct ssd_blockdev *d = mount_line_dev(line, c->devs, c->n, &mnt, &fstype);

	if (!d)
		return 0;
	snprintf(c->err, c->errlen, "%s is mounted on %s (%s): unmount it %s", d->name, mnt,
		 fstype ? fstype : "?", c->purpose);
	return -EBUSY;
}

static int check_mounts(const char *mountinfo, const struct ssd_blockdev *devs, unsigned int n,
			const char *purpose, char *err, size_t errlen)
{
	struct check_ctx c = {devs, n, err, errlen, false, purpose};

	return each_line(mountinfo, mount_line, &c);
}

int ssd_purge_check_mounts(const char *mountinfo, const struct ssd_blockdev *devs, unsigned int n,
			   char *err, size_t errlen)
{
	return check_mounts(mountinfo, devs, n, PURGE_PURPOSE, err, errlen);
}

static int swap_line(char *line, void *arg)
{
	struct check_ctx *c = arg;
	char *p = line, *name;
	const struct ssd_blockdev *d;

	if (!c->header_seen) { /* "Filename Type Size Used Priority" */
		c->header_seen = true;
		return 0;
	}
	name = field(&p);
	d = name ? by_path(name, c->devs, c->n) : NULL;
	if (!d)
		return 0;
	snprintf(c->err, c->errlen, "%s is an active swap area: swapoff it %s", d->name,
		 c->purpose);
	return -EBUSY;
}

static int check_swaps(const char *swaps, const struct ssd_blockdev *devs, unsigned int n,
		       const char *purpose, char *err, size_t errlen)
{
	struct check_ctx c = {devs, n, err, errlen, false, purpose};

	return each_line(swaps, swap_line, &c);
}

int ssd_purge_check_swaps(const char *swaps, const struct ssd_blockdev *devs, unsigned int n,
			  char *err, size_t errlen)
{
	return check_swaps(swaps, devs, n, PURGE_PURPOSE, err, errlen);
}

static int check_holders(const char *sysfs, const struct ssd_blockdev *devs, unsigned int n,
			 const char *purpose, char *err, size_t errlen)
{
	for (unsigned int i = 0; i < n; i++) {
		char dir[512];
		struct dirent *de;
		DIR *d;

		snprintf(dir, sizeof(dir), "%s/class/block/%s/holders", sysfs, devs[i].name);
		d = opendir(dir);
		if (!d)
			continue;
		while ((de = readdir(d)))
			if (de->d_name[0] != '.') {
				snprintf(err, errlen,
					 "%s is held by %s (device mapper, md RAID or bcache): "
					 "stop that device %s",
					 devs[i].name, de->d_name, purpose);
				closedir(d);
				return -EBUSY;
			}
		closedir(d);
	}
	return 0;
}

int ssd_purge_check_holders(const char *sysfs, const struct ssd_blockdev *devs, unsigned int n,
			    char *err, size_t errlen)
{
	return check_holders(sysfs, devs, n, PURGE_PURPOSE, err, errlen);
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

int ssd_blockdevs_check_unused(const char *sysfs, const char *proc, const struct ssd_blockdev *devs,
			       unsigned int n, const char *purpose, char *err, size_t errlen)
{
	char path[PATH_MAX], *mi, *sw;
	int r;

	snprintf(path, sizeof(path), "%s/self/mountinfo", proc);
	mi = slurp(path);
	if (!mi) {
		r = -errno;
		snprintf(err, errlen, "%s: %s: cannot check for mounts", path, strerror(errno));
		return r < 0 ? r : -EIO;
	}
	snprintf(path, sizeof(path), "%s/swaps", proc);
	sw = slurp(path); /* no /proc/swaps: a kernel without swap */
	r = check_mounts(mi, devs, n, purpose, err, errlen);
	if (!r && sw)
		r = check_swaps(sw, devs, n, purpose, err, errlen);
	if (!r)
		r = check_holders(sysfs, devs, n, purpose, err, errlen);
	free(mi);
	free(sw);
	return r;
}

/* The kernel name of the disk behind SCSI char device directory @dir (sg: device/block/X). */
static bool scsi_disk_of(const char *dir, char *disk, size_t len)
{
	char p[PATH_MAX];
	struct dirent *de;
	bool found = false;
	DIR *d;

	if (snprintf(p, sizeof(p), "%s/device/block", dir) >= (int)sizeof(p))
		return false;
	d = opendir(p);
	if (!d)
		return false;
	while ((de = readdir(d)) && !found)
		if (de->d_name[0] != '.' && strlen(de->d_name) < len) {
			memcpy(disk, de->d_name, strlen(de->d_name) + 1);
			found = true;
		}
	closedir(d);
	return found;
}

int ssd_blockdevs_of_node(const char *sysfs, bool is_block, dev_t rdev, struct ssd_blockdev *out,
			  unsigned int max, char *err, size_t errlen)
{
	char link[PATH_MAX], dir[PATH_MAX], disk[64], part[PATH_MAX];
	struct ssd_host_nvme_node node;
	const char *name;
	int r;

	snprintf(link, sizeof(link), "%s/dev/%s/%u:%u", sysfs, is_block ? "block" : "char",
		 major(rdev), minor(rdev));
	if (!realpath(link, dir))
		return 0; /* not a device sysfs knows: nothing of ours is behind it */
	name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
	if (is_block) {
		if (snprintf(part, sizeof(part), "%s/partition", dir) < (int)sizeof(part) &&
		    access(part, F_OK) == 0) {
			if (!max || strlen(name) >= sizeof(out->name))
				return -ENOSPC;
			memcpy(out->name, name, strlen(name) + 1);
			out->major = major(rdev);
			out->minor = minor(rdev);
			return 1;
		}
		if (strlen(name) >= sizeof(disk))
			return 0;
		memcpy(disk, name, strlen(name) + 1);
	} else if (ssd_host_nvme_classify(sysfs, false, rdev, &node, err, errlen) == 1) {
		snprintf(disk, sizeof(disk), "%s", node.disk_name);
	} else if (!scsi_disk_of(dir, disk, sizeof(disk))) {
		return 0;
	}
	r = ssd_purge_collect_disk(sysfs, disk, out, max, err, errlen);
	return r == -ENOENT ? 0 : r; /* a namespace with no block device (extended LBA) */
}

int ssd_dev_check_unused(const char *path, const char *purpose, char *err, size_t errlen)
{
	struct ssd_blockdev devs[SSD_MAX_BLOCKDEVS];
	char msg[384];
	struct stat st;
	int n, r;

	if (stat(path, &st) < 0 || (!S_ISBLK(st.st_mode) && !S_ISCHR(st.st_mode)))
		return 0; /* a file, or missing: the open that follows says so */
	n = ssd_blockdevs_of_node("/sys", S_ISBLK(st.st_mode), st.st_rdev, devs, SSD_MAX_BLOCKDEVS,
				  msg, sizeof(msg));
	if (n > 0)
		r = ssd_blockdevs_check_unused("/sys", "/proc", devs, (unsigned int)n, purpose, msg,
					       sizeof(msg));
	else
		r = n;
	if (r < 0)
		snprintf(err, errlen, "%s: %s", path, msg);
	return r;
}
