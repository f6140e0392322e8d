// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_cdb.c - SCSI CDB builders (SBC-4 clause 5, SPC-5 clause 6). Pure: no I/O, no state.
 */
#include "codec/scsi/scsi_cdb.h"

#include <errno.h>
#include <string.h>

#include "codec/scsi/scsi_bytes.h"

static void cdb_start(struct ssd_scsi_cdb *cdb, uint8_t opcode, uint8_t len)
{
	memset(cdb, 0, sizeof(*cdb));
	cdb->b[0] = opcode;
	cdb->len = len;
}

/* The 10-byte block-command shape: LBA in bytes 2-5, a 16-bit count in bytes 7-8. */
static void cdb_block10(struct ssd_scsi_cdb *cdb, uint8_t opcode, uint8_t byte1, uint32_t lba,
			uint16_t nlb)
{
	cdb_start(cdb, opcode, 10);
	cdb->b[1] = byte1;
	ssd_scsi_put_be32(&cdb->b[2], lba);
	ssd_scsi_put_be16(&cdb->b[7], nlb);
}

/* The 16-byte block-command shape: LBA in bytes 2-9, a 32-bit count in bytes 10-13. */
static void cdb_block16(struct ssd_scsi_cdb *cdb, uint8_t opcode, uint8_t byte1, uint64_t lba,
			uint32_t nlb)
{
	cdb_start(cdb, opcode, 16);
	cdb->b[1] = byte1;
	ssd_scsi_put_be64(&cdb->b[2], lba);
	ssd_scsi_put_be32(&cdb->b[10], nlb);
}

void ssd_scsi_cdb_read10(struct ssd_scsi_cdb *cdb, uint32_t lba, uint16_t nlb, bool fua)
{
	cdb_block10(cdb, SSD_SCSI_OP_READ_10, fua ? SSD_SCSI_CDB_FUA : 0, lba, nlb);
}

void ssd_scsi_cdb_write10(struct ssd_scsi_cdb *cdb, uint32_t lba, uint16_t nlb, bool fua)
{
	cdb_block10(cdb, SSD_SCSI_OP_WRITE_10, fua ? SSD_SCSI_CDB_FUA : 0, lba, nlb);
}

void ssd_scsi_cdb_read16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool fua)
{
	cdb_block16(cdb, SSD_SCSI_OP_READ_16, fua ? SSD_SCSI_CDB_FUA : 0, lba, nlb);
}

void ssd_scsi_cdb_write16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool fua)
{
	cdb_block16(cdb, SSD_SCSI_OP_WRITE_16, fua ? SSD_SCSI_CDB_FUA : 0, lba, nlb);
}

int ssd_scsi_cdb_rw(struct ssd_scsi_cdb *cdb, bool write, uint64_t lba, uint32_t nlb, bool fua,
		    unsigned int cdb_size)
{
	bool fits10 = lba <= UINT32_MAX && nlb <= UINT16_MAX && lba + nlb - 1 <= UINT32_MAX;

	if (nlb == 0 || (cdb_size != 0 && cdb_size != 10 && cdb_size != 16))
		return -EINVAL;
	if (lba + nlb - 1 < lba)
		return -ERANGE;
	if (cdb_size == 10 && !fits10)
		return -ERANGE;
	if (cdb_size == 16 || !fits10) {
		(write ? ssd_scsi_cdb_write16 : ssd_scsi_cdb_read16)(cdb, lba, nlb, fua);
		return 0;
	}
	(write ? ssd_scsi_cdb_write10 : ssd_scsi_cdb_read10)(cdb, (uint32_t)lba, (uint16_t)nlb,
							     fua);
	return 0;
}

void ssd_scsi_cdb_sync_cache10(struct ssd_scsi_cdb *cdb, uint32_t lba, uint16_t nlb, bool immed)
{
	cdb_block10(cdb, SSD_SCSI_OP_SYNCHRONIZE_CACHE_10, immed ? SSD_SCSI_CDB_IMMED : 0, lba,
		    nlb);
}

void ssd_scsi_cdb_sync_cache16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool immed)
{
	cdb_block16(cdb, SSD_SCSI_OP_SYNCHRONIZE_CACHE_16, immed ? SSD_SCSI_CDB_IMMED : 0, lba,
		    nlb);
}

void ssd_scsi_cdb_unmap(struct ssd_scsi_cdb *cdb, uint16_t param_len)
{
	cdb_start(cdb, SSD_SCSI_OP_UNMAP, 10);
	ssd_scsi_put_be16(&cdb->b[7], param_len);
}

