/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_cdb.h - pure builders for the SCSI command descriptor blocks ssdeng sends.
 *
 * Layouts: SBC-4 (INCITS 506) clause 5 for the block commands, SPC-5 (INCITS 502) clause 6 for
 * INQUIRY and TEST UNIT READY. Each builder zeroes the whole CDB first, so reserved fields,
 * GROUP NUMBER, the protection fields (RDPROTECT/WRPROTECT) and the CONTROL byte are 0.
 * LBAs and lengths are in logical blocks of the device, never bytes.
 */
#ifndef SSDENG_SCSI_CDB_H
#define SSDENG_SCSI_CDB_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec/scsi/scsi_bytes.h"

#define SSD_SCSI_CDB_MAX_LEN 16

/* Operation codes (SPC-5 Annex E.3 operation codes, SBC-4 Table 22 commands). */
enum ssd_scsi_opcode {
	SSD_SCSI_OP_TEST_UNIT_READY = 0x00,
	SSD_SCSI_OP_INQUIRY = 0x12,
	SSD_SCSI_OP_READ_CAPACITY_10 = 0x25,
	SSD_SCSI_OP_READ_10 = 0x28,
	SSD_SCSI_OP_WRITE_10 = 0x2a,
	SSD_SCSI_OP_SYNCHRONIZE_CACHE_10 = 0x35,
	SSD_SCSI_OP_UNMAP = 0x42,
	SSD_SCSI_OP_READ_16 = 0x88,
	SSD_SCSI_OP_WRITE_16 = 0x8a,
	SSD_SCSI_OP_SYNCHRONIZE_CACHE_16 = 0x91,
	SSD_SCSI_OP_WRITE_SAME_16 = 0x93,
	SSD_SCSI_OP_SERVICE_ACTION_IN_16 = 0x9e,
};

/* SERVICE ACTION IN(16) service action for READ CAPACITY(16) (SBC-4 READ CAPACITY (16)). */
#define SSD_SCSI_SA_READ_CAPACITY_16 0x10

/* Byte 1 bits of the READ/WRITE(10/16) CDBs (SBC-4 READ (10) command, Table "READ (10)"). */
#define SSD_SCSI_CDB_FUA 0x08
/* Byte 1 bit of SYNCHRONIZE CACHE(10/16): return status before the cache is flushed. */
#define SSD_SCSI_CDB_IMMED 0x02
/* Byte 1 bit of WRITE SAME(16): unmap the blocks if the device can (SBC-4 WRITE SAME (16)). */
#define SSD_SCSI_CDB_WS_UNMAP 0x08
/* Byte 1 bit of INQUIRY: return the vital product data page named by PAGE CODE (SPC-5). */
#define SSD_SCSI_CDB_EVPD 0x01

/* UNMAP parameter list: 8-byte header then 16-byte block descriptors (SBC-4 UNMAP parameter list).
 */
#define SSD_SCSI_UNMAP_HEADER_LEN 8
#define SSD_SCSI_UNMAP_DESC_LEN 16
/* The PARAMETER LIST LENGTH field is 16 bits wide: (65535 - 8) / 16 descriptors at most. */
#define SSD_SCSI_UNMAP_MAX_DESCS 4095

/* One CDB and how many of its bytes are sent. */
struct ssd_scsi_cdb {
	uint8_t b[SSD_SCSI_CDB_MAX_LEN];
	uint8_t len;
};

/* One LBA range for UNMAP. */
struct ssd_scsi_lba_range {
	uint64_t lba;
	uint32_t nlb;
};

/**
 * ssd_scsi_cdb_read10() - READ(10), opcode 28h (SBC-4 READ (10) command).
 * @cdb: filled, len 10
 * @lba: first logical block
 * @nlb: transfer length in logical blocks (0 transfers nothing, per SBC-4)
 * @fua: set the FUA bit (read from the medium, not the cache)
 */
void ssd_scsi_cdb_read10(struct ssd_scsi_cdb *cdb, uint32_t lba, uint16_t nlb, bool fua);

/** ssd_scsi_cdb_write10() - WRITE(10), opcode 2Ah (SBC-4 WRITE (10) command); arguments as
 * READ(10). */
void ssd_scsi_cdb_write10(struct ssd_scsi_cdb *cdb, uint32_t lba, uint16_t nlb, bool fua);

