// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_cache.c - `ssdctl cache` and libssdctl.h's ssdctl_cache_*(): the drive's volatile
 * write cache read and set through the drive itself. NVMe: Get/Set Features Volatile Write
 * Cache (FID 06h) through libnvme's admin passthrough, the dwords built by
 * codec/nvme/nvme_features.h. SCSI, and SATA behind the kernel's SAT layer: MODE SENSE(10) /
 * MODE SELECT(10) of the Caching mode page (codec/scsi/scsi_mode.h) through SG_IO. Nothing is
 * saved unless asked (SV = 0, SP = 0): a power cycle or reset brings back the drive's own.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libnvme.h>

#include "codec/nvme/nvme_features.h"
#include "codec/nvme/nvme_identity.h"
#include "codec/scsi/scsi_mode.h"
#include "common/ssd_log.h"
#include "ctl/libssdctl.h"
#include "ctl/ssdctl.h"
#include "host/sgio.h"

#define SCSI_TIMEOUT_MS 10000u
#define MODE_BUF_LEN 252u
/* ONCS bit 4: Save field of Set Features and Select field of Get Features supported */
#define ONCS_SAVE_SELECT (1u << 4)

static void state_init(struct ssdctl_cache_state *st, const char *transport)
{
	st->enabled = st->present = st->changeable = st->saveable = -1;
	snprintf(st->transport, sizeof(st->transport), "%s", transport);
}

static void refusal_clear(struct ssdctl_drive_status *ds)
{
	memset(ds, 0, sizeof(*ds));
	ds->kind = SSDCTL_STATUS_NONE;
}

/* ---- NVMe ---------------------------------------------------------------------------------- */

/* One data-less admin command. Return: 0, the NVMe status (> 0), or -1 with errno set. */
static int nvme_admin(int fd, const struct ssd_nvme_admin_cmd *c, uint32_t *dw0)
{
	*dw0 = 0;
	return nvme_admin_passthru(fd, c->opcode, 0, 0, c->nsid, 0, 0, c->cdw10, c->cdw11, 0, 0, 0,
				   0, 0, NULL, 0, NULL, 0, dw0);
}

static int nvme_vwc_read(struct ssdctl_dev *d, struct ssdctl_cache_state *st, char *err,
			 size_t errlen)
{
	struct ssd_nvme_admin_cmd c;
	struct nvme_id_ctrl ctrl;
	struct ssd_nvme_identity id;
	uint32_t dw0;
	int r;

	state_init(st, "nvme");
	r = nvme_identify_ctrl(d->fd, &ctrl);
	if (r != 0) {
		ssdctl_nvme_err(err, errlen, "Identify Controller", r);
		return r > 0 ? -EIO : -errno;
	}
	ssd_nvme_parse_identity(&ctrl, &id);
	st->present = id.vwc_present;
	ssd_nvme_cmd_get_features(&c, SSD_NVME_FID_VOLATILE_WC, SSD_NVME_SEL_CURRENT, 0);
	r = nvme_admin(d->fd, &c, &dw0);
	if (r == 0) {
		st->enabled = ssd_nvme_vwc_enabled(dw0);
	} else if (id.vwc_present || r < 0) {
		ssdctl_nvme_err(err, errlen, "Get Features Volatile Write Cache", r);
		return r > 0 ? -EIO : -errno;
	} /* no volatile write cache: a refused Get Features leaves "not reported" */
	if (id.oncs & ONCS_SAVE_SELECT) {
		ssd_nvme_cmd_get_features(&c, SSD_NVME_FID_VOLATILE_WC, SSD_NVME_SEL_SUPPORTED, 0);
		if (nvme_admin(d->fd, &c, &dw0) == 0) {
			struct ssd_nvme_feat_caps caps = ssd_nvme_feat_caps_decode(dw0);

			st->changeable = caps.changeable;
			st->saveable = caps.saveable;
		}
	}
	return 0;
}

static int nvme_vwc_write(struct ssdctl_dev *d, bool enable, bool save,
			  struct ssdctl_drive_status *ds, char *err, size_t errlen)
{
	struct ssd_nvme_admin_cmd c;
	char what[80];
	uint32_t dw0;
	int r;

