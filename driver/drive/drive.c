// SPDX-License-Identifier: GPL-2.0-only
/*
 * drive.c - the driver's one seam to the engine (drive.h): the host's one classifier and its
 * in-use checks (host/dev_class.h, host/in_use.h), ssdctl's identity and health as a library
 * (ctl/libssdctl.h) and its purge (ctl/ssdctl.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "ctl/libssdctl.h"
#include "ctl/purge_policy.h"
#include "ctl/ssdctl.h"
#include "host/dev_class.h"
#include "host/in_use.h"
#include "record/drive.h"
#include "record/telemetry.h"

#include "drive/drive.h"
#include "util/util.h"

/* The host's kind behind each of the driver's (an NVMe controller is one more "chr" here). */
static const enum ssd_host_kind host_kind[] = {
    [RV_KIND_MISSING] = SSD_HOST_KIND_MISSING, [RV_KIND_FILE] = SSD_HOST_KIND_FILE,
    [RV_KIND_NVME_NG] = SSD_HOST_KIND_NVME_NG, [RV_KIND_NVME_BLK] = SSD_HOST_KIND_NVME_BLK,
    [RV_KIND_SCSI_SG] = SSD_HOST_KIND_SCSI_SG, [RV_KIND_SCSI_BLK] = SSD_HOST_KIND_SCSI_BLK,
    [RV_KIND_BLK] = SSD_HOST_KIND_BLK,	       [RV_KIND_CHR] = SSD_HOST_KIND_CHR,
    [RV_KIND_OTHER] = SSD_HOST_KIND_OTHER,
};

const char *rv_kind_name(enum rv_kind kind) { return ssd_host_kind_id(host_kind[kind]); }

static enum rv_kind kind_of(enum ssd_host_kind k)
{
	for (size_t i = 0; i < sizeof(host_kind) / sizeof(host_kind[0]); i++)
		if (host_kind[i] == k)
			return (enum rv_kind)i;
	return k == SSD_HOST_KIND_NVME_CTRL ? RV_KIND_CHR : RV_KIND_OTHER;
}

static void add_lock(struct rv_probe *p, enum rv_lock_kind k, unsigned int maj, unsigned int min,
		     const char *path)
{
	if (p->nlocks < RV_MAX_LOCKS)
		rv_lock_name(k, maj, min, path, "dev", p->locks[p->nlocks++], RV_LOCK_NAME);
}

/* A file's lock: its resolved path (a new file: its directory's resolved path and its name). */
static void file_lock(struct rv_probe *p, const char *path)
{
	char real[PATH_MAX], dir[PATH_MAX], full[PATH_MAX * 2];
	const char *base;

	if (!realpath(path, real)) {
		rv_abspath(NULL, path, dir, sizeof(dir));
		base = strrchr(dir, '/');
		snprintf(full, sizeof(full), "%s", dir);
		full[base - dir] = '\0';
		if (realpath(full[0] ? full : "/", real))
			snprintf(full, sizeof(full), "%s%s", strcmp(real, "/") ? real : "", base);
		else
			snprintf(full, sizeof(full), "%s", dir);
		rv_fmt(real, sizeof(real), "%s", full);
	}
	add_lock(p, RV_LOCK_PATH, 0, 0, real);
}

/* The file behind loop device @block (sysfs loop/backing_file), "" when none. */
static void loop_backing(const char *block, char *file, size_t len)
{
	char path[160];
	FILE *f;

	file[0] = '\0';
	snprintf(path, sizeof(path), "/sys/class/block/%s/loop/backing_file", block);
	if (strncmp(block, "loop", 4) || !(f = fopen(path, "re")))
		return;
	if (!fgets(file, (int)len, f))
		file[0] = '\0';
	file[strcspn(file, "\n")] = '\0';
	fclose(f);
}

/*
 * A reference drive's data (scripts/refdrive: the loop device's file is the FUSE export
 * export.img, QEMU's daemon serves it from disk.raw beside it, with refdrive.json): a run on
 * disk.raw is a run on this drive, so it shares its lock.
 */
