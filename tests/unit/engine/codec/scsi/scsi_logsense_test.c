// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_logsense_test.c - LOG SENSE pages built from SPC-5 §7.3 / SBC-4 §6.4 (the temperature
 * and informational exceptions pages with the values the Linux scsi_debug driver returns),
 * and the management CDBs and sense progress indication of scsi_mgmt.h, byte for byte.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codec/scsi/scsi_logsense.h"
#include "codec/scsi/scsi_mgmt.h"

static char err[256];

static void test_supported(void **state)
{
	static const uint8_t p[] = {0x00, 0x00, 0x00, 0x03, 0x00, 0x0d, 0x2f};
	struct ssd_scsi_log_list l;

	(void)state;
	assert_int_equal(ssd_scsi_parse_log_supported(p, sizeof(p), &l, err, sizeof(err)), 0);
	assert_int_equal(l.n, 3);
	assert_true(ssd_scsi_log_list_has(&l, SSD_SCSI_LOG_TEMPERATURE));
	assert_true(ssd_scsi_log_list_has(&l, SSD_SCSI_LOG_INFO_EXCEPTIONS));
	assert_false(ssd_scsi_log_list_has(&l, SSD_SCSI_LOG_SOLID_STATE));
}

static void test_temperature(void **state)
{
	/* param 0000h: 38 °C; param 0001h: reference 65 °C */
	static const uint8_t p[] = {0x0d, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x03, 0x02,
				    0x00, 38,	0x00, 0x01, 0x03, 0x02, 0x00, 65};
	uint8_t q[sizeof(p)];
	struct ssd_scsi_log_temperature t;

	(void)state;
	assert_int_equal(ssd_scsi_parse_log_temperature(p, sizeof(p), &t, err, sizeof(err)), 0);
	assert_true(t.temperature_c.valid);
	assert_int_equal(t.temperature_c.value, 38);
	assert_true(t.reference_c.valid);
	assert_int_equal(t.reference_c.value, 65);

	memcpy(q, p, sizeof(q));
	q[9] = 0xff; /* no valid temperature */
	assert_int_equal(ssd_scsi_parse_log_temperature(q, 10, &t, err, sizeof(err)), 0);
	assert_false(t.temperature_c.valid);
	assert_false(t.reference_c.valid); /* not returned */
	assert_int_equal(ssd_scsi_parse_log_temperature(q, sizeof(q), &t, err, sizeof(err)), 0);
	assert_int_equal(t.reference_c.value, 65);

	q[0] = 0x2f;
	assert_int_equal(ssd_scsi_parse_log_temperature(q, sizeof(q), &t, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "PAGE CODE is 2Fh"));
}

static void test_errors(void **state)
{
	/* read error counters: 0003h total corrected (2 bytes = 0x0102), 0005h bytes processed
	 * (8 bytes), 0006h total uncorrected (4 bytes = 7), and 0000h (ignored) */
	static const uint8_t p[] = {
	    0x03, 0x00, 0x00, 0x23, 0x00, 0x00, 0x02, 0x01, 0x09, 0x00, 0x03, 0x02, 0x02, 0x01,
	    0x02, 0x00, 0x05, 0x02, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
	    0x06, 0x02, 0x04, 0x00, 0x00, 0x00, 0x07, 0x80, 0x00, 0x02, 0x00, /* vendor parameter,
										 empty */
	};
	struct ssd_scsi_log_errors e;

	(void)state;
	assert_int_equal(sizeof(p), 0x23 + 4);
	assert_int_equal(
	    ssd_scsi_parse_log_errors(p, sizeof(p), SSD_SCSI_LOG_READ_ERRORS, &e, err, sizeof(err)),
	    0);
	assert_true(e.corrected.valid);
	assert_int_equal(e.corrected.value, 0x0102);
	assert_int_equal(e.bytes_processed.value, 0x100000000ull);
	assert_int_equal(e.uncorrected.value, 7);
	/* the page cut in the middle of parameter 0006h: that counter is not reported */
	assert_int_equal(
	    ssd_scsi_parse_log_errors(p, 32, SSD_SCSI_LOG_READ_ERRORS, &e, err, sizeof(err)), 0);
	assert_true(e.bytes_processed.valid);
	assert_false(e.uncorrected.valid);
	assert_int_equal(ssd_scsi_parse_log_errors(p, sizeof(p), SSD_SCSI_LOG_WRITE_ERRORS, &e, err,
						   sizeof(err)),
			 -EINVAL);
}

