// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_telemetry.c - samples of a drive's own account while a test runs (libssdctl.h
 * ssdctl_tel_*): NVMe through libnvme's admin commands (SMART / Health log 02h, then the first
 * media-side source the drive has: Endurance Group log 09h, FDP statistics 22h, OCP C0h), the
 * OCP latency monitor (log C3h, feature C5h); SCSI and SATA through what ssdctl health reads,
 * with a SATA drive's media writes from the vendor attributes of its family (ata_media.h).
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libnvme.h>

#include "codec/ata/ata_identify.h"
#include "codec/ata/ata_media.h"
#include "codec/ata/ata_smart.h"
#include "codec/nvme/nvme_health.h"
#include "codec/nvme/nvme_media.h"
#include "ctl/libssdctl.h"
#include "ctl/ssdctl.h"

struct ssdctl_tel {
	struct ssdctl_dev d;
	bool probed;			 /* the media source was looked for */
	enum ssdctl_media_source source; /* what the first sample found */
	uint16_t endgid;		 /* the namespace's Endurance Group (09h, 22h) */
	bool latmon_started;
	struct ssd_ocp_latency_mon latmon_orig;	 /* the settings to restore */
	const struct ssd_ata_media_family *sata; /* a SATA drive's family, or NULL */
	bool sata_used;				 /* sata_last holds a sample's counts */
	struct ssd_ata_media sata_last;		 /* the last counts a sample carried */
};

int ssdctl_tel_open(const char *dev, struct ssdctl_tel **out, char *err, size_t errlen)
{
	struct ssdctl_tel *t = calloc(1, sizeof(*t));
	int r;

	if (!t)
		return -ENOMEM;
	if ((r = ssdctl_open(dev, &t->d, err, errlen)) != 0) {
		free(t);
		return r;
	}
	t->endgid = 1;
	if (t->d.family == SSDCTL_NVME && t->d.nsid) {
		struct nvme_id_ns ns;

		/* Identify Namespace ENDGID (NVMe Base 2.0 Figure 275, bytes 103:102); 0 means
		 * the drive has no Endurance Groups of its own: group 1 is tried */
		if (nvme_identify_ns(t->d.fd, t->d.nsid, &ns) == 0 && le16toh(ns.endgid))
			t->endgid = le16toh(ns.endgid);
	}
	if (t->d.family != SSDCTL_NVME && ssdctl_is_sat(t->d.fd)) {
		struct ssd_ata_identity id;
		char why[256];

		/* no IDENTIFY: no family, media writes not reported */
		if (ssdctl_ata_identify(t->d.fd, &id, why, sizeof(why)) == 0)
			t->sata = ssd_ata_media_family(id.model);
	}
	*out = t;
	return 0;
}

void ssdctl_tel_close(struct ssdctl_tel *t)
{
	if (!t)
		return;
	ssdctl_close(&t->d);
	free(t);
}

static int get_log(struct ssdctl_tel *t, uint8_t lid, uint32_t nsid, uint16_t lsi, void *buf,
		   uint32_t len)
{
	struct nvme_get_log_args a = {
	    .args_size = sizeof(a),
	    .fd = t->d.fd,
	    .timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
	    .lid = (enum nvme_cmd_get_log_lid)lid,
	    .len = len,
	    .log = buf,
	    .nsid = nsid,
	    .csi = NVME_CSI_NVM,
	    .lsi = lsi,
	    .lsp = NVME_LOG_LSP_NONE,
	    .uuidx = NVME_UUID_NONE,
	    .rae = true,
	};

	memset(buf, 0, len);
	return nvme_get_log_page(t->d.fd, len, &a);
}
/* A media log's written bytes, and the host's by its own count, into @s. */
static void take_media(struct ssdctl_tel_sample *s, const struct ssd_counter *media,
		       const struct ssd_counter *host)
{
	s->has_media_written = media->valid;
	s->media_written_bytes = media->value;
	s->has_media_host_written = host->valid;
	s->media_host_written_bytes = host->value;
}

