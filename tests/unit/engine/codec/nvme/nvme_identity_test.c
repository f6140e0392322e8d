// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_identity_test.c - Identify Controller / Namespace identity fields and the SMART and
 * Sanitize Status logs, on buffers filled at the byte offsets of NVMe Base 2.0 Figure 275
 * (Identify Controller), NVM Command Set 1.0 Figure 97 (Identify Namespace), Figure 207 (SMART)
 * and Figure 289 (Sanitize Status).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/nvme/nvme_health.h"
#include "codec/nvme/nvme_identity.h"

static void put_le(uint8_t *b, unsigned int off, uint64_t v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		b[off + i] = (uint8_t)(v >> (8 * i));
}

/* ASCII field padded with spaces, as Identify carries SN/MN/FR. */
static void put_str(uint8_t *b, unsigned int off, const char *s, unsigned int n)
{
	memset(b + off, ' ', n);
	memcpy(b + off, s, strlen(s));
}

/* A controller like QEMU 7.2's emulated NVMe: VID 1B36h, SSVID 1AF4h, Format NVM only. */
static void qemu_ctrl(uint8_t *b)
{
	memset(b, 0, 4096);
	put_le(b, 0, 0x1b36, 2);		  /* VID */
	put_le(b, 2, 0x1af4, 2);		  /* SSVID */
	put_str(b, 4, "NVME0001", 20);		  /* SN */
	put_str(b, 24, "QEMU NVMe Ctrl", 40);	  /* MN */
	put_str(b, 64, "7.2.22", 8);		  /* FR */
	b[73] = 0x00, b[74] = 0x54, b[75] = 0x52; /* IEEE OUI 525400h, LSB first */
	b[77] = 7;				  /* MDTS */
	put_le(b, 78, 0x0001, 2);		  /* CNTLID */
	put_le(b, 256, 0x000a, 2);     /* OACS: Format NVM (bit 1), NS Management (bit 3) */
	put_le(b, 280, 1ull << 30, 8); /* TNVMCAP = 1 GiB */
	put_le(b, 516, 256, 4);	       /* NN */
	put_le(b, 520, 0x00ff, 2);     /* ONCS */
	b[524] = 0x00;		       /* FNA */
	b[525] = 0x07;		       /* VWC present (+ flush behaviour bits) */
}

static void test_identity_qemu(void **state)
{
	uint8_t b[4096];
	struct ssd_nvme_identity id;

	(void)state;
	qemu_ctrl(b);
	ssd_nvme_parse_identity((const struct nvme_id_ctrl *)b, &id);
	assert_string_equal(id.model, "QEMU NVMe Ctrl");
	assert_string_equal(id.serial, "NVME0001");
	assert_string_equal(id.firmware, "7.2.22");
	assert_int_equal(id.pci_vid, 0x1b36);
	assert_int_equal(id.pci_ssvid, 0x1af4);
	assert_int_equal(id.ieee_oui, 0x525400);
	assert_int_equal(id.cntlid, 1);
	assert_int_equal(id.mdts, 7);
	assert_int_equal(id.nn, 256);
	assert_true(id.tnvmcap_valid);
	assert_int_equal(id.tnvmcap_bytes, 1073741824ull);
	assert_int_equal(id.oacs & NVME_CTRL_OACS_FORMAT, NVME_CTRL_OACS_FORMAT);
	assert_int_equal(id.oncs, 0xff);
	assert_int_equal(id.sanicap, 0);
	assert_true(id.vwc_present);
}

static void test_identity_tnvmcap_edges(void **state)
{
	uint8_t b[4096];
	struct ssd_nvme_identity id;

	(void)state;
	qemu_ctrl(b);
	put_le(b, 280, 0, 8); /* not reported */
	ssd_nvme_parse_identity((const struct nvme_id_ctrl *)b, &id);
	assert_false(id.tnvmcap_valid);

	b[295] = 1; /* bit 120 set: more than 2^64 bytes */
	ssd_nvme_parse_identity((const struct nvme_id_ctrl *)b, &id);
	assert_false(id.tnvmcap_valid);
	assert_int_equal(id.tnvmcap_bytes, 0);

	/* a full 40-byte model with no padding, sanitize and crypto erase bits */
	memset(b + 24, 'M', 40);
	put_le(b, 328, 0x7, 4); /* SANICAP: CES, BES, OWS */
	b[524] = 0x04;		/* FNA: crypto erase supported */
	b[525] = 0x06;		/* VWC bit 0 clear */
	ssd_nvme_parse_identity((const struct nvme_id_ctrl *)b, &id);
	assert_int_equal(strlen(id.model), 40);
	assert_int_equal(id.sanicap, 7);
	assert_int_equal(id.fna, 4);
	assert_false(id.vwc_present);
}

