// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_media_test.c - the media-side counters and the OCP latency monitor, each page built here
 * byte by byte from its layout in the specification, not through libnvme's structures:
 * - SMART / Health log 02h (NVMe Base 2.0 §5.16.1.3, Figure 207): Thermal Management
 *   Temperature 1/2 Transition Count at bytes 219:216 / 223:220, Total Time 227:224 / 231:228;
 * - Endurance Group Information log 09h (§5.16.1.10): Data Units Written 79:64, Media Units
 *   Written 95:80, each in billions of bytes;
 * - FDP statistics log 22h (TP4146): HBMW 15:0, MBMW 31:16, MBE 47:32, in bytes;
 * - OCP Datacenter NVMe SSD 2.0 SMART / Health Information Extended log C0h: Physical Media
 *   Units Written 15:0 in bytes, Log Page Version 495:494, GUID 511:496;
 * - OCP Latency Monitor log C3h: thresholds 9:6, Active Bucket Counters 95:32 (per bucket
 *   dword 0 reserved, 1 deallocate, 2 write, 3 read), version and GUID as C0h's; and the
 *   Latency Monitor feature C5h's data buffer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "codec/nvme/nvme_health.h"
#include "codec/nvme/nvme_media.h"

static void put_le(uint8_t *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

static void smart_thermal(void **state)
{
	uint8_t page[512] = {0};
	struct ssd_nvme_health h;

	(void)state;
	put_le(page + 1, 273 + 71, 2); /* Composite Temperature, kelvins */
	put_le(page + 216, 5, 4);
	put_le(page + 220, 1, 4);
	put_le(page + 224, 600, 4);
	put_le(page + 228, 42, 4);
	put_le(page + 200, 3, 2); /* Temperature Sensor 1 = 3 K: implemented */
	ssd_nvme_parse_smart((const struct nvme_smart_log *)page, &h);
	assert_int_equal(h.temperature_c, 71);
	assert_int_equal(h.tmt1_transitions, 5);
	assert_int_equal(h.tmt2_transitions, 1);
	assert_int_equal(h.tmt1_seconds, 600);
	assert_int_equal(h.tmt2_seconds, 42);
	assert_true(h.sensor_valid[0]);
	assert_false(h.sensor_valid[1]);
}

static void endurance_group(void **state)
{
	uint8_t page[512] = {0};
	struct ssd_nvme_endurance e;

	(void)state;
	assert_int_equal(sizeof(struct nvme_endurance_group_log), 512);
	page[0] = 0x04;		    /* Critical Warning: read only */
	page[5] = 17;		    /* Percentage Used */
	put_le(page + 48, 7, 8);    /* Data Units Read: 7 × 10^9 */
	put_le(page + 64, 1200, 8); /* Data Units Written */
	put_le(page + 80, 3000, 8); /* Media Units Written */
	ssd_nvme_parse_endurance((const struct nvme_endurance_group_log *)page, &e);
	assert_int_equal(e.critical_warning, 4);
	assert_int_equal(e.percent_used, 17);
	assert_true(e.host_read_bytes.valid);
	assert_int_equal(e.host_read_bytes.value, 7000000000ull);
	assert_int_equal(e.host_written_bytes.value, 1200000000000ull);
	assert_int_equal(e.media_written_bytes.value, 3000000000000ull);
	/* 2^64 / 10^9 units would pass 64 bits of bytes: invalid, not wrapped */
	put_le(page + 80, 18446744074ull, 8);
	ssd_nvme_parse_endurance((const struct nvme_endurance_group_log *)page, &e);
	assert_false(e.media_written_bytes.valid);
	/* a value in the upper 64 bits */
	memset(page + 80, 0, 16);
	page[80 + 8] = 1;
	ssd_nvme_parse_endurance((const struct nvme_endurance_group_log *)page, &e);
	assert_false(e.media_written_bytes.valid);
}

static void fdp_stats(void **state)
{
	uint8_t page[64] = {0};
	struct ssd_nvme_fdp_stats f;

	(void)state;
	assert_int_equal(sizeof(struct nvme_fdp_stats_log), 64);
	put_le(page + 0, 4096ull * 1000, 8);
	put_le(page + 16, 4096ull * 2500, 8);
	put_le(page + 32, 1ull << 40, 8);
	ssd_nvme_parse_fdp_stats((const struct nvme_fdp_stats_log *)page, &f);
	assert_int_equal(f.host_written_bytes.value, 4096000);
	assert_int_equal(f.media_written_bytes.value, 10240000);
	assert_int_equal(f.media_erased_bytes.value, 1ull << 40);
}

/* The OCP GUID AFD514C97C6F4F9CA4F2BFEA2810AFC5h, least significant byte at 496. */
static void put_guid(uint8_t *page, const char *hex)
{
	for (int i = 0; i < 16; i++) {
		unsigned v;

		sscanf(hex + 2 * (15 - i), "%2x", &v);
		page[496 + i] = (uint8_t)v;
	}
}

static void ocp_smart_ext(void **state)
{
	uint8_t page[512] = {0};
	struct ssd_ocp_smart_ext o;

	(void)state;
	put_le(page + 0, 123456789012ull, 8);
	put_le(page + 16, 55, 8);
	put_le(page + 494, 3, 2);
	/* a page without the GUID: another vendor's C0h */
	assert_int_equal(ssd_ocp_parse_smart_ext(page, &o), SSD_OCP_BAD_GUID);
	put_guid(page, "AFD514C97C6F4F9CA4F2BFEA2810AFC5");
	assert_memory_equal(page + 496, ssd_ocp_smart_ext_guid, 16);
	assert_int_equal(ssd_ocp_parse_smart_ext(page, &o), SSD_OCP_OK);
	assert_int_equal(o.version, 3);
	assert_int_equal(o.media_written_bytes.value, 123456789012ull);
	assert_int_equal(o.media_read_bytes.value, 55);
	/* the latency monitor's GUID is not C0h's */
	assert_int_equal(ssd_ocp_parse_latency_mon(page, &(struct ssd_ocp_latency_mon){0}),
			 SSD_OCP_BAD_GUID);
	put_le(page + 494, 0, 2);
	assert_int_equal(ssd_ocp_parse_smart_ext(page, &o), SSD_OCP_BAD_VERSION);
}

static void ocp_latency_monitor(void **state)
{
	uint8_t page[512] = {0}, feat[SSD_OCP_LATENCY_MON_FEATURE_BYTES];
	struct ssd_ocp_latency_mon m;

	(void)state;
	put_guid(page, "85D45E58D4E643709C6C84D08CC07A92");
	put_le(page + 494, 1, 2);
	page[0] = 0x01;		    /* enabled */
	put_le(page + 2, 3, 2);	    /* Active Bucket Timer */
	put_le(page + 4, 0x7e0, 2); /* its threshold */
	page[6] = 0x05;		    /* Threshold A: (5 + 1) × 5 = 30 ms */
	page[7] = 0x13;
	page[8] = 0x1e;
	page[9] = 0x2e;
	put_le(page + 10, 0x0fff, 2);
	page[12] = 0x0a;
	for (int b = 0; b < 4; b++) {
		put_le(page + 32 + 16 * b + 4, 100 + b, 4);  /* deallocate */
		put_le(page + 32 + 16 * b + 8, 200 + b, 4);  /* write */
		put_le(page + 32 + 16 * b + 12, 300 + b, 4); /* read */
	}
	assert_int_equal(ssd_ocp_parse_latency_mon(page, &m), SSD_OCP_OK);
	assert_int_equal(m.feature_status, 1);
	assert_int_equal(m.bucket_timer, 3);
	assert_int_equal(m.bucket_timer_threshold, 0x7e0);
	assert_int_equal(ssd_ocp_threshold_ms(m.threshold[0]), 30);
	assert_int_equal(ssd_ocp_threshold_ms(m.threshold[3]), 235);
	assert_int_equal(m.latency_config, 0xfff);
	assert_int_equal(m.min_window, 10);
	assert_int_equal(m.reads[0], 300);
	assert_int_equal(m.reads[3], 303);
	assert_int_equal(m.writes[2], 202);
	assert_int_equal(m.trims[1], 101);

	/* the feature's buffer carries the settings read back, enable last */
	memset(feat, 0xff, sizeof(feat));
	ssd_ocp_build_latency_mon(feat, &m, true);
	assert_int_equal(feat[0], 0xe0);
	assert_int_equal(feat[1], 0x07);
	assert_int_equal(feat[2], 0x05);
	assert_int_equal(feat[5], 0x2e);
	assert_int_equal(feat[6], 0xff);
	assert_int_equal(feat[7], 0x0f);
	assert_int_equal(feat[8], 0x0a);
	assert_int_equal(feat[9], 0);
	assert_int_equal(feat[11], 0);
	assert_int_equal(feat[12], 1);
	for (size_t i = 13; i < sizeof(feat); i++)
		assert_int_equal(feat[i], 0);
	ssd_ocp_build_latency_mon(feat, &m, false);
	assert_int_equal(feat[12], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(smart_thermal),	   cmocka_unit_test(endurance_group),
	    cmocka_unit_test(fdp_stats),	   cmocka_unit_test(ocp_smart_ext),
	    cmocka_unit_test(ocp_latency_monitor),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