	ssd_nvme_cmd_vwc_set(&c, enable, save);
	r = nvme_admin(d->fd, &c, &dw0);
	if (r == 0)
		return 0;
	snprintf(what, sizeof(what), "Set Features Volatile Write Cache (WCE %d, SV %d)", enable,
		 save);
	ssdctl_nvme_err(err, errlen, what, r);
	if (r < 0)
		return -errno;
	ds->kind = SSDCTL_STATUS_NVME;
	ds->nvme_status = (uint16_t)r;
	return SSDCTL_CACHE_REFUSED;
}

/* ---- SCSI ---------------------------------------------------------------------------------- */

static void scsi_refusal(struct ssdctl_drive_status *ds, const struct ssd_host_sg_result *res)
{
	ds->kind = SSDCTL_STATUS_SCSI;
	ds->scsi_status = res->outcome.status;
	if (res->have_sense) {
		ds->sense_key = res->key.key;
		ds->asc = res->key.asc;
		ds->ascq = res->key.ascq;
	}
}

/* MODE SENSE(10) of the Caching mode page with page control @pc. Return: 0, -EOPNOTSUPP when
 * the device has no such page, a positive errno when it refused (@ds set), or -errno. */
static int caching_page(struct ssdctl_dev *d, enum ssd_scsi_mode_pc pc,
			struct ssd_scsi_caching *page, struct ssdctl_drive_status *ds, char *err,
			size_t errlen)
{
	uint8_t buf[MODE_BUF_LEN];
	struct ssd_scsi_cdb cdb;
	struct ssd_host_sg_result res;
	int r;

	ssd_scsi_cdb_mode_sense10(&cdb, pc, SSD_SCSI_PAGE_CACHING, sizeof(buf));
	r = ssd_host_sgio(d->fd, &cdb, SSD_HOST_SG_IN, buf, sizeof(buf), SCSI_TIMEOUT_MS, d->path,
			  &res);
	if (r < 0) {
		snprintf(err, errlen, "MODE SENSE(10): SG_IO: %s", strerror(-r));
		return r;
	}
	if (r > 0) {
		ssd_host_sgio_describe(err, errlen, &cdb, &res);
		if (ds)
			scsi_refusal(ds, &res);
		return r;
	}
	r = ssd_scsi_parse_caching(buf, sizeof(buf) - (res.resid < sizeof(buf) ? res.resid : 0),
				   page, err, errlen);
	return r == -ENOENT ? -EOPNOTSUPP : r;
}

static int scsi_wce_read(struct ssdctl_dev *d, struct ssdctl_cache_state *st, char *err,
			 size_t errlen)
{
	struct ssd_scsi_caching cur, mask;
	char e2[128];
	int r;

	state_init(st, ssdctl_is_sat(d->fd) ? "sata" : "scsi");
	r = caching_page(d, SSD_SCSI_PC_CURRENT, &cur, NULL, err, errlen);
	if (r)
		return r > 0 ? -EIO : r;
	st->enabled = cur.wce;
	st->saveable = cur.ps;
	if (caching_page(d, SSD_SCSI_PC_CHANGEABLE, &mask, NULL, e2, sizeof(e2)) == 0)
		st->changeable = mask.wce;
	return 0;
}

/* Ask the kernel to read the disk's caching page again (sd_revalidate_disk), so that it sends
 * SYNCHRONIZE CACHE when the cache is now on. */
static void scsi_rescan(const struct ssdctl_dev *d)
{
	char path[160];
	int fd;

	if (d->sg[0])
		snprintf(path, sizeof(path), "/sys/class/scsi_generic/%s/device/rescan",
			 strrchr(d->sg, '/') ? strrchr(d->sg, '/') + 1 : d->sg);
	else if (d->disk[0])
		snprintf(path, sizeof(path), "/sys/block/%s/device/rescan", d->disk);
	else
		return;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, "1", 1) != 1)
		ssd_log(SSD_LOG_WARN,
			"%s: %s: %s; the kernel may not know the new write cache setting", d->path,
			path, strerror(errno));
	if (fd >= 0)
		close(fd);
}