static void test_lbafs(void **state)
{
	uint8_t b[4096] = {0};
	struct ssd_nvme_lbaf f[SSD_NVME_MAX_LBAF];

	(void)state;
	b[25] = 7; /* NLBAF: 8 formats, as QEMU advertises */
	/* QEMU's table: 512+0, 512+8, 512+16, 512+64, 4096+0, 4096+8, 4096+16, 4096+64 */
	static const struct {
		uint16_t ms;
		uint8_t ds, rp;
	} q[8] = {
	    {0, 9, 0},	{8, 9, 0},  {16, 9, 0},	 {64, 9, 0},
	    {0, 12, 0}, {8, 12, 1}, {16, 12, 2}, {64, 12, 3},
	};
	for (int i = 0; i < 8; i++) {
		put_le(b, 128 + 4 * i, q[i].ms, 2);
		b[128 + 4 * i + 2] = q[i].ds;
		b[128 + 4 * i + 3] = q[i].rp;
	}
	assert_int_equal(ssd_nvme_parse_lbafs((const struct nvme_id_ns *)b, f), 8);
	assert_int_equal(f[0].data_bytes, 512);
	assert_int_equal(f[0].md_bytes, 0);
	assert_int_equal(f[3].md_bytes, 64);
	assert_int_equal(f[4].data_bytes, 4096);
	assert_int_equal(f[7].data_bytes, 4096);
	assert_int_equal(f[7].md_bytes, 64);
	assert_int_equal(f[5].rp, 1);
	assert_string_equal(ssd_nvme_rp_name(f[7].rp), "degraded");
	assert_string_equal(ssd_nvme_rp_name(f[0].rp), "best");

	b[128 + 2] = 0; /* LBADS 0: format not available */
	ssd_nvme_parse_lbafs((const struct nvme_id_ns *)b, f);
	assert_int_equal(f[0].data_bytes, 0);
}

static void smart_page(uint8_t *b)
{
	memset(b, 0, 512);
	b[0] = 0x05;		  /* critical warning: spare (bit 0) and degraded (bit 2) */
	put_le(b, 1, 323, 2);	  /* 323 K = 50 °C */
	b[3] = 100;		  /* available spare */
	b[4] = 10;		  /* threshold */
	b[5] = 3;		  /* percentage used */
	put_le(b, 32, 1000, 8);	  /* data units read: 1000 × 512000 bytes */
	put_le(b, 48, 2, 8);	  /* data units written */
	put_le(b, 64, 123456, 8); /* host read commands */
	put_le(b, 80, 654321, 8); /* host write commands */
	put_le(b, 96, 17, 8);	  /* controller busy minutes */
	put_le(b, 112, 9, 8);	  /* power cycles */
	put_le(b, 128, 4242, 8);  /* power-on hours */
	put_le(b, 144, 3, 8);	  /* unsafe shutdowns */
	put_le(b, 160, 0, 8);	  /* media errors */
	put_le(b, 176, 1, 8);	  /* error log entries */
	put_le(b, 192, 5, 4);	  /* warning temperature time */
	put_le(b, 196, 1, 4);	  /* critical temperature time */
	put_le(b, 200, 300, 2);	  /* sensor 1: 27 °C */
	put_le(b, 202, 250, 2);	  /* sensor 2: -23 °C */
}

