// SPDX-License-Identifier: GPL-2.0-only
/*
 * ata_identify.c - IDENTIFY DEVICE decoding (ACS-4 §9.11).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "codec/ata/ata_identify.h"

void ssd_ata_string(const uint8_t *buf, unsigned int word, unsigned int words, char *out)
{
	size_t n = 0, a = 0;

	for (unsigned int i = 0; i < words; i++) {
		uint16_t w = ssd_ata_word(buf, word + i);

		out[n++] = (char)(w >> 8);
		out[n++] = (char)(w & 0xff);
	}
	while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\0'))
		n--;
	while (a < n && out[a] == ' ')
		a++;
	memmove(out, out + a, n - a);
	out[n - a] = '\0';
}

static int checksum_ok(const uint8_t *buf)
{
	uint8_t sum = 0;

	if (buf[510] != 0xa5)
		return 1; /* no signature: the checksum is not used */
	for (int i = 0; i < SSD_ATA_IDENTIFY_LEN; i++)
		sum = (uint8_t)(sum + buf[i]);
	return sum == 0;
}

int ssd_ata_parse_identify(const uint8_t *buf, size_t len, struct ssd_ata_identity *out, char *err,
			   size_t errlen)
{
	uint16_t w59, w69, w76, w106;
	uint64_t logical;

	if (len < SSD_ATA_IDENTIFY_LEN) {
		snprintf(err, errlen, "IDENTIFY DEVICE: %zu bytes, 512 expected", len);
		return -EINVAL;
	}
	if (!checksum_ok(buf)) {
		snprintf(err, errlen, "IDENTIFY DEVICE: word 255 checksum %02Xh does not match",
			 buf[511]);
		return -EINVAL;
	}
	if (ssd_ata_word(buf, 0) & 0x8000) {
		snprintf(err, errlen, "IDENTIFY DEVICE: word 0 bit 15 set, not an ATA device");
		return -EINVAL;
	}
	memset(out, 0, sizeof(*out));
	ssd_ata_string(buf, 27, 20, out->model);
	ssd_ata_string(buf, 10, 10, out->serial);
	ssd_ata_string(buf, 23, 4, out->firmware);

	if (ssd_ata_word(buf, 83) & (1u << 10))
		out->sectors =
		    (uint64_t)ssd_ata_word(buf, 100) | (uint64_t)ssd_ata_word(buf, 101) << 16 |
		    (uint64_t)ssd_ata_word(buf, 102) << 32 | (uint64_t)ssd_ata_word(buf, 103) << 48;
	else
		out->sectors = (uint32_t)ssd_ata_word(buf, 60) | (uint32_t)ssd_ata_word(buf, 61)
								     << 16;

	w106 = ssd_ata_word(buf, 106);
	out->logical_bytes = 512;
	logical = 512;
	/* word 106 is valid when bit 14 is one and bit 15 zero */
	if ((w106 & 0xc000) == 0x4000) {
		if (w106 & (1u << 12))
			logical = 2u * ((uint64_t)ssd_ata_word(buf, 117) |
					(uint64_t)ssd_ata_word(buf, 118) << 16);
		out->logical_bytes = logical <= SSD_ATA_MAX_SECTOR_BYTES ? (uint32_t)logical : 0;
		out->physical_bytes = out->logical_bytes;
		if (w106 & (1u << 13))
			out->physical_bytes = out->logical_bytes << (w106 & 0xf);
	} else {
		out->physical_bytes = out->logical_bytes;
	}

	if (out->sectors == 0) {
		snprintf(err, errlen, "IDENTIFY DEVICE: %s is 0 (no user addressable sectors)",
			 ssd_ata_word(buf, 83) & (1u << 10) ? "words 100-103" : "words 60-61");
		return -EINVAL;
	}
	if (out->logical_bytes < SSD_ATA_MIN_SECTOR_BYTES ||
	    out->logical_bytes > SSD_ATA_MAX_SECTOR_BYTES ||
	    (out->logical_bytes & (out->logical_bytes - 1))) {
		snprintf(err, errlen,
			 "IDENTIFY DEVICE: logical sector size %" PRIu64
			 " bytes (words 117-118), expected a power of two from %u to %u",
			 logical, SSD_ATA_MIN_SECTOR_BYTES, SSD_ATA_MAX_SECTOR_BYTES);
		return -EINVAL;
	}
	w76 = ssd_ata_word(buf, 76);
	if (w76 != 0 && w76 != 0xffff) {
		out->ncq = w76 & (1u << 8);
		for (unsigned int g = 3; g >= 1; g--)
			if (w76 & (1u << g)) {
				out->sata_gen_max = g;
				break;
			}
	}
	if (out->ncq)
		out->queue_depth = (ssd_ata_word(buf, 75) & 0x1f) + 1u;

	w69 = ssd_ata_word(buf, 69);
	out->trim = ssd_ata_word(buf, 169) & 1;
	out->trim_deterministic = w69 & (1u << 14);
	out->trim_zeroes = w69 & (1u << 5);
	out->rotation_rate = ssd_ata_word(buf, 217);
	out->form_factor = ssd_ata_word(buf, 168) & 0xf;
	out->smart_supported = ssd_ata_word(buf, 82) & 1;
	out->smart_enabled = ssd_ata_word(buf, 85) & 1;
	w59 = ssd_ata_word(buf, 59);
	out->sanitize = w59 & (1u << 12);
	out->sanitize_crypto = w59 & (1u << 13);
	out->sanitize_overwrite = w59 & (1u << 14);
	out->sanitize_block = w59 & (1u << 15);
	return 0;
}
