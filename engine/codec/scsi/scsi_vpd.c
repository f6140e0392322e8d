// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_vpd.c - VPD page parsers (SPC-5 §7.7, SBC-4 §6.6, SAT-4 §12.4.2).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "codec/scsi/scsi_bytes.h"
#include "codec/scsi/scsi_vpd.h"

int ssd_scsi_vpd_check(const uint8_t *buf, size_t len, uint8_t page, char *err, size_t errlen)
{
	size_t page_len;

	if (len < 4) {
		snprintf(err, errlen, "VPD page %02Xh: %zu bytes returned, the header needs 4",
			 page, len);
		return -EINVAL;
	}
	if (buf[1] != page) {
		snprintf(err, errlen, "VPD page %02Xh: PAGE CODE is %02Xh", page, buf[1]);
		return -EINVAL;
	}
	page_len = (size_t)ssd_scsi_get_be16(buf + 2) + 4;
	return (int)(page_len < len ? page_len : len);
}

static int need(int n, size_t min, uint8_t page, char *err, size_t errlen)
{
	if (n >= 0 && (size_t)n < min) {
		snprintf(err, errlen, "VPD page %02Xh: %d bytes, at least %zu expected", page, n,
			 min);
		return -EINVAL;
	}
	return n;
}

/* Copy ASCII bytes dropping leading and trailing spaces and NULs. */
static void copy_trim(char *dst, size_t dstlen, const uint8_t *src, size_t n)
{
	size_t a = 0;

	while (a < n && (src[a] == ' ' || src[a] == '\0'))
		a++;
	while (n > a && (src[n - 1] == ' ' || src[n - 1] == '\0'))
		n--;
	n -= a;
	if (n >= dstlen)
		n = dstlen - 1;
	memcpy(dst, src + a, n);
	dst[n] = '\0';
}

int ssd_scsi_parse_vpd_supported(const uint8_t *buf, size_t len, struct ssd_scsi_vpd_list *out,
				 char *err, size_t errlen)
{
	int n = ssd_scsi_vpd_check(buf, len, SSD_SCSI_VPD_SUPPORTED, err, errlen);

	if (n < 0)
		return n;
	out->n = 0;
	for (int i = 4; i < n && out->n < 256; i++)
		out->pages[out->n++] = buf[i];
	return 0;
}

bool ssd_scsi_vpd_list_has(const struct ssd_scsi_vpd_list *list, uint8_t page)
{
	for (unsigned int i = 0; i < list->n; i++)
		if (list->pages[i] == page)
			return true;
	return false;
}

int ssd_scsi_parse_vpd_serial(const uint8_t *buf, size_t len, char *out, size_t outlen, char *err,
			      size_t errlen)
{
	int n = ssd_scsi_vpd_check(buf, len, SSD_SCSI_VPD_UNIT_SERIAL, err, errlen);

	if (n < 0)
		return n;
	copy_trim(out, outlen, buf + 4, (size_t)n - 4);
	return 0;
}

static void hex_text(char *dst, size_t dstlen, const uint8_t *src, size_t n)
{
	size_t o = (size_t)snprintf(dst, dstlen, "0x");

	for (size_t i = 0; i < n && o + 3 <= dstlen; i++)
		o += (size_t)snprintf(dst + o, dstlen - o, "%02x", src[i]);
}

int ssd_scsi_parse_vpd_devid(const uint8_t *buf, size_t len, struct ssd_scsi_device_id *out,
			     char *err, size_t errlen)
{
	int n = ssd_scsi_vpd_check(buf, len, SSD_SCSI_VPD_DEVICE_ID, err, errlen);

	if (n < 0)
		return n;
	out->n = 0;
	for (int off = 4; off + 4 <= n && out->n < SSD_SCSI_MAX_DESIGNATORS;) {
		const uint8_t *d = buf + off;
		size_t dlen = d[3];
		struct ssd_scsi_designator *o;

		if (off + 4 + (int)dlen > n)
			break;
		o = &out->d[out->n++];
		o->code_set = d[0] & 0x0f;
		o->association = (d[1] >> 4) & 0x3;
		o->type = d[1] & 0x0f;
		if (o->code_set == 2 || o->code_set == 3)
			copy_trim(o->value, sizeof(o->value), d + 4, dlen);
		else
			hex_text(o->value, sizeof(o->value), d + 4, dlen);
		off += 4 + (int)dlen;
	}
	return 0;
}