static void test_smart(void **state)
{
	uint8_t b[512];
	struct ssd_nvme_health h;

	(void)state;
	smart_page(b);
	ssd_nvme_parse_smart((const struct nvme_smart_log *)b, &h);
	assert_int_equal(h.critical_warning, 5);
	assert_true(h.temperature_valid);
	assert_int_equal(h.temperature_c, 50);
	assert_int_equal(h.avail_spare_pct, 100);
	assert_int_equal(h.spare_thresh_pct, 10);
	assert_int_equal(h.percent_used, 3);
	assert_true(h.data_read_bytes.valid);
	assert_int_equal(h.data_read_bytes.value, 512000000ull);
	assert_int_equal(h.data_written_bytes.value, 1024000ull);
	assert_int_equal(h.host_reads.value, 123456);
	assert_int_equal(h.host_writes.value, 654321);
	assert_int_equal(h.busy_minutes.value, 17);
	assert_int_equal(h.power_cycles.value, 9);
	assert_int_equal(h.power_on_hours.value, 4242);
	assert_int_equal(h.unsafe_shutdowns.value, 3);
	assert_true(h.media_errors.valid);
	assert_int_equal(h.media_errors.value, 0);
	assert_int_equal(h.error_log_entries.value, 1);
	assert_int_equal(h.warning_temp_minutes, 5);
	assert_int_equal(h.critical_temp_minutes, 1);
	assert_true(h.sensor_valid[0]);
	assert_int_equal(h.sensor_c[0], 27);
	assert_int_equal(h.sensor_c[1], -23);
	assert_false(h.sensor_valid[2]);
	assert_string_equal(ssd_nvme_crit_warning_name(2), "NVM subsystem reliability degraded");
	assert_null(ssd_nvme_crit_warning_name(6));
}

static void test_smart_overflow(void **state)
{
	uint8_t b[512];
	struct ssd_nvme_health h;

	(void)state;
	smart_page(b);
	put_le(b, 1, 0, 2);	       /* no composite temperature */
	b[32 + 8] = 1;		       /* data units read >= 2^64: does not fit */
	put_le(b, 48, 1ull << 60, 8);  /* fits 64 bits as units, not as bytes */
	put_le(b, 128, UINT64_MAX, 8); /* the largest power-on hours that fit */
	ssd_nvme_parse_smart((const struct nvme_smart_log *)b, &h);
	assert_false(h.temperature_valid);
	assert_false(h.data_read_bytes.valid);
	assert_false(h.data_written_bytes.valid);
	assert_true(h.power_on_hours.valid);
	assert_int_equal(h.power_on_hours.value, UINT64_MAX);
}

static void test_sanitize_log(void **state)
{
	uint8_t b[512] = {0};
	struct ssd_nvme_sanitize_status s;

	(void)state;
	put_le(b, 0, 0x8000, 2);	  /* SPROG: half done */
	put_le(b, 2, 0x0002 | 3 << 3, 2); /* in progress, 3 passes */
	ssd_nvme_parse_sanitize_log((const struct nvme_sanitize_log_page *)b, &s);
	assert_int_equal(s.state, SSD_SANITIZE_IN_PROGRESS);
	assert_int_equal(s.progress_per_mille, 500);
	assert_int_equal(s.passes, 3);
	assert_false(s.global_data_erased);

	put_le(b, 0, 0xffff, 2);
	put_le(b, 2, 0x0101, 2); /* completed, global data erased */
	ssd_nvme_parse_sanitize_log((const struct nvme_sanitize_log_page *)b, &s);
	assert_int_equal(s.state, SSD_SANITIZE_DONE);
	assert_int_equal(s.progress_per_mille, 999);
	assert_true(s.global_data_erased);
	assert_string_equal(ssd_nvme_sanitize_state_name(s.state), "completed successfully");
}

static void test_le128(void **state)
{
	uint8_t b[16] = {0x01, 0x02};
	uint64_t v = 7;

	(void)state;
	assert_true(ssd_nvme_le128_to_u64(b, &v));
	assert_int_equal(v, 0x0201);
	b[15] = 0x80;
	assert_false(ssd_nvme_le128_to_u64(b, &v));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_identity_qemu),  cmocka_unit_test(test_identity_tnvmcap_edges),
	    cmocka_unit_test(test_lbafs),	   cmocka_unit_test(test_smart),
	    cmocka_unit_test(test_smart_overflow), cmocka_unit_test(test_sanitize_log),
	    cmocka_unit_test(test_le128),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