static void refdrive_raw_lock(struct rv_probe *p, const char *backing)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	const char *base = strrchr(backing, '/');

	if (!base || strcmp(base, "/export.img"))
		return;
	snprintf(dir, sizeof(dir), "%.*s", (int)(base - backing), backing);
	snprintf(path, sizeof(path), "%s/refdrive.json", dir);
	if (access(path, F_OK))
		return;
	snprintf(path, sizeof(path), "%s/disk.raw", dir);
	file_lock(p, path);
}

/* MAJOR:MINOR of block device @name (sysfs class/block/<name>/dev). */
static int block_numbers(const char *name, unsigned int *maj, unsigned int *min)
{
	char path[160], buf[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/block/%s/dev", name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%u:%u", maj, min) != 2) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	return 0;
}

void rv_drive_probe(const char *path, struct rv_probe *p)
{
	struct ssd_host_dev dev;
	char dir[PATH_MAX], *slash;
	unsigned int maj, min;
	uint64_t lbs;

	ssd_host_classify(path, &dev);
	memset(p, 0, sizeof(*p));
	p->kind = kind_of(dev.kind);
	p->exists = dev.kind != SSD_HOST_KIND_MISSING;
	ssd_host_describe(path, &dev, p->desc, sizeof(p->desc));
	if (!p->exists) {
		/* a new file, where its directory exists and it is not a /dev node */
		snprintf(dir, sizeof(dir), "%s", path);
		slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		if (strncmp(path, "/dev/", 5) &&
		    (!slash || dir[0] == '\0' || access(dir, F_OK) == 0))
			p->kind = RV_KIND_FILE;
		if (p->kind == RV_KIND_FILE)
			file_lock(p, path);
		return;
	}
	p->size = dev.capacity_known ? dev.capacity_bytes : 0;
	if (dev.kind == SSD_HOST_KIND_FILE) {
		file_lock(p, path);
		return;
	}
	snprintf(p->block, sizeof(p->block), "%s", dev.block);
	if (dev.disk[0] &&
	    ssd_host_block_attr_u64("/sys", dev.disk, "queue/logical_block_size", &lbs) == 0)
		p->lbs = (uint32_t)lbs;
	snprintf(p->generic, sizeof(p->generic), "%s", dev.generic);
	/* one lock per disk: a partition, the ng and the sg node of a disk share their disk's */
	if (dev.disk[0] && block_numbers(dev.disk, &maj, &min) == 0)
		add_lock(p, RV_LOCK_BLOCK, maj, min, NULL);
	else
		add_lock(p,
			 dev.kind == SSD_HOST_KIND_BLK || dev.kind == SSD_HOST_KIND_NVME_BLK ||
				 dev.kind == SSD_HOST_KIND_SCSI_BLK
			     ? RV_LOCK_BLOCK
			     : RV_LOCK_CHAR,
			 dev.major, dev.minor, NULL);
	loop_backing(dev.disk, dir, sizeof(dir));
	p->detached = !strncmp(dev.disk, "loop", 4) && !dir[0];
	if (dir[0] == '/') {
		file_lock(p, dir); /* a run on the loop device's file is a run on this drive */
		refdrive_raw_lock(p, dir);
	}
}