int ssd_scsi_unmap_params(uint8_t *buf, size_t buflen, const struct ssd_scsi_lba_range *ranges,
			  unsigned int n)
{
	size_t len = SSD_SCSI_UNMAP_HEADER_LEN + (size_t)n * SSD_SCSI_UNMAP_DESC_LEN;
	uint8_t *d;

	if (n == 0 || n > SSD_SCSI_UNMAP_MAX_DESCS)
		return -EINVAL;
	if (buflen < len)
		return -ENOSPC;
	memset(buf, 0, len);
	/* UNMAP DATA LENGTH counts the bytes after itself (bytes 2..end). */
	ssd_scsi_put_be16(&buf[0], (uint16_t)(len - 2));
	ssd_scsi_put_be16(&buf[2], (uint16_t)(n * SSD_SCSI_UNMAP_DESC_LEN));
	for (d = buf + SSD_SCSI_UNMAP_HEADER_LEN; n--; d += SSD_SCSI_UNMAP_DESC_LEN, ranges++) {
		ssd_scsi_put_be64(&d[0], ranges->lba);
		ssd_scsi_put_be32(&d[8], ranges->nlb);
	}
	return (int)len;
}

void ssd_scsi_cdb_write_same16(struct ssd_scsi_cdb *cdb, uint64_t lba, uint32_t nlb, bool unmap)
{
	cdb_block16(cdb, SSD_SCSI_OP_WRITE_SAME_16, unmap ? SSD_SCSI_CDB_WS_UNMAP : 0, lba, nlb);
}

void ssd_scsi_cdb_read_capacity10(struct ssd_scsi_cdb *cdb)
{
	cdb_start(cdb, SSD_SCSI_OP_READ_CAPACITY_10, 10);
}

void ssd_scsi_cdb_read_capacity16(struct ssd_scsi_cdb *cdb, uint32_t alloc_len)
{
	cdb_start(cdb, SSD_SCSI_OP_SERVICE_ACTION_IN_16, 16);
	cdb->b[1] = SSD_SCSI_SA_READ_CAPACITY_16;
	ssd_scsi_put_be32(&cdb->b[10], alloc_len);
}

int ssd_scsi_cdb_inquiry(struct ssd_scsi_cdb *cdb, bool evpd, uint8_t page, uint16_t alloc_len)
{
	if (!evpd && page)
		return -EINVAL;
	cdb_start(cdb, SSD_SCSI_OP_INQUIRY, 6);
	cdb->b[1] = evpd ? SSD_SCSI_CDB_EVPD : 0;
	cdb->b[2] = page;
	ssd_scsi_put_be16(&cdb->b[3], alloc_len);
	return 0;
}

void ssd_scsi_cdb_test_unit_ready(struct ssd_scsi_cdb *cdb)
{
	cdb_start(cdb, SSD_SCSI_OP_TEST_UNIT_READY, 6);
}

static const struct {
	uint8_t opcode;
	const char *name;
} opcode_names[] = {
    {SSD_SCSI_OP_TEST_UNIT_READY, "TEST UNIT READY"},
    {SSD_SCSI_OP_INQUIRY, "INQUIRY"},
    {SSD_SCSI_OP_READ_CAPACITY_10, "READ CAPACITY(10)"},
    {SSD_SCSI_OP_READ_10, "READ(10)"},
    {SSD_SCSI_OP_WRITE_10, "WRITE(10)"},
    {SSD_SCSI_OP_SYNCHRONIZE_CACHE_10, "SYNCHRONIZE CACHE(10)"},
    {SSD_SCSI_OP_UNMAP, "UNMAP"},
    {SSD_SCSI_OP_READ_16, "READ(16)"},
    {SSD_SCSI_OP_WRITE_16, "WRITE(16)"},
    {SSD_SCSI_OP_SYNCHRONIZE_CACHE_16, "SYNCHRONIZE CACHE(16)"},
    {SSD_SCSI_OP_WRITE_SAME_16, "WRITE SAME(16)"},
};

const char *ssd_scsi_opcode_name(const struct ssd_scsi_cdb *cdb)
{
	size_t i;

	if (cdb->b[0] == SSD_SCSI_OP_SERVICE_ACTION_IN_16)
		return (cdb->b[1] & 0x1f) == SSD_SCSI_SA_READ_CAPACITY_16 ? "READ CAPACITY(16)"
									  : NULL;
	for (i = 0; i < sizeof(opcode_names) / sizeof(opcode_names[0]); i++)
		if (opcode_names[i].opcode == cdb->b[0])
			return opcode_names[i].name;
	return NULL;
}

int ssd_scsi_rw_tmpl_init(struct ssd_scsi_rw_tmpl *t, bool write, bool fua, unsigned int cdb_size)
{
	if (cdb_size != 0 && cdb_size != 10 && cdb_size != 16)
		return -EINVAL;
	(write ? ssd_scsi_cdb_write10 : ssd_scsi_cdb_read10)(&t->c10, 0, 1, fua);
	(write ? ssd_scsi_cdb_write16 : ssd_scsi_cdb_read16)(&t->c16, 0, 1, fua);
	t->size = cdb_size;
	return 0;
}
