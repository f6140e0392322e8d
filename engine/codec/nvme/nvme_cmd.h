/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_cmd.h - pure builders for NVMe I/O commands (no fio, no system calls).
 *
 * The wire form is the kernel's struct nvme_uring_cmd (<linux/nvme_ioctl.h>): the fields of a
 * 64-byte submission queue entry (SQE) minus the command identifier and PRP/SGL layout, which
 * the driver fills. CDW10-15 carry the command-specific fields exactly as in the SQE.
 *
 * Sources: NVMe Base Specification 2.0 (SQE layout §4.2, Flush §7.1) and NVM Command Set
 * Specification 1.0 (Compare §3.2.1, Dataset Management §3.2.3, Read §3.2.4, Verify §3.2.5,
 * Write §3.2.6, Write Zeroes §3.2.8; protection information field PRINFO, §5.2).
 */
#ifndef SSDENG_NVME_CMD_H
#define SSDENG_NVME_CMD_H

#include <linux/nvme_ioctl.h>
#include <stddef.h>
#include <stdint.h>

/* I/O command opcodes (NVMe Base 2.0 §7, NVM Command Set 1.0 §3.2) */
enum ssd_nvme_opcode {
	SSD_NVME_OP_FLUSH = 0x00,
	SSD_NVME_OP_WRITE = 0x01,
	SSD_NVME_OP_READ = 0x02,
	SSD_NVME_OP_COMPARE = 0x05,
	SSD_NVME_OP_WRITE_ZEROES = 0x08,
	SSD_NVME_OP_DSM = 0x09,
	SSD_NVME_OP_VERIFY = 0x0c,
};

/* CDW12 bits shared by Read, Write, Compare, Verify, Write Zeroes (NVM Command Set 1.0 §3.2) */
#define SSD_NVME_CDW12_LR (1u << 31)   /* Limited Retry */
#define SSD_NVME_CDW12_FUA (1u << 30)  /* Force Unit Access */
#define SSD_NVME_CDW12_PRINFO_SHIFT 26 /* PRINFO, bits 29:26 */
#define SSD_NVME_CDW12_DEAC (1u << 25) /* Deallocate (Write Zeroes only) */
#define SSD_NVME_MAX_NLB 65536u	       /* NLB is 16 bits, zero-based */

/* PRINFO (4 bits): PRACT bit 3, PRCHK bits 2:0 (guard, application tag, reference tag) */
#define SSD_NVME_PRINFO_PRACT 0x8u
#define SSD_NVME_PRINFO_PRCHK_GUARD 0x4u
#define SSD_NVME_PRINFO_PRCHK_APP 0x2u
#define SSD_NVME_PRINFO_PRCHK_REF 0x1u

/* Dataset Management (NVM Command Set 1.0 §3.2.3) */
#define SSD_NVME_DSM_IDR (1u << 0) /* CDW11: Integral Dataset for Read */
#define SSD_NVME_DSM_IDW (1u << 1) /* CDW11: Integral Dataset for Write */
#define SSD_NVME_DSM_AD (1u << 2)  /* CDW11: Attribute - Deallocate */
#define SSD_NVME_DSM_MAX_RANGES 256u
#define SSD_NVME_DSM_RANGE_BYTES 16u

enum ssd_nvme_rw_flags {
	SSD_NVME_FUA = 1u << 0,	 /* CDW12 FUA */
	SSD_NVME_LR = 1u << 1,	 /* CDW12 Limited Retry */
	SSD_NVME_DEAC = 1u << 2, /* CDW12 DEAC; Write Zeroes only */
};

/*
 * struct ssd_nvme_rw - one LBA-range command in plain values.
 * @nsid:      namespace id
 * @slba:      first LBA
 * @nlb:       number of LBAs, 1..65536 (the builder encodes it zero-based)
 * @data:      data buffer address (0 for Verify and Write Zeroes)
 * @data_len:  data buffer length, bytes
 * @md:        separate metadata buffer address, or 0
 * @md_len:    metadata buffer length, bytes
 * @flags:     enum ssd_nvme_rw_flags
 * @prinfo:    PRINFO nibble (SSD_NVME_PRINFO_*)
 * @ilbrt:     CDW14 initial logical block reference tag (PI types 1 and 2)
 * @lbat:      CDW15 15:0 logical block application tag
 * @lbatm:     CDW15 31:16 logical block application tag mask
 */