int rv_drive_node(const char *path, const struct rv_probe *p, const char *engine, char *node,
		  size_t len, char *err, size_t errlen)
{
	const char *k = rv_kind_name(p->kind);

	snprintf(node, len, "%s", path);
	if (!strcmp(engine, "ssdeng"))
		return 0;
	if (!strcmp(engine, "io_uring_cmd")) {
		if (p->kind == RV_KIND_NVME_NG)
			return 0;
		if (p->kind == RV_KIND_NVME_BLK && p->generic[0]) {
			snprintf(node, len, "%s", p->generic);
			return 0;
		}
		if (p->kind == RV_KIND_NVME_BLK)
			snprintf(err, errlen, "no NVMe generic node (/dev/ngXnY) for %s", path);
		else
			snprintf(err, errlen, "io_uring_cmd drives NVMe namespaces only (%s is %s)",
				 path, k);
		return -ENODEV;
	}
	if (!strcmp(engine, "sg")) {
		if (p->kind == RV_KIND_SCSI_SG)
			return 0;
		if (p->kind == RV_KIND_SCSI_BLK && p->generic[0]) {
			snprintf(node, len, "%s", p->generic);
			return 0;
		}
		if (p->kind == RV_KIND_SCSI_BLK)
			snprintf(err, errlen, "no sg node for %s", path);
		else
			snprintf(err, errlen, "sg drives SCSI devices only (%s is %s)", path, k);
		return -ENODEV;
	}
	/* libaio: a block device or a file */
	if (p->kind == RV_KIND_FILE || p->kind == RV_KIND_BLK || p->kind == RV_KIND_NVME_BLK ||
	    p->kind == RV_KIND_SCSI_BLK)
		return 0;
	if ((p->kind == RV_KIND_NVME_NG || p->kind == RV_KIND_SCSI_SG) && p->block[0]) {
		snprintf(node, len, "/dev/%s", p->block);
		return 0;
	}
	if (p->kind == RV_KIND_NVME_NG || p->kind == RV_KIND_SCSI_SG)
		snprintf(err, errlen, "no block device behind %s", path);
	else
		snprintf(err, errlen, "libaio needs a block device or a file (%s is %s)", path, k);
	return -ENODEV;
}

int rv_drive_check_unused(const char *path, char *err, size_t errlen)
{
	return ssd_host_check_path_unused(
	    path, "before the review writes to it (or --allow-mounted)", err, errlen);
}

int rv_drive_check_writable(const char *path, char *err, size_t errlen)
{
	int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC), e;

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	e = errno;
	if (e == ENOENT)
		return 0;
	snprintf(err, errlen, "%s: cannot open for writing: %s%s", path, strerror(e),
		 ssd_host_open_errno_hint_file(path, e));
	return -e;
}

static bool ssdctl_kind(const struct rv_probe *p)
{
	return p->kind == RV_KIND_NVME_NG || p->kind == RV_KIND_NVME_BLK ||
	       p->kind == RV_KIND_SCSI_SG || p->kind == RV_KIND_SCSI_BLK;
}

/* ssdctl's @read (info or health) of the drive, or NULL with @note saying why. */
static json_object *ssdctl_read(const char *path, const struct rv_probe *p,
				int (*read)(const char *, json_object **, char *, size_t),
				const char *what, char *note, size_t notelen)
{
	json_object *o = NULL;
	char err[512], file[PATH_MAX];

	loop_backing(p->block, file, sizeof(file));
	if (!ssdctl_kind(p) && file[0]) { /* what a loop device is: its file */
		rv_fmt(note, notelen,
		       "a loop device over %s: no model, serial, firmware or interface to record",
		       file);
		return NULL;
	}
	if (!ssdctl_kind(p)) {
		snprintf(note, notelen,
			 "ssdctl %s could not describe this device (%s: neither an NVMe nor a "
			 "SCSI drive)",
			 what, rv_kind_name(p->kind));
		return NULL;
	}
	if (read(path, &o, err, sizeof(err)) != 0) {
		rv_fmt(note, notelen, "ssdctl %s could not read the drive: %s", what, err);
		return NULL;
	}
	return o;
}

json_object *rv_drive_info(const char *path, const struct rv_probe *p, char *note, size_t notelen)
{
	return ssdctl_read(path, p, ssdctl_info_json, "info", note, notelen);
}

json_object *rv_drive_health(const char *path, const struct rv_probe *p)
{
	char note[600];

	return ssdctl_read(path, p, ssdctl_health_json, "health", note, sizeof(note));
}

struct rv_tel {
	struct ssdctl_tel *t;
	char transport[8];
	char media_detail[192]; /* the last sample's, which borrows it */
};

int rv_drive_tel_open(const char *path, const struct rv_probe *p, struct rv_tel **out, char *err,
		      size_t errlen)
{
	struct rv_tel *t;
	int r;

	if (!ssdctl_kind(p))
		return -ENOTSUP;
	if (!(t = calloc(1, sizeof(*t))))
		return -ENOMEM;
	if ((r = ssdctl_tel_open(path, &t->t, err, errlen)) != 0) {
		free(t);
		return r;
	}
	*out = t;
	return 0;
}

