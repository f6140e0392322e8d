/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * nvme_status.h - decode the NVMe completion status field (NVMe Base Specification 2.0
 * §3.3.3.2 "Completion Queue Entry: Status Field", status code tables for SCT 0 Generic
 * Command Status, 1 Command Specific, 2 Media and Data Integrity Errors, 3 Path Related; plus
 * the NVM Command Set 1.0 and Zoned Namespace Command Set 1.1 values in the 0x80-0xBF range).
 *
 * Input is the 15-bit status as the Linux driver returns it in cqe->res (io_uring passthrough)
 * or as the NVME_IOCTL_IO64_CMD return value: the CQE status field without the phase tag,
 * SC bits 7:0, SCT 10:8, CRD 12:11, More 13, DNR 14.
 */
#ifndef SSDENG_NVME_STATUS_H
#define SSDENG_NVME_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ssd_nvme_sct {
	SSD_NVME_SCT_GENERIC = 0x0,
	SSD_NVME_SCT_CMD_SPECIFIC = 0x1,
	SSD_NVME_SCT_MEDIA = 0x2,
	SSD_NVME_SCT_PATH = 0x3,
	SSD_NVME_SCT_VENDOR = 0x7,
};

/* The decoded fields of one status. */
struct ssd_nvme_status {
	uint8_t sc;	  /* Status Code */
	uint8_t sct;	  /* Status Code Type */
	uint8_t crd;	  /* Command Retry Delay index */
	bool more;	  /* More information in the Error Information log page */
	bool dnr;	  /* Do Not Retry */
	const char *name; /* the spec's name, "Reserved" or "Vendor Specific" if not in a table */
};

/**
 * ssd_nvme_status_decode() - split @status into its fields and look its name up.
 * @status: SC 7:0, SCT 10:8, CRD 12:11, More 13, DNR 14 (bit 15 ignored)
 * Return: the fields; ->name is never NULL.
 */
struct ssd_nvme_status ssd_nvme_status_decode(uint16_t status);

/**
 * ssd_nvme_status_errno() - the positive errno fio gets for a failed NVMe status.
 * @status: as for ssd_nvme_status_decode(); 0 (success) gives 0
 *
 * Choices (one per table entry, so a lookup): media and data integrity errors -> EIO; Compare
 * Failure and end-to-end (PI) check errors -> EILSEQ, the errno fio's own verify uses for a
 * data mismatch; Invalid Opcode / Invalid Field / LBA Out of Range / Invalid Namespace or
 * Format -> EINVAL; Capacity Exceeded, Zone Is Full -> ENOSPC; write protected / read-only ->
 * EROFS; Access Denied -> EACCES; Deallocated or Unwritten Logical Block -> ENODATA;
 * Reservation Conflict -> EBADE (as the kernel); aborts -> ECANCELED; Namespace Not Ready /
 * Format or Sanitize In Progress -> EBUSY; anything not listed -> EIO.
 * Return: 0 or a positive errno.
 */
int ssd_nvme_status_errno(uint16_t status);

/**
 * ssd_nvme_status_format() - one log line for a failed command:
 * "nvme: <op> nsid N slba X nlb Y: SCT 0x2 SC 0x81 Unrecovered Read Error (DNR=0 More=0)".
 * @buf:    output
 * @len:    size of @buf, bytes (the line is truncated to fit)
 * @op:     operation name (ssd_nvme_opcode_name())
 * @nsid:   namespace id
 * @slba:   first LBA
 * @nlb:    number of LBAs (a count; 0 for commands without a range)
 * @status: as for ssd_nvme_status_decode()
 * Return: the length snprintf() would have written.
 */
int ssd_nvme_status_format(char *buf, size_t len, const char *op, uint32_t nsid, uint64_t slba,
			   uint32_t nlb, uint16_t status);

#endif