struct ssd_nvme_rw {
	uint32_t nsid;
	uint64_t slba;
	uint32_t nlb;
	uint64_t data;
	uint32_t data_len;
	uint64_t md;
	uint32_t md_len;
	uint32_t flags;
	uint8_t prinfo;
	uint32_t ilbrt;
	uint16_t lbat, lbatm;
};

/**
 * ssd_nvme_build_rw() - build Read, Write, Compare, Verify or Write Zeroes.
 * @cmd:    output, fully overwritten
 * @opcode: SSD_NVME_OP_READ, _WRITE, _COMPARE, _VERIFY or _WRITE_ZEROES
 * @rw:     the range and options
 *
 * CDW10/11 = SLBA (low/high 32 bits), CDW12 = LR|FUA|PRINFO|DEAC|NLB-1, CDW14 = ILBRT,
 * CDW15 = LBATM<<16|LBAT (NVM Command Set 1.0 §3.2.1, 3.2.4-3.2.6, 3.2.8).
 * Verify and Write Zeroes transfer no data: their data and metadata pointers are cleared.
 *
 * Return: 0, or -EINVAL for an unknown opcode, NLB 0 or above 65536, SLBA+NLB overflowing 64
 * bits, PRINFO above 4 bits, or DEAC on anything but Write Zeroes.
 */
int ssd_nvme_build_rw(struct nvme_uring_cmd *cmd, uint8_t opcode, const struct ssd_nvme_rw *rw);

/*
 * struct ssd_nvme_rw_tmpl - Read, Write or Compare with everything but the range and buffers
 * decided: the command ssd_nvme_build_rw() gives for the same values, SLBA 0 and NLB 1 aside.
 * @cmd:     opcode, NSID, CDW12 flag and PRINFO bits (NLB field 0), CDW15, timeout_ms
 * @ref_tag: CDW14 (ILBRT) carries the low 32 bits of SLBA (protection information types 1
 *           and 2 with the reference tag checked, NVM Command Set 1.0 §5.2.1.4)
 */
struct ssd_nvme_rw_tmpl {
	struct nvme_uring_cmd cmd;
	int ref_tag;
};

/**
 * ssd_nvme_rw_tmpl_init() - the template of @opcode for the fixed fields of @rw.
 * @t:          output
 * @opcode:     SSD_NVME_OP_READ, _WRITE or _COMPARE (the commands that move data)
 * @rw:         nsid, flags, prinfo, lbat and lbatm are used; slba, nlb, buffers and ilbrt are not
 * @ref_tag:    nonzero: each command's ILBRT is its SLBA's low 32 bits
 * @timeout_ms: passthrough timeout of every command (0: the driver's default)
 *
 * ssd_nvme_rw_tmpl_fill() then gives, field for field, what ssd_nvme_build_rw() builds from the
 * same values with the range, buffers and ILBRT filled in (and timeout_ms set).
 * Return: 0, or -EINVAL for another opcode, PRINFO above 4 bits or DEAC.
 */
int ssd_nvme_rw_tmpl_init(struct ssd_nvme_rw_tmpl *t, uint8_t opcode, const struct ssd_nvme_rw *rw,
			  int ref_tag, uint32_t timeout_ms);

/**
 * ssd_nvme_rw_tmpl_patch() - set the per-command fields of @cmd, which already holds @t->cmd
 * (copied, for instance, with the submission queue entry around it).
 * @cmd:      the command
 * @t:        its template
 * @slba:     first LBA
 * @nlb:      number of LBAs, 1..65536 (checked by the caller: no validation here)
 * @data:     data buffer address
 * @data_len: bytes
 * @md:       separate metadata buffer address, or 0
 * @md_len:   bytes, or 0
 */