static void test_ssd_bgscan_ie(void **state)
{
	static const uint8_t ssd[] = {0x11, 0x00, 0x00, 0x08, 0x00, 0x01,
				      0x03, 0x04, 0x00, 0x00, 0x00, 0x07};
	/* ACCUMULATED POWER ON MINUTES 7230 = 120 h 30 min */
	static const uint8_t bg[] = {0x15, 0x00, 0x00, 0x10, 0x00, 0x00, 0x03, 0x0c, 0x00, 0x00,
				     0x1c, 0x3e, 0x00, 0x08, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00};
	/* scsi_debug: IE ASC 0, ASCQ 0, most recent temperature 38 */
	static const uint8_t ie[] = {0x2f, 0x00, 0x00, 0x07, 0x00, 0x00,
				     0x03, 0x03, 0x00, 0x00, 38};
	struct ssd_scsi_log_value v;
	struct ssd_scsi_log_ie i;

	(void)state;
	assert_int_equal(ssd_scsi_parse_log_ssd(ssd, sizeof(ssd), &v, err, sizeof(err)), 0);
	assert_true(v.valid);
	assert_int_equal(v.value, 7);
	assert_int_equal(ssd_scsi_parse_log_bgscan(bg, sizeof(bg), &v, err, sizeof(err)), 0);
	assert_int_equal(v.value, 7230);
	assert_int_equal(ssd_scsi_parse_log_ie(ie, sizeof(ie), &i, err, sizeof(err)), 0);
	assert_true(i.valid);
	assert_int_equal(i.asc, 0);
	assert_true(i.temperature_c.valid);
	assert_int_equal(i.temperature_c.value, 38);
	/* SSD page without parameter 0001h */
	assert_int_equal(ssd_scsi_parse_log_ssd(ssd, 4, &v, err, sizeof(err)), 0);
	assert_false(v.valid);
}

/* Append a log parameter (SPC-5 §7.3, the log parameter's header): PARAMETER CODE big-endian,
 * control byte (01h: binary list, LBIN 0, LP 1 for counters), PARAMETER LENGTH, the value
 * big-endian in @vlen bytes; the page's PAGE LENGTH grows by 4 + @vlen. */
static void put_param(uint8_t *page, size_t *off, uint16_t code, uint8_t control, uint8_t vlen,
		      uint64_t value)
{
	uint8_t *p = page + *off;
	unsigned int page_len;

	p[0] = (uint8_t)(code >> 8);
	p[1] = (uint8_t)code;
	p[2] = control;
	p[3] = vlen;
	for (unsigned int i = 0; i < vlen; i++)
		p[4 + i] = i + 8 >= vlen ? (uint8_t)(value >> (8 * (vlen - 1 - i))) : 0;
	*off += 4u + vlen;
	page_len = (unsigned int)(*off - 4);
	page[2] = (uint8_t)(page_len >> 8);
	page[3] = (uint8_t)page_len;
}

/* The counters the telemetry samples of a SCSI drive take (engine/ctl/ssdctl_health.c): the Write
 * Error Counter page 02h's TOTAL BYTES PROCESSED (0005h) as the host's writes, TOTAL UNCORRECTED
 * ERRORS (0006h) as media errors (SPC-5 §7.3, "Error counter log pages", parameter codes
 * 0000h..0006h), each counter big-endian over PARAMETER LENGTH bytes. */
