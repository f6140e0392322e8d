// SPDX-License-Identifier: GPL-2.0-only
/*
 * ata_media_test.c - SATA media writes from vendor SMART attributes (codec/ata/ata_media.h):
 * SMART READ DATA buffers written entry by entry in the test from the attribute layout
 * (ACS-4 §7.45.6 / SFF-8035i: a 2-byte revision, then 30 entries of 12 bytes: id, 2-byte
 * flags, value, worst, 6-byte raw value little-endian, reserved), decoded by
 * ssd_ata_parse_smart_data() and read for each family of the table; the expected figures are
 * the raw values times the units the families' sources give.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/ata/ata_media.h"
#include "codec/ata/ata_smart.h"

#define MIB32 (32ull << 20)
#define GIB (1ull << 30)

struct attr {
	uint8_t id;
	uint64_t raw; /* 48 bits */
};

/* A SMART READ DATA buffer holding @n attributes, decoded. */
static void smart_of(const struct attr *a, size_t n, struct ssd_ata_smart *out)
{
	uint8_t buf[512];
	char err[128];

	memset(buf, 0, sizeof(buf));
	buf[0] = 0x10; /* data structure revision, 0010h */
	for (size_t i = 0; i < n; i++) {
		uint8_t *e = buf + 2 + 12 * i;

		e[0] = a[i].id;
		e[1] = 0x32; /* flags: online collection, event count, self-preserving */
		e[3] = 100;
		e[4] = 100;
		for (int b = 0; b < 6; b++)
			e[5 + b] = (uint8_t)(a[i].raw >> (8 * b));
	}
	assert_int_equal(ssd_ata_parse_smart_data(buf, sizeof(buf), out, err, sizeof(err)), 0);
	assert_int_equal(out->n, n);
}

/* The media writes of @model with @n attributes. */
static const struct ssd_ata_media_family *read_model(const char *model, const struct attr *a,
						     size_t n, struct ssd_ata_media *m)
{
	struct ssd_ata_smart s;
	const struct ssd_ata_media_family *f = ssd_ata_media_family(model);

	smart_of(a, n, &s);
	ssd_ata_media_read(f, &s, m);
	return f;
}

static void test_intel_s3610(void **state)
{
	/* 9 Power_On_Hours and 194 beside the write counters, as the drive lists them */
	const struct attr a[] = {{9, 12000}, {194, 31}, {241, 81234}, {243, 123456}};
	struct ssd_ata_media m;
	const struct ssd_ata_media_family *f = read_model("INTEL SSDSC2BX400G4", a, 4, &m);

	(void)state;
	assert_non_null(f);
	assert_string_equal(f->family, "Intel DC S3510/S3610");
	assert_true(m.has_media);
	assert_true(m.has_host);
	assert_false(m.pages);
	assert_true(m.media == 123456ull * MIB32);
	assert_true(m.host == 81234ull * MIB32);
	assert_string_equal(m.source,
			    "SMART attribute 243 NAND_Writes_32MiB, Intel DC S3510/S3610");
	/* the S3510 of the same family, 2.5" 480 GB */
	assert_ptr_equal(ssd_ata_media_family("INTEL SSDSC2BB480G6"), f);
}

static void test_intel_s45x0(void **state)
{
	const struct attr a[] = {{225, 5000}, {241, 5000}, {242, 900}, {243, 7500}};
	struct ssd_ata_media m;
	const struct ssd_ata_media_family *f = read_model("INTEL SSDSC2KB480G8", a, 4, &m);

	(void)state;
	assert_non_null(f);
	assert_string_equal(f->family, "Intel DC S4500/S4510/S4600/S4610");
	assert_true(m.has_media && m.has_host);
	assert_true(m.media == 7500ull * MIB32);
	assert_true(m.host == 5000ull * MIB32);
	assert_ptr_equal(ssd_ata_media_family("INTEL SSDSC2KG019T8"), f);
	/* the Dell-certified model of the same drive has other attributes (233 host LBAs): not
	 * in the table */
	assert_null(ssd_ata_media_family("SSDSC2KB480G7R"));
	/* S3520 and S3710 have their own rows; the S3710 counts host writes in 225 */
	assert_string_equal(ssd_ata_media_family("INTEL SSDSC2BB960G7")->family, "Intel DC S3520");
	f = read_model("INTEL SSDSC2BA400G4", a, 4, &m);
	assert_string_equal(f->family, "Intel DC S3710");
	assert_int_equal(f->host_attr, 225);
}

static void test_intel_520_gib(void **state)
{
	const struct attr a[] = {{241, 640}, {249, 25}};
	struct ssd_ata_media m;
	const struct ssd_ata_media_family *f = read_model("INTEL SSDSC2CW120A3", a, 2, &m);

	(void)state;
	assert_non_null(f);
	/* NAND in GiB, host in 32 MiB: both in bytes, 25 GiB against 20 GiB */
	assert_true(m.media == 25ull * GIB);
	assert_true(m.host == 640ull * MIB32);
	assert_true(m.host == 20ull * GIB);
	assert_string_equal(m.source, "SMART attribute 249 NAND_Writes_1GiB, Intel 520");
}