/* Read @src's counters into @s. Return: true when the drive gave them. */
static bool read_media(struct ssdctl_tel *t, enum ssdctl_media_source src,
		       struct ssdctl_tel_sample *s)
{
	union {
		struct nvme_endurance_group_log eg;
		struct nvme_fdp_stats_log fdp;
		uint8_t page[SSD_OCP_LOG_BYTES];
	} u;

	switch (src) {
	case SSDCTL_MEDIA_ENDURANCE_GROUP: {
		struct ssd_nvme_endurance e;

		if (get_log(t, NVME_LOG_LID_ENDURANCE_GROUP, NVME_NSID_NONE, t->endgid, &u.eg,
			    sizeof(u.eg)))
			return false;
		ssd_nvme_parse_endurance(&u.eg, &e);
		take_media(s, &e.media_written_bytes, &e.host_written_bytes);
		return true;
	}
	case SSDCTL_MEDIA_FDP: {
		struct ssd_nvme_fdp_stats f;

		if (get_log(t, NVME_LOG_LID_FDP_STATS, NVME_NSID_NONE, t->endgid, &u.fdp,
			    sizeof(u.fdp)))
			return false;
		ssd_nvme_parse_fdp_stats(&u.fdp, &f);
		take_media(s, &f.media_written_bytes, &f.host_written_bytes);
		return true;
	}
	case SSDCTL_MEDIA_OCP_C0: {
		struct ssd_ocp_smart_ext o;

		if (get_log(t, SSD_OCP_LID_SMART_EXT, NVME_NSID_ALL, 0, u.page, sizeof(u.page)) ||
		    ssd_ocp_parse_smart_ext(u.page, &o) != SSD_OCP_OK)
			return false;
		s->has_media_written = o.media_written_bytes.valid;
		s->media_written_bytes = o.media_written_bytes.value;
		return true;
	}
	default:
		return false;
	}
}

/*
 * The first source, in order, that answers with a media count; one that reports 0 media
 * bytes while the host has written (a log the drive lists but does not keep) is passed over.
 */
static void probe_media(struct ssdctl_tel *t, struct ssdctl_tel_sample *s)
{
	static const enum ssdctl_media_source order[] = {SSDCTL_MEDIA_ENDURANCE_GROUP,
							 SSDCTL_MEDIA_FDP, SSDCTL_MEDIA_OCP_C0};

	t->probed = true;
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		struct ssdctl_tel_sample m = {0};

		if (!read_media(t, order[i], &m) || !m.has_media_written ||
		    (m.media_written_bytes == 0 && s->has_data_written && s->data_written_bytes))
			continue;
		t->source = order[i];
		return;
	}
}

static int nvme_sample(struct ssdctl_tel *t, struct ssdctl_tel_sample *s, char *err, size_t errlen)
{
	struct nvme_smart_log log;
	struct ssd_nvme_health h;
	int r = get_log(t, NVME_LOG_LID_SMART, NVME_NSID_ALL, 0, &log, sizeof(log));

	if (r != 0) {
		int e = errno;

		ssdctl_nvme_err(err, errlen, "Get Log Page SMART / Health Information", r);
		return r > 0 ? r : -e;
	}
	ssd_nvme_parse_smart(&log, &h);
	snprintf(s->transport, sizeof(s->transport), "nvme");
	s->has_temperature = h.temperature_valid;
	s->temperature_c = h.temperature_c;
	memcpy(s->sensor_valid, h.sensor_valid, sizeof(s->sensor_valid));
	memcpy(s->sensor_c, h.sensor_c, sizeof(s->sensor_c));
	s->has_nvme = true;
	s->critical_warning = h.critical_warning;
	s->tmt1_transitions = h.tmt1_transitions;
	s->tmt2_transitions = h.tmt2_transitions;
	s->tmt1_seconds = h.tmt1_seconds;
	s->tmt2_seconds = h.tmt2_seconds;
	s->warning_temp_minutes = h.warning_temp_minutes;
	s->critical_temp_minutes = h.critical_temp_minutes;
	s->has_data_read = h.data_read_bytes.valid;
	s->data_read_bytes = h.data_read_bytes.value;
	s->has_data_written = h.data_written_bytes.valid;
	s->data_written_bytes = h.data_written_bytes.value;
	s->has_media_errors = h.media_errors.valid;
	s->media_errors = h.media_errors.value;
	s->has_error_log_entries = h.error_log_entries.valid;
	s->error_log_entries = h.error_log_entries.value;
	if (!t->probed)
		probe_media(t, s);
	if (t->source != SSDCTL_MEDIA_NONE && read_media(t, t->source, s))
		s->media_source = t->source;
	return 0;
}