/**
 * ssd_scsi_cdb_read16() - READ(16), opcode 88h (SBC-4 READ (16) command): 64-bit LBA in bytes 2-9,
 * 32-bit transfer length in bytes 10-13.
 * @cdb: filled, len 16
 * @lba: first logical block
 * @nlb: transfer length in logical blocks
 * @fua: set the FUA bit
 */
void ssd_scsi_cdb_read16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool fua);

/** ssd_scsi_cdb_write16() - WRITE(16), opcode 8Ah (SBC-4 WRITE (16) command); arguments as
 * READ(16). */
void ssd_scsi_cdb_write16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool fua);

/**
 * ssd_scsi_cdb_rw() - READ or WRITE of the size that fits, or of the size asked for.
 * @cdb: filled
 * @write: WRITE instead of READ
 * @lba: first logical block
 * @nlb: transfer length in logical blocks, at least 1
 * @fua: set the FUA bit
 * @cdb_size: 0 = READ/WRITE(10) when @lba fits 32 bits and @nlb 16 bits, else (16);
 *	      10 or 16 = that size only
 *
 * Return: 0; -EINVAL if @nlb is 0 or @cdb_size is not 0, 10 or 16; -ERANGE if @cdb_size is 10
 * and the LBA or length does not fit, or if the range passes the largest 64-bit LBA.
 */
int ssd_scsi_cdb_rw(struct ssd_scsi_cdb *cdb, bool write, uint64_t lba, uint32_t nlb, bool fua,
		    unsigned int cdb_size);

/*
 * struct ssd_scsi_rw_tmpl - READ or WRITE of one direction and FUA setting in both sizes, as
 * ssd_scsi_cdb_rw() builds them with LBA 0 and length 1: a command's CDB is the one of the size
 * it needs, with its LBA and transfer length written in.
 * @c10, @c16: READ/WRITE(10) and (16)
 * @size:      0 (the size that fits), 10 or 16, as ssd_scsi_cdb_rw()'s @cdb_size
 */
struct ssd_scsi_rw_tmpl {
	struct ssd_scsi_cdb c10, c16;
	unsigned int size;
};

/**
 * ssd_scsi_rw_tmpl_init() - the template of READ (@write false) or WRITE with @fua.
 * @t:        output
 * @write:    WRITE instead of READ
 * @fua:      the FUA bit
 * @cdb_size: 0, 10 or 16, as ssd_scsi_cdb_rw()
 * Return: 0, or -EINVAL for another @cdb_size.
 */
int ssd_scsi_rw_tmpl_init(struct ssd_scsi_rw_tmpl *t, bool write, bool fua, unsigned int cdb_size);

/**
 * ssd_scsi_rw_tmpl_fill() - @cdb is what ssd_scsi_cdb_rw() builds for @lba and @nlb with @t's
 * direction, FUA and size rule, byte for byte.
 * @cdb: output, fully overwritten on success
 * @t:   the template
 * @lba: first logical block
 * @nlb: transfer length in logical blocks, at least 1 (not checked here)
 * Return: 0, or -ERANGE as ssd_scsi_cdb_rw().
 */
static inline int ssd_scsi_rw_tmpl_fill(struct ssd_scsi_cdb *cdb, const struct ssd_scsi_rw_tmpl *t,
					uint64_t lba, uint32_t nlb)
{
	const uint64_t last = lba + nlb - 1;
	const bool fits10 = last <= UINT32_MAX && nlb <= UINT16_MAX;

	if (last < lba || (t->size == 10 && !fits10))
		return -ERANGE;
	if (t->size == 16 || !fits10) {
		*cdb = t->c16;
		ssd_scsi_put_be64(&cdb->b[2], lba);
		ssd_scsi_put_be32(&cdb->b[10], nlb);
	} else {
		*cdb = t->c10;
		ssd_scsi_put_be32(&cdb->b[2], (uint32_t)lba);
		ssd_scsi_put_be16(&cdb->b[7], (uint16_t)nlb);
	}
	return 0;
}

/**
 * ssd_scsi_cdb_sync_cache10() - SYNCHRONIZE CACHE(10), opcode 35h (SBC-4 SYNCHRONIZE CACHE (10)).
 * @cdb: filled, len 10
 * @lba: first block to flush
 * @nlb: number of blocks; 0 = from @lba to the end of the medium
 * @immed: set IMMED (status before the flush completes)
 */