const char *ssd_scsi_devid_wwn(const struct ssd_scsi_device_id *id)
{
	static const uint8_t order[] = {3, 2}; /* NAA, then EUI-64 */

	for (unsigned int k = 0; k < sizeof(order); k++)
		for (unsigned int i = 0; i < id->n; i++)
			if (id->d[i].association == 0 && id->d[i].type == order[k] &&
			    id->d[i].code_set == 1)
				return id->d[i].value;
	return NULL;
}

const char *ssd_scsi_designator_type_name(uint8_t type)
{
	/* SPC-5 Table "DESIGNATOR TYPE field" */
	static const char *const names[16] = {
	    "vendor specific",
	    "T10 vendor ID",
	    "EUI-64",
	    "NAA",
	    "relative target port",
	    "target port group",
	    "logical unit group",
	    "MD5 logical unit",
	    "SCSI name string",
	    "protocol specific port",
	    "UUID",
	};

	return names[type & 0xf] ? names[type & 0xf] : "reserved";
}

const char *ssd_scsi_association_name(uint8_t association)
{
	static const char *const names[4] = {"logical unit", "target port", "target device",
					     "reserved"};

	return names[association & 3];
}

int ssd_scsi_parse_vpd_bdc(const uint8_t *buf, size_t len, struct ssd_scsi_bdc *out, char *err,
			   size_t errlen)
{
	int n = need(ssd_scsi_vpd_check(buf, len, SSD_SCSI_VPD_BDC, err, errlen), 8,
		     SSD_SCSI_VPD_BDC, err, errlen);

	if (n < 0)
		return n;
	memset(out, 0, sizeof(*out));
	out->rotation_rate = ssd_scsi_get_be16(buf + 4);
	out->product_type = buf[6];
	out->form_factor = buf[7] & 0x0f;
	if (n > 8)
		out->zoned = (buf[8] >> 4) & 0x3;
	return 0;
}

const char *ssd_scsi_form_factor_name(uint8_t ff)
{
	static const char *const names[] = {NULL,	"5.25 inch", "3.5 inch",
					    "2.5 inch", "1.8 inch",  "less than 1.8 inch"};

	return ff < sizeof(names) / sizeof(names[0]) ? names[ff] : NULL;
}

int ssd_scsi_parse_vpd_lbp(const uint8_t *buf, size_t len, struct ssd_scsi_lbp *out, char *err,
			   size_t errlen)
{
	int n = need(ssd_scsi_vpd_check(buf, len, SSD_SCSI_VPD_LBP, err, errlen), 8,
		     SSD_SCSI_VPD_LBP, err, errlen);

	if (n < 0)
		return n;
	memset(out, 0, sizeof(*out));
	out->threshold_exponent = buf[4];
	out->lbpu = buf[5] & 0x80;
	out->lbpws = buf[5] & 0x40;
	out->lbpws10 = buf[5] & 0x20;
	out->lbprz = (buf[5] >> 2) & 0x7;
	out->anc_sup = buf[5] & 0x02;
	out->prov_type = buf[6] & 0x7;
	return 0;
}

const char *ssd_scsi_prov_type_name(uint8_t type)
{
	static const char *const names[] = {"full", "resource", "thin"};

	return type < 3 ? names[type] : NULL;
}

int ssd_scsi_parse_vpd_ata_info(const uint8_t *buf, size_t len, struct ssd_scsi_ata_info *out,
				char *err, size_t errlen)
{
	int n = need(ssd_scsi_vpd_check(buf, len, SSD_SCSI_VPD_ATA_INFO, err, errlen), 36,
		     SSD_SCSI_VPD_ATA_INFO, err, errlen);

	if (n < 0)
		return n;
	memset(out, 0, sizeof(*out));
	copy_trim(out->sat_vendor, sizeof(out->sat_vendor), buf + 8, 8);
	copy_trim(out->sat_product, sizeof(out->sat_product), buf + 16, 16);
	copy_trim(out->sat_revision, sizeof(out->sat_revision), buf + 32, 4);
	if (n > 56)
		out->command_code = buf[56];
	if (n >= SSD_SCSI_VPD_ATA_INFO_LEN && out->command_code == 0xec) {
		memcpy(out->identify, buf + 60, 512);
		out->identify_valid = true;
	}
	return 0;
}