static void test_micron_pages(void **state)
{
	/* 246 host sectors, 247 host program pages, 248 background (FTL) program pages */
	const struct attr a[] = {{246, 987654321}, {247, 40000}, {248, 12000}};
	struct ssd_ata_media m;
	const struct ssd_ata_media_family *f = read_model("Micron_5200_MTFDDAK960TDN", a, 3, &m);

	(void)state;
	assert_non_null(f);
	assert_string_equal(f->family, "Micron 5100/5200/5300");
	assert_true(m.pages);
	assert_true(m.has_media && m.has_host);
	/* WAF = (247 + 248) / 247: media pages are the host's and the FTL's */
	assert_true(m.media == 40000 + 12000);
	assert_true(m.host == 40000);
	assert_string_equal(m.source, "SMART attributes (247 Host_Program_Page_Count + 248 "
				      "Bckgnd_Program_Page_Cnt) / 247, Micron 5100/5200/5300: "
				      "NAND pages, a ratio");
	f = read_model("CT500MX500SSD1", a, 3, &m);
	assert_non_null(f);
	assert_int_equal(f->media_attr, 248);
	assert_true(m.pages && m.media == 52000 && m.host == 40000);
	assert_non_null(ssd_ata_media_family("Crucial_CT275MX300SSD1"));
	assert_non_null(ssd_ata_media_family("Micron_1100_MTFDDAK512TBN"));
	/* 247 missing: no ratio, not 248 alone */
	{
		const struct attr b[] = {{246, 1}, {248, 12000}};

		read_model("Micron_5300_MTFDDAK1T9TDS", b, 2, &m);
		assert_false(m.has_media);
		assert_false(m.has_host);
	}
}

static void test_sandisk(void **state)
{
	const struct attr a[] = {{233, 1300}, {241, 1000}, {242, 5000}};
	struct ssd_ata_media m;
	const struct ssd_ata_media_family *f = read_model("SanDisk SDSSDH3500G", a, 3, &m);

	(void)state;
	assert_non_null(f);
	assert_true(m.media == 1300ull * GIB);
	assert_true(m.host == 1000ull * GIB);
	assert_string_equal(m.source,
			    "SMART attribute 233 Total_NAND_Writes_GiB, SanDisk (Marvell based)");
	assert_ptr_equal(ssd_ata_media_family("SanDisk SSD PLUS 240GB"), f);
}

/* The lab's QEMU SATA disk, and models in no family: none, whatever the attributes say. */
static void test_not_in_table(void **state)
{
	const struct attr a[] = {{241, 1000}, {243, 1500}, {249, 10}};
	struct ssd_ata_media m;

	(void)state;
	assert_null(read_model("QEMU HARDDISK", a, 3, &m));
	assert_false(m.has_media);
	assert_false(m.has_host);
	assert_false(ssd_ata_media_usable(NULL, &m));
	assert_null(ssd_ata_media_family("LabSATA"));
	assert_null(ssd_ata_media_family("Samsung SSD 860 EVO 500GB"));
	assert_null(ssd_ata_media_family(""));
	assert_null(ssd_ata_media_family(NULL));
	/* an Intel family whose 243 the drive does not list: nothing, host writes alone */
	{
		const struct attr b[] = {{241, 1000}};

		read_model("INTEL SSDSC2BX400G4", b, 1, &m);
		assert_false(m.has_media);
		assert_true(m.has_host);
	}
}

/* A raw value past what 64 bits hold once scaled is not taken. */
static void test_overflow(void **state)
{
	const struct attr a[] = {{241, 1}, {249, 0xffffffffffffull}};
	struct ssd_ata_media m;

	(void)state;
	read_model("INTEL SSDSC2CW120A3", a, 2, &m);
	assert_false(m.has_media);
	assert_true(m.has_host);
}

static void test_usable(void **state)
{
	const struct attr a0[] = {{241, 1000}, {243, 1500}};
	const struct attr back[] = {{241, 1100}, {243, 1499}};
	const struct attr zero[] = {{241, 1200}, {243, 0}};
	const struct attr idle0[] = {{241, 0}, {243, 0}};
	const struct attr on[] = {{241, 1200}, {243, 1700}};
	struct ssd_ata_media m0, m;

	(void)state;
	read_model("INTEL SSDSC2BX400G4", a0, 2, &m0);
	assert_true(ssd_ata_media_usable(NULL, &m0));
	/* backwards */
	read_model("INTEL SSDSC2BX400G4", back, 2, &m);
	assert_false(ssd_ata_media_usable(&m0, &m));
	/* 0 while the host's grew: an attribute the drive lists but does not keep */
	read_model("INTEL SSDSC2BX400G4", zero, 2, &m);
	assert_false(ssd_ata_media_usable(&m0, &m));
	assert_false(ssd_ata_media_usable(NULL, &m));
	/* a new drive: 0 and 0 is a count */
	read_model("INTEL SSDSC2BX400G4", idle0, 2, &m);
	assert_true(ssd_ata_media_usable(NULL, &m));
	/* forward */
	read_model("INTEL SSDSC2BX400G4", on, 2, &m);
	assert_true(ssd_ata_media_usable(&m0, &m));
}

/* Every row names its attributes, a unit for bytes or pages alike on both sides, and a
 * source. */
static void test_table(void **state)
{
	size_t n;
	const struct ssd_ata_media_family *t = ssd_ata_media_families(&n);

	(void)state;
	assert_true(n >= 8);
	for (size_t i = 0; i < n; i++) {
		assert_non_null(t[i].family);
		assert_non_null(t[i].models[0]);
		assert_true(t[i].media_attr != 0);
		assert_non_null(t[i].media_name);
		assert_non_null(t[i].source);
		assert_true(strlen(t[i].source) > 10);
		/* pages on one side are pages on the other: a ratio only */
		assert_int_equal(t[i].media_unit == 0, t[i].host_unit == 0);
		assert_true(!t[i].media_adds_host || t[i].host_attr);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_intel_s3610),	  cmocka_unit_test(test_intel_s45x0),
	    cmocka_unit_test(test_intel_520_gib), cmocka_unit_test(test_micron_pages),
	    cmocka_unit_test(test_sandisk),	  cmocka_unit_test(test_not_in_table),
	    cmocka_unit_test(test_overflow),	  cmocka_unit_test(test_usable),
	    cmocka_unit_test(test_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
