// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_health.c - SMART / Health and Sanitize Status log decoding.
 */
#include <endian.h>
#include <string.h>

#include "codec/nvme/nvme_health.h"
#include "codec/nvme/nvme_identity.h"

/* Kelvin to Celsius as the spec rounds: whole kelvins, 273 offset (NVMe Base 2.0 §4.1.5). */
#define KELVIN_OFFSET 273

struct ssd_counter ssd_nvme_counter(const uint8_t b[16], uint64_t unit)
{
	struct ssd_counter c = {0};

	c.valid = ssd_nvme_le128_to_u64(b, &c.value) && c.value <= UINT64_MAX / unit;
	c.value = c.valid ? c.value * unit : 0;
	return c;
}

static struct ssd_counter counter(const uint8_t b[16]) { return ssd_nvme_counter(b, 1); }

static struct ssd_counter data_units_bytes(const uint8_t b[16])
{
	return ssd_nvme_counter(b, SSD_NVME_DATA_UNIT_BYTES);
}

void ssd_nvme_parse_smart(const struct nvme_smart_log *log, struct ssd_nvme_health *out)
{
	unsigned int kelvin = (unsigned int)log->temperature[1] << 8 | log->temperature[0];

	memset(out, 0, sizeof(*out));
	out->critical_warning = log->critical_warning;
	out->temperature_valid = kelvin != 0;
	out->temperature_c = (int)kelvin - KELVIN_OFFSET;
	out->avail_spare_pct = log->avail_spare;
	out->spare_thresh_pct = log->spare_thresh;
	out->percent_used = log->percent_used;
	out->data_read_bytes = data_units_bytes(log->data_units_read);
	out->data_written_bytes = data_units_bytes(log->data_units_written);
	out->host_reads = counter(log->host_reads);
	out->host_writes = counter(log->host_writes);
	out->busy_minutes = counter(log->ctrl_busy_time);
	out->power_cycles = counter(log->power_cycles);
	out->power_on_hours = counter(log->power_on_hours);
	out->unsafe_shutdowns = counter(log->unsafe_shutdowns);
	out->media_errors = counter(log->media_errors);
	out->error_log_entries = counter(log->num_err_log_entries);
	out->warning_temp_minutes = le32toh(log->warning_temp_time);
	out->critical_temp_minutes = le32toh(log->critical_comp_time);
	for (int i = 0; i < 8; i++) {
		unsigned int k = le16toh(log->temp_sensor[i]);

		out->sensor_valid[i] = k != 0;
		out->sensor_c[i] = (int)k - KELVIN_OFFSET;
	}
	out->tmt1_transitions = le32toh(log->thm_temp1_trans_count);
	out->tmt2_transitions = le32toh(log->thm_temp2_trans_count);
	out->tmt1_seconds = le32toh(log->thm_temp1_total_time);
	out->tmt2_seconds = le32toh(log->thm_temp2_total_time);
}

const char *ssd_nvme_crit_warning_name(unsigned int bit)
{
	/* NVMe Base 2.0 Figure 207, Critical Warning bits 0..5 */
	static const char *const names[] = {
	    "available spare below threshold",
	    "temperature outside threshold",
	    "NVM subsystem reliability degraded",
	    "media placed in read only mode",
	    "volatile memory backup device failed",
	    "persistent memory region read only or unreliable",
	};

	return bit < sizeof(names) / sizeof(names[0]) ? names[bit] : NULL;
}

void ssd_nvme_parse_sanitize_log(const struct nvme_sanitize_log_page *log,
				 struct ssd_nvme_sanitize_status *out)
{
	uint16_t sstat = le16toh(log->sstat);
	uint32_t sprog = le16toh(log->sprog);

	out->state = (enum ssd_nvme_sanitize_state)(sstat & 0x7);
	out->passes = (sstat >> 3) & 0x1f;
	out->global_data_erased = (sstat >> 8) & 1;
	out->progress_per_mille = (uint32_t)((uint64_t)sprog * 1000 / 65536);
}

const char *ssd_nvme_sanitize_state_name(enum ssd_nvme_sanitize_state state)
{
	static const char *const names[] = {
	    [SSD_SANITIZE_NEVER] = "never sanitized",
	    [SSD_SANITIZE_DONE] = "completed successfully",
	    [SSD_SANITIZE_IN_PROGRESS] = "in progress",
	    [SSD_SANITIZE_FAILED] = "failed",
	    [SSD_SANITIZE_DONE_NO_DEALLOC] = "completed successfully with No-Deallocate",
	};

	return (unsigned int)state < 5 ? names[state] : "reserved";
}