void ssd_scsi_cdb_sync_cache10(struct ssd_scsi_cdb *cdb, uint32_t lba, uint16_t nlb, bool immed);

/** ssd_scsi_cdb_sync_cache16() - SYNCHRONIZE CACHE(16), opcode 91h (SBC-4 SYNCHRONIZE CACHE (16)).
 */
void ssd_scsi_cdb_sync_cache16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool immed);

/**
 * ssd_scsi_cdb_unmap() - UNMAP CDB, opcode 42h (SBC-4 UNMAP command); ANCHOR 0.
 * @cdb: filled, len 10
 * @param_len: PARAMETER LIST LENGTH, bytes of the parameter list sent as data-out
 */
void ssd_scsi_cdb_unmap(struct ssd_scsi_cdb *cdb, uint16_t param_len);

/**
 * ssd_scsi_unmap_params() - build the UNMAP parameter list (SBC-4 UNMAP parameter list): header
 * with UNMAP DATA LENGTH (bytes after that field) and UNMAP BLOCK DESCRIPTOR DATA LENGTH, then
 * one 16-byte descriptor per range (LBA, number of blocks, 4 reserved bytes).
 * @buf: output
 * @buflen: bytes available at @buf
 * @ranges: the LBA ranges
 * @n: number of ranges, 1..SSD_SCSI_UNMAP_MAX_DESCS
 *
 * Return: bytes written (8 + 16 * @n), or -EINVAL if @n is 0 or too large, -ENOSPC if @buflen
 * is too small.
 */
int ssd_scsi_unmap_params(uint8_t *buf, size_t buflen, const struct ssd_scsi_lba_range *ranges,
			  unsigned int n);

/**
 * ssd_scsi_cdb_write_same16() - WRITE SAME(16), opcode 93h (SBC-4 WRITE SAME (16) command); NDOB 0,
 * so one logical block of data-out is sent and written to every block of the range.
 * @cdb: filled, len 16
 * @lba: first logical block
 * @nlb: number of logical blocks (0 means "to the end" only if the device allows it)
 * @unmap: set the UNMAP bit (deallocate instead of writing, if the device can)
 */
void ssd_scsi_cdb_write_same16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool unmap);

/**
 * ssd_scsi_cdb_read_capacity10() - READ CAPACITY(10), opcode 25h (SBC-4 READ CAPACITY (10));
 * the device returns 8 bytes.
 * @cdb: filled, len 10
 */
void ssd_scsi_cdb_read_capacity10(struct ssd_scsi_cdb *cdb);

/**
 * ssd_scsi_cdb_read_capacity16() - READ CAPACITY(16): SERVICE ACTION IN(16) opcode 9Eh, service
 * action 10h (SBC-4 READ CAPACITY (16)).
 * @cdb: filled, len 16
 * @alloc_len: ALLOCATION LENGTH, bytes (32 is the whole SBC-4 parameter data)
 */
void ssd_scsi_cdb_read_capacity16(struct ssd_scsi_cdb *cdb, uint32_t alloc_len);

/**
 * ssd_scsi_cdb_inquiry() - INQUIRY, opcode 12h (SPC-5 INQUIRY command).
 * @cdb: filled, len 6
 * @evpd: ask for the vital product data page @page instead of the standard data
 * @page: VPD page code (0xB0 Block Limits, ...); must be 0 when @evpd is false
 * @alloc_len: ALLOCATION LENGTH, bytes
 *
 * Return: 0, or -EINVAL when @page is set without @evpd (SPC-5 makes that an invalid field).
 */
int ssd_scsi_cdb_inquiry(struct ssd_scsi_cdb *cdb, bool evpd, uint8_t page, uint16_t alloc_len);

/** ssd_scsi_cdb_test_unit_ready() - TEST UNIT READY, opcode 00h, 6 bytes (SPC-5). */
void ssd_scsi_cdb_test_unit_ready(struct ssd_scsi_cdb *cdb);

/**
 * ssd_scsi_opcode_name() - the command's name for messages: "READ(16)", "UNMAP", ...
 * @cdb: a CDB built here (the opcode and, for 9Eh, the service action are read)
 *
 * Return: a static string, or NULL for an opcode not in the table.
 */
const char *ssd_scsi_opcode_name(const struct ssd_scsi_cdb *cdb);

#endif