static void test_write_counters(void **state)
{
	uint8_t p[128] = {SSD_SCSI_LOG_WRITE_ERRORS, 0x00};
	size_t off = 4, len;
	struct ssd_scsi_log_errors e;

	(void)state;
	put_param(p, &off, 0x0000, 0x02, 4, 11);		    /* corrected, no delay */
	put_param(p, &off, 0x0003, 0x02, 4, 0x01020304);	    /* TOTAL ERRORS CORRECTED */
	put_param(p, &off, 0x0005, 0x02, 8, 0xfedcba9876543210ull); /* all 64 bits */
	put_param(p, &off, 0x0006, 0x02, 2, 0x8001);		    /* TOTAL UNCORRECTED ERRORS */
	len = off;
	assert_int_equal(
	    ssd_scsi_parse_log_errors(p, len, SSD_SCSI_LOG_WRITE_ERRORS, &e, err, sizeof(err)), 0);
	assert_true(e.corrected.valid && e.bytes_processed.valid && e.uncorrected.valid);
	assert_int_equal(e.corrected.value, 0x01020304);
	assert_true(e.bytes_processed.value == 0xfedcba9876543210ull);
	assert_int_equal(e.uncorrected.value, 0x8001);

	/* a device returns more bytes than PAGE LENGTH covers (the allocation length's rest):
	 * a parameter past PAGE LENGTH is not the page's */
	p[3] = (uint8_t)(p[3] - 6); /* PAGE LENGTH ends before parameter 0006h */
	assert_int_equal(
	    ssd_scsi_parse_log_errors(p, len, SSD_SCSI_LOG_WRITE_ERRORS, &e, err, sizeof(err)), 0);
	assert_true(e.bytes_processed.valid);
	assert_false(e.uncorrected.valid);

	/* a counter wider than 64 bits (PARAMETER LENGTH 9) is not taken, cut to its low bytes */
	memset(p + 4, 0, sizeof(p) - 4);
	off = 4;
	put_param(p, &off, 0x0005, 0x02, 9, 0x100);
	assert_int_equal(
	    ssd_scsi_parse_log_errors(p, off, SSD_SCSI_LOG_WRITE_ERRORS, &e, err, sizeof(err)), 0);
	assert_false(e.bytes_processed.valid);
	/* a header alone: no counter, no error */
	assert_int_equal(
	    ssd_scsi_parse_log_errors(p, 4, SSD_SCSI_LOG_WRITE_ERRORS, &e, err, sizeof(err)), 0);
	assert_false(e.corrected.valid || e.bytes_processed.valid || e.uncorrected.valid);
	assert_int_equal(
	    ssd_scsi_parse_log_errors(p, 3, SSD_SCSI_LOG_WRITE_ERRORS, &e, err, sizeof(err)),
	    -EINVAL);
}

/* Solid State Media page 11h (SBC-4 §6.4, "Solid State Media log page"): parameter 0001h PERCENTAGE
 * USED ENDURANCE INDICATOR, PARAMETER LENGTH 04h, value bytes 0..2 reserved, byte 3 the percentage
 * (may exceed 100); a vendor parameter (8000h and up) before it is stepped over. Informational
 * Exceptions 2Fh (SPC-5 §7.3, "Informational Exceptions log page"): ASC 5Dh ASCQ 00h (failure
 * prediction threshold exceeded) with no valid temperature (FFh). */
static void test_media_pages(void **state)
{
	uint8_t ssd[64] = {SSD_SCSI_LOG_SOLID_STATE, 0x00}, ie[32] = {SSD_SCSI_LOG_INFO_EXCEPTIONS};
	size_t off = 4, ioff = 4;
	struct ssd_scsi_log_value v;
	struct ssd_scsi_log_ie i;

	(void)state;
	put_param(ssd, &off, 0x8000, 0x03, 6, 0xa5a5a5a5a5a5ull);
	put_param(ssd, &off, 0x0001, 0x03, 4, 0xffffff00u | 142);
	assert_int_equal(ssd_scsi_parse_log_ssd(ssd, off, &v, err, sizeof(err)), 0);
	assert_true(v.valid);
	assert_int_equal(v.value, 142); /* byte 3 alone: the reserved bytes are not the value */
	/* a PARAMETER LENGTH too short for byte 3: not reported */
	memset(ssd + 4, 0, sizeof(ssd) - 4);
	off = 4;
	put_param(ssd, &off, 0x0001, 0x03, 2, 9);
	assert_int_equal(ssd_scsi_parse_log_ssd(ssd, off, &v, err, sizeof(err)), 0);
	assert_false(v.valid);

	put_param(ie, &ioff, 0x0000, 0x03, 3, 0x5d00ff);
	assert_int_equal(ssd_scsi_parse_log_ie(ie, ioff, &i, err, sizeof(err)), 0);
	assert_true(i.valid);
	assert_int_equal(i.asc, 0x5d);
	assert_int_equal(i.ascq, 0x00);
	assert_false(i.temperature_c.valid);
}