static int scsi_wce_write(struct ssdctl_dev *d, bool enable, bool save,
			  struct ssdctl_drive_status *ds, char *err, size_t errlen)
{
	uint8_t list[SSD_SCSI_MODE_HEADER10_LEN + SSD_SCSI_CACHING_PAGE_LEN];
	struct ssd_scsi_caching cur;
	struct ssd_scsi_cdb cdb;
	struct ssd_host_sg_result res;
	size_t n;
	int r;

	r = caching_page(d, SSD_SCSI_PC_CURRENT, &cur, ds, err, errlen);
	if (r)
		return r > 0 ? SSDCTL_CACHE_REFUSED : r;
	n = ssd_scsi_caching_select_list(&cur, enable, list);
	ssd_scsi_cdb_mode_select10(&cdb, save, (uint16_t)n);
	r = ssd_host_sgio(d->fd, &cdb, SSD_HOST_SG_OUT, list, n, SCSI_TIMEOUT_MS, d->path, &res);
	if (r < 0) {
		snprintf(err, errlen, "MODE SELECT(10): SG_IO: %s", strerror(-r));
		return r;
	}
	if (r > 0) {
		ssd_host_sgio_describe(err, errlen, &cdb, &res);
		scsi_refusal(ds, &res);
		return SSDCTL_CACHE_REFUSED;
	}
	scsi_rescan(d);
	return 0;
}

/* ---- both ---------------------------------------------------------------------------------- */

static int cache_read(struct ssdctl_dev *d, struct ssdctl_cache_state *st, char *err, size_t errlen)
{
	return d->family == SSDCTL_NVME ? nvme_vwc_read(d, st, err, errlen)
					: scsi_wce_read(d, st, err, errlen);
}

/* Set @enable on the open drive @d; as ssdctl_cache_set(). @sent: whether a command was sent. */
static int cache_set(struct ssdctl_dev *d, bool enable, bool save,
		     struct ssdctl_cache_state *before, struct ssdctl_cache_state *after,
		     struct ssdctl_drive_status *ds, bool *sent, char *err, size_t errlen)
{
	int r;

	*sent = false;
	refusal_clear(ds);
	r = cache_read(d, before, err, errlen);
	if (r)
		return r;
	*after = *before;
	if (before->enabled == (int)enable && !save)
		return 0;
	/* an NVMe drive without a volatile write cache has none to disable (and refuses the
	 * feature); asked to enable one, it answers for itself */
	if (!enable && !save && before->present == 0)
		return 0;
	*sent = true;
	r = d->family == SSDCTL_NVME ? nvme_vwc_write(d, enable, save, ds, err, errlen)
				     : scsi_wce_write(d, enable, save, ds, err, errlen);
	if (r)
		return r;
	r = cache_read(d, after, err, errlen);
	if (r)
		return r;
	if (after->enabled != (int)enable) {
		snprintf(err, errlen,
			 "%s: the drive took the command to %s its write cache but still reports "
			 "it %s",
			 d->path, enable ? "enable" : "disable",
			 after->enabled < 0 ? "not at all"
			 : after->enabled   ? "enabled"
					    : "disabled");
		return SSDCTL_CACHE_REFUSED;
	}
	return 0;
}

int ssdctl_cache_get(const char *dev, struct ssdctl_cache_state *st, char *err, size_t errlen)
{
	struct ssdctl_dev d;
	int r = ssdctl_open(dev, &d, err, errlen);

	if (r)
		return r;
	r = cache_read(&d, st, err, errlen);
	ssdctl_close(&d);
	return r;
}

int ssdctl_cache_set(const char *dev, bool enable, bool save, struct ssdctl_cache_state *before,
		     struct ssdctl_cache_state *after, struct ssdctl_drive_status *refusal,
		     char *err, size_t errlen)
{
	struct ssdctl_cache_state b, a;
	struct ssdctl_drive_status ds;
	struct ssdctl_dev d;
	bool sent;
	int r = ssdctl_open(dev, &d, err, errlen);

	if (r)
		return r;
	r = cache_set(&d, enable, save, &b, &a, &ds, &sent, err, errlen);
	ssdctl_close(&d);
	if (before)
		*before = b;
	if (after)
		*after = a;
	if (refusal)
		*refusal = ds;
	return r;
}

