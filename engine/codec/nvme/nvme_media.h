/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_media.h - what a drive says it wrote to its media, for write amplification: the
 * Endurance Group Information log page (NVMe Base 2.0 §5.16.1.10, Log Identifier 09h), the
 * Flexible Data Placement statistics log page (NVMe TP4146, Log Identifier 22h), decoded from
 * libnvme's struct nvme_endurance_group_log / struct nvme_fdp_stats_log; and the OCP
 * Datacenter NVMe SSD Specification 2.0 vendor log pages C0h (SMART / Health Information
 * Extended) and C3h (Latency Monitor) with the Latency Monitor feature C5h, which libnvme does
 * not describe and are decoded here from their byte layouts. Pure functions.
 */
#ifndef SSDENG_NVME_MEDIA_H
#define SSDENG_NVME_MEDIA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <nvme/types.h>

#include "codec/nvme/nvme_health.h"

/* The Endurance Group log's data units: billions of bytes, rounded up (§5.16.1.10). */
#define SSD_NVME_EG_UNIT_BYTES 1000000000ull

/* The Endurance Group Information log's write counters. */
struct ssd_nvme_endurance {
	struct ssd_counter host_written_bytes;	/* Data Units Written (bytes 79:64) × 10^9 */
	struct ssd_counter media_written_bytes; /* Media Units Written (bytes 95:80) × 10^9 */
	struct ssd_counter host_read_bytes;	/* Data Units Read (bytes 63:48) × 10^9 */
	uint8_t critical_warning;		/* byte 0 */
	uint8_t percent_used;			/* byte 5 */
};

/**
 * ssd_nvme_parse_endurance() - decode an Endurance Group Information log page.
 * @log: the 512-byte page (Get Log Page LID 09h, LSI = the Endurance Group Identifier)
 * @out: output; a byte count past 2^64 - 1 is marked invalid
 */
void ssd_nvme_parse_endurance(const struct nvme_endurance_group_log *log,
			      struct ssd_nvme_endurance *out);

/* The FDP statistics log page: byte counts, with metadata (TP4146, FDP Statistics). */
struct ssd_nvme_fdp_stats {
	struct ssd_counter host_written_bytes;	/* HBMW, bytes 15:0 */
	struct ssd_counter media_written_bytes; /* MBMW, bytes 31:16 */
	struct ssd_counter media_erased_bytes;	/* MBE, bytes 47:32 */
};

/** ssd_nvme_parse_fdp_stats() - decode the 64-byte FDP statistics log (LID 22h). */
void ssd_nvme_parse_fdp_stats(const struct nvme_fdp_stats_log *log, struct ssd_nvme_fdp_stats *out);

/* OCP vendor log pages are 512 bytes, each ending with its version and GUID. */
#define SSD_OCP_LOG_BYTES 512
#define SSD_OCP_LID_SMART_EXT 0xc0   /* SMART / Health Information Extended */
#define SSD_OCP_LID_LATENCY_MON 0xc3 /* Latency Monitor */
#define SSD_OCP_FID_LATENCY_MON 0xc5 /* Latency Monitor feature (Set/Get Features) */

/* The GUIDs as the log pages carry them in bytes 511:496, least significant byte first. */
extern const uint8_t ssd_ocp_smart_ext_guid[16];
extern const uint8_t ssd_ocp_latency_mon_guid[16];

/* Why an OCP page was not taken. */
enum ssd_ocp_check {
	SSD_OCP_OK,
	SSD_OCP_BAD_GUID,    /* bytes 511:496 are not the page's GUID: another vendor's C0h */
	SSD_OCP_BAD_VERSION, /* Log Page Version 0: no page was filled in */
};

/** ssd_ocp_check_name() - "GUID is not the OCP page's", ... Return: static string. */
const char *ssd_ocp_check_name(enum ssd_ocp_check c);

