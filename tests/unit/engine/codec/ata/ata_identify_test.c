// SPDX-License-Identifier: GPL-2.0-only
/*
 * ata_identify_test.c - IDENTIFY DEVICE words (ACS-4 Table 45), SMART READ DATA attribute
 * table, Device Statistics pages (ACS-4 §9.5) and the ATA PASS-THROUGH(16) CDBs (SAT-4
 * §12.2.2.3), on buffers written word by word in the test.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/ata/ata_cmd.h"
#include "codec/ata/ata_identify.h"
#include "codec/ata/ata_smart.h"

static char err[256];

static void put_word(uint8_t *b, unsigned int w, uint16_t v)
{
	b[2 * w] = (uint8_t)v;
	b[2 * w + 1] = (uint8_t)(v >> 8);
}

/* An ATA string: the first character of each pair in bits 15:8, padded with spaces. */
static void put_ata_str(uint8_t *b, unsigned int w, unsigned int words, const char *s)
{
	char pad[80];

	memset(pad, ' ', sizeof(pad));
	memcpy(pad, s, strlen(s));
	for (unsigned int i = 0; i < words; i++)
		put_word(b, w + i, (uint16_t)((uint8_t)pad[2 * i] << 8 | (uint8_t)pad[2 * i + 1]));
}

static void seal(uint8_t *b)
{
	uint8_t sum = 0;

	b[510] = 0xa5;
	for (int i = 0; i < 511; i++)
		sum = (uint8_t)(sum + b[i]);
	b[511] = (uint8_t)(0x100 - sum);
}

/* The drive of LAB-NOTES §9: serial SATA123, model LabSATA, a 1 GiB image. */
static void lab_sata(uint8_t *b)
{
	memset(b, 0, 512);
	put_word(b, 0, 0x0040);
	put_ata_str(b, 10, 10, "SATA123");
	put_ata_str(b, 23, 4, "2.5+");
	put_ata_str(b, 27, 20, "LabSATA");
	put_word(b, 59, 0xb000); /* sanitize: block erase, crypto scramble, feature set */
	put_word(b, 60, 0x0000); /* 28-bit count 0x00200000 */
	put_word(b, 61, 0x0020);
	put_word(b, 69, 0x4020);  /* DRAT + RZAT */
	put_word(b, 75, 31);	  /* queue depth 32 */
	put_word(b, 76, 0x010e);  /* NCQ, SATA gen 1-3 */
	put_word(b, 82, 0x0001);  /* SMART supported */
	put_word(b, 83, 0x0400);  /* 48-bit addressing */
	put_word(b, 85, 0x0001);  /* SMART enabled */
	put_word(b, 100, 0x0000); /* 48-bit count 2097152 */
	put_word(b, 101, 0x0020);
	put_word(b, 106, 0x6003); /* valid, 8 logical per physical */
	put_word(b, 168, 0x0003); /* 2.5 inch */
	put_word(b, 169, 0x0001); /* TRIM */
	put_word(b, 217, 0x0001); /* non-rotating */
	seal(b);
}

static void test_identify(void **state)
{
	uint8_t b[512];
	struct ssd_ata_identity id;

	(void)state;
	lab_sata(b);
	assert_int_equal(ssd_ata_parse_identify(b, sizeof(b), &id, err, sizeof(err)), 0);
	assert_string_equal(id.model, "LabSATA");
	assert_string_equal(id.serial, "SATA123");
	assert_string_equal(id.firmware, "2.5+");
	assert_int_equal(id.sectors, 2097152);
	assert_int_equal(id.logical_bytes, 512);
	assert_int_equal(id.physical_bytes, 4096);
	assert_true(id.ncq);
	assert_int_equal(id.queue_depth, 32);
	assert_int_equal(id.sata_gen_max, 3);
	assert_true(id.trim);
	assert_true(id.trim_deterministic);
	assert_true(id.trim_zeroes);
	assert_int_equal(id.rotation_rate, 1);
	assert_int_equal(id.form_factor, 3);
	assert_true(id.smart_supported && id.smart_enabled);
	assert_true(id.sanitize && id.sanitize_block && id.sanitize_crypto);
	assert_false(id.sanitize_overwrite);
}

static void test_identify_variants(void **state)
{
	uint8_t b[512];
	struct ssd_ata_identity id;

	(void)state;
	/* 28-bit only, no NCQ, 4Kn logical sectors (words 117-118 = 2048 words) */
	lab_sata(b);
	put_word(b, 83, 0);
	put_word(b, 76, 0);
	put_word(b, 106, 0x5000);
	put_word(b, 117, 2048);
	seal(b);
	assert_int_equal(ssd_ata_parse_identify(b, sizeof(b), &id, err, sizeof(err)), 0);
	assert_int_equal(id.sectors, 0x00200000);
	assert_false(id.ncq);
	assert_int_equal(id.queue_depth, 0);
	assert_int_equal(id.logical_bytes, 4096);
	assert_int_equal(id.physical_bytes, 4096);

	/* a broken checksum */
	b[100] ^= 1;
	assert_int_equal(ssd_ata_parse_identify(b, sizeof(b), &id, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "checksum"));
	/* without the A5h signature the checksum is not checked */
	b[510] = 0;
	assert_int_equal(ssd_ata_parse_identify(b, sizeof(b), &id, err, sizeof(err)), 0);
	/* a packet device */
	put_word(b, 0, 0x8580);
	assert_int_equal(ssd_ata_parse_identify(b, sizeof(b), &id, err, sizeof(err)), -EINVAL);
	assert_int_equal(ssd_ata_parse_identify(b, 256, &id, err, sizeof(err)), -EINVAL);
}