/* A page in subpage format (SPF set, SPC-5 §7.3, the log page's header) with a SUBPAGE CODE other
 * than 00h is another page than the one asked for (LOG SENSE asks for subpage 00h): not read as it.
 */
static void test_subpage(void **state)
{
	uint8_t p[16] = {0x40 | SSD_SCSI_LOG_TEMPERATURE, 0x01};
	size_t off = 4;
	struct ssd_scsi_log_temperature t;

	(void)state;
	put_param(p, &off, 0x0000, 0x03, 2, 77);
	assert_int_equal(ssd_scsi_parse_log_temperature(p, off, &t, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "SUBPAGE CODE is 01h"));
	p[1] = 0x00; /* SPF set, subpage 00h: the page itself */
	assert_int_equal(ssd_scsi_parse_log_temperature(p, off, &t, err, sizeof(err)), 0);
	assert_true(t.temperature_c.valid);
	assert_int_equal(t.temperature_c.value, 77);
}

static void test_self_test(void **state)
{
	uint8_t p[4 + 2 * 20] = {0x10, 0x00, 0x00, 40};
	uint8_t *e1 = p + 4, *e2 = p + 24;
	struct ssd_scsi_log_self_tests t;

	(void)state;
	/* parameter 0001h: background short self-test (code 1) failed in segment 2 (result 6),
	 * number 3, at 500 power-on hours, first failure LBA 0x1234, MEDIUM ERROR 11h/00h */
	e1[1] = 0x01, e1[2] = 0x03, e1[3] = 0x10;
	e1[4] = (1 << 5) | 6, e1[5] = 3, e1[6] = 0x01, e1[7] = 0xf4;
	e1[14] = 0x12, e1[15] = 0x34;
	e1[16] = 0x03, e1[17] = 0x11, e1[18] = 0x00;
	/* parameter 0002h: unused (all zero) */
	e2[1] = 0x02, e2[2] = 0x03, e2[3] = 0x10;
	assert_int_equal(ssd_scsi_parse_log_self_test(p, sizeof(p), &t, err, sizeof(err)), 0);
	assert_int_equal(t.n, 1);
	assert_int_equal(t.t[0].number_param, 1);
	assert_int_equal(t.t[0].code, 1);
	assert_int_equal(t.t[0].result, 6);
	assert_string_equal(ssd_scsi_self_test_result_name(6), "failed in the second segment");
	assert_int_equal(t.t[0].number, 3);
	assert_int_equal(t.t[0].power_on_hours, 500);
	assert_int_equal(t.t[0].first_failure_lba, 0x1234);
	assert_int_equal(t.t[0].sense_key, 3);
	assert_int_equal(t.t[0].asc, 0x11);
}

static void assert_cdb(const struct ssd_scsi_cdb *c, const uint8_t *want, uint8_t len)
{
	assert_int_equal(c->len, len);
	assert_memory_equal(c->b, want, len);
}

