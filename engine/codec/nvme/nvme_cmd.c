// SPDX-License-Identifier: GPL-2.0-only
/* nvme_cmd.c - NVMe I/O command builders; layouts in nvme_cmd.h. */
#include "codec/nvme/nvme_cmd.h"

#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static int rw_opcode_ok(uint8_t opcode)
{
	switch (opcode) {
	case SSD_NVME_OP_READ:
	case SSD_NVME_OP_WRITE:
	case SSD_NVME_OP_COMPARE:
	case SSD_NVME_OP_VERIFY:
	case SSD_NVME_OP_WRITE_ZEROES:
		return 1;
	default:
		return 0;
	}
}

static int transfers_data(uint8_t opcode)
{
	return opcode != SSD_NVME_OP_VERIFY && opcode != SSD_NVME_OP_WRITE_ZEROES;
}

int ssd_nvme_build_rw(struct nvme_uring_cmd *cmd, uint8_t opcode, const struct ssd_nvme_rw *rw)
{
	uint32_t cdw12;

	if (!rw_opcode_ok(opcode) || rw->nlb == 0 || rw->nlb > SSD_NVME_MAX_NLB ||
	    rw->slba > UINT64_MAX - rw->nlb + 1 || rw->prinfo > 0xf)
		return -EINVAL;
	if ((rw->flags & SSD_NVME_DEAC) && opcode != SSD_NVME_OP_WRITE_ZEROES)
		return -EINVAL;

	cdw12 = (rw->nlb - 1) | (uint32_t)rw->prinfo << SSD_NVME_CDW12_PRINFO_SHIFT;
	if (rw->flags & SSD_NVME_FUA)
		cdw12 |= SSD_NVME_CDW12_FUA;
	if (rw->flags & SSD_NVME_LR)
		cdw12 |= SSD_NVME_CDW12_LR;
	if (rw->flags & SSD_NVME_DEAC)
		cdw12 |= SSD_NVME_CDW12_DEAC;

	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = opcode;
	cmd->nsid = rw->nsid;
	if (transfers_data(opcode)) {
		cmd->addr = rw->data;
		cmd->data_len = rw->data_len;
		cmd->metadata = rw->md;
		cmd->metadata_len = rw->md_len;
	}
	cmd->cdw10 = (uint32_t)rw->slba;
	cmd->cdw11 = (uint32_t)(rw->slba >> 32);
	cmd->cdw12 = cdw12;
	cmd->cdw14 = rw->ilbrt;
	cmd->cdw15 = (uint32_t)rw->lbatm << 16 | rw->lbat;
	return 0;
}

int ssd_nvme_rw_tmpl_init(struct ssd_nvme_rw_tmpl *t, uint8_t opcode, const struct ssd_nvme_rw *rw,
			  int ref_tag, uint32_t timeout_ms)
{
	struct ssd_nvme_rw one = *rw;
	int ret;

	if (opcode != SSD_NVME_OP_READ && opcode != SSD_NVME_OP_WRITE &&
	    opcode != SSD_NVME_OP_COMPARE)
		return -EINVAL;
	one.slba = 0;
	one.nlb = 1;
	one.data = one.md = 0;
	one.data_len = one.md_len = 0;
	one.ilbrt = 0;
	ret = ssd_nvme_build_rw(&t->cmd, opcode, &one);
	if (ret)
		return ret;
	t->cmd.timeout_ms = timeout_ms;
	t->ref_tag = ref_tag != 0;
	return 0;
}

void ssd_nvme_build_flush(struct nvme_uring_cmd *cmd, uint32_t nsid)
{
	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = SSD_NVME_OP_FLUSH;
	cmd->nsid = nsid;
}

void ssd_nvme_dsm_range_encode(uint8_t out[16], uint32_t cattr, uint32_t nlb, uint64_t slba)
{
	uint32_t le_cattr = htole32(cattr), le_nlb = htole32(nlb);
	uint64_t le_slba = htole64(slba);

	memcpy(out, &le_cattr, 4);
	memcpy(out + 4, &le_nlb, 4);
	memcpy(out + 8, &le_slba, 8);
}

int ssd_nvme_build_dsm(struct nvme_uring_cmd *cmd, uint32_t nsid, uint64_t ranges,
		       unsigned int nr_ranges, uint32_t attrs)
{
	if (nr_ranges == 0 || nr_ranges > SSD_NVME_DSM_MAX_RANGES || (attrs & ~7u))
		return -EINVAL;
	memset(cmd, 0, sizeof(*cmd));
	cmd->opcode = SSD_NVME_OP_DSM;
	cmd->nsid = nsid;
	cmd->addr = ranges;
	cmd->data_len = nr_ranges * SSD_NVME_DSM_RANGE_BYTES;
	cmd->cdw10 = nr_ranges - 1;
	cmd->cdw11 = attrs;
	return 0;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	v = htole32(v);
	memcpy(p, &v, 4);
}

static void put_le64(uint8_t *p, uint64_t v)
{
	v = htole64(v);
	memcpy(p, &v, 8);
}

void ssd_nvme_cmd_sqe(const struct nvme_uring_cmd *cmd, uint8_t sqe[64])
{
	memset(sqe, 0, 64);
	sqe[0] = cmd->opcode;
	sqe[1] = cmd->flags;
	put_le32(sqe + 4, cmd->nsid);
	put_le32(sqe + 8, cmd->cdw2);
	put_le32(sqe + 12, cmd->cdw3);
	put_le64(sqe + 16, cmd->metadata);
	put_le64(sqe + 24, cmd->addr);
	put_le32(sqe + 40, cmd->cdw10);
	put_le32(sqe + 44, cmd->cdw11);
	put_le32(sqe + 48, cmd->cdw12);
	put_le32(sqe + 52, cmd->cdw13);
	put_le32(sqe + 56, cmd->cdw14);
	put_le32(sqe + 60, cmd->cdw15);
}

void ssd_nvme_cmd_to_ioctl(const struct nvme_uring_cmd *cmd, struct nvme_passthru_cmd64 *out)
{
	memset(out, 0, sizeof(*out));
	out->opcode = cmd->opcode;
	out->flags = cmd->flags;
	out->nsid = cmd->nsid;
	out->cdw2 = cmd->cdw2;
	out->cdw3 = cmd->cdw3;
	out->metadata = cmd->metadata;
	out->addr = cmd->addr;
	out->metadata_len = cmd->metadata_len;
	out->data_len = cmd->data_len;
	out->cdw10 = cmd->cdw10;
	out->cdw11 = cmd->cdw11;
	out->cdw12 = cmd->cdw12;
	out->cdw13 = cmd->cdw13;
	out->cdw14 = cmd->cdw14;
	out->cdw15 = cmd->cdw15;
	out->timeout_ms = cmd->timeout_ms;
}

const char *ssd_nvme_opcode_name(uint8_t opcode, char buf[16])
{
	switch (opcode) {
	case SSD_NVME_OP_FLUSH:
		return "flush";
	case SSD_NVME_OP_WRITE:
		return "write";
	case SSD_NVME_OP_READ:
		return "read";
	case SSD_NVME_OP_COMPARE:
		return "compare";
	case SSD_NVME_OP_WRITE_ZEROES:
		return "write-zeroes";
	case SSD_NVME_OP_DSM:
		return "dsm";
	case SSD_NVME_OP_VERIFY:
		return "verify";
	default:
		snprintf(buf, 16, "opcode-0x%02x", opcode);
		return buf;
	}
}
