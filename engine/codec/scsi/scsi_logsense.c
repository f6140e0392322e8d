// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_logsense.c - LOG SENSE page parsers (SPC-5 §7.3, SBC-4 §6.4).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "codec/scsi/scsi_bytes.h"
#include "codec/scsi/scsi_logsense.h"

#define LOG_PARAM_HDR 4

int ssd_scsi_log_check(const uint8_t *buf, size_t len, uint8_t page, char *err, size_t errlen)
{
	size_t page_len;

	if (len < 4) {
		snprintf(err, errlen, "log page %02Xh: %zu bytes returned, the header needs 4",
			 page, len);
		return -EINVAL;
	}
	if ((buf[0] & 0x3f) != page) {
		snprintf(err, errlen, "log page %02Xh: PAGE CODE is %02Xh", page, buf[0] & 0x3f);
		return -EINVAL;
	}
	/* SPF (byte 0 bit 6) set: the page is in subpage format, SUBPAGE CODE in byte 1; the
	 * LOG SENSE CDBs here ask for subpage 00h, another subpage is another page */
	if ((buf[0] & 0x40) && buf[1] != 0) {
		snprintf(err, errlen, "log page %02Xh: SUBPAGE CODE is %02Xh, 00h asked for", page,
			 buf[1]);
		return -EINVAL;
	}
	page_len = (size_t)ssd_scsi_get_be16(buf + 2) + 4;
	return (int)(page_len < len ? page_len : len);
}

const uint8_t *ssd_scsi_log_param(const uint8_t *buf, int n, uint16_t code, unsigned int *vlen)
{
	for (int off = 4; off + LOG_PARAM_HDR <= n;) {
		const uint8_t *p = buf + off;
		unsigned int plen = p[3];

		if (off + LOG_PARAM_HDR + (int)plen > n)
			return NULL;
		if (ssd_scsi_get_be16(p) == code) {
			*vlen = plen;
			return p + LOG_PARAM_HDR;
		}
		off += LOG_PARAM_HDR + (int)plen;
	}
	return NULL;
}

int ssd_scsi_parse_log_supported(const uint8_t *buf, size_t len, struct ssd_scsi_log_list *out,
				 char *err, size_t errlen)
{
	int n = ssd_scsi_log_check(buf, len, SSD_SCSI_LOG_SUPPORTED, err, errlen);

	if (n < 0)
		return n;
	out->n = 0;
	for (int i = 4; i < n && out->n < 64; i++)
		out->pages[out->n++] = buf[i] & 0x3f;
	return 0;
}

bool ssd_scsi_log_list_has(const struct ssd_scsi_log_list *list, uint8_t page)
{
	for (unsigned int i = 0; i < list->n; i++)
		if (list->pages[i] == page)
			return true;
	return false;
}

/* A big-endian counter of 1..8 bytes. */
static struct ssd_scsi_log_value counter(const uint8_t *v, unsigned int vlen)
{
	struct ssd_scsi_log_value r = {0};

	if (!v || vlen == 0 || vlen > 8)
		return r;
	for (unsigned int i = 0; i < vlen; i++)
		r.value = r.value << 8 | v[i];
	r.valid = true;
	return r;
}

/* A one-byte temperature in °C where FFh means "no valid temperature". */
static struct ssd_scsi_log_value temp_byte(uint8_t b)
{
	struct ssd_scsi_log_value r = {b != 0xff, b != 0xff ? b : 0};

	return r;
}

int ssd_scsi_parse_log_temperature(const uint8_t *buf, size_t len,
				   struct ssd_scsi_log_temperature *out, char *err, size_t errlen)
{
	int n = ssd_scsi_log_check(buf, len, SSD_SCSI_LOG_TEMPERATURE, err, errlen);
	const uint8_t *v;
	unsigned int vlen;

	if (n < 0)
		return n;
	memset(out, 0, sizeof(*out));
	/* value byte 0 reserved, byte 1 the temperature */
	v = ssd_scsi_log_param(buf, n, 0x0000, &vlen);
	if (v && vlen >= 2)
		out->temperature_c = temp_byte(v[1]);
	v = ssd_scsi_log_param(buf, n, 0x0001, &vlen);
	if (v && vlen >= 2)
		out->reference_c = temp_byte(v[1]);
	return 0;
}

int ssd_scsi_parse_log_errors(const uint8_t *buf, size_t len, uint8_t page,
			      struct ssd_scsi_log_errors *out, char *err, size_t errlen)
{
	int n = ssd_scsi_log_check(buf, len, page, err, errlen);
	const uint8_t *v;
	unsigned int vlen = 0;