/* The OCP SMART / Health Information Extended log's media writes. */
struct ssd_ocp_smart_ext {
	struct ssd_counter media_written_bytes; /* Physical Media Units Written, bytes 15:0 */
	struct ssd_counter media_read_bytes;	/* Physical Media Units Read, bytes 31:16 */
	unsigned int version;			/* Log Page Version, bytes 495:494 */
};

/**
 * ssd_ocp_parse_smart_ext() - decode log C0h (OCP Datacenter NVMe SSD 2.0, SMART / Health
 * Information Extended: bytes 15:0 Physical Media Units Written in bytes, 495:494 Log Page
 * Version, 511:496 Log Page GUID AFD514C97C6F4F9CA4F2BFEA2810AFC5h).
 * @page: the 512-byte page
 * @out:  output, filled only when the page is taken
 * Return: SSD_OCP_OK, or why the page is not OCP's (a C0h of another vendor's design).
 */
enum ssd_ocp_check ssd_ocp_parse_smart_ext(const uint8_t page[SSD_OCP_LOG_BYTES],
					   struct ssd_ocp_smart_ext *out);

/* The active counters and settings of the OCP Latency Monitor log (C3h). */
struct ssd_ocp_latency_mon {
	uint8_t feature_status;		 /* byte 0: bit 0 the monitor is enabled */
	uint16_t bucket_timer;		 /* bytes 3:2, Active Bucket Timer, 5-minute units */
	uint16_t bucket_timer_threshold; /* bytes 5:4, 5-minute units */
	uint8_t threshold[4];		 /* bytes 9:6, Active Threshold A..D, 5 ms units (N+1) */
	uint16_t latency_config;	 /* bytes 11:10, Active Latency Configuration */
	uint8_t min_window;		 /* byte 12, Active Latency Minimum Window, 100 ms units */
	/* Active Bucket Counter 0..3 (bytes 95:32, 16 bytes each): dword 3 reads, dword 2
	 * writes, dword 1 deallocates, dword 0 reserved */
	uint32_t reads[4], writes[4], trims[4];
	unsigned int version; /* bytes 495:494 */
};

/**
 * ssd_ocp_parse_latency_mon() - decode log C3h (OCP Datacenter NVMe SSD 2.0, Latency Monitor
 * log page; GUID 85D45E58D4E643709C6C84D08CC07A92h in bytes 511:496).
 * Return: SSD_OCP_OK, or why the page is not OCP's.
 */
enum ssd_ocp_check ssd_ocp_parse_latency_mon(const uint8_t page[SSD_OCP_LOG_BYTES],
					     struct ssd_ocp_latency_mon *out);

/** ssd_ocp_threshold_ms() - Active Threshold field @v as milliseconds: (@v + 1) × 5. */
unsigned int ssd_ocp_threshold_ms(uint8_t v);

/* The Latency Monitor feature's data (Set Features FID C5h), 4096 bytes. */
#define SSD_OCP_LATENCY_MON_FEATURE_BYTES 4096

/**
 * ssd_ocp_build_latency_mon() - the data buffer of Set Features C5h (OCP Datacenter NVMe SSD
 * 2.0, Latency Monitor feature: bytes 1:0 Active Bucket Timer Threshold, 5:2 Active Threshold
 * A..D, 7:6 Active Latency Configuration, 8 Active Latency Minimum Window, 10:9 Debug Log
 * Trigger Enable, 11 Discard Debug Log, 12 Latency Monitor Feature Enable; the rest 0) from
 * the settings in @m (what ssd_ocp_parse_latency_mon() read, so a restore writes back what was
 * there).
 * @buf:    SSD_OCP_LATENCY_MON_FEATURE_BYTES bytes, zeroed and filled
 * @enable: the Latency Monitor Feature Enable byte
 */
void ssd_ocp_build_latency_mon(uint8_t buf[SSD_OCP_LATENCY_MON_FEATURE_BYTES],
			       const struct ssd_ocp_latency_mon *m, bool enable);

#endif
