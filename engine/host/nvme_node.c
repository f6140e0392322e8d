// SPDX-License-Identifier: GPL-2.0-only
/* nvme_node.c - NVMe namespace recognition and block -> generic node mapping via sysfs. */
#include "host/nvme_node.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static bool exists(const char *dir, const char *name)
{
	char p[PATH_MAX];

	return fmt(p, sizeof(p), "%s/%s", dir, name) && access(p, F_OK) == 0;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* Read "MAJ:MIN" from <dir>/dev. */
static int read_devnum(const char *dir, dev_t *out)
{
	char p[PATH_MAX];
	unsigned int maj, min;
	FILE *f;
	int n;

	if (!fmt(p, sizeof(p), "%s/dev", dir))
		return -ENAMETOOLONG;
	f = fopen(p, "r");
	if (!f)
		return -errno;
	n = fscanf(f, "%u:%u", &maj, &min);
	fclose(f);
	if (n != 2)
		return -EINVAL;
	*out = makedev(maj, min);
	return 0;
}

static int classify_char(const char *dir, dev_t rdev, struct ssd_host_nvme_node *node)
{
	char sub[PATH_MAX], real[PATH_MAX];
	const char *name = base_name(dir);

	fmt(sub, sizeof(sub), "%s/subsystem", dir);
	if (!realpath(sub, real) || strcmp(base_name(real), "nvme-generic") != 0)
		return 0;
	if (strncmp(name, "ng", 2) != 0)
		return 0;
	if (!fmt(node->ng_name, sizeof(node->ng_name), "%s", name) ||
	    !fmt(node->disk_name, sizeof(node->disk_name), "nvme%s", name + 2) ||
	    !fmt(node->sysdir, sizeof(node->sysdir), "%s", dir))
		return 0;
	node->ng_rdev = rdev;
	return 1;
}

static int classify_block(const char *dir, struct ssd_host_nvme_node *node, char *err,
			  size_t errlen)
{
	char parent[PATH_MAX], sib[PATH_MAX];
	const char *name = base_name(dir);
	int ret;

	if (exists(dir, "partition")) {
		fmt(parent, sizeof(parent), "%s", dir);
		*strrchr(parent, '/') = '\0';
		if (!exists(parent, "nsid"))
			return 0;
		snprintf(err, errlen,
			 "%s is a partition of NVMe namespace %s; give the whole namespace "
			 "(/dev/%s or its generic node)",
			 name, base_name(parent), base_name(parent));
		return -EINVAL;
	}
	if (!exists(dir, "nsid") || strncmp(name, "nvme", 4) != 0)
		return 0;

	if (!fmt(node->disk_name, sizeof(node->disk_name), "%s", name) ||
	    !fmt(node->ng_name, sizeof(node->ng_name), "ng%s", name + 4))
		return 0;
	fmt(parent, sizeof(parent), "%s", dir);
	*strrchr(parent, '/') = '\0';
	fmt(sib, sizeof(sib), "%s/%s", parent, node->ng_name);
	ret = read_devnum(sib, &node->ng_rdev);
	if (ret < 0) {
		snprintf(err, errlen,
			 "NVMe namespace %s has no generic char device %s in sysfs (kernel 5.13 "
			 "or later is needed for /dev/ngXnY)",
			 name, node->ng_name);
		return -ENODEV;
	}
	if (!fmt(node->sysdir, sizeof(node->sysdir), "%s", sib))
		return 0;
	return 1;
}

int ssd_host_nvme_classify(const char *sysfs, bool is_block, dev_t rdev,
			   struct ssd_host_nvme_node *node, char *err, size_t errlen)
{
	char link[PATH_MAX], dir[PATH_MAX];

	memset(node, 0, sizeof(*node));
	if (!fmt(link, sizeof(link), "%s/dev/%s/%u:%u", sysfs, is_block ? "block" : "char",
		 major(rdev), minor(rdev)) ||
	    !realpath(link, dir))
		return 0;
	return is_block ? classify_block(dir, node, err, errlen) : classify_char(dir, rdev, node);
}

int ssd_host_nvme_probe(const char *path, char *ng, size_t nglen, char *err, size_t errlen)
{
	struct ssd_host_nvme_node node;
	struct stat st, ngst;
	char ngpath[PATH_MAX];
	int ret;

	if (stat(path, &st) < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	if (!S_ISBLK(st.st_mode) && !S_ISCHR(st.st_mode))
		return 0;
	ret = ssd_host_nvme_classify("/sys", S_ISBLK(st.st_mode), st.st_rdev, &node, err, errlen);
	if (ret <= 0) {
		if (ret < 0) {
			char msg[256];

			snprintf(msg, sizeof(msg), "%s", err);
			snprintf(err, errlen, "%s: %s", path, msg);
		}
		return ret;
	}
	if (S_ISCHR(st.st_mode)) {
		return fmt(ng, nglen, "%s", path) ? 1 : -ENAMETOOLONG;
	}
	fmt(ngpath, sizeof(ngpath), "/dev/%s", node.ng_name);
	if (stat(ngpath, &ngst) < 0 || !S_ISCHR(ngst.st_mode) || ngst.st_rdev != node.ng_rdev) {
		snprintf(err, errlen,
			 "%s: sysfs names the generic node %s (%u:%u) but %s is missing or has "
			 "another device number",
			 path, node.ng_name, major(node.ng_rdev), minor(node.ng_rdev), ngpath);
		return -ENODEV;
	}
	return fmt(ng, nglen, "%s", ngpath) ? 1 : -ENAMETOOLONG;
}

int ssd_host_nvme_sysfs_read_u64(const struct ssd_host_nvme_node *node, const char *attr,
				 uint64_t *val)
{
	char p[PATH_MAX], parent[PATH_MAX];
	FILE *f;
	int n;

	fmt(parent, sizeof(parent), "%s", node->sysdir);
	if (!strrchr(parent, '/'))
		return -EINVAL;
	*strrchr(parent, '/') = '\0';
	if (!fmt(p, sizeof(p), "%s/%s/%s", parent, node->disk_name, attr))
		return -ENAMETOOLONG;
	f = fopen(p, "r");
	if (!f)
		return -errno;
	n = fscanf(f, "%" SCNu64, val);
	fclose(f);
	return n == 1 ? 0 : -EINVAL;
}
