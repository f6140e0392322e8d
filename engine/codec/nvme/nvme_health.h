/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_health.h - the SMART / Health Information log page (NVMe Base 2.0 §5.16.1.3, Log
 * Identifier 02h) and the Sanitize Status log page (§5.16.1.25, Log Identifier 81h), decoded
 * from libnvme's struct nvme_smart_log / struct nvme_sanitize_log_page. Pure functions.
 */
#ifndef SSDENG_NVME_HEALTH_H
#define SSDENG_NVME_HEALTH_H

#include <stdbool.h>
#include <stdint.h>

#include <nvme/types.h>

/* A 128-bit counter of the log, reduced to 64 bits. */
struct ssd_counter {
	bool valid; /* false when the value does not fit 64 bits */
	uint64_t value;
};

/**
 * ssd_nvme_counter() - a 128-bit little-endian log counter times its unit, in 64 bits.
 * @b:    16 bytes, least significant first (SMART log 02h, Endurance Group log 09h, FDP
 *        statistics 22h, OCP C0h: NVMe Base Spec 2.0 §5.16.1)
 * @unit: what one count is worth (1, or bytes per data unit)
 * Return: the product, valid only when it fits 64 bits (else value 0, valid false).
 */
struct ssd_counter ssd_nvme_counter(const uint8_t b[16], uint64_t unit);

/* One decoded SMART / Health log. Temperatures in degrees Celsius (the log gives kelvins). */
struct ssd_nvme_health {
	uint8_t critical_warning;	    /* byte 0, NVME_SMART_CRIT_* bits */
	bool temperature_valid;		    /* Composite Temperature is not 0 K */
	int temperature_c;		    /* Composite Temperature - 273 */
	uint8_t avail_spare_pct;	    /* Available Spare, percent */
	uint8_t spare_thresh_pct;	    /* Available Spare Threshold, percent */
	uint8_t percent_used;		    /* Percentage Used (may exceed 100, saturates at 255) */
	struct ssd_counter data_read_bytes; /* Data Units Read × 512000 */
	struct ssd_counter data_written_bytes; /* Data Units Written × 512000 */
	struct ssd_counter host_reads;	       /* Host Read Commands */
	struct ssd_counter host_writes;	       /* Host Write Commands */
	struct ssd_counter busy_minutes;       /* Controller Busy Time, minutes */
	struct ssd_counter power_cycles;
	struct ssd_counter power_on_hours;
	struct ssd_counter unsafe_shutdowns;
	struct ssd_counter media_errors;      /* Media and Data Integrity Errors */
	struct ssd_counter error_log_entries; /* Number of Error Information Log Entries */
	uint32_t warning_temp_minutes;	      /* Warning Composite Temperature Time */
	uint32_t critical_temp_minutes;	      /* Critical Composite Temperature Time */
	bool sensor_valid[8];		      /* Temperature Sensor N is not 0 (implemented) */
	int sensor_c[8];
	/* Thermal Management Temperature 1 / 2 Transition Count and Total Time (bytes 216..231):
	 * how often and how long (seconds) the controller throttled to lower its temperature
	 * (light, then heavy throttling: NVMe Base 2.0 §8.15.5 Host Controlled Thermal Mgmt) */
	uint32_t tmt1_transitions, tmt2_transitions;
	uint32_t tmt1_seconds, tmt2_seconds;
};

/* One Data Unit of the SMART log is 1000 units of 512 bytes (NVMe Base 2.0 Figure 207). */
#define SSD_NVME_DATA_UNIT_BYTES 512000ull

/**
 * ssd_nvme_parse_smart() - decode a SMART / Health Information log page.
 * @log: the 512-byte page
 * @out: output; a byte count that would pass 2^64 - 1 is marked invalid
 */
void ssd_nvme_parse_smart(const struct nvme_smart_log *log, struct ssd_nvme_health *out);

/**
 * ssd_nvme_crit_warning_name() - the spec's name of Critical Warning bit @bit (0..5).
 * Return: a static string, or NULL for a reserved bit.
 */
const char *ssd_nvme_crit_warning_name(unsigned int bit);

/* Sanitize Status (SSTAT bits 2:0, NVMe Base 2.0 Figure 289). */
enum ssd_nvme_sanitize_state {
	SSD_SANITIZE_NEVER = 0,
	SSD_SANITIZE_DONE = 1,
	SSD_SANITIZE_IN_PROGRESS = 2,
	SSD_SANITIZE_FAILED = 3,
	SSD_SANITIZE_DONE_NO_DEALLOC = 4,
};

struct ssd_nvme_sanitize_status {
	enum ssd_nvme_sanitize_state state; /* SSTAT bits 2:0 (5..7 reserved, kept as is) */
	unsigned int passes;		    /* SSTAT bits 7:3, overwrite passes completed */
	bool global_data_erased;	    /* SSTAT bit 8 */
	uint32_t progress_per_mille;	    /* SPROG / 65536 × 1000, 0..1000 */
};

/**
 * ssd_nvme_parse_sanitize_log() - decode the Sanitize Status log page.
 * @log: the 512-byte page
 * @out: output; SPROG (numerator of a fraction with denominator 65536) as per mille
 */
void ssd_nvme_parse_sanitize_log(const struct nvme_sanitize_log_page *log,
				 struct ssd_nvme_sanitize_status *out);

/** ssd_nvme_sanitize_state_name() - "never sanitized", "completed", ... Return: static. */
const char *ssd_nvme_sanitize_state_name(enum ssd_nvme_sanitize_state state);

#endif