static bool json_u64(json_object *o, const char *key, uint64_t *v)
{
	json_object *m;

	if (!json_object_object_get_ex(o, key, &m) || !m ||
	    (!json_object_is_type(m, json_type_int)))
		return false;
	*v = (uint64_t)json_object_get_int64(m);
	return true;
}

/* The SMART attributes ssdctl health put in @o ("ata"."smart_attributes": id, raw) into @smart.
 * Return: false when there are none. */
static bool smart_of_health(json_object *o, struct ssd_ata_smart *smart)
{
	json_object *ata, *attrs;

	smart->n = 0;
	if (!json_object_object_get_ex(o, "ata", &ata) || !ata ||
	    !json_object_object_get_ex(ata, "smart_attributes", &attrs) || !attrs ||
	    !json_object_is_type(attrs, json_type_array))
		return false;
	for (size_t i = 0;
	     i < json_object_array_length(attrs) && smart->n < SSD_ATA_SMART_MAX_ATTRS; i++) {
		json_object *a = json_object_array_get_idx(attrs, i);
		uint64_t id, raw;

		if (!json_u64(a, "id", &id) || !json_u64(a, "raw", &raw) || id == 0 || id > 255)
			continue;
		smart->a[smart->n] = (struct ssd_ata_smart_attr){.id = (uint8_t)id, .raw = raw};
		smart->n++;
	}
	return true;
}

/* A SATA drive of a known family: its media writes into @s, when usable after the last. */
static void sata_media(struct ssdctl_tel *t, json_object *o, struct ssdctl_tel_sample *s)
{
	struct ssd_ata_smart smart;
	struct ssd_ata_media m;

	if (!t->sata || !smart_of_health(o, &smart))
		return;
	ssd_ata_media_read(t->sata, &smart, &m);
	if (!ssd_ata_media_usable(t->sata_used ? &t->sata_last : NULL, &m))
		return;
	t->sata_last = m;
	t->sata_used = true;
	s->media_source = SSDCTL_MEDIA_SATA_ATTR;
	s->has_media_written = true;
	s->media_written_bytes = m.media;
	s->has_media_host_written = m.has_host;
	s->media_host_written_bytes = m.has_host ? m.host : 0;
	s->media_in_pages = m.pages;
	snprintf(s->media_detail, sizeof(s->media_detail), "%s", m.source);
}

/* SCSI and SATA: the fields ssdctl health fills (LOG SENSE 0Dh/2Fh, 02h/03h; ATA SMART and
 * Device Statistics); media writes for a SATA drive whose family's attributes name them
 * (codec/ata/ata_media.c), none for SCSI. */
static int scsi_sample(struct ssdctl_tel *t, struct ssdctl_tel_sample *s, char *err, size_t errlen)
{
	json_object *o, *m;
	uint64_t v;
	int r = ssdctl_health(&t->d, &o, err, errlen);

	if (r != 0)
		return r;
	snprintf(s->transport, sizeof(s->transport), "%s",
		 json_object_object_get_ex(o, "transport", &m) && m ? json_object_get_string(m)
								    : "scsi");
	if ((s->has_temperature = json_u64(o, "temperature_c", &v)))
		s->temperature_c = (int)(int64_t)v;
	s->has_data_read = json_u64(o, "data_read_bytes", &s->data_read_bytes);
	s->has_data_written = json_u64(o, "data_written_bytes", &s->data_written_bytes);
	s->has_media_errors = json_u64(o, "media_errors", &s->media_errors);
	sata_media(t, o, s);
	json_object_put(o);
	return 0;
}

