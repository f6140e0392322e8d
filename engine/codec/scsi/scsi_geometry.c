// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_geometry.c - READ CAPACITY, Block Limits VPD and INQUIRY parsers (SBC-4, SPC-5).
 */
#include "codec/scsi/scsi_geometry.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "codec/scsi/scsi_bytes.h"

static int check_capacity(struct ssd_scsi_capacity *cap, uint64_t last_lba, uint32_t lba_bytes,
			  const char *cmd, char *err, size_t errlen)
{
	if (lba_bytes < SSD_SCSI_MIN_LBA_BYTES || (lba_bytes & (lba_bytes - 1)) ||
	    lba_bytes > SSD_SCSI_MAX_LBA_BYTES) {
		snprintf(err, errlen,
			 "%s: LOGICAL BLOCK LENGTH %u bytes: expected a power of two from %u to %u",
			 cmd, lba_bytes, SSD_SCSI_MIN_LBA_BYTES, SSD_SCSI_MAX_LBA_BYTES);
		return -EINVAL;
	}
	if (last_lba == UINT64_MAX || (last_lba + 1) > UINT64_MAX / lba_bytes) {
		snprintf(err, errlen, "%s: RETURNED LOGICAL BLOCK ADDRESS 0x%llx is too large", cmd,
			 (unsigned long long)last_lba);
		return -EINVAL;
	}
	cap->nblocks = last_lba + 1;
	cap->lba_bytes = lba_bytes;
	return 0;
}

int ssd_scsi_parse_read_capacity16(const uint8_t *buf, size_t len, struct ssd_scsi_capacity *cap,
				   char *err, size_t errlen)
{
	*cap = (struct ssd_scsi_capacity){0};
	if (len < 16) {
		snprintf(err, errlen, "READ CAPACITY(16): %zu bytes returned, expected at least 16",
			 len);
		return -EINVAL;
	}
	cap->prot_en = buf[12] & 0x01;
	cap->p_type = (buf[12] >> 1) & 0x07;
	cap->lbppbe = buf[13] & 0x0f;
	cap->lbpme = buf[14] & 0x80;
	cap->lbprz = buf[14] & 0x40;
	cap->lowest_aligned = ssd_scsi_get_be16(&buf[14]) & 0x3fff;
	return check_capacity(cap, ssd_scsi_get_be64(&buf[0]), ssd_scsi_get_be32(&buf[8]),
			      "READ CAPACITY(16)", err, errlen);
}

int ssd_scsi_parse_read_capacity10(const uint8_t *buf, size_t len, struct ssd_scsi_capacity *cap,
				   char *err, size_t errlen)
{
	uint32_t last;

	*cap = (struct ssd_scsi_capacity){0};
	if (len < 8) {
		snprintf(err, errlen, "READ CAPACITY(10): %zu bytes returned, expected 8", len);
		return -EINVAL;
	}
	last = ssd_scsi_get_be32(&buf[0]);
	if (last == UINT32_MAX) {
		snprintf(err, errlen, "READ CAPACITY(10): capacity needs READ CAPACITY(16)");
		return -EOVERFLOW;
	}
	return check_capacity(cap, last, ssd_scsi_get_be32(&buf[4]), "READ CAPACITY(10)", err,
			      errlen);
}

/* Read a 32-bit field of the Block Limits page if the returned page holds it, else 0. */
static uint32_t bl_field32(const uint8_t *buf, size_t end, size_t off)
{
	return off + 4 <= end ? ssd_scsi_get_be32(&buf[off]) : 0;
}

int ssd_scsi_parse_block_limits(const uint8_t *buf, size_t len, struct ssd_scsi_block_limits *bl,
				char *err, size_t errlen)
{
	size_t end;

	*bl = (struct ssd_scsi_block_limits){0};
	if (len < 4 || buf[1] != SSD_SCSI_VPD_BLOCK_LIMITS) {
		snprintf(err, errlen, "Block Limits VPD page: %s",
			 len < 4 ? "truncated header" : "wrong page code returned");
		return -EINVAL;
	}
	end = 4 + (size_t)ssd_scsi_get_be16(&buf[2]);
	if (end > len)
		end = len;
	if (end < 16) {
		snprintf(err, errlen,
			 "Block Limits VPD page: %zu bytes, expected at least 16 (MAXIMUM TRANSFER "
			 "LENGTH)",
			 end);
		return -EINVAL;
	}
	bl->opt_xfer_gran = ssd_scsi_get_be16(&buf[6]);
	bl->max_xfer_blocks = bl_field32(buf, end, 8);
	bl->opt_xfer_blocks = bl_field32(buf, end, 12);
	bl->max_unmap_lbas = bl_field32(buf, end, 20);
	bl->max_unmap_descs = bl_field32(buf, end, 24);
	bl->opt_unmap_gran = bl_field32(buf, end, 28);
	if (end >= 44)
		bl->max_write_same_blocks = ssd_scsi_get_be64(&buf[36]);
	return 0;
}

static void copy_ascii(char *dst, const uint8_t *src, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		dst[i] = (src[i] >= 0x20 && src[i] < 0x7f) ? (char)src[i] : ' ';
	while (n > 0 && dst[n - 1] == ' ')
		n--;
	dst[n] = '\0';
}

int ssd_scsi_parse_inquiry(const uint8_t *buf, size_t len, struct ssd_scsi_inquiry *inq, char *err,
			   size_t errlen)
{
	*inq = (struct ssd_scsi_inquiry){0};
	if (len < SSD_SCSI_INQUIRY_STD_LEN) {
		snprintf(err, errlen, "INQUIRY: %zu bytes returned, expected at least %d", len,
			 SSD_SCSI_INQUIRY_STD_LEN);
		return -EINVAL;
	}
	inq->qualifier = buf[0] >> 5;
	inq->type = buf[0] & 0x1f;
	copy_ascii(inq->vendor, &buf[8], 8);
	copy_ascii(inq->product, &buf[16], 16);
	copy_ascii(inq->revision, &buf[32], 4);
	return 0;
}

static const char *const type_names[0x20] = {
    [0x00] = "direct access block device",
    [0x01] = "sequential access device",
    [0x02] = "printer device",
    [0x03] = "processor device",
    [0x04] = "write-once device",
    [0x05] = "CD/DVD device",
    [0x07] = "optical memory device",
    [0x08] = "media changer device",
    [0x0c] = "storage array controller device",
    [0x0d] = "enclosure services device",
    [0x0e] = "simplified direct-access device",
    [0x0f] = "optical card reader/writer device",
    [0x11] = "object-based storage device",
    [0x12] = "automation/drive interface",
    [0x14] = "host managed zoned block device",
    [0x1e] = "well known logical unit",
    [0x1f] = "unknown or no device type",
};

const char *ssd_scsi_device_type_name(uint8_t type)
{
	const char *n = type_names[type & 0x1f];

	return n ? n : "reserved device type";
}
