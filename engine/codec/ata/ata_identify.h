/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ata_identify.h - decode IDENTIFY DEVICE data (ACS-4 §9.11, Table 45: 256 16-bit words,
 * little-endian as the SAT layer returns them). Pure.
 */
#ifndef SSDENG_ATA_IDENTIFY_H
#define SSDENG_ATA_IDENTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SSD_ATA_IDENTIFY_LEN 512
/* Logical sector sizes accepted, bytes (ACS-4 words 117-118 count at least 256 words). */
#define SSD_ATA_MIN_SECTOR_BYTES 512u
#define SSD_ATA_MAX_SECTOR_BYTES 65536u

struct ssd_ata_identity {
	char model[41];		  /* words 27-46, ATA string */
	char serial[21];	  /* words 10-19 */
	char firmware[9];	  /* words 23-26 */
	uint64_t sectors;	  /* user addressable logical sectors: words 100-103 when 48-bit
				   * addressing is supported (word 83 bit 10), else words 60-61 */
	uint32_t logical_bytes;	  /* logical sector size: words 117-118 × 2 when word 106 bit 12,
				   * else 512 */
	uint32_t physical_bytes;  /* logical × 2^(word 106 bits 3:0) when word 106 bit 13 */
	bool ncq;		  /* word 76 bit 8: native command queuing */
	unsigned int queue_depth; /* word 75 bits 4:0 + 1; 0 when NCQ is not supported */
	bool trim;		  /* word 169 bit 0: DATA SET MANAGEMENT with TRIM */
	bool trim_deterministic;  /* word 69 bit 14: deterministic read after TRIM */
	bool trim_zeroes;	  /* word 69 bit 5: read zeroes after TRIM */
	uint16_t rotation_rate;	  /* word 217: 0 not reported, 1 non-rotating, else rpm */
	uint8_t form_factor;	  /* word 168 bits 3:0: 0 not reported, 1 5.25", 2 3.5", 3 2.5",
				   * 4 1.8", 5 less than 1.8" (the SCSI B1h coding) */
	bool smart_supported;	  /* word 82 bit 0 */
	bool smart_enabled;	  /* word 85 bit 0 */
	bool sanitize;		  /* word 59 bit 12: Sanitize feature set */
	bool sanitize_crypto;	  /* word 59 bit 13: CRYPTO SCRAMBLE EXT */
	bool sanitize_overwrite;  /* word 59 bit 14: OVERWRITE EXT */
	bool sanitize_block;	  /* word 59 bit 15: BLOCK ERASE EXT */
	unsigned int
	    sata_gen_max; /* highest of word 76 bits 1..3: 1 = 1.5, 2 = 3.0, 3 = 6.0 Gb/s */
};

/**
 * ssd_ata_word() - IDENTIFY word @w of @buf (little-endian).
 */
static inline uint16_t ssd_ata_word(const uint8_t *buf, unsigned int w)
{
	return (uint16_t)(buf[2 * w] | buf[2 * w + 1] << 8);
}

/**
 * ssd_ata_string() - an ATA string (ACS-4 §3.4.9: two characters per word, the first in bits
 * 15:8) with leading and trailing spaces removed.
 * @buf:   IDENTIFY data
 * @word:  first word
 * @words: number of words
 * @out:   output, 2 × @words + 1 bytes
 */
void ssd_ata_string(const uint8_t *buf, unsigned int word, unsigned int words, char *out);

/**
 * ssd_ata_parse_identify() - decode IDENTIFY DEVICE data.
 * @buf: 512 bytes
 * @len: bytes valid at @buf
 * @out: decoded
 * @err, @errlen: message on failure
 *
 * When word 255 bits 7:0 hold the signature A5h, the checksum (bits 15:8) must make the sum
 * of all 512 bytes 0 modulo 256 (ACS-4 §9.11.5.2 word 255).
 * Return: 0; -EINVAL for fewer than 512 bytes, a bad checksum, word 0 bit 15 set (not an
 * ATA device: a packet device), a capacity of 0 sectors, or a logical sector size that is not a
 * power of two from 512 bytes to 64 KiB.
 */
int ssd_ata_parse_identify(const uint8_t *buf, size_t len, struct ssd_ata_identity *out, char *err,
			   size_t errlen);

#endif