static enum rec_tel_media_source media_source(enum ssdctl_media_source s)
{
	switch (s) {
	case SSDCTL_MEDIA_ENDURANCE_GROUP:
		return REC_TEL_MEDIA_ENDURANCE_GROUP;
	case SSDCTL_MEDIA_FDP:
		return REC_TEL_MEDIA_FDP;
	case SSDCTL_MEDIA_OCP_C0:
		return REC_TEL_MEDIA_OCP_C0;
	case SSDCTL_MEDIA_SATA_ATTR:
		return REC_TEL_MEDIA_SATA_ATTR;
	default:
		return REC_TEL_MEDIA_NONE;
	}
}

/* A reported unsigned count as the record's long long (NONE when absent or too large). */
static long long count(bool has, uint64_t v)
{
	return has && v <= (uint64_t)INT64_MAX ? (long long)v : REC_TEL_NONE;
}

int rv_drive_tel_sample(struct rv_tel *t, struct rec_tel_sample *s, char *err, size_t errlen)
{
	struct ssdctl_tel_sample x;
	int r = ssdctl_tel_sample(t->t, &x, err, errlen);

	rec_tel_sample_init(s);
	if (r != 0)
		return r;
	snprintf(t->transport, sizeof(t->transport), "%s", x.transport);
	s->transport = t->transport;
	if (x.has_temperature)
		s->temperature_c = x.temperature_c;
	for (int i = 0; i < 8 && i < REC_TEL_SENSORS; i++)
		if (x.sensor_valid[i])
			s->sensors_c[i] = x.sensor_c[i];
	if (x.has_nvme) {
		s->critical_warning = x.critical_warning;
		s->tmt1_transitions = x.tmt1_transitions;
		s->tmt2_transitions = x.tmt2_transitions;
		s->tmt1_seconds = x.tmt1_seconds;
		s->tmt2_seconds = x.tmt2_seconds;
		s->warning_temp_minutes = x.warning_temp_minutes;
		s->critical_temp_minutes = x.critical_temp_minutes;
	}
	s->data_read_bytes = count(x.has_data_read, x.data_read_bytes);
	s->data_written_bytes = count(x.has_data_written, x.data_written_bytes);
	s->media_errors = count(x.has_media_errors, x.media_errors);
	s->error_log_entries = count(x.has_error_log_entries, x.error_log_entries);
	s->media_source = media_source(x.media_source);
	if (s->media_source != REC_TEL_MEDIA_NONE && x.media_in_pages) {
		/* NAND pages: a ratio only, never in the byte fields */
		s->media_pages = count(x.has_media_written, x.media_written_bytes);
		s->media_host_pages = count(x.has_media_host_written, x.media_host_written_bytes);
	} else if (s->media_source != REC_TEL_MEDIA_NONE) {
		s->media_written_bytes = count(x.has_media_written, x.media_written_bytes);
		s->media_host_written_bytes =
		    count(x.has_media_host_written, x.media_host_written_bytes);
	}
	if (s->media_source != REC_TEL_MEDIA_NONE && x.media_detail[0]) {
		snprintf(t->media_detail, sizeof(t->media_detail), "%s", x.media_detail);
		s->media_detail = t->media_detail;
	}
	return 0;
}

bool rv_drive_tel_latmon(struct rv_tel *t, bool start, struct rec_tel_latmon *l, char *msg,
			 size_t msglen)
{
	static const char *const status[] = {[SSDCTL_LATMON_READ] = "read",
					     [SSDCTL_LATMON_NOT_SUPPORTED] = "not supported",
					     [SSDCTL_LATMON_FAILED] = "failed"};
	struct ssdctl_latmon m = {.status = SSDCTL_LATMON_NOT_SUPPORTED};
	int r = start ? ssdctl_tel_latmon_start(t->t, &m) : ssdctl_tel_latmon_end(t->t, &m);

	memset(l, 0, sizeof(*l));
	if (start && r == 0)
		return false; /* configured: the end records its buckets */
	if (!start && r == 0 && m.status != SSDCTL_LATMON_READ)
		return false; /* it never started: the start recorded why */
	l->status = status[m.status];
	snprintf(msg, msglen, "%s", m.message);
	l->message = m.status == SSDCTL_LATMON_READ ? NULL : msg;
	for (int i = 0; i < 4; i++) {
		bool read = m.status == SSDCTL_LATMON_READ;

		l->reads[i] = read ? m.reads[i] : REC_TEL_NONE;
		l->writes[i] = read ? m.writes[i] : REC_TEL_NONE;
		l->trims[i] = read ? m.trims[i] : REC_TEL_NONE;
		l->thresholds_ms[i] = read ? m.thresholds_ms[i] : REC_TEL_NONE;
	}
	return true;
}