	if (n < 0)
		return n;
	v = ssd_scsi_log_param(buf, n, 0x0003, &vlen);
	out->corrected = counter(v, vlen);
	v = ssd_scsi_log_param(buf, n, 0x0005, &vlen);
	out->bytes_processed = counter(v, vlen);
	v = ssd_scsi_log_param(buf, n, 0x0006, &vlen);
	out->uncorrected = counter(v, vlen);
	return 0;
}

int ssd_scsi_parse_log_ssd(const uint8_t *buf, size_t len,
			   struct ssd_scsi_log_value *percentage_used, char *err, size_t errlen)
{
	int n = ssd_scsi_log_check(buf, len, SSD_SCSI_LOG_SOLID_STATE, err, errlen);
	const uint8_t *v;
	unsigned int vlen;

	if (n < 0)
		return n;
	memset(percentage_used, 0, sizeof(*percentage_used));
	/* 3 reserved bytes, then PERCENTAGE USED ENDURANCE INDICATOR */
	v = ssd_scsi_log_param(buf, n, 0x0001, &vlen);
	if (v && vlen >= 4) {
		percentage_used->valid = true;
		percentage_used->value = v[3];
	}
	return 0;
}

int ssd_scsi_parse_log_bgscan(const uint8_t *buf, size_t len,
			      struct ssd_scsi_log_value *power_on_minutes, char *err, size_t errlen)
{
	int n = ssd_scsi_log_check(buf, len, SSD_SCSI_LOG_BACKGROUND_SCAN, err, errlen);
	const uint8_t *v;
	unsigned int vlen;

	if (n < 0)
		return n;
	memset(power_on_minutes, 0, sizeof(*power_on_minutes));
	v = ssd_scsi_log_param(buf, n, 0x0000, &vlen);
	if (v && vlen >= 4) {
		power_on_minutes->valid = true;
		power_on_minutes->value = ssd_scsi_get_be32(v);
	}
	return 0;
}

int ssd_scsi_parse_log_ie(const uint8_t *buf, size_t len, struct ssd_scsi_log_ie *out, char *err,
			  size_t errlen)
{
	int n = ssd_scsi_log_check(buf, len, SSD_SCSI_LOG_INFO_EXCEPTIONS, err, errlen);
	const uint8_t *v;
	unsigned int vlen;

	if (n < 0)
		return n;
	memset(out, 0, sizeof(*out));
	v = ssd_scsi_log_param(buf, n, 0x0000, &vlen);
	if (v && vlen >= 2) {
		out->valid = true;
		out->asc = v[0];
		out->ascq = v[1];
		if (vlen >= 3)
			out->temperature_c = temp_byte(v[2]);
	}
	return 0;
}

#define SELF_TEST_PARAM_LEN 16

int ssd_scsi_parse_log_self_test(const uint8_t *buf, size_t len,
				 struct ssd_scsi_log_self_tests *out, char *err, size_t errlen)
{
	static const uint8_t zero[SELF_TEST_PARAM_LEN];
	int n = ssd_scsi_log_check(buf, len, SSD_SCSI_LOG_SELF_TEST, err, errlen);

	if (n < 0)
		return n;
	out->n = 0;
	for (uint16_t code = 1; code <= SSD_SCSI_MAX_SELF_TESTS; code++) {
		unsigned int vlen;
		const uint8_t *v = ssd_scsi_log_param(buf, n, code, &vlen);
		struct ssd_scsi_self_test *t;

		if (!v || vlen < SELF_TEST_PARAM_LEN || !memcmp(v, zero, SELF_TEST_PARAM_LEN))
			continue;
		t = &out->t[out->n++];
		t->number_param = code;
		t->code = v[0] >> 5;
		t->result = v[0] & 0xf;
		t->number = v[1];
		t->power_on_hours = ssd_scsi_get_be16(v + 2);
		t->first_failure_lba = ssd_scsi_get_be64(v + 4);
		t->sense_key = v[12] & 0xf;
		t->asc = v[13];
		t->ascq = v[14];
	}
	return 0;
}

const char *ssd_scsi_self_test_result_name(uint8_t result)
{
	/* SPC-5 Table "SELF-TEST RESULTS field" */
	static const char *const names[16] = {
	    "completed without error",
	    "aborted by SEND DIAGNOSTIC",
	    "aborted by another method",
	    "unknown error",
	    "failed, segment unknown",
	    "failed in the first segment",
	    "failed in the second segment",
	    "failed in another segment",
	    NULL,
	    NULL,
	    NULL,
	    NULL,
	    NULL,
	    NULL,
	    NULL,
	    "in progress",
	};

	return names[result & 0xf] ? names[result & 0xf] : "reserved";
}