int ssdctl_tel_sample(struct ssdctl_tel *t, struct ssdctl_tel_sample *s, char *err, size_t errlen)
{
	memset(s, 0, sizeof(*s));
	return t->d.family == SSDCTL_NVME ? nvme_sample(t, s, err, errlen)
					  : scsi_sample(t, s, err, errlen);
}

static void latmon_counters(const struct ssd_ocp_latency_mon *m, struct ssdctl_latmon *l)
{
	l->status = SSDCTL_LATMON_READ;
	l->message[0] = '\0';
	for (int i = 0; i < 4; i++) {
		l->reads[i] = m->reads[i];
		l->writes[i] = m->writes[i];
		l->trims[i] = m->trims[i];
		l->thresholds_ms[i] = ssd_ocp_threshold_ms(m->threshold[i]);
	}
}

/* Log C3h into @m; on failure @l says why. Return: 0 or -1. */
static int read_latmon(struct ssdctl_tel *t, struct ssd_ocp_latency_mon *m, struct ssdctl_latmon *l)
{
	uint8_t page[SSD_OCP_LOG_BYTES];
	enum ssd_ocp_check c;
	int r = get_log(t, SSD_OCP_LID_LATENCY_MON, NVME_NSID_ALL, 0, page, sizeof(page));

	if (r != 0) {
		l->status = r > 0 ? SSDCTL_LATMON_NOT_SUPPORTED : SSDCTL_LATMON_FAILED;
		ssdctl_nvme_err(l->message, sizeof(l->message),
				"Get Log Page Latency Monitor (C3h)", r);
		return -1;
	}
	if ((c = ssd_ocp_parse_latency_mon(page, m)) != SSD_OCP_OK) {
		l->status = SSDCTL_LATMON_NOT_SUPPORTED;
		snprintf(l->message, sizeof(l->message), "log C3h: %s", ssd_ocp_check_name(c));
		return -1;
	}
	return 0;
}

static int set_latmon(struct ssdctl_tel *t, const struct ssd_ocp_latency_mon *m, bool enable,
		      struct ssdctl_latmon *l)
{
	uint8_t buf[SSD_OCP_LATENCY_MON_FEATURE_BYTES];
	__u32 result = 0;
	int r;

	ssd_ocp_build_latency_mon(buf, m, enable);
	r = nvme_set_features_data(t->d.fd, SSD_OCP_FID_LATENCY_MON, NVME_NSID_NONE, 0, false,
				   sizeof(buf), buf, &result);
	if (r != 0) {
		l->status = r > 0 ? SSDCTL_LATMON_NOT_SUPPORTED : SSDCTL_LATMON_FAILED;
		ssdctl_nvme_err(l->message, sizeof(l->message),
				"Set Features Latency Monitor (C5h)", r);
		return -1;
	}
	return 0;
}

int ssdctl_tel_latmon_start(struct ssdctl_tel *t, struct ssdctl_latmon *l)
{
	memset(l, 0, sizeof(*l));
	t->latmon_started = false;
	if (t->d.family != SSDCTL_NVME) {
		l->status = SSDCTL_LATMON_NOT_SUPPORTED;
		snprintf(l->message, sizeof(l->message), "an OCP NVMe feature; this is a %s drive",
			 ssdctl_is_sat(t->d.fd) ? "SATA" : "SCSI");
		return -1;
	}
	if (read_latmon(t, &t->latmon_orig, l) || set_latmon(t, &t->latmon_orig, true, l))
		return -1;
	t->latmon_started = true;
	return 0;
}

int ssdctl_tel_latmon_end(struct ssdctl_tel *t, struct ssdctl_latmon *l)
{
	struct ssd_ocp_latency_mon m;
	int r = 0;

	if (!t->latmon_started)
		return 0;
	memset(l, 0, sizeof(*l));
	if (read_latmon(t, &m, l) == 0)
		latmon_counters(&m, l);
	else
		r = -1;
	{
		struct ssdctl_latmon why = {0};

		if (set_latmon(t, &t->latmon_orig, t->latmon_orig.feature_status & 1, &why)) {
			l->status = SSDCTL_LATMON_FAILED;
			snprintf(l->message, sizeof(l->message), "restore: %.180s", why.message);
			r = -1;
		}
	}
	t->latmon_started = false;
	return r;
}