static inline void ssd_nvme_rw_tmpl_patch(struct nvme_uring_cmd *cmd,
					  const struct ssd_nvme_rw_tmpl *t, uint64_t slba,
					  uint32_t nlb, uint64_t data, uint32_t data_len,
					  uint64_t md, uint32_t md_len)
{
	cmd->metadata = md;
	cmd->addr = data;
	cmd->metadata_len = md_len;
	cmd->data_len = data_len;
	cmd->cdw10 = (uint32_t)slba;
	cmd->cdw11 = (uint32_t)(slba >> 32);
	cmd->cdw12 = t->cmd.cdw12 | (nlb - 1);
	if (t->ref_tag)
		cmd->cdw14 = (uint32_t)slba;
}

/* ssd_nvme_rw_tmpl_fill() - @cmd fully overwritten: @t->cmd, then ssd_nvme_rw_tmpl_patch(). */
static inline void ssd_nvme_rw_tmpl_fill(struct nvme_uring_cmd *cmd,
					 const struct ssd_nvme_rw_tmpl *t, uint64_t slba,
					 uint32_t nlb, uint64_t data, uint32_t data_len,
					 uint64_t md, uint32_t md_len)
{
	*cmd = t->cmd;
	ssd_nvme_rw_tmpl_patch(cmd, t, slba, nlb, data, data_len, md, md_len);
}

/**
 * ssd_nvme_build_flush() - build Flush for @nsid (NVMe Base 2.0 §7.1). CDW10-15 are zero.
 * @cmd:  output, fully overwritten
 * @nsid: namespace id (0xffffffff = all namespaces, if the controller allows it)
 */
void ssd_nvme_build_flush(struct nvme_uring_cmd *cmd, uint32_t nsid);

/**
 * ssd_nvme_dsm_range_encode() - write one 16-byte DSM range (NVM Command Set 1.0 §3.2.3,
 * "Dataset Management - Range Definition"), little-endian.
 * @out:   16 bytes: 3:0 context attributes, 7:4 length in LBAs (not zero-based), 15:8 SLBA
 * @cattr: context attributes
 * @nlb:   number of LBAs in the range (a count, not zero-based)
 * @slba:  first LBA
 */
void ssd_nvme_dsm_range_encode(uint8_t out[16], uint32_t cattr, uint32_t nlb, uint64_t slba);

/**
 * ssd_nvme_build_dsm() - build Dataset Management over a range list already encoded.
 * @cmd:       output, fully overwritten
 * @nsid:      namespace id
 * @ranges:    address of @nr_ranges 16-byte ranges (ssd_nvme_dsm_range_encode())
 * @nr_ranges: 1..256; CDW10 bits 7:0 hold it zero-based
 * @attrs:     CDW11 attributes, SSD_NVME_DSM_AD for deallocate
 *
 * Return: 0 or -EINVAL for 0 or more than 256 ranges, or attributes outside bits 2:0.
 */
int ssd_nvme_build_dsm(struct nvme_uring_cmd *cmd, uint32_t nsid, uint64_t ranges,
		       unsigned int nr_ranges, uint32_t attrs);

/**
 * ssd_nvme_cmd_sqe() - lay @cmd out as the 64-byte SQE the controller sees (NVMe Base 2.0
 * §4.2, "Common Command Format"): CDW0 opcode (command identifier left 0), NSID, CDW2-3, MPTR,
 * DPTR (the data address in PRP entry 1; the driver builds the real PRP/SGL), CDW10-15 at
 * bytes 40-63, all little-endian. For tests and diagnostics.
 * @cmd: the command
 * @sqe: output, 64 bytes
 */
void ssd_nvme_cmd_sqe(const struct nvme_uring_cmd *cmd, uint8_t sqe[64]);

/**
 * ssd_nvme_cmd_to_ioctl() - copy @cmd into the NVME_IOCTL_IO64_CMD form.
 * @cmd: the command
 * @out: output, fully overwritten (timeout 0 = the driver's default)
 */
void ssd_nvme_cmd_to_ioctl(const struct nvme_uring_cmd *cmd, struct nvme_passthru_cmd64 *out);

/**
 * ssd_nvme_opcode_name() - "read", "write", "flush", "write-zeroes", "dsm", "compare",
 * "verify", or "opcode-0xNN" written into @buf.
 * @opcode: I/O opcode
 * @buf:    scratch of at least 16 bytes for unknown opcodes
 * Return: a string, either static or @buf.
 */
const char *ssd_nvme_opcode_name(uint8_t opcode, char buf[16]);

#endif