void rv_drive_tel_close(struct rv_tel *t)
{
	if (!t)
		return;
	ssdctl_tel_close(t->t);
	free(t);
}

/* Copy member @key of @from (a value or null) into @to. */
static void copy_key(json_object *to, json_object *from, const char *key)
{
	json_object *v = NULL;

	if (from)
		json_object_object_get_ex(from, key, &v);
	json_object_object_add(to, key, v ? json_object_get(v) : NULL);
}

static void copy_keys(json_object *to, json_object *from, const char *const *keys)
{
	for (; *keys; keys++)
		copy_key(to, from, *keys);
}

int rv_drive_file_room(const char *path, uint64_t span, uint64_t *need, uint64_t *avail,
		       unsigned long *fsid)
{
	char dir[PATH_MAX], *slash;
	struct statvfs vfs;
	struct stat st;
	uint64_t held = 0;

	if (stat(path, &st) == 0)
		held = (uint64_t)st.st_blocks * 512;
	else if (errno != ENOENT)
		return -errno;
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		slash[slash == dir] = '\0';
	if (statvfs(dir, &vfs) < 0)
		return -errno;
	*need = span > held ? span - held : 0;
	*avail = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	*fsid = vfs.f_fsid;
	return 0;
}

long long rv_drive_file_unwritten(const char *path, uint64_t span)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	long long holes = 0;
	struct stat st;
	off_t off = 0, end, data;

	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (fstat(fd, &st) < 0) {
		holes = -errno;
		close(fd);
		return holes;
	}
	end = (off_t)span < st.st_size ? (off_t)span : st.st_size;
	while (off < end) {
		data = lseek(fd, off, SEEK_DATA);
		if (data < 0 && errno != ENXIO) { /* no SEEK_DATA here */
			holes = -errno;
			break;
		}
		if (data < 0 || data >= end) { /* a hole to the end */
			holes += end - off;
			break;
		}
		holes += data - off;
		off = lseek(fd, data, SEEK_HOLE);
		if (off < 0) {
			holes = -errno;
			break;
		}
	}
	close(fd);
	return holes;
}

/* refdrive.json of the reference drive whose loop device @p is (scripts/refdrive), checked: a
 * reference drive's model, this loop device, its limits an object; else NULL. */
static json_object *reference_doc(const struct rv_probe *p)
{
	char file[PATH_MAX], json[PATH_MAX + 16], dev[96];
	json_object *doc, *v;
	const char *base;

	loop_backing(p->block, file, sizeof(file));
	base = strrchr(file, '/');
	if (!base || strcmp(base, "/export.img"))
		return NULL;
	snprintf(json, sizeof(json), "%.*s/refdrive.json", (int)(base - file), file);
	snprintf(dev, sizeof(dev), "/dev/%s", p->block);
	doc = json_object_from_file(json);
	if (doc && json_object_object_get_ex(doc, "model", &v) &&
	    !strcmp(json_object_get_string(v), "reference drive") &&
	    json_object_object_get_ex(doc, "loop", &v) && !strcmp(json_object_get_string(v), dev) &&
	    json_object_object_get_ex(doc, "limits", &v) &&
	    json_object_is_type(v, json_type_object))
		return doc;
	json_object_put(doc);
	return NULL;
}

/* A new object of @doc's members named in @keys (NULL-terminated). */
static json_object *pick(json_object *doc, const char *const *keys)
{
	json_object *o = json_object_new_object(), *v;

	for (size_t i = 0; keys[i]; i++)
		if (json_object_object_get_ex(doc, keys[i], &v))
			json_object_object_add(o, keys[i], json_object_get(v));
	return o;
}