static void test_cdbs(void **state)
{
	struct ssd_scsi_cdb c;
	uint8_t pl[8];

	(void)state;
	ssd_scsi_cdb_log_sense(&c, SSD_SCSI_LOG_TEMPERATURE, 0, 1024);
	assert_cdb(&c, (const uint8_t[]){0x4d, 0, 0x4d, 0, 0, 0, 0, 0x04, 0x00, 0}, 10);
	ssd_scsi_cdb_request_sense(&c, 252);
	assert_cdb(&c, (const uint8_t[]){0x03, 0, 0, 0, 252, 0}, 6);
	ssd_scsi_cdb_report_opcode(&c, SSD_SCSI_OP_SANITIZE, SSD_SCSI_SANITIZE_BLOCK_ERASE, true,
				   16);
	assert_cdb(&c, (const uint8_t[]){0xa3, 0x0c, 0x02, 0x48, 0x00, 0x02, 0, 0, 0, 16, 0, 0},
		   12);
	ssd_scsi_cdb_report_opcode(&c, SSD_SCSI_OP_FORMAT_UNIT, 0, false, 16);
	assert_int_equal(c.b[2], 0x01);
	ssd_scsi_cdb_format_unit(&c);
	assert_cdb(&c, (const uint8_t[]){0x04, 0x10, 0, 0, 0, 0}, 6);
	ssd_scsi_format_unit_params(pl, true);
	assert_memory_equal(pl, ((const uint8_t[]){0x00, 0x02, 0x00, 0x00}), 4);
	ssd_scsi_cdb_sanitize(&c, SSD_SCSI_SANITIZE_BLOCK_ERASE, true, 0);
	assert_cdb(&c, (const uint8_t[]){0x48, 0x82, 0, 0, 0, 0, 0, 0, 0, 0}, 10);
	ssd_scsi_cdb_sanitize(&c, SSD_SCSI_SANITIZE_OVERWRITE, true,
			      SSD_SCSI_SANITIZE_OVERWRITE_PARAM_LEN);
	assert_cdb(&c, (const uint8_t[]){0x48, 0x81, 0, 0, 0, 0, 0, 0x00, 0x08, 0}, 10);
	ssd_scsi_sanitize_overwrite_params(pl);
	assert_memory_equal(pl, ((const uint8_t[]){0x01, 0x00, 0x00, 0x04, 0, 0, 0, 0}), 8);

	assert_int_equal(ssd_scsi_parse_opcode_support((const uint8_t[]){0, 0x03}, 2), 1);
	assert_int_equal(ssd_scsi_parse_opcode_support((const uint8_t[]){0, 0x05}, 2), 1);
	assert_int_equal(ssd_scsi_parse_opcode_support((const uint8_t[]){0, 0x01}, 2), 0);
	assert_int_equal(ssd_scsi_parse_opcode_support((const uint8_t[]){0, 0x00}, 2), -ENODATA);
	assert_int_equal(ssd_scsi_parse_opcode_support((const uint8_t[]){0}, 1), -EINVAL);
}

static void test_progress(void **state)
{
	/* fixed: NOT READY, 04h/1Bh sanitize in progress, SKSV with progress 8000h */
	uint8_t f[18] = {0x70, 0, 0x02, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x04, 0x1b, 0, 0x80, 0x80, 0};
	/* descriptor: NOT READY 04h/04h format in progress, sense key specific descriptor 4000h */
	static const uint8_t d[] = {0x72, 0x02, 0x04, 0x04, 0,	  0,	0,    8,
				    0x02, 0x06, 0,    0,    0x80, 0x40, 0x00, 0};
	unsigned int pm = 0;

	(void)state;
	assert_true(ssd_scsi_sense_progress(f, sizeof(f), &pm));
	assert_int_equal(pm, 500);
	assert_true(ssd_scsi_sense_progress(d, sizeof(d), &pm));
	assert_int_equal(pm, 250);
	f[15] = 0x00; /* SKSV clear */
	assert_false(ssd_scsi_sense_progress(f, sizeof(f), &pm));
	f[15] = 0x80;
	f[2] = 0x05; /* ILLEGAL REQUEST: the field is a field pointer, not progress */
	assert_false(ssd_scsi_sense_progress(f, sizeof(f), &pm));
	assert_false(ssd_scsi_sense_progress(f, 2, &pm));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_supported),	cmocka_unit_test(test_temperature),
	    cmocka_unit_test(test_errors),	cmocka_unit_test(test_ssd_bgscan_ie),
	    cmocka_unit_test(test_self_test),	cmocka_unit_test(test_cdbs),
	    cmocka_unit_test(test_progress),	cmocka_unit_test(test_write_counters),
	    cmocka_unit_test(test_media_pages), cmocka_unit_test(test_subpage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
