// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_media.c - media-side write counters (Endurance Group log 09h, FDP statistics 22h, OCP
 * C0h) and the OCP latency monitor (log C3h, feature C5h) decoded and built (nvme_media.h).
 */
#include <string.h>

#include "codec/nvme/nvme_media.h"

/* OCP Datacenter NVMe SSD 2.0: the GUIDs of the SMART / Health Information Extended and the
 * Latency Monitor log pages, as bytes 496..511 hold them. */
const uint8_t ssd_ocp_smart_ext_guid[16] = {0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
					    0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf};
const uint8_t ssd_ocp_latency_mon_guid[16] = {0x92, 0x7a, 0xc0, 0x8c, 0xd0, 0x84, 0x6c, 0x9c,
					      0x70, 0x43, 0xe6, 0xd4, 0x58, 0x5e, 0xd4, 0x85};

#define OCP_VERSION_OFF 494
#define OCP_GUID_OFF 496

static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void ssd_nvme_parse_endurance(const struct nvme_endurance_group_log *log,
			      struct ssd_nvme_endurance *out)
{
	memset(out, 0, sizeof(*out));
	out->critical_warning = log->critical_warning;
	out->percent_used = log->percent_used;
	out->host_read_bytes = ssd_nvme_counter(log->data_units_read, SSD_NVME_EG_UNIT_BYTES);
	out->host_written_bytes = ssd_nvme_counter(log->data_units_written, SSD_NVME_EG_UNIT_BYTES);
	out->media_written_bytes =
	    ssd_nvme_counter(log->media_units_written, SSD_NVME_EG_UNIT_BYTES);
}

void ssd_nvme_parse_fdp_stats(const struct nvme_fdp_stats_log *log, struct ssd_nvme_fdp_stats *out)
{
	out->host_written_bytes = ssd_nvme_counter(log->hbmw, 1);
	out->media_written_bytes = ssd_nvme_counter(log->mbmw, 1);
	out->media_erased_bytes = ssd_nvme_counter(log->mbe, 1);
}

const char *ssd_ocp_check_name(enum ssd_ocp_check c)
{
	switch (c) {
	case SSD_OCP_OK:
		return "OCP page";
	case SSD_OCP_BAD_GUID:
		return "the log page GUID is not the OCP page's";
	case SSD_OCP_BAD_VERSION:
		return "log page version 0";
	}
	return "?";
}

static enum ssd_ocp_check check(const uint8_t *page, const uint8_t guid[16], unsigned *version)
{
	if (memcmp(page + OCP_GUID_OFF, guid, 16))
		return SSD_OCP_BAD_GUID;
	*version = le16(page + OCP_VERSION_OFF);
	return *version ? SSD_OCP_OK : SSD_OCP_BAD_VERSION;
}

enum ssd_ocp_check ssd_ocp_parse_smart_ext(const uint8_t page[SSD_OCP_LOG_BYTES],
					   struct ssd_ocp_smart_ext *out)
{
	unsigned version = 0;
	enum ssd_ocp_check c = check(page, ssd_ocp_smart_ext_guid, &version);

	if (c != SSD_OCP_OK)
		return c;
	memset(out, 0, sizeof(*out));
	out->version = version;
	out->media_written_bytes = ssd_nvme_counter(page, 1);
	out->media_read_bytes = ssd_nvme_counter(page + 16, 1);
	return SSD_OCP_OK;
}

enum ssd_ocp_check ssd_ocp_parse_latency_mon(const uint8_t page[SSD_OCP_LOG_BYTES],
					     struct ssd_ocp_latency_mon *out)
{
	unsigned version = 0;
	enum ssd_ocp_check c = check(page, ssd_ocp_latency_mon_guid, &version);

	if (c != SSD_OCP_OK)
		return c;
	memset(out, 0, sizeof(*out));
	out->version = version;
	out->feature_status = page[0];
	out->bucket_timer = le16(page + 2);
	out->bucket_timer_threshold = le16(page + 4);
	memcpy(out->threshold, page + 6, 4);
	out->latency_config = le16(page + 10);
	out->min_window = page[12];
	for (int b = 0; b < 4; b++) {
		const uint8_t *counter = page + 32 + 16 * b;

		out->trims[b] = le32(counter + 4);
		out->writes[b] = le32(counter + 8);
		out->reads[b] = le32(counter + 12);
	}
	return SSD_OCP_OK;
}

unsigned int ssd_ocp_threshold_ms(uint8_t v) { return ((unsigned)v + 1) * 5; }

void ssd_ocp_build_latency_mon(uint8_t buf[SSD_OCP_LATENCY_MON_FEATURE_BYTES],
			       const struct ssd_ocp_latency_mon *m, bool enable)
{
	memset(buf, 0, SSD_OCP_LATENCY_MON_FEATURE_BYTES);
	buf[0] = (uint8_t)m->bucket_timer_threshold;
	buf[1] = (uint8_t)(m->bucket_timer_threshold >> 8);
	memcpy(buf + 2, m->threshold, 4);
	buf[6] = (uint8_t)m->latency_config;
	buf[7] = (uint8_t)(m->latency_config >> 8);
	buf[8] = m->min_window;
	/* bytes 10:9 Debug Log Trigger Enable and 11 Discard Debug Log stay 0: no debug log */
	buf[12] = enable ? 1 : 0;
}