json_object *rv_drive_reference(const struct rv_probe *p)
{
	static const char *const keys[] = {"model", "serial", "size_bytes", "limits", "qemu", NULL};
	json_object *doc = reference_doc(p), *o;

	if (!doc)
		return NULL;
	o = pick(doc, keys);
	json_object_put(doc);
	return o;
}

json_object *rv_drive_identity(const char *path, const struct rv_probe *p, json_object *info)
{
	json_object *o = json_object_new_object(), *nvme = NULL, *scsi = NULL, *ns;
	char real[PATH_MAX], file[PATH_MAX];

	json_object_object_add(o, "kind", json_object_new_string(rv_kind_name(p->kind)));
	if (info) {
		static const char *const drive_keys[] = {
		    "transport",	   "model", "serial", "firmware", "capacity_bytes",
		    "logical_block_bytes", NULL};
		static const char *const ns_keys[] = {
		    "nguid",	      "eui64",		 "lba_format_in_use",
		    "metadata_bytes", "protection_type", NULL};
		static const char *const scsi_keys[] = {"wwn", "physical_block_bytes", NULL};

		copy_keys(o, info, drive_keys);
		json_object_object_get_ex(info, "nvme", &nvme);
		json_object_object_get_ex(info, "scsi", &scsi);
		if (nvme && (ns = rec_drive_namespace(info))) {
			copy_key(o, nvme, "nsid");
			copy_keys(o, ns, ns_keys);
		}
		if (scsi)
			copy_keys(o, scsi, scsi_keys);
		return o;
	}
	if (!realpath(path, real))
		rv_abspath(NULL, path, real, sizeof(real));
	json_object_object_add(o, "path", json_object_new_string(real));
	if (p->kind == RV_KIND_FILE)
		return o; /* its length changes as the review lays it out: not identity */
	json_object_object_add(o, "capacity_bytes", json_object_new_uint64(p->size));
	if (!strncmp(p->block, "loop", 4)) {
		/* a reference drive is the same drive while its limits and its data are: a restart
		 * (a new, empty raw file) or a changed limit makes another */
		static const char *const ref_keys[] = {"limits", "started", NULL};
		json_object *ref = reference_doc(p);

		loop_backing(p->block, file, sizeof(file));
		json_object_object_add(o, "backing_file",
				       file[0] ? json_object_new_string(file) : NULL);
		if (ref)
			json_object_object_add(o, "reference_drive", pick(ref, ref_keys));
		json_object_put(ref);
	}
	return o;
}

int rv_drive_purge(const char *path, const char *method, const char *confirm, bool dry_run,
		   char *err, size_t errlen)
{
	struct ssdctl_purge_opts po = {.confirm = confirm, .dry_run = dry_run, .ses = 1};
	struct ssdctl_dev d;
	int r;

	if (ssdctl_purge_method_parse(method, &po.method) < 0) {
		snprintf(err, errlen,
			 "--purge '%s': expected format, sanitize-block, sanitize-crypto, "
			 "sanitize-overwrite or format-unit",
			 method);
		return -EINVAL;
	}
	r = ssdctl_open(path, &d, err, errlen);
	if (r < 0)
		return -EPERM;
	r = ssdctl_purge(&d, &po, stderr, err, errlen);
	ssdctl_close(&d);
	return r == SSDCTL_EXIT_OK ? 0 : r == SSDCTL_EXIT_REFUSED ? -EPERM : -EIO;
}

int rv_drive_cache_set(const char *path, bool enable, int *before, int *after, char *err,
		       size_t errlen)
{
	struct ssdctl_cache_state b = {.enabled = -1}, a = {.enabled = -1};
	int r = ssdctl_cache_set(path, enable, false, &b, &a, NULL, err, errlen);

	*before = b.enabled;
	*after = a.enabled;
	return r == SSDCTL_CACHE_REFUSED ? RV_CACHE_REFUSED : r;
}

int rv_drive_cache_restore(const char *path, int enabled, char *err, size_t errlen)
{
	struct ssdctl_cache_state b = {.enabled = enabled};
	int r = ssdctl_cache_restore(path, &b, NULL, err, errlen);

	return r == SSDCTL_CACHE_REFUSED ? RV_CACHE_REFUSED : r;
}