static void put_attr(uint8_t *b, int slot, uint8_t id, uint8_t value, uint8_t worst, uint64_t raw)
{
	uint8_t *e = b + 2 + 12 * slot;

	e[0] = id;
	e[1] = 0x32;
	e[3] = value;
	e[4] = worst;
	for (int i = 0; i < 6; i++)
		e[5 + i] = (uint8_t)(raw >> (8 * i));
}

static void test_smart(void **state)
{
	uint8_t b[512] = {0x10, 0x00};
	struct ssd_ata_smart s;
	const struct ssd_ata_smart_attr *a;

	(void)state;
	put_attr(b, 0, 9, 100, 100, 4242);
	put_attr(b, 2, 194, 67, 50, 0x0000002d0021ull); /* 33 °C now, max 45 */
	put_attr(b, 29, 241, 100, 100, 0x123456789abcull);
	assert_int_equal(ssd_ata_parse_smart_data(b, sizeof(b), &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 3);
	a = ssd_ata_smart_find(&s, 194);
	assert_non_null(a);
	assert_int_equal(a->value, 67);
	assert_int_equal(a->worst, 50);
	assert_int_equal(a->raw & 0xff, 33);
	assert_int_equal(ssd_ata_smart_find(&s, 9)->raw, 4242);
	assert_int_equal(ssd_ata_smart_find(&s, 241)->raw, 0x123456789abcull);
	assert_null(ssd_ata_smart_find(&s, 5));
	assert_string_equal(ssd_ata_smart_attr_name(9), "Power_On_Hours");
	assert_null(ssd_ata_smart_attr_name(2));
	assert_int_equal(ssd_ata_parse_smart_data(b, 300, &s, err, sizeof(err)), -EINVAL);
}

static void put_stat(uint8_t *b, unsigned int off, uint8_t flags, uint64_t v)
{
	for (int i = 0; i < 7; i++)
		b[off + i] = (uint8_t)(v >> (8 * i));
	b[off + 7] = flags;
}

static void test_devstats(void **state)
{
	uint8_t g[512] = {0x01, 0x00, 0x01}, t[512] = {0x01, 0x00, 0x05},
		d[512] = {0x01, 0x00, 0x07};
	struct ssd_ata_devstats s;

	(void)state;
	memset(&s, 0, sizeof(s));
	put_stat(g, 0x10, 0xc0, 5000);		    /* power-on hours, valid */
	put_stat(g, 0x18, 0x80, 123);		    /* sectors written: supported, not valid */
	put_stat(g, 0x28, 0xc0, 0xffffffffffffull); /* sectors read */
	put_stat(t, 0x08, 0xc0, 0xf6);		    /* -10 °C */
	put_stat(d, 0x08, 0xc0, 12);		    /* 12 % used */
	assert_int_equal(
	    ssd_ata_parse_devstat_page(g, 512, SSD_ATA_DEVSTAT_GENERAL, &s, err, sizeof(err)), 0);
	assert_int_equal(
	    ssd_ata_parse_devstat_page(t, 512, SSD_ATA_DEVSTAT_TEMPERATURE, &s, err, sizeof(err)),
	    0);
	assert_int_equal(
	    ssd_ata_parse_devstat_page(d, 512, SSD_ATA_DEVSTAT_SSD, &s, err, sizeof(err)), 0);
	assert_true(s.power_on_hours.valid);
	assert_int_equal(s.power_on_hours.value, 5000);
	assert_false(s.logical_sectors_written.valid);
	assert_int_equal(s.logical_sectors_read.value, 0xffffffffffffll);
	assert_false(s.read_commands.valid);
	assert_int_equal(s.temperature_c.value, -10);
	assert_int_equal(s.percentage_used.value, 12);
	assert_int_equal(
	    ssd_ata_parse_devstat_page(g, 512, SSD_ATA_DEVSTAT_SSD, &s, err, sizeof(err)), -EINVAL);
}

/* The General Statistics the telemetry samples of a SATA drive take as the host's counters
 * (ACS-4 §9.5, Device Statistics log, General Statistics page 01h: 18h LOGICAL SECTORS WRITTEN and
 * 28h LOGICAL SECTORS READ bits 47:0, 20h/30h NUMBER OF WRITE/READ COMMANDS bits 47:0, 10h POWER-ON
 * HOURS bits 31:0), each statistic's flags in bits 63:56 (the statistic's header: 63 SUPPORTED, 62
 * VALID VALUE, 61 NORMALIZED, 60 SUPPORTS DSN, 59 MONITORED CONDITION MET): the other flags and the
 * bits above the field are not the value. */
static void test_devstats_counters(void **state)
{
	uint8_t g[512] = {0x01, 0x00, 0x01}, t[512] = {0x01, 0x00, 0x05};
	struct ssd_ata_devstats s;

	(void)state;
	memset(&s, 0, sizeof(s));
	put_stat(g, 0x10, 0xf8, 0x00ab00000001ull);   /* every flag; bits 47:32 not the hours */
	put_stat(g, 0x18, 0xd0, 0xcc123456789abcull); /* bits 55:48 set: not the sectors */
	put_stat(g, 0x20, 0xc0, 7);		      /* write commands */
	put_stat(g, 0x28, 0x40, 99);		      /* valid but not supported: none */
	put_stat(g, 0x30, 0xe0, 0x00ffffffffffffull); /* read commands, NORMALIZED set */
	put_stat(t, 0x08, 0xc8, 0x12345600ull | 41);  /* 41 °C; bits above 7:0 not it */
	assert_int_equal(
	    ssd_ata_parse_devstat_page(g, 512, SSD_ATA_DEVSTAT_GENERAL, &s, err, sizeof(err)), 0);
	assert_int_equal(
	    ssd_ata_parse_devstat_page(t, 512, SSD_ATA_DEVSTAT_TEMPERATURE, &s, err, sizeof(err)),
	    0);
	assert_true(s.power_on_hours.valid);
	assert_int_equal(s.power_on_hours.value, 1);
	assert_true(s.logical_sectors_written.valid);
	assert_int_equal(s.logical_sectors_written.value, 0x123456789abcll);
	assert_int_equal(s.write_commands.value, 7);
	assert_false(s.logical_sectors_read.valid);
	assert_true(s.read_commands.valid);
	assert_int_equal(s.read_commands.value, 0xffffffffffffll);
	assert_true(s.temperature_c.valid);
	assert_int_equal(s.temperature_c.value, 41);
	/* a page shorter than 512 bytes: refused, @out untouched */
	assert_int_equal(
	    ssd_ata_parse_devstat_page(g, 511, SSD_ATA_DEVSTAT_GENERAL, &s, err, sizeof(err)),
	    -EINVAL);
	assert_int_equal(s.write_commands.value, 7);
}

/* SMART READ DATA's table (ACS-4 §7.45.6.1; the entry layout of SFF-8035i): the raw value is
 * bytes 5..10 little-endian, byte 11 reserved, whatever it holds; an id 0 entry is empty. */
static void test_smart_raw(void **state)
{
	uint8_t b[512] = {0x10, 0x00};
	struct ssd_ata_smart s;

	(void)state;
	put_attr(b, 0, 241, 100, 100, 0xffffffffffffull);
	b[2 + 11] = 0xee;		/* the reserved byte */
	put_attr(b, 1, 0, 100, 100, 5); /* empty */
	put_attr(b, 2, 249, 100, 100, 0x000000010203ull);
	assert_int_equal(ssd_ata_parse_smart_data(b, 362, &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 2);
	assert_true(ssd_ata_smart_find(&s, 241)->raw == 0xffffffffffffull);
	assert_int_equal(ssd_ata_smart_find(&s, 241)->flags, 0x0032);
	assert_int_equal(ssd_ata_smart_find(&s, 249)->raw, 0x010203);
	assert_null(ssd_ata_smart_find(&s, 0));
	assert_int_equal(ssd_ata_parse_smart_data(b, 361, &s, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "362"));
}

static void test_cdbs(void **state)
{
	struct ssd_scsi_cdb c;

	(void)state;
	ssd_ata_cdb_identify(&c);
	assert_int_equal(c.len, 16);
	assert_memory_equal(
	    c.b, ((const uint8_t[]){0x85, 0x08, 0x0e, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0, 0xec, 0}),
	    16);
	ssd_ata_cdb_smart_read_data(&c);
	assert_memory_equal(c.b,
			    ((const uint8_t[]){0x85, 0x08, 0x0e, 0, 0xd0, 0, 0x01, 0, 0, 0, 0x4f, 0,
					       0xc2, 0, 0xb0, 0}),
			    16);
	ssd_ata_cdb_read_log_ext(&c, SSD_ATA_LOG_DEVICE_STATISTICS, 0x0107, 1);
	assert_memory_equal(c.b,
			    ((const uint8_t[]){0x85, 0x09, 0x0e, 0, 0, 0, 0x01, 0, 0x04, 0x01, 0x07,
					       0, 0, 0, 0x2f, 0}),
			    16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_identify),
	    cmocka_unit_test(test_identify_variants),
	    cmocka_unit_test(test_smart),
	    cmocka_unit_test(test_devstats),
	    cmocka_unit_test(test_devstats_counters),
	    cmocka_unit_test(test_smart_raw),
	    cmocka_unit_test(test_cdbs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