int ssdctl_cache_restore(const char *dev, const struct ssdctl_cache_state *before,
			 struct ssdctl_drive_status *refusal, char *err, size_t errlen)
{
	if (refusal)
		refusal_clear(refusal);
	if (before->enabled < 0)
		return 0;
	return ssdctl_cache_set(dev, before->enabled, false, NULL, NULL, refusal, err, errlen);
}

/* ---- ssdctl.cache.v1 --------------------------------------------------------------------- */

static void put_tri(json_object *o, const char *key, int v)
{
	ssdctl_put_bool(o, key, v >= 0, v > 0);
}

static void put_state(json_object *root, const struct ssdctl_cache_state *st, bool nvme)
{
	ssdctl_put_str(root, "transport", st->transport);
	ssdctl_put_str(root, "source",
		       nvme ? "NVMe Get Features, Volatile Write Cache (FID 06h)"
			    : "MODE SENSE(10), Caching mode page (08h)");
	put_tri(root, "present", st->present);
	put_tri(root, "enabled", st->enabled);
	put_tri(root, "changeable", st->changeable);
	put_tri(root, "saveable", st->saveable);
}

static json_object *refusal_object(const struct ssdctl_drive_status *ds, const char *msg)
{
	json_object *o = json_object_new_object();
	char hex[16];

	ssdctl_put_str(o, "message", msg);
	if (ds->kind == SSDCTL_STATUS_NVME)
		ssdctl_put_hex(o, "nvme_status", 4, ds->nvme_status);
	else
		json_object_object_add(o, "nvme_status", NULL);
	if (ds->kind == SSDCTL_STATUS_SCSI) {
		ssdctl_put_hex(o, "scsi_status", 2, ds->scsi_status);
		ssdctl_put_str(o, "sense_key",
			       ds->sense_key || ds->asc ? ssd_scsi_sense_key_name(ds->sense_key)
							: NULL);
		snprintf(hex, sizeof(hex), "0x%02x%02x", ds->asc, ds->ascq);
		ssdctl_put_str(o, "asc_ascq", ds->sense_key || ds->asc ? hex : NULL);
	} else {
		json_object_object_add(o, "scsi_status", NULL);
		json_object_object_add(o, "sense_key", NULL);
		json_object_object_add(o, "asc_ascq", NULL);
	}
	return o;
}

int ssdctl_cache_json(const char *dev, enum ssdctl_cache_action action, bool save,
		      json_object **out, char *err, size_t errlen)
{
	struct ssdctl_cache_state before, after;
	struct ssdctl_drive_status ds;
	struct ssdctl_dev d;
	json_object *root, *ch;
	bool sent = false, enable = action == SSDCTL_CACHE_ON;
	int r = ssdctl_open(dev, &d, err, errlen);

	*out = NULL;
	if (r)
		return r;
	if (action == SSDCTL_CACHE_SHOW)
		r = cache_read(&d, &after, err, errlen);
	else
		r = cache_set(&d, enable, save, &before, &after, &ds, &sent, err, errlen);
	ssdctl_close(&d);
	if (r && r != SSDCTL_CACHE_REFUSED)
		return r;
	root = json_object_new_object();
	ssdctl_put_str(root, "schema", "ssdctl.cache.v1");
	ssdctl_put_str(root, "device", dev);
	put_state(root, &after, d.family == SSDCTL_NVME);
	if (action == SSDCTL_CACHE_SHOW) {
		json_object_object_add(root, "change", NULL);
	} else {
		ch = json_object_new_object();
		ssdctl_put_bool(ch, "requested", true, enable);
		ssdctl_put_bool(ch, "save", true, save);
		put_tri(ch, "before", before.enabled);
		put_tri(ch, "after", after.enabled);
		ssdctl_put_bool(ch, "sent", true, sent);
		json_object_object_add(ch, "refusal", r ? refusal_object(&ds, err) : NULL);
		json_object_object_add(root, "change", ch);
	}
	*out = root;
	return r;
}
