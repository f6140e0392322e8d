// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_mode.c - MODE SENSE(10) / MODE SELECT(10) and the Caching mode page; see scsi_mode.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "codec/scsi/scsi_bytes.h"
#include "codec/scsi/scsi_mode.h"

#define MS_DBD 0x08 /* MODE SENSE byte 1: disable block descriptors */
#define MSEL_PF 0x10
#define MSEL_SP 0x01
#define PAGE_PS 0x80
#define PAGE_SPF 0x40
#define PAGE_CODE_MASK 0x3f
#define CACHING_WCE 0x04
#define CACHING_RCD 0x01

void ssd_scsi_cdb_mode_sense10(struct ssd_scsi_cdb *cdb, enum ssd_scsi_mode_pc pc, uint8_t page,
			       uint16_t alloc_len)
{
	memset(cdb, 0, sizeof(*cdb));
	cdb->b[0] = SSD_SCSI_OP_MODE_SENSE_10;
	cdb->b[1] = MS_DBD;
	cdb->b[2] = (uint8_t)(((unsigned int)pc & 0x3) << 6 | (page & PAGE_CODE_MASK));
	ssd_scsi_put_be16(cdb->b + 7, alloc_len);
	cdb->len = 10;
}

void ssd_scsi_cdb_mode_select10(struct ssd_scsi_cdb *cdb, bool save, uint16_t param_len)
{
	memset(cdb, 0, sizeof(*cdb));
	cdb->b[0] = SSD_SCSI_OP_MODE_SELECT_10;
	cdb->b[1] = MSEL_PF | (save ? MSEL_SP : 0);
	ssd_scsi_put_be16(cdb->b + 7, param_len);
	cdb->len = 10;
}

int ssd_scsi_parse_caching(const uint8_t *buf, size_t len, struct ssd_scsi_caching *out, char *err,
			   size_t errlen)
{
	size_t end, off;

	memset(out, 0, sizeof(*out));
	if (len < SSD_SCSI_MODE_HEADER10_LEN) {
		snprintf(err, errlen, "mode parameter data: %zu bytes, the header alone is 8", len);
		return -EINVAL;
	}
	/* MODE DATA LENGTH counts the bytes after itself */
	end = (size_t)ssd_scsi_get_be16(buf) + 2;
	if (end > len)
		end = len; /* truncated by the allocation length: parse what came */
	off = SSD_SCSI_MODE_HEADER10_LEN + ssd_scsi_get_be16(buf + 6);
	if (off > end) {
		snprintf(
		    err, errlen,
		    "mode parameter data: block descriptors (%u bytes) pass the data's end (%zu)",
		    ssd_scsi_get_be16(buf + 6), end);
		return -EINVAL;
	}
	while (off + 2 <= end) {
		const uint8_t *p = buf + off;
		size_t plen;

		if (p[0] & PAGE_SPF) { /* sub_page format: 4-byte header, 16-bit PAGE LENGTH */
			if (off + 4 > end)
				break;
			plen = 4u + ssd_scsi_get_be16(p + 2);
		} else {
			plen = 2u + p[1];
		}
		if (!(p[0] & PAGE_SPF) && (p[0] & PAGE_CODE_MASK) == SSD_SCSI_PAGE_CACHING) {
			if (plen < SSD_SCSI_CACHING_PAGE_LEN ||
			    off + SSD_SCSI_CACHING_PAGE_LEN > end)
				break;
			memcpy(out->page, p, SSD_SCSI_CACHING_PAGE_LEN);
			out->ps = p[0] & PAGE_PS;
			out->wce = p[2] & CACHING_WCE;
			out->rcd = p[2] & CACHING_RCD;
			return 0;
		}
		off += plen;
	}
	snprintf(err, errlen, "no Caching mode page (08h) in the mode parameter data");
	return -ENOENT;
}

size_t ssd_scsi_caching_select_list(const struct ssd_scsi_caching *cur, bool wce, uint8_t *buf)
{
	uint8_t *page = buf + SSD_SCSI_MODE_HEADER10_LEN;

	memset(buf, 0, SSD_SCSI_MODE_HEADER10_LEN);
	memcpy(page, cur->page, SSD_SCSI_CACHING_PAGE_LEN);
	page[0] &= (uint8_t)~PAGE_PS;
	page[2] = (uint8_t)((page[2] & ~CACHING_WCE) | (wce ? CACHING_WCE : 0));
	return SSD_SCSI_MODE_HEADER10_LEN + SSD_SCSI_CACHING_PAGE_LEN;
}
